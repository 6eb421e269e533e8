"""TSAR-2022 parity: every case of tsar2022-vectors, made by the task's own `tsar_eval.py`.

Each case's ten figures (floored to 4 decimals, as the evaluator prints them) must be ours
within 1e-9; a case where the evaluator raised must give one `lexsub: error:` line. The rest
checks the evaluator's quirks on tiny inline files (each said in a warning where it changed a
figure), the one-line refusals, the CLI's text, JSON and `--compare`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import DataFormatError, LexsubError, NothingToScoreError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.scoring import Scorer
from lexsub_baselines.scoring.tsar import EVALUATOR_NAMES, HEADLINE, METRICS, TsarScorer
from lexsub_baselines.tables.tsar import read_results

_VECTORS = resolve_roots().shared / "tsar2022-vectors"
CASES = ([json.loads(line) for line in (_VECTORS / "cases.jsonl").read_text().splitlines()
          if line.strip()] if (_VECTORS / "cases.jsonl").is_file() else [])
_SCORERS: dict[str, TsarScorer] = {}


def _scorer(case: dict[str, Any]) -> TsarScorer:
    name = f"tsar2022-{case['lang']}-{case['split']}"
    if name not in _SCORERS:
        scorer = Scorer(name)
        assert isinstance(scorer, TsarScorer)
        _SCORERS[name] = scorer
    return _SCORERS[name]


@pytest.mark.shared
@pytest.mark.skipif(not CASES, reason="../shared/tsar2022-vectors not found")
@pytest.mark.parametrize("case", CASES, ids=[c["case_id"] for c in CASES])
def test_every_vector_case_matches_the_task_evaluator(case: dict[str, Any],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    system = _VECTORS / case["system_file"]
    if case.get("error"):
        assert main(["score", str(system), f"tsar2022-{case['lang']}-{case['split']}"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("lexsub: error: ")
        return
    report = _scorer(case).score(system, warn=False)
    assert set(case["metrics"]) == set(EVALUATOR_NAMES)
    for theirs, value in case["metrics"].items():
        assert report.metrics[EVALUATOR_NAMES[theirs]] == pytest.approx(value, abs=1e-9), theirs


def _gold(tmp_path: Path) -> Path:
    path = tmp_path / "tiny_gold.tsv"
    path.write_text("The cat sat .\tcat\tfeline\tfeline\tanimal\tcat\tpet\n"
                    "A big dog .\tbig\tlarge\thuge\tlarge\n"
                    "Run fast .\tfast\tquickly\n", encoding="utf-8")
    return path


def test_the_metrics_and_quirks_on_a_tiny_file(tmp_path: Path) -> None:
    """By hand: line 1 drops the complex word and a repeat, keeps an empty substitute; `Large`
    is wrong (no lower-casing); the third instance is left out, so the means are over 2."""
    scorer = Scorer(_gold(tmp_path))
    assert isinstance(scorer, TsarScorer)
    system = tmp_path / "pred.tsv"
    system.write_text("The cat sat .\tcat\tcat\tpet\t\tpet\tfeline\n"
                      "A big dog .\tbig\tLarge\thuge\n", encoding="utf-8")
    report = scorer.score(system, warn=False)
    # instance 1: labels (pet, "", feline), gold {feline, animal, pet}, top {feline}
    # instance 2: labels (Large, huge), gold {large, huge}, top {large}
    assert report.metrics["ACC@1"] == 0.5  # pet yes, Large no
    assert report.metrics["ACC@1@Top1"] == 0.0
    assert report.metrics["ACC@3@Top1"] == 0.5  # feline third
    assert report.metrics["Potential@3"] == 1.0
    # MAP@3: (1/1 + 2/3) / 3 and (0 + 1/2) / 3, averaged over the file's 2 instances
    assert report.unfloored["MAP@3"] == pytest.approx(((1 + 2 / 3) / 3 + 0.5 / 3) / 2)
    assert report.metrics["MAP@3"] == 0.3611  # floored, not rounded (0.36111...)
    assert (report.scored, report.total, report.signature.subset) == (2, 3, "listed")
    said = "\n".join(str(message) for message in report.messages)
    assert "over its 2 instances, not the gold's 3" in said and "the 1 left out" in said
    assert f"{system}:1: the complex word among the substitutes was dropped (1 times" in said
    assert "repeated substitutes were dropped (1 on 1 lines)" in said
    assert "an empty substitute (two tabs in a row)" in said
    assert f"{system}:2: 'Large' differs from the gold's 'large' only in case" in said


def test_a_repeated_instance_keeps_its_last_list_and_counts_once(tmp_path: Path) -> None:
    scorer = Scorer(_gold(tmp_path))
    assert isinstance(scorer, TsarScorer)
    system = tmp_path / "pred.tsv"
    system.write_text("Run fast .\tfast\tslow\nRun fast .\tfast\tquickly\n", encoding="utf-8")
    report = scorer.score(system, warn=False)
    assert report.scored == 1 and report.metrics["ACC@1"] == 1.0
    assert f"{system}:2: repeats the instance of line 1" in report.notes[1]


def test_the_in_memory_form_scores_as_the_file(tmp_path: Path) -> None:
    scorer = Scorer(_gold(tmp_path))
    assert isinstance(scorer, TsarScorer)
    system = tmp_path / "pred.tsv"
    system.write_text("The cat sat .\tcat\tpet\tfeline\nA big dog .\tbig\thuge\n"
                      "Run fast .\tfast\tquick\n", encoding="utf-8")
    mine = scorer.score({"1": ["pet", "feline"], "2": ["huge"], "3": ["quick"]}, warn=False)
    assert mine.metrics == scorer.score(system, warn=False).metrics
    with pytest.raises(LexsubError, match="instance 9 is not in"):
        scorer.score({"9": ["x"]})


@pytest.mark.parametrize(("text", "expected"), [
    ("Not a sentence .\tcat\tpet\n", r"pred.tsv:1: the sentence with the complex word 'cat' is "
                                     r"not in the gold \(tsar_eval.py stops here: KeyError\)"),
    ("The cat sat .\n", r"pred.tsv:1: no complex word \(tsar_eval.py stops on this predictions "
                        r"line: IndexError\)"),
    ("The cat sat .\tcat\tpet\n\n", r"pred.tsv:2: no complex word"),
    ("The__cat sat .\tcat\tpet\n", r"pred.tsv:1: the sentence or the complex word holds '__'"),
    ("\ufeffThe cat sat .\tcat\tpet\n", r"pred.tsv:1: .* not in the gold .*byte-order mark"),
])
def test_where_the_evaluator_dies_one_line_names_the_line(tmp_path: Path, text: str,
                                                          expected: str) -> None:
    system = tmp_path / "pred.tsv"
    system.write_text(text, encoding="utf-8")
    with pytest.raises(DataFormatError, match=expected):
        Scorer(_gold(tmp_path)).score(system, warn=False)


def test_refusals(tmp_path: Path) -> None:
    gold = _gold(tmp_path)
    (tmp_path / "empty.tsv").write_text("", encoding="utf-8")
    with pytest.raises(NothingToScoreError, match="lists no instance"):
        Scorer(gold).score(tmp_path / "empty.tsv")
    (tmp_path / "one.tsv").write_text("The cat sat .\tcat\tpet\n", encoding="utf-8")
    report = Scorer(gold).score(tmp_path / "one.tsv", "best", warn=False)  # as -t best:
    assert 'kind="best" does not apply to TSAR-2022\'s evaluation; ignored' in report.notes
    with pytest.raises(LexsubError, match="one profile, tsar-eval-089c266"):
        TsarScorer(gold, "official")
    with pytest.raises(LexsubError, match="gold\\(\\) is a SemEval-2007 notion; a TSAR-2022"):
        Scorer(gold).gold()


@pytest.mark.shared
def test_the_cli_prints_the_ten_figures_headline_first_and_json(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    none = shared.data / "tsar2022" / "datasets" / "test" / "tsar2022_en_test_none.tsv"
    system = tmp_path / "copy.tsv"  # every instance, its complex word as the one substitute
    system.write_text("".join(f"{line}\t{line.split(chr(9))[1]}\n"
                              for line in none.read_text(encoding="utf-8").splitlines()))
    assert main(["score", str(system), "tsar2022-en-test"]) == 0
    out, err = capsys.readouterr()
    names = [line.split()[0] for line in out.splitlines()[1:11]]
    assert names[:4] == list(HEADLINE) and sorted(names) == sorted(METRICS)
    assert "ACC@1         0.0000" in out  # the complex word is dropped: nothing left
    assert out.splitlines()[-1].startswith("tsar2022|profile:tsar-eval-089c266|gold:"
                                           "tsar2022-en-test#")
    assert "lexsub: warning: " in err and "the complex word among the substitutes" in err
    assert main(["score", str(system), "tsar2022-en-test", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["metrics"]) == list(METRICS) and data["instances_scored"] == 373
    assert main(["score", str(system), "tsar2022-en-test", "-t", "oot"]) == 0
    assert "-t oot does not apply to TSAR-2022's evaluation" in capsys.readouterr().err
    assert main(["score", str(system), "semeval2007-test", "--protocol", "tsar2022"]) == 2
    assert "--protocol tsar2022 scores a tsar2022-* dataset" in capsys.readouterr().err


@pytest.mark.shared
def test_compare_ranks_the_file_among_the_official_runs(
        shared: Roots, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Among the 33 published runs and the rows the package ships: run from a folder with no
    results/ (a checkout after `make baselines` has all of ours, which `--compare` adds:
    tests/test_tsar_runs.py)."""
    if not CASES:
        pytest.skip("../shared/tsar2022-vectors not found")
    monkeypatch.chdir(tmp_path)
    system = _VECTORS / "systems" / "en-test-noisy.tsv"
    assert main(["score", str(system), "tsar2022-en-test", "--compare", "--format", "json"]) == 0
    table = json.loads(capsys.readouterr().out)["compare"]
    rows = table["rows"]
    assert [row[1] for row in rows[3:6]] == ["UoM&MMU run 1", "en-test-noisy.tsv",
                                             "LSBert-baseline run 1"]
    assert rows[4][:3] == [5, "en-test-noisy.tsv", "yours"]
    assert rows[4][3:] == [0.6058, 0.6058, 0.6434, 0.6434, 0.5044, 0.4569, 0.3559, 0.9436,
                           0.9892, 0.9919]
    lsbert = next(row for row in rows if row[1] == "LSBert-baseline run 1")
    assert lsbert[2] == "baseline" and lsbert[3:5] == [0.5978, 0.3029]
    from lexsub_baselines.runs.shipped import shipped_scores

    ours = sorted(shipped_scores()[0].get("tsar2022-en-test", {}))  # the package's rows
    assert sorted(row[1] for row in rows if row[2] not in ("team", "baseline", "yours")) == ours
    assert len(rows) == 34 + len(ours)  # 33 published runs, yours and the shipped rows
    subset = _VECTORS / "systems" / "en-test-subset.tsv"
    assert main(["score", str(subset), "tsar2022-en-test", "--compare"]) == 0
    assert "this score is on 293 instances of tsar2022-en-test, so no comparison" in \
        capsys.readouterr().err


