"""The baselines' answers shipped with the package (issue 59, 4): written from a run by the
mechanism `scripts/ship_answers.py` runs (`runs.ship`), read by `--paired ROW` and
`--compare` without a results folder (`runs.shipped`), checked by `lexsub verify-tables`, and
kept out of the code's identity.

The real files are shipped from the full run behind the README's tables; here the tiny run of
the session (`wordnet_run`: `wordnet` and `mw` on SemEval-2007, SWORDS and TSAR-2022) is
shipped into a folder of the test's own, which the reader is pointed at.
"""

from __future__ import annotations

import json
import lzma
import shutil
from pathlib import Path
from typing import Any

import pytest

import lexsub_baselines.runs.shipped as shipped
from lexsub_baselines.cli import main
from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import PROJECT_DIR, resolve_roots
from lexsub_baselines.inputs.package_data import data_files
from lexsub_baselines.inputs.snapshot import snapshot_files
from lexsub_baselines.runs.digest import tables_digest
from lexsub_baselines.runs.ship import selected_rows, ship

README = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
SHARED = resolve_roots().shared
BEST = SHARED / "scorer-vectors" / "systems" / "s000_test_hedge.best"


def test_the_readmes_rows_are_selected() -> None:
    """Every row of the SemEval-2007 test table (best and oot) and the mw row; for each other
    benchmark its best row of ours and WordNet's, a `+fill` row with its pool; no released
    output, no published system."""
    rows = selected_rows(README)
    test = {system for dataset, system, kind in rows if dataset == "semeval2007-test"}
    assert {"wordnet", "lin", "vote", "wordnet+cmlc:prior", "mw"} <= test
    assert ("semeval2007-test", "wordnet", "oot") in rows
    assert ("semeval2007-test", "mw", "mw") in rows
    assert ("swords-test", "wordnet", "lsr") in rows
    assert ("tsar2022-en-test", "wordnet+emb:balmult", "tsar2022") in rows
    assert {("coinco-all", "wordnet+cmlc:prior+fill", "lexsubgen"),
            ("coinco-all", "wordnet+cmlc:prior+fill", "pool")} <= set(rows)
    assert not any(s.startswith("released:") or s in ("XLNet+embs", "OOC", "UniHD run 2")
                   for _, s, _ in rows)


