"""The report's ProLex section: every row on ProLex dev and test, acc beside prof."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lexsub_baselines.analysis.parts import Section
from lexsub_baselines.tables.prolex import is_prolex_scores, prolex_table
from lexsub_baselines.tables.table import Marks

__all__ = ["prolex_section"]

_READ = ("ProLex (Zhang, Chen & Yu 2024) asks for substitutes that are acceptable and at or "
         "above the target's proficiency (CEFR) level, on TOEFL essay sentences. Each of our "
         "English systems answers it, the target's PoS tagged in context by our parser, the "
         "candidates in the target's form, scored exactly as its evaluate.py scores them: "
         "`acc` against the acceptable substitutes, `prof` against those at or above the "
         "target's level; which baselines keep their `prof` figures near their `acc` ones is "
         "the benchmark's question (docs/prolex.md). `released:parals`: ParaLS's released top "
         "10, rescored.")


def prolex_section(scores: Mapping[str, Any], marks: Marks | None = None) -> list[Section]:
    """Return the ProLex section (none when scores.json has no ProLex rows)."""
    sets = {d: systems for d, systems in scores.items() if is_prolex_scores(systems)}
    tables = [table for dataset, systems in sets.items()
              if (table := prolex_table(dataset, systems, {}, marks)) is not None]
    if not tables:
        return []
    return [Section("ProLex: proficiency-oriented substitution", "prolex", _READ, tuple(tables))]
