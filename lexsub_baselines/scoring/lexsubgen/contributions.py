"""LexSubGen's four headline figures as per-instance contributions (for the paired tests).

GAP (`gap_normalized`), P@1, P@3 and R@10 are plain means over the instances with a value
(`LexSubGenScorer.score`: `100 * sum(values) / len(values)`); P@k and R@k have one on every
scored instance, GAP skips an instance with no `^[A-Za-z]+$` gold word left. So an instance
contributes its GAP and whether it has one, and its P@1, P@3 and R@10, each computed by the
scorer's own functions (`metrics.topk_metrics`, `metrics.instance_gaps`); `observed` sums
them with Python's `sum`, in the data's order, as the scorer does, so the unresampled means
are the scorer's to the bit. A `+fill` row's GAP is its pool file's (`pool`), as the tables
show it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.lexsubgen.data import LsgInstance
from lexsub_baselines.scoring.lexsubgen.metrics import (
    K_LIST,
    ShortListError,
    instance_gaps,
    topk_metrics,
)
from lexsub_baselines.scoring.lexsubgen.report import HEADLINE
from lexsub_baselines.scoring.lexsubgen.result import LsgPrediction

__all__ = ["LsgStatistic", "lexsubgen_contributions"]

_EMPTY = LsgPrediction((), {})
_TOPK = tuple(key for _, key in HEADLINE[1:])  # prec@1, prec@3, rec@10


@dataclass(frozen=True)
class LsgStatistic:
    """GAP (`gap_normalized`), P@1, P@3, R@10 in percent: means over the instances with a
    value (an empty mean is 0.0 here; the scorer reports it undefined)."""

    name: str = "lexsubgen"
    measures: tuple[str, ...] = tuple(key for _, key in HEADLINE)
    labels: tuple[str, ...] = tuple(label for label, _ in HEADLINE)
    components: tuple[str, ...] = ("gap_normalized", "has_gap_normalized", *_TOPK)
    digits: int = 2

    def figures(self, sums: Sequence[float], n: int) -> tuple[float, ...]:
        """Return the four means in percent (`100 * sum / count`, as the scorer)."""
        gap, counted, *topk = sums
        return (100 * gap / counted if counted else 0.0, *(100 * s / n for s in topk))

    def shown(self, value: float) -> str:
        """Return the figure with two decimals, as LexSubGen prints it."""
        return f"{round(value, 2):.2f}"


def lexsubgen_contributions(instances: Sequence[LsgInstance],
                            predictions: Mapping[str, LsgPrediction], source: str,
                            pad: bool, pool: Mapping[str, LsgPrediction] | None = None
                            ) -> Contributions:
    """Return each instance's contributions, in the order of `instances`.

    Arguments:
        instances: the instances to pair on (the scored ones, in the data's order).
        predictions: id -> the result's prediction; an instance it lacks is an empty list
            (`missing`; only with `pad`).
        source: the result's path.
        pad: a list shorter than 10 counts its missing places as wrong guesses
            (`lexsubgen-padded`); without, such a list is refused as LexSubGen refuses it.
        pool: id -> the prediction whose scores rank the pool for GAP (a `+fill` row's pool
            file); default `predictions`.

    Raises:
        LexsubError: without `pad`, an instance the result lacks or a list shorter than 10
            (the first one named).
    """
    values: list[tuple[float, ...]] = []
    missing = []
    short = 0
    for instance in instances:
        prediction = predictions.get(instance.id)
        if prediction is None:
            if not pad:
                raise LexsubError(f"{source}: instance {instance.id} ({instance.key}) is not "
                                  "in the result; score it under lexsubgen-padded")
            missing.append(instance.id)
            prediction = _EMPTY
        short += 0 < len(prediction.words) < max(K_LIST)
        try:
            topk = topk_metrics(instance.gold, prediction.words, K_LIST, pad)
        except ShortListError as error:
            raise LexsubError(f"{source}: instance {instance.id} ({instance.key}) lists "
                              f"{error.n} substitutes, fewer than {max(K_LIST)}; score it "
                              "under lexsubgen-padded") from None
        ranking = prediction if pool is None else pool.get(instance.id, _EMPTY)
        _, normalized = instance_gaps(instance.gold_map, instance.word_gold_map,
                                      instance.candidates, instance.word_candidates,
                                      ranking.scores)
        values.append((0.0 if normalized is None else normalized, int(normalized is not None),
                       *(topk[key] for key in _TOPK)))
    columns = list(zip(*values, strict=True)) if values else [()] * 5
    ids = tuple(instance.id for instance in instances)
    wanted = set(ids)
    notes = (f"{source}: {short} lists shorter than {max(K_LIST)} are padded with wrong "
             "guesses (as lexsubgen-padded reads them)",) if short else ()
    return Contributions(LsgStatistic(), ids, tuple(values), tuple(map(sum, columns)), source,
                         tuple(missing), sum(1 for i in predictions if i not in wanted), notes)
