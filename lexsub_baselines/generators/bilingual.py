"""Spanish candidates from an English→Spanish dictionary (the DICT baseline's generator).

Mihalcea, Sinha & McCarthy (2010), DICT: "all Spanish translations of the target from a
bilingual dictionary, in the dictionary's own order". The instance's PoS selects the senses
(n/v/a/r; FreeDict has no PoS, so all its senses apply); when the dictionary has no sense of
that PoS, all senses are used (`pos_fallback`, on by default: `hard.r` then gets the
adjective's `duro`). Duplicates are removed by the dictionary lookup (first occurrence wins);
the English target itself is never removed, since a Spanish translation may be spelled like it
(`normal`, `final`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.bilingual import BilingualDictionary, Sense
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["BilingualGenerator"]


@dataclass
class BilingualGenerator:
    """Proposes the dictionary's translations of the target lemma, in dictionary order.

    Attributes:
        dictionary: the bilingual dictionary.
        pos_fallback: use every sense when none has the instance's PoS.
        name: canonical name, `bilingual:<dictionary>`.
    """

    dictionary: BilingualDictionary
    pos_fallback: bool = True
    name: str = ""

    def __post_init__(self) -> None:
        if not self.name:
            self.name = f"bilingual:{self.dictionary.name}"

    def lookup(self, lemma: str, pos: str | None) -> list[tuple[str, Sense]]:
        """Return (translation, sense) for `lemma` with the PoS rule described above."""
        pairs = self.dictionary.lookup(lemma, pos or None)
        if not pairs and pos and self.pos_fallback:
            pairs = self.dictionary.lookup(lemma, None)
        return pairs

    def translate(self, lemma: str, pos: str | None) -> list[str]:
        """Return the translations of `lemma` in dictionary order.

        >>> from types import MappingProxyType
        >>> d = BilingualDictionary("t", "-", MappingProxyType(
        ...     {"hard": (Sense("a", "", ("duro",)),)}))
        >>> BilingualGenerator(d).translate("hard", "r")
        ['duro']
        """
        return [translation for translation, _ in self.lookup(lemma, pos)]

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the translations of the instance's lemma as candidates with provenance."""
        candidates: list[Candidate] = []
        for translation, sense in self.lookup(instance.lemma, instance.pos):
            provenance = (("dictionary", self.dictionary.name), ("pos", sense.pos or ""),
                          ("gloss", sense.gloss), ("line", str(sense.line)))
            candidates.append(Candidate(translation, provenance=provenance))
        return candidates
