"""The thesaurus generator of Spanish and Portuguese: every synonym of the word in a MyThes file.

As the Roget baseline (McCarthy & Navigli 2009) takes every synonym of the target in Roget's
thesaurus, this takes every synonym of every sense of the headword in LibreOffice's MyThes
thesaurus of the language (`resources.mythes`), in file order, sense by sense; the system
ranks them by frequency (the entries are unordered within a sense, as Roget's are). The
thesauri give no PoS that TSAR could use (TSAR gives none, and the Spanish and Brazilian
files label no PoS), so the PoS is ignored; there are no tiers (all 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.mythes import Thesaurus
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["MythesGenerator"]


@dataclass
class MythesGenerator:
    """Candidates from a MyThes thesaurus.

    Arguments:
        thesaurus: the parsed thesaurus (`resources.mythes.load_mythes`).
        name: the generator's registered name (`mythes:es`).
    """

    thesaurus: Thesaurus
    name: str = "mythes"

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the synonyms of `instance.lemma` (any PoS); [] for a word not listed."""
        return [Candidate(lemma=word, provenance=(("sense", str(n)), ("label", sense.label)))
                for n, sense in enumerate(self.thesaurus.senses(instance.lemma), start=1)
                for word in sense.synonyms]
