"""TSAR-2022 Spanish and Portuguese: the MyThes and OMW readers on the real files, the offset
alignment, the lemmas and the ending by analogy, the gold's case, and `mythes:es` and
`wordnet:pt` end to end (`lexsub baselines`: trial and test, scored beside the field)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources import mythes as mythes_module
from lexsub_baselines.resources.mythes import DEBIAN_MYTHES_DIR, find_mythes, read_mythes
from lexsub_baselines.resources.omw import load_omw, read_omw
from lexsub_baselines.resources.wordnet_offsets import align_offsets
from lexsub_baselines.systems.tsar_languages import (
    AnalogyInflector,
    Inflections,
    RomanceReadings,
    lemma_candidates,
)
from lexsub_baselines.tables.released import is_released


@pytest.mark.needs("mythes")
def test_mythes_reads_debians_three_thesauri() -> None:
    spanish = read_mythes(DEBIAN_MYTHES_DIR / "th_es_ES_v2.dat", "es")  # ISO-8859-1
    assert len(spanish) == 21846
    assert "famoso" in spanish.synonyms("Reputado")  # any case; accents decoded
    assert {s.label for s in spanish.senses("reputado")} == {"-"}
    assert not any("(" in word for senses in spanish.entries.values() for sense in senses
                   for word in sense.synonyms)  # `necio (fig.)`: the usage notes removed
    brazilian = read_mythes(DEBIAN_MYTHES_DIR / "th_pt_BR.dat", "pt-br")  # UTF-8
    assert len(brazilian) == 26141  # 26,147 entry lines, six headwords listed twice
    first = brazilian.senses("praga")[0]
    assert first.label == "(Sinônimo)blasfêmia" and first.synonyms[0] == "blasfêmia"
    european = read_mythes(DEBIAN_MYTHES_DIR / "th_pt_PT_v2.dat", "pt-pt")
    assert len(european) == 50864 and european.senses("praga")[0].label == "(s.)"


def test_mythes_refuses_a_broken_file_in_one_line(tmp_path: Path) -> None:
    good = tmp_path / "th.dat"
    good.write_bytes("ISO8859-1\nalá|1\n-|Dios|necio (fig.)\n".encode("latin-1"))
    assert read_mythes(good).synonyms("ALÁ") == ["Dios", "necio"]
    bad = tmp_path / "bad.dat"
    bad.write_text("UTF-8\nword|2\n-|one\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"bad\.dat:2: the entry 'word' announces 2 "
                                              r"senses but the file ends first"):
        read_mythes(bad)
    bad.write_text("UTF-8\nword without count\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"bad\.dat:2: expected an entry line"):
        read_mythes(bad)
    bad.write_text("KOI8-R\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"bad\.dat:1: unknown encoding line 'KOI8-R'"):
        read_mythes(bad)


def test_mythes_is_found_in_debians_folder_else_the_fetched_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mythes_module, "DEBIAN_MYTHES_DIR", tmp_path / "none")
    with pytest.raises(MissingResourceError, match=r"apt-get install mythes-es.*lexsub fetch "
                                                   r"mythes"):
        find_mythes("es", tmp_path / "data")
    fetched = tmp_path / "data" / "mythes" / "share" / "mythes" / "th_es_ES_v2.dat"
    fetched.parent.mkdir(parents=True)
    fetched.write_bytes(b"ISO8859-1\n")
    assert find_mythes("es", tmp_path / "data") == fetched
    with pytest.raises(LexsubError, match="unknown MyThes thesaurus 'fr'"):
        find_mythes("fr", tmp_path)


@pytest.mark.shared
def test_omw_reads_the_shared_tab_files(shared: Roots, tmp_path: Path) -> None:
    spanish = load_omw("es", shared)
    assert spanish.name == "Multilingual Central Repository"
    assert len(spanish.by_synset) == 38512 and "00001740-n" in spanish.synsets("Entidad", "n")
    assert spanish.words("00613018-v") == ("dejar", "olvidar")
    portuguese = load_omw("pt", shared)
    assert portuguese.name == "OpenWN-PT" and len(portuguese.by_synset) == 43895
    assert portuguese.synsets("entidade física", "n") == ("00001930-n",)  # `_` -> space
    bad = tmp_path / "bad.tab"
    bad.write_text("# x\tspa\n00001740-n\tlemma\tentidad\n1740-n\tlemma\tente\n")
    with pytest.raises(DataFormatError, match=r"bad\.tab:3: expected OFFSET-POS<TAB>lemma"):
        read_omw(bad, "es")


def test_offsets_align_across_a_changed_line() -> None:
    # Princeton's synsets at 0, 9, 24, 39; the installed file's second line one byte longer
    assert align_offsets([0, 9, 25, 40, 60, 80], [0, 9, 24, 39, 59, 79]) == {
        0: 0, 9: 9, 24: 25, 39: 40, 59: 60, 79: 80}
    # 12: no shift puts it and the synsets after it on starts; it is left out
    assert align_offsets([0, 10, 20, 30], [0, 12, 20, 30]) == {0: 0, 20: 20, 30: 30}


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_every_omw_synset_lands_on_debians_wordnet(shared: Roots) -> None:
    from lexsub_baselines.generators.wordnet import WordNetGenerator
    from lexsub_baselines.resources.omw_wordnet import OmwWordNet
    from lexsub_baselines.resources.wordnet import open_wordnet

    wordnet = OmwWordNet(open_wordnet(shared, "nltk"), load_omw("es", shared))  # type: ignore[arg-type]
    aligned = sum(len(wordnet._installed(pos)) for pos in "nvar")
    assert aligned == 38512  # all of them, 6,889 of them shifted in Debian's rebuild
    assert wordnet._installed("v")[613018] == 613036  # `forget`: 18 bytes later
    assert [s.id for s in wordnet.synsets("olvidar", "v")][:2] == ["leave.v.02", "forget.v.01"]
    tiers = {(c.lemma, c.tier) for c in WordNetGenerator(wordnet).candidates("albergar", "v")}
    assert ("alojar", 3) in tiers and ("sentir", 2) in tiers  # hypernyms through English


def test_lemmas_readings_and_the_ending_by_analogy() -> None:
    assert lemma_candidates("Acogerse", "es") == ("acoger", "acogerse")
    assert RomanceReadings("pt")("sensores")[:2] == (("n", "sensor"), ("v", "sensor"))
    assert RomanceReadings("es", ("",))("praga") == (("", "praga"),)
    tally = Inflections()

    def inflect(word: str, lemma: str, language: str, *candidates: str) -> list[str]:
        instance = Instance("1", lemma, lemma, "v", ("x", word), 1)
        form = AnalogyInflector(instance, language, tally)
        return [form(c) for c in candidates]

    assert inflect("desacreditados", "desacreditar", "es", "difamar", "vencer") == [
        "difamados", "vencer"]  # `vencedos` is no word simplemma knows: the lemma stays
    assert inflect("acogerse", "acoger", "es", "refugiar") == ["refugiarse"]  # an enclitic
    assert inflect("batieron", "batir", "es", "abatir") == ["abatieron"]
    assert inflect("intensificam", "intensificar", "pt", "aumentar", "crescer") == [
        "aumentam", "crescem"]  # `crescer`: the shared prefix given back, `r` -> `m`
    assert inflect("praga", "praga", "pt", "peste") == ["peste"]  # the word is its lemma
    assert tally.counts == {"formed": 5, "kept": 1, "same": 1}
    assert tally.failure_rate() == pytest.approx(1 / 6)


@pytest.mark.shared
def test_the_gold_is_lower_case_in_all_six_sets(shared: Roots) -> None:
    """The case fix's rule, measured: no gold substitute is capitalised; the one capitalised
    complex word (EN test, sentence-initial `Initially`) has lower-case gold."""
    capitalised = []
    for language in ("en", "es", "pt"):
        for split in ("trial", "test"):
            dataset = load_dataset(f"tsar2022-{language}-{split}", shared)
            items = [s for g in dataset.gold().values() for s, _ in g.entries]
            assert items and not any(s[:1].isupper() for s in items)
            capitalised += [i.lemma for i in dataset.instances() if i.lemma[:1].isupper()]
    assert capitalised == ["Initially"]


@pytest.fixture(scope="module")
def language_run(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`lexsub baselines --systems mythes:es wordnet:pt`: both languages, both families."""
    out = tmp_path_factory.mktemp("results")
    cache = tmp_path_factory.mktemp("cache")
    assert main(["--shared-root", str(shared.shared), "--cache-dir", str(cache), "baselines",
                 "--systems", "mythes:es", "wordnet:pt", "--out", str(out),
                 "--no-progress"]) == 0
    return out


