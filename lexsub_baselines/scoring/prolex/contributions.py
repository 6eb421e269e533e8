"""ProLex's figures as per-row contributions (what the paired tests resample).

Every figure of `evaluate.py` is made from three sums over the rows (`evaluation.count`):
hits, |set(top k)| and min(k, |set(gold)|), for each aspect and k. So each row contributes
those three numbers for each (aspect, k), and the statistic makes P, R and F1 from the sums
as `calculate_metrics` does (a zero denominator gives 0.0, where the evaluator dies).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.datasets.prolex import ProlexRow
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.prolex.evaluation import CUTS, ProlexPredictions, count, ratios
from lexsub_baselines.scoring.prolex.report import ASPECT_NAMES, MEASURES

__all__ = ["ProlexStatistic", "prolex_contributions"]

_PAIRS = tuple((aspect, k) for aspect in ASPECT_NAMES for k in CUTS)
_MEASURES = tuple(f"{aspect} {m}@{k}" for aspect, k in _PAIRS for m in MEASURES)
_COMPONENTS = tuple(f"{aspect} {part}@{k}" for aspect, k in _PAIRS
                    for part in ("hits", "predicted", "gold"))


@dataclass(frozen=True)
class ProlexStatistic:
    """ProLex's P, R, F1 at 10, 5, 3, 1 of both aspects, from pooled sums."""

    name: str = "prolex"
    measures: tuple[str, ...] = _MEASURES
    labels: tuple[str, ...] = _MEASURES
    components: tuple[str, ...] = _COMPONENTS
    digits: int = 4

    def figures(self, sums: Sequence[float], n: int) -> tuple[float, ...]:
        """Return the figures of summed components (n plays no part: micro averages)."""
        out: list[float] = []
        for index in range(len(_PAIRS)):
            hits, predicted, gold = sums[3 * index: 3 * index + 3]
            out += ratios(int(hits), int(predicted), int(gold))[:3]
        return tuple(out)

    def shown(self, value: float) -> str:
        """Return a figure as `lexsub score` prints it (4 decimals)."""
        return f"{value:.4f}"


def _row(row: ProlexRow, predicted: Sequence[str]) -> tuple[float, ...]:
    values: list[float] = []
    for aspect, k in _PAIRS:
        counts = count(row.aspect(aspect), predicted, k)
        values += [counts.hits, counts.predicted, counts.gold]
    return tuple(values)


def prolex_contributions(rows: Mapping[str, ProlexRow], predictions: ProlexPredictions,
                         universe: Sequence[str] | None = None) -> Contributions:
    """Return each row's contributions (the benchmark's rows, or `universe`'s: a row the
    predictions lack is an empty list)."""
    ids = tuple(rows) if universe is None else tuple(universe)
    values = tuple(_row(rows[i], predictions.lists.get(i, ())) for i in ids)
    observed = tuple(float(sum(v[c] for v in values)) for c in range(len(_COMPONENTS)))
    return Contributions(ProlexStatistic(), ids, values, observed, predictions.path,
                         tuple(i for i in ids if i not in predictions.lists))
