"""LexSubGen parity: every case of lexsubgen-vectors, made by LexSubGen's own evaluation.

The shared vectors were scored by Samsung/LexSubGen (commit 276ce228) against the exact files
it read (`lexsubgen_data/`); each system case must match to 1e-6 of the unrounded mean x 100,
and a case where LexSubGen raised must be refused with one line naming the first instance it
fails on. The `micro` cases call single metric functions on edge inputs.
"""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.lexsubgen import LexSubGenFiles
from lexsub_baselines.scoring import Scorer
from lexsub_baselines.scoring.lexsubgen import (
    METRICS,
    LexSubGenScorer,
    LsgReport,
    ShortListError,
    gap_scores,
    parse_gold_line,
    read_lexsubgen_data,
    topk_metrics,
)

pytestmark = [pytest.mark.shared]

_ROOT = resolve_roots().shared / "lexsubgen-vectors"
_FOLDERS = ("semeval_all", "coinco")


def _cases(kind: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for folder in _FOLDERS:
        path = _ROOT / folder / "cases.jsonl"
        if path.is_file():
            out += [(folder, case) for line in path.read_text().splitlines() if line.strip()
                    and (case := json.loads(line))["type"] == kind]
    return out


SYSTEMS = _cases("system")
# the micro cases are the same in both folders: keep one copy of each
MICRO = list({case["case_id"]: case for _, case in _cases("micro")}.values())
needs_cases = pytest.mark.skipif(not SYSTEMS, reason="../shared/lexsubgen-vectors not found")


@pytest.fixture(scope="module")
def scorers() -> dict[str, Scorer]:
    """One scorer per folder, over the exact files LexSubGen read (read once)."""
    return {folder: Scorer(_ROOT / folder / "lexsubgen_data") for folder in _FOLDERS}


def _first_failing(folder: str, system: dict[str, Any], scorer: LexSubGenScorer
                   ) -> tuple[str, int, int]:
    """Return (id, k, n) of the first scored instance (sentences' order) shorter than a k."""
    for instance in scorer.data.instances:
        if instance.id in system:
            n = len(system[instance.id])
            for k in (1, 3, 10):
                if n < k:
                    return instance.id, k, n
    raise AssertionError("no short list")


@needs_cases
@pytest.mark.parametrize(("folder", "case"), SYSTEMS, ids=[c["case_id"] for _, c in SYSTEMS])
def test_every_system_case_matches_lexsubgen(folder: str, case: dict[str, Any],
                                             scorers: dict[str, Scorer]) -> None:
    scorer = scorers[folder]
    assert isinstance(scorer, LexSubGenScorer)
    system = json.loads((_ROOT / folder / case["system_file"]).read_text())
    if case["error"]:
        with pytest.raises(LexsubError) as caught:
            scorer.score(system, only_listed=True, warn=False)
        message = str(caught.value)
        assert "\n" not in message
        first, k, n = _first_failing(folder, system, scorer)
        assert f"instance {first} " in message
        assert case["error"].split(": ", 1)[1] in message  # "Couldn't take top k from n ..."
        assert f"top {k} from {n} " in message
        return
    report = scorer.score(system, only_listed=True, warn=False)
    assert report.scored == case["n_instances_scored"] == case["n_instances"]
    for name in METRICS:
        expected = 100 * case["mean_metrics_unrounded"][name]
        value = report.metrics[name]
        assert value is not None and math.isclose(value, expected, abs_tol=1e-6), \
            f"{name}: {value} != {expected}"
        assert report.counts[name] == case["n_values_in_mean"][name]
    assert str(report.signature).startswith("lexsubgen|profile:lexsubgen|")


@needs_cases
@pytest.mark.parametrize(("folder", "case"), SYSTEMS[:1] + SYSTEMS[-12:-11],
                         ids=["semeval", "coinco"])
def test_per_instance_values_match(folder: str, case: dict[str, Any],
                                   scorers: dict[str, Scorer]) -> None:
    """The per-instance values of one case per folder (where a difference would come from)."""
    scorer = scorers[folder]
    assert isinstance(scorer, LexSubGenScorer)
    system = json.loads((_ROOT / folder / case["system_file"]).read_text())
    path = _ROOT / folder / "instances" / f"{case['case_id']}.jsonl"
    with gzip.open(f"{path}.gz", "rt") as handle:
        rows = [json.loads(line) for line in handle]
    checked = 0
    for row in rows[:200]:
        one = scorer.score({row["id"]: system[row["id"]]}, only_listed=True, warn=False)
        assert isinstance(one, LsgReport)
        for name in METRICS:
            if row[name] is None:
                assert one.counts[name] == 0
            else:
                assert math.isclose(one.metrics[name] or 0.0, 100 * row[name], abs_tol=1e-9)
                checked += 1
    assert checked > 1000


@needs_cases
def test_a_missing_instance_is_refused_unless_listed_or_padded(scorers: dict[str, Scorer]
                                                              ) -> None:
    system = json.loads((_ROOT / "coinco" / "systems" / "coinco-random.json").read_text())
    scorer = scorers["coinco"]
    assert isinstance(scorer, LexSubGenScorer)
    with pytest.raises(LexsubError, match=r"instance \d+ .* is not in the result"):
        scorer.score(system, warn=False)
    padded = LexSubGenScorer(_ROOT / "coinco" / "lexsubgen_data", "lexsubgen-padded")
    report = padded.score(system, warn=False)
    assert report.scored == 15415 and "short-lists-padded" in str(report.signature)
    listed = scorer.score(system, only_listed=True, warn=False)
    # the instances the result lacks count as empty lists: every P@k falls by the same ratio
    assert math.isclose(report.metrics["prec@1"] or 0, (listed.metrics["prec@1"] or 0)
                        * 1500 / 15415)


@needs_cases
def test_padded_profile_scores_short_lists(scorers: dict[str, Scorer]) -> None:
    system = json.loads((_ROOT / "semeval_all" / "systems" /
                         "semeval_all-empty_or_short.json").read_text())
    report = LexSubGenScorer(_ROOT / "semeval_all" / "lexsubgen_data",
                             "lexsubgen-padded").score(system, warn=False)
    assert report.scored == 2003
    assert report.metrics["prec@10"] is not None and report.metrics["prec@10"] > 0


@pytest.mark.parametrize("case", MICRO, ids=[c["case_id"] for c in MICRO])
def test_micro_cases(case: dict[str, Any]) -> None:
    inputs = case["inputs"]
    function = case["function"]
    if function == "gap_score":
        plain, normalized = gap_scores(inputs["gold_substitutes"],
                                       [float(w) for w in inputs["gold_weights"]],
                                       inputs["ranked_candidates"])
        for name, value in (("gap", plain), ("gap_normalized", normalized)):
            expected = case["outputs"][name]
            assert (value is None) == (expected is None), name
            if expected is not None:
                assert value is not None and math.isclose(value, expected, abs_tol=1e-12)
    elif function == "compute_precision_recall_f1_topk":
        call = (inputs["gold_substitutes"], inputs["pred_substitutes"], inputs["topk_list"])
        if case["error"]:
            with pytest.raises(ShortListError) as caught:
                topk_metrics(*call)
            assert str(caught.value) == case["error"].split(": ", 1)[1]
        else:
            got = topk_metrics(*call)
            assert set(got) == set(case["outputs"])
            for name, value in case["outputs"].items():
                assert math.isclose(got[name], value, abs_tol=1e-12), name
    elif function.startswith("LexSubDatasetReader"):
        if case["error"]:
            with pytest.raises(DataFormatError, match="no weight"):
                parse_gold_line(inputs["line"])
        else:
            _, words, weights = parse_gold_line(inputs["line"])
            assert words == [pair[0] for pair in case["outputs"]["parsed"]]
            assert weights == case["outputs"]["weights"]
    else:  # the vocabulary-based metrics depend on a model's vocabulary: not part of the check
        assert function == "compute_precision_recall_f1_vocab"


def _files(gold: str, sentences: str, candidates: str) -> LexSubGenFiles:
    return LexSubGenFiles("tiny", gold.encode(), sentences.encode(), candidates.encode())


def test_bad_data_is_refused_naming_file_and_line() -> None:
    good_sentences = "bright.a\t1\t0\tbright boy\n"
    with pytest.raises(DataFormatError, match=r"tiny/gold:2: .*second gold line"):
        read_lexsubgen_data(_files("bright.a 1 :: smart 1;\nbright.a 1 :: clever 1;\n",
                                   good_sentences, "bright.a::smart;clever\n"))
    with pytest.raises(DataFormatError, match=r"tiny/sentences:1: no candidate pool"):
        read_lexsubgen_data(_files("bright.a 1 :: smart 1;\n", good_sentences,
                                   "dull.a::smart\n"))
    with pytest.raises(DataFormatError, match=r"tiny/gold:1: .*weight is not a number"):
        read_lexsubgen_data(_files("bright.a 1 :: smart x;\n", good_sentences,
                                   "bright.a::smart\n"))
    data = read_lexsubgen_data(_files("bright.a 1 :: smart 1;\n",
                                      good_sentences + "bright.a\t2\t0\tbright day\n",
                                      "bright.a::smart;clever;smart\n"))
    assert [i.id for i in data.instances] == ["1"] and data.without_gold == ("2",)
    assert data.instances[0].candidates == ("clever", "smart")


def test_cli_scores_and_refuses_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "gold").write_text("bright.a 1 :: smart 2;clever 1;\nbright.a 2 :: light 1;\n")
    (folder / "sentences").write_text("bright.a\t1\t0\tbright boy\nbright.a\t2\t0\tbright day\n")
    (folder / "candidates").write_text("bright.a::smart;clever;light\n")
    words = ["smart", "clever", "a", "b", "c", "d", "e", "f", "g", "h"]
    result = {"1": [[w, 10 - i] for i, w in enumerate(words)],
              "2": [[w, 10 - i] for i, w in enumerate(["light", *words[:9]])]}
    path = tmp_path / "result.json"
    path.write_text(json.dumps(result))
    assert main(["score", str(path), str(folder), "--protocol", "lexsubgen",
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["metrics"]["prec@1"] == 100.0 and data["metrics"]["gap"] == 100.0
    assert data["signature"].startswith("lexsubgen|profile:lexsubgen|gold:data#")
    result["2"] = result["2"][:2]
    path.write_text(json.dumps(result))
    assert main(["score", str(path), str(folder), "--protocol", "lexsubgen"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "instance 2 (bright.a) lists 2 substitutes" in err
    path.write_text('{"1": [["smart", "high"]]}')
    assert main(["score", str(path), str(folder), "--protocol", "lexsubgen"]) == 2
    assert "instance 1, entry 1: expected [word, score]" in capsys.readouterr().err
    assert main(["score", str(path), "semeval2007-test", "--protocol", "lexsubgen"]) == 2
    assert "not 'semeval2007-test'" in capsys.readouterr().err


def test_scorer_dispatches_on_the_protocol(roots: Roots) -> None:
    assert isinstance(Scorer(_ROOT / "coinco" / "lexsubgen_data"), LexSubGenScorer) or \
        not SYSTEMS
    assert not isinstance(Scorer("semeval2007-test", roots=roots), LexSubGenScorer)


@needs_cases
def test_compare_ranks_among_the_published_only_on_their_protocol(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)  # no results/scores.json here: the published rows only
    system = _ROOT / "semeval_all" / "systems" / "semeval_all-random.json"
    assert main(["score", str(system), "semeval2007-all", "--compare", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["compare"]["rows"]
    names = [row[0] for row in rows]
    assert "XLNet+embs" in names and names[-1] == "semeval_all-random.json"  # GAP 30.12, last
    coinco = _ROOT / "coinco" / "systems" / "coinco-random.json"
    assert main(["score", str(coinco), "coinco-all", "--protocol", "lexsubgen", "--only-listed",
                 "--compare", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert [row[0] for row in json.loads(captured.out)["compare"]["rows"]] == ["coinco-random.json"]
    assert "not ranked with it" in captured.err


@needs_cases
def test_compare_leaves_out_our_rows_when_scores_json_is_not_the_recorded_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    from lexsub_baselines.runs.records import RunsFile
    from lexsub_baselines.runs.runner import json_text
    from lexsub_baselines.runs.store import commit, text_sha256

    monkeypatch.chdir(tmp_path)
    scores = json_text({"semeval2007-all": {}})
    runs = RunsFile({"s1": {"code": "c"}}, {}, "s1")
    commit(tmp_path / "results", {"scores.json": scores, "tables.md": "",
                                  "runs.json": json_text(runs.to_json(text_sha256(scores)))})
    (tmp_path / "results" / "scores.json").write_text(json_text({"edited": {}}))
    system = _ROOT / "semeval_all" / "systems" / "semeval_all-random.json"
    assert main(["score", str(system), "semeval2007-all", "--compare", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "our baselines left out" in captured.err and "scores.json" in captured.err
    names = [row[0] for row in json.loads(captured.out)["compare"]["rows"]]
    assert "XLNet+embs" in names  # the published rows are still there
