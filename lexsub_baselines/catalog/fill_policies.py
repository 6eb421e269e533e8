"""Registers the fill policies (`+fill`) and builds a filled system from a system and a policy.

Part of `lexsub_baselines.catalog`. The default chain, `wordnet > dist:lin > word2vec >
frequent`: WordNet's synonyms first (a hand-made resource: the most precise source we have),
then Lin's thesaurus (the best of the 2007 distributional baselines in McCarthy & Navigli's
paper), then the word2vec neighbours, then the corpus's most frequent words of the PoS, which
finish every list. Chosen on the SemEval-2007 trial data only (`scripts/fill_trial.py`, 300
instances): of four orders it has the highest R@10 for `wordnet`, `roget` and `lin` (tied for
`lin`); docs/systems.md has the figures.
"""

from __future__ import annotations

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.fill import (
    FILL_POLICIES,
    FILL_SUFFIX,
    FilledSystem,
    FillPolicy,
    SharedChain,
)

__all__ = ["DEFAULT_CHAIN", "fill_chain", "fill_needs", "fill_system", "unfilled_name"]

#: The default backoff chain. `frequent` last: without it 214 of CoInCo's 15,415 lists stayed
#: short (targets no other source knows: `chilean` as an adjective, `stopbox`, `e commerce`),
#: which put every `+fill` row on CoInCo back under the padded profile.
DEFAULT_CHAIN: tuple[str, ...] = ("wordnet", "dist:lin", "word2vec", "frequent")

FILL_POLICIES.add("fill", FillPolicy("fill.v2", DEFAULT_CHAIN),
                  doc="bring the list to 10 from WordNet, then Lin's thesaurus, then word2vec "
                      "neighbours, then the corpus's most frequent words of the PoS; added "
                      "candidates after the system's own, by its ranker")


def unfilled_name(name: str) -> str | None:
    """Return the system a `+fill` name fills (`wordnet+fill` -> `wordnet`), else None."""
    return name[:-len(FILL_SUFFIX)] if name.endswith(FILL_SUFFIX) else None


def fill_needs(policy: str = "fill") -> tuple[str, ...]:
    """Return the build stages the chain of `policy` reads."""
    return tuple(dict.fromkeys(need for source in FILL_POLICIES.get(policy).chain
                               for need in GENERATORS.needs(source)))


def fill_chain(roots: Roots, policy: str = "fill") -> SharedChain:
    """Return the chain of `policy` (its generators built lazily), to share among the systems
    one run fills (`fill_system(..., chain=)`): each generator's candidates for an instance
    are computed once for all of them."""
    chosen = FILL_POLICIES.get(policy)

    def sources() -> list[CandidateGenerator]:
        return [GENERATORS.get(source)(roots) for source in chosen.chain]

    return SharedChain(sources)


def fill_system(system: System, roots: Roots, policy: str = "fill",
                chain: SharedChain | None = None) -> FilledSystem:
    """Return `system` wrapped by the fill policy `policy`: with `chain` (from `fill_chain`,
    the same policy and roots) shared with other systems, else a chain of its own."""
    return FilledSystem(system, FILL_POLICIES.get(policy), chain or fill_chain(roots, policy))
