"""Skip-gram word *and context* embeddings over the corpus (Melamud, Levy & Dagan 2015).

Melamud et al. rank substitutes with both matrices a skip-gram model learns: the word (input)
vectors and the context (output) vectors, which word2vec implementations usually throw away.
gensim keeps the output vectors of negative sampling (`syn1neg`), row for row with the word
vectors, so the `embeddings` build stage trains one skip-gram model with gensim
(`word2vec.train_model`, the tokeniser and corpus sample of the `word2vec` stage) and caches
both matrices, L2-normalised (the measures only take cosines).

What differs from the original: Melamud et al. trained word2vecf on *dependency* contexts of
ukWaC (about 2B words, 600 dimensions); we train a *linear-window* skip-gram on the shipped
Wikipedia + Gutenberg sample (`SKIPGRAM`), so a context word is a neighbouring word, not a
(relation, word) pair.

Determinism: one worker and a fixed seed, as for `word2vec` (the cached files are
byte-identical run to run); `workers` is part of the cache key.

Files: `<cache>/embeddings/sgns-KEY.npy` (float32, shape (2, V, D): word vectors, then
context vectors, rows L2-normalised) and `sgns-KEY.vocab` (one word a line, row order), both
sealed, with `sgns-KEY.json` describing the settings and the training time.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_path, atomic_write_text, seal, verified
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.word2vec import Word2VecSettings
from lexsub_baselines.inputs.code_identity import code_digest

__all__ = ["SKIPGRAM", "Embeddings", "build_embeddings", "embeddings_path", "load_embeddings",
           "shared_embeddings"]

#: The skip-gram model of the `emb:*` rankers: negative sampling (the context vectors are
#: its output vectors), 20M tokens of the corpus (the `word2vec` sample), 3 epochs, one
#: worker. Dimensions and window were chosen on the trial data only (`scripts/emb_trial.py`;
#: mean trial GAP of the four measures on the LST pools): 300 x 2 43.73, 300 x 1 42.68,
#: 300 x 5 42.15, 100 x 2 43.10, 100 x 5 42.44 (docs/systems.md, "Embedding rankers").
SKIPGRAM = Word2VecSettings(sg=1, vector_size=300, window=2, min_count=5, negative=5,
                            epochs=3, seed=1, workers=1)


@dataclass(frozen=True)
class Embeddings:
    """Word and context vectors of one skip-gram model, rows L2-normalised.

    Attributes:
        words: the vocabulary, in row order.
        vectors: float32 array of shape (2, V, D): [0] word vectors, [1] context vectors.
    """

    words: tuple[str, ...]
    vectors: Any
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {w: i for i, w in enumerate(self.words)})

    def word(self, word: str) -> Any:
        """Return the unit word (input) vector of `word`, or None when it is not known."""
        row = self.index.get(word)
        return None if row is None else self.vectors[0, row]

    def contexts(self, words: Sequence[str]) -> Any:
        """Return the unit context (output) vectors of the known `words`, shape (k, D)."""
        rows = [self.index[w] for w in words if w in self.index]
        return self.vectors[1, rows]


def embeddings_path(roots: Roots, settings: Word2VecSettings = SKIPGRAM) -> Path:
    """Return where the matrices of `settings` are cached (`embeddings/sgns-KEY.npy`)."""
    return roots.cache / "embeddings" / f"sgns-{settings.key(roots, __name__)}.npy"


def _unit_rows(matrix: Any) -> Any:
    import numpy as np

    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.maximum(norms, 1e-12)).astype(np.float32)


def build_embeddings(roots: Roots, settings: Word2VecSettings = SKIPGRAM,
                     paragraphs: Iterable[str] | None = None, progress: bool = True) -> Path:
    """Train the skip-gram model of `settings` and cache both matrices, unless cached.

    Arguments:
        roots: the cache (and, unless `paragraphs` is given, the corpora) location.
        settings: training settings; `sg` must be 1 and `negative` > 0 (context vectors).
        paragraphs: the training text; None reads `settings.corpora` from the shared root.
        progress: show tqdm bars on stderr.

    Returns:
        The `.npy` file (its `.vocab` and `.json` beside it).

    Raises:
        LexsubError: the corpus is too small (no word reaches `min_count`).
    """
    import numpy as np

    from lexsub_baselines.distributional.word2vec import train_model

    if settings.sg != 1 or settings.negative <= 0:
        raise ValueError("context embeddings need skip-gram (sg=1) with negative sampling")
    path = embeddings_path(roots, settings)
    vocab = path.with_suffix(".vocab")
    if verified(path) and verified(vocab):
        return path
    if paragraphs is None:
        from lexsub_baselines.text.corpora import iter_paragraphs

        paragraphs = iter_paragraphs(roots, settings.corpora, settings.max_tokens)
    path.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    model = train_model(paragraphs, settings, workdir=path.parent, progress=progress)
    seconds = time.perf_counter() - start
    stacked = np.stack([_unit_rows(model.wv.vectors), _unit_rows(model.syn1neg)])
    with atomic_path(path) as tmp, open(tmp, "wb") as handle:
        np.save(handle, stacked, allow_pickle=False)
    atomic_write_text(vocab, "".join(f"{w}\n" for w in model.wv.index_to_key))
    seal(path)
    seal(vocab)
    atomic_write_text(path.with_suffix(".json"), json.dumps(
        {"settings": asdict(settings), "code": code_digest(__name__),
         "vocabulary": len(model.wv.index_to_key), "seconds": round(seconds, 1)},
        indent=1, sort_keys=True) + "\n")
    return path


def load_embeddings(roots: Roots, settings: Word2VecSettings = SKIPGRAM) -> Embeddings:
    """Return the cached word and context vectors (memory-mapped).

    Raises:
        MissingResourceError: not built yet (`lexsub build embeddings` builds them).
    """
    import numpy as np

    path = embeddings_path(roots, settings)
    vocab = path.with_suffix(".vocab")
    if not (verified(path) and verified(vocab)):
        raise MissingResourceError("skip-gram embeddings", path, "run `lexsub build embeddings`")
    words = tuple(vocab.read_text(encoding="utf-8").splitlines())
    return Embeddings(words, np.load(path, mmap_mode="r"))


@functools.lru_cache(maxsize=2)
def shared_embeddings(roots: Roots, settings: Word2VecSettings = SKIPGRAM) -> Embeddings:
    """Return `load_embeddings(roots, settings)`, loaded once per process (the four
    `emb:*` rankers share one model)."""
    return load_embeddings(roots, settings)
