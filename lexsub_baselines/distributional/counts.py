"""Grammatical-relation counts: the sparse word × feature matrix every measure reads.

Rows are target words as (lemma, PoS) with PoS in n/v/a/r; columns are features
(relation, other lemma), e.g. ("dobj_of", "eat") for a noun that is the direct object of "eat".
Counts are a `scipy.sparse.csr_matrix` of float64. Saved as one `.npz` (matrix) plus one
`.json` (vocabularies and metadata), written atomically and sealed with a checksum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from lexsub_baselines.core.sparse import load_sparse, save_sparse

__all__ = ["FeatureCounts", "sum_counts"]


@dataclass(frozen=True)
class FeatureCounts:
    """A word × feature count matrix with its vocabularies.

    Attributes:
        words: row labels, (lemma, pos).
        features: column labels, (relation, lemma).
        matrix: csr counts, shape (len(words), len(features)).
        meta: how the counts were made (corpus, max_tokens, parser, ...), for cache keys and
            signatures.
    """

    words: tuple[tuple[str, str], ...]
    features: tuple[tuple[str, str], ...]
    matrix: sp.csr_matrix
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def row_index(self) -> dict[tuple[str, str], int]:
        """Return {(lemma, pos): row}."""
        return {word: index for index, word in enumerate(self.words)}

    def word_totals(self) -> np.ndarray:
        """Return c(w) for every row: the sum of its feature counts."""
        return np.asarray(self.matrix.sum(axis=1)).ravel()

    def without_relations(self, relations: Iterable[str]) -> FeatureCounts:
        """Return the counts with the features of `relations` dropped (an ablation).

        Rows left without any feature are dropped too; `meta["dropped_relations"]` records
        what was removed, so the neighbour caches of the two do not mix.

        >>> counts = FeatureCounts((("cold", "a"), ("acute", "a")),
        ...     (("amod_of", "beer"), ("pred_of", "pain")), sp.csr_matrix([[2.0, 1.0], [0, 3.0]]))
        >>> small = counts.without_relations(["pred_of"])
        >>> small.words, small.features, small.matrix.toarray().tolist()
        ((('cold', 'a'),), (('amod_of', 'beer'),), [[2.0]])
        """
        dropped = sorted(set(relations))
        keep_columns = np.array([r not in dropped for r, _ in self.features], dtype=bool)
        matrix = self.matrix[:, np.flatnonzero(keep_columns)].tocsr()
        keep_rows = np.flatnonzero(np.diff(matrix.indptr) > 0)
        matrix = matrix[keep_rows].tocsr()
        return FeatureCounts(
            words=tuple(self.words[i] for i in keep_rows),
            features=tuple(f for f, keep in zip(self.features, keep_columns, strict=True)
                           if keep),
            matrix=matrix,
            meta={**self.meta, "dropped_relations": dropped})

    def save(self, stem: Path) -> None:
        """Write `stem.npz` and `stem.json` atomically and seal both."""
        save_sparse(stem, self.matrix,
                    {"words": self.words, "features": self.features, "meta": self.meta})

    @classmethod
    def load(cls, stem: Path) -> FeatureCounts | None:
        """Read counts saved by `save`; None when absent or failing its checksum."""
        saved = load_sparse(stem)
        if saved is None:
            return None
        matrix, info = saved
        return cls(
            words=tuple((w, p) for w, p in info["words"]),
            features=tuple((r, f) for r, f in info["features"]),
            matrix=matrix,
            meta=info["meta"],
        )


def sum_counts(parts: Sequence[FeatureCounts], meta: dict[str, Any] | None = None
               ) -> FeatureCounts:
    """Return the sum of count matrices over the union of their vocabularies.

    Rows and columns of the result are sorted, so the sum does not depend on the order of
    `parts` (counts are whole numbers, added exactly): merging shards in any grouping gives
    the same matrix.

    >>> a = FeatureCounts((("a", "n"),), (("obj_of", "eat"),), sp.csr_matrix([[2.0]]))
    >>> b = FeatureCounts((("b", "n"), ("a", "n")), (("obj_of", "eat"),),
    ...                   sp.csr_matrix([[1.0], [3.0]]))
    >>> total = sum_counts([a, b])
    >>> total.words, total.matrix.toarray().tolist()
    ((('a', 'n'), ('b', 'n')), [[5.0], [1.0]])
    """
    words = sorted(set().union(*(part.words for part in parts)))
    features = sorted(set().union(*(part.features for part in parts)))
    word_ids = {word: index for index, word in enumerate(words)}
    feature_ids = {feature: index for index, feature in enumerate(features)}
    rows, cols, data = [], [], []
    for part in parts:
        coo = part.matrix.tocoo()
        row_map = np.fromiter((word_ids[w] for w in part.words), np.int64, len(part.words))
        col_map = np.fromiter((feature_ids[f] for f in part.features), np.int64,
                              len(part.features))
        rows.append(row_map[coo.row])
        cols.append(col_map[coo.col])
        data.append(coo.data.astype(np.float64))
    shape = (len(words), len(features))
    if rows:
        matrix = sp.csr_matrix((np.concatenate(data), (np.concatenate(rows), np.concatenate(cols))),
                               shape=shape)
    else:
        matrix = sp.csr_matrix(shape, dtype=np.float64)
    matrix.sum_duplicates()
    matrix.sort_indices()
    return FeatureCounts(words=tuple(words), features=tuple(features), matrix=matrix,
                         meta=dict(meta or {}))
