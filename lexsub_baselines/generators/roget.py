"""The Roget candidate generator (McCarthy & Navigli 2009): all synonyms of the target in Roget.

The candidates of a target are the items of the same PoS in every category that lists the
target under that PoS, in file order (category by category). Roget's entries are unordered,
so the baseline ranks them by frequency (the frequency ranker); there are no tiers (all 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.roget import Roget
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["RogetGenerator"]


@dataclass
class RogetGenerator:
    """Candidates from Roget's Thesaurus (1911).

    Arguments:
        roget: the parsed thesaurus (`lexsub_baselines.resources.roget.load_roget`).
        name: the generator's registered name.
    """

    roget: Roget
    name: str = "roget.v1"

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the candidates of `instance`; [] for an unknown lemma or PoS."""
        return self.candidates(instance.lemma, instance.pos)

    def candidates(self, lemma: str, pos: str) -> list[Candidate]:
        """Return the same-PoS items of every category listing `lemma` under `pos`."""
        if pos not in ("n", "v", "a", "r"):
            return []
        out: list[Candidate] = []
        for category in self.roget.categories_of(lemma, pos):
            provenance = (("category", category.number), ("title", category.title))
            out.extend(Candidate(lemma=word, provenance=provenance)
                       for word in category.words(pos))
        return out
