"""Upper bounds of best and oot on a gold standard.

- best: the best any system can do is answer each item's most frequent substitute:
  UB = Σ_i maxfreq_i / |H_i| / |T| (McCarthy & Navigli 2009 report 45.76 on the test set).
- oot with duplicates counted (the 2007 and 2010 official scorers): repeat the most frequent
  substitute `cap` times: UB = Σ_i cap · maxfreq_i / |H_i| / |T| (CLLS-2010: 405.78).
- oot without duplicates: answer the `cap` most frequent distinct substitutes:
  UB = Σ_i (sum of the top-`cap` counts) / |H_i| / |T| (CLLS-2010: 99.97).
Mode bounds are 100 by construction (answer the mode) and are not reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexsub_baselines.scoring.gold import GoldTarget, ScoringGold
from lexsub_baselines.scoring.result import perl_round

__all__ = ["UpperBounds", "item_bound", "upper_bounds"]


@dataclass(frozen=True)
class UpperBounds:
    """Upper bounds in percent (rounded as score.pl rounds), over |T| items."""

    total: int
    best: float
    oot_with_duplicates: float
    oot_without_duplicates: float
    cap: int

    def to_json(self) -> dict[str, Any]:
        """Return the bounds as a JSON object."""
        return {"total": self.total, "best": self.best,
                "oot_with_duplicates": self.oot_with_duplicates,
                "oot_without_duplicates": self.oot_without_duplicates, "cap": self.cap}


def item_bound(target: GoldTarget, kind: str, cap: int = 10) -> float:
    """Return the most an answer can earn on one item: the best credit of the most frequent
    substitute (best), or the top-`cap` substitutes' mass without duplicates (oot).

    >>> from lexsub_baselines.scoring.gold import GoldTarget
    >>> t = GoldTarget("1", "x.n", "n", (("a", 3), ("b", 1)), 4, "a", {}, {})
    >>> item_bound(t, "best"), item_bound(t, "oot")
    (0.75, 1.0)
    """
    if not target.total:
        return 0.0
    counts = sorted((count for _, count in target.entries), reverse=True)
    return (counts[0] if kind == "best" else sum(counts[:cap])) / target.total


def upper_bounds(gold: ScoringGold, cap: int = 10) -> UpperBounds:
    """Return the best and oot upper bounds of `gold` (items with |H| = 0 add nothing)."""
    best = dups = nodups = 0.0
    for target in gold.items.values():
        if target.total:
            best += item_bound(target, "best", cap)
            dups += cap * target.max_count / target.total
            nodups += item_bound(target, "oot", cap)
    n = gold.total
    return UpperBounds(n, perl_round(best, n) / 100, perl_round(dups, n) / 100,
                       perl_round(nodups, n) / 100, cap)
