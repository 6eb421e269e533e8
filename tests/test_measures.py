"""The five measures: a toy example worked by hand, and vectorised == naive on random matrices."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.measures import (
    MEASURES,
    MeasureSpace,
    compare,
)

log = math.log

# Features obj:x, obj:y, mod:u, mod:v.  Counts (row total c(w) on the right):
#        x  y  u  v
#   a/n  2  1  1  0   4      P(.|a) = (1/2, 1/4, 1/4, 0)
#   b/n  1  0  1  2   4      P(.|b) = (1/4, 0, 1/4, 1/2)
#   c/n  0  2  0  1   3      P(.|c) = (0, 2/3, 0, 1/3)
#   d/v  1  1  0  0   2
TOY = FeatureCounts(
    words=(("a", "n"), ("b", "n"), ("c", "n"), ("d", "v")),
    features=(("obj", "x"), ("obj", "y"), ("mod", "u"), ("mod", "v")),
    matrix=sp.csr_matrix(np.array(
        [[2, 1, 1, 0], [1, 0, 1, 2], [0, 2, 0, 1], [1, 1, 0, 0]], dtype=float)),
)
A, B, C, D = 0, 1, 2, 3


@pytest.fixture(scope="module")
def toy_space() -> MeasureSpace:
    return MeasureSpace.from_counts(TOY)


def test_l1_by_hand(toy_space: MeasureSpace) -> None:
    values = compare(toy_space, A, ["l1"])["l1"].values
    # l1(a,b) = |1/2-1/4| + |1/4-0| + |1/4-1/4| + |0-1/2| = 1/4 + 1/4 + 0 + 1/2
    assert values[B] == pytest.approx(1.0)
    # l1(a,c) = 1/2 + |1/4-2/3| + 1/4 + 1/3
    assert values[C] == pytest.approx(0.5 + 5 / 12 + 0.25 + 1 / 3)  # = 1.5
    assert values[A] == pytest.approx(0.0)


def test_jaccard_by_hand(toy_space: MeasureSpace) -> None:
    values = compare(toy_space, A, ["jaccard"])["jaccard"].values
    assert values[B] == pytest.approx(2 / 4)  # F(a)∩F(b) = {x,u}; F(a)∪F(b) = {x,y,u,v}
    assert values[C] == pytest.approx(1 / 4)  # ∩ = {y}; ∪ = {x,y,u,v}
    assert values[D] == pytest.approx(2 / 3)  # ∩ = {x,y}; ∪ = {x,y,u}


def test_cosine_by_hand(toy_space: MeasureSpace) -> None:
    values = compare(toy_space, A, ["cos"])["cos"].values
    # |a|^2 = 1/4 + 1/16 + 1/16 = 3/8 = |b|^2; a.b = 1/2*1/4 + 1/4*1/4 = 3/16
    assert values[B] == pytest.approx((3 / 16) / (3 / 8))  # = 0.5
    # |c|^2 = 4/9 + 1/9 = 5/9; a.c = 1/4 * 2/3 = 1/6
    assert values[C] == pytest.approx((1 / 6) / math.sqrt(3 / 8 * 5 / 9))  # = 0.365148


def test_lin_by_hand(toy_space: MeasureSpace) -> None:
    # c(*,obj,*) = 8, c(*,mod,*) = 5; column totals x 4, y 4, u 2, v 3;
    # c(w,obj,*): a 3, b 1, c 2;  c(w,mod,*): a 1, b 3, c 1.
    # I(a,x) = log(2*8/(3*4)) = log 4/3 > 0     I(a,y) = log(1*8/(3*4)) < 0
    # I(a,u) = log(1*5/(1*2)) = log 5/2 > 0
    # I(b,x) = log(1*8/(1*4)) = log 2           I(b,u) = log(1*5/(3*2)) < 0
    # I(b,v) = log(2*5/(3*3)) = log 10/9
    # I(c,y) = log(2*8/(2*4)) = log 2           I(c,v) = log(1*5/(1*3)) = log 5/3
    # I(d,x) = log(1*8/(2*4)) = 0 and I(d,y) = 0: d has no positive feature.
    space = toy_space
    assert space.info_sums[A] == pytest.approx(log(4 / 3) + log(5 / 2))
    assert space.info_sums[D] == 0.0
    result = compare(space, A, ["lin"])["lin"]
    # F+(a) ∩ F+(b) = {x}
    assert result.values[B] == pytest.approx(
        (log(4 / 3) + log(2)) / (log(4 / 3) + log(5 / 2) + log(2) + log(10 / 9)))  # 0.489807
    # F+(a) ∩ F+(c) = {}: lin 0 and unrelated for lin, though a and c share y
    assert result.values[C] == 0.0
    assert not result.related[C]
    assert compare(space, A, ["l1"])["l1"].related[C]
    # lin(b,c): F+ ∩ = {v}
    assert compare(space, B, ["lin"])["lin"].values[C] == pytest.approx(
        (log(10 / 9) + log(5 / 3)) / (log(2) + log(10 / 9) + log(2) + log(5 / 3)))


def test_alpha_skew_by_hand_and_asymmetric(toy_space: MeasureSpace) -> None:
    a_to_b = compare(toy_space, A, ["lee"])["lee"].values[B]
    # M = .99*P(.|b) + .01*P(.|a) = (.2525, .0025, .25, .495)
    # D(a||M) = 1/2 log(.5/.2525) + 1/4 log(.25/.0025) + 1/4 log(.25/.25)
    assert a_to_b == pytest.approx(0.5 * log(0.5 / 0.2525) + 0.25 * log(100))  # 1.492891
    # M = .99*P(.|a) + .01*P(.|b) = (.4975, .495, .25, .005)
    # D(b||M) = 1/4 log(.25/.4975) + 1/4 log(.25/.25) + 1/2 log(.5/.005)
    b_to_a = compare(toy_space, B, ["lee"])["lee"].values[A]
    assert b_to_a == pytest.approx(0.25 * log(0.25 / 0.4975) + 0.5 * log(100))  # 2.130551
    assert a_to_b != pytest.approx(b_to_a)
    # a vs c: M = (.005, .6625, .0025, .33) ->
    # 1/2 log(.5/.005) + 1/4 log(.25/.6625) + 1/4 log(.25/.0025)
    assert compare(toy_space, A, ["lee"])["lee"].values[C] == pytest.approx(
        0.5 * log(100) + 0.25 * log(0.25 / 0.6625) + 0.25 * log(100))  # 3.210238


def test_scores_negate_distances(toy_space: MeasureSpace) -> None:
    result = compare(toy_space, A)
    assert set(result) == set(MEASURES)
    assert result["l1"].scores[B] == pytest.approx(-1.0)
    assert result["cos"].scores[B] == pytest.approx(0.5)


def test_bad_arguments_are_lexsub_errors(toy_space: MeasureSpace) -> None:
    with pytest.raises(LexsubError, match="unknown measure 'dice'"):
        compare(toy_space, A, ["dice"])
    with pytest.raises(LexsubError, match="out of range"):
        compare(toy_space, 9)
    with pytest.raises(LexsubError, match="alpha"):
        compare(toy_space, A, ["lee"], alpha=1.0)
    negative = FeatureCounts(TOY.words, TOY.features, sp.csr_matrix(-TOY.matrix.toarray()))
    with pytest.raises(LexsubError, match="negative"):
        MeasureSpace.from_counts(negative)
    wrong_shape = FeatureCounts(TOY.words[:2], TOY.features, TOY.matrix)
    with pytest.raises(LexsubError, match="shape"):
        MeasureSpace.from_counts(wrong_shape)


# --- naive reference: the definitions, one pair and one feature at a time --------------------

def naive(counts: np.ndarray, relations: list[str], t: int, n: int, alpha: float = 0.99,
          ) -> dict[str, float]:
    """Return every measure of (t, n) computed straight from the definitions."""
    pt = counts[t] / counts[t].sum()
    pn = counts[n] / counts[n].sum()
    ft = {int(f) for f in np.flatnonzero(pt)}
    fn = {int(f) for f in np.flatnonzero(pn)}
    out = {
        "l1": float(sum(abs(pt[f] - pn[f]) for f in range(len(pt)))),
        "jaccard": len(ft & fn) / len(ft | fn),
        "cos": float(pt @ pn / math.sqrt(pt @ pt) / math.sqrt(pn @ pn)),
        "lee": float(sum(pt[f] * log(pt[f] / (alpha * pn[f] + (1 - alpha) * pt[f]))
                         for f in ft)),
    }

    def info(w: int, f: int) -> float:
        r = relations[f]
        cols = [g for g in range(len(relations)) if relations[g] == r]
        c_rstar = counts[:, cols].sum()
        c_wr = counts[w, cols].sum()
        return log(counts[w, f] * c_rstar / (c_wr * counts[:, f].sum()))

    plus_t = {f: info(t, f) for f in ft if info(t, f) > 0}
    plus_n = {f: info(n, f) for f in fn if info(n, f) > 0}
    denominator = sum(plus_t.values()) + sum(plus_n.values())
    numerator = sum(plus_t[f] + plus_n[f] for f in plus_t.keys() & plus_n.keys())
    out["lin"] = numerator / denominator if denominator > 0 else 0.0
    out["lin_related"] = float(bool(plus_t.keys() & plus_n.keys()))
    out["related"] = float(bool(ft & fn))
    return out


@st.composite
def count_matrices(draw: st.DrawFn) -> tuple[np.ndarray, list[str]]:
    n_words = draw(st.integers(2, 6))
    n_features = draw(st.integers(1, 7))
    cells = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 7, 0.5]),
                          min_size=n_words * n_features, max_size=n_words * n_features))
    relations = draw(st.lists(st.sampled_from(["obj", "subj", "mod"]),
                              min_size=n_features, max_size=n_features))
    return np.array(cells, dtype=float).reshape(n_words, n_features), relations


@settings(max_examples=150, deadline=None)
@given(count_matrices(), st.sampled_from([0.99, 0.5]))
def test_vectorised_matches_naive(data: tuple[np.ndarray, list[str]], alpha: float) -> None:
    counts, relations = data
    words = tuple((f"w{i}", "n") for i in range(counts.shape[0]))
    features = tuple((r, f"f{j}") for j, r in enumerate(relations))
    space = MeasureSpace.from_counts(FeatureCounts(words, features, sp.csr_matrix(counts)))
    nonempty = [w for w in range(counts.shape[0]) if counts[w].sum() > 0]
    for t in range(counts.shape[0]):
        result = compare(space, t, alpha=alpha)
        for n in range(counts.shape[0]):
            if t not in nonempty or n not in nonempty:
                assert not result["l1"].related[n]
                assert not result["lin"].related[n]
                continue
            expected = naive(counts, relations, t, n, alpha)
            assert bool(result["l1"].related[n]) == bool(expected["related"])
            assert bool(result["lin"].related[n]) == bool(expected["lin_related"])
            for name in MEASURES:
                assert result[name].values[n] == pytest.approx(expected[name], abs=1e-9), name


def test_subset_comparison_equals_the_full_one(toy_space: MeasureSpace) -> None:
    nouns = np.array([A, B, C])
    among = toy_space.subset(nouns)
    full = compare(toy_space, A)
    part = compare(toy_space, A, among=among)
    for name in MEASURES:
        assert part[name].values == pytest.approx(full[name].values[nouns])
        assert list(part[name].related) == list(full[name].related[nouns])
    rows_only = MeasureSpace.from_counts(TOY, columns=False)
    with pytest.raises(LexsubError, match="without column matrices"):
        compare(rows_only, A)
    assert compare(rows_only, A, among=among)["lin"].values == pytest.approx(
        full["lin"].values[nouns])
