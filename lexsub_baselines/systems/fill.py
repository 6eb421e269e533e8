"""The fill step (`+fill`): bring a system's list to k from a stated backoff chain of our resources.

LexSubGen's protocol refuses a list shorter than 10 ("Couldn't take top k"), and its GAP ranks
the lemma's whole candidate pool by the model's scores. `FilledSystem` wraps any system so that
(1) where its list holds fewer than `k` lemmas, the chain's generators (registered names, in
order) add theirs until it holds `k`, and (2) it can rank any pool of words in context
(`pool_entries`), so GAP compares ranking with ranking. Its name is the system's with the
policy's suffix (`wordnet+fill`); its settings (`FillPolicy.settings`) go into the row.

What is added, and where it goes:
- candidates come from the chain only (never from a gold-derived pool: `lst.gold.candidates`
  and CoInCo's candidate files are made from the gold of every instance of the lemma; a
  chain naming one is refused when the policy is made, `GoldPoolError`);
- the target's lemma and the lemmas the list already holds are skipped; each source adds in
  its own order (its score) until the list holds `k`;
- the added candidates go after the system's own list (the fill never displaces an answer
  of the system), tiered by chain position (tier 5, 6, ...) and ordered by the system's own
  ranker when it has one that scores words (a `ComposedSystem` whose ranker is not
  `identity`), else in the chain's order;
- an exhausted chain leaves the list short: the row is then scored under `lexsubgen-padded`
  and says so (`runs.fill_runs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.base import CandidateGenerator
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.substitutes.candidates import Candidate, dedupe, without_target
from lexsub_baselines.systems.base import OOT_SIZE, ComposedSystem, System, select_answers
from lexsub_baselines.systems.contract import generate_checked, rank_checked

__all__ = ["FILL_POLICIES", "FILL_SUFFIX", "FillPolicy", "FilledSystem", "GoldPoolError",
           "SharedChain", "refuse_gold_pool"]

#: The suffix of a filled system's name (`wordnet+fill`).
FILL_SUFFIX = "+fill"
#: Names and paths that denote a gold-derived candidate pool (lowercase fragments).
_GOLD_POOLS = ("lst-candidates", "lst.gold.candidates", ".candidates", "coinco/", "pool:")
#: The first tier of added candidates (WordNet's criteria are tiers 1-4).
_FIRST_FILL_TIER = 5


class GoldPoolError(LexsubError):
    """A fill chain names a gold-derived candidate pool."""


def refuse_gold_pool(source: str) -> None:
    """Refuse a chain source that names a gold-derived pool.

    >>> refuse_gold_pool("dist:lin")
    >>> refuse_gold_pool("data/coinco/coinco.no_problematic.candidates")
    Traceback (most recent call last):
    ...
    lexsub_baselines.systems.fill.GoldPoolError: fill chain source ...
    """
    lowered = source.lower().replace("\\", "/")
    if any(fragment in lowered for fragment in _GOLD_POOLS):
        raise GoldPoolError(f"fill chain source {source!r} is a gold-derived candidate pool "
                            "(made from the gold substitutes of every instance of the lemma), "
                            "so filling from it leaks the answer: name our own generators "
                            "(wordnet, dist:lin, word2vec)")


@dataclass(frozen=True)
class FillPolicy:
    """A named fill step: the backoff chain and the length it fills to.

    Attributes:
        name: the policy's versioned name (`fill.v2`), recorded in the row's settings.
        chain: registered generator names, tried in order.
        k: the length a list is brought to (LexSubGen's R@10 reads 10).

    Raises:
        GoldPoolError: a chain source is a gold-derived pool.
        LexsubError: an empty chain or k < 1.
    """

    name: str
    chain: tuple[str, ...]
    k: int = OOT_SIZE

    def __post_init__(self) -> None:
        if not self.chain or self.k < 1:
            raise LexsubError(f"fill policy {self.name}: give at least one chain source and "
                              f"k >= 1 (chain {list(self.chain)}, k {self.k})")
        for source in self.chain:
            refuse_gold_pool(source)

    @property
    def label(self) -> str:
        """Return the canonical form, e.g. `fill.v2[wordnet>dist:lin>word2vec>frequent]@10`."""
        return f"{self.name}[{'>'.join(self.chain)}]@{self.k}"

    def settings(self) -> dict[str, Any]:
        """Return the policy as a row's settings."""
        return {"policy": self.name, "chain": list(self.chain), "k": self.k}


#: The fill policies by suffix name (`fill` gives `+fill`); filled by `catalog`.
FILL_POLICIES: Registry[FillPolicy] = Registry("fill policy")


class SharedChain:
    """A chain's generators built once for a run and shared by every system it fills, each
    generator's candidates for an instance computed once: they depend on the instance only,
    not on the system filled (before, 24 systems on CoInCo each asked word2vec and WordNet
    again for every instance: 20-35 s a row, most of the fill's time).

    Arguments:
        sources: builds the chain's generators, in chain order (called on first use).
    """

    def __init__(self, sources: Callable[[], Sequence[CandidateGenerator]]) -> None:
        self._sources = sources
        self._built: tuple[CandidateGenerator, ...] | None = None
        self._made: dict[tuple[int, Instance], tuple[Candidate, ...]] = {}

    def generators(self) -> tuple[CandidateGenerator, ...]:
        """Return the chain's generators (built on first call)."""
        if self._built is None:
            self._built = tuple(self._sources())
        return self._built

    def made(self, who: str, position: int, instance: Instance) -> tuple[Candidate, ...]:
        """Return the checked candidates of the chain's `position`-th generator for
        `instance` (the target and repeats removed), computed once per run."""
        key = (position, instance)
        if key not in self._made:
            generator = self.generators()[position]
            self._made[key] = tuple(dedupe(without_target(
                generate_checked(who, generator, instance), instance.lemma)))
        return self._made[key]


@dataclass(frozen=True)
class FilledSystem:
    """A system whose lists are brought to `policy.k` from the policy's chain.

    Arguments:
        inner: the system filled.
        policy: the fill policy.
        sources: builds the chain's generators, in chain order (called once, when a list
            first needs filling or a pool is ranked); or a `SharedChain`, which a run shares
            among the systems it fills.
    """

    inner: System
    policy: FillPolicy
    sources: Callable[[], Sequence[CandidateGenerator]] | SharedChain = field(compare=False)

    @property
    def name(self) -> str:
        """Return `<inner>+fill`."""
        return self.inner.name + FILL_SUFFIX

    @property
    def kinds(self) -> tuple[str, ...]:
        """Return the inner system's answer kinds."""
        return self.inner.kinds

    @cached_property
    def _chain(self) -> SharedChain:
        return self.sources if isinstance(self.sources, SharedChain) else SharedChain(
            self.sources)

    def _scoring_ranker(self) -> Any:
        """Return the inner system's ranker when it scores arbitrary words, else None."""
        if isinstance(self.inner, ComposedSystem) and self.inner.ranker.name != "identity":
            return self.inner.ranker
        return None

    def backoff(self, instance: Instance, skip: set[str], limit: int | None) -> list[Candidate]:
        """Return up to `limit` chain candidates (all when None) not in `skip`, tiered by
        chain position (5, 6, ...), in the chain's order."""
        out: list[Candidate] = []
        seen = set(skip)
        for position in range(len(self._chain.generators())):
            if limit is not None and len(out) >= limit:
                break
            for candidate in self._chain.made(self.name, position, instance):
                if candidate.lemma in seen:
                    continue
                seen.add(candidate.lemma)
                out.append(Candidate(candidate.lemma, _FIRST_FILL_TIER + position,
                                     (("fill", self.policy.chain[position]),
                                      *candidate.provenance)))
                if limit is not None and len(out) >= limit:
                    break
        return out

    def _ordered(self, instance: Instance, added: list[Candidate]) -> list[Candidate]:
        ranker = self._scoring_ranker()
        if ranker is None or not added:
            return [c.scored(-float(place)) for place, c in enumerate(added)]
        return rank_checked(self.name, ranker, instance, added)

    def fill(self, instance: Instance, answers: Answers) -> Answers:
        """Return `answers` with the list brought to k where the chain allows (see module)."""
        own = list(answers.ranked) or [(lemma, None) for lemma in answers.oot]
        if len(own) >= self.policy.k:
            return answers
        lemmas = {lemma for lemma, _ in own}
        added = self._ordered(instance, self.backoff(instance, lemmas,
                                                     self.policy.k - len(own)))
        ranked = [Candidate(lemma, score=score) if score is not None else Candidate(lemma)
                  for lemma, score in own] + added
        filled = select_answers(ranked)
        return Answers(answers.best or filled.best, filled.oot, answers.mw, filled.ranked)

    def answer(self, instance: Instance) -> Answers:
        """Return the inner system's answers, filled."""
        return self.fill(instance, self.inner.answer(instance))

    def pool_entries(self, instance: Instance, pool: Sequence[str],
                     answers: Answers) -> tuple[list[list[Any]], str]:
        """Return every pool word ranked in context, as [[word, -place], ...], and how.

        A system with a scoring ranker ranks the whole pool with it (`ranker`); the words its
        generator proposes keep their tiers, the others come after them (tier 5), so a tiered
        ranker (WordNet's) places them after its own tiers. Any other system (the thesauri's
        identity order, the vote) places its own (filled) list first, then the pool words the
        chain reaches in the chain's order, then the rest in pool order (`backoff`).
        """
        words = [w for w in dict.fromkeys(pool) if w.lower() != instance.lemma.lower()]
        ranker = self._scoring_ranker()
        if ranker is not None:
            assert isinstance(self.inner, ComposedSystem)
            tiers: dict[str, int] = {}
            for made in generate_checked(self.name, self.inner.generator, instance):
                tiers.setdefault(made.lemma, made.tier)  # a lemma's earliest tier, as dedupe
            candidates = [Candidate(w, tiers.get(w, _FIRST_FILL_TIER)) for w in words]
            ordered = [c.lemma for c in rank_checked(self.name, ranker, instance, candidates)]
            how = "ranker"
        else:
            inside = set(words)
            own = [lemma for lemma in answers.for_kind("lsr") or answers.oot if lemma in inside]
            reached = [c.lemma for c in self.backoff(instance, set(own), None)
                       if c.lemma in inside]
            ordered = list(dict.fromkeys([*own, *reached, *words]))
            how = "backoff"
        return [[word, -float(place)] for place, word in enumerate(ordered)], how
