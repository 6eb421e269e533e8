"""TSAR-2022's ten figures as per-instance contributions (what the paired tests resample).

Each figure of `tsar_eval.py` is a mean over the predictions file's instances (`evaluation`):
ACC@1 and Potential@k of the instances with a gold item in their top k, ACC@n@Top1 of those
with a most frequent one in their top n, MAP@k of each instance's `average_precision`. So
each instance contributes a 0/1 per hit figure and its share of MAP@3, @5 and @10, and the
statistic divides the sums by the instances of the sample, with the evaluator's quirk kept
(a figure whose sum is 0 is the integer 0). `observed` adds the MAP shares in the file's
order, as the evaluator does, so the unresampled figures are its to the bit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.tsar.evaluation import (
    TsarGold,
    TsarPredictions,
    average_precision,
    floor4,
    gold_hit,
    top_hit,
)

__all__ = ["TsarStatistic", "tsar_contributions"]

#: (figure, how an instance contributes, k), in `METRICS` order.
_PARTS: tuple[tuple[str, str, int], ...] = (
    ("ACC@1", "gold", 1), ("ACC@1@Top1", "top", 1), ("ACC@2@Top1", "top", 2),
    ("ACC@3@Top1", "top", 3), ("MAP@3", "map", 3), ("MAP@5", "map", 5), ("MAP@10", "map", 10),
    ("Potential@3", "gold", 3), ("Potential@5", "gold", 5), ("Potential@10", "gold", 10))
_NAMES = tuple(name for name, _, _ in _PARTS)  # = METRICS (tested)


@dataclass(frozen=True)
class TsarStatistic:
    """TSAR-2022's ten figures (`report.METRICS`), means over the sample's instances."""

    name: str = "tsar2022"
    measures: tuple[str, ...] = _NAMES
    labels: tuple[str, ...] = _NAMES
    components: tuple[str, ...] = _NAMES
    digits: int = 4

    def figures(self, sums: Sequence[float], n: int) -> tuple[float, ...]:
        """Return the ten figures: each sum over the instances (the evaluator's `x / n if x
        > 0 else 0`: ACC@n@Top1 has no such test, and its 0 / n is 0.0 alike)."""
        return tuple(total / n if total > 0 else 0 for total in sums)

    def shown(self, value: float) -> str:
        """Return the figure floored to 4 decimals, as the evaluator prints it."""
        return f"{floor4(value):.4f}"


def _instance(gold: TsarGold, labels: Sequence[str]) -> tuple[float, ...]:
    return tuple(
        average_precision(gold, labels, k) if how == "map"
        else int(top_hit(gold, labels, k) if how == "top" else gold_hit(gold, labels, k))
        for _, how, k in _PARTS)


def tsar_contributions(gold: Mapping[str, TsarGold], predictions: TsarPredictions,
                       universe: Sequence[str] | None = None) -> Contributions:
    """Return each instance's contributions to the ten figures.

    Arguments:
        gold: key -> gold (`TsarScorer.tsar_gold`); every key of `universe` and of the
            predictions that is paired must be in it (`evaluation.check` first).
        predictions: the file.
        universe: the instances (keys) to pair on, in order; default the file's own. An
            instance of it the file lacks is an empty list (unanswered); the file's others
            are left out (`ignored`).
    """
    listed = predictions.by_key
    ids = tuple(listed) if universe is None else tuple(universe)
    wanted = set(ids)
    values = tuple(_instance(gold[key], listed[key].labels if key in listed else ())
                   for key in ids)
    by_key = dict(zip(ids, values, strict=True))
    observed = [0.0] * len(_PARTS)
    for key in [k for k in listed if k in wanted] + [k for k in ids if k not in listed]:
        for index, value in enumerate(by_key[key]):  # map_at: in the file's order
            observed[index] += value
    return Contributions(TsarStatistic(), ids, values, tuple(observed), predictions.path,
                         tuple(k for k in ids if k not in listed),
                         sum(1 for k in listed if k not in wanted))
