"""Nearest neighbours of a target word by one distributional measure, with a JSON cache.

The thesauri of McCarthy & Navigli (2007): a target's neighbours are the words of the same
PoS, each compared with the target by one measure, nearest first (smallest distance for l1
and αSD, largest similarity otherwise). Candidates must have c(w) ≥ `min_count` (the sum of
their feature counts; the target itself needs no minimum), must share at least one feature
with the target (see `measures`), and are never the target lemma (compared case-insensitively,
like `candidates.without_target`). Ties are broken by score, then by lemma (code-point order).

Neighbour lists are cached per (counts key, measure, min_count, alpha), one small sealed file
per target (`distributional.neighbour_cache.NeighbourCache`), so re-runs read them back
instantly, a new target costs one file, and concurrent runs lose nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.measures import (
    DEFAULT_ALPHA,
    MEASURES,
    MeasureSpace,
    compare,
)

__all__ = [
    "DEFAULT_MIN_COUNT",
    "CountsSource",
    "MinCount",
    "Neighbour",
    "Neighbourhood",
    "RelativeMinCount",
    "counts_key",
    "nearest",
]

#: Minimum c(w) (relation occurrences) of a neighbour. Lin (1998) kept words seen at least
#: 100 times in a 64M-word corpus; a word takes part in fewer relations than it has
#: occurrences, hence a lower bar. A setting (`min_count`), part of the neighbour cache key.
#: The baselines use a threshold relative to the counts' size instead (`RelativeMinCount`).
DEFAULT_MIN_COUNT = 20


@dataclass(frozen=True)
class RelativeMinCount:
    """A neighbour threshold that grows with the counts: c(w) ≥ `per_million` × N / 10⁶,
    N the counts' relation occurrences, so that samples of different sizes keep words of the
    same relative frequency.

    >>> import scipy.sparse as sp
    >>> counts = FeatureCounts((("a", "n"),), (("obj_of", "x"),), sp.csr_matrix([[2e6]]))
    >>> RelativeMinCount(14).resolve(counts), str(RelativeMinCount(14))
    (28.0, '14/M')
    """

    per_million: float

    def resolve(self, counts: FeatureCounts) -> float:
        """Return the absolute threshold for `counts`."""
        return self.per_million * float(counts.matrix.sum()) / 1e6

    def __str__(self) -> str:
        return f"{self.per_million:g}/M"


#: A neighbour threshold: an absolute c(w), or one relative to the counts' size.
MinCount = float | RelativeMinCount


@dataclass(frozen=True)
class Neighbour:
    """A neighbour lemma and its score (the similarity, or the negated distance)."""

    lemma: str
    score: float


def counts_key(counts: FeatureCounts) -> str:
    """Return a key identifying the content of `counts` (labels and matrix, not metadata).

    Hashing the content rather than `meta` keeps the key stable when identical counts are
    rebuilt (their meta records build times).
    """
    matrix = counts.matrix.tocsr()
    digest = hashlib.sha256()
    digest.update(json.dumps([counts.words, counts.features], ensure_ascii=False).encode())
    for array in (matrix.indptr.astype(np.int64), matrix.indices.astype(np.int64),
                  matrix.data.astype(np.float64)):
        digest.update(np.ascontiguousarray(array).tobytes())
    digest.update(json.dumps(list(matrix.shape)).encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class _Vocabulary:
    """Per-row arrays for candidate selection: row index, lemma rank, PoS, lower-cased lemma."""

    rows: dict[tuple[str, str], int]
    rank: np.ndarray
    pos: np.ndarray
    lower: np.ndarray

    @classmethod
    def of(cls, words: tuple[tuple[str, str], ...]) -> _Vocabulary:
        order = sorted(range(len(words)), key=words.__getitem__)
        rank = np.empty(len(words), dtype=np.int64)
        rank[np.array(order, dtype=np.int64)] = np.arange(len(words))
        return cls(rows={word: index for index, word in enumerate(words)}, rank=rank,
                   pos=np.array([pos for _, pos in words], dtype=object),
                   lower=np.array([lemma.lower() for lemma, _ in words], dtype=object))


#: The counts themselves, or a loader called when they are first needed.
CountsSource = FeatureCounts | Callable[[], FeatureCounts]


@dataclass
class Neighbourhood:
    """Ranks the same-PoS vocabulary around targets for every measure.

    Make one per `FeatureCounts` and share it between generators: the counts are loaded (when
    given as a loader) and the `MeasureSpace` prepared on first need only.

    Arguments:
        source: the word × feature counts, or a function returning them.
        alpha: the skew of ``lee``.
        key_source: returns the counts' key without loading them (e.g. from the settings
            that built them); None hashes the loaded counts (`counts_key`).
    """

    source: CountsSource
    alpha: float = DEFAULT_ALPHA
    key_source: Callable[[], str] | None = None
    _counts: FeatureCounts | None = field(default=None, init=False, repr=False)
    _key: str | None = field(default=None, init=False, repr=False)
    _prepared: tuple[MeasureSpace, _Vocabulary] | None = field(default=None, init=False,
                                                              repr=False)
    _pools: dict[tuple[str, float], tuple[np.ndarray, MeasureSpace]] = field(
        default_factory=dict, init=False, repr=False)

    @property
    def counts(self) -> FeatureCounts:
        """Return the counts (loaded on first call)."""
        if self._counts is None:
            self._counts = (self.source if isinstance(self.source, FeatureCounts)
                            else self.source())
        return self._counts

    def key(self) -> str:
        """Return the counts' key (from `key_source`, else `counts_key`)."""
        if self._key is None:
            self._key = self.key_source() if self.key_source else counts_key(self.counts)
        return self._key

    def prepared(self) -> tuple[MeasureSpace, _Vocabulary]:
        """Return the prepared matrices and vocabulary arrays (built on first call)."""
        if self._prepared is None:
            # the full space is only read for target rows: no csc copies
            self._prepared = (MeasureSpace.from_counts(self.counts, columns=False),
                              _Vocabulary.of(self.counts.words))
        return self._prepared

    def nearest(self, lemma: str, pos: str, measures: tuple[str, ...] = MEASURES,
                min_count: float = DEFAULT_MIN_COUNT, k: int = 10,
                ) -> dict[str, list[Neighbour]] | None:
        """Return the `k` nearest neighbours of (lemma, pos) for each measure.

        Returns:
            {measure: neighbours best first}, or None when the target is not a row.
        """
        space, vocabulary = self.prepared()
        row = vocabulary.rows.get((lemma, pos))
        if row is None:
            return None
        pool, among = self.pool(pos, min_count)
        eligible = (vocabulary.lower[pool] != lemma.lower()) & (pool != row)
        found: dict[str, list[Neighbour]] = {}
        for name, comparison in compare(space, row, measures, self.alpha, among).items():
            candidates = np.flatnonzero(eligible & comparison.related)
            scores = comparison.scores[candidates]
            rows = pool[candidates]
            # deterministic ties: score descending, then lemma (np.lexsort: last key first)
            order = np.lexsort((vocabulary.rank[rows], -scores))[:k]
            found[name] = [Neighbour(self.counts.words[int(rows[i])][0], float(scores[i]))
                           for i in order]
        return found

    def pool(self, pos: str, min_count: float) -> tuple[np.ndarray, MeasureSpace]:
        """Return the rows of `pos` with c(w) ≥ `min_count` and their subspace (memoised)."""
        if (pos, min_count) not in self._pools:
            space, vocabulary = self.prepared()
            pool = np.flatnonzero((vocabulary.pos == pos) & (space.totals >= min_count))
            self._pools[(pos, min_count)] = (pool, space.subset(pool))
        return self._pools[(pos, min_count)]


def nearest(counts: FeatureCounts, lemma: str, pos: str, measure: str,
            min_count: float = DEFAULT_MIN_COUNT, k: int = 10,
            alpha: float = DEFAULT_ALPHA) -> list[Neighbour]:
    """Return the `k` nearest same-PoS neighbours of (lemma, pos) by `measure` (uncached).

    A target that is not a row of `counts` has no neighbours ([]).

    >>> import scipy.sparse as sp
    >>> counts = FeatureCounts(words=(("a", "n"), ("b", "n"), ("c", "n")),
    ...     features=(("obj", "x"), ("obj", "y")),
    ...     matrix=sp.csr_matrix([[1.0, 1.0], [1.0, 0.0], [0.0, 1.0]]))
    >>> [n.lemma for n in nearest(counts, "a", "n", "jaccard", min_count=0)]
    ['b', 'c']
    """
    found = Neighbourhood(counts, alpha).nearest(lemma, pos, (measure,), min_count, k)
    return [] if found is None else found[measure]
