"""The WordNet candidate generator: the four criteria of the SemEval-2007 WordNet baseline as tiers.

McCarthy & Navigli (2007, §3.1) and the task documentation (§5) define the baseline's
candidates, taken "in order until 10 are found", each criterion ranked by BNC frequency:

1. synonyms from the first synset of the target (for its PoS);
2. synonyms from the hypernyms (nouns, verbs) or "closely related classes" (adjectives) of that
   first synset;
3. synonyms from all synsets of the target;
4. synonyms from the hypernyms or closely related classes of all synsets.

The papers name hypernyms for nouns and verbs and "closely related classes" for adjectives;
they say nothing about adverbs, and used WordNet 2.1 (we use 3.0). Our reading, per PoS:

- nouns, verbs: hypernyms, then instance hypernyms (split from hypernyms in WordNet 2.1);
- adjectives (heads and satellites): similar-to (a satellite's head, a head's satellites), as
  DESIGN.md states it;
- adverbs: WordNet has no hypernyms or similar-to for adverbs and almost no also-see; the
  closest class recorded is the adjective an adverb derives from (pertainym, `brightly` ->
  `bright`), so tier 2/4 hold also-see synsets, then the synonyms of the source adjective's
  synset. These are adjectives: a frequency ranker still ranks them below tier 1.

`WITH_ALSO_SEE` is the broader reading of "closely related classes" for adjectives: similar-to,
then also-see. The trial evidence favours similar-to alone (the trial release's own baseline
files, task documentation §5, used criteria 1-2 only; with criteria 1-2, similar-to alone
scores oot 22.99 / Mode 28.57 on trial against their 21.57 / 29.06, similar-to + also-see
25.16 / 32.51; see scripts/wordnet_variants.py). Only trial data was used for this choice.

Each synset contributes once, at its earliest tier: tier 3 holds the synsets after the first,
tier 4 the related synsets of those. The generator returns candidates tier by tier in WordNet
order (sense order; related synsets in the backend's order); the frequency ranker reorders
within tiers. The target lemma and duplicate lemmas are left in (systems remove them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.wordnet import Synset, WordNet, wordnet_pos
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["RELATED_CLASSES", "WITH_ALSO_SEE", "WordNetGenerator"]

#: The relations of criteria 2 and 4, by SemEval PoS, in the order they are taken.
RELATED_CLASSES: dict[str, tuple[str, ...]] = {
    "n": ("hypernym", "instance_hypernym"),
    "v": ("hypernym", "instance_hypernym"),
    "a": ("similar",),
    "r": ("also", "pertainym"),
}

#: `RELATED_CLASSES` with adjectives taking similar-to, then also-see; see the module doc.
WITH_ALSO_SEE: dict[str, tuple[str, ...]] = {**RELATED_CLASSES, "a": ("similar", "also")}


@dataclass
class WordNetGenerator:
    """Candidates from WordNet by the four criteria of the 2007 baseline (tiers 1-4).

    Arguments:
        wordnet: the WordNet backend (`lexsub_baselines.resources.wordnet.open_wordnet`).
        name: the generator's registered name.
        related_classes: relations of criteria 2 and 4 per PoS (default `RELATED_CLASSES`).
        max_tier: the last criterion to use (1-4).
    """

    wordnet: WordNet
    name: str = "wordnet.v1"
    related_classes: dict[str, tuple[str, ...]] = field(
        default_factory=lambda: dict(RELATED_CLASSES))
    max_tier: int = 4

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the candidates of `instance`, tier by tier; [] for an unknown lemma or PoS."""
        return self.candidates(instance.lemma, instance.pos)

    def candidates(self, lemma: str, pos: str) -> list[Candidate]:
        """Return the tiered candidates of a lemma and SemEval PoS (n, v, a, r)."""
        if not wordnet_pos(pos) or pos == "s":
            return []
        synsets = self.wordnet.synsets(lemma, pos)
        if not synsets:
            return []
        relations = self.related_classes.get(pos, ())
        first, rest = synsets[0], synsets[1:]
        out = _synonyms([first], tier=1, relation="synonym")
        if self.max_tier >= 2:
            out += self._related(first, relations, tier=2)
        if self.max_tier >= 3:
            out += _synonyms(rest, tier=3, relation="synonym")
        if self.max_tier >= 4:
            for synset in rest:
                out += self._related(synset, relations, tier=4)
        return out

    def _related(self, source: Synset, relations: Iterable[str], tier: int) -> list[Candidate]:
        out: list[Candidate] = []
        for relation in relations:
            out += _synonyms(self.wordnet.related(source, relation), tier=tier,
                             relation=relation, via=source.id)
        return out


def _synonyms(synsets: Iterable[Synset], tier: int, relation: str,
              via: str = "") -> list[Candidate]:
    out: list[Candidate] = []
    for synset in synsets:
        provenance: tuple[tuple[str, str], ...] = (("synset", synset.id),
                                                   ("relation", relation))
        if via:
            provenance += (("via", via),)
        out.extend(Candidate(lemma=lemma, tier=tier, provenance=provenance)
                   for lemma in synset.lemmas)
    return out
