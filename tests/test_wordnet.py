"""WordNet access: lexnames from the man page, the NLTK backend over Debian's files, specs."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from lexsub_baselines.core.cache import verified_folder
from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.resources.wordnet import open_wordnet, parse_spec, wordnet_pos
from lexsub_baselines.resources.wordnet_nltk import (
    DEBIAN_WORDNET_DIR,
    LEXNAMES_MAN_PAGE,
    WORDNET_DIR_ENV,
    WORDNET_FILES,
    NltkWordNet,
    build_nltk_wordnet_dir,
    lexnames_from_man_page,
)

needs_debian = pytest.mark.needs("wordnet")

MAN_SNIPPET = (
    ".RS\n.nf\n\\fB1\\fP\tNOUN\n\\fB2\\fP\tVERB\n\\fB3\\fP\tADJECTIVE\n\\fB4\\fP\tADVERB\n"
    ".TS\n00\tadj.all\tall adjective clusters\n01\tnoun.Tops\tunique beginner\n"
    "02\tverb.body\tverbs of grooming  \n03\tadv.all\tall adverbs\n.TE\n"
)


def _roots(cache: Path) -> Roots:
    """The environment's roots with the cache `cache`."""
    return resolve_roots(cache=cache)


def test_lexnames_from_snippet() -> None:
    assert lexnames_from_man_page(MAN_SNIPPET) == (
        "00\tadj.all\t3\n01\tnoun.Tops\t1\n02\tverb.body\t2\n03\tadv.all\t4\n")


def test_lexnames_refuses_gaps_and_empty_pages() -> None:
    with pytest.raises(DataFormatError, match="numbered 5, expected 1"):
        lexnames_from_man_page(MAN_SNIPPET.replace("01\tnoun.Tops", "05\tnoun.Tops"))
    with pytest.raises(DataFormatError, match="no lexicographer-file table"):
        lexnames_from_man_page("nothing here")


@needs_debian
def test_lexnames_from_the_installed_man_page() -> None:
    text = gzip.decompress(LEXNAMES_MAN_PAGE.read_bytes()).decode()
    lines = lexnames_from_man_page(text).splitlines()
    assert len(lines) == 45
    assert lines[0] == "00\tadj.all\t3"
    assert lines[3] == "03\tnoun.Tops\t1"
    assert lines[29] == "29\tverb.body\t2"
    assert lines[44] == "44\tadj.ppl\t3"


@needs_debian
def test_a_folder_with_its_own_lexnames_needs_no_man_page(tmp_path: Path) -> None:
    """LEXSUB_WORDNET_DIR may name Princeton's dict/ folder, which has `lexnames` itself."""
    folder = tmp_path / "WordNet-3.0" / "dict"
    folder.mkdir(parents=True)
    for name in WORDNET_FILES:
        shutil.copyfile(DEBIAN_WORDNET_DIR / name, folder / name)
    text = gzip.decompress(LEXNAMES_MAN_PAGE.read_bytes()).decode()
    (folder / "lexnames").write_text(lexnames_from_man_page(text), encoding="utf-8")
    wordnet = NltkWordNet(_roots(tmp_path / "cache"), wordnet_dir=folder,
                          man_page=tmp_path / "no-such-page.gz")
    assert [s.id for s in wordnet.synsets("bright", "a")][:2] == ["bright.a.01", "bright.s.01"]


def test_missing_debian_files_name_the_path_and_the_three_routes(tmp_path: Path) -> None:
    with pytest.raises(MissingResourceError) as caught:
        build_nltk_wordnet_dir(_roots(tmp_path / "cache"), wordnet_dir=tmp_path / "nowhere")
    message = str(caught.value)
    assert f"{tmp_path / 'nowhere' / 'cntlist.rev'}: the folder is given" in message
    for route in ("`apt-get install wordnet-base wordnet-sense-index`", "`dpkg -x`",
                  "WordNet-3.0.tar.gz", "its dict/ folder"):
        assert route in message
    assert "make" not in message.replace("`dpkg", "")  # a pip user has no checkout


def test_fetch_and_score_agree_about_wordnet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """LEXSUB_WORDNET_DIR at a folder without WordNet: `fetch` does not call Debian's files
    present (the readers would not look there), and says what the scorer would say."""
    from lexsub_baselines.cli import main

    monkeypatch.setenv(WORDNET_DIR_ENV, str(tmp_path / "empty"))
    assert main(["fetch", "wordnet"]) == 1
    out = capsys.readouterr().out
    assert "wordnet           not fetched: WordNet 3.0 file cntlist.rev (and 13 more) not " \
           f"found at {tmp_path / 'empty' / 'cntlist.rev'}: the folder is from " \
           f"{WORDNET_DIR_ENV}; " in out
    assert "present" not in out


def test_specs() -> None:
    assert parse_spec("nltk") == ("nltk", "wordnet-3.0")
    assert parse_spec("nltk:wordnet-3.0") == ("nltk", "wordnet-3.0")
    assert parse_spec("wn:oewn:2024") == ("wn", "oewn:2024")
    for bad in ("wn", "wordnet", "nltk:2.1", ""):
        with pytest.raises(LexsubError, match="bad WordNet spec"):
            parse_spec(bad)
    assert wordnet_pos("a") == ("a", "s") and wordnet_pos("x") == ()


@pytest.fixture(scope="module")
def nltk_wordnet(tmp_path_factory: pytest.TempPathFactory) -> NltkWordNet:
    from conftest import NEEDS

    present, reason = NEEDS["wordnet"]
    if not present():
        pytest.skip(reason)
    return NltkWordNet(_roots(tmp_path_factory.mktemp("cache")))


