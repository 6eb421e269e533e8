"""Cross-lingual (English→Spanish) systems: DICT, DICTCORP and English-side translation.

- `CrossLingualSystem` — a bilingual generator, optionally re-ranked: DICT (Mihalcea, Sinha &
  McCarthy 2010) keeps the dictionary's order (best = the first translation, oot = the first
  10); DICTCORP ranks the same translations by Spanish Wikipedia frequency. Unlike
  `systems.ComposedSystem`, the English target lemma is *not* filtered out: a Spanish
  translation may be spelled like it (`normal`, `final`, `hotel`).
- `TranslatingSystem` — the English-side approach several 2010 participants took (e.g.
  SWAT-E, Wicentowski et al. 2010): take an English system's oot substitutes (e.g. the WordNet
  baseline's) in its ranked order and translate each through the dictionary. The Spanish lists
  are interleaved round-robin (first translation of every English substitute, then the second
  ones, …), so best is the first translation of the top English substitute and oot covers as
  many English substitutes as possible; duplicates are removed (first occurrence wins).

Every system here answers in Spanish: `language = "es"`. `system_language` reads that
attribute (English systems have none) and `datasets.clls.crosslingual_target` says which
dataset such a system runs on.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.bilingual import BilingualGenerator
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.substitutes.candidates import Candidate, dedupe
from lexsub_baselines.systems.base import OOT_SIZE, System, select_answers

__all__ = ["CrossLingualSystem", "TranslatingSystem", "interleave", "system_language"]


def system_language(system: object) -> str:
    """Return the language a system answers in: its `language` attribute, default `en`."""
    language = getattr(system, "language", "en")
    return language if isinstance(language, str) else "en"


@dataclass
class CrossLingualSystem:
    """Spanish translations from a bilingual generator, in dictionary order or re-ranked.

    Attributes:
        name: canonical name (`dict:wiktionary`, `dictcorp:wiktionary`).
        generator: the bilingual generator.
        ranker: re-orders the translations; None keeps the dictionary's order (DICT).
        language: the answers' language.
        kinds: the answer files it produces.
    """

    name: str
    generator: BilingualGenerator
    ranker: Ranker | None = None
    language: str = "es"
    kinds: tuple[str, ...] = ("best", "oot")

    def candidates(self, instance: Instance) -> list[Candidate]:
        """Return the translations, duplicates removed, ranked when a ranker is set."""
        generated = dedupe(self.generator.generate(instance))
        if self.ranker is None or not generated:
            return generated
        return self.ranker.rank(instance, generated)

    def answer(self, instance: Instance) -> Answers:
        """Return best = the first translation, oot = the first 10."""
        return select_answers(self.candidates(instance))


def interleave(lists: list[list[str]]) -> list[str]:
    """Merge lists round-robin, dropping repeats (first occurrence wins).

    >>> interleave([["a", "b", "c"], ["b", "d"], ["e"]])
    ['a', 'b', 'e', 'd', 'c']
    """
    merged: list[str] = []
    seen: set[str] = set()
    for depth in range(max((len(items) for items in lists), default=0)):
        for items in lists:
            if depth < len(items) and items[depth] not in seen:
                seen.add(items[depth])
                merged.append(items[depth])
    return merged


@dataclass
class TranslatingSystem:
    """An English system's substitutes translated into Spanish through a dictionary.

    Attributes:
        name: canonical name (`wordnet-translate:wiktionary`).
        english: the English system whose oot answers are translated.
        generator: the bilingual generator used as a dictionary (same PoS rule as DICT).
        language: the answers' language.
        kinds: the answer files it produces.
    """

    name: str
    english: System
    generator: BilingualGenerator
    language: str = "es"
    kinds: tuple[str, ...] = ("best", "oot")

    def candidates(self, instance: Instance) -> list[Candidate]:
        """Return the interleaved translations, each naming the English substitute it came from."""
        substitutes = self.english.answer(instance).oot
        lists = [self.generator.translate(substitute, instance.pos)
                 for substitute in substitutes]
        # the substitute credited with a translation is the one interleave takes it from:
        # the smallest (depth, list index)
        first: dict[str, tuple[int, int]] = {}
        for index, translations in enumerate(lists):
            for depth, translation in enumerate(translations):
                first[translation] = min(first.get(translation, (depth, index)), (depth, index))
        source = {t: substitutes[index] for t, (_, index) in first.items()}
        return [Candidate(t, provenance=(("english", source[t]),
                                         ("dictionary", self.generator.dictionary.name)))
                for t in interleave(lists)]

    def answer(self, instance: Instance) -> Answers:
        """Return best = the first translation, oot = the first 10."""
        return select_answers(self.candidates(instance), oot_size=OOT_SIZE)
