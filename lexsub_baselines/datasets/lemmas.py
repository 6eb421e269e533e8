"""The lemma of a word form under a universal PoS: a lookup in lemminflect's English lexicon.

One rule for every place that turns a form into a lemma without a parser: the corpus
relation counts (through the parser's lemmatizer component) and the SWORDS targets. Nouns,
verbs, adjectives and auxiliaries are looked up from their lower-cased form (lemminflect, a
maintained English lemma/inflection lexicon with rules for unknown words; where it lists
several lemmas the first is taken: "saw"/VERB -> see); every other word keeps its lower-cased
form. Adverbs keep their form too: lemminflect (like EWT) reads "earlier" as early, but
WordNet and the SemEval-2007 task list them as adverbs of their own (`earlier.r`).
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["LEMMATISED_UPOS", "lemma_of"]

#: Universal PoS tags whose words are looked up; other words keep their lower-cased form.
LEMMATISED_UPOS = frozenset({"NOUN", "VERB", "ADJ", "AUX"})


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
