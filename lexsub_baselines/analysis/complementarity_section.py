"""The report's section on the field beside the baselines: complementarity, and the rescored rows.

For each benchmark where a released output (`released:...`, `runs.field_runs`) and our
baselines both have answer files, one row says how many instances the released output
solves that no baseline does, and how many the baselines' union solves that it misses
(`complementarity`; what "solves" means under each protocol is said under the table). Rows on
SemEval-2007 and SWORDS link to the instance explorer listing the instances where the
released output gives the gold's first answer and the best baseline does not. The rescored
rows beside the published figures (`tables.released`) follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from lexsub_baselines.analysis.complementarity import (
    BENCHMARKS,
    SOLVES,
    Complementarity,
    solved_sets,
)
from lexsub_baselines.analysis.parts import Section, explorer_link
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.tables.released import released_tables
from lexsub_baselines.tables.table import Cell, Table, rows_of

__all__ = ["complementarity_table", "field_section"]

_READ = ("Some of the field released its outputs: UniHD's TSAR-2022 runs, WordTune's "
         "substitutes (released with SWORDS), ParaLS's answers on CoInCo's test part and on "
         "ProLex, and ConCat's and a BERT-dropout baseline's on LS07 trial and SWORDS dev. "
         "Each is rescored here by the scorer our rows use (`make baselines`: the rows "
         "`released:...`) and set against our baselines instance by instance: how many "
         "instances it solves that none of ours does, and how many our baselines together "
         "solve that it misses. Where the second number is large, a classic baseline still "
         "knows something the strong system does not.")
#: Datasets the explorer shows (SemEval-2007 best/oot and SWORDS items).
_EXPLORED = ("semeval2007-test", "swords-test", "semeval2007-trial", "swords-dev")


def complementarity_table(found: Sequence[Complementarity], links: bool = False) -> Table:
    """Return one row per released output and benchmark (`solved_sets`)."""
    cells: list[list[Cell]] = [
        [c.released, c.dataset, c.instances, c.solves, c.union, c.only_released,
         c.only_baselines, c.both, c.neither, c.best[0], c.best[1]] for c in found]
    protocols = dict.fromkeys(BENCHMARKS[c.dataset][1] for c in found)
    note = ("An instance is solved by a system when " + "; ".join(
        f"{protocol}: {SOLVES[protocol]}" for protocol in protocols) + ". Counted over the "
        "instances the released output answers (CoInCo under LexSubGen's protocol: its test "
        "split; LS07 under LexSubGen's protocol: the test part); the baselines are every "
        "other row with answers there (ours, their +fill and +simpler variants).")
    link = [explorer_link(c.dataset, a=c.released, rel="top", b=c.best[0], kind="best",
                          show=[c.released, c.best[0]])
            if links and c.dataset in _EXPLORED and c.best[0] else None for c in found]
    return Table("The field beside the baselines: who solves what", (
        "released output", "dataset", "instances", "it solves", "baselines' union solves",
        "only it", "only the baselines", "both", "neither", "best baseline",
        "best baseline solves"), rows_of(cells), note=note, links=tuple(link))


def field_section(results: Path, roots: Roots, scores: Mapping[str, Any] | None,
                  links: bool = False) -> list[Section]:
    """Return the report's field section (none without released rows or their files)."""
    found = solved_sets(results, roots)
    tables = released_tables(scores or {})
    if not found and not tables:
        return []
    shown = ([complementarity_table(found, links)] if found else []) + tables
    section = Section("The field beside you: released outputs, rescored", "field", _READ,
                      tuple(shown))
    return [replace(section, text=_READ + (" Links open the instance explorer on the "
                                           "instances where the released output gives the "
                                           "gold's first answer and the best baseline does "
                                           "not." if links and found else ""))]
