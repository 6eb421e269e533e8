"""The five distributional measures of the SemEval-2007 baselines, one target against all words.

McCarthy & Navigli (2007, 2009) built thesauri from grammatical-relation counts with five
measures; this module computes each of them between one target row of a `FeatureCounts`
matrix and *every* row at once, with sparse column slices instead of loops over feature pairs.
With P(f|w) = c(w,f)/c(w) and F(w) the features seen with w:

- ``l1``: Σ_f |P(f|w1) − P(f|w2)| (a distance). Both rows sum to 1, and |p − q| = p + q −
  2·min(p, q), so l1 = 2 − 2·Σ_{f ∈ F(w1) ∩ F(w2)} min(p, q): only shared features are read.
- ``jaccard``: |F(w1) ∩ F(w2)| / |F(w1) ∪ F(w2)|, with |∪| = |F(w1)| + |F(w2)| − |∩|.
- ``cos``: the cosine of the P(·|w) vectors, Σ_shared p·q / (‖p‖·‖q‖).
- ``lin`` (Lin 1998): Σ_{f ∈ F+(w1) ∩ F+(w2)} (I(w1,f) + I(w2,f)) /
  (Σ_{f ∈ F+(w1)} I(w1,f) + Σ_{f ∈ F+(w2)} I(w2,f)), with features f = (r, w′),
  I(w,r,w′) = log(c(w,r,w′)·c(*,r,*) / (c(w,r,*)·c(*,r,w′))) and F+(w) the features with I > 0.
  The marginals are taken over the whole matrix (all parts of speech).
- ``lee``, α-skew divergence (Lee 1999): s_α(t,n) = D(P_t ‖ α·P_n + (1−α)·P_t), α = 0.99, a
  distance, target first. Only f ∈ F(t) contributes; for f ∉ F(n) the term is
  p·log(1/(1−α)), so s_α = log(1/(1−α)) + Σ_{f ∈ F(t) ∩ F(n)} p·log((1−α)·p / (α·q + (1−α)·p)).

Words that share no feature with the target (for ``lin``: no positive-information feature) get
the measure's floor (l1 = 2, lee = log(1/(1−α)), others 0) and are flagged as unrelated, so a
thesaurus never lists them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.distributional.counts import FeatureCounts

__all__ = [
    "DEFAULT_ALPHA",
    "DISTANCES",
    "MEASURES",
    "Comparison",
    "MeasureSpace",
    "compare",
    "information",
]

#: The measures, in the order of the published tables' rows (McCarthy & Navigli 2007, table 3).
MEASURES: tuple[str, ...] = ("lin", "l1", "lee", "jaccard", "cos")
#: The measures that are distances (smaller is more similar).
DISTANCES: frozenset[str] = frozenset({"l1", "lee"})
#: The skew of αSD used by McCarthy & Navigli (after Lee 1999).
DEFAULT_ALPHA = 0.99


def _check_measures(measures: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(measures)
    for name in chosen:
        if name not in MEASURES:
            raise LexsubError(f"unknown measure {name!r}; known: {', '.join(MEASURES)}")
    return chosen


def information(counts: sp.csr_matrix, relations: np.ndarray) -> sp.csr_matrix:
    """Return Lin's I(w,r,w′) for every nonzero count, keeping only the positive values.

    Arguments:
        counts: word × feature counts (csr, nonnegative, explicit zeros removed).
        relations: for every column, the integer id of its relation r.

    Returns:
        A csr matrix of the same shape holding I > 0 (F+(w) is the row's support).
    """
    counts = counts.tocsr()
    n_rel = int(relations.max()) + 1 if relations.size else 0
    column_totals = np.asarray(counts.sum(axis=0)).ravel()  # c(*,r,w')
    relation_totals = np.bincount(relations, weights=column_totals, minlength=n_rel)  # c(*,r,*)
    to_relation = sp.csr_matrix(
        (np.ones(len(relations)), (np.arange(len(relations)), relations)),
        shape=(len(relations), n_rel),
    )
    word_relation = (counts @ to_relation).tocsr()  # c(w,r,*), one entry per (w, r) seen
    rows = np.repeat(np.arange(counts.shape[0]), np.diff(counts.indptr))
    cols = counts.indices
    rel = relations[cols]
    # look c(w,r,*) up per nonzero: the (row, relation) pairs are found in word_relation's csr
    flat = word_relation.copy()
    flat.sort_indices()
    keys = rows.astype(np.int64) * max(n_rel, 1) + rel
    wr_rows = np.repeat(np.arange(flat.shape[0]), np.diff(flat.indptr))
    wr_keys = wr_rows.astype(np.int64) * max(n_rel, 1) + flat.indices
    word_rel = flat.data[np.searchsorted(wr_keys, keys)]
    # one division of two products, not a sum of four logs: with integer counts the products
    # are exact, so a ratio of exactly 1 gives I = 0 (not ±1e-16) and F+ is decided exactly
    values = np.log((counts.data * relation_totals[rel]) / (word_rel * column_totals[cols]))
    keep = values > 0
    return sp.csr_matrix((values[keep], (rows[keep], cols[keep])), shape=counts.shape)


@dataclass(frozen=True)
class MeasureSpace:
    """The normalised matrices every measure reads, prepared once per `FeatureCounts`.

    Build it with `MeasureSpace.from_counts`. Memory is about four copies of the count matrix
    (P and I+, each as csr and csc); without the csc copies (`columns=False`) a space can be a
    source of targets and of `subset`s, but not be compared against.

    Attributes:
        words: row labels (lemma, pos).
        totals: c(w), the row sums of the counts.
        prob: P(f|w) by rows (csr); `prob_columns` is the same matrix as csc (or None).
        support: |F(w)|, nonzero features per row.
        norms: ‖P(·|w)‖₂ per row.
        info: I(w,f) restricted to I > 0 by rows (csr); `info_columns` the same as csc
            (or None).
        info_sums: Σ_{f ∈ F+(w)} I(w,f) per row.
    """

    words: tuple[tuple[str, str], ...]
    totals: np.ndarray
    prob: sp.csr_matrix
    prob_columns: sp.csc_matrix | None
    support: np.ndarray
    norms: np.ndarray
    info: sp.csr_matrix
    info_columns: sp.csc_matrix | None
    info_sums: np.ndarray

    @classmethod
    def from_counts(cls, counts: FeatureCounts, columns: bool = True) -> MeasureSpace:
        """Prepare the matrices of `counts` (`columns`: also their csc copies).

        Raises:
            LexsubError: the matrix shape disagrees with its labels, or holds negative or
                non-finite counts.
        """
        matrix = counts.matrix.tocsr().astype(np.float64)
        if matrix.shape != (len(counts.words), len(counts.features)):
            raise LexsubError(
                f"feature counts have shape {matrix.shape} but {len(counts.words)} words and "
                f"{len(counts.features)} features; rebuild the counts")
        if matrix.nnz and (not np.all(np.isfinite(matrix.data)) or matrix.data.min() < 0):
            raise LexsubError("feature counts hold negative or non-finite values; rebuild them")
        matrix.eliminate_zeros()
        matrix.sum_duplicates()
        matrix.sort_indices()
        totals = np.asarray(matrix.sum(axis=1)).ravel()
        safe = np.where(totals > 0, totals, 1.0)
        prob = sp.csr_matrix(sp.diags(1.0 / safe) @ matrix)
        prob.sort_indices()
        _, relations = np.unique(np.array([r for r, _ in counts.features], dtype=object),
                                 return_inverse=True)
        info = information(matrix, relations.astype(np.int64).ravel())
        info.sort_indices()
        return cls(
            words=counts.words,
            totals=totals,
            prob=prob,
            prob_columns=prob.tocsc() if columns else None,
            support=np.diff(prob.indptr),
            norms=np.sqrt(np.asarray(prob.multiply(prob).sum(axis=1)).ravel()),
            info=info,
            info_columns=info.tocsc() if columns else None,
            info_sums=np.asarray(info.sum(axis=1)).ravel(),
        )

    def subset(self, rows: np.ndarray) -> MeasureSpace:
        """Return the space of `rows` only (same features), e.g. one PoS above a frequency.

        Comparing a target with a subset reads only the subset's part of each feature column,
        which is what makes same-PoS neighbour search cheap when features are shared by
        several parts of speech.
        """
        rows = np.asarray(rows, dtype=np.intp)
        prob, info = self.prob[rows], self.info[rows]
        return MeasureSpace(
            words=tuple(self.words[int(i)] for i in rows),
            totals=self.totals[rows], prob=prob, prob_columns=prob.tocsc(),
            support=self.support[rows], norms=self.norms[rows], info=info,
            info_columns=info.tocsc(), info_sums=self.info_sums[rows])

    def __len__(self) -> int:
        return len(self.words)


@dataclass(frozen=True)
class Comparison:
    """One target compared with every row by one measure.

    Attributes:
        measure: the measure's name.
        values: the measure for every row (a distance for l1/lee, a similarity otherwise).
        related: True for rows sharing at least one feature with the target (for lin: one
            feature of positive information in both rows).
    """

    measure: str
    values: np.ndarray
    related: np.ndarray

    @property
    def scores(self) -> np.ndarray:
        """Return higher-is-better scores: the similarity, or the negated distance."""
        return -self.values if self.measure in DISTANCES else self.values


def _shared(columns: sp.csc_matrix | None, indices: np.ndarray,
            target_values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (row, other's value, target's value) for every feature the target has."""
    if columns is None:
        raise LexsubError("this MeasureSpace was prepared without column matrices "
                          "(columns=False); compare against one of its subsets")
    block = columns[:, indices]
    # intp rows once: np.bincount would otherwise convert int32 indices on every call
    return (block.indices.astype(np.intp), block.data,
            np.repeat(target_values, np.diff(block.indptr)))


def compare(space: MeasureSpace, row: int, measures: Iterable[str] = MEASURES,
            alpha: float = DEFAULT_ALPHA, among: MeasureSpace | None = None,
            ) -> dict[str, Comparison]:
    """Compare the word in `row` with every word by each of `measures`.

    Arguments:
        space: the prepared matrices.
        row: the target's row in `space`.
        measures: names from `MEASURES`.
        alpha: the skew of ``lee`` (0 < alpha < 1).
        among: compare with the rows of this space (a `subset` of `space`); default `space`.

    Returns:
        {measure: Comparison} over the rows of `among`; the target itself is included when
        it is one of them (callers exclude it).

    Raises:
        LexsubError: an unknown measure, a row out of range, or alpha outside (0, 1).
    """
    chosen = _check_measures(measures)
    if not 0 <= row < len(space):
        raise LexsubError(f"row {row} out of range (0..{len(space) - 1})")
    if not 0.0 < alpha < 1.0:
        raise LexsubError(f"alpha must be in (0, 1), got {alpha}")
    others = space if among is None else among
    n = len(others)
    results: dict[str, Comparison] = {}
    start, end = space.prob.indptr[row], space.prob.indptr[row + 1]
    if set(chosen) - {"lin"}:
        rows, q, p = _shared(others.prob_columns, space.prob.indices[start:end],
                             space.prob.data[start:end])
        shared = np.bincount(rows, minlength=n)
        related = shared > 0
    for name in chosen:
        if name == "l1":
            values = 2.0 - 2.0 * np.bincount(rows, weights=np.minimum(p, q), minlength=n)
            values = np.clip(values, 0.0, 2.0)
        elif name == "jaccard":
            union = space.support[row] + others.support - shared
            values = shared / np.where(union > 0, union, 1)
        elif name == "cos":
            dot = np.bincount(rows, weights=p * q, minlength=n)
            denominator = space.norms[row] * others.norms
            values = dot / np.where(denominator > 0, denominator, 1.0)
        elif name == "lee":
            # p·log((1−α)p / (αq + (1−α)p)) = −p·log1p(α/(1−α) · q/p): fewer passes, and
            # log1p keeps precision when q ≪ p
            terms = -p * np.log1p((alpha / (1.0 - alpha)) * (q / p))
            values = -np.log(1.0 - alpha) + np.bincount(rows, weights=terms, minlength=n)
            values = np.maximum(values, 0.0)
        else:  # lin
            i_start, i_end = space.info.indptr[row], space.info.indptr[row + 1]
            i_rows, i_other, i_target = _shared(
                others.info_columns, space.info.indices[i_start:i_end],
                space.info.data[i_start:i_end])
            numerator = np.bincount(i_rows, weights=i_other + i_target, minlength=n)
            denominator = space.info_sums[row] + others.info_sums
            values = numerator / np.where(denominator > 0, denominator, 1.0)
            results[name] = Comparison(name, values,
                                       np.bincount(i_rows, minlength=n) > 0)
            continue
        results[name] = Comparison(name, values, related)
    return results
