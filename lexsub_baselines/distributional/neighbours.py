"""Nearest neighbours of a target word by one distributional measure, with a JSON cache.

The thesauri of McCarthy & Navigli (2007): a target's neighbours are the words of the same
PoS, each compared with the target by one measure, nearest first (smallest distance for l1
and αSD, largest similarity otherwise). Candidates must have c(w) ≥ `min_count` (the sum of
their feature counts; the target itself needs no minimum), must share at least one feature
with the target (see `measures`), and are never the target lemma (compared case-insensitively,
like `candidates.without_target`). Ties are broken by score, then by lemma (code-point order).

Neighbour lists are cached per (counts key, measure, min_count, alpha), one small sealed file
per target (`NeighbourCache`), so re-runs read them back instantly, a new target costs one
file, and concurrent runs lose nothing.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from lexsub_baselines.core.cache import atomic_write_text, cache_key, seal, verified
from lexsub_baselines.core.code_identity import code_digest
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
    "NeighbourCache",
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
    return cache_key(content=digest.hexdigest(), shape=list(matrix.shape))


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


@dataclass
class NeighbourCache:
    """Neighbour lists of one (counts, measure, min_count, alpha): one small sealed file each.

    Each target's list is its own file (`<folder>/<digest of lemma.pos>.json`), written
    atomically and sealed, so that two runs filling the same cache at once lose nothing (each
    writes whole files; the same target gives the same bytes), a miss costs the new target's
    file only, and a reader trusts a file only when its seal matches.

    Arguments:
        directory: where the folder lives (under the roots' cache).
        counts: the counts' key (`counts_key`).
        measure: the measure's name.
        min_count: the neighbours' minimum c(w), absolute or relative (by its label).
        alpha: the skew of ``lee`` (part of the key for every measure, for simplicity).
    """

    directory: Path
    counts: str
    measure: str
    min_count: MinCount
    alpha: float = DEFAULT_ALPHA
    _unwritable: bool = field(default=False, init=False, repr=False, compare=False)
    _path: Path | None = field(default=None, init=False, repr=False, compare=False)
    _read: dict[tuple[str, str], tuple[int, list[Neighbour]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @property
    def path(self) -> Path:
        """Return the folder of this cache's files (its key computed once: `code_digest`
        takes about 28 ms, and `get` runs once per instance answered)."""
        if self._path is None:
            key = cache_key(counts=self.counts, measure=self.measure,
                            min_count=_label(self.min_count), alpha=self.alpha,
                            code=code_digest(__name__))
            self._path = self.directory / f"neighbours-{self.measure}-{key}"
        return self._path

    def file(self, lemma: str, pos: str) -> Path:
        """Return the file of (lemma, pos)."""
        name = hashlib.sha256(f"{lemma}.{pos}".encode()).hexdigest()[:20]
        return self.path / f"{name}.json"

    def get(self, lemma: str, pos: str, k: int) -> list[Neighbour] | None:
        """Return the cached top `k`, or None when not cached to that depth.

        A target's file is read and verified once per `NeighbourCache`: what it held is kept
        in memory (as is what `put` wrote), so the instances of one target (CoInCo: 15,415
        instances of 4,233 targets) read it once.
        """
        read = self._read.get((lemma, pos))
        if read is None:
            read = self._load(lemma, pos)
            if read is None:
                return None
            self._read[(lemma, pos)] = read
        depth, listed = read
        if depth < k and len(listed) >= depth:
            return None  # cached shallower than asked, and there may be more
        return listed[:k]

    def _load(self, lemma: str, pos: str) -> tuple[int, list[Neighbour]] | None:
        """Return (k, neighbours) of the file of (lemma, pos), or None when it is absent,
        not sealed, or another target's."""
        path = self.file(lemma, pos)
        if not verified(path):
            return None
        entry = json.loads(path.read_text(encoding="utf-8"))
        if entry.get("target") != f"{lemma}.{pos}":
            return None  # a digest collision: not ours
        return int(entry["k"]), [Neighbour(str(lemma_), float(score))
                                 for lemma_, score in entry["neighbours"]]

    def put(self, lemma: str, pos: str, k: int, neighbours: list[Neighbour]) -> None:
        """Record the top `k` of (lemma, pos) in its own file, atomically, and seal it.

        A folder this user cannot write (a read-only cache, another user's) is said once, in
        one warning naming it and the remedy; the lists are then computed without caching.
        """
        if self._unwritable:
            return
        path = self.file(lemma, pos)
        document = {"target": f"{lemma}.{pos}", "k": k, "counts": self.counts,
                    "measure": self.measure, "min_count": _label(self.min_count),
                    "alpha": self.alpha, "neighbours": [[n.lemma, n.score] for n in neighbours]}
        self._read.pop((lemma, pos), None)  # read again from the file written (or not)
        try:
            atomic_write_text(path, json.dumps(document, ensure_ascii=False, sort_keys=True)
                              + "\n")
            seal(path)
        except OSError as error:
            self._unwritable = True  # the same words for every measure: said once a run
            warnings.warn(f"{self.directory}: cannot cache neighbour lists there "
                          f"({error.strerror}); computing them without caching: make the "
                          "folder writable, or give a cache of your own (--cache-dir, "
                          "LEXSUB_CACHE_DIR)", stacklevel=2)

    def put_many(self, lists: dict[tuple[str, str], list[Neighbour]], k: int) -> None:
        """Record the top `k` of several targets (one file each)."""
        for (lemma, pos), neighbours in lists.items():
            self.put(lemma, pos, k, neighbours)


def _label(min_count: MinCount) -> float | str:
    return str(min_count) if isinstance(min_count, RelativeMinCount) else min_count
