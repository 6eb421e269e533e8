"""Grid search of a ranker's weights on (trial!) data, shared by `cmlc` and `cmlc:prior`.

Each item's component scores are computed once; every grid point only recombines them, ranks
the candidates and hands the whole ranking to the measure. Ties between grid points go to the
earliest point of the grid, so the grid's order states the preference (e.g. the smallest λ).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

from lexsub_baselines.candidates import Candidate
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.rankers.base import order_by_score

__all__ = ["GridItem", "Measure", "best_point", "grid_search"]

Point = TypeVar("Point")

#: Maps {instance id: ranked candidates} to the number to maximise (e.g. official best recall).
Measure = Callable[[Mapping[str, list[Candidate]]], float]


@dataclass(frozen=True)
class GridItem(Generic[Point]):
    """One instance prepared for the search.

    Attributes:
        instance_id: the instance's id (the key handed to the measure).
        candidates: its candidates, in the generator's order.
        scores_at: the candidates' combined scores at a grid point (one per candidate).
    """

    instance_id: str
    candidates: list[Candidate]
    scores_at: Callable[[Point], np.ndarray]


def grid_search(points: Sequence[Point], items: Sequence[GridItem[Point]],
                measure: Measure) -> list[tuple[Point, float]]:
    """Return (point, measure) for every grid point, in the grid's order.

    Raises:
        LexsubError: empty grid or no items.
    """
    if not points:
        raise LexsubError("the tuning grid is empty")
    if not items:
        raise LexsubError("no instances with candidates to tune on")
    values: list[tuple[Point, float]] = []
    for point in points:
        ranked = {
            item.instance_id: order_by_score([
                c.scored(float(s)) for c, s in
                zip(item.candidates, item.scores_at(point), strict=True)])
            for item in items
        }
        values.append((point, float(measure(ranked))))
    return values


def best_point(values: Sequence[tuple[Point, float]]) -> tuple[Point, float]:
    """Return the (point, value) with the highest value; the earliest in the grid on ties."""
    best = values[0]
    for point, value in values[1:]:
        if value > best[1]:
            best = (point, value)
    return best
