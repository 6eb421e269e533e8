"""Bilingual dictionaries, the bilingual generator, the Spanish frequency ranker and the
cross-lingual systems (DICT, DICTCORP, WordNet-translate)."""

from __future__ import annotations

import gzip
from pathlib import Path
from types import MappingProxyType

import pytest

from lexsub_baselines import catalog
from lexsub_baselines.core.errors import DataFormatError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.bilingual import BilingualGenerator
from lexsub_baselines.rankers.spanish_frequency import SpanishFrequencyRanker, load_eswiki_counts
from lexsub_baselines.resources.bilingual import (
    FREEDICT_DIR,
    BilingualDictionary,
    Sense,
    parse_wiktionary,
    split_translations,
)
from lexsub_baselines.resources.dictionaries import dictionary_names, load_dictionary
from lexsub_baselines.resources.freedict import decode_b64_number, read_freedict
from lexsub_baselines.resources.frequency_lists import read_word_counts
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.systems.crosslingual import (
    CrossLingualSystem,
    TranslatingSystem,
    interleave,
    system_language,
)

WIKT_SAMPLE = """\
# English :: Spanish dictionary extracted from http://en.wiktionary.org/
bright {adj} /bɹaɪt/ (visually dazzling, luminous, radiant) :: claro, brillante, luminoso
bright {adj} (happy) :: alegre
bright {adj} (intelligent) :: brillante {m} {f}, inteligente
side {n} (group having a particular allegiance in a war) :: bando {m}
side {n} /saɪd/ (bounding straight edge of an object) :: lado {m}
side {n} (side dish) SEE: side dish ::
side {v} (to ally oneself with) :: ponerse del lado de [someone]
accountant {n} (one who keeps accounts) :: [Latin America] contador {m}, contable {m} [Spain]
air pocket {n} (a local region (of low pressure)) :: (región de) corriente descendente
Aachen {prop} (city) :: Aquisgrán
"""


def instance(lemma: str, pos: str, lexelt: str | None = None) -> Instance:
    return Instance("1", lexelt or f"{lemma}.{pos}", lemma, pos, (lemma,), 0)


@pytest.fixture(scope="module")
def sample() -> BilingualDictionary:
    return parse_wiktionary(WIKT_SAMPLE.splitlines(), source="sample")


def test_wiktionary_lines_parse_into_senses_with_pos_and_gloss(sample: BilingualDictionary) -> None:
    bright = sample.senses["bright"]
    assert [s.pos for s in bright] == ["a", "a", "a"]
    assert bright[0].gloss == "visually dazzling, luminous, radiant"
    assert bright[0].primary and not bright[1].primary
    assert sample.skipped == 1  # the SEE: cross-reference
    assert sample.translations("bright", "a") == ["claro", "brillante", "luminoso", "alegre",
                                                  "inteligente"]
    assert sample.translations("bright", "n") == []
    assert sample.translations("air pocket") == ["corriente descendente"]
    assert sample.translations("accountant", "n") == ["contador", "contable"]
    assert sample.translations("Bright", "a")[:1] == ["claro"]  # lower-case fallback
    assert sample.translations("Aachen") == ["Aquisgrán"]
    assert sample.translations("Aachen", "n") == []  # {prop} never matches a PoS query


def test_primary_sense_first_and_raw_order(sample: BilingualDictionary) -> None:
    assert sample.translations("side", "n") == ["lado", "bando"]
    raw = parse_wiktionary(WIKT_SAMPLE.splitlines(), primary_first=False)
    assert raw.translations("side", "n") == ["bando", "lado"]


def test_split_translations_respects_brackets() -> None:
    assert split_translations("a (b, c) {m}, [x, y] d, e") == ["a", "d", "e"]
    assert split_translations("") == []
    assert split_translations(" ¡ay! , d.C.") == ["¡ay!", "d.C."]


def test_dictd_base64_numbers() -> None:
    assert decode_b64_number("A") == 0
    assert decode_b64_number("BA") == 64
    with pytest.raises(ValueError, match="base-64"):
        decode_b64_number("a-b")