def test_reader_directory_is_built_once_and_sealed(nltk_wordnet: NltkWordNet) -> None:
    first = build_nltk_wordnet_dir(nltk_wordnet._roots)
    assert (first / "lexnames").read_text().startswith("00\tadj.all\t3\n")
    assert not (first / "data.noun").is_symlink()
    assert build_nltk_wordnet_dir(nltk_wordnet._roots) == first
    assert verified_folder(first)  # a link to the folder named by its seal
    sealed = first.resolve()
    assert sorted(p.name for p in first.parent.iterdir()) == [first.name, sealed.name]
    assert sealed.name.startswith(first.name + ".")  # and no temporary left


def test_nltk_synsets_in_sense_order_with_satellites(nltk_wordnet: NltkWordNet) -> None:
    synsets = nltk_wordnet.synsets("bright", "a")
    assert synsets[0].id == "bright.a.01"
    assert {s.pos for s in synsets} == {"a", "s"}
    assert synsets[1].lemmas == ("bright", "brilliant", "vivid")
    assert nltk_wordnet.synsets("light up", "v")[0].lemmas == ("light up",)
    assert nltk_wordnet.synsets("Light_Up", "v") == nltk_wordnet.synsets("light up", "v")
    # the exact entry wins over morphy's other base forms (`found` is also a form of `find`)
    assert all("found" in s.lemmas for s in nltk_wordnet.synsets("found", "v"))


def test_nltk_unknown_lemma_or_pos_is_empty(nltk_wordnet: NltkWordNet) -> None:
    assert nltk_wordnet.synsets("qwzxv", "n") == []
    assert nltk_wordnet.synsets("bright", "x") == []
    assert nltk_wordnet.synsets("", "n") == []
    assert nltk_wordnet.base_forms("qwzxv", "v") == []


def test_nltk_relations_and_counts(nltk_wordnet: NltkWordNet) -> None:
    dog = nltk_wordnet.synsets("dog", "n")[0]
    assert [s.id for s in nltk_wordnet.related(dog, "hypernym")] == [
        "domestic_animal.n.01", "canine.n.02"]  # data-file order
    bright = nltk_wordnet.synsets("bright", "a")[0]
    similar = nltk_wordnet.related(bright, "similar")
    assert len(similar) == 19 and all(s.pos == "s" for s in similar)
    assert similar == nltk_wordnet.related(bright, "similar")  # deterministic (file order)
    satellite = nltk_wordnet.synsets("bright", "a")[1]
    assert [s.id for s in nltk_wordnet.related(satellite, "similar")] == ["colorful.a.01"]
    brightly = nltk_wordnet.synsets("brightly", "r")[0]
    assert "bright.a.01" in [s.id for s in nltk_wordnet.related(brightly, "pertainym")]
    assert nltk_wordnet.sense_count("bright", bright) > 0
    assert nltk_wordnet.sense_count("vivid", bright) == 0
    with pytest.raises(LexsubError, match="unknown WordNet relation"):
        nltk_wordnet.related(dog, "hyponym")


def test_lookups_are_kept_and_handed_out_as_copies(nltk_wordnet: NltkWordNet) -> None:
    first = nltk_wordnet.synsets("Dog", "n")
    first.clear()  # a caller's list: the next lookup is not changed by it
    again = nltk_wordnet.synsets("dog", "n")
    assert again and again[0].id == "dog.n.01" and again is not nltk_wordnet.synsets("dog", "n")
    related = nltk_wordnet.related(again[0], "hypernym")
    related.append(again[0])
    assert [s.id for s in nltk_wordnet.related(again[0], "hypernym")] == [
        "domestic_animal.n.01", "canine.n.02"]


def test_nltk_base_forms_and_lemma_names(nltk_wordnet: NltkWordNet) -> None:
    assert nltk_wordnet.base_forms("took", "v") == ["take"]
    assert set(nltk_wordnet.base_forms("lay", "v")) == {"lay", "lie"}
    names = set(nltk_wordnet.lemma_names())
    assert {"take off", "dog", "bright as a new penny"} <= names
    assert not any("_" in name for name in names)


@needs_debian
def test_open_wordnet_is_cached_per_spec(tmp_path: Path) -> None:
    from lexsub_baselines.core.paths import Roots

    roots = Roots(shared=tmp_path, data=tmp_path, cache=tmp_path / "cache")
    assert open_wordnet(roots) is open_wordnet(roots, "nltk:wordnet-3.0")
    assert open_wordnet(roots).name == "nltk:wordnet-3.0"


@needs_debian
def test_a_process_loads_each_database_once_whichever_cache_holds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another cache's copy of the same files shares the loaded reader (NLTK's indexes take
    seconds to load); once the copy it was loaded from is gone, the next one loads its own."""
    import lexsub_baselines.resources.wordnet_nltk as wordnet_nltk

    loaded: list[Path] = []

    def load(directory: Path) -> Path:
        loaded.append(directory)
        return directory

    monkeypatch.setattr(wordnet_nltk, "_READERS", {})
    monkeypatch.setattr(wordnet_nltk, "_load_reader", load)
    first, second = (NltkWordNet(_roots(tmp_path / name)) for name in ("first", "second"))
    assert first.reader is second.reader is first.reader
    folder = build_nltk_wordnet_dir(_roots(tmp_path / "first"))
    assert loaded == [folder]
    assert build_nltk_wordnet_dir(_roots(tmp_path / "second")).name == folder.name
    shutil.rmtree(folder.resolve())
    folder.unlink()
    third = NltkWordNet(_roots(tmp_path / "third"))
    assert third.reader == build_nltk_wordnet_dir(_roots(tmp_path / "third")) != folder
    assert len(loaded) == 2 and NltkWordNet(_roots(tmp_path / "second")).reader is third.reader