@pytest.mark.shared
@pytest.mark.parametrize("language", ["en", "es", "pt"])
def test_the_extended_results_agree_with_the_official_ones(shared: Roots, language: str) -> None:
    folder = shared.data / "tsar2022" / "results"
    official = read_results(folder / "official" / f"TSAR2022_test_results_{language}.csv")
    extended = read_results(folder / "extended" /
                            f"TSAR2022_test_results_extended_{language}.csv")
    assert [(r.team, r.run, dict(r.figures)) for r in official] == \
        [(r.team, r.run, dict(r.figures)) for r in extended]
    assert any(r.team == "LSBert-baseline" for r in official)


@pytest.mark.shared
def test_score_gives_a_tsar_report_for_tsar_gold(shared: Roots, tmp_path: Path) -> None:
    from lexsub_baselines.scoring import TsarReport, score, substitution_recall

    system = tmp_path / "pred.tsv"
    none = shared.data / "tsar2022" / "datasets" / "trial" / "tsar2022_pt_trial_none.tsv"
    system.write_text(none.read_text(encoding="utf-8").replace("\n", "\tx\tx\n"),
                      encoding="utf-8")
    report = score(system, "tsar2022-pt-trial", roots=shared, warn=False)
    assert any("repeated substitutes were dropped" in m.text for m in report.messages)
    assert isinstance(report, TsarReport) and report.metrics["ACC@1"] == 0.0
    assert report.scored == 10
    for kind in ("best", "tsar2022"):
        with pytest.raises(LexsubError, match="or TSAR-2022 score is `score"):
            substitution_recall(system, "tsar2022-pt-trial", kind)
