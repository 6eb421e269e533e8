"""An English system answering TSAR-2022 instances: PoS readings, the sentence's form, `+simpler`.

TSAR-2022 gives a complex word as written (`compulsory`, `studies`) with no lemma and no PoS.
`TsarSystem` wraps any English substitution system (`wordnet`, `lin`, `vote`, ...):

1. The word's readings (`readings`): (PoS, lemma) pairs from lemminflect's lexicon
   (`getAllLemmas`: `studies` -> noun `study`, verb `study`; a word it does not know gets
   its rule-made lemma for every PoS). Setting `pos:union` keeps every reading; `pos:tagged`
   keeps the one our parser's morphologizer gives the word in its sentence (`tagger`), and
   falls back to the union where the tag is not n/v/a/r or matches no reading.
2. Each reading is answered as its own instance (lemma, PoS, lexelt `lemma.pos`), best first.
3. With `simpler` (the `+simpler` variants, the classic simplification step of the field:
   Devlin & Tait 1998, the frequency filter of LSBert's pipeline), only substitutes more
   frequent than the complex word's lemma in the frequency source are kept, ranked by that
   frequency, most frequent first (ties in the system's order).
4. Each substitute takes the complex word's form in the sentence (`rankers.inflection`: the
   tense, number and degree of `studies` give `analyses`), then the gold's case (`CASES`):
   `lower` (the rows' setting) lower-cases it, as every gold substitute of the six TSAR
   sets is (0 of 27,695 capitalised; the one capitalised complex word, EN test's
   sentence-initial `Initially`, has the gold `originally`, which `tsar_eval.py`'s exact
   match would never credit as `Originally`); `kept` copies the complex word's
   capitalisation (the rows before issue 50).
5. The readings' lists are merged in turns (first of each reading, then the second of each,
   ...), readings ordered by the frequency of (lemma, PoS) in the reading source (ties: n, v,
   a, r); repeats and the complex word itself are dropped. best = the first, oot = the first 10.

Spanish and Portuguese systems take other `readings` and another `inflector`
(`systems.tsar_languages`: simplemma's lemma, every PoS; the ending by analogy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import zip_longest

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.rankers.inflection import Inflector
from lexsub_baselines.resources.frequency import FrequencySource
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import OOT_SIZE, System
from lexsub_baselines.systems.contract import answer_checked

__all__ = ["CASES", "POS_SETTINGS", "SIMPLER", "Inflect", "Readings", "Tagger", "TsarSystem",
           "readings", "simpler"]

#: The named PoS settings: every reading, or the one our parser tags.
POS_SETTINGS: tuple[str, ...] = ("union", "tagged")
#: The suffix of a simplification variant (`wordnet+simpler`).
SIMPLER = "+simpler"
#: The case settings: substitutes lower-cased as the gold is (the rows'), or the complex
#: word's capitalisation copied (before issue 50).
CASES: tuple[str, ...] = ("lower", "kept")
#: The task PoS letters, in the order that breaks ties between readings.
_POS_ORDER = ("n", "v", "a", "r")
_UPOS = {"n": "NOUN", "v": "VERB", "a": "ADJ", "r": "ADV"}

#: Gives the task PoS (n/v/a/r) of an instance's target in its sentence, or None.
Tagger = Callable[[Instance], str | None]
#: Gives a word's (PoS, lemma) readings as written (English: `readings`).
Readings = Callable[[str], tuple[tuple[str, str], ...]]
#: Makes, for one reading, the function that puts a lemma into the sentence's form.
Inflect = Callable[[Instance], Callable[[str], str]]


def readings(word: str) -> tuple[tuple[str, str], ...]:
    """Return the (PoS, lemma) readings of a word as written, in n, v, a, r order.

    >>> readings("studies")
    (('n', 'study'), ('v', 'study'))
    """
    from lemminflect import getAllLemmas, getLemma

    lowered = word.strip().lower()
    known = getAllLemmas(lowered)
    out = []
    for pos in _POS_ORDER:
        lemmas = known.get(_UPOS[pos]) if known else getLemma(lowered, upos=_UPOS[pos])
        if lemmas:
            out.append((pos, str(lemmas[0])))
    return tuple(out)


def simpler(lemmas: Sequence[str], lemma: str, pos: str,
            source: FrequencySource) -> list[str]:
    """Return the `lemmas` more frequent than `lemma` in `source`, most frequent first.

    A lemma the source has no count for (a multiword) is dropped; so is every candidate
    when the complex word has no count (nothing is known to be simpler).

    >>> from lexsub_baselines.resources.frequency_lists import KilgarriffFrequency
    >>> bnc = KilgarriffFrequency({("help", "v"): 90, ("aid", "v"): 9, ("assist", "v"): 5})
    >>> simpler(["aid", "help", "abet"], "assist", "v", bnc)
    ['help', 'aid']
    """
    floor = source.count(lemma, pos)
    if floor is None:
        return []
    counted = [(count, n, candidate) for n, candidate in enumerate(lemmas)
               if (count := source.count(candidate, pos)) is not None and count > floor]
    return [candidate for *_, candidate in sorted(counted, key=lambda c: (-c[0], c[1]))]


@dataclass(frozen=True)
class TsarSystem:
    """An English system answering TSAR instances (see the module docstring).

    Attributes:
        system: the wrapped system (its best/oot answers, or every ranked candidate).
        pos: `union` or `tagged`.
        reading_source: orders the readings (a PoS-aware frequency source).
        simpler_source: with it, the `+simpler` step against this source.
        tagger: the PoS of the target in its sentence (`pos:tagged`).
        name: the row's name (`wordnet`, `wordnet+simpler`).
        readings: a word's (PoS, lemma) readings (default: English, lemminflect's).
        inflector: the sentence's form of a reading (default: English, `Inflector`).
        case: `lower` or `kept` (`CASES`).
    """

    system: System
    pos: str
    reading_source: FrequencySource
    simpler_source: FrequencySource | None = None
    tagger: Tagger | None = None
    name: str = ""
    kinds: tuple[str, ...] = ("oot",)
    readings: Readings = field(default=readings, compare=False)
    inflector: Inflect = field(default=Inflector, compare=False)
    case: str = "lower"

    def __post_init__(self) -> None:
        if self.case not in CASES:
            raise LexsubError(f"unknown TSAR case setting {self.case!r}; known: "
                              f"{', '.join(CASES)}")
        if not self.name:
            suffix = SIMPLER if self.simpler_source is not None else ""
            object.__setattr__(self, "name", self.system.name + suffix)

    def chosen(self, instance: Instance) -> tuple[tuple[str, str], ...]:
        """Return the readings answered, in merge order (see the module docstring)."""
        found = self.readings(instance.lemma)
        if self.pos == "tagged" and self.tagger is not None:
            tag = self.tagger(instance)
            tagged = tuple(r for r in found if r[0] == tag)
            found = tagged or found
        rank = {pos: n for n, pos in enumerate(_POS_ORDER)}
        return tuple(sorted(found, key=lambda r: (
            -(self.reading_source.count(r[1], r[0]) or 0.0), rank.get(r[0], len(rank)))))

    def _lemmas(self, instance: Instance) -> list[tuple[Instance, list[str]]]:
        """Return each chosen reading as an instance, with the system's lemmas for it."""
        out = []
        for pos, lemma in self.chosen(instance):
            reading = replace(instance, lemma=lemma, pos=pos, lexelt=f"{lemma}.{pos}")
            answers = answer_checked(self.system, reading)
            out.append((reading, [lemma for lemma, _ in answers.ranked] or list(answers.oot)))
        return out

    def _merged(self, instance: Instance, lists: Sequence[tuple[Instance, Sequence[str]]]
                ) -> Answers:
        """Return the readings' lists in the sentence's form, merged in turns (see above)."""
        formed = [[self._cased(inflect(lemma)) for lemma in lemmas]
                  for inflect, lemmas in ((self.inflector(r), lemmas) for r, lemmas in lists)]
        word = instance.lemma.strip().lower()
        out: dict[str, None] = {}
        for turn in zip_longest(*formed):
            for substitute in turn:
                if substitute and substitute.lower() != word:
                    out.setdefault(substitute, None)
        found = tuple(out)
        return Answers(best=found[:1], oot=found[:OOT_SIZE],
                       ranked=tuple((s, None) for s in found))

    def _cased(self, substitute: str) -> str:
        """Return `substitute` in the gold's case (`case`; see the module docstring)."""
        return substitute.lower() if self.case == "lower" else substitute

    def answers(self, instance: Instance) -> tuple[Answers, Answers | None]:
        """Return the plain answers and, with `simpler_source`, the `+simpler` ones (the
        system answers each reading once for both)."""
        lists = self._lemmas(instance)
        plain = self._merged(instance, lists)
        if self.simpler_source is None:
            return plain, None
        source = self.simpler_source
        return plain, self._merged(instance, [
            (r, simpler(lemmas, r.lemma, r.pos, source)) for r, lemmas in lists])

    def answer(self, instance: Instance) -> Answers:
        """Return best = the first substitute, oot = the first 10, ranked = all of them (the
        `+simpler` ones when `simpler_source` is set)."""
        plain, simplified = self.answers(instance)
        return simplified if simplified is not None else plain
