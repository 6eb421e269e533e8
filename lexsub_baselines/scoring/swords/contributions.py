"""SWORDS's headline figures as per-target contributions (what the paired tests resample).

The benchmark's P@k and R@k are pooled over the targets (`measures.pr_at_k`): P@10 = Σ hits /
Σ |top 10|, R@10 = Σ hits / Σ min(|gold|, 10), F@10 their harmonic mean; a mean of per-target
F@10 would be another measure. So each target contributes, under each of the four settings
(lenient/strict × acceptable/conceivable), its hits in the top 10, the length of its top 10
and min(|gold|, 10), and to strict-conceivable P@1 its hit and list length at 1; the statistic
hands the resampled sums to `measures.pooled_at_k`, the scorer's own arithmetic, so the
unresampled figures are the scorer's exactly (undefined ones 0.0, as it reports them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.swords.gold import SwordsGold
from lexsub_baselines.scoring.swords.measures import (
    CONCEIVABLE,
    SETTINGS,
    compare,
    pooled_at_k,
)
from lexsub_baselines.scoring.swords.report import HEADLINE

__all__ = ["SwordsStatistic", "swords_contributions"]

_K = 10
_P1 = "strict_c_p@1"


@dataclass(frozen=True)
class SwordsStatistic:
    """The four F@10 (`report.HEADLINE`) and strict-conceivable P@1, from pooled sums."""

    name: str = "swords"
    measures: tuple[str, ...] = (*HEADLINE, _P1)
    labels: tuple[str, ...] = (*HEADLINE, _P1)
    components: tuple[str, ...] = (
        *(f"{prefix}_{part}@{_K}" for prefix, _, _ in SETTINGS
          for part in ("hits", "top", "gold")),
        "strict_c_hits@1", "strict_c_top@1")
    digits: int = 2

    def figures(self, sums: Sequence[float], n: int) -> tuple[float, ...]:
        """Return each F@10 (in `HEADLINE`'s order) and P@1 in percent, as `pr_at_k`."""
        undefined: dict[str, str] = {}
        by_name: dict[str, float] = {}
        for index, (prefix, _, _) in enumerate(SETTINGS):
            hits, top, gold = sums[3 * index: 3 * index + 3]
            by_name.update(pooled_at_k(hits, top, gold, 0, _K, prefix, undefined))
        hits, top = sums[-2:]
        by_name.update(pooled_at_k(hits, top, 0, 0, 1, "strict_c", undefined))
        return tuple(by_name[name] for name in self.measures)

    def shown(self, value: float) -> str:
        """Return the figure with two decimals, as the authors' command prints it."""
        return f"{value:.2f}"


def swords_contributions(gold: SwordsGold, prepared: Mapping[str, list[str]],
                         listed: Sequence[str], source: str,
                         universe: Sequence[str] | None = None) -> Contributions:
    """Return each evaluated target's contributions (in the gold's order).

    Arguments:
        gold: the prepared gold (`SwordsScorer.swords_gold`).
        prepared: target id -> the result's lemmas as the evaluation sees them.
        listed: the target ids the result lists (the others count as empty lists, as in the
            original; they are `missing`).
        source: the result's path.
        universe: the gold's target ids, when given (both systems are paired on them).
    """
    ids = tuple(gold.targets)
    if universe is not None and tuple(universe) != ids:
        raise ValueError("SWORDS contributions are paired on the gold's targets")
    columns: list[list[int]] = []
    for _, threshold, lenient in SETTINGS:
        hits, top, wanted = [], [], []
        for comparison in compare(gold, prepared, threshold, lenient):
            ranked = comparison.system[:_K]
            hits.append(sum(1 for s in ranked if s in comparison.gold))
            top.append(len(ranked))
            wanted.append(min(len(comparison.gold), _K))
        columns += [hits, top, wanted]
    first = [(sum(1 for s in c.system[:1] if s in c.gold), len(c.system[:1]))
             for c in compare(gold, prepared, CONCEIVABLE, False)]
    columns += [[hit for hit, _ in first], [top for _, top in first]]
    values = tuple(zip(*columns, strict=True))
    known = set(listed)
    return Contributions(SwordsStatistic(), ids, values, tuple(sum(c) for c in columns),
                         source, tuple(t for t in ids if t not in known),
                         sum(1 for t in known if t not in gold.targets))
