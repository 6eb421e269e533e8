"""Registers the fill policies (`+fill`) and builds a filled system from a system and a policy.

Part of `lexsub_baselines.catalog`. The default chain, `wordnet > dist:lin > word2vec`, is
provisional until measured on trial (`scripts/fill_trial.py`; docs/systems.md says why it was
chosen): WordNet's synonyms first (a hand-made resource: the most precise source we have), then
Lin's thesaurus (the best of the 2007 distributional baselines in McCarthy & Navigli's paper),
then the word2vec neighbours, which cover almost every target and so finish the list.
"""

from __future__ import annotations

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.fill import FILL_POLICIES, FILL_SUFFIX, FilledSystem, FillPolicy

__all__ = ["DEFAULT_CHAIN", "fill_needs", "fill_system", "unfilled_name"]

#: The default backoff chain (provisional: chosen before any trial measurement).
DEFAULT_CHAIN: tuple[str, ...] = ("wordnet", "dist:lin", "word2vec")

FILL_POLICIES.add("fill", FillPolicy("fill.v1", DEFAULT_CHAIN),
                  doc="bring the list to 10 from WordNet, then Lin's thesaurus, then word2vec "
                      "neighbours; added candidates after the system's own, by its ranker")


def unfilled_name(name: str) -> str | None:
    """Return the system a `+fill` name fills (`wordnet+fill` -> `wordnet`), else None."""
    return name[:-len(FILL_SUFFIX)] if name.endswith(FILL_SUFFIX) else None


def fill_needs(policy: str = "fill") -> tuple[str, ...]:
    """Return the build stages the chain of `policy` reads."""
    return tuple(dict.fromkeys(need for source in FILL_POLICIES.get(policy).chain
                               for need in GENERATORS.needs(source)))


def fill_system(system: System, roots: Roots, policy: str = "fill") -> FilledSystem:
    """Return `system` wrapped by the fill policy `policy` (its generators built lazily)."""
    chosen = FILL_POLICIES.get(policy)

    def sources() -> list[CandidateGenerator]:
        return [GENERATORS.get(source)(roots) for source in chosen.chain]

    return FilledSystem(system, chosen, sources)
