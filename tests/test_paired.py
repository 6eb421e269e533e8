"""`lexsub score … --paired` and `scoring.paired`: a file tested against files and rows.

The tests as a user meets them: the text and JSON output on real files (UniHD's TSAR runs,
scorer-vectors' SemEval-2007 files, a SWORDS and a LexSubGen-protocol case), rows of a run
named as `SYSTEM` or `DATASET/SYSTEM` and read only as runs.json vouches for them, the notes
on instances a file lacks, and every refusal as one line with exit status 2.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import NothingToScoreError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.scoring import Other, Scorer, paired

SHARED = resolve_roots().shared
UNIHD = SHARED / "field-outputs" / "tsar2022-unihd"
RUN_2 = UNIHD / "en" / "tsar2022_test_en_UniHD_3.tsv"
RUN_1 = UNIHD / "en" / "tsar2022_test_en_UniHD_1.tsv"
VECTORS = SHARED / "scorer-vectors" / "systems"
CLEAN, HEDGE = VECTORS / "s001_test_clean1.best", VECTORS / "s000_test_hedge.best"
TSAR = SHARED / "tsar2022-vectors" / "systems"

pytestmark = pytest.mark.skipif(not RUN_2.is_file() or not CLEAN.is_file(),
                                reason="the shared field outputs and scorer vectors are absent")


def lexsub(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """Run `lexsub` in this process; return (status, stdout, stderr)."""
    status = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_unihds_two_english_runs_paired_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    """The two runs' figures are the official ranking's; the tests are seeded and stated."""
    status, out, _ = lexsub(capsys, "score", RUN_2, "tsar2022-en-test", "--paired", RUN_1,
                            "--format", "json")
    assert status == 0
    data = json.loads(out)
    tests = data["paired"]["tests"]
    assert (data["paired"]["resamples"], data["paired"]["seed"], len(tests)) == (1000, 0, 1)
    acc = tests[0]["measures"]["ACC@1"]
    assert acc["system"] == data["unfloored"]["ACC@1"]
    assert (round(acc["system"], 4), round(acc["other"], 4)) == (0.8097, 0.7721)
    assert acc["delta"] == pytest.approx(acc["system"] - acc["other"])
    low, high = acc["interval"]
    assert low < acc["delta"] < high and 0 < acc["p"] <= 1
    assert tests[0]["measures"]["MAP@3"]["p"] == 1 / 1001  # run 2 is far above on MAP@3
    assert "approximate randomisation" in data["paired"]["p"]
    again = lexsub(capsys, "score", RUN_2, "tsar2022-en-test", "--paired", RUN_1, "--format",
                   "json")[1]
    assert again == out  # seeded: the same bytes
    other_seed = json.loads(lexsub(capsys, "score", RUN_2, "tsar2022-en-test", "--paired",
                                   RUN_1, "--format", "json", "--seed", "1")[1])
    assert other_seed["paired"]["tests"][0]["measures"]["ACC@1"]["p"] != acc["p"]


def test_the_text_output_and_the_api_agree(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = lexsub(capsys, "score", CLEAN, "semeval2007-test", "--paired", HEDGE,
                            "--resamples", "200")
    assert status == 0
    official, _, tests = out.partition("\npaired tests of ")
    assert official.startswith("Total = 1696, attempted = 1696\nprecision = 17.82")
    lines = tests.splitlines()
    assert "200 resamples, seed 0" in lines[0]
    recall = next(line for line in lines if line.split()[:1] == ["R"]).split()
    assert recall[1:4] == ["17.82", "10.75", "+7.07"]
    report = paired(CLEAN, "semeval2007-test", [HEDGE], resamples=200)
    test = report.comparisons[0].test.measure("recall")
    assert recall[-1] == f"{test.p:.4f}" and recall[4] == f"[{test.low:+.2f},"
    assert "340 of the 1696 paired instances are not answered" in tests


def test_swords_and_lexsubgen_protocol_files() -> None:
    """The other protocols through the API: SWORDS's pooled F@10 and LexSubGen's means; a
    short LexSubGen list in the other file is padded, with a note."""
    swords = SHARED / "swords-vectors" / "systems"
    report = paired(swords / "test-oracle.lsr.json", "swords-test",
                    [swords / "test-top5-noise.lsr.json"], resamples=100)
    strict = report.comparisons[0].test.measure("strict_a_f@10")
    assert report.statistic.name == "swords" and strict.a == pytest.approx(49.0753, abs=1e-4)
    lsg = SHARED / "lexsubgen-vectors" / "semeval_all" / "systems"
    scorer = Scorer("semeval2007-all")
    report = paired(lsg / "semeval_all-oracle.json", scorer,
                    [Other(lsg / "semeval_all-empty_or_short.json", "short")], resamples=100)
    (comparison,) = report.comparisons
    assert comparison.other == "short" and report.items == 2003
    assert any("shorter than 10 are padded" in note for note in comparison.notes)
    assert comparison.test.measure("GAP").b == pytest.approx(88.93, abs=0.005)


def test_a_file_missing_instances_counts_them_unanswered(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = lexsub(capsys, "score", TSAR / "en-test-oracle.tsv", "tsar2022-en-test",
                            "--paired", TSAR / "en-test-subset.tsv", "--format", "json",
                            "--resamples", "50")
    assert status == 0
    (test,) = json.loads(out)["paired"]["tests"]
    assert any("not answered in" in note and "empty list" in note for note in test["notes"])
    status, out, _ = lexsub(capsys, "score", TSAR / "en-test-subset.tsv", "tsar2022-en-test",
                            "--paired", TSAR / "en-test-oracle.tsv", "--format", "json",
                            "--resamples", "50")
    (test,) = json.loads(out)["paired"]["tests"]
    assert any("left out of the pairing" in note for note in test["notes"])


def _results(tmp_path: Path, *, vouch: bool = True) -> Path:
    """A results folder whose runs.json records two SemEval-2007 test rows."""
    out = tmp_path / "results"
    (out / "semeval2007-test").mkdir(parents=True)
    runs: dict[str, dict[str, object]] = {}
    for system, source in (("wordnet", HEDGE), ("lin", VECTORS / "s006_test_messy.best")):
        target = out / "semeval2007-test" / f"{system}.best"
        shutil.copy(source, target)
        runs[system] = {"files": {"best": f"semeval2007-test/{system}.best"},
                        "sha256": {"best": file_sha256(target)} if vouch else {}}
    (out / "runs.json").write_text(json.dumps({"format": 3, "runs": {
        "semeval2007-test": runs}}), encoding="utf-8")
    return out


def test_rows_of_a_run_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`wordnet` (on the dataset scored) and `semeval2007-test/lin` are the files runs.json
    names, tested as the files themselves are."""
    results = _results(tmp_path)
    status, out, _ = lexsub(capsys, "score", CLEAN, "semeval2007-test", "--paired", "wordnet",
                            "semeval2007-test/lin", "--results", results, "--format", "json",
                            "--resamples", "100")
    assert status == 0
    tests = json.loads(out)["paired"]["tests"]
    assert [t["other"].split(" ")[0] for t in tests] == ["semeval2007-test/wordnet",
                                                         "semeval2007-test/lin"]
    by_file = json.loads(lexsub(capsys, "score", CLEAN, "semeval2007-test", "--paired", HEDGE,
                                "--format", "json", "--resamples", "100")[1])
    assert tests[0]["measures"] == by_file["paired"]["tests"][0]["measures"]


