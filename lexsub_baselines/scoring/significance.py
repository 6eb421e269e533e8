"""Paired significance of two systems on the same instances, for every protocol's figures.

After McCarthy, Sinha & Mihalcea (2013, §6), who tested the SemEval-2007 systems this way,
and the paired tests of machine translation's scorers (sacrebleu's `--paired-ar` and
`--paired-bs`). Both tests work on `Contributions`: per instance, what it adds to the sums a
figure is made of, so a ratio of pooled sums (SemEval-2007 precision, SWORDS P@10 and R@10 and
their F@10) is recomputed from the resampled sums, never averaged per instance.

- **Approximate randomisation** (Noreen 1989; Yeh 2000; Riezler & Maxwell 2005) gives the
  p-value: each of `resamples` trials exchanges the two systems' contributions on each
  instance with probability 1/2 and recomputes both figures; two-sided, with the usual +1
  correction (Davison & Hinkley 1997; Phipson & Smyth 2010): p = (1 + #{trials with |Δ*| ≥
  |Δ|}) / (1 + resamples), Δ = the first system's figure − the second's. Ties with |Δ| count
  as extreme (within 1e-9 of it, for the rounding of resampled sums).
- **The paired bootstrap** (Koehn 2004; Efron & Tibshirani 1993) gives the 95% interval of Δ:
  `resamples` samples of the instances drawn with replacement (the same draw for both
  systems), Δ recomputed on each; the interval is the percentile one, the 2.5th and 97.5th
  percentiles of the resampled Δ, interpolated between order statistics as Hyndman & Fan's
  type 7 (numpy's default).

Pure Python (the scoring install has no numpy): each trial is a few C-level sums over the
instances (`itertools.compress` over random bytes for the exchanges; an `itemgetter` of the
drawn indices for the bootstrap), so 2 systems × 1,000 resamples of a SemEval-2007 or
TSAR-2022 test set take well under a second (`scripts/bench_paired.py`). Deterministic: each
test seeds its own generators (`random.Random`, from the seed) so a pair's result does not
depend on what else was tested.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring.contributions import Contributions

__all__ = ["LEVEL", "RESAMPLES", "MeasureTest", "PairedTest", "paired_test", "percentile"]

#: Resamples (trials of each test) by default.
RESAMPLES = 1000
#: The significance level the tables mark at.
LEVEL = 0.05
#: What the tests are, in one line each (for reports).
RANDOMISATION = ("approximate randomisation, two-sided, +1-corrected: (1 + #{|Δ*| ≥ |Δ|}) / "
                 "(1 + resamples), each instance's contributions exchanged with probability 1/2")
BOOTSTRAP = ("paired bootstrap, percentile method: the 2.5th and 97.5th percentiles of Δ "
             "(type 7) over resamples of the instances with replacement")
# a random byte, 0-255, becomes 0 (keep) or 1 (exchange), each with probability 1/2
_HALF = bytes(0 if value < 128 else 1 for value in range(256))
_TIE = 1e-9


@dataclass(frozen=True)
class MeasureTest:
    """One figure of two systems and the tests of their difference.

    Attributes:
        measure: the figure's key (`recall`, `strict_a_f@10`, `ACC@1`).
        label: its label in tables (`R`).
        a: the first system's figure (unrounded).
        b: the second's.
        delta: a − b.
        p: the approximate randomisation p-value (two-sided, +1 corrected).
        low: the lower end of the bootstrap's 95% interval of the difference (None when the
            interval was not asked for).
        high: its upper end.
    """

    measure: str
    label: str
    a: float
    b: float
    delta: float
    p: float
    low: float | None = None
    high: float | None = None

    def significant(self, level: float = LEVEL) -> bool:
        """Return whether p < `level`."""
        return self.p < level


@dataclass(frozen=True)
class PairedTest:
    """The paired tests of two systems on the same instances.

    Attributes:
        a: the first system's source (file or name).
        b: the second's.
        items: the paired instances.
        differing: the instances on which the two contribute differently (the only ones an
            exchange can change).
        resamples: trials of each test.
        seed: the seed of both tests' generators.
        measures: one test per figure of the protocol, in its order.
    """

    a: str
    b: str
    items: int
    differing: int
    resamples: int
    seed: int
    measures: tuple[MeasureTest, ...]

    def measure(self, key: str) -> MeasureTest:
        """Return the test of one figure (by key or label).

        Raises:
            KeyError: no such figure.
        """
        for test in self.measures:
            if key in (test.measure, test.label):
                return test
        raise KeyError(key)


def percentile(ordered: Sequence[float], q: float) -> float:
    """Return the q-quantile (0 ≤ q ≤ 1) of sorted values, interpolated linearly between
    order statistics (Hyndman & Fan's type 7: position (n − 1)·q, as numpy's default).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.025)
    (2.5, 1.075)
    """
    if not ordered:
        raise LexsubError("no values to take a percentile of")
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])


def _check(a: Contributions, b: Contributions, resamples: int) -> None:
    if a.statistic != b.statistic:
        raise LexsubError(f"{b.source} is scored as {b.statistic.name}, {a.source} as "
                          f"{a.statistic.name}: a paired test compares one protocol's figures")
    if a.ids != b.ids:
        raise LexsubError(f"{a.source} and {b.source} are not on the same instances; pair "
                          "them on one set (the scorer's `contributions(..., universe=...)`)")
    if not a.ids:
        raise LexsubError("a paired test needs at least one instance")
    if resamples < 1:
        raise LexsubError(f"a paired test needs resamples >= 1 (got {resamples})")


def _randomisation(a: Contributions, b: Contributions, observed: Sequence[float],
                   resamples: int, seed: int) -> tuple[list[int], int]:
    """Return, per figure, the trials whose |Δ*| reaches |Δ|, and the differing instances."""
    differing = [i for i, (x, y) in enumerate(zip(a.values, b.values, strict=True)) if x != y]
    width = len(a.statistic.components)
    # what exchanging each differing instance moves from a's sums to b's (b − a)
    shifts = [(c, [b.values[i][c] - a.values[i][c] for i in differing]) for c in range(width)]
    shifts = [(c, column) for c, column in shifts if any(column)]
    figures, n = a.statistic.figures, len(a.ids)
    bound = [abs(d) - _TIE * max(1.0, abs(d)) for d in observed]
    extreme = [0] * len(observed)
    rng = random.Random(f"randomisation:{seed}")
    for _ in range(resamples):
        exchanged = rng.randbytes(len(differing)).translate(_HALF)
        sums_a, sums_b = list(a.observed), list(b.observed)
        for c, column in shifts:
            moved = sum(compress(column, exchanged))
            sums_a[c] += moved
            sums_b[c] -= moved
        for k, (x, y) in enumerate(zip(figures(sums_a, n), figures(sums_b, n), strict=True)):
            extreme[k] += abs(x - y) >= bound[k]
    return extreme, len(differing)


def _bootstrap(a: Contributions, b: Contributions, resamples: int, seed: int
               ) -> list[list[float]]:
    """Return, per figure, the resampled differences, sorted."""
    n = len(a.ids)
    slots: dict[tuple[float, ...], int] = {}  # each distinct column summed once
    where: list[list[int | None]] = []
    for contributions in (a, b):
        places: list[int | None] = []
        for column in zip(*contributions.values, strict=True):
            places.append(None if not any(column) else slots.setdefault(column, len(slots)))
        where.append(places)
    columns = list(slots)
    figures = a.statistic.figures
    deltas: list[list[float]] = [[] for _ in a.statistic.measures]
    rng = random.Random(f"bootstrap:{seed}")
    population = range(n)
    for _ in range(resamples):
        drawn = rng.choices(population, k=n)
        take = itemgetter(*drawn)  # a tuple of the drawn values (the value itself for n = 1)
        sums = [sum(take(column)) if n > 1 else take(column) for column in columns]
        sums_a = [0 if s is None else sums[s] for s in where[0]]
        sums_b = [0 if s is None else sums[s] for s in where[1]]
        for k, (x, y) in enumerate(zip(figures(sums_a, n), figures(sums_b, n), strict=True)):
            deltas[k].append(x - y)
    for values in deltas:
        values.sort()
    return deltas


def paired_test(a: Contributions, b: Contributions, resamples: int = RESAMPLES,
                seed: int = 0, interval: bool = True) -> PairedTest:
    """Test every figure of two systems paired on the same instances.

    Arguments:
        a: the first system's contributions (Δ = a − b).
        b: the second's, on the same instances in the same order, under the same statistic.
        resamples: trials of each test (the p-value's resolution is 1 / (resamples + 1)).
        seed: the seed of both tests (the same seed gives the same p and interval).
        interval: also run the paired bootstrap (the 95% interval of Δ); without, p only.

    Raises:
        LexsubError: other statistics or other instances, no instance, resamples < 1.

    >>> from lexsub_baselines.scoring.tsar.contributions import TsarStatistic
    >>> def one(hits):  # ACC@1 of five instances and nothing else
    ...     values = tuple((h,) + (0,) * 9 for h in hits)
    ...     return Contributions(TsarStatistic(), tuple("abcde"), values,
    ...                          tuple(map(sum, zip(*values))))
    >>> test = paired_test(one([1, 1, 1, 1, 1]), one([0, 0, 0, 0, 0]), 10_000)
    >>> test.measure("ACC@1").delta, round(test.measure("ACC@1").p, 2)  # exact: 2/32
    (1.0, 0.06)
    """
    _check(a, b, resamples)
    figures_a = a.statistic.figures(a.observed, len(a.ids))
    figures_b = b.statistic.figures(b.observed, len(b.ids))
    observed = [x - y for x, y in zip(figures_a, figures_b, strict=True)]
    extreme, differing = _randomisation(a, b, observed, resamples, seed)
    deltas = _bootstrap(a, b, resamples, seed) if interval else None
    tests = []
    for k, (key, label) in enumerate(zip(a.statistic.measures, a.statistic.labels,
                                         strict=True)):
        low = high = None
        if deltas is not None:
            low, high = percentile(deltas[k], 0.025), percentile(deltas[k], 0.975)
        tests.append(MeasureTest(key, label, figures_a[k], figures_b[k], observed[k],
                                 (extreme[k] + 1) / (resamples + 1), low, high))
    return PairedTest(a.source, b.source, len(a.ids), differing, resamples, seed,
                      tuple(tests))