@pytest.mark.shared
@pytest.mark.needs("mythes", "wordnet")
def test_spanish_and_portuguese_end_to_end(language_run: Path, shared: Roots,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = language_run
    scores = json.loads((out / "scores.json").read_text())
    ours = {d for d, systems in scores.items() if any(not is_released(s) for s in systems)}
    assert ours == {f"tsar2022-{lang}-{split}" for lang in ("es", "pt")  # and the field's
                    for split in ("trial", "test")}  # released rows, rescored, where present
    row = scores["tsar2022-es-trial"]["mythes:es"]["tsar2022"]
    assert row["tsar"]["resource"] == "mythes-es (th_es_ES_v2.dat)"
    assert row["tsar"]["simpler_frequency"] == "wordfreq:es"
    assert row["tsar"]["case"] == "lower" and row["tsar"]["pos"] == "none (PoS-blind)"
    assert scores["tsar2022-pt-trial"]["wordnet:pt"]["tsar2022"]["tsar"]["sense_order"] == (
        "english-semcor-synset-count")
    assert scores["tsar2022-pt-trial"]["wordnet:pt"]["tsar2022"]["metrics"]["ACC@1"] > 0
    lines = (out / "tsar2022-es-trial" / "mythes-es.tsv").read_text().splitlines()
    assert len(lines) == 12 and lines[1].split("\t")[1] == "difunto"
    assert all(s == s.lower() for line in lines for s in line.split("\t")[2:])
    for name in ("mythes:es", "mythes:es+simpler"):
        assert set(scores["tsar2022-es-test"][name]) == {"tsar2022"}
    tables = (out / "tables.md").read_text()
    assert "| `mythes:es+simpler` | ours |" in tables and "| `wordnet:pt` | ours |" in tables
    assert "| `PresiUniv run 1` | published | 0.3695 |" in tables  # beside the field
    assert "| `GMU-WLV run 1` | published | 0.4812 |" in tables
    capsys.readouterr()  # the written file ranked among the field and ours
    assert main(["score", str(out / "tsar2022-pt-test" / "wordnet-pt.tsv"), "tsar2022-pt-test",
                 "--compare"]) == 0
    assert "| GMU-WLV run 1 | team | 0.4812 |" in capsys.readouterr().out
    with pytest.raises(LexsubError, match=r"reads es words: it runs on tsar2022-es-trial"):
        from lexsub_baselines import run

        run("mythes:es", "semeval2007-trial", roots=shared)


@pytest.mark.needs("mythes")
def test_fetch_mythes_lays_out_the_packaged_file_where_the_reader_finds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses
    import hashlib

    from fetch_mirror import fetch_cli, serving, temp_roots, url_path
    from test_fetch_wordnet import _deb

    from lexsub_baselines.inputs.manifest import Manifest, load_manifest

    entry = load_manifest().get("mythes-es")
    installed = (DEBIAN_MYTHES_DIR / "th_es_ES_v2.dat").read_bytes()
    deb = _deb({"./usr/share/mythes/th_es_ES_v2.dat": installed,
                "./usr/share/doc/mythes-es/th_es_ES_v2.dat": b"a decoy\n"})
    manifest = Manifest((dataclasses.replace(
        entry, upstream_sha256=hashlib.sha256(deb).hexdigest(), upstream_bytes=len(deb)),),
        "test manifest")
    monkeypatch.setattr(mythes_module, "DEBIAN_MYTHES_DIR", tmp_path / "no-debian")
    with serving({url_path(entry.upstream_url): deb}) as mirror:
        assert fetch_cli(tmp_path, manifest, mirror.url, "mythes") == 0
    found = find_mythes("es", temp_roots(tmp_path).data)
    assert found == temp_roots(tmp_path).data / "mythes/share/mythes/th_es_ES_v2.dat"
    assert found.read_bytes() == installed and entry.sha256 == hashlib.sha256(
        installed).hexdigest()


@pytest.mark.parametrize("package", ["mythes-es", "mythes-pt-br", "mythes-pt-pt"])
def test_the_real_mythes_package_unpacks_to_the_manifest_digests(tmp_path: Path,
                                                                 package: str) -> None:
    import hashlib

    from lexsub_baselines.inputs.manifest import load_manifest
    from lexsub_baselines.resources.unpack import extract_named

    entry = next(r for r in load_manifest().resources
                 if r.input == "mythes" and r.fetch and f"/{package}_" in r.upstream_url)
    deb = Path("/var/cache/apt/archives") / f"{package}_1%3a7.5.0-1_all.deb"
    if not deb.is_file():
        pytest.skip(f"{deb} not in apt's cache (`apt-get download {package}` there, as root)")
    assert hashlib.sha256(deb.read_bytes()).hexdigest() == entry.upstream_sha256
    found = extract_named(deb, {entry.fetch.partition(":")[2]}, tmp_path / "staging",
                          max_bytes=entry.unpacked_bytes or 0)
    assert [m.sha256 for m in found] == [entry.sha256]
