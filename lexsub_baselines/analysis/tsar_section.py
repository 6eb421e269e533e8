"""The report's TSAR-2022 section: our rows on each TSAR set beside the official field, greyed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lexsub_baselines.analysis.parts import Section
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.runs.scorers import tsar_field
from lexsub_baselines.tables.table import Marks
from lexsub_baselines.tables.tsar import is_tsar_scores, tsar_table

__all__ = ["tsar_section"]

_READ = ("TSAR-2022 (Saggion et al. 2022) asks for simpler substitutes of a complex word in "
         "its sentence, in English, Spanish and Portuguese. Each of our English systems answers "
         "the English sets, and the Spanish and Portuguese thesaurus (MyThes) and wordnet (the "
         "Open Multilingual Wordnet's words on WordNet 3.0) baselines their language's, each "
         "twice: plain substitution, and "
         "`+simpler` (only substitutes more frequent than the complex word, by frequency), "
         "scored exactly as the task's tsar_eval.py scores them (ACC@1: the first substitute "
         "is a gold one; Potential@k: one of the first k is). Greyed: every team's official "
         "run and the task's baselines on the test set, as published (docs/tsar.md).")


def tsar_section(scores: Mapping[str, Any], roots: Roots, marks: Marks | None = None
                 ) -> list[Section]:
    """Return the TSAR-2022 sections (none when scores.json has no TSAR rows); the field is
    read from the results CSVs in `roots`' data folder."""
    sets = {d: systems for d, systems in scores.items() if is_tsar_scores(systems)}
    if not sets:
        return []
    field = tsar_field(roots, sets)
    tables = [table for dataset, systems in sets.items()
              if (table := tsar_table(dataset, systems, {}, field, marks)) is not None]
    return [Section("TSAR-2022 lexical simplification", "tsar", _READ, tuple(tables))]
