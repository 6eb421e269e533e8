"""The `bow` ranker: how probable are the target's context words given the candidate?

Reproduces the bag-of-words ranker of Jabbari et al. (2010) with our own estimates:

    score(c) = Σ_{w ∈ context} log P(w | c),
    P(w | c) = (n(c, w) + μ · P(w)) / (n(c) + μ)          (Dirichlet smoothing)

where n(c, w) counts w within `window` tokens of c in the corpus sample
(`lexsub_baselines.lm.cooccurrence`), n(c) = Σ_w n(c, w), P(w) = the context-word unigram
distribution (column totals / grand total) and μ = `mu` (default `DEFAULT_MU` = 10^5, chosen
on the TRIAL data from {50, 200, 500, 2000, 10^4, 3·10^4, 10^5, 10^6} with the WordNet
generator: official oot recall 25.4, 25.7, 26.5, 27.3, 28.6, 28.9, 29.2, 29.1; with a strong
prior towards P(w), score differences behave like a smoothed pointwise mutual information of
candidate and context words). The context is the instance's tokens within the same `window`
on each side of the target, lower-cased, keeping only the matrix's context words (stopwords —
the most frequent corpus words — punctuation, numbers and words below the count threshold are
ignored); each occurrence counts.

The candidate's row: its form inflected like the target (`told` → `said`), else its lemma;
a multiword candidate pools the rows of its content words (counts summed; stopword parts such
as `off` in `take off` are left out unless the multiword has nothing else). A candidate with
no row at all (never seen `min_count` times in the sample) is ranked below every candidate
that has one: it scores the instance's lowest known score minus 1 (or, when no candidate is
known, the background score Σ log P(w), the same for all). Smoothing alone would give it the
background score, which beats every known word whose counts miss the context — rare, unseen
words are poor substitutes, so they go last. A target index outside the sentence gives an
empty context, as does a context of stopwords only: every candidate scores 0 and the
generator's order stands.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, lru_cache

import numpy as np

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.lm.cooccurrence import (
    CooccurrenceConfig,
    Cooccurrences,
    cooccurrence_stem,
)
from lexsub_baselines.lm.corpus_text import corpus_text_path
from lexsub_baselines.lm.model import DEFAULT_MAX_TOKENS
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.rankers.inflection import Inflector
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.text.tokenise import normalise_token

__all__ = ["DEFAULT_MU", "BowModel", "BowRanker", "load_bow_model", "shared_bow_model"]

#: The Dirichlet prior weight μ (chosen on the trial data; see the module docstring).
DEFAULT_MU = 100_000.0


class BowModel:
    """Smoothed P(context word | candidate) from co-occurrence counts.

    Arguments:
        counts: the count matrix.
        mu: the Dirichlet prior's weight.
    """

    def __init__(self, counts: Cooccurrences, mu: float = DEFAULT_MU) -> None:
        self.counts = counts
        self.mu = mu
        self.window = int(counts.meta.get("window", 5))
        self.ids = counts.index()
        self.row_totals = np.asarray(counts.matrix.sum(axis=1), dtype=np.float64).ravel()
        column_totals = np.asarray(counts.matrix.sum(axis=0), dtype=np.float64).ravel()
        grand = column_totals.sum()
        self.background = column_totals / grand if grand > 0 else column_totals

    def context_ids(self, instance: Instance) -> np.ndarray:
        """Return the column ids of the instance's context words (repeats kept)."""
        start, end = instance.target_index, instance.target_index + instance.target_length
        if instance.target_length < 1 or start < 0 or end > len(instance.tokens):
            return np.zeros(0, dtype=np.int64)
        tokens = instance.tokens[max(0, start - self.window):start] \
            + instance.tokens[end:end + self.window]
        found = (self.ids.get(normalise_token(t).lower()) for t in tokens)
        ids = [i for i in found if i is not None and self.counts.context[i]]
        return np.asarray(ids, dtype=np.int64)

    def rows(self, surface: str, lemma: str) -> list[int]:
        """Return the rows standing for a candidate (see the module docstring)."""
        for text in (surface.lower(), lemma.lower()):
            row = self.ids.get(text)
            if row is not None:
                return [row]
        rows: list[int] = []
        for text in (surface.lower(), lemma.lower()):
            found = [self.ids.get(part) for part in text.replace("_", " ").split()]
            known = [p for p in found if p is not None]
            rows = [p for p in known if self.counts.context[p]] or known
            if rows:
                break
        return rows

    def log_prob(self, rows: list[int], context: np.ndarray) -> float:
        """Return Σ log P(w | c) over the context ids for the pooled `rows`."""
        return self.log_probs([rows], context)[0]

    def log_probs(self, row_sets: list[list[int]], context: np.ndarray) -> list[float]:
        """Return Σ log P(w | c) for each pooled row set (one sparse slice for all of them)."""
        if len(context) == 0:
            return [0.0] * len(row_sets)
        prior = self.mu * self.background[context]
        every = sorted({row for rows in row_sets for row in rows})
        position = {row: i for i, row in enumerate(every)}
        block = self.counts.matrix[every][:, context].toarray() if every else None
        results = []
        for rows in row_sets:
            if rows and block is not None:
                joint = block[[position[r] for r in rows]].sum(axis=0, dtype=np.float64)
                total = float(self.row_totals[rows].sum())
            else:
                joint, total = np.zeros(len(context)), 0.0
            probs = (joint + prior) / (total + self.mu)
            results.append(float(np.log(np.maximum(probs, 1e-300)).sum()))
        return results


