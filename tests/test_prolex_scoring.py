"""ProLex parity: every case of prolex-vectors, made by the benchmark's own `evaluate.py`.

Each case's precision, recall and F1 (one aspect, one k) must be ours exactly (the same sums,
the same divisions). The rest checks the readers on real samples (the benchmark CSV, a
predictions CSV, ParaLS's row-numbered SemEval lines), the one-line refusals of a file that is
not aligned with the benchmark's rows, the `soft` variant refused, and the CLI and Python
giving one verdict.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import LexsubError, ScoreRefusedError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.scoring import Scorer, score
from lexsub_baselines.scoring.prolex import SOFT, ProlexScorer, calculate_metrics

_SHARED = resolve_roots().shared
_VECTORS = _SHARED / "prolex-vectors"
CASES = ([json.loads(line) for line in (_VECTORS / "cases.jsonl").read_text().splitlines()
          if line.strip()] if (_VECTORS / "cases.jsonl").is_file() else [])
_PARALS = _SHARED / "field-outputs" / "parals" / "prolex"
_DATA = (_SHARED / "data" / "prolex" / "ProLex_v1.0_dev.csv").is_file()
needs_data = pytest.mark.skipif(not _DATA, reason="../shared/data/prolex not found")
_SCORERS: dict[str, ProlexScorer] = {}
_REPORTS: dict[str, Any] = {}


def _scorer(split: str) -> ProlexScorer:
    if split not in _SCORERS:
        scorer = Scorer(f"prolex-{split}")
        assert isinstance(scorer, ProlexScorer)
        _SCORERS[split] = scorer
    return _SCORERS[split]


@pytest.mark.shared
@pytest.mark.skipif(not CASES, reason="../shared/prolex-vectors not found")
@pytest.mark.parametrize("case", CASES, ids=[f"{c['file']}-{c['aspect']}-{c['topk']}"
                                             for c in CASES])
def test_every_vector_case_matches_the_benchmark_evaluator(case: dict[str, Any]) -> None:
    if case["file"] not in _REPORTS:
        _REPORTS[case["file"]] = _scorer(case["split"]).score(
            _VECTORS / "systems" / case["file"], warn=False)
    figures = _REPORTS[case["file"]].metrics[case["aspect"]]
    k = case["topk"]
    assert (figures[f"P@{k}"], figures[f"R@{k}"], figures[f"F1@{k}"]) == (
        case["precision"], case["recall"], case["f1"])


def test_calculate_metrics_by_hand() -> None:
    """Row 2's empty gold is skipped; `b` twice counts once in P's denominator; top 2 cuts `c`."""
    p, r, f1, died = calculate_metrics([["a", "b"], [], ["x"]],
                                       [["b", "b", "a"], ["z"], ["y", "x", "c"]], topk=2)
    # hits: {b} and {x} -> 2 ; predicted: |{b}| + |{y, x}| = 3 ; gold: 2 + 1 = 3
    assert (p, r) == (2 / 3, 2 / 3) and f1 == pytest.approx(2 / 3) and not died
    assert calculate_metrics([["a"]], [["b"]], topk=1)[2:] == (0.0, True)  # its ZeroDivision
    with pytest.raises(ValueError):
        calculate_metrics([["a"]], [], topk=1)


@pytest.mark.shared
@needs_data
def test_the_benchmark_reader_on_the_real_files() -> None:
    roots = resolve_roots()
    dev, test = load_dataset("prolex-dev", roots), load_dataset("prolex-test", roots)
    instances = {i.id: i for i in test.instances()}
    assert len(dev.instances()) == 68 and len(instances) == 680
    assert instances["0"].target == "charming" and instances["0"].pos == ""
    # row 18 of dev marks `mobile` at both occurrences: the first is the target
    mobile = {i.id: i for i in dev.instances()}["18"]
    assert mobile.target == "mobile" and "**" not in mobile.sentence
    assert mobile.tokens[mobile.target_index + 1] == "phone"
    gold = test.gold()
    assert [s for s, _ in gold["1"].entries] == ["items", "products"]


def _rows(path: Path, keep: int) -> str:
    return "".join(path.read_text(encoding="utf-8").splitlines(keepends=True)[:keep])


@pytest.mark.shared
@needs_data
def test_a_missing_row_is_refused_in_one_line(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """ProLex's own route would shift every later row; ours names the first missing row."""
    oot = (_PARALS / "dev" / "lspro.out.embed.0.02.oot").read_text(encoding="utf-8")
    lines = oot.splitlines(keepends=True)
    short = tmp_path / "short.oot"
    short.write_text("".join(lines[:4] + lines[5:]), encoding="utf-8")
    assert main(["score", str(short), "prolex-dev"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "row 4 of the benchmark" in err[0] and "1 rows missing" in err[0]
    with pytest.raises(ScoreRefusedError, match="row 4 of the benchmark"):
        score(short, "prolex-dev")


@pytest.mark.shared
@needs_data
def test_a_misaligned_or_foreign_row_is_refused(tmp_path: Path) -> None:
    oot = (_PARALS / "dev" / "lspro.out.embed.0.02.oot").read_text(encoding="utf-8")
    lines = oot.splitlines(keepends=True)
    swapped = tmp_path / "swapped.oot"  # ids shifted by one: row 0 is not `concrete`
    swapped.write_text("".join(line.replace(f" {n} :::", f" {n - 1} :::", 1)
                               for n, line in enumerate(lines, start=0) if n > 0),
                       encoding="utf-8")
    with pytest.raises(ScoreRefusedError, match=r"swapped.oot:1: row 0 is 'overall'"):
        score(swapped, "prolex-dev")
    twice = tmp_path / "twice.oot"
    twice.write_text(lines[0] + "".join(lines), encoding="utf-8")
    with pytest.raises(ScoreRefusedError, match=r"twice.oot:2: row 0 again"):
        score(twice, "prolex-dev")
    csv = tmp_path / "edited.csv"  # a CSV row whose sentence is no row of the benchmark
    text = _rows(_VECTORS / "systems" / "dev-noisy.csv", 69).replace("Korea", "Japan")
    csv.write_text(text, encoding="utf-8")
    with pytest.raises(ScoreRefusedError, match=r"edited.csv:3: its target 'concrete'"):
        score(csv, "prolex-dev")


@pytest.mark.shared
@needs_data
def test_csv_rows_are_matched_by_target_and_sentence_not_position(tmp_path: Path) -> None:
    source = _VECTORS / "systems" / "dev-noisy.csv"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    shuffled = tmp_path / "shuffled.csv"
    shuffled.write_text(lines[0] + "".join(reversed(lines[1:])), encoding="utf-8")
    assert score(shuffled, "prolex-dev").metrics == score(source, "prolex-dev").metrics


@pytest.mark.shared
@needs_data
def test_the_soft_variant_is_refused_and_an_empty_cell_noted(tmp_path: Path) -> None:
    with pytest.raises(LexsubError, match="en_core_web_sm"):
        Scorer("prolex-dev", "prolex-soft")
    assert "not approximated" in SOFT
    ids = [i.id for i in load_dataset("prolex-dev", resolve_roots()).instances()]
    report = score({i: (["generally"] if i == "0" else []) for i in ids}, "prolex-dev",
                   warn=False)
    assert report.metrics["acc"]["P@10"] == 1.0  # `generally` is row 0's first gold
    assert report.notes and "67 rows" in report.notes[0]


@pytest.mark.shared
@needs_data
def test_contributions_sum_to_the_figures_and_pair(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_baselines.scoring import paired

    noisy, sparse = (_VECTORS / "systems" / f"dev-{k}.csv" for k in ("noisy", "sparse"))
    scorer = _scorer("dev")
    report = scorer.score(noisy, warn=False)
    figures = scorer.contributions(noisy).figures()
    assert figures == {f"{a} {n}": v for a, m in report.metrics.items() for n, v in m.items()}
    test = paired(noisy, scorer, [sparse], resamples=200).comparisons[0].test
    assert test.measure("acc F1@10").a == report.metrics["acc"]["F1@10"]
    monkeypatch.chdir(tmp_path)  # no results/ here: --compare shows the file alone, noted
    assert main(["score", str(noisy), "prolex-dev", "--compare"]) == 0
    captured = capsys.readouterr()
    assert "prolex-dev — ProLex (evaluate.py)" in captured.out and "dev-noisy.csv" in captured.out
    assert "results/scores.json" in captured.err


@pytest.mark.shared
@needs_data
def test_cli_json_and_python_give_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    system = _VECTORS / "systems" / "dev-sparse.csv"
    assert main(["score", str(system), "prolex-dev", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["metrics"]) == ["acc", "prof"]
    assert list(data["metrics"]["acc"])[:4] == ["P@10", "R@10", "F1@10", "P@5"]
    assert data["metrics"] == score(system, "prolex-dev", warn=False).metrics
    assert data["signature"].startswith("prolex|profile:prolex-hard-f54ba0f|gold:prolex-dev#")
    assert main(["score", str(system), "prolex-dev"]) == 0
    text = capsys.readouterr().out
    assert "acc  @10" in text and "prof @1 " in text
