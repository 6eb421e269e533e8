"""Every English system on TSAR-2022 English (trial, test), plain and `+simpler`, scored exactly.

`lexsub baselines` wraps each English substitution system in a `systems.tsar.TsarSystem`
(the word's PoS readings, the sentence's form, the `+simpler` step) and answers
`tsar2022-en-trial` and `tsar2022-en-test`: two rows per system, `SYSTEM` and
`SYSTEM+simpler`, from one pass over the readings. The predictions go to
`results/<dataset>/<row>.tsv` in the task's format (`sentence<TAB>complex word<TAB>substitute
<TAB>...`, best first, the first 10), are scored by `TsarScorer` (the task's `tsar_eval.py`
exactly) and are recorded in scores.json (`<dataset> -> <row> -> tsar2022`, the ten figures
under the official tables' names) and runs.json (with the row's TSAR settings: the PoS
setting and the frequency sources).

The Spanish and Portuguese systems (`catalog.tsar_systems`: `mythes:es`, `wordnet:es`,
`mythes:pt`, `wordnet:pt`) answer their language's sets the same way (`tsar2022-es-trial`,
`-test`; `pt`), wrapped with that language's readings and form (`systems.tsar_languages`)
and wordfreq's frequencies of the language for `+simpler`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tqdm import tqdm

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.tsar import TSAR_FORMAT
from lexsub_baselines.runs.runner import RunRecord, file_stem
from lexsub_baselines.substitutes.answers import TSAR_KIND, Answers, write_tsar_predictions
from lexsub_baselines.systems.base import OOT_SIZE, System
from lexsub_baselines.systems.tsar import SIMPLER, Tagger, TsarSystem
from lexsub_baselines.systems.tsar_languages import LEMMATISER, LanguageSystem, analogy

__all__ = [
    "KIND",
    "POS_SETTING",
    "READING_FREQUENCY",
    "SIMPLER_FREQUENCY",
    "TSAR_ENGLISH",
    "answer_tsar",
    "for_dataset",
    "parser_tagger",
    "source_language",
    "tsar_datasets",
    "tsar_settings",
    "tsar_system",
    "write_predictions",
]

#: The kind of a TSAR row in scores.json (the protocol's name).
KIND = TSAR_KIND
#: The English datasets every English system answers.
TSAR_ENGLISH: tuple[str, ...] = ("tsar2022-en-trial", "tsar2022-en-test")
#: The PoS setting of the rows. Provisional: `union` needs nothing built and hedges over the
#: readings; `tagged` (our parser's morphologizer) is compared on trial by
#: `scripts/tsar_trial.py` (10 instances: never on test).
POS_SETTING = "union"
#: The PoS-aware source that orders a word's readings (Kilgarriff's BNC lemma list: read from
#: the shared root, nothing to build).
READING_FREQUENCY = "bnc"
#: The source of the `+simpler` step: the wordfreq package's English word frequencies (large
#: coverage, PoS-blind), as the field's frequency baselines use a general word frequency.
SIMPLER_FREQUENCY = "wordfreq"
#: The case of the substitutes (`systems.tsar.CASES`): lower-cased, as the gold is.
CASE_SETTING = "lower"


def source_language(system: object) -> str:
    """Return the language of the instances `system` answers (`en` but for the Spanish and
    Portuguese TSAR systems; a cross-lingual system reads English)."""
    language = getattr(system, "source_language", "en")
    return language if isinstance(language, str) else "en"


def tsar_datasets(language: str) -> tuple[str, ...]:
    """Return the TSAR-2022 datasets a system reading `language` answers."""
    return tuple(f"tsar2022-{language}-{split}" for split in ("trial", "test"))


def tsar_settings(pos: str = POS_SETTING, system: object = None) -> dict[str, str]:
    """Return the TSAR settings a row records (runs.json, scores.json): those of English, or
    of a Spanish or Portuguese system (its lemmatiser, resource, frequencies)."""
    if isinstance(system, LanguageSystem):
        from lexsub_baselines.inputs.libraries import library_version

        reading = (system.reading_source.name if system.reading_source is not None
                   else "none (the lemma, then the word)")
        settings = {"pos": "union" if system.pos_tags != ("",) else "none (PoS-blind)",
                    "reading_frequency": reading,
                    "simpler_frequency": f"wordfreq:{system.language}",
                    "lemmatiser": f"{LEMMATISER} {library_version(LEMMATISER)}",
                    "inflection": "analogy+simplemma", "case": CASE_SETTING,
                    "resource": system.resource}
        if system.pos_tags != ("",):
            from lexsub_baselines.resources.omw_wordnet import SENSE_ORDER

            settings["sense_order"] = SENSE_ORDER
        return settings
    return {"pos": pos, "reading_frequency": READING_FREQUENCY,
            "simpler_frequency": SIMPLER_FREQUENCY, "inflection": "lemminflect",
            "case": CASE_SETTING}


def parser_tagger(roots: Roots) -> Tagger:
    """Return a tagger reading the target's universal PoS from our parser's morphologizer.

    Raises:
        MissingResourceError: the parser is not built (`lexsub build parser`).
    """
    from lexsub_baselines.builds.settings import ResourceSettings
    from lexsub_baselines.distributional.parser import find_parser, load_parser, parser_dir

    settings = ResourceSettings.from_env().parser
    model = find_parser(roots, settings)
    if model is None:
        raise MissingResourceError("trained parser", parser_dir(roots, settings)[0],
                                   "run `lexsub build parser` (or `make baselines`)")
    nlp = load_parser(model)
    letters = {"NOUN": "n", "PROPN": "n", "VERB": "v", "AUX": "v", "ADJ": "a", "ADV": "r"}

    def tag(instance: Any) -> str | None:
        doc = nlp(" ".join(instance.tokens))
        start = len(" ".join(instance.tokens[:instance.target_index])) + (
            1 if instance.target_index else 0)
        token = next((t for t in doc if t.idx >= start), None)
        return letters.get(token.pos_) if token is not None else None

    return tag


def language_system(system: LanguageSystem, simpler: bool = True) -> TsarSystem:
    """Return a Spanish or Portuguese system wrapped to answer its TSAR instances (with the
    `+simpler` step's source, wordfreq of its language, unless not `simpler`)."""
    from lexsub_baselines.resources.frequency_lists import WordfreqFrequency
    from lexsub_baselines.systems.tsar_languages import RomanceReadings

    source = WordfreqFrequency.of(system.language)
    return TsarSystem(system, POS_SETTING,
                      system.reading_source or _Unordered(), source if simpler else None,
                      name=system.name, readings=RomanceReadings(system.language,
                                                                 system.pos_tags),
                      inflector=analogy(system.language), case=CASE_SETTING)


class _Unordered:
    """A reading source that orders nothing (a PoS-blind thesaurus: the lemma first)."""

    name = "none"

    def count(self, lemma: str, pos: str) -> float | None:
        return None


def tsar_system(system: System, roots: Roots, pos: str = POS_SETTING,
                tagger: Tagger | None = None) -> TsarSystem:
    """Return `system` wrapped to answer TSAR instances, with the `+simpler` step's source
    (for `pos="tagged"`, the `tagger` of the target's PoS: `parser_tagger(roots)`, which the
    caller builds, so that the runs of `make baselines` do not reach the parser).

    Raises:
        LexsubError: `pos="tagged"` without a tagger.
    """
    from lexsub_baselines.catalog import frequency_source

    if isinstance(system, LanguageSystem):
        return language_system(system)
    if pos == "tagged" and tagger is None:
        raise LexsubError("the PoS setting `tagged` needs the parser's tagger: pass "
                          "tagger=parser_tagger(roots)")
    return TsarSystem(system, pos, frequency_source(roots, READING_FREQUENCY),
                      frequency_source(roots, SIMPLER_FREQUENCY), tagger, name=system.name)


def for_dataset(system: System, dataset: Dataset, roots: Roots) -> System:
    """Return `system` wrapped for a TSAR-2022 English dataset (plain, no `+simpler`), as
    `lexsub run` and `api.run` answer it; any other dataset or system, unchanged."""
    if dataset.spec.format != TSAR_FORMAT or not {"best", "oot"} & set(system.kinds) \
            or isinstance(system, TsarSystem):
        return system
    if isinstance(system, LanguageSystem):
        return language_system(system, simpler=False)
    if getattr(system, "language", "en") != "en":
        return system
    from lexsub_baselines.catalog import frequency_source

    return TsarSystem(system, POS_SETTING, frequency_source(roots, READING_FREQUENCY),
                      name=system.name)


def write_predictions(path: Path, dataset: Dataset, answers: Mapping[str, Answers]) -> None:
    """Write the task's format: the `_none` line's sentence and word, then up to 10
    substitutes, best first (`substitutes.answers.write_tsar_predictions`)."""
    write_tsar_predictions(path, ((i.sentence, i.lemma, answers[i.id].oot[:OOT_SIZE])
                                  for i in dataset.instances() if i.id in answers))


def answer_tsar(system: TsarSystem, dataset: Dataset, out: Path, progress: bool = True
                ) -> list[RunRecord]:
    """Answer `dataset` and write `<system>.tsv` and `<system>+simpler.tsv`; return the run
    records of the plain row, then of the `+simpler` row."""
    start = time.perf_counter()
    plain: dict[str, Answers] = {}
    simple: dict[str, Answers] = {}
    for instance in tqdm(dataset.instances(), desc=f"{dataset.name} {system.name}",
                         unit="inst", file=sys.stderr, leave=False,
                         disable=None if progress else True):
        plain[instance.id], simplified = system.answers(instance)
        simple[instance.id] = simplified if simplified is not None else Answers()
    seconds = time.perf_counter() - start
    done = []
    for name, answers in ((system.name, plain), (system.name + SIMPLER, simple)):
        relative = f"{dataset.name}/{file_stem(name)}.tsv"
        write_predictions(out / relative, dataset, answers)
        missing = tuple(i for i, a in answers.items() if not a.oot)
        done.append(RunRecord(dataset.name, name, len(answers), len(answers) - len(missing),
                              seconds, ((KIND, relative),), out,
                              digests=((KIND, file_sha256(out / relative)),), missing=missing))
    return done


