"""`cmlc:prior`: the in-context score plus the WordNet baseline's two signals as priors.

Jabbari et al. (2010) rank all four WordNet tiers by context alone, which loses what makes the
frequency baseline strong on `best`: the first criteria (synonyms of the first synset) and
frequent words are usually right. This ranker adds both back log-linearly:

    score(c) = inner(c) + β · z(log(1 + f(c))) − γ · tier(c)

where inner is the `cmlc` score (λ · z_lm + (1 − λ) · z_bow), f(c) the candidate's count in the
baseline's frequency source (BNC lemma list; multiwords and unknown words count 0, as they rank
last in the baseline), z the standardisation over the instance's candidates
(`rankers.cmlc.zscores`) and tier the WordNet criterion (1–4) that proposed c. β = γ = 0 is
plain cmlc.

β and γ are chosen on the SemEval-2007 TRIAL data only (`lexsub lm tune-prior --write`: a grid
search maximising official best recall, λ kept at its own trial-tuned value), recorded with the
whole grid in the checked-in `cmlc_prior.json`. Without that file both weights are 0.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.package_data import package_file
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.rankers.cmlc import ScoringRanker, zscores
from lexsub_baselines.rankers.tuning import GridItem, GridResult, Measure, search
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = [
    "DEFAULT_PRIOR_GRID",
    "PRIOR_FILE",
    "PriorRanker",
    "PriorTuning",
    "PriorWeights",
    "read_prior",
    "tune_prior",
]

PRIOR_FILE = Path(__file__).with_name("cmlc_prior.json")

#: (lemma, part of speech) -> count; negative for unknown words and multiwords (`freq:` rankers).
CountOf = Callable[[str, str], float]


@dataclass(frozen=True)
class PriorWeights:
    """The weights of the two priors.

    Attributes:
        tier: γ, subtracted once per tier (criterion) number.
        frequency: β, on the standardised log frequency.
    """

    tier: float = 0.0
    frequency: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.tier) and math.isfinite(self.frequency)):
            raise LexsubError(f"prior weights must be finite numbers, not {self}")

    def __str__(self) -> str:
        return f"tier {self.tier:g}, frequency {self.frequency:g}"


#: The tuning grid: γ in the outer loop, β inside, smallest first (ties go to smaller weights).
DEFAULT_PRIOR_GRID: tuple[PriorWeights, ...] = tuple(
    PriorWeights(tier, frequency)
    for tier in (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
    for frequency in (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0))


def read_prior(path: Path = PRIOR_FILE) -> PriorWeights:
    """Return the tuned weights recorded in `path`, or zero weights when there is no file.

    Raises:
        DataFormatError: the file exists but holds no valid weights.
    """
    try:
        text = package_file(path)  # the package's own file, as keyed
    except FileNotFoundError:
        return PriorWeights()
    try:
        data = json.loads(text)
        return PriorWeights(tier=float(data["tier"]), frequency=float(data["frequency"]))
    except (ValueError, KeyError, TypeError, LexsubError) as error:
        raise DataFormatError(path, None, f"no valid 'tier'/'frequency' weights ({error})",
                              "re-run `lexsub lm tune-prior --write` or delete the file"
                              ) from error


def _prior_scores(inner: np.ndarray, log_counts: np.ndarray, tiers: np.ndarray,
                  weights: PriorWeights) -> np.ndarray:
    result: np.ndarray = inner + weights.frequency * zscores(log_counts) - weights.tier * tiers
    return result


class PriorRanker:
    """Rank by inner(c) + β · z(log(1 + f(c))) − γ · tier(c) (see the module doc).

    Arguments:
        inner: the context ranker (anything with `scores`, e.g. `CmlcRanker`).
        count: the frequency source's count of (lemma, pos), negative when unknown.
        weights: β and γ; None reads `cmlc_prior.json` (or zeros).
        name: the ranker's registered name.
    """

    def __init__(self, inner: ScoringRanker, count: CountOf,
                 weights: PriorWeights | None = None, name: str = "cmlc:prior") -> None:
        self.inner = inner
        self.count = count
        self.weights = read_prior() if weights is None else weights
        self.name = name

    def features(self, instance: Instance, candidates: list[Candidate]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the inner scores, log(1 + count) and tiers of the candidates."""
        inner = np.asarray(self.inner.scores(instance, candidates), dtype=np.float64)
        log_counts = np.array([math.log1p(max(self.count(c.lemma, instance.pos), 0.0))
                               for c in candidates])
        tiers = np.array([float(c.tier) for c in candidates])
        return inner, log_counts, tiers

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        """Return the combined score of each candidate in order."""
        if not candidates:
            return []
        features = self.features(instance, candidates)
        return [float(s) for s in _prior_scores(*features, self.weights)]

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates scored and ordered best first (ties: generator order)."""
        scores = self.scores(instance, candidates)
        return order_by_score([c.scored(s) for c, s in zip(candidates, scores, strict=True)])


class PriorTuning(GridResult[PriorWeights]):
    """The outcome of the (γ, β) grid search (`best` holds both weights)."""

    def write(self, path: Path = PRIOR_FILE, **settings: str) -> None:
        """Record the result as JSON (with any `settings`, e.g. the generator and λ)."""
        self.record(path, {"tier": self.best.tier, "frequency": self.best.frequency}, str,
                    **settings)


def tune_prior(
    ranker: PriorRanker,
    items: Iterable[tuple[Instance, list[Candidate]]],
    measure: Measure,
    measure_name: str = "best recall",
    grid: Sequence[PriorWeights] = DEFAULT_PRIOR_GRID,
) -> PriorTuning:
    """Grid-search (γ, β) on (trial!) instances, maximising `measure`.

    The features are computed once per instance; each grid point only recombines them.

    Raises:
        LexsubError: empty grid or no items.
    """
    prepared: list[GridItem[PriorWeights]] = []
    for instance, candidates in items:
        if candidates:
            features = ranker.features(instance, candidates)
            prepared.append(GridItem(instance.id, candidates,
                                     partial(_prior_scores, *features)))
    return PriorTuning(*search(list(grid), prepared, measure, measure_name))
