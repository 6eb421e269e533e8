"""A results folder's record: written together or not at all, and files vouched for by content."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.runs import store
from lexsub_baselines.runs.records import RunsFile, read_runs
from lexsub_baselines.runs.runner import json_text
from lexsub_baselines.runs.store import check_pair, commit, recover, text_sha256, vouched


def _record(generation: int) -> dict[str, str]:
    scores = json_text({"test": {"wordnet": {"best": {"all": {"recall": generation}}}}})
    runs = RunsFile({"s1": {"code": "c"}}, {"test": {"wordnet": {"settings": "s1"}}}, "s1")
    return {"scores.json": scores, "runs.json": json_text(runs.to_json(text_sha256(scores))),
            "tables.md": f"generation {generation}\n"}


def test_a_commit_killed_after_its_commit_point_is_finished_on_the_next_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    commit(tmp_path, _record(1))
    moved: list[str | Path] = []

    def killed_midway(source: str | Path, target: str | Path) -> None:
        if Path(source).parent.name == store.PENDING and Path(target).parent == tmp_path:
            if moved:  # the second file out of the staging: the process dies here
                raise KeyboardInterrupt
            moved.append(target)
        os.rename(source, target)

    monkeypatch.setattr(store.os, "replace", killed_midway)
    with pytest.raises(KeyboardInterrupt):
        commit(tmp_path, _record(2))
    monkeypatch.undo()
    # one file of each generation on disk (runs.json moved, scores.json not): unpaired
    assert len(moved) == 1 and read_runs(tmp_path / "runs.json").scores_sha256 != file_sha256(
        tmp_path / "scores.json")
    runs = check_pair(tmp_path)  # finishes the commit first
    assert (tmp_path / "tables.md").read_text() == "generation 2\n"
    assert runs.scores_sha256 == file_sha256(tmp_path / "scores.json")
    assert not (tmp_path / store.PENDING).exists()


def test_a_commit_killed_before_its_commit_point_leaves_the_old_record(tmp_path: Path) -> None:
    commit(tmp_path, _record(1))
    pending = tmp_path / store.PENDING
    pending.mkdir()
    for name, text in _record(2).items():  # staged, but no COMMIT: the run died before it
        (pending / name).write_text(text)
    assert recover(tmp_path) == "discarded"
    assert (tmp_path / "tables.md").read_text() == "generation 1\n"
    check_pair(tmp_path)


def test_a_scores_file_edited_apart_from_its_runs_file_is_refused(tmp_path: Path) -> None:
    commit(tmp_path, _record(1))
    (tmp_path / "scores.json").write_text(_record(2)["scores.json"])
    with pytest.raises(LexsubError, match=r"not the one .*runs.json was written with"):
        check_pair(tmp_path)


_WRITER = """
import json, sys
from pathlib import Path
from typing import Any
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.runs.store import commit, text_sha256
out = Path(sys.argv[1])
(out / "started").touch()
generation = 0
while True:
    generation += 1
    scores = json.dumps({"generation": generation})
    runs = RunsFile({}, {}, "", text_sha256(scores)).to_json(text_sha256(scores))
    commit(out, {"scores.json": scores, "runs.json": json.dumps(runs),
                 "tables.md": f"generation {generation}"})