@pytest.fixture()
def shipped_folder(wordnet_run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny run shipped into a folder of the test's own, which the reader reads."""
    folder = tmp_path / "shipped"
    files, missing = ship(wordnet_run.out, folder, README, allow_missing=True)
    assert files and missing  # the tiny run has wordnet and mw, not lin, ...
    monkeypatch.setattr(shipped, "SHIPPED_DIR", folder)
    return folder


def test_the_shipped_files_are_the_runs_bytes_with_their_index(
        wordnet_run: Any, shipped_folder: Path) -> None:
    index = json.loads((shipped_folder / "index.json").read_text(encoding="utf-8"))
    kinds = {(f["dataset"], f["system"], f["kind"]) for f in index["files"]}
    assert {("semeval2007-test", "wordnet", "best"), ("semeval2007-test", "wordnet", "oot"),
            ("semeval2007-test", "mw", "mw"), ("swords-test", "wordnet", "lsr"),
            ("tsar2022-en-test", "wordnet", "tsar2022")} <= kinds
    scores = json.loads((wordnet_run.out / "scores.json").read_text(encoding="utf-8"))
    assert index["tables_digest"] == tables_digest(scores)
    for file in index["files"]:
        run = wordnet_run.out / file["dataset"] / file["path"].split("/")[1].removesuffix(".xz")
        data = lzma.decompress((shipped_folder / file["path"]).read_bytes())
        assert data == run.read_bytes() and file["sha256"] == file_sha256(run)
        assert file["settings"] and index["scores"][file["dataset"]][file["system"]]


def test_paired_reads_a_shipped_row_without_a_results_folder(
        wordnet_run: Any, shipped_folder: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`--paired wordnet` outside a checkout: the shipped file, with the figures of the run's
    own file; a row not shipped, and an explicit `--results`, are refused in one line."""
    if not BEST.is_file():
        pytest.skip("../shared/scorer-vectors is absent")
    best = BEST
    monkeypatch.chdir(tmp_path)
    assert main(["score", str(best), "semeval2007-test", "--paired", "wordnet",
                 "--format", "json"]) == 0
    test = json.loads(capsys.readouterr().out)["paired"]["tests"][0]
    assert test["other"].startswith("semeval2007-test/wordnet (shipped with the package: the "
                                    "README's run, tables ")
    run = wordnet_run.out / "semeval2007-test" / "wordnet.best"
    assert main(["score", str(best), "semeval2007-test", "--paired", str(run),
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["paired"]["tests"][0]["measures"] \
        == test["measures"]
    assert main(["score", str(best), "semeval2007-test", "--paired", "lin"]) == 2
    assert capsys.readouterr().err == (
        "lexsub: error: --paired semeval2007-test/lin: no such file, no results/runs.json, and "
        "no such row among the answers shipped with the package (its best rows of "
        "semeval2007-test: wordnet): give the answer file's path, or the results folder of a "
        "`lexsub baselines` run with --results DIR\n")
    assert main(["score", str(best), "semeval2007-test", "--paired", "wordnet",
                 "--results", "elsewhere"]) == 2
    assert "no elsewhere/runs.json" in capsys.readouterr().err


def test_compare_places_the_shipped_rows(shipped_folder: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    system = SHARED / "tsar2022-vectors" / "systems" / "en-test-noisy.tsv"
    if not system.is_file():
        pytest.skip("../shared/tsar2022-vectors is absent")
    monkeypatch.chdir(tmp_path)
    assert main(["score", str(system), "tsar2022-en-test", "--compare"]) == 0
    captured = capsys.readouterr()
    assert "| wordnet | ours |" in captured.out  # from the shipped scores
    assert "lexsub: note: --compare: our rows are those shipped with the package" in captured.err


def test_a_shipped_file_that_is_not_the_indexs_is_refused(
        shipped_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    if not BEST.is_file():
        pytest.skip("../shared/scorer-vectors is absent")
    shipped._decompressed.cache_clear()
    oot = shipped_folder / "semeval2007-test" / "wordnet.oot.xz"
    oot.write_bytes(lzma.compress(b"side.n 301 ::: team\n"))
    monkeypatch.chdir(tmp_path)
    status = main(["score", str(BEST.with_name("s002_test_oot10.oot")), "semeval2007-test",
                   "-t", "oot", "--paired", "wordnet"])
    assert status == 2
    assert f"{oot}: not the shipped answers the index names" in capsys.readouterr().err


def test_verify_tables_names_a_shipped_file_the_run_does_not_have(
        wordnet_run: Any, shipped_folder: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`lexsub verify-tables` compares the run's files with the shipped ones by sha256: the
    run they were shipped from has every one; a run whose file differs is named, exit 1."""
    results = tmp_path / "results"
    shutil.copytree(wordnet_run.out, results)
    readme = ["--readme", str(tmp_path / "none")]  # the reference digests: the tables' check
    main(["verify-tables", "--out", str(results), *readme])
    out = capsys.readouterr().out
    files = len(json.loads((shipped_folder / "index.json").read_text())["files"])
    assert f"{files} of {files} files the same as {results}'s, 0 differ" in out
    (results / "semeval2007-test" / "wordnet.best").write_text("side.n 301 :: team\n")
    assert main(["verify-tables", "--out", str(results), *readme]) == 1
    assert "  differs: semeval2007-test/wordnet best: " in capsys.readouterr().out


def test_the_shipped_answers_are_not_code(tmp_path: Path) -> None:
    """Outputs of a run: left out of the code's data files and of code snapshots, so shipping
    new answers moves no code digest."""
    assert data_files(["shipped/index.json", "rankers/cmlc_lambda.json"]) == [
        "rankers/cmlc_lambda.json"]
    package = tmp_path / "lexsub_baselines"
    (package / "shipped" / "semeval2007-test").mkdir(parents=True)
    (package / "shipped" / "index.json").write_text("{}")
    (package / "shipped" / "semeval2007-test" / "wordnet.best.xz").write_bytes(b"")
    (package / "rankers").mkdir()
    (package / "rankers" / "cmlc_lambda.json").write_text("{}")
    assert snapshot_files(package) == ["rankers/cmlc_lambda.json"]


def test_no_shipped_index_reads_as_none(tmp_path: Path) -> None:
    assert shipped.shipped_index(tmp_path) is None
    (tmp_path / "index.json").write_text('{"files": []}')
    assert shipped.shipped_index(tmp_path) is None
    with pytest.raises(LexsubError, match="cannot be read"):
        shipped.ShippedIndex(tmp_path, ()).path(shipped.ShippedFile("d", "s", "k", "x.xz", "0"))
