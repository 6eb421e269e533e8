"""The `frequent` generator: the corpus's most frequent words of the target's part of speech.

Not a baseline of the papers: the last step of the fill chain (`+fill`), which must bring
every list to LexSubGen's 10 (its evaluation raises "Couldn't take top k" on a shorter one).
Where WordNet, the thesaurus and word2vec know nothing of a target (rare words, CoInCo's
multiword and mistagged targets: `chilean` as an adjective, `stopbox`, `e commerce`), the
words of its part of speech that the corpus uses most are the context-free guess with the
best odds, and the system's ranker still orders them in context. Nothing here reads a gold:
the counts are the lemma+PoS table of the shipped corpora (`corpus-counts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lexsub_baselines.datasets.types import POS_TAGS, Instance
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["FrequentGenerator"]

@dataclass
class FrequentGenerator:
    """The `size` most frequent single-word lemmas of each PoS, most frequent first.

    Arguments:
        counts: (lemma, PoS letter) -> count (the `corpus` frequency table).
        size: how many lemmas each PoS's list holds (the fill needs at most 10 beyond what the
            earlier sources gave; a few more cover the target and the words already listed).
        name: the generator's registered name.

    >>> generator = FrequentGenerator({("go", "v"): 9, ("be", "v"): 20, ("Paris", "n"): 5,
    ...                                 ("x-ray", "n"): 7, ("dog", "n"): 3}, size=2)
    >>> [c.lemma for c in generator.candidates("do", "v")], generator.candidates("x", "?")
    (['be', 'go'], [])
    >>> [c.lemma for c in generator.candidates("cat", "n")]  # lower-case letters only
    ['dog']
    """

    counts: Mapping[tuple[str, str], float]
    size: int = 30
    name: str = "frequent"
    _lists: dict[str, tuple[str, ...]] = field(default_factory=dict, init=False, repr=False)

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the most frequent words of the instance's PoS; [] for another PoS."""
        return self.candidates(instance.lemma, instance.pos)

    def candidates(self, lemma: str, pos: str) -> list[Candidate]:
        """Return the list of `pos` (the target's lemma is left to the fill to skip)."""
        if pos not in POS_TAGS:
            return []
        if pos not in self._lists:
            self._lists[pos] = self._most_frequent(pos)
        return [Candidate(word, 1, (("frequent", pos),), float(self.size - rank))
                for rank, word in enumerate(self._lists[pos])]

    def _most_frequent(self, pos: str) -> tuple[str, ...]:
        # lower-case alphabetic lemmas only: names, numbers and punctuation are no substitutes;
        # ties by lemma, so the list does not depend on the table's order
        words = [(-count, word) for (word, tag), count in self.counts.items()
                 if tag == pos and word.isalpha() and word.islower() and len(word) > 1]
        return tuple(word for _, word in sorted(words)[:self.size])
