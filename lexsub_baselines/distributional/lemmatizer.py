"""The parser's lemmatizer: a lookup in lemminflect's English lexicon by universal PoS.

The relation counts need the lemma of every content word. A trained edit-tree lemmatizer cost
a tenth of the parse time and a share of the training; lemminflect (a maintained English
lemma/inflection lexicon with rules for unknown words) gives the lemma of a (form, UPOS) pair
by lookup instead, and each pair is looked up once per process (an LRU cache): nouns, verbs,
adjectives and auxiliaries are lemmatised from their lower-cased form, proper nouns keep their
text, and every other word its lower-cased form. Adverbs keep their form too: lemminflect
(like EWT) reads "earlier" as early and "later" as late, but WordNet and the SemEval-2007 task
list them as adverbs of their own (`earlier.r` has 10 test items). Where lemminflect lists
several lemmas it prefers the first ("saw"/VERB -> see).

`LEMMATIZER_VERSION` is part of the parser's key, so counts made with another lemmatizer are
never mixed with these.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

__all__ = ["COMPONENT", "LEMMATIZER_VERSION", "add_lemmatizer", "lemma_of"]

#: The name of the spaCy pipeline component.
COMPONENT = "lexsub_lemmatizer"

#: Universal PoS tags whose words are looked up; other words keep their lower-cased form.
LEMMATISED_UPOS = frozenset({"NOUN", "VERB", "ADJ", "AUX"})


def _version() -> str:
    from importlib.metadata import version

    return f"lemminflect-{version('lemminflect')}.v2"  # v2: adverbs keep their form


LEMMATIZER_VERSION = _version()


@lru_cache(maxsize=1 << 18)
def lemma_of(form: str, upos: str) -> str:
    """Return the lemma of a lower-cased `form` read as `upos`.

    >>> lemma_of("saw", "VERB"), lemma_of("glasses", "NOUN"), lemma_of("earlier", "ADV")
    ('see', 'glass', 'earlier')
    """
    if upos in LEMMATISED_UPOS:
        from lemminflect import getLemma

        found = getLemma(form, upos=upos, lemmatize_oov=True)
        if found:
            return str(found[0])
    return form


def _lemmatize(doc: Any) -> Any:
    for token in doc:
        upos = token.pos_
        token.lemma_ = token.text if upos == "PROPN" else lemma_of(token.lower_, upos)
    return doc


def add_lemmatizer(nlp: Any) -> Any:
    """Append the lookup lemmatizer to a spaCy pipeline (after the morphologizer); return it."""
    from spacy.language import Language

    if not Language.has_factory(COMPONENT):
        Language.component(COMPONENT, func=_lemmatize)
    if COMPONENT not in nlp.pipe_names:
        nlp.add_pipe(COMPONENT, last=True)
    return nlp