@pytest.mark.parametrize(("args", "message"), [
    (("--paired", VECTORS / "s002_test_oot10.oot"),  # not -t oot: the scored file is best
     "none is a best line: --paired tests files of the kind scored (best): give that "
     "system's best file"),
    (("--paired", VECTORS / "s029_trial_clean1.best"), "was it made for another split?"),
    (("--paired", "nothing-here.best"), "--paired file not found at nothing-here.best"),
    (("--paired", "wordnet", "--results", "no-such-folder"),
     "--paired semeval2007-test/wordnet: no such file, and no no-such-folder/runs.json"),
    (("-t", "mw", "--paired", HEDGE), "--paired tests best or oot answers, not mw"),
])
def test_refusals_are_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                               message: str, monkeypatch: pytest.MonkeyPatch,
                               tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    gold = "semeval2007-test" if "mw" not in args else str(
        SHARED / "data" / "semeval2007" / "key" / "mwgold")
    system = CLEAN if "mw" not in args else SHARED / "scorer-vectors" / "systems" / "m000_test.mw"
    status, out, err = lexsub(capsys, "score", system, gold, *args)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("lexsub: error: ") and message in err


def test_an_other_file_of_another_kind_is_refused_alike_in_python(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The two entry points, one verdict: an oot file tested against a best one is refused
    naming the kind the scored file fixes, never suggesting to score as oot (which would
    change the scored file's kind too)."""
    oot = VECTORS / "s002_test_oot10.oot"
    line = (f"--paired: {oot}: 1703 of its 1703 lines are oot lines (`:::`), none is a best "
            "line: --paired tests files of the kind scored (best): give that system's best file")
    assert lexsub(capsys, "score", CLEAN, "semeval2007-test", "--paired", oot) == (
        2, "", f"lexsub: error: {line}\n")
    with pytest.raises(NothingToScoreError) as refused:
        paired(CLEAN, "semeval2007-test", [oot])
    assert str(refused.value) == line


def test_a_row_whose_file_changed_or_is_unknown_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    results = _results(tmp_path)
    (results / "semeval2007-test" / "lin.best").write_text("bright.a 301 :: x\n")
    for name, message in (("lin", "changed since runs.json vouched for it"),
                          ("vote", "has no best file of vote on semeval2007-test (its best "
                                   "rows there: lin, wordnet)")):
        status, out, err = lexsub(capsys, "score", CLEAN, "semeval2007-test", "--paired", name,
                                  "--results", results)
        assert (status, out) == (2, "") and message in err and err.count("\n") == 1
    unvouched = _results(tmp_path / "old", vouch=False)
    status, _, err = lexsub(capsys, "score", CLEAN, "semeval2007-test", "--paired", "wordnet",
                            "--results", unvouched)
    assert status == 2 and "records no digest" in err


def test_a_tsar_file_of_another_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = lexsub(capsys, "score", RUN_2, "tsar2022-en-test", "--paired",
                              UNIHD / "es" / "tsar2022_test_es_UniHD_3.tsv")
    assert (status, out) == (2, "") and "is not in the gold" in err and err.count("\n") == 1
