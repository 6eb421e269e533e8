"""The embedding rankers of Melamud, Levy & Dagan (2015): Add, BalAdd, Mult and BalMult.

"A simple word embedding model for lexical substitution" scores a substitute s of a target t
in the context words C with a skip-gram model's word vectors (t, s) and context vectors (c):

- Add     = (cos(s,t) + Σ_c cos(s,c)) / (|C| + 1)
- BalAdd  = (|C|·cos(s,t) + Σ_c cos(s,c)) / (2|C|)
- Mult    = (pcos(s,t) · Π_c pcos(s,c)) ^ (1 / (|C| + 1))
- BalMult = (pcos(s,t)^|C| · Π_c pcos(s,c)) ^ (1 / (2|C|))

with pcos = (cos + 1) / 2; cos(s,t) compares two word vectors, cos(s,c) the substitute's word
vector with the context word's context vector. (The authors' released code computes `add`,
`avg`, `mult` and `geomean`, which order candidates as these four do.) The Bal forms give the
target as much weight as the whole context. Our choices where the paper is silent or our data
differ:

- contexts are the words within the training window of the target (the paper's window
  variant; its main results used dependency contexts), lower-cased and cut by the corpus
  tokeniser (`word2vec.tokenise`); words outside the vocabulary are dropped;
- the target is its form in the sentence, else its lemma (as the original code does); a
  target outside the vocabulary leaves the context terms alone; with no known context word
  every measure is the target term (the Bal forms' 0/0 read as that limit);
- a substitute is its lemma; one outside the vocabulary (multiwords too) scores `UNKNOWN`,
  below every measure's range, so it keeps the generator's order after the known ones.

Apart from the model it reads (`distributional.embeddings`), this module uses only what
`lexsub_baselines` exports publicly (`Candidate`, `Instance`, `LexsubError`, the ranker
contract): a ranker of one's own is built the same way (docs/add-system.md);
`tests/test_public_api.py` checks it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.distributional.embeddings import Embeddings
from lexsub_baselines.distributional.word2vec import tokenise
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["MEASURES", "UNKNOWN", "EmbeddingRanker", "measure_scores"]

#: The four measures, by their registered names (`emb:add`, ...).
MEASURES: tuple[str, ...] = ("add", "baladd", "mult", "balmult")
#: The score of a substitute the model does not know: below every measure's range.
UNKNOWN = -2.0


def measure_scores(measure: str, target: Any, contexts: Any) -> Any:
    """Return each substitute's score from its cosines with the target and the contexts.

    Arguments:
        measure: one of `MEASURES`.
        target: cos(s, t) per substitute, shape (k,), or None when the target is unknown.
        contexts: cos(s, c) per substitute and context word, shape (k, m), m may be 0.

    >>> import numpy as np
    >>> cos_t, cos_c = np.array([0.5]), np.array([[0.1, 0.3]])
    >>> [round(float(measure_scores(m, cos_t, cos_c)[0]), 4) for m in MEASURES]
    [0.3, 0.35, 0.6448, 0.6697]
    """
    import numpy as np

    m = contexts.shape[1]
    if target is None and m == 0:
        return np.zeros(contexts.shape[0])
    if measure in ("add", "baladd"):
        total = contexts.sum(axis=1)
        if target is None:
            return total / m
        if measure == "add":
            return (target + total) / (m + 1)
        return target if m == 0 else (m * target + total) / (2 * m)
    if measure not in ("mult", "balmult"):
        raise LexsubError(f"unknown embedding measure {measure!r}; known: {', '.join(MEASURES)}")
    # geometric means in log space; pcos is clipped away from 0 (cos = -1 exactly)
    log_c = np.log(np.clip((contexts + 1) / 2, 1e-12, None)).sum(axis=1)
    if target is None:
        return np.exp(log_c / m)
    log_t = np.log(np.clip((target + 1) / 2, 1e-12, None))
    if measure == "mult":
        return np.exp((log_t + log_c) / (m + 1))
    return np.exp(log_t) if m == 0 else np.exp((m * log_t + log_c) / (2 * m))


@dataclass
class EmbeddingRanker:
    """Ranks candidates by one of Melamud et al.'s (2015) measures.

    Arguments:
        measure: one of `MEASURES`.
        embeddings: the word and context vectors, or a function returning them (called on
            first need, so building a system does not load the model).
        window: context words taken on each side of the target.
    """

    measure: str
    embeddings: Embeddings | Callable[[], Embeddings]
    window: int = 5
    name: str = field(init=False)
    _loaded: Embeddings | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.measure not in MEASURES:
            raise LexsubError(f"unknown embedding measure {self.measure!r}; known: "
                              f"{', '.join(MEASURES)}")
        self.name = f"emb:{self.measure}"

    def model(self) -> Embeddings:
        """Return the embeddings (loaded on first call)."""
        if self._loaded is None:
            loaded = self.embeddings
            self._loaded = loaded if isinstance(loaded, Embeddings) else loaded()
        return self._loaded

    def context_words(self, instance: Instance) -> list[str]:
        """Return the known words within `window` tokens on each side of the target."""
        model = self.model()
        left = [w for token in instance.left for w in tokenise(token)][-self.window:]
        right = [w for token in instance.right for w in tokenise(token)][:self.window]
        return [w for w in (*left, *right) if w in model.index]

    def target_vector(self, instance: Instance) -> Any:
        """Return the word vector of the target's form, else its lemma, else None."""
        model = self.model()
        for text in (instance.target, instance.lemma):
            words = tokenise(text)
            if len(words) == 1 and words[0] in model.index:
                return model.word(words[0])
        return None

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return `candidates` scored by the measure, best first (ties keep their order)."""

        model = self.model()
        rows = [model.index.get(c.lemma.lower(), -1) for c in candidates]
        known = [i for i, row in enumerate(rows) if row >= 0]
        scores = [UNKNOWN] * len(candidates)
        if known:
            substitutes = model.vectors[0, [rows[i] for i in known]]
            target = self.target_vector(instance)
            cos_t = None if target is None else substitutes @ target
            cos_c = substitutes @ model.contexts(self.context_words(instance)).T
            for i, score in zip(known, measure_scores(self.measure, cos_t, cos_c), strict=True):
                scores[i] = float(score)
        order = sorted(range(len(candidates)), key=lambda i: (-scores[i], i))
        return [candidates[i].scored(scores[i]) for i in order]