"""


def test_killed_writers_never_leave_a_mismatched_pair(tmp_path: Path) -> None:
    """A real process commits record after record and is killed (SIGKILL) at a random moment,
    ten times: each time the next reader finds one whole record."""
    seen = set()
    for attempt in range(10):
        (tmp_path / "started").unlink(missing_ok=True)
        writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path)])
        while not (tmp_path / "started").exists():
            time.sleep(0.01)
        time.sleep(0.05 + 0.03 * attempt)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        if not (tmp_path / "scores.json").exists():
            continue  # killed before its first commit finished: nothing to pair
        runs = check_pair(tmp_path)
        generation = json.loads((tmp_path / "scores.json").read_text())["generation"]
        assert (tmp_path / "tables.md").read_text() == f"generation {generation}"
        assert runs.scores_sha256 == file_sha256(tmp_path / "scores.json")
        seen.add(generation)
    assert seen, "the writer never finished a commit"


def _vouching(out: Path, files: dict[str, str], digests: dict[str, str]) -> None:
    runs = RunsFile({"s1": {"code": "c"}}, {"semeval2007-trial": {"mw": {
        "files": files, "sha256": digests, "settings": "s1"}}}, "s1")
    scores = json_text({})
    commit(out, {"scores.json": scores, "runs.json": json_text(runs.to_json(text_sha256(
        scores))), "tables.md": ""})


def test_files_are_vouched_for_by_their_content(tmp_path: Path) -> None:
    folder = tmp_path / "semeval2007-trial"
    folder.mkdir()
    for name in ("a.best", "b.oot", "c.mw"):
        (folder / name).write_text(f"{name}\n")
    _vouching(tmp_path, {"best": "semeval2007-trial/a.best", "oot": "semeval2007-trial/b.oot",
                         "mw": "semeval2007-trial/c.mw", "lsr": "semeval2007-trial/gone"},
              {"best": file_sha256(folder / "a.best"), "oot": file_sha256(folder / "b.oot")})
    (folder / "b.oot").write_text("rewritten by hand\n")
    states = {v.kind: v.state for v in vouched(tmp_path)}
    assert states == {"best": "ok", "oot": "changed", "mw": "unvouched", "lsr": "missing"}


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_lexsub_run_refuses_to_rewrite_vouched_files_and_force_drops_their_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "semeval2007-trial"
    folder.mkdir()
    (folder / "mw.mw").write_text("recorded answers\n")
    _vouching(tmp_path, {"mw": "semeval2007-trial/mw.mw"},
              {"mw": file_sha256(folder / "mw.mw")})
    assert main(["run", "mw", "semeval2007-trial", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "vouches for the answer files of mw on semeval2007-trial" in err
    assert "--force" in err and "--out" in err
    assert (folder / "mw.mw").read_text() == "recorded answers\n"  # untouched
    assert main(["run", "mw", "semeval2007-trial", "--out", str(tmp_path), "--force"]) == 0
    assert "dropped the rows of mw on semeval2007-trial" in capsys.readouterr().err
    assert (folder / "mw.mw").read_text() != "recorded answers\n"
    assert read_runs(tmp_path / "runs.json").runs == {}
    check_pair(tmp_path)  # the record rewritten whole


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_api_run_refuses_as_lexsub_run_does_and_force_drops_their_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`api.run(..., out=R)` makes the check `lexsub run` makes (`store.rows_to_replace`):
    the same one-line error, nothing written; `force=True` as `--force`."""
    from lexsub_baselines import api

    folder = tmp_path / "semeval2007-trial"
    folder.mkdir()
    (folder / "mw.mw").write_text("recorded answers\n")
    _vouching(tmp_path, {"mw": "semeval2007-trial/mw.mw"},
              {"mw": file_sha256(folder / "mw.mw")})
    with pytest.raises(LexsubError) as refused:
        api.run("mw", "semeval2007-trial", out=tmp_path)
    assert main(["run", "mw", "semeval2007-trial", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"lexsub: error: {refused.value}\n"
    assert "force=True" in str(refused.value) and "out=" in str(refused.value)
    assert (folder / "mw.mw").read_text() == "recorded answers\n"  # untouched
    assert api.run("mw", "semeval2007-trial", out=tmp_path / "elsewhere").files  # not vouched
    result = api.run("mw", "semeval2007-trial", out=tmp_path, force=True)
    assert "dropped the rows of mw on semeval2007-trial" in capsys.readouterr().err
    assert result.files["mw"] == folder / "mw.mw"
    assert (folder / "mw.mw").read_text() != "recorded answers\n"
    assert read_runs(tmp_path / "runs.json").runs == {}
    check_pair(tmp_path)  # the record rewritten whole


def _scores(recall: float, signature: str) -> dict[str, object]:
    return {"test": {"wordnet": {"best": {"all": {"recall": recall}, "signature": signature}},
                     "lin": {"best": {"all": {"recall": 9.52}, "signature": signature}}}}


def test_the_tables_digest_is_recorded_and_verified_row_by_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The digest covers the figures, not the signatures naming the code; verify-tables names
    the rows that differ from the reference."""
    from lexsub_baselines.runs import digest

    runs = RunsFile({"s1": {"code": "c", "kernels": "x86-64-v3 (blis generic; ...)"}},
                    {"test": {"wordnet": {"settings": "s1"}, "lin": {"settings": "s1"}}}, "s1")
    store.write_record(tmp_path, _scores(10.46, "code:aaa"), runs, {}, {})
    recorded = json.loads((tmp_path / "runs.json").read_text())["tables_sha256"]
    assert recorded == digest.tables_digest(_scores(10.46, "code:bbb"))  # other code, same
    assert recorded != digest.tables_digest(_scores(10.47, "code:aaa"))
    tables = (tmp_path / "tables.md").read_text()
    assert f"`{recorded}`" in tables and "x86-64-v3 (blis generic" in tables
    out = ["verify-tables", "--out", str(tmp_path), "--readme", str(tmp_path / "no-readme")]
    assert main([*out, "--digest", recorded]) == 0
    assert "the same tables" in capsys.readouterr().out
    assert main([*out, "--digest", "0" * 16]) == 1
    reference = tmp_path / "reference.json"
    reference.write_text(json.dumps({
        "tables_sha256": digest.tables_digest(_scores(10.47, "x")), "kernels": "x86-64-v3",
        "rows": digest.row_digests(_scores(10.47, "x"))}))
    monkeypatch.setattr(digest, "REFERENCE", reference)
    monkeypatch.setattr(digest.read_reference, "__defaults__", (reference,))
    assert main(out) == 1
    shown = capsys.readouterr().out
    assert "1 rows equal, 1 differ" in shown and "differs: test/wordnet" in shown
    assert "test/lin" not in shown.split("1 differ")[1]
    reference.write_text(json.dumps({"tables_sha256": recorded, "rows": {}}))
    assert main(out) == 0 and "the README's tables" in capsys.readouterr().out
    rows = digest.row_digests(_scores(10.46, "x"))
    reference.write_text(json.dumps({"tables_sha256": "0", "rows": {
        **rows, "test/vote": "0"}}))  # a row the run lacks: not the README's tables
    assert main(out) == 1 and "not run: test/vote" in capsys.readouterr().out


def _scores_printed_by(readme: str) -> dict[str, Any]:
    """Return a `scores.json` holding exactly the figures of ours the README prints."""
    from lexsub_baselines.tables.readme import (
        check_readme,
        column_source,
        printed_tables,
        row_system,
        system_in,
    )

    scores: dict[str, Any] = {}
    for table in printed_tables(readme):
        if table.header[0] not in ("system", "mw"):
            continue
        for row in table.rows:
            for label, cell in zip(table.header[1:], row[1:], strict=False):
                source = column_source(label)
                if source is None or cell == "—":
                    continue
                dataset, kind, keys = source
                system = system_in(row_system(row[0]), source)
                place = scores.setdefault(dataset, {}).setdefault(system, {}).setdefault(kind, {})
                for key in keys[:-1]:
                    place = place.setdefault(key, {})
                place[keys[-1]] = float(cell)
    assert check_readme(readme, {}).missing  # with no run, every row of ours is missing
    return scores


def test_verify_tables_checks_the_readmes_printed_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The README's own tables, parsed: equal to a run that prints them, one figure changed
    differs (named with its line, row and column), a row of ours the run lacks fails (it
    passed before, when rows missing from a run were only counted)."""
    from lexsub_baselines.runs.store import write_record

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    scores = _scores_printed_by(readme)
    assert {"semeval2007-test", "swords-test", "coinco-all", "tsar2022-en-test"} <= set(scores)
    runs = RunsFile({"s1": {"code": "c"}}, {d: {s: {"settings": "s1"} for s in systems}
                                           for d, systems in scores.items()}, "s1")
    write_record(tmp_path, scores, runs, {}, {})
    out = ["verify-tables", "--out", str(tmp_path), "--readme", str(tmp_path / "README.md")]
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    assert main(out) == 0 and "the README's tables, figure for figure (" in capsys.readouterr().out
    scores["swords-test"]["lin"]["lsr"]["metrics"]["strict_a_f@10"] += 0.01
    del scores["coinco-all"]["vote+fill"], scores["semeval2007-all"]["vote+fill"]
    write_record(tmp_path, scores, runs, {}, {})
    assert main(out) == 1
    shown = capsys.readouterr().out
    assert "1 differ; 1 of " in shown and "`lin`, strict-a F@10: " in shown
    assert "missing: line " in shown and "`vote+fill`: not in this run" in shown


def test_the_digest_of_a_real_run_does_not_move_with_its_code_ids(wordnet_run: Any) -> None:
    """Issue 53, point 6: rewriting every code id of a real run's `scores.json` (the scorers'
    `code:`, the settings ids, a `+fill` row's pool signature, as another Python's patch
    release would sign the same bytes) leaves the tables digest and every row's digest as
    they were; changing one figure moves them."""
    import re

    from lexsub_baselines.runs import digest

    scores = json.loads((wordnet_run.out / "scores.json").read_text(encoding="utf-8"))
    before = digest.tables_digest(scores), digest.row_digests(scores)
    text = re.sub(r"code:[0-9a-f]{12}", "code:0123456789ab", json.dumps(scores))
    text = re.sub(r'"settings": "[0-9a-f]{12}"', '"settings": "feedfacecafe"', text)
    rewritten = json.loads(text)
    assert text != json.dumps(scores)  # there were ids to rewrite
    row = next(iter(rewritten["semeval2007-trial"].values()))  # a row of flat blocks
    next(iter(row.values()))["pool_signature"] = "lexsubgen|code:0123456789ab|v:9"
    assert (digest.tables_digest(rewritten), digest.row_digests(rewritten)) == before
    first = next(iter(row.values()))
    block = next(v for v in first.values() if isinstance(v, dict)
                 and any(isinstance(x, float) for x in v.values()))
    name = next(k for k, v in block.items() if isinstance(v, float))
    block[name] += 0.01
    assert digest.tables_digest(rewritten) != before[0]
