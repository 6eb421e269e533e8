"""The `lm` ranker: an n-gram language model scores the sentence with each candidate in place.

Reproduces the `lm` ranker of Jabbari et al. (2010): candidates (lemmas from a generator) are
put into the target's surface form (`lexsub_baselines.rankers.inflection`) and scored by a KenLM
n-gram model in the target's slot.

Only the n-grams that change with the candidate are scored. For an order-n model the words
before the target enter through the n-1 words just left of it, whose KenLM state is computed
once per instance (from `<s>` when they reach the sentence start); each candidate then costs one
query per candidate word plus one per word of the n-1 words right of the slot (and `</s>` when
those reach the sentence end). Everything further right is scored with a history that no
longer contains the candidate, so it is the same for all candidates: the ranking equals the
ranking by whole-sentence probability.

Score = mean log10 probability over the scored tokens (candidate words + right window
[+ `</s>`]). For single-word candidates the count is the same for every candidate, so this is
the sentence-probability ranking; the mean only stops multiword candidates (more words, more
factors below 1) from being penalised for their length. `length_norm=False` gives the plain
sum (the log-probability of the sentence up to a per-instance constant).

Fallbacks (never an exception): a candidate whose words KenLM does not know gets the model's
`<unk>` probability for those words (as KenLM scores them); a candidate that tokenises to
nothing (an empty string) ranks last (the lowest score of the instance minus 1); a target index
outside the sentence gives every candidate the context-free score of its inflected form as a
sentence of its own (`<s> cand </s>`, per-token mean), which at least prefers frequent words.
Context tokens are mapped to the LM's characters (curly quotes, dashes) and split like the
training text.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.lm.model import LanguageModel
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.rankers.inflection import Inflector
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.text.tokenise import normalise_token, tokenise

__all__ = ["LMRanker"]


class LMRanker:
    """Rank candidates by the n-gram probability of the sentence with the candidate in place.

    Arguments:
        lm: the model, or a zero-argument callable returning it (loaded on first use).
        length_norm: score by mean log10 probability per scored token (default) or the sum.
        inflect: put candidates into the target's surface form first (default True).
        name: the ranker's registered name.
    """

    def __init__(self, lm: LanguageModel | Callable[[], LanguageModel], *,
                 length_norm: bool = True, inflect: bool = True, name: str = "lm") -> None:
        self._lm = lm
        self.length_norm = length_norm
        self.inflect = inflect
        self.name = name

    @cached_property
    def lm(self) -> LanguageModel:
        """Return the language model (loading or building it on first use)."""
        return self._lm if isinstance(self._lm, LanguageModel) else self._lm()

    def _prepare(self, text: str) -> list[str]:
        words = tokenise(text)
        return [w.lower() for w in words] if self.lm.config.lowercase else words

    def _context(self, instance: Instance) -> list[str] | None:
        if instance.target_length < 1 or not (
                instance.target_index >= 0
                and instance.target_index + instance.target_length <= len(instance.tokens)):
            return None
        context = [normalise_token(t) for t in instance.tokens]
        return [t.lower() for t in context] if self.lm.config.lowercase else context

    def _standalone(self, words: list[str]) -> float:
        if not words:
            return float(self.lm.model.score("<unk>", bos=True, eos=True)) / 2
        total = float(self.lm.model.score(" ".join(words), bos=True, eos=True))
        return total / (len(words) + 1) if self.length_norm else total

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        """Return the score of each candidate in order (higher is better)."""
        import kenlm

        model: Any = self.lm.model
        inflector = Inflector(instance) if self.inflect else None
        surfaces = [inflector(c.lemma) if inflector else c.lemma for c in candidates]
        words_of = [self._prepare(s) for s in surfaces]
        context = self._context(instance)
        if context is None:
            return [self._standalone(words) for words in words_of]
        history = model.order - 1
        start = instance.target_index
        end = start + instance.target_length
        left_state, scratch = kenlm.State(), kenlm.State()
        if start - history <= 0:
            model.BeginSentenceWrite(left_state)
        else:
            model.NullContextWrite(left_state)
        for word in context[max(0, start - history):start]:
            model.BaseScore(left_state, word, scratch)
            left_state, scratch = scratch, left_state
        right = context[end:end + history]
        reaches_end = end + history >= len(context)
        tail = (*right, "</s>") if reaches_end else tuple(right)
        first, second = kenlm.State(), kenlm.State()
        results: list[float | None] = []
        for words in words_of:
            if not words:
                results.append(None)
                continue
            source, target = left_state, first  # left_state is never overwritten
            total = 0.0
            for word in (*words, *tail):
                total += model.BaseScore(source, word, target)
                source, target = target, (second if target is first else first)
            scored = len(words) + len(right) + (1 if reaches_end else 0)
            results.append(total / scored if self.length_norm else total)
        known = [r for r in results if r is not None]
        empty = min(known) - 1.0 if known else self._standalone([])
        return [empty if r is None else r for r in results]

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates scored and ordered best first (ties: generator order)."""
        if not candidates:
            return []
        scores = self.scores(instance, candidates)
        return order_by_score([c.scored(s) for c, s in zip(candidates, scores, strict=True)])
