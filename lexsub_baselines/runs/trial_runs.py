"""Answer and score in one step: a `+fill` row, a TSAR-2022 system (the trial scripts, tests).

`lexsub baselines` answers (`runs.unit`) and scores (`runs.unit_scores`) apart, each keyed
apart; these helpers do both at once where nothing is kept.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.runs.lexsubgen_runs import LexSubGenInputs, fill_answers
from lexsub_baselines.runs.row_kinds import KIND, POOL_KIND
from lexsub_baselines.runs.runner import RunRecord
from lexsub_baselines.runs.scorers import LexSubGenGolds, filled_row, score_filled, score_tsar
from lexsub_baselines.runs.tsar_runs import answer_tsar
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.fill import FilledSystem
from lexsub_baselines.systems.tsar import TsarSystem

__all__ = ["run_filled", "run_tsar"]


def run_filled(filled: FilledSystem, dataset: str, inner: Mapping[str, Answers], out: Path,
               roots: Roots, ids: Collection[str] | None = None,
               golds: LexSubGenGolds | None = None) -> tuple[RunRecord, dict[str, Any]]:
    """Fill and write (`fill_answers`), then score both files (only the instances `ids` when
    given; `scripts/fill_trial.py` scores the trial part) with the data and scorers of
    `golds` (a new one when None).

    Returns:
        The run record (both files) and the scores row (see the module docstring).
    """
    golds = golds or LexSubGenGolds(roots)
    record, fill = fill_answers(filled, dataset, inner, out, LexSubGenInputs(roots))
    files = dict(record.paths())
    row = score_filled(files[KIND], files[POOL_KIND], dataset, roots, fill["short"] > 0, ids,
                       golds)
    return record, filled_row(row, fill)


def run_tsar(system: TsarSystem, dataset: Dataset, out: Path, progress: bool = True
             ) -> list[tuple[RunRecord, dict[str, Any]]]:
    """Answer `dataset`, write and score `<system>.tsv` and `<system>+simpler.tsv`.

    Returns:
        (run record, the scorer's JSON) of the plain row, then of the `+simpler` row.
    """
    return [(record, score_tsar(path, relative, dataset))
            for record in answer_tsar(system, dataset, out, progress)
            for (_, relative), (_, path) in zip(record.files, record.paths(), strict=True)]
