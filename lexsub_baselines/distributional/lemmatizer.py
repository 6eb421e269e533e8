"""The parser's lemmatizer: a lookup in lemminflect's English lexicon by universal PoS.

The relation counts need the lemma of every content word. A trained edit-tree lemmatizer cost
a tenth of the parse time and a share of the training; lemminflect (a maintained English
lemma/inflection lexicon with rules for unknown words) gives the lemma of a (form, UPOS) pair
by lookup instead (`datasets.lemmas.lemma_of`, the rule the SWORDS reader shares), each pair
once per process: nouns, verbs, adjectives and auxiliaries are lemmatised from their
lower-cased form, proper nouns keep their text, and every other word (adverbs included:
`earlier.r` is a task lexelt) its lower-cased form.

`LEMMATIZER_VERSION` (lemminflect's version; its lexicon is data this code does not hold) is
part of the counts' key, so counts made with another lexicon are never mixed with these.
"""

from __future__ import annotations

from typing import Any

from lexsub_baselines.datasets.lemmas import LEMMATISED_UPOS, lemma_of

__all__ = ["COMPONENT", "LEMMATISED_UPOS", "LEMMATIZER_VERSION", "add_lemmatizer", "lemma_of"]

#: The name of the spaCy pipeline component.
COMPONENT = "lexsub_lemmatizer"


def _version() -> str:
    from lexsub_baselines.inputs.libraries import library_version  # the loaded module's

    return f"lemminflect-{library_version('lemminflect')}"


LEMMATIZER_VERSION = _version()


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
