"""`lexsub run SYSTEM semeval2007-all|coinco-all`: one system's LexSubGen-protocol files.

The files `lexsub baselines` writes for the row, made the same way (`lexsubgen_runs`):
`OUT/<dataset>/<system>.lexsubgen.json`, `{id: [[lemma, score], ...]}`, which `lexsub score
FILE <dataset>` scores; LS07-all (`semeval2007-all`) is answered as its trial and test parts,
CoInCo (`coinco-all`) as its 15,415 instances. `SYSTEM+fill` answers with SYSTEM, fills its
lists to 10 and ranks every pool word too: `<system>+fill.lexsubgen.json` and
`<system>+fill.pool.json` (GAP as the tables make it). A plug-in's system runs alike.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.runs.lexsubgen_runs import LexSubGenInputs, fill_answers, write_lexsubgen
from lexsub_baselines.runs.row_kinds import LEXSUBGEN_DATASETS
from lexsub_baselines.runs.runner import RunRecord, answer_dataset, answer_kinds, check_run
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.fill import FilledSystem

__all__ = ["LexSubGenRun", "checked_dataset", "run_lexsubgen_one"]


@dataclass(frozen=True)
class LexSubGenRun:
    """What `run_lexsubgen_one` wrote.

    Attributes:
        record: the run's record (its files: the result, and a `+fill` row's pool ranking).
        short: how many lists hold fewer than the 10 LexSubGen's evaluation reads.
    """

    record: RunRecord
    short: int

    def lines(self, asked: str) -> list[str]:
        """Return what `lexsub run` prints: the files, how many instances were answered,
        and how to score the result (`asked`: the system name as given)."""
        record, dataset = self.record, self.record.dataset
        files = dict(record.paths())
        lines = [f"{kind}: {path}" for kind, path in files.items()]
        lines.append(f"answered {record.answered} of {record.instances} instances in "
                     f"{record.seconds:.1f}s")
        result = files["lexsubgen"]
        if self.short:
            lines.append(f"{self.short} lists hold fewer than the 10 substitutes LexSubGen's "
                         f"evaluation reads: score with `lexsub score {result} {dataset} "
                         "--profile lexsubgen-padded` (short lists padded with wrong guesses)"
                         + ("" if "pool" in files else
                            f", or run {asked}+fill (its lists brought to 10)"))
        else:
            lines.append(f"score: `lexsub score {result} {dataset}`")
        if "pool" in files:
            lines.append(f"GAP as the tables make it (every pool word ranked): `lexsub score "
                         f"{files['pool']} {dataset} --profile lexsubgen-padded`")
        return lines


def checked_dataset(system: System, dataset: str, roots: Roots) -> None:
    """Refuse a system whose answers LexSubGen's protocol cannot score on `dataset` (another
    language, the multiword detector), as `runner.check_run` refuses a run."""
    parts = LEXSUBGEN_DATASETS[dataset] or (dataset,)
    inner = system.inner if isinstance(system, FilledSystem) else system
    data = load_dataset(parts[-1], roots)
    check_run(inner, data)
    if not {"best", "oot"} & set(answer_kinds(inner, data)):
        raise LexsubError(f"system {system.name} writes no substitutes: LexSubGen's protocol "
                          f"scores ranked substitutes, so {dataset} has nothing to score of it")


def run_lexsubgen_one(system: System, dataset: str, out: Path, roots: Roots,
                      progress: bool = True) -> LexSubGenRun:
    """Answer LexSubGen's `dataset` with `system` and write its files (module docstring).

    Raises:
        LexsubError: the system cannot answer the dataset (`checked_dataset`), or its own
            error while answering.
    """
    checked_dataset(system, dataset, roots)
    filled = system if isinstance(system, FilledSystem) else None
    answering = filled.inner if filled is not None else system
    start = time.perf_counter()
    answers: dict[str, Answers] = {}
    for part in LEXSUBGEN_DATASETS[dataset] or (dataset,):  # LS07-all: trial, then test
        answers.update(answer_dataset(answering, load_dataset(part, roots), progress))
    if filled is None:
        record, short = write_lexsubgen(system.name, dataset, answers, out,
                                        time.perf_counter() - start)
        return LexSubGenRun(record, short)
    record, fill = fill_answers(filled, dataset, answers, out, LexSubGenInputs(roots))
    return LexSubGenRun(record, int(fill["short"]))
