"""SWORDS parity: every metric of swords-vectors/cases.jsonl, made by the authors' `evaluate`.

The shared cases were produced by p-lambda/swords (`swords.eval.evaluate`, commit 04ca753) in
the environment its authors pin (NLTK 3.5, WordNet 3.0, the GAP asset present, so `gap` and
`gap_rat` are among the metrics) on made-up result files; our evaluator must reproduce each
number to 1e-6 whatever NLTK is installed, and report 0.00 with a note where the original
stops with ZeroDivisionError.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.scoring import Scorer, SwordsScorer

pytestmark = [pytest.mark.shared, pytest.mark.needs("wordnet")]


def _cases() -> list[dict[str, Any]]:
    path = resolve_roots().shared / "swords-vectors" / "cases.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


CASES = _cases()
needs_cases = pytest.mark.skipif(not CASES, reason="../shared/swords-vectors not found")


@pytest.fixture(scope="module")
def scorers(shared: Roots) -> dict[str, Scorer]:
    """One scorer per split (the gold is prepared once)."""
    return {split: Scorer(f"swords-{split}", roots=shared) for split in ("dev", "test")}


@needs_cases
@pytest.mark.parametrize("case", CASES, ids=[Path(c["system"]).stem for c in CASES])
def test_every_metric_matches_the_authors_evaluation(shared: Roots, scorers: dict[str, Scorer],
                                                     case: dict[str, Any]) -> None:
    scorer = scorers[case["split"]]
    assert isinstance(scorer, SwordsScorer)
    report = scorer.score(shared.shared / "swords-vectors" / case["system"], warn=False)
    if "swords_error" in case:  # the original crashed: we report 0.00 and say why
        assert report.main.undefined, "a case the original cannot evaluate must be flagged"
        assert all(report.metrics[name] == 0.0 for name in report.main.undefined)
        assert "undefined-as-0.00" in str(report.signature)
        assert any("undefined in the original" in note for note in report.notes)
        return
    assert set(report.metrics) == set(case["expected"])
    for name, value in case["expected"].items():
        assert math.isclose(report.metrics[name], value, abs_tol=1e-6), \
            f"{name}: {report.metrics[name]} != {value}"
    assert not report.main.undefined


@needs_cases
def test_the_cases_cover_both_splits_and_both_crash_cases() -> None:
    assert {c["split"] for c in CASES} == {"dev", "test"}
    assert sum("swords_error" in c for c in CASES) == 4
    assert len(CASES) == 28
    assert all({"gap", "gap_rat"} <= set(c["expected"]) for c in CASES if "expected" in c)


def test_a_scorer_of_swords_gold_is_a_swords_scorer(scorers: dict[str, Scorer]) -> None:
    scorer = scorers["test"]
    assert isinstance(scorer, SwordsScorer) and isinstance(scorer, Scorer)
    assert len(scorer.swords_gold.targets) == 762
    for call in (lambda: scorer.item_credits("x", "best"), lambda: scorer.gold(),
                 lambda: scorer.mw_gold(), lambda: scorer.answers("x", "best"),
                 lambda: scorer.mwids):
        with pytest.raises(LexsubError, match="SemEval-2007 notion"):
            call()
    known = next(iter(scorer.swords_gold.targets))  # a SemEval kind is ignored, as -t is
    assert 'kind="oot" does not apply to SWORDS; ignored' in \
        scorer.score({known: ["a"]}, "oot", warn=False).notes


def test_the_oracle_scores_perfect_conceivable_recall(scorers: dict[str, Scorer]) -> None:
    scorer = scorers["dev"]
    assert isinstance(scorer, SwordsScorer)
    oracle = {t.id: [[lemma, float(-rank)] for rank, (lemma, _) in enumerate(
        sorted(t.weights("ratio").items(), key=lambda item: -item[1]))]
              for t in scorer.swords_gold.targets.values()}
    report = scorer.score(oracle, warn=False)
    assert report.metrics["strict_c_r@10"] == pytest.approx(100.0)
    assert report.metrics["strict_c_p@1"] == pytest.approx(100.0)
    assert report.main.gap["gap_rat"] == pytest.approx(100.0)
    assert report.metrics["gap_rat"] == report.main.gap["gap_rat"]
    assert report.answered == report.targets == 370


def test_unknown_targets_are_counted_and_reported(scorers: dict[str, Scorer]) -> None:
    scorer = scorers["dev"]
    assert isinstance(scorer, SwordsScorer)
    known = next(iter(scorer.swords_gold.targets))
    report = scorer.score({known: ["x"], "t:nope": ["y"], "t:nada": ["z"]}, warn=False)
    assert report.unknown == ("t:nope", "t:nada")
    assert report.to_json()["unknown_targets"] == 2
    assert "unknown-targets-ignored" in str(report.signature)
    assert any("2 target ids are not in the dataset" in note for note in report.notes)
    with pytest.raises(LexsubError, match="none of its 1 target ids is in swords-dev"):
        scorer.score({"t:nope": ["y"]}, warn=False)


@pytest.mark.parametrize(("content", "message"), [
    (b"{not json", "not JSON: Expecting property name enclosed in double quotes at line 1, "
                   "column 2"),
    (b'{"substitutes_lemmatized": true}', "no 'substitutes' object"),
    (b'{"substitutes": {"t:1": [["a", "0.5"]]}}', "target t:1, entry 1: the score '0.5' is not "
                                                  "a number"),
    (b'{"substitutes": {"t:1": [["a", NaN]]}}', "the score is NaN"),
    (b'{"substitutes": {"t:1": [[1, 0.5]]}}', "the substitute 1 is not a string"),
    (b'{"substitutes": {"t:1": [["a", 1, 2]]}}', "neither a substitute string nor a"),
    (b'{"substitutes": {"t:1": "a"}}', "its substitutes are not a list"),
    (b'[1, 2]', "not a JSON object"),
])
def test_bad_result_files_are_one_error_naming_the_file(scorers: dict[str, Scorer],
                                                        tmp_path: Path, content: bytes,
                                                        message: str) -> None:
    path = tmp_path / "bad.lsr.json"
    path.write_bytes(content)
    with pytest.raises(DataFormatError) as raised:
        scorers["dev"].score(path, warn=False)
    assert str(raised.value).startswith(f"{path}: ")
    assert message in str(raised.value)
    assert "write {" in str(raised.value)  # the remedy: the expected shape


def test_the_command_prints_the_authors_names_and_json(shared: Roots, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    if not CASES:
        pytest.skip("../shared/swords-vectors not found")
    system = shared.shared / "swords-vectors" / "systems" / "dev-top5-noise.lsr.json"
    assert main(["score", str(system), "swords-dev"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith("lenient_a_f@10 = ")
    assert any(line.startswith("strict_c_p@1 = ") for line in text)
    assert text[-1].startswith("swords|profile:swords-eval-04ca753|gold:swords-dev#bc357078|")
    assert main(["score", str(system), "swords-dev", "--format", "json", "--by-pos"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = next(c["expected"] for c in CASES if c["system"].endswith("dev-top5-noise.lsr.json"))
    assert set(data["metrics"]) == set(expected)
    assert data["signature"].startswith("swords|")
    assert set(data["by_pos"]) == {"n", "v", "a", "r"}
    # a bad file: one line on stderr, exit status 2, nothing on stdout
    bad = tmp_path / "bad.lsr.json"
    bad.write_text("[]")
    assert main(["score", str(bad), "swords-dev"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "not a JSON object" in captured.err


def test_a_crash_case_prints_a_note_not_a_traceback(shared: Roots,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    crashed = [c for c in CASES if "swords_error" in c]
    if not crashed:
        pytest.skip("../shared/swords-vectors not found")
    system = shared.shared / "swords-vectors" / crashed[0]["system"]
    assert main(["score", str(system), f"swords-{crashed[0]['split']}"]) == 0
    captured = capsys.readouterr()
    assert "strict_c_p@1 = 0.00 (undefined in the original)" in captured.out
    assert "lexsub: note: strict_c_p@1 is undefined in the original evaluation" in captured.err
    assert "Traceback" not in captured.err


def test_the_lemmatiser_is_the_pinned_one_whatever_nltk_is_installed(
        shared: Roots, monkeypatch: pytest.MonkeyPatch) -> None:
    """The evaluation never calls the installed NLTK's morphy (3.9+ would keep `businessess`)."""
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    from lexsub_baselines.scoring.swords import scorer as swords_scorer

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the installed NLTK's _morphy was called")

    monkeypatch.setattr(WordNetCorpusReader, "_morphy", refuse)
    swords_scorer._lemmatiser.cache_clear()
    swords_scorer._gold.cache_clear()
    scorer = Scorer("swords-test", roots=shared)
    assert isinstance(scorer, SwordsScorer)
    companies = [t for t in scorer.swords_gold.targets.values()
                 if "business" in t.weights("total") and t.lemma == "company"]
    assert companies, "swords-test's `businessess` under `companies` lemmatises to `business`"
    targets = scorer.swords_gold.targets.values()
    assert not any("businessess" in t.weights("total") for t in targets)
    report = scorer.score({"substitutes": {next(iter(scorer.swords_gold.targets)): ["firm"]}},
                          warn=False)
    assert "lemma:nltk-3.5-morphy:wordnet-3.0" in str(report.signature)


def test_gap_counts_a_weightless_target_as_minus_one_as_the_gap_script_does() -> None:
    from lexsub_baselines.scoring.swords import GoldTarget, SwordsGold, swords_gap

    good = GoldTarget("t:1", "NOUN", "car", (("auto", ("TRUE", "TRUE")), ("bus", ("FALSE",))))
    weightless = GoldTarget("t:2", "NOUN", "dog", (("cat", ("FALSE", "FALSE")),))
    gold = SwordsGold("toy", {"t:1": good, "t:2": weightless}, {"t:1": "NOUN", "t:2": "NOUN"},
                      0, 0, 0)
    values, count, undefined = swords_gap(gold, {"t:1": ["auto"], "t:2": ["cat"]})
    assert (values["gap"], count, undefined) == (pytest.approx(100 * (1.0 - 1.0) / 2), 1, {})
    # the mean below 0: the original's `assert gap >= 0` stops it; we report 0.00 and say why
    values, count, undefined = swords_gap(gold, {"t:1": ["bus"], "t:2": ["cat"]})
    assert values["gap"] == 0.0 and set(undefined) == {"gap", "gap_rat"}
    assert "outside [0, 1]" in undefined["gap"]
