"""Comparing systems (McCarthy, Sinha & Mihalcea 2013, §6): correlations and disruptive sets.

- Correlation: Spearman's rho (scipy.stats.spearmanr) between two systems' per-item normalised
  scores (credit / the item's upper bound; unattempted items score 0) over the items of T.
- Disruptive sets (after Zaragoza, Cambazoglu & Baeza-Yates 2010, as used in the 2013 article):
  each lemma (lexelt) gets, per system, its mean normalised best recall scaled to 0-10; a
  lemma is *solved* when both systems reach `solved` (6), *hard* when both stay below `hard`
  (3), *tied* when they differ by at most `tied` (2), otherwise it belongs to the system that
  scores higher. A group of systems scores a lemma with its best member (max).

The paired significance tests the report runs (approximate randomisation and the paired
bootstrap) are the scorer's own, `lexsub_baselines.scoring.significance`, which `lexsub score
--paired` and the tables' marks use too.
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
    "Disruptive",
    "correlation_matrix",
    "disruptive_sets",
    "lemma_scores",
]

#: (solved, hard, tied) on the 0-10 scale.
DISRUPTIVE_THRESHOLDS: tuple[float, float, float] = (6.0, 3.0, 2.0)


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
