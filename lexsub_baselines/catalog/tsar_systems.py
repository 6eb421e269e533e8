"""Registers the Spanish and Portuguese systems of TSAR-2022 (after the English ones).

Part of `lexsub_baselines.catalog`. Two families, each language: `mythes:LANG`, LibreOffice's
MyThes thesaurus (as `roget`: every synonym, ranked by frequency), and `wordnet:LANG`, the
Open Multilingual Wordnet's words on WordNet 3.0 (as `wordnet`: criteria 1-4 as tiers, ranked
by frequency within a tier). The frequency is wordfreq's of the language (`wordfreq:LANG`).
Portuguese reads the Brazilian MyThes (`mythes-pt-br`): the TSAR-2022 Portuguese sentences
are Brazilian (`polêmica`, `econômico`, `ônibus`, `fato`, `equipe`; no `acção`, `facto`).
"""

from __future__ import annotations

from typing import cast

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator
from lexsub_baselines.systems.base import SYSTEMS, System

__all__ = ["MYTHES_OF", "TSAR_LANGUAGE_SYSTEMS", "WORDNET_OF"]

#: Language -> the MyThes thesaurus it reads (`resources.mythes.MYTHES`).
MYTHES_OF = {"es": "es", "pt": "pt-br"}
#: Language -> the OMW wordnet it reads, as docs and rows name it.
WORDNET_OF = {"es": "MCR 3.0 Spanish (omw-data 291d2c2)", "pt": "OpenWN-PT (omw-data f75be19)"}
#: The systems registered here, in registration order.
TSAR_LANGUAGE_SYSTEMS: tuple[str, ...] = tuple(
    f"{family}:{language}" for language in MYTHES_OF for family in ("mythes", "wordnet"))


def _mythes_generator(roots: Roots, language: str) -> CandidateGenerator:
    from lexsub_baselines.generators.mythes import MythesGenerator
    from lexsub_baselines.resources.mythes import load_mythes

    return MythesGenerator(load_mythes(MYTHES_OF[language], roots), name=f"mythes:{language}")


def _wordnet_generator(roots: Roots, language: str) -> CandidateGenerator:
    from lexsub_baselines.generators.wordnet import WordNetGenerator
    from lexsub_baselines.resources.omw import load_omw
    from lexsub_baselines.resources.omw_wordnet import OmwWordNet
    from lexsub_baselines.resources.wordnet import open_wordnet
    from lexsub_baselines.resources.wordnet_nltk import NltkWordNet

    english = cast(NltkWordNet, open_wordnet(roots, "nltk"))  # the spec `nltk`: NLTK's reader
    return WordNetGenerator(OmwWordNet(english, load_omw(language, roots)),
                            name=f"wordnet:{language}")


def _register(language: str) -> None:
    def mythes(roots: Roots) -> System:
        from lexsub_baselines.rankers.frequency import FrequencyRanker
        from lexsub_baselines.resources.frequency_lists import WordfreqFrequency
        from lexsub_baselines.resources.mythes import MYTHES
        from lexsub_baselines.systems.tsar_languages import LanguageSystem

        variant = MYTHES[MYTHES_OF[language]]
        return LanguageSystem(f"mythes:{language}", _mythes_generator(roots, language),
                              FrequencyRanker(WordfreqFrequency.of(language)),
                              language=language, source_language=language, pos_tags=("",),
                              resource=f"{variant.package} ({variant.file})")

    def wordnet(roots: Roots) -> System:
        from lexsub_baselines.rankers.frequency import FrequencyRanker
        from lexsub_baselines.resources.frequency_lists import WordfreqFrequency
        from lexsub_baselines.resources.omw_wordnet import OmwFrequency
        from lexsub_baselines.systems.tsar_languages import LanguageSystem

        generator = _wordnet_generator(roots, language)
        omw = generator.wordnet  # type: ignore[attr-defined]
        return LanguageSystem(f"wordnet:{language}", generator,
                              FrequencyRanker(WordfreqFrequency.of(language), by_tier=True),
                              language=language, source_language=language,
                              reading_source=OmwFrequency(omw), resource=WORDNET_OF[language])

    name = {"es": "Spanish", "pt": "Portuguese"}[language]
    GENERATORS.add(f"mythes:{language}", lambda roots: _mythes_generator(roots, language),
                   f"every synonym of the word in LibreOffice's {name} MyThes thesaurus")
    GENERATORS.add(f"wordnet:{language}", lambda roots: _wordnet_generator(roots, language),
                   f"{name} OMW words by the WordNet criteria 1-4 (WordNet 3.0's structure)")
    SYSTEMS.add(f"mythes:{language}", mythes,
                f"TSAR-2022 {language.upper()}: MyThes thesaurus ({MYTHES_OF[language]}), every "
                f"synonym by wordfreq:{language} frequency")
    SYSTEMS.add(f"wordnet:{language}", wordnet,
                f"TSAR-2022 {language.upper()}: {WORDNET_OF[language]} by criteria 1-4, "
                f"wordfreq:{language} frequency within a tier")


for _language in MYTHES_OF:
    _register(_language)
