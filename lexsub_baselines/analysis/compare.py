"""Comparing systems (McCarthy, Sinha & Mihalcea 2013, §6): correlations, disruptive sets, tests.

- Correlation: Spearman's rho (scipy.stats.spearmanr) between two systems' per-item normalised
  scores (credit / the item's upper bound; unattempted items score 0) over the items of T.
- Disruptive sets (after Zaragoza, Cambazoglu & Baeza-Yates 2010, as used in the 2013 article):
  each lemma (lexelt) gets, per system, its mean normalised best recall scaled to 0-10; a
  lemma is *solved* when both systems reach `solved` (6), *hard* when both stay below `hard`
  (3), *tied* when they differ by at most `tied` (2), otherwise it belongs to the system that
  scores higher. A group of systems scores a lemma with its best member (max).
- Significance: paired tests on per-item scores (official credit, unattempted = 0), two-sided,
  deterministic for a given seed: approximate randomisation (Noreen 1989; Yeh 2000: each
  trial swaps the two systems' scores of each item with probability 1/2, i.e. flips the sign of
  the per-item difference; p = (1 + #trials with |mean difference| >= observed) / (1 + trials))
  or the paired bootstrap (Koehn 2004; Berg-Kirkpatrick et al. 2012: resample items with
  replacement; p = 2 · the share of resamples whose mean difference has the other sign, or is 0,
  capped at 1).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.stats import spearmanr

from lexsub_baselines.analysis.inputs import Evaluation, item_scores
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring import ItemCredits

__all__ = [
    "DISRUPTIVE_THRESHOLDS",
    "SIGNIFICANCE_METHODS",
    "Disruptive",
    "Significance",
    "correlation_matrix",
    "disruptive_sets",
    "lemma_scores",
    "paired_test",
]

#: (solved, hard, tied) on the 0-10 scale.
DISRUPTIVE_THRESHOLDS: tuple[float, float, float] = (6.0, 3.0, 2.0)
#: The paired tests `paired_test` knows.
SIGNIFICANCE_METHODS: tuple[str, ...] = ("randomisation", "bootstrap")


def correlation_matrix(evaluation: Evaluation, kind: str = "best"
                       ) -> tuple[list[str], np.ndarray]:
    """Return (systems, Spearman rho matrix) of per-item normalised scores.

    A system whose scores are constant correlates with nothing: its row is NaN.
    """
    systems = [s for s in evaluation.systems if kind in evaluation.answers[s]]
    ids = list(evaluation.gold().items)
    columns = []
    for system in systems:
        scores = item_scores(evaluation, system, kind)
        columns.append([scores.normalised[i] for i in ids])
    n = len(systems)
    matrix = np.full((n, n), np.nan)
    data = np.array(columns, dtype=float)
    for a in range(n):
        for b in range(a, n):
            if np.ptp(data[a]) == 0 or np.ptp(data[b]) == 0:
                continue
            rho = 1.0 if a == b else float(spearmanr(data[a], data[b]).statistic)
            matrix[a, b] = matrix[b, a] = rho
    return systems, matrix


def lemma_scores(evaluation: Evaluation, systems: Sequence[str], kind: str = "best"
                 ) -> dict[str, float]:
    """Return lexelt -> the group's score on the 0-10 scale (max over `systems`).

    A system's score of a lexelt is its mean normalised recall over the lexelt's items of T.
    """
    gold = evaluation.gold()
    by_lexelt: dict[str, list[str]] = defaultdict(list)
    for item_id, target in gold.items.items():
        by_lexelt[target.lexelt].append(item_id)
    best: dict[str, float] = {}
    for system in systems:
        scores: ItemCredits = item_scores(evaluation, system, kind)
        for lexelt, ids in by_lexelt.items():
            value = 10 * sum(scores.normalised[i] for i in ids) / len(ids)
            best[lexelt] = max(best.get(lexelt, 0.0), value)
    return best


@dataclass(frozen=True)
class Disruptive:
    """Per-lemma scores of two systems (or groups) and the lemmas' regions.

    Attributes:
        a: name of the first system or group (x axis).
        b: name of the second (y axis).
        points: lexelt -> (score of a, score of b), 0-10.
        regions: lexelt -> `solved`, `hard`, `tied`, `a` or `b`.
        thresholds: (solved, hard, tied).
    """

    a: str
    b: str
    points: Mapping[str, tuple[float, float]]
    regions: Mapping[str, str]
    thresholds: tuple[float, float, float]

    def counts(self) -> dict[str, int]:
        """Return region -> number of lemmas (every region present, in a fixed order)."""
        counts = dict.fromkeys(("solved", "hard", "tied", "a", "b"), 0)
        for region in self.regions.values():
            counts[region] += 1
        return counts


def _region(x: float, y: float, solved: float, hard: float, tied: float) -> str:
    if x >= solved and y >= solved:
        return "solved"
    if x < hard and y < hard:
        return "hard"
    if abs(x - y) <= tied:
        return "tied"
    return "a" if x > y else "b"


def disruptive_sets(evaluation: Evaluation, a: Sequence[str], b: Sequence[str],
                    thresholds: tuple[float, float, float] = DISRUPTIVE_THRESHOLDS,
                    kind: str = "best") -> Disruptive:
    """Return the disruptive-set comparison of systems (or groups) `a` and `b`.

    Raises:
        LexsubError: a group is empty.
    """
    if not a or not b:
        raise LexsubError("disruptive sets need two non-empty groups of systems")
    xs = lemma_scores(evaluation, a, kind)
    ys = lemma_scores(evaluation, b, kind)
    points = {lx: (xs[lx], ys[lx]) for lx in sorted(xs)}
    regions = {lx: _region(x, y, *thresholds) for lx, (x, y) in points.items()}
    return Disruptive("+".join(a), "+".join(b), points, regions, thresholds)


@dataclass(frozen=True)
class Significance:
    """A paired test between two systems.

    Attributes:
        a: the first system.
        b: the second system.
        mean_a: mean per-item score of a (in percent: the official recall).
        mean_b: the same for b.
        p: two-sided p-value.
        method: `randomisation` or `bootstrap`.
        trials: number of shuffles or resamples.
        seed: the random seed.
        items: number of paired items.
    """

    a: str
    b: str
    mean_a: float
    mean_b: float
    p: float
    method: str
    trials: int
    seed: int
    items: int

    @property
    def label(self) -> str:
        """Return the settings, e.g. `randomisation,R=10000,seed=0`."""
        return f"{self.method},R={self.trials},seed={self.seed}"


def paired_test(a: Sequence[float], b: Sequence[float], method: str = "randomisation",
                trials: int = 10_000, seed: int = 0, names: tuple[str, str] = ("a", "b"),
                chunk: int = 500) -> Significance:
    """Return a two-sided paired significance test of mean(a) - mean(b).

    Arguments:
        a: per-item scores of the first system.
        b: per-item scores of the second, same items in the same order.
        method: `randomisation` (approximate randomisation) or `bootstrap` (paired bootstrap).
        trials: number of shuffles / resamples.
        seed: seed of numpy's default generator (the same seed gives the same p).
        names: the systems' names for the record.
        chunk: trials drawn at once (memory: chunk × items).

    Raises:
        LexsubError: unknown method, lengths differ, no items or trials < 1.

    >>> round(paired_test([1.0] * 30, [0.0] * 30, trials=999).p, 3)
    0.001
    """
    if method not in SIGNIFICANCE_METHODS:
        raise LexsubError(f"unknown significance test {method!r}; known: "
                          f"{', '.join(SIGNIFICANCE_METHODS)}")
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape or not x.size or trials < 1:
        raise LexsubError(f"a paired test needs two equally long, non-empty score lists and "
                          f"trials >= 1 (got {x.size}, {y.size} items, {trials} trials)")
    diff = x - y
    observed = float(diff.mean())
    rng = np.random.default_rng(seed)
    extreme = 0
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        if method == "randomisation":
            signs = rng.integers(0, 2, size=(size, diff.size), dtype=np.int8) * 2 - 1
            means = signs @ diff / diff.size
            # a small tolerance so that ties with the observed value count as extreme
            extreme += int(np.count_nonzero(np.abs(means) >= abs(observed) - 1e-12))
        else:
            picks = rng.integers(0, diff.size, size=(size, diff.size))
            means = diff[picks].mean(axis=1)
            extreme += int(np.count_nonzero(means <= 0 if observed > 0 else means >= 0))
        done += size
    if method == "randomisation":
        p = (extreme + 1) / (trials + 1)
    else:
        p = min(1.0, 2 * extreme / trials) if observed else 1.0
    return Significance(names[0], names[1], 100 * float(x.mean()), 100 * float(y.mean()), p,
                        method, trials, seed, int(x.size))