class BowRanker:
    """Rank candidates by the bag-of-words log-probability of the target's context.

    Arguments:
        model: the `BowModel`, or a zero-argument callable returning it (loaded on first use).
        inflect: look the candidate up in the target's surface form first (default True).
        name: the ranker's registered name.
    """

    def __init__(self, model: BowModel | Callable[[], BowModel], *, inflect: bool = True,
                 name: str = "bow") -> None:
        self._model = model
        self.inflect = inflect
        self.name = name

    @cached_property
    def model(self) -> BowModel:
        """Return the model (loading or building the counts on first use)."""
        return self._model if isinstance(self._model, BowModel) else self._model()

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        """Return Σ log P(w | c) for each candidate in order (higher is better)."""
        model = self.model
        context = model.context_ids(instance)
        if len(context) == 0:  # no usable context (or a bad target index): no evidence
            return [0.0] * len(candidates)
        inflector = Inflector(instance) if self.inflect else None
        row_sets = [model.rows(inflector(c.lemma) if inflector else c.lemma, c.lemma)
                    for c in candidates]
        scores = model.log_probs(row_sets, context)
        known = [s for s, rows in zip(scores, row_sets, strict=True) if rows]
        unknown = min(known) - 1.0 if known else scores[0]  # all unknown: background for all
        return [s if rows else unknown for s, rows in zip(scores, row_sets, strict=True)]

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates scored and ordered best first (ties: generator order)."""
        if not candidates:
            return []
        scores = self.scores(instance, candidates)
        return order_by_score([c.scored(s) for c, s in zip(candidates, scores, strict=True)])


def load_bow_model(roots: Roots, corpora: tuple[str, ...] = ("enwiki", "gutenberg"),
                   max_tokens: int | None = DEFAULT_MAX_TOKENS,
                   config: CooccurrenceConfig | None = None, mu: float = DEFAULT_MU
                   ) -> BowModel:
    """Return the bag-of-words model over the same corpus sample as the default LM.

    Raises:
        MissingResourceError: the counts (default `CooccurrenceConfig()`) are not built yet
            (`lexsub build bow` builds them).
    """
    stem = cooccurrence_stem(roots.cache, corpus_text_path(roots, corpora, max_tokens),
                             config or CooccurrenceConfig())
    counts = Cooccurrences.load(stem)
    if counts is None:
        raise MissingResourceError("bag-of-words counts", stem.with_suffix(".npz"),
                                   "run `lexsub build bow`")
    return BowModel(counts, mu=mu)


@lru_cache(maxsize=2)
def shared_bow_model(roots: Roots, corpora: tuple[str, ...] = ("enwiki", "gutenberg"),
                     max_tokens: int | None = DEFAULT_MAX_TOKENS,
                     config: CooccurrenceConfig | None = None) -> BowModel:
    """Return `load_bow_model(roots, ...)`, loaded once per process (bow and cmlc): the
    counts of the LM's corpus sample (`corpora`, `max_tokens`) with `config`, as the build
    graph's `bow` stage made them."""
    return load_bow_model(roots, corpora, max_tokens, config)
