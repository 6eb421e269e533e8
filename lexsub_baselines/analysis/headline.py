"""The report's headline: every published row, ours beside the paper's, and the signatures.

Ours come from `results/scores.json` (what `make baselines` scored with the official scorer),
the papers' figures from `lexsub_baselines.tables.published`; the rows and tables are
`results_tables.published_comparisons` / `published_tables`, the module that writes
`results/tables.md`. The figure is a dot plot of best R and oot R per published row: the
paper's figure hollow, ours filled, the difference written beside them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.analysis import plots
from lexsub_baselines.analysis.inputs import read_results_json
from lexsub_baselines.analysis.parts import Figure, Section, explorer_link
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.runs.row_kinds import KIND as LEXSUBGEN_KIND
from lexsub_baselines.substitutes.answers import ANSWER_KINDS, SWORDS_KIND
from lexsub_baselines.tables.field import field_table, ours_on_the_field
from lexsub_baselines.tables.lexsubgen import lexsubgen_overview, today_other_protocols
from lexsub_baselines.tables.published import PUBLISHED
from lexsub_baselines.tables.results import (
    published_comparisons,
    published_tables,
)
from lexsub_baselines.tables.table import Marks

__all__ = ["HEADLINE_MEASURES", "headline_section", "read_scores"]

#: The measures the headline figure draws: (kind, measure, title).
HEADLINE_MEASURES = (("best", "recall", "best recall (R)"), ("oot", "recall", "oot recall (R)"))
#: kind -> the block of scores a `scores.json` row of that kind holds.
_BLOCKS: dict[str, tuple[str, ...]] = {**{kind: ("all",) for kind in ANSWER_KINDS},
                                       SWORDS_KIND: ("metrics",), LEXSUBGEN_KIND: ("metrics",)}
_BLOCKS_ANY = ("all", "metrics")
_REMEDY = "re-run `make baselines` (or `lexsub baselines`) to rewrite it"


def read_scores(path: Path) -> dict[str, Any] | None:
    """Return the data of `scores.json` (dataset → system → kind → scores), None if absent.

    Every kind `lexsub baselines` writes is read: the SemEval-2007/CLLS scorers' `best`, `oot`
    and `mw` (an `all` block of scores), SWORDS's `lsr` and LexSubGen's `lexsubgen` (a
    `metrics` block); a kind of another version is read when it holds either block.

    Raises:
        LexsubError: the file is not JSON or not shaped like `lexsub baselines` writes it;
            the message names the file, the place inside it, and the remedy.
    """
    data = read_results_json(path, "system -> kind -> scores", _REMEDY)
    for dataset, systems in (data or {}).items():
        for system, kinds in systems.items():
            blocks = kinds.items() if isinstance(kinds, dict) else [("", kinds)]
            for kind, block in blocks:
                wanted = _BLOCKS.get(kind, _BLOCKS_ANY)
                if not isinstance(block, dict) or not any(
                        isinstance(block.get(name), dict) for name in wanted):
                    raise LexsubError(f"{path}: {dataset}/{system}/{kind}: no "
                                      f"{' or '.join(f'`{n}`' for n in wanted)} block of "
                                      f"scores; {_REMEDY}")
    return data


def _label(dataset: str, system: str) -> str:
    short = dataset.replace("semeval2007-", "").replace("clls2010-", "CLLS ")
    return f"{system} ({short})"


def headline_section(scores: Mapping[str, Any], links: bool, marks: Marks | None = None
                     ) -> Section:
    """Return the headline section from `scores.json` data.

    Arguments:
        scores: the `scores.json` data (`read_scores`).
        links: link each row to the instance explorer showing that system.
        marks: (dataset, system) -> the settings mark of its row (as in tables.md).
    """
    comparisons = published_comparisons(scores)
    drawn = [c for c in comparisons if any(k in ("best", "oot") for k, _ in c.values)]
    figure = Figure(
        "headline", "Every published best/oot row: ours (filled) beside the paper's (hollow)",
        plots.headline_dots([_label(c.dataset, c.system) for c in drawn],
                            [(title, [c.get(kind, measure) for c in drawn])
                             for kind, measure, title in HEADLINE_MEASURES],
                            "Our figures beside the published ones"),
        ("ours", "paper"))
    addresses = {(c.dataset, c.system): explorer_link(c.dataset, show=[c.system])
                 for c in drawn if links and c.signatures}
    signatures = list(dict.fromkeys(s for c in comparisons for s in c.signatures.values()))
    text = ("Every row the papers publish, with our figure beside it and the difference in "
            "points (green above the paper, red below). Read the gap against the README's "
            "account of what differs (WordNet 3.0 for 2.1, our own parsed corpus for the "
            "RASP-parsed BNC). A row without ours is not in results/scores.json: the system "
            "was not run, or its data (CLLS-2010) is not on this machine. The lines under the "
            "tables are the scorer signatures of our figures.")
    baselines = list(dict.fromkeys(row.system for row in PUBLISHED
                                   if row.kind in ("best", "oot")))
    field = [field_table(kind, ours, ranked=False, marks=marks,
                         title=f"The published baselines (ours) and, greyed, the SemEval-2007 "
                               f"field — {kind}")
             for kind in ("best", "oot")
             if (ours := ours_on_the_field(scores, kind, baselines))]
    text += (" Below them, greyed, the eight teams of 2007 as the task paper published them "
             "(results/tables.md ranks every system of ours among them).") if field else ""
    today = lexsubgen_overview(scores, marks)
    text += (" Last, LS07-all and CoInCo under LexSubGen's protocol: ours, then, greyed, "
             "today's systems as LexSubGen published them, and Wada et al. (2022) on other "
             "protocols (never ranked with ours).") if today else ""
    return Section("Headline: our figures beside the published ones", "headline", text,
                   (*published_tables(comparisons, scores, addresses, marks), *field,
                    *((today, today_other_protocols()) if today else ())), (figure,),
                   lines=tuple(signatures))
