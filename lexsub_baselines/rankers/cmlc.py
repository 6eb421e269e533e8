"""The `cmlc` ranker: a log-linear combination of the `lm` and `bow` scores.

Reproduces the combined model of Jabbari et al. (2010) as

    score(c) = λ · z_lm(c) + (1 − λ) · z_bow(c)

where z_lm and z_bow are the two rankers' scores standardised over the instance's candidates
(z-scores: minus the mean, divided by the standard deviation; all zeros when every candidate
has the same score or there is one candidate). Standardising puts the per-token LM
log-probability and the summed bag-of-words log-probability, whose scales differ by an order of
magnitude and vary with the context length, on one scale, so λ means the same on every
instance. λ = 1 is the `lm` ranking, λ = 0 the `bow` ranking.

λ is tuned on the SemEval-2007 TRIAL data only (`tune_lambda`: a grid search over 0, 0.1, …, 1
that takes the measure to maximise as a callable; `lexsub lm tune-cmlc --write` runs it with the
WordNet generator and Jabbari et al.'s rank measure from `lexsub_baselines.scoring`). The tuned
value is recorded in the checked-in `cmlc_lambda.json` beside this module together with the
measure, the whole grid and the LM/bow settings it came from (λ = 0.6: rank measure 26.35 on
trial, against 24.92 for λ = 1, the lm ranking, and 21.80 for λ = 0, bow). Without that file
`DEFAULT_LAMBDA` (0.5, untuned) is used.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Protocol

import numpy as np

from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.package_data import package_file
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.rankers.tuning import GridItem, GridResult, Measure, search
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = [
    "DEFAULT_LAMBDA",
    "LAMBDA_FILE",
    "CmlcRanker",
    "ScoringRanker",
    "TuningResult",
    "combine",
    "read_lambda",
    "tune_lambda",
    "zscores",
]

DEFAULT_LAMBDA = 0.5
LAMBDA_FILE = Path(__file__).with_name("cmlc_lambda.json")
DEFAULT_GRID: tuple[float, ...] = tuple(round(0.1 * i, 1) for i in range(11))


class ScoringRanker(Protocol):
    """A ranker that exposes its per-candidate scores (LMRanker, BowRanker)."""

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        """Return one score per candidate, higher is better."""
        ...


def zscores(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Return the values standardised to mean 0 and standard deviation 1 (zeros if constant).

    >>> zscores([1.0, 2.0, 3.0]).round(3).tolist()
    [-1.225, 0.0, 1.225]
    """
    array = np.asarray(values, dtype=np.float64)
    if array.size < 2:
        return np.zeros(array.size)
    finite = np.where(np.isfinite(array), array, np.nan)
    if np.all(np.isnan(finite)):
        return np.zeros(array.size)
    floor = np.nanmin(finite)
    array = np.where(np.isfinite(array), array, floor)  # -inf etc. count as the worst score
    spread = array.std()
    if spread == 0:
        return np.zeros(array.size)
    result: np.ndarray = (array - array.mean()) / spread
    return result


def combine(lm_scores: Sequence[float], bow_scores: Sequence[float], lam: float) -> np.ndarray:
    """Return λ · z(lm) + (1 − λ) · z(bow)."""
    result: np.ndarray = lam * zscores(lm_scores) + (1.0 - lam) * zscores(bow_scores)
    return result


def read_lambda(path: Path = LAMBDA_FILE) -> float:
    """Return the tuned λ recorded in `path`, or DEFAULT_LAMBDA when there is no such file.

    Raises:
        DataFormatError: the file exists but holds no λ in [0, 1].
    """
    try:
        data = package_file(path)  # the package's own file, as keyed
    except FileNotFoundError:
        return DEFAULT_LAMBDA
    try:
        value = float(json.loads(data)["lambda"])
    except (ValueError, KeyError, TypeError) as error:
        raise DataFormatError(path, None, f"no valid 'lambda' ({error})",
                              "re-run the cmlc tuning or delete the file") from error
    if not 0.0 <= value <= 1.0:
        raise DataFormatError(path, None, f"lambda {value} outside [0, 1]")
    return value


class CmlcRanker:
    """Rank by λ · z(lm) + (1 − λ) · z(bow).

    Arguments:
        lm: the `lm` ranker (anything with `scores`).
        bow: the `bow` ranker.
        lam: the weight of the LM; None reads `cmlc_lambda.json` (or 0.5).
        name: the ranker's registered name.
    """

    def __init__(self, lm: ScoringRanker, bow: ScoringRanker, lam: float | None = None,
                 name: str = "cmlc") -> None:
        self.lam = read_lambda() if lam is None else lam
        if not 0.0 <= self.lam <= 1.0:
            raise LexsubError(f"cmlc lambda must be in [0, 1], not {self.lam}")
        self.lm = lm
        self.bow = bow
        self.name = name

    def component_scores(self, instance: Instance, candidates: list[Candidate]
                         ) -> tuple[list[float], list[float]]:
        """Return the (lm, bow) scores of the candidates (reused by `tune_lambda`)."""
        return self.lm.scores(instance, candidates), self.bow.scores(instance, candidates)

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        """Return the combined score of each candidate in order."""
        lm_scores, bow_scores = self.component_scores(instance, candidates)
        return [float(s) for s in combine(lm_scores, bow_scores, self.lam)]

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates scored and ordered best first (ties: generator order)."""
        if not candidates:
            return []
        scores = self.scores(instance, candidates)
        return order_by_score([c.scored(s) for c, s in zip(candidates, scores, strict=True)])


class TuningResult(GridResult[float]):
    """The outcome of the λ grid search (`best` is λ; the smallest λ wins ties)."""

    @property
    def best_lambda(self) -> float:
        """Return the tuned λ."""
        return self.best

    def write(self, path: Path = LAMBDA_FILE, **settings: str) -> None:
        """Record the result as JSON (with any `settings`, e.g. generator and LM signature)."""
        self.record(path, {"lambda": self.best}, lambda lam: f"{lam:g}", **settings)


def tune_lambda(
    ranker: CmlcRanker,
    items: Iterable[tuple[Instance, list[Candidate]]],
    measure: Measure,
    measure_name: str = "oot recall",
    grid: Sequence[float] = DEFAULT_GRID,
) -> TuningResult:
    """Grid-search λ on (trial!) instances, maximising `measure`.

    The two component scores are computed once per instance; each grid point only recombines
    them (`rankers.tuning.grid_search`). Use TRIAL data only: tuning on the test set would
    make the test figures meaningless.

    Arguments:
        ranker: supplies the lm and bow component scores.
        items: (instance, candidates) pairs, e.g. from the WordNet generator on the trial set.
        measure: maps {instance id: ranked candidates} to the number to maximise.
        measure_name: recorded with the result.
        grid: the λ values tried.

    Raises:
        LexsubError: empty grid or no items.
    """
    prepared: list[GridItem[float]] = []
    for instance, candidates in items:
        if candidates:
            lm_scores, bow_scores = ranker.component_scores(instance, candidates)
            mix = partial(combine, lm_scores, bow_scores)
            prepared.append(GridItem(instance.id, candidates, mix))
    return TuningResult(*search([float(lam) for lam in grid], prepared, measure, measure_name))
