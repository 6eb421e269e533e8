"""A dataset name wins over a same-named folder, wherever the command is run from.

`lexsub score results/semeval2007-test/wordnet.best semeval2007-test` used to fail inside
`results/` ("the gold semeval2007-trial is a directory"): that folder is named after the
dataset. A registered name now means the dataset unless it is a file; a file that shares a
dataset's name is used, with a one-line hint.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots

pytestmark = pytest.mark.shared


@pytest.fixture()
def results(shared: Roots, tmp_path: Path) -> Path:
    """A results folder as `make baselines` leaves it: results/semeval2007-test/wordnet.best."""
    folder = tmp_path / "project" / "results" / "semeval2007-test"
    folder.mkdir(parents=True)
    source = sorted((shared.shared / "scorer-vectors" / "systems").glob("*test*.best"))[0]
    shutil.copy(source, folder / "wordnet.best")
    return folder.parent


def _score(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    assert main(["score", *argv, "--format", "json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_the_dataset_wins_from_the_root_from_results_and_from_elsewhere(
        results: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(results.parent)  # the project root
    from_root = _score(["results/semeval2007-test/wordnet.best", "semeval2007-test"], capsys)
    monkeypatch.chdir(results)  # inside results/, beside the folder semeval2007-test/
    inside = _score(["semeval2007-test/wordnet.best", "semeval2007-test"], capsys)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    away = _score([str(results / "semeval2007-test" / "wordnet.best"), "semeval2007-test"],
                  capsys)
    assert from_root == inside == away
    assert str(from_root["signature"]).startswith("best|profile:official|gold:semeval2007-test#")


def test_a_file_named_like_a_dataset_is_used_with_a_hint(
        shared: Roots, results: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(shared.data / "semeval2007" / "key" / "gold", results / "gold-copy")
    monkeypatch.chdir(results / "semeval2007-test")
    (results / "semeval2007-test" / "semeval2007-test").write_bytes(
        (results / "gold-copy").read_bytes())
    capsys.readouterr()
    assert main(["score", "wordnet.best", "semeval2007-test"]) == 0
    err = capsys.readouterr().err
    hints = [line for line in err.splitlines() if line.startswith("lexsub: hint:")]
    assert len(hints) == 1 and "both a file here and a dataset name" in hints[0]


def test_compare_places_a_file_among_the_2007_field(shared: Roots, results: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    system = results / "semeval2007-test" / "wordnet.best"
    monkeypatch.chdir(tmp_path)  # no results/ here: a checkout's run would add its released rows
    capsys.readouterr()
    assert main(["score", str(system), "semeval2007-test", "--compare"]) == 0
    out = capsys.readouterr().out
    table = out.split("#### wordnet.best among the SemEval-2007 field — best")[1]
    rows = [line for line in table.splitlines() if line.startswith("| ")][1:]
    assert len(rows) == 9  # the 8 teams that entered best, and this file
    recalls = [float(row.split("|")[4]) for row in rows]
    assert recalls == sorted(recalls, reverse=True)
    mine = next(row for row in rows if "| yours |" in row)
    scored = json.loads(_json_of(system, capsys))
    assert f"| {scored['all']['recall']:.2f} |" in mine
    # another gold (the key without its last line): no comparison, one note
    key = (shared.data / "semeval2007" / "key" / "gold").read_text(encoding="utf-8")
    other = tmp_path / "other-gold"
    other.write_text("".join(key.splitlines(keepends=True)[:-1]), encoding="utf-8")
    assert main(["score", str(system), str(other), "--compare"]) == 0
    captured = capsys.readouterr()
    assert "among the SemEval-2007 field" not in captured.out
    assert "--compare: the 2007 field was scored on semeval2007-test" in captured.err
    # the trial gold has none of the test file's ids: refused before any comparison
    trial = shared.data / "semeval2007" / "trial" / "gold.trial"
    assert main(["score", str(system), str(trial), "--compare"]) == 2
    assert "was it made for another split?" in capsys.readouterr().err


def _json_of(system: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["score", str(system), "semeval2007-test", "--format", "json"]) == 0
    return capsys.readouterr().out


def test_the_field_is_typed_as_the_task_paper_publishes_it(shared: Roots) -> None:
    """Every participant figure in published.FIELD against DESIGN.md's copy of the tables."""
    import re

    from lexsub_baselines.tables.published import FIELD

    design = shared.shared / "DESIGN.md"
    if not design.is_file():
        pytest.skip("../shared/DESIGN.md not found")
    tables: dict[str, list[list[float]]] = {}
    for line in design.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| (KU|UNT|MELB|HIT|USYD|IRST1|IRST2|TOR|SWAG1|SWAG2) \| (.*)\|$",
                         line)
        if match:
            tables.setdefault(match.group(1), []).append(
                [float(x) for x in match.group(2).split("|")])
    for row in FIELD:
        published = tables[row.system]  # best table first, then oot (one each where entered)
        expected = published[0] if row.kind == "best" or len(published) == 1 else published[1]
        assert [value for _, value in row.values] == expected, (row.system, row.kind)
    assert len(FIELD) == 17
