"""The `wn` package as a WordNet backend, for an installed WN-LMF lexicon (Open English WordNet).

Select it with the spec `wn:LEXICON[:VERSION]` (`LEXSUB_WORDNET=wn:oewn:2024`). The lexicon must
already be in wn's database (`python -m wn download oewn:2024`, or `wn.add(FILE)` for a local
WN-LMF file); nothing is downloaded here. wn keeps its database location in the global
`wn.config.data_directory`; `data_dir` sets it for users who keep the database elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.resources.wordnet_base import RELATIONS, Synset, wordnet_pos

__all__ = ["WnWordNet"]

#: Sense-level relations in WN-LMF (the others are synset relations).
_SENSE_RELATIONS = frozenset({"pertainym", "derivation"})


def _record(synset: Any) -> Synset:
    return Synset(id=synset.id, pos=synset.pos, lemmas=tuple(synset.lemmas()))


class WnWordNet:
    """A WN-LMF lexicon through the `wn` package; opens on the first query.

    Arguments:
        lexicon: the lexicon specifier (`oewn:2024`, `oewn`).
        data_dir: wn's data directory, when not the default (sets `wn.config.data_directory`).
    """

    def __init__(self, lexicon: str, data_dir: Path | None = None) -> None:
        self.name = f"wn:{lexicon}"
        self._lexicon = lexicon
        self._data_dir = data_dir
        self._wordnet: Any = None
        self._morphy: Any = None
        self._objects: dict[str, Any] = {}

    @property
    def wordnet(self) -> Any:
        """Return the `wn.Wordnet` object, opening it on first access.

        Raises:
            MissingResourceError: the lexicon is not installed in wn's database.
        """
        if self._wordnet is None:
            import wn
            from wn.morphy import Morphy

            if self._data_dir is not None:
                wn.config.data_directory = self._data_dir
            try:
                wordnet = wn.Wordnet(self._lexicon)
            except wn.Error as error:
                raise MissingResourceError(
                    f"WN-LMF lexicon {self._lexicon!r} ({error})", wn.config.data_directory,
                    f"install it with `python -m wn download {self._lexicon}` or wn.add(FILE), "
                    "or use the default backend (LEXSUB_WORDNET=nltk)") from None
            self._morphy = Morphy(wordnet)
            self._wordnet = wordnet
        return self._wordnet

    def _keep(self, synsets: list[Any]) -> list[Synset]:
        records = []
        for synset in dict.fromkeys(synsets):
            self._objects.setdefault(synset.id, synset)
            records.append(_record(synset))
        return records

    def _lookup(self, form: str, pos: str) -> list[Any]:
        wanted = wordnet_pos(pos)
        words = [w for w in self.wordnet.words(form) if w.pos in wanted]
        return [sense.synset() for word in words for sense in word.senses()]

    def synsets(self, lemma: str, pos: str) -> list[Synset]:
        """Return the synsets of `lemma` (exact entry first, else morphy) in sense order."""
        form = lemma.strip().replace("_", " ")
        if not wordnet_pos(pos) or not form:
            return []
        found = self._lookup(form, pos)  # wn's normalizer makes it case-insensitive
        if not found:
            for base in self.base_forms(form, pos):
                found.extend(self._lookup(base, pos))
        return self._keep(found)

    def related(self, synset: Synset, relation: str) -> list[Synset]:
        """Return the synsets `synset` points to by `relation` (see `RELATIONS`)."""
        if relation not in RELATIONS:
            raise LexsubError(f"unknown WordNet relation {relation!r}; known: "
                              f"{', '.join(RELATIONS)}")
        obj = self._objects.get(synset.id) or self.wordnet.synset(synset.id)
        targets = [] if relation in _SENSE_RELATIONS else list(obj.get_related(relation))
        if relation in _SENSE_RELATIONS or relation == "also":  # also-see is on senses too
            targets += [t.synset() for sense in obj.senses() for t in sense.get_related(relation)]
        return self._keep(targets)

    def sense_count(self, lemma: str, synset: Synset) -> int:
        """Return the summed `<Count>` of `lemma`'s sense in `synset`; 0 when absent."""
        obj = self._objects.get(synset.id) or self.wordnet.synset(synset.id)
        form = lemma.strip().replace("_", " ").lower()
        return sum(int(c) for sense in obj.senses()
                   if sense.word().lemma().lower() == form for c in sense.counts())

    def base_forms(self, form: str, pos: str) -> list[str]:
        """Return the lemmas wn's morphy finds for `form` with PoS `pos`, or []."""
        wanted = wordnet_pos(pos)
        if not wanted or not form.strip():
            return []
        self.wordnet  # noqa: B018 - opens the lexicon and its morphy
        analyses = self._morphy(form.strip().lower(), wanted[0])
        forms = sorted({base for tag, bases in analyses.items() if tag in wanted for base in bases})
        return forms

    def lemma_names(self) -> Iterator[str]:
        """Yield every lemma of every PoS (once per PoS, satellites counted with adjectives)."""
        seen: set[tuple[str, str]] = set()
        for word in self.wordnet.words():
            key = (word.lemma(), "a" if word.pos == "s" else word.pos)
            if key not in seen:
                seen.add(key)
                yield key[0]
