"""A Spanish or Portuguese wordnet as a `WordNet` backend: OMW words on the English structure.

`OmwWordNet` answers the `WordNet` queries the WordNet generator asks (`synsets`, `related`)
for the words of an OMW lexicon (`resources.omw`): a word's synsets are the WordNet 3.0
synsets the lexicon puts it in, read through NLTK's English WordNet by offset, each carrying
the lexicon's words instead of the English ones; `related` follows the English synset's
pointers (hypernyms, similar-to, also-see, pertainyms) and gives the target synsets' words
in the lexicon (a synset without any has none: it adds nothing). So the four criteria of the
2007 baseline run unchanged (`generators.wordnet.WordNetGenerator`).

What the data cannot give: a sense order. The OMW files list a word's synsets by offset,
which says nothing of frequency, and criterion 1 needs a *first* synset. Ours (`SENSE_ORDER`,
recorded in every row's settings): the synsets by their tagged frequency in the English
WordNet, the sum of the SemCor counts (`cntlist.rev`) of the synset's English words, most
first, ties (untagged synsets: most) in offset order. That is the English WordNet's own rule
for its sense order (by tagged frequency), applied to the synset rather than the word.
`frequency(word, pos)` (the same counts summed over the word's synsets of that PoS) orders a
TSAR word's readings (`systems.tsar`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexsub_baselines.resources.omw import OmwLexicon
from lexsub_baselines.resources.wordnet_base import Synset, wordnet_pos
from lexsub_baselines.resources.wordnet_nltk import NltkWordNet
from lexsub_baselines.resources.wordnet_offsets import DATA_FILES, align_offsets, synset_starts

__all__ = ["SENSE_ORDER", "OmwFrequency", "OmwWordNet"]

#: The named rule ordering a word's synsets (see the module docstring).
SENSE_ORDER = "english-semcor-synset-count"


class OmwWordNet:
    """An OMW lexicon's words on Princeton WordNet 3.0's synsets and relations.

    Arguments:
        english: NLTK's WordNet 3.0 (`resources.wordnet.open_wordnet`, backend `nltk`).
        lexicon: the OMW lexicon.
    """

    def __init__(self, english: NltkWordNet, lexicon: OmwLexicon) -> None:
        self.english = english
        self.lexicon = lexicon
        self.name = f"omw:{lexicon.language}+{english.name}"
        self._synsets: dict[str, tuple[Synset, int] | None] = {}
        self._offsets: dict[str, dict[int, int]] = {}
        self._back: dict[str, dict[int, int]] = {}
        self._keys: dict[str, str] = {}

    def _installed(self, pos: str) -> dict[int, int]:
        """Return {Princeton offset: installed offset} of the lexicon's synsets of `pos`."""
        if pos not in self._offsets:
            folder = Path(self.english.reader.root.path)
            wanted = (int(key[:8]) for key in self.lexicon.by_synset if key.endswith(pos))
            self._offsets[pos] = align_offsets(synset_starts(folder / DATA_FILES[pos]), wanted)
            self._back[pos] = {installed: p for p, installed in self._offsets[pos].items()}
        return self._offsets[pos]

    def _english(self, key: str) -> Any | None:
        offset = self._installed(key[-1]).get(int(key[:8]))
        if offset is None:
            return None
        return self.english.reader.synset_from_pos_and_offset(key[-1], offset)

    def _record(self, key: str) -> tuple[Synset, int] | None:
        """Return the synset `key` (`00001740-n`) with the lexicon's words, and its count;
        None when the installed WordNet has no such synset (`wordnet_offsets`)."""
        if key not in self._synsets:
            obj = self._english(key)
            self._synsets[key] = None if obj is None else (
                Synset(obj.name(), obj.pos(), self.lexicon.words(key)),
                sum(int(lemma.count()) for lemma in obj.lemmas()))
        return self._synsets[key]

    def _ranked(self, word: str, pos: str) -> list[tuple[Synset, int]]:
        keys = [k for tag in wordnet_pos(pos)[:1] for k in self.lexicon.synsets(word, tag)]
        records = [(record, n) for n, k in enumerate(keys)
                   if (record := self._record(k)) is not None]
        return [record for record, _ in sorted(records, key=lambda r: (-r[0][1], r[1]))]

    def synsets(self, lemma: str, pos: str) -> list[Synset]:
        """Return the synsets of `lemma` with PoS `pos`, most tagged first (`SENSE_ORDER`)."""
        if pos not in ("n", "v", "a", "s", "r") or not lemma.strip():
            return []
        return [synset for synset, _ in self._ranked(lemma, "a" if pos == "s" else pos)]

    def frequency(self, lemma: str, pos: str) -> int | None:
        """Return the summed English tagged counts of `lemma`'s synsets of `pos`; None when
        it has none of that PoS."""
        ranked = self._ranked(lemma, pos) if pos in ("n", "v", "a", "r") else []
        return sum(count for _, count in ranked) if ranked else None

    def related(self, synset: Synset, relation: str) -> list[Synset]:
        """Return the English targets of `relation` with the lexicon's words (see above)."""
        out = []
        for target in self.english.related(Synset(synset.id, synset.pos, ()), relation):
            record = self._record(self._key(target))
            if record is not None:
                out.append(record[0])
        return out

    def _key(self, target: Synset) -> str:
        """Return the lexicon's key (Princeton's offset) of an installed English synset."""
        if target.id not in self._keys:
            obj = self.english.reader.synset(target.id)
            pos = "a" if obj.pos() == "s" else obj.pos()
            self._installed(pos)
            self._keys[target.id] = f"{self._back[pos].get(obj.offset(), -1):08d}-{pos}"
        return self._keys[target.id]

    def sense_count(self, lemma: str, synset: Synset) -> int:
        """Return 0: the lexicons record no tagged counts of their own words."""
        return 0

    def base_forms(self, form: str, pos: str) -> list[str]:
        """Return []: no morphy for these languages (`systems.tsar_languages` lemmatises)."""
        return []

    def lemma_names(self) -> Iterator[str]:
        """Yield every word of the lexicon once."""
        yield from self.lexicon.by_word


class OmwFrequency:
    """`OmwWordNet.frequency` as a frequency source: orders a TSAR word's readings."""

    def __init__(self, wordnet: OmwWordNet) -> None:
        self.wordnet = wordnet
        self.name = f"omw-semcor:{wordnet.lexicon.language}"

    def count(self, lemma: str, pos: str) -> float | None:
        """Return the summed English tagged counts of the synsets (None: no synset)."""
        found = self.wordnet.frequency(lemma, pos)
        return None if found is None else float(found)

