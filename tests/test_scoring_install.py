"""The scoring install's boundary, the digest check of the inputs a score reads, and the traps
a new scoring user met (issue 48): each the way a user meets it, through `lexsub`.

The wheel without the extra, mirrored, fetched and scored end to end: tests/test_wheel.py.
"""

from __future__ import annotations

import ast
import gzip
import json
import os
import shutil
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core import digests as file_digests
from lexsub_baselines.core.digests import MEMO
from lexsub_baselines.core.digests import sha256 as known_sha256
from lexsub_baselines.core.extras import BASELINES_LIBRARIES
from lexsub_baselines.core.paths import PROJECT_DIR, Roots, resolve_roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.inputs import wordnet_files
from lexsub_baselines.inputs.layer import InputMismatchError
from lexsub_baselines.inputs.verify import verify

PACKAGE = PROJECT_DIR / "lexsub_baselines"
BEST = Path("scorer-vectors") / "systems" / "s000_test_hedge.best"
TSAR = Path("tsar2022-vectors") / "systems" / "en-test-oracle.tsv"


def _pyproject() -> dict[str, object]:
    return tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_library_the_package_imports_is_tqdm_or_in_the_extra() -> None:
    """The scoring install's one dependency is tqdm; any other third-party import (at any
    depth, in functions too) is a library of the extra, which the entry points that need it
    ask for (tests/test_extras.py)."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     and not node.level else [])
            for name in names:
                top = name.partition(".")[0]
                if top not in sys.stdlib_module_names and top != "lexsub_baselines":
                    found.setdefault(top, str(path.relative_to(PROJECT_DIR)))
    project = _pyproject()["project"]
    assert isinstance(project, dict)
    assert project["dependencies"] == ["tqdm>=4.66"]
    outside = {name: where for name, where in found.items()
               if name not in BASELINES_LIBRARIES | {"tqdm"}}
    assert not outside, f"imported, but neither a core dependency nor the extra's: {outside}"
    provided = metadata.packages_distributions()  # import name -> distributions (dev env)
    extra = {requirement.split(">")[0].split("[")[0].split("<")[0].strip().lower()
             for requirement in project["optional-dependencies"]["baselines"]}
    for name in BASELINES_LIBRARIES:
        distributions = {d.lower() for d in provided.get(name, [])}
        required = {r.split(";")[0].split(" ")[0].split(">")[0].split("=")[0].split("<")[0]
                    .lower() for d in extra for r in (metadata.requires(d) or [])}
        assert distributions & (extra | required), f"{name}: not brought by the extra"


def _corrupt(path: Path, keep_times: bool = False) -> None:
    status = path.stat()
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    if keep_times:  # the same size, and the modification time set back
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))


def _data_copy(shared: Roots, tmp_path: Path, *parts: str) -> Roots:
    """Return roots whose data root holds a copy of `parts` of the real one, its cache empty."""
    for part in parts:
        shutil.copytree(shared.data / part, tmp_path / "data" / part)
    return resolve_roots(shared.shared, tmp_path / "data", tmp_path / "cache")


def test_a_damaged_gold_is_refused_naming_both_digests_and_the_fetch(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(file_digests, "_RACY_NS", 0)  # the copies are new: memoise them now
    roots = _data_copy(shared, tmp_path, "semeval2007")
    # the cache folder given, not `roots.cache`: under a kernel pin other than the default,
    # that already ends in the level's sub-folder, which the command adds again
    options = ["--data-root", str(roots.data), "--cache-dir", str(tmp_path / "cache"), "score",
               str(shared.shared / BEST)]
    assert main([*options, "semeval2007-test"]) == 0  # intact: scored, its digest memoised
    memo = json.loads((roots.cache / MEMO).read_text(encoding="utf-8"))
    gold = roots.data / "semeval2007" / "key" / "gold"
    assert memo[str(gold.resolve())][-1].startswith("4e27e4ab")
    _corrupt(gold, keep_times=True)  # same size, same mtime: the change time tells
    capsys.readouterr()
    assert main([*options, "semeval2007-test"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(gold) in error and "4e27e4ab" in error
    assert known_sha256(gold, None) in error and "run `lexsub fetch semeval2007`" in error
    assert main([*options, str(gold)]) == 2  # the same file given by its path
    with pytest.raises(InputMismatchError):  # and through the API's readers
        load_dataset("semeval2007-test", roots).gold()
    mine = tmp_path / "my-gold"  # a copy elsewhere is the user's own gold, scored as it is
    shutil.copyfile(gold, mine)
    assert main([*options, str(mine)]) == 0


def test_a_damaged_swords_file_is_named_with_its_remedy(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_baselines.datasets.swords import read_swords

    roots = _data_copy(shared, tmp_path, "swords")
    dev = roots.data / "swords" / "swords-v1.1_dev.json.gz"
    data = bytearray(dev.read_bytes())
    data[-6] ^= 0xFF  # the gzip trailer's CRC
    dev.write_bytes(bytes(data))
    with pytest.raises(Exception, match="lexsub fetch swords") as error:
        read_swords(dev.read_bytes(), str(dev))
    assert "CRC" in str(error.value)
    assert gzip.decompress(shared.data.joinpath("swords", dev.name).read_bytes())
    assert main(["--data-root", str(roots.data), "--cache-dir", str(roots.cache), "score",
                 str(shared.shared / "swords-vectors" / "systems" / "dev-oracle.lsr.json"),
                 "swords-dev"]) == 2
    assert "is not the recorded" in capsys.readouterr().err


def test_tsar_reads_standard_input_and_refuses_a_file_without_substitutes(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    text = (shared.shared / TSAR).read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["score", "-", "tsar2022-en-test", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["metrics"]["ACC@1"] == 1.0
    bare = tmp_path / "bare.tsv"  # the _none file's two columns only
    bare.write_text("".join("\t".join(line.split("\t")[:2]) + "\n"
                            for line in text.splitlines()), encoding="utf-8")
    assert main(["score", str(bare), "tsar2022-en-test"]) == 2
    assert "no line has a substitute" in capsys.readouterr().err
    some = tmp_path / "some.tsv"
    lines = text.splitlines()
    some.write_text("\n".join(["\t".join(lines[0].split("\t")[:2]), *lines[1:]]) + "\n",
                    encoding="utf-8")
    assert main(["score", str(some), "tsar2022-en-test"]) == 0
    assert f"{some}:1: no substitute after the complex word (1 lines)" in capsys.readouterr().err


def test_a_json_result_against_coinco_all_is_scored_under_lexsubgens_protocol(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = tmp_path / "mine.json"  # two instances of ten substitutes each
    words = ["task", "plan", "goal", "step", "quest", "stop", "finish", "halt", "end", "aim"]
    result.write_text(json.dumps({i: [[w, 10.0 - n] for n, w in enumerate(words)]
                                  for i in ("4", "5")}), encoding="utf-8")
    assert main(["score", str(result), "coinco-all", "--only-listed", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["protocol"] == "lexsubgen"


def test_an_unknown_name_of_a_family_lists_the_family(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "x.tsv", "tsar2022-fr-test"]) == 2
    error = capsys.readouterr().err
    assert "tsar2022 has tsar2022-en-trial, tsar2022-en-test, tsar2022-es-trial" in error
    assert "did you mean" not in error


def test_resources_calls_the_wordnet_route_not_taken_unused(roots: Roots) -> None:
    statuses = {s.resource.id: s for s in verify(roots, checksums=False)}
    debian = statuses["debian-wordnet-base"].status
    fetched = statuses["wordnet-data.noun"].status
    assert {debian, fetched} & {"unused"}, (debian, fetched)
    assert "missing" not in (debian, fetched)


def test_a_wordnet_fetched_once_serves_every_data_root(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordnet_files, "DEBIAN_WORDNET_DIR", tmp_path / "no-debian")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv(wordnet_files.WORDNET_DIR_ENV, raising=False)
    fetched = tmp_path / "xdg" / "lexsub_baselines" / "data" / wordnet_files.FETCHED_WORDNET_DIR
    fetched.mkdir(parents=True)
    for name in wordnet_files.WORDNET_FILES:
        (fetched / name).write_text("", encoding="utf-8")
    folder, _ = wordnet_files.find_wordnet(data_root=tmp_path / "another-data-root")
    assert folder == fetched


def test_every_input_of_a_run_is_checked_before_it_starts(
        shared: Roots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files by sha256, folders by the digest of their files; the digests are returned for the
    run's settings; a changed input is refused naming it, both digests and the remedy, but a
    corpus of one's own (no public download) is taken, its digest recorded."""
    from lexsub_baselines.inputs.reads import check_run_inputs as verify_inputs

    monkeypatch.setattr(file_digests, "_RACY_NS", 0)
    root = tmp_path / "shared"
    (root / "resources" / "roget").mkdir(parents=True)
    shutil.copyfile(shared.shared / "resources" / "roget" / "pg10681.txt",
                    root / "resources" / "roget" / "pg10681.txt")
    books = sorted((shared.shared / "corpora" / "gutenberg").iterdir())
    (root / "corpora" / "gutenberg").mkdir(parents=True)
    for book in books:  # the folder as it is, by symlinks, but for one file
        (root / "corpora" / "gutenberg" / book.name).symlink_to(book)
    (root / "data").symlink_to(shared.data, target_is_directory=True)
    roots = resolve_roots(root, None, tmp_path / "cache")
    found = verify_inputs(roots)
    assert {"roget-1911", "corpus-gutenberg", "semeval2007-key-gold"} <= set(found)
    assert "corpus-enwiki-2015" not in found  # absent: what needs it says so when it runs
    (root / "corpora" / "gutenberg" / books[0].name).unlink()
    shutil.copyfile(books[0], root / "corpora" / "gutenberg" / books[0].name)
    _corrupt(root / "corpora" / "gutenberg" / books[0].name)  # a corpus of one's own:
    assert verify_inputs(roots)["corpus-gutenberg"] != found["corpus-gutenberg"]  # recorded
    _corrupt(root / "resources" / "roget" / "pg10681.txt", keep_times=True)
    with pytest.raises(InputMismatchError, match="run `lexsub fetch roget`"):
        verify_inputs(roots)


def test_a_damaged_input_stops_a_build_before_anything_is_built(
        shared: Roots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(file_digests, "_RACY_NS", 0)
    root = tmp_path / "shared"
    (root / "resources").mkdir(parents=True)
    for name in ("bnc", "freq"):
        (root / "resources" / name).symlink_to(shared.shared / "resources" / name)
    shutil.copytree(shared.shared / "resources" / "roget", root / "resources" / "roget")
    (root / "data").symlink_to(shared.data, target_is_directory=True)
    _corrupt(root / "resources" / "roget" / "pg10681.txt")
    options = ["--shared-root", str(root), "--cache-dir", str(tmp_path / "cache")]
    assert main([*options, "build", "corpus-plan", "--no-progress"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "roget-1911" in error and "lexsub fetch roget" in error
    assert not list((tmp_path / "cache").rglob("*.sha256"))  # nothing built
