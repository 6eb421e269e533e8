"""Grid search of a ranker's weights on (trial!) data, shared by `cmlc` and `cmlc:prior`.

Each item's component scores are computed once; every grid point only recombines them, ranks
the candidates and hands the whole ranking to the measure. Ties between grid points go to the
earliest point of the grid, so the grid's order states the preference (e.g. the smallest λ).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

import numpy as np

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["TUNING_DATASET", "GridItem", "GridResult", "Measure", "best_point", "grid_search",
           "search"]

#: The only data weights are tuned on.
TUNING_DATASET = "semeval2007-trial"

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


@dataclass(frozen=True)
class GridResult(Generic[Point]):
    """The outcome of a grid search.

    Attributes:
        best: the point with the highest measure (the earliest in the grid on ties).
        best_value: its measure.
        values: (point, measure) for every grid point, in the grid's order.
        measure: the name of the measure maximised.
    """

    best: Point
    best_value: float
    values: tuple[tuple[Point, float], ...]
    measure: str

    def record(self, path: Path, chosen: Mapping[str, float], label: Callable[[Point], str],
               **settings: str) -> None:
        """Write the chosen weights, the measure and the whole grid as JSON, atomically."""
        from lexsub_baselines.core.cache import atomic_write_text

        atomic_write_text(path, json.dumps(
            {**chosen, "measure": self.measure, "value": self.best_value,
             "grid": {label(point): value for point, value in self.values},
             "tuned_on": TUNING_DATASET, **settings}, indent=1, sort_keys=True) + "\n")


def search(points: Sequence[Point], items: Sequence[GridItem[Point]], measure: Measure,
           measure_name: str) -> tuple[Point, float, tuple[tuple[Point, float], ...], str]:
    """Run `grid_search` and return the fields of a `GridResult` (best, value, values, name)."""
    values = grid_search(points, items, measure)
    best, best_value = best_point(values)
    return best, best_value, tuple(values), measure_name
