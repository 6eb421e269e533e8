"""Spanish and Portuguese TSAR words: their readings (simplemma's lemma) and the sentence's form.

TSAR-2022 gives the complex word as written (`desacreditados`, `acogerse`, `migrando`), with
no lemma and no PoS, and no tagger of either language installs here (spaCy's Spanish and
Portuguese pipelines are not on PyPI for spaCy 3.8). So:

- **Lemma** (`lemma_candidates`): simplemma's (Barbaresi's maintained lemmatiser: lookup
  tables for both languages, with its rules for clitics and affixes: `acogerse` -> `acoger`,
  `desacreditados` -> `desacreditar`), then the word itself, lower-cased (`armada` is both
  a form of `armar` and a noun): each is a headword to look up.
- **Readings** (`RomanceReadings`): (PoS, lemma) for every lemma candidate and every PoS
  n, v, a, r (a PoS-blind thesaurus: the lemma alone, PoS ""), in that order; the TSAR
  system orders them by its reading source and answers each (`systems.tsar`).
- **The sentence's form** (`AnalogyInflector`, setting `inflection: analogy+simplemma`): no
  maintained inflector of both languages fits (docs/tsar.md lists what was tried), so a
  substitute takes the complex word's ending by analogy with its lemma (`desacreditar` ->
  `desacreditados`: a lemma-final `r` becomes `dos`, so `desprestigiar` ->
  `desprestigiados`; the shared prefix shortened by up to `MAX_BACKOFF` letters when the
  substitute does not end alike), and the form is kept only when simplemma lemmatises it
  back to the substitute and knows it as a word (its dictionary; a form that only adds to
  the lemma, an enclitic `acogerse` -> `refugiarse`, need only lemmatise back, as simplemma
  lists no clitic forms); else the substitute stays a lemma (`Inflections` counts both).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.frequency import FrequencySource
from lexsub_baselines.systems.base import ComposedSystem

__all__ = ["LANGUAGES", "LEMMATISER", "MAX_BACKOFF", "POS_TAGS", "AnalogyInflector",
           "Inflections", "LanguageSystem", "RomanceReadings", "analogy", "lemma_candidates",
           "lemmatise"]

#: The languages answered here (simplemma's codes).
LANGUAGES: tuple[str, ...] = ("es", "pt")
#: The lemmatiser's name as the rows record it.
LEMMATISER = "simplemma"
#: The PoS every lemma candidate is tried with (a wordnet's), in tie-breaking order.
POS_TAGS: tuple[str, ...] = ("n", "v", "a", "r")
#: How many letters of the shared prefix the analogy may give back (`batir`/`batieron`: `r`
#: -> `eron`, then `ir` -> `ieron`).
MAX_BACKOFF = 2


@functools.lru_cache(maxsize=65536)
def lemmatise(word: str, language: str) -> str:
    """Return simplemma's lemma of `word` (lower-cased) in `language`."""
    from simplemma import lemmatize

    return str(lemmatize(word, lang=language)).lower()


@functools.lru_cache(maxsize=65536)
def _known(word: str, language: str) -> bool:
    from simplemma import is_known

    return bool(is_known(word, lang=language))


def lemma_candidates(word: str, language: str) -> tuple[str, ...]:
    """Return the headwords to look a complex word up under: its lemma, then itself.

    >>> lemma_candidates("Desacreditados", "es")
    ('desacreditar', 'desacreditados')
    """
    lowered = " ".join(word.strip().lower().split())
    return tuple(dict.fromkeys((lemmatise(lowered, language), lowered)))


@dataclass(frozen=True)
class RomanceReadings:
    """A complex word's readings: (PoS, lemma) per lemma candidate and PoS.

    Attributes:
        language: `es` or `pt`.
        pos_tags: the PoS tried (`POS_TAGS`; `("",)` for a PoS-blind thesaurus).
    """

    language: str
    pos_tags: tuple[str, ...] = POS_TAGS

    def __call__(self, word: str) -> tuple[tuple[str, str], ...]:
        return tuple((pos, lemma) for lemma in lemma_candidates(word, self.language)
                     for pos in self.pos_tags)


@dataclass
class Inflections:
    """How often the analogy gave a form: `formed`, `kept` (a lemma; the complex word was not
    its lemma) and `same` (the complex word is its lemma: nothing to do), per substitute."""

    counts: Counter[str] = field(default_factory=Counter)

    def failure_rate(self) -> float:
        """Return kept / (formed + kept): the share of substitutes left as lemmas that
        needed a form."""
        needed = self.counts["formed"] + self.counts["kept"]
        return self.counts["kept"] / needed if needed else 0.0


class AnalogyInflector:
    """Give substitutes the complex word's ending (see the module docstring).

    Arguments:
        instance: the reading (its `lemma` the reading's lemma; its target the word as written).
        language: `es` or `pt`.
        tally: counts what it did (`Inflections`), when given.

    >>> i = Instance("1", "desacreditar", "desacreditar", "v", ("los", "desacreditados"), 1)
    >>> AnalogyInflector(i, "es")("difamar")
    'difamados'
    """

    def __init__(self, instance: Instance, language: str, tally: Inflections | None = None
                 ) -> None:
        self.word = " ".join(instance.target.lower().split()) or instance.lemma.lower()
        self.lemma = instance.lemma.lower()
        self.language = language
        self.tally = tally
        shared = next((n for n, (a, b) in enumerate(zip(self.lemma, self.word, strict=False))
                       if a != b), min(len(self.lemma), len(self.word)))
        #: (lemma ending, word ending) pairs, the longest shared prefix first
        self.rules = tuple((self.lemma[cut:], self.word[cut:])
                           for cut in range(shared, max(shared - MAX_BACKOFF, 0) - 1, -1))

    def __call__(self, candidate: str) -> str:
        """Return `candidate` in the complex word's form, or unchanged (see above)."""
        if self.word == self.lemma:
            self._count("same")
            return candidate
        lowered = candidate.lower()
        if " " not in lowered:
            for old, new in self.rules:
                if lowered.endswith(old) and len(lowered) > len(old):
                    form = lowered[:len(lowered) - len(old)] + new
                    if form != lowered and lemmatise(form, self.language) == lowered and (
                            not old or _known(form, self.language)):
                        self._count("formed")
                        return form
        self._count("kept")
        return candidate

    def _count(self, what: str) -> None:
        if self.tally is not None:
            self.tally.counts[what] += 1


def analogy(language: str, tally: Inflections | None = None
            ) -> Callable[[Instance], Callable[[str], str]]:
    """Return the inflector factory of `language` for `systems.tsar.TsarSystem`."""
    return functools.partial(AnalogyInflector, language=language, tally=tally)


@dataclass(frozen=True)
class LanguageSystem(ComposedSystem):
    """A generator + ranker system of Spanish or Portuguese words: it answers the TSAR-2022
    sets of its language only (`lexsub baselines` runs it there, `runner.check_run` refuses
    the rest).

    Attributes:
        language: the answers' language (`es`, `pt`).
        source_language: the instances' language (the same: not a cross-lingual system).
        pos_tags: the PoS its readings take (`POS_TAGS`, or `("",)`: PoS-blind).
        reading_source: orders a word's readings (None: the lemma before the word).
        resource: what it reads, as the rows record it (`mythes-pt-br 1:7.5.0-1`).
    """

    language: str = "es"
    source_language: str = "es"
    pos_tags: tuple[str, ...] = POS_TAGS
    reading_source: FrequencySource | None = None
    resource: str = ""
