"""The WordNet interface every backend implements: `Synset`, the `WordNet` protocol, relations.

Backends (`wordnet_nltk`, `wordnet_wn`) implement it; `resources.wordnet` opens one by name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["RELATIONS", "Synset", "WordNet", "wordnet_pos"]

#: The relations a backend answers, named as in WN-LMF / the `wn` package:
#: `hypernym`, `instance_hypernym` (synset pointers `@`, `@i`), `similar` (`&`, adjective
#: clusters: satellite <-> head), `also` (`^`, also-see), `pertainym` (lemma pointer `\`:
#: an adverb's source adjective, a relational adjective's noun; union over the synset's
#: lemmas), `derivation` (`+`, derivationally related forms; union over the lemmas).
RELATIONS: tuple[str, ...] = (
    "hypernym", "instance_hypernym", "similar", "also", "pertainym", "derivation",
)


@dataclass(frozen=True)
class Synset:
    """A synset as the backends return it.

    Attributes:
        id: the backend's identifier (`bright.a.01` for NLTK, `oewn-00000000-a` for wn).
        pos: the synset's PoS: n, v, a (head adjective), s (adjective satellite) or r.
        lemmas: the synonyms in the resource's order, multiwords with spaces (`"light up"`).
    """

    id: str
    pos: str
    lemmas: tuple[str, ...]


@runtime_checkable
class WordNet(Protocol):
    """The WordNet queries the generators and the mw baseline need.

    `pos` arguments take n, v, a or r; `a` always includes adjective satellites (`s`).
    """

    name: str

    def synsets(self, lemma: str, pos: str) -> list[Synset]:
        """Return the synsets of `lemma` with PoS `pos`, in WordNet's sense order.

        The lemma is looked up as written (underscores or spaces for multiwords, any case);
        only when it has no entry are its base forms (morphy) tried. Unknown lemma or PoS: [].
        """
        ...

    def related(self, synset: Synset, relation: str) -> list[Synset]:
        """Return the synsets `synset` points to by `relation` (one of `RELATIONS`)."""
        ...

    def sense_count(self, lemma: str, synset: Synset) -> int:
        """Return the tagged-corpus count of `lemma` in `synset` (0 when none is recorded)."""
        ...

    def base_forms(self, form: str, pos: str) -> list[str]:
        """Return the lemmas an inflected `form` may have with PoS `pos` (morphy), or []."""
        ...

    def lemma_names(self) -> Iterator[str]:
        """Yield every lemma of every PoS once per PoS, multiwords with spaces."""
        ...


def wordnet_pos(pos: str) -> tuple[str, ...]:
    """Return the synset PoS tags a SemEval PoS covers (`a` -> a and s); () when unknown.

    >>> wordnet_pos("a")
    ('a', 's')
    """
    return {"n": ("n",), "v": ("v",), "a": ("a", "s"), "s": ("a", "s"), "r": ("r",)}.get(pos, ())
