"""The paired tests (`scoring.significance`) against exact answers, and their error rate.

- p-values against hand-computed cases and against the exact randomisation distribution
  (every one of the 2^n exchanges enumerated), for a mean and for ratios of pooled sums;
- the bootstrap's interval against the exact bootstrap distribution (every one of the n^n
  resamples enumerated);
- the false-positive rate on two samples of one real system (the null holds by
  construction) against the nominal 5 %, over 200 seeds, within a binomial band.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.scoring import Scorer
from lexsub_baselines.scoring.contributions import (
    Contributions,
    Statistic,
    SubstitutionStatistic,
)
from lexsub_baselines.scoring.significance import paired_test, percentile
from lexsub_baselines.scoring.tsar.contributions import TsarStatistic

SHARED = resolve_roots().shared
UNIHD = SHARED / "field-outputs" / "tsar2022-unihd" / "en" / "tsar2022_test_en_UniHD_3.tsv"
MESSY = SHARED / "scorer-vectors" / "systems" / "s006_test_messy.best"
SWORDS = SHARED / "swords-vectors" / "systems" / "test-odd-strings.lsr.json"


def sample(statistic: Statistic, values: Sequence[Sequence[float]]) -> Contributions:
    """Return contributions of made-up instances (sums added in order)."""
    observed = [0.0] * len(statistic.components)
    for row in values:
        for index, value in enumerate(row):
            observed[index] += value
    return Contributions(statistic, tuple(str(i) for i in range(len(values))),
                         tuple(tuple(row) for row in values), tuple(observed))


def hits(statistic: TsarStatistic, first: Sequence[int]) -> Contributions:
    """Return TSAR contributions whose ACC@1 hits are `first` (the other figures 0)."""
    return sample(statistic, [(hit,) + (0,) * 9 for hit in first])


def binomial_band(n: int, p: float, outside: float = 0.001) -> tuple[int, int]:
    """Return the central interval of Binomial(n, p) holding all but `outside` of its mass."""
    pmf = [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    low, mass = 0, 0.0
    while mass + pmf[low] < outside / 2:
        mass += pmf[low]
        low += 1
    high, mass = n, 0.0
    while mass + pmf[high] < outside / 2:
        mass += pmf[high]
        high -= 1
    return low, high


# --- hand-computed and exact cases -------------------------------------------------------

def test_five_wins_in_five_give_the_exact_p_of_two_in_32() -> None:
    """A beats B on each of five instances: of the 32 exchanges, only none and all reach
    |Δ| = 1, so the exact p is 2/32; 20,000 trials land within 4 standard errors."""
    statistic = TsarStatistic()
    test = paired_test(hits(statistic, [1] * 5), hits(statistic, [0] * 5), 20_000, seed=7)
    acc = test.measure("ACC@1")
    assert (acc.a, acc.b, acc.delta) == (1.0, 0.0, 1.0)
    assert abs(acc.p - 2 / 32) < 4 * math.sqrt(2 / 32 * 30 / 32 / 20_000)
    assert acc.p != 2 / 32  # a Monte Carlo estimate, not the enumeration itself


def test_the_plus_one_correction_and_identical_systems() -> None:
    """p = (1 + extreme) / (1 + resamples): never 0; identical systems: every trial is
    extreme (Δ* = Δ = 0), p = 1, the interval [0, 0], no instance differs."""
    statistic = TsarStatistic()
    far = paired_test(hits(statistic, [1] * 40), hits(statistic, [0] * 40), 99, seed=1)
    assert far.measure("ACC@1").p == 1 / 100  # 2 of 2^40 exchanges reach 1: none of 99
    same = paired_test(hits(statistic, [1, 0, 1]), hits(statistic, [1, 0, 1]), 50)
    acc = same.measure("ACC@1")
    assert (acc.p, acc.delta, acc.low, acc.high, same.differing) == (1.0, 0.0, 0.0, 0.0, 0)


def test_randomisation_matches_every_exchange_enumerated_for_ratios_of_sums() -> None:
    """SemEval-2007 P = Σ credit / Σ attempted and Mode P = Σ found / Σ attempted with a mode:
    exchanging an instance moves both sums, so the test recomputes the ratio; its p-values
    agree with the exact ones (all 2^10 exchanges) within 4 standard errors."""
    rng = random.Random(5)
    statistic = SubstitutionStatistic("best")

    def item(strength: float) -> tuple[float, ...]:
        attempted = int(rng.random() < 0.8)
        has_mode = int(rng.random() < 0.7)
        credit = round(rng.random() * strength, 3) * attempted
        found = int(attempted and has_mode and rng.random() < strength)
        return (credit, attempted, found, attempted * has_mode, 1, has_mode)

    a_rows = [item(0.9) for _ in range(10)]
    b_rows = [(rng.random() * 0.3 * row[1], *row[1:]) if i % 3 else item(0.4)
              for i, row in enumerate(a_rows)]
    a, b = sample(statistic, a_rows), sample(statistic, b_rows)
    observed = [x - y for x, y in zip(statistic.figures(a.observed, 10),
                                      statistic.figures(b.observed, 10), strict=True)]
    extreme = [0] * 4
    for swaps in itertools.product((False, True), repeat=10):
        sums_a, sums_b = [0.0] * 6, [0.0] * 6
        for swap, row_a, row_b in zip(swaps, a_rows, b_rows, strict=True):
            for index in range(6):
                sums_a[index] += (row_b if swap else row_a)[index]
                sums_b[index] += (row_a if swap else row_b)[index]
        for k, (x, y) in enumerate(zip(statistic.figures(sums_a, 10),
                                       statistic.figures(sums_b, 10), strict=True)):
            extreme[k] += abs(x - y) >= abs(observed[k]) - 1e-9
    test = paired_test(a, b, 20_000, seed=3, interval=False)
    for k, measure in enumerate(statistic.measures):
        exact = extreme[k] / 2 ** 10
        error = 4 * math.sqrt(exact * (1 - exact) / 20_000) + 2 / 20_000
        assert abs(test.measure(measure).p - exact) <= error, (measure, exact)
    assert 0.001 < extreme[0] / 2 ** 10 < 0.5  # the case tests a p that is neither 0 nor 1


def test_the_interval_is_the_exact_bootstrap_distributions_percentiles() -> None:
    """Four instances: every one of the 4^4 resamples enumerated gives Δ's exact bootstrap
    distribution; where its 2.5th and 97.5th percentiles sit well inside a step of the
    distribution function, 20,000 resamples find exactly them. By hand: the instances' Δ are
    1, 1, 0, −1; a resample's Δ ≤ −0.75 has probability 5/256 (< 0.025) and ≤ −0.5 19/256,
    so the 2.5th percentile is −0.5; Δ = 1 (all four draws from the first two) 1/16, so the
    97.5th is 1."""
    statistic = TsarStatistic()
    first_a, first_b = [1, 1, 1, 0], [0, 0, 1, 1]
    deltas = sorted(sum(first_a[i] - first_b[i] for i in drawn) / 4
                    for drawn in itertools.product(range(4), repeat=4))

    def quantile(q: float) -> float:
        value = deltas[math.ceil(q * 256) - 1]  # the least Δ whose distribution reaches q
        below = sum(1 for d in deltas if d < value) / 256
        at_most = sum(1 for d in deltas if d <= value) / 256
        assert below < q - 0.004 and at_most > q + 0.004  # q inside the step at value
        return value

    test = paired_test(hits(statistic, first_a), hits(statistic, first_b), 20_000, seed=11)
    acc = test.measure("ACC@1")
    assert (acc.low, acc.high) == (quantile(0.025), quantile(0.975)) == (-0.5, 1.0)
    assert acc.delta == 0.25


def test_percentile_interpolates_between_order_statistics() -> None:
    """Hyndman & Fan's type 7, as numpy's default: position (n − 1)·q."""
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.025) == pytest.approx(1.075)
    assert percentile([1.0, 2.0, 3.0, 4.0], 1.0) == 4.0
    assert percentile([7.0], 0.975) == 7.0
    values = [float(v) for v in range(1000)]
    assert percentile(values, 0.025) == pytest.approx(24.975)
    assert percentile(values, 0.975) == pytest.approx(974.025)


def test_exchanging_the_systems_mirrors_the_test_and_the_seed_decides_it() -> None:
    statistic = TsarStatistic()
    rng = random.Random(2)
    a = hits(statistic, [int(rng.random() < 0.6) for _ in range(80)])
    b = hits(statistic, [int(rng.random() < 0.5) for _ in range(80)])
    ab, ba = paired_test(a, b, 500, seed=4), paired_test(b, a, 500, seed=4)
    x, y = ab.measure("ACC@1"), ba.measure("ACC@1")
    assert (x.p, x.delta, x.low, x.high) == (y.p, -y.delta, -y.high, -y.low)  # type: ignore[operator]
    assert ab == paired_test(a, b, 500, seed=4)  # deterministic
    other = paired_test(a, b, 500, seed=5).measure("ACC@1")
    assert (other.p, other.low) != (x.p, x.low)


def test_refusals() -> None:
    statistic = TsarStatistic()
    a = hits(statistic, [1, 0])
    with pytest.raises(LexsubError, match="one protocol's figures"):
        paired_test(a, sample(SubstitutionStatistic("best"), [(0.0, 1, 0, 0, 1, 0)] * 2))
    with pytest.raises(LexsubError, match="not on the same instances"):
        paired_test(a, hits(statistic, [1, 0, 1]))
    with pytest.raises(LexsubError, match="resamples >= 1"):
        paired_test(a, a, 0)
    with pytest.raises(LexsubError, match="at least one instance"):
        paired_test(hits(statistic, []), hits(statistic, []))


# --- the false-positive rate on two samples of one system ---------------------------------

def null_pair(real: Contributions, seed: int, pairs: int) -> tuple[Contributions,
                                                                     Contributions]:
    """Return two samples of one system on which the null holds by construction: `pairs`
    made-up instances, each taking two of the real system's instances, one to each sample
    in a random order (so the two samples' contributions on it are exchangeable)."""
    rng = random.Random(seed)
    chosen = rng.sample(range(len(real.ids)), 2 * pairs)
    a_rows, b_rows = [], []
    for j in range(pairs):
        x, y = real.values[chosen[2 * j]], real.values[chosen[2 * j + 1]]
        if rng.random() < 0.5:
            x, y = y, x
        a_rows.append(x)
        b_rows.append(y)
    return sample(real.statistic, a_rows), sample(real.statistic, b_rows)


@pytest.mark.parametrize(("protocol", "path", "gold", "measures", "pairs"), [
    ("tsar2022", UNIHD, "tsar2022-en-test", ("ACC@1", "MAP@3"), 150),
    ("best", MESSY, "semeval2007-test", ("precision", "recall"), 120),
    ("swords", SWORDS, "swords-test", ("strict_a_f@10", "lenient_c_f@10"), 80),
])
def test_false_positive_rate_on_two_samples_of_one_system(
        protocol: str, path: Path, gold: str, measures: tuple[str, ...], pairs: int) -> None:
    """Over 200 seeds, approximate randomisation at 199 resamples rejects at p < 0.05 about
    5 % of the time (9/200 for a continuous statistic, a little less where ties are many),
    and its p-values spread as uniform ones do: the count below each of 0.05, 0.25 and 0.5
    lies in the central 99.9 % of Binomial(200, level). A one-sided p (half as large: about
    190 below 0.5), a lost +1, or a test that never rejects would leave the bands (tested on
    a mean, a ratio of sums and pooled F, real instances)."""
    if not path.is_file():
        pytest.skip(f"{path} is not in the shared data")
    real = Scorer(gold).contributions(path)
    assert real.statistic.name == protocol
    levels = (0.05, 0.25, 0.5)
    below = {(measure, level): 0 for measure in measures for level in levels}
    for seed in range(200):
        a, b = null_pair(real, seed, pairs)
        test = paired_test(a, b, 199, seed=seed, interval=False)
        for measure, level in below:
            below[(measure, level)] += test.measure(measure).p < level
    for (measure, level), count in below.items():
        low, high = binomial_band(200, level)
        assert low <= count <= high, (measure, level, count, (low, high))


def test_the_examples_in_the_docstrings_hold() -> None:
    """The hand-computed p of `paired_test`'s example (2/32), the percentiles and roundings."""
    import doctest

    from lexsub_baselines.scoring import contributions, significance
    from lexsub_baselines.tables import significance as marks

    for module in (significance, contributions, marks):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__
