"""Windowed co-occurrence counts for the bag-of-words ranker.

From the tokenised corpus sample (`corpus_text`, lower-cased here), count for every word `c`
and context word `w` how often `w` occurs within `window` tokens of `c` in the same sentence
(both sides, so the matrix is symmetric before the column filter). Rows are all words seen at
least `min_count` times; columns are the same words except the `stop_top` most frequent ones
(data-driven stopwords: function words and common punctuation) and tokens without a letter
(punctuation, numbers). Counts are a `scipy.sparse.csr_matrix` (float32), built in chunks of
sentences, cached under `<cache>/lm/` by their inputs (sample, window, thresholds, tokeniser
version), written atomically and sealed.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.sparse import load_sparse, save_sparse
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.lm.corpus_text import CorpusText

__all__ = ["CooccurrenceConfig", "Cooccurrences", "build_cooccurrences", "cooccurrence_stem"]

_CHUNK_SENTENCES = 50_000


@dataclass(frozen=True)
class CooccurrenceConfig:
    """Settings of the count matrix.

    Attributes:
        window: context words counted on each side of a word (same sentence).
        min_count: a word needs this many occurrences to get a row and a column.
        stop_top: the most frequent words excluded as context (stopwords).
    """

    window: int = 5
    min_count: int = 5
    stop_top: int = 100

    def check(self) -> None:
        """Raise LexsubError when a setting is out of range."""
        if self.window < 1 or self.min_count < 1 or self.stop_top < 0:
            raise LexsubError(f"bad co-occurrence settings {self}: window and min_count must "
                              "be at least 1, stop_top at least 0")


@dataclass(frozen=True)
class Cooccurrences:
    """A word × context-word count matrix.

    Attributes:
        words: row and column labels (lower-cased tokens), most frequent first.
        matrix: csr counts, shape (len(words), len(words)); stopword and non-word columns are 0.
        context: boolean mask of the columns used as context words.
        meta: settings and corpus sample they were built from.
    """

    words: tuple[str, ...]
    matrix: sp.csr_matrix
    context: np.ndarray
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def index(self) -> dict[str, int]:
        """Return {word: row}."""
        return {word: i for i, word in enumerate(self.words)}

    def save(self, stem: Path) -> None:
        """Write `stem.npz` and `stem.json` atomically and seal both."""
        save_sparse(stem, self.matrix,
                    {"words": self.words,
                     "context": [int(i) for i in np.flatnonzero(self.context)],
                     "meta": self.meta},
                    compressed=False)

    @classmethod
    def load(cls, stem: Path) -> Cooccurrences | None:
        """Read counts saved by `save`; None when absent or failing the checksum."""
        saved = load_sparse(stem)
        if saved is None:
            return None
        matrix, info = saved
        words = tuple(info["words"])
        context = np.zeros(len(words), dtype=bool)
        context[np.asarray(info["context"], dtype=np.int64)] = True
        return cls(words=words, matrix=matrix, context=context, meta=info["meta"])


def _sentences(path: Path) -> Iterator[list[str]]:
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            yield line.lower().split()


def _vocabulary(text: CorpusText, config: CooccurrenceConfig, progress: bool
                ) -> tuple[tuple[str, ...], np.ndarray]:
    from tqdm import tqdm

    counts: Counter[str] = Counter()
    for words in tqdm(_sentences(text.path), total=text.sentences, unit="sent", file=sys.stderr,
                      disable=not progress, desc="bow: vocabulary"):
        counts.update(words)
    ranked = sorted((w for w, n in counts.items() if n >= config.min_count),
                    key=lambda w: (-counts[w], w))
    stop = set(ranked[:config.stop_top])
    context = np.array([w not in stop and any(ch.isalpha() for ch in w) for w in ranked],
                       dtype=bool)
    return tuple(ranked), context


def _chunk_counts(chunk: list[list[str]], ids: dict[str, int], context: np.ndarray,
                  window: int, size: int) -> sp.csr_matrix:
    flat: list[int] = []
    sentence: list[int] = []
    for number, words in enumerate(chunk):
        for word in words:
            flat.append(ids.get(word, -1))
            sentence.append(number)
    tokens = np.asarray(flat, dtype=np.int32)
    sent = np.asarray(sentence, dtype=np.int32)
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for offset in range(1, window + 1):
        a, b = tokens[:-offset], tokens[offset:]
        same = (sent[:-offset] == sent[offset:]) & (a >= 0) & (b >= 0)
        a, b = a[same], b[same]
        keep = context[b]  # w = b is a context word of c = a
        rows.append(a[keep])
        cols.append(b[keep])
        keep = context[a]  # and the other way round
        rows.append(b[keep])
        cols.append(a[keep])
    row = np.concatenate(rows)
    col = np.concatenate(cols)
    data = np.ones(len(row), dtype=np.float32)
    return sp.csr_matrix((data, (row, col)), shape=(size, size), dtype=np.float32)


def cooccurrence_stem(cache_dir: Path, text: Path, config: CooccurrenceConfig) -> Path:
    """Return the cache stem of the counts of the sample at `text` with `config`."""
    key = computation_key(None, "bow-counts", code=(__name__,), text=text.name,
                          window=config.window, min_count=config.min_count,
                          stop_top=config.stop_top)
    return cache_dir / "lm" / f"bow-{key}"


def build_cooccurrences(text: CorpusText, cache_dir: Path,
                        config: CooccurrenceConfig = CooccurrenceConfig(),
                        progress: bool = True) -> Cooccurrences:
    """Return the counts of `text` for `config`, counting and caching them on first use.

    Arguments:
        text: the tokenised corpus sample.
        cache_dir: the cache root (`roots.cache`); files go under `cache_dir/lm/`.
        config: window and thresholds.
        progress: show tqdm bars on stderr.
    """
    config.check()
    stem = cooccurrence_stem(cache_dir, text.path, config)
    cached = Cooccurrences.load(stem)
    if cached is not None:
        return cached
    from tqdm import tqdm

    words, context = _vocabulary(text, config, progress)
    ids = {word: i for i, word in enumerate(words)}
    total = sp.csr_matrix((len(words), len(words)), dtype=np.float32)
    sentences = _sentences(text.path)
    with tqdm(total=text.sentences, unit="sent", file=sys.stderr, disable=not progress,
              desc="bow: counting") as bar:
        while chunk := list(islice(sentences, _CHUNK_SENTENCES)):
            total = total + _chunk_counts(chunk, ids, context, config.window, len(words))
            bar.update(len(chunk))
    counts = Cooccurrences(
        words=words, matrix=total.tocsr(), context=context,
        meta={"window": config.window, "min_count": config.min_count,
              "stop_top": config.stop_top, "corpus": text.label, "corpus_tokens": text.tokens,
              "code": code_digest(__name__), "nnz": int(total.nnz)})
    counts.save(stem)
    return counts
