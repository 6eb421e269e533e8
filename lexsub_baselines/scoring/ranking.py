"""Candidate-ranking measures: GAP (Kishida 2005; Erk & Padó 2008) and P@k / R@k.

GAP of a ranked candidate list with gold weights x_1..x_n (0 for a candidate not in the gold;
a repeated candidate weighs 0 after its first occurrence):

    GAP = Σ_i I(x_i > 0) · (1/i) Σ_{k≤i} x_k  /  Σ_j I(y_j > 0) · (1/j) Σ_{k≤j} y_k

where y is the gold weight vector sorted descending (the sorted gold, not the candidates'
order: some peers got this wrong). Items whose denominator is 0 (no gold left, e.g. after a
multiword filter) are skipped and counted. Peers differ in multiword filtering, so the
filter is always named: `none`, `no-space-hyphen` (drop gold entries containing a space or
a hyphen) or `alpha` (keep only `^[A-Za-z]+$`).

P@k and R@k come in incompatible forms, each named in its label: `macro` averages
per-instance values, `micro` pools hits and denominators; R@k divides by |gold| (`gold`) or
by min(|gold|, k) (`min`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.core.errors import LexsubError

__all__ = [
    "MULTIWORD_FILTERS",
    "AtK",
    "GapResult",
    "at_k",
    "gap",
    "mean_gap",
]

_ALPHA = re.compile(r"^[A-Za-z]+$")

#: Named multiword filters applied to gold entries before GAP.
MULTIWORD_FILTERS: dict[str, Callable[[str], bool]] = {
    "none": lambda s: True,
    "no-space-hyphen": lambda s: " " not in s and "-" not in s,
    "alpha": lambda s: bool(_ALPHA.match(s)),
}


def _filter(name: str) -> Callable[[str], bool]:
    try:
        return MULTIWORD_FILTERS[name]
    except KeyError:
        raise LexsubError(f"unknown multiword filter {name!r}; known: "
                          f"{', '.join(MULTIWORD_FILTERS)}") from None


def _average_precision_terms(weights: Sequence[float]) -> float:
    total = cumulative = 0.0
    for rank, weight in enumerate(weights, start=1):
        cumulative += weight
        if weight > 0:
            total += cumulative / rank
    return total


def gap(ranked: Sequence[str], gold: Mapping[str, float]) -> float | None:
    """Return the GAP of one ranked list, or None when the gold has no positive weight.

    >>> gap(["b", "a"], {"a": 3, "b": 1})  # (1/1 + 4/2) / (3/1 + 4/2)
    0.6
    """
    denominator = _average_precision_terms(sorted(gold.values(), reverse=True))
    if denominator <= 0:
        return None
    seen: set[str] = set()
    weights = []
    for candidate in ranked:
        weights.append(0.0 if candidate in seen else float(gold.get(candidate, 0)))
        seen.add(candidate)
    return _average_precision_terms(weights) / denominator


@dataclass(frozen=True)
class GapResult:
    """Mean GAP over the items used.

    Attributes:
        gap: the mean GAP (0.0 when no item was used).
        used: items with a non-zero denominator.
        skipped: items skipped because their (filtered) gold had no positive weight.
        multiword_filter: the name of the filter applied to the gold.
    """

    gap: float
    used: int
    skipped: int
    multiword_filter: str

    @property
    def label(self) -> str:
        """Return the measure's name with its settings, e.g. `GAP[mw:none]`."""
        return f"GAP[mw:{self.multiword_filter}]"


def mean_gap(items: Iterable[tuple[Sequence[str], Mapping[str, float]]],
             multiword_filter: str = "none") -> GapResult:
    """Return the mean GAP of (ranked candidates, gold weights) pairs.

    >>> r = mean_gap([(["a"], {"a": 1}), (["x"], {"ice cream": 2})], "no-space-hyphen")
    >>> (r.gap, r.used, r.skipped)
    (1.0, 1, 1)
    """
    keep = _filter(multiword_filter)
    values: list[float] = []
    skipped = 0
    for ranked, gold in items:
        value = gap(ranked, {s: w for s, w in gold.items() if keep(s)})
        if value is None:
            skipped += 1
        else:
            values.append(value)
    return GapResult(sum(values) / len(values) if values else 0.0, len(values), skipped,
                     multiword_filter)


@dataclass(frozen=True)
class AtK:
    """P@k or R@k in a named form.

    Attributes:
        value: the measure in [0, 1].
        label: e.g. `P@10[macro]`, `R@10[micro,min]`.
        items: the number of items.
    """

    value: float
    label: str
    items: int


def at_k(items: Iterable[tuple[Sequence[str], Mapping[str, float]]], k: int = 10,
         measure: str = "P", form: str = "macro", denominator: str = "gold") -> AtK:
    """Return P@k or R@k over (ranked candidates, gold) pairs.

    Arguments:
        items: the ranked candidates and the gold of each item.
        k: the cut-off.
        measure: `P` (hits / k) or `R` (hits / |gold| or min(|gold|, k)).
        form: `macro` (mean of per-item values) or `micro` (pooled hits / pooled denominators).
        denominator: for R, `gold` or `min`.

    >>> at_k([(["a", "x"], {"a": 2, "b": 1})], k=2).value
    0.5
    >>> at_k([(["a", "x"], {"a": 2, "b": 1})], k=1, measure="R", denominator="min").value
    1.0
    """
    if measure not in ("P", "R") or form not in ("macro", "micro") or \
            denominator not in ("gold", "min") or k < 1:
        raise LexsubError(f"bad P@k/R@k settings: measure={measure}, form={form}, "
                          f"denominator={denominator}, k={k}")
    per_item: list[float] = []
    hits_sum = den_sum = 0.0
    for ranked, gold in items:
        top = list(dict.fromkeys(ranked))[:k]
        hits = sum(1 for c in top if gold.get(c, 0) > 0)
        positives = sum(1 for w in gold.values() if w > 0)
        if measure == "P":
            den = float(k)
        else:
            den = float(min(positives, k) if denominator == "min" else positives)
        hits_sum += hits
        den_sum += den
        per_item.append(hits / den if den else 0.0)
    if form == "macro":
        value = sum(per_item) / len(per_item) if per_item else 0.0
    else:
        value = hits_sum / den_sum if den_sum else 0.0
    settings = form if measure == "P" else f"{form},{denominator}"
    return AtK(value, f"{measure}@{k}[{settings}]", len(per_item))
