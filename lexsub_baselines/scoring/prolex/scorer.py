"""`ProlexScorer`: a predictions file scored exactly as ProLex's `evaluate.py` scores it.

`Scorer("prolex-test")` (`prolex-dev`, or a `ProLex_v1.0_*.csv` file) gives a `ProlexScorer`:
the benchmark CSV is read once, then predictions (its CSV with `Substitutes`, SemEval-format
lines numbered by row, or {row id: [substitutes]}) are matched to its rows
(`evaluation.read_predictions`) and scored with `calculate_metrics` for both aspects (`acc`:
`acc_subs`; `prof`: `prof_acc_subs`) at k = 10, 5, 3, 1. Every one of the 128 cases of the
shared vectors (made by the evaluator itself) is reproduced (tests/test_prolex_scoring.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import DataFormatError, LexsubError, ResultFormatError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.prolex import ProlexRow, prolex_gold
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.emit import show
from lexsub_baselines.scoring.gold_source import GoldSource, resolve_gold
from lexsub_baselines.scoring.input_files import read_input
from lexsub_baselines.scoring.other_protocol import OtherProtocolScorer
from lexsub_baselines.scoring.prolex.contributions import prolex_contributions
from lexsub_baselines.scoring.prolex.evaluation import (
    CUTS,
    ProlexPredictions,
    count,
    predictions_from_lists,
    ratios,
    read_predictions,
)
from lexsub_baselines.scoring.prolex.report import ASPECT_NAMES, ProlexReport
from lexsub_baselines.scoring.signature import Signature, scoring_code
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.subsets import refuse_subsets

__all__ = ["PROFILE", "PROTOCOL", "SOFT", "ProlexScorer"]

#: The protocol's name in signatures and on the command line.
PROTOCOL = "prolex"
#: The one profile: evaluate.py's `hard` metrics at the pinned commit.
PROFILE = "prolex-hard-f54ba0f"
#: Why the `soft` variant is not offered.
SOFT = ("ProLex's 'soft' variant lemmatises both sides with spaCy's en_core_web_sm, which is "
        "not available here: it is not scored, and not approximated under its name; only the "
        f"exact-string ('hard') metric is ({PROFILE})")

ResultInput = str | Path | ProlexPredictions | Mapping[str, Sequence[str]] | Mapping[str, Any]


@lru_cache(maxsize=8)
def _rows(data: bytes, where: str) -> dict[str, ProlexRow]:
    return prolex_gold(data, where)


def _version() -> str:
    from lexsub_baselines.core.version import __version__

    return __version__


class ProlexScorer(OtherProtocolScorer):
    """The rows of one ProLex CSV, read once; scores predictions as `evaluate.py`.

    Arguments:
        gold: `prolex-dev`, `prolex-test`, such a `Dataset`, or a `ProLex_v1.0_*.csv` file.
        profile: None, `prolex` or `prolex-hard-f54ba0f` (`soft` is refused: `SOFT`).
        mwids, mrsamples: SemEval-2007 subset files (an error when given).
        roots: where dataset names are looked up (default: `resolve_roots()`).

    Raises:
        LexsubError: another profile, or SemEval subset files given.
        MissingResourceError: the CSV is absent (the message says how to fetch it).
    """

    PROTOCOL_NAME = "ProLex"

    def __init__(self, gold: Any, profile: Any = None, *, mwids: Path | None = None,
                 mrsamples: Path | None = None, roots: Roots | None = None,
                 **ignored: Any) -> None:
        if isinstance(profile, str) and "soft" in profile:
            raise LexsubError(SOFT)
        if profile not in (None, PROFILE, PROTOCOL, "hard"):
            raise LexsubError(f"ProLex is scored with one profile, {PROFILE}, not {profile}")
        refuse_subsets("ProLex", mwids, mrsamples)
        self.prolex_source: GoldSource = resolve_gold(gold, roots or resolve_roots())
        path = self.prolex_source.file(False)
        if path is None:
            raise LexsubError("ProLex gold is read from its CSV (prolex-dev, prolex-test or a "
                              "ProLex_v1.0_*.csv path), not from memory")
        self.rows: Mapping[str, ProlexRow] = _rows(read_path(path, roots), str(path))
        self.label = self.prolex_source.label(False)

    @property
    def dataset_name(self) -> str | None:
        """Return the name of the gold's dataset (`prolex-test`), or None."""
        return self.prolex_source.dataset_name

    def result(self, system: ResultInput) -> ProlexPredictions:
        """Return the predictions of a file, or of {row id: [substitutes] or Answers}.

        Raises:
            ResultFormatError: a file or mapping that is not matched to every row once.
        """
        if isinstance(system, ProlexPredictions):
            return system
        try:
            if isinstance(system, Mapping):
                lists = {str(i): tuple(getattr(a, "oot", a)) for i, a in system.items()}
                return predictions_from_lists(lists, self.rows)
            path = Path(system)
            data = read_input(path, "ProLex predictions file")
            return read_predictions(data, str(path), self.rows)
        except DataFormatError as error:
            raise ResultFormatError.of(error) from None

    # Takes this protocol's results, as `score` does.
    def contributions(self, system: ResultInput, kind: str = PROTOCOL, *,  # type: ignore[override]
                      universe: Sequence[str] | None = None) -> Contributions:
        """Return each row's contributions to the figures (`scoring.paired` resamples them)."""
        return prolex_contributions(self.rows, self.result(system), universe)

    # The override returns this protocol's report (as TsarScorer does).
    def score(self, system: ResultInput, kind: str = PROTOCOL, *,  # type: ignore[override]
              warn: bool = True, spelling: Spelling = PYTHON, **ignored: Any) -> ProlexReport:
        """Score predictions as `evaluate.py` does, both aspects, k = 10, 5, 3, 1.

        Arguments:
            system: a predictions file, {row id: [substitutes]} or `ProlexPredictions`.
            kind: `prolex` (another is ignored, with a note, as `-t` is).
            warn: show the report's messages (`scoring.emit.show`).
            spelling: how the notes name options.
            ignored: SemEval options by keyword, which do not apply (a note names those set).

        Raises:
            ResultFormatError: the file is not matched to every row once (named).
        """
        ignored = {"kind": kind if kind != PROTOCOL else None, **ignored}
        predictions = self.result(system)
        metrics: dict[str, dict[str, float]] = {}
        counts: dict[str, dict[str, tuple[int, int, int]]] = {}
        died: list[str] = []
        for aspect in ASPECT_NAMES:
            metrics[aspect], counts[aspect] = {}, {}
            for k in CUTS:
                sums = [0, 0, 0]
                for row_id, row in self.rows.items():
                    c = count(row.aspect(aspect), predictions.lists[row_id], k)
                    sums = [sums[0] + c.hits, sums[1] + c.predicted, sums[2] + c.gold]
                precision, recall, f1, dead = ratios(*sums)
                metrics[aspect].update({f"P@{k}": precision, f"R@{k}": recall,
                                        f"F1@{k}": f1})
                counts[aspect][str(k)] = (sums[0], sums[1], sums[2])
                if dead:
                    died.append(f"{aspect}@{k}")
        scored = {a: sum(1 for r in self.rows.values() if r.aspect(a)) for a in ASPECT_NAMES}
        signature = Signature(PROTOCOL, PROFILE, self.label, "all", len(self.rows), None,
                              _version(), extra=(("match", "exact"), ("k", "10,5,3,1"),
                                                 ("rows", "by-id")), code=scoring_code())
        notes = [*self._notes(predictions, died),
                 *(f"{spelling.option(option, value)} does not apply to ProLex's "
                   "evaluation; ignored" for option, value in ignored.items() if value)]
        report = ProlexReport(predictions.path, metrics, counts, scored, len(self.rows),
                              signature, tuple(notes))
        if warn:
            show(report.messages)
        return report

    def _notes(self, predictions: ProlexPredictions, died: Sequence[str]) -> list[str]:
        notes = []
        if predictions.empty:
            notes.append(f"{predictions.path}: row {predictions.empty[0]} has no substitute "
                         f"({len(predictions.empty)} rows): each counts as an empty list "
                         "(evaluate.py dies on an empty cell, which pandas reads as NaN)")
        if died:
            notes.append(f"{predictions.path}: {', '.join(died)}: a zero denominator, where "
                         "evaluate.py raises ZeroDivisionError; reported as 0.0")
        return notes