def _write_dictd(folder: Path, entries: list[tuple[str, str]]) -> tuple[Path, Path]:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def b64(value: int) -> str:
        digits = ""
        while True:
            digits = alphabet[value % 64] + digits
            value //= 64
            if not value:
                return digits

    data = b""
    index = []
    for headword, body in entries:
        raw = body.encode()
        index.append(f"{headword}\t{b64(len(data))}\t{b64(len(raw))}")
        data += raw
    index_path, dict_path = folder / "t.index", folder / "t.dict.dz"
    index_path.write_text("\n".join(index) + "\n", encoding="utf-8")
    with gzip.open(dict_path, "wb") as handle:
        handle.write(data)
    return index_path, dict_path


def test_freedict_reader_on_a_tiny_dictd_file(tmp_path: Path) -> None:
    index, data = _write_dictd(tmp_path, [
        ("00databaseinfo", "info\n"),
        ("bright", "bright /brait/\n1. magnífico\n2. claro, brillante\n"),
        ("side", "side /said/\nlado\n"),
        ("side", "side /said/\n1. partido\n2. lado\n"),
    ])
    freedict = read_freedict(index, data)
    assert freedict.translations("bright", "a") == ["magnífico", "claro", "brillante"]
    assert freedict.translations("side", "n") == ["lado", "partido"]  # PoS-less: any PoS
    assert len(freedict) == 2
    index.write_text("bright\tA\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"t.index:1"):
        read_freedict(index, data)
    index.write_text("bright\tA\tzzzz\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match="past the end"):
        read_freedict(index, data)
    with pytest.raises(MissingResourceError, match="dict-freedict-eng-spa"):
        read_freedict(tmp_path / "none.index", data)


def test_dictionaries_are_selectable_by_name(roots: Roots) -> None:
    assert dictionary_names() == ["wiktionary", "freedict"]
    with pytest.raises(UnknownNameError, match="wiktionary, freedict"):
        load_dictionary("babelnet", roots)


def test_real_wiktionary_entries(shared: Roots) -> None:
    wiktionary = load_dictionary("wiktionary", shared)
    bright = wiktionary.translations("bright", "a")
    assert bright[:2] == ["claro", "brillante"]
    assert {"inteligente", "luminoso", "vívido"} <= set(bright)
    assert wiktionary.translations("severely", "r") == ["severamente"]
    assert wiktionary.translations("side", "n")[0] == "lado"
    assert len(wiktionary) > 30_000


@pytest.mark.skipif(not (FREEDICT_DIR / "freedict-eng-spa.index").is_file(),
                    reason="Debian package dict-freedict-eng-spa not installed")
def test_real_freedict_entries(roots: Roots) -> None:
    freedict = load_dictionary("freedict", roots)
    assert freedict.translations("bright") == ["magnífico", "claro"]
    assert "fuerte" in freedict.translations("strong")
    assert len(freedict) > 5000


def test_generator_pos_filter_fallback_and_provenance() -> None:
    dictionary = BilingualDictionary("t", "-", MappingProxyType({
        "hard": (Sense("a", "difficult", ("duro", "difícil"), line=7),),
        "normal": (Sense("a", "", ("normal", "corriente")),),
    }))
    generator = BilingualGenerator(dictionary)
    assert generator.name == "bilingual:t"
    hard = generator.generate(instance("hard", "r"))  # no adverb sense: all senses
    assert [c.lemma for c in hard] == ["duro", "difícil"]
    assert dict(hard[0].provenance) == {"dictionary": "t", "pos": "a", "gloss": "difficult",
                                        "line": "7"}
    assert BilingualGenerator(dictionary, pos_fallback=False).generate(instance("hard", "r")) == []
    # DICT keeps a translation spelled like the English target
    system = CrossLingualSystem("dict:t", generator)
    answers = system.answer(instance("normal", "a"))
    assert (answers.best, answers.oot) == (("normal",), ("normal", "corriente"))
    assert system_language(system) == "es"


def test_frequency_ranker_two_tiers_and_ties(tmp_path: Path) -> None:
    path = tmp_path / "freq.txt"
    path.write_text("de 100\nclaro 40\nluz 40\nBrillante 7\nbroken line here\n", encoding="utf-8")
    with pytest.warns(UserWarning, match=r"freq.txt:5: 1 line"):
        counts = read_word_counts(path)
    assert counts["brillante"] == 7
    fallback = {"vívido": 0.002, "corriente descendente": 0.0005}
    ranker = SpanishFrequencyRanker(counts, fallback=lambda w: fallback.get(w, 0.0))
    candidates = [Candidate(w) for w in ["corriente descendente", "vívido", "luz", "claro",
                                         "Brillante", "zzz"]]
    ranked = ranker.rank(instance("bright", "a"), candidates)
    assert [c.lemma for c in ranked] == ["luz", "claro", "Brillante", "vívido",
                                        "corriente descendente", "zzz"]
    assert ranked[0].score == 40.0 and 0 < (ranked[3].score or 0) < 1


def test_real_eswiki_and_wordfreq_fallback(shared: Roots) -> None:
    counts = load_eswiki_counts(shared)
    assert len(counts) == 48_000
    ranker = SpanishFrequencyRanker(counts)
    assert ranker.score("claro") > ranker.score("brillante") > 1
    assert 0 < ranker.score("corriente descendente") < 1  # multiword: wordfreq estimate


def test_interleave_round_robin() -> None:
    assert interleave([["a", "b", "c"], ["b", "d"], ["e"]]) == ["a", "b", "e", "d", "c"]
    assert interleave([]) == []


class _EnglishStub:
    """A made-up English system: fixed oot answers."""

    name: str = "stub"
    kinds: tuple[str, ...] = ("best", "oot")

    def answer(self, instance: Instance) -> Answers:
        return Answers(("brilliant",), ("brilliant", "shining", "clever"))


def test_translating_system_interleaves_translations_in_english_order() -> None:
    dictionary = BilingualDictionary("t", "-", MappingProxyType({
        "brilliant": (Sense("a", "", ("brillante", "genial")),),
        "shining": (Sense("a", "", ("brillante", "reluciente")),),
        "clever": (Sense("a", "", ("listo", "inteligente")),),
    }))
    system = TranslatingSystem("t", _EnglishStub(), BilingualGenerator(dictionary))
    candidates = system.candidates(instance("bright", "a"))
    assert [c.lemma for c in candidates] == ["brillante", "listo", "genial", "reluciente",
                                             "inteligente"]
    assert dict(candidates[1].provenance)["english"] == "clever"
    answers = system.answer(instance("bright", "a"))
    assert answers.best == ("brillante",) and len(answers.oot) == 5
    assert system_language(_EnglishStub()) == "en"


def test_catalog_registers_crosslingual_components() -> None:
    for name in ("dict:wiktionary", "dictcorp:wiktionary", "dict:freedict", "dictcorp:freedict",
                 "wordnet-translate:wiktionary"):
        assert name in catalog.SYSTEMS
    assert "bilingual:wiktionary" in catalog.GENERATORS
    assert "eswiki-frequency" in catalog.RANKERS


def test_dict_and_dictcorp_on_real_2007_instance(shared: Roots) -> None:
    side = Instance("1", "side.n", "side", "n", ("the", "side"), 1)
    dict_system = catalog.SYSTEMS.get("dict:wiktionary")(shared)
    dictcorp = catalog.SYSTEMS.get("dictcorp:wiktionary")(shared)
    assert dict_system.answer(side).best == ("lado",)
    dict_oot, corp_oot = dict_system.answer(side).oot, dictcorp.answer(side).oot
    assert sorted(dict_oot) == sorted(corp_oot) and dict_oot != corp_oot
    counts = load_eswiki_counts(shared)
    listed = [counts[w] for w in corp_oot if w in counts]
    assert listed == sorted(listed, reverse=True)
