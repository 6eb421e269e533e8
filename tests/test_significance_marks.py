"""tables.md's `‡`: which rows of ours differ significantly from our best, per figure.

A results folder is made of real files (scorer-vectors' SemEval-2007 test files and
tsar2022-vectors' English test files as rows), recorded as `lexsub baselines` records them
(`runs.store.write_record`, the hook `make baselines` goes through); its tables.md must mark
exactly the figures `lexsub score --paired` finds significantly different from the column's
best (p < 0.05), never the best, never a row whose file changed since runs.json vouched for
it; the outcome is kept in the cache and read back; `verify-tables` reads a marked figure.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.runs import significance_marks as marks_module
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.runs.significance_marks import significance_marks
from lexsub_baselines.runs.store import write_record
from lexsub_baselines.scoring import paired, score
from lexsub_baselines.tables.readme import check_readme
from lexsub_baselines.tables.significance import MARK

SHARED = resolve_roots().shared
VECTORS = SHARED / "scorer-vectors" / "systems"
TSAR = SHARED / "tsar2022-vectors" / "systems"
ROWS = {"semeval2007-test": ("best", ".best", {
    "clean": VECTORS / "s001_test_clean1.best", "hedge": VECTORS / "s000_test_hedge.best",
    "messy": VECTORS / "s006_test_messy.best", "variants": VECTORS / "s005_test_variants.best"}),
    "tsar2022-en-test": ("tsar2022", ".tsv", {
        "oracle": TSAR / "en-test-oracle.tsv", "reversed": TSAR / "en-test-reversed.tsv",
        "noisy": TSAR / "en-test-noisy.tsv"})}

pytestmark = pytest.mark.skipif(not VECTORS.is_dir() or not TSAR.is_dir(),
                                reason="the shared scorer and TSAR vectors are absent")


@pytest.fixture()
def roots(tmp_path: Path) -> Roots:
    """The shared roots with a cache of this test's own."""
    return replace(resolve_roots(), cache=tmp_path / "cache")


def record(out: Path) -> tuple[dict[str, Any], RunsFile]:
    """Copy the rows' files into `out` and return their scores and runs.json record."""
    scores: dict[str, Any] = {}
    runs = RunsFile()
    for dataset, (kind, suffix, systems) in ROWS.items():
        (out / dataset).mkdir(parents=True, exist_ok=True)
        for system, source in systems.items():
            target = out / dataset / f"{system}{suffix}"
            shutil.copyfile(source, target)
            runs.runs.setdefault(dataset, {})[system] = {
                "files": {kind: f"{dataset}/{target.name}"},
                "sha256": {kind: file_sha256(target)}}
            scored = score(target, dataset, kind if kind == "best" else None, warn=False)
            scores.setdefault(dataset, {})[system] = {kind: scored.to_json()}
    return scores, runs


def table_rows(tables: str, title: str) -> dict[str, list[str]]:
    """Return system -> cells of the markdown table under `### title`."""
    lines = tables.split(f"### {title}\n", 1)[1].splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("| system"))
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`").split("`")[0]] = cells
    return rows


def test_the_tables_mark_what_paired_finds_and_never_the_best(tmp_path: Path,
                                                               roots: Roots) -> None:
    out = tmp_path / "results"
    scores, runs = record(out)
    tables = write_record(out, scores, runs, {}, {}, roots)
    assert f"`{MARK}` after a figure of ours" in tables and "1,000 resamples, seed 0" in tables
    best = table_rows(tables, "semeval2007-test — best")
    files = ROWS["semeval2007-test"][2]
    for column, measure in ((2, "recall"), (4, "mode_recall")):
        values = {system: float(cells[column].rstrip(MARK)) for system, cells in best.items()}
        top = max(values, key=lambda system: values[system])
        assert not best[top][column].endswith(MARK)
        for system, cells in best.items():
            if system == top:
                continue
            test = paired(files[top], "semeval2007-test", [files[system]])
            p = test.comparisons[0].test.measure(measure).p
            assert cells[column].endswith(MARK) == (p < 0.05), (system, measure, p)
    assert any(cell.endswith(MARK) for cells in best.values() for cell in cells)
    assert any(not cell.endswith(MARK) for name, cells in best.items() if name != "clean"
               for cell in cells[1:5])  # some gap is not significant: variants' Mode R
    tsar = table_rows(tables, "tsar2022-en-test — TSAR-2022 lexical simplification")
    assert tsar["noisy"][2].endswith(MARK) and not tsar["oracle"][2].endswith(MARK)
    assert not tsar["reversed"][2].endswith(MARK)  # tied with the oracle on ACC@1
    assert tsar["reversed"][3].endswith(MARK)  # ACC@1@Top1: the oracle's first is the top


def test_the_outcome_is_kept_and_a_changed_file_is_not_tested(
        tmp_path: Path, roots: Roots, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "results"
    scores, runs = record(out)
    first = significance_marks(out, scores, runs, roots)
    assert first.differ and (roots.cache / "significance").is_dir()

    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("tested again")

    monkeypatch.setattr(marks_module, "paired_test", fail)
    assert significance_marks(out, scores, runs, roots) == first  # read back from the cache
    monkeypatch.undo()
    (out / "semeval2007-test" / "hedge.best").write_text("side.n 301 :: team\n")
    changed = significance_marks(out, scores, runs, roots)
    assert not {d for d in changed.differ if d[2] == "hedge"}
    assert {d for d in first.differ if d[2] == "hedge"}
    assert {d for d in changed.differ if d[2] != "hedge"} == {
        d for d in first.differ if d[2] != "hedge"}


def test_verify_tables_reads_a_marked_figure() -> None:
    readme = ("| system | best R | paper | Δ |\n|---|---|---|---|\n"
              f"| `wordnet` | 10.49{MARK} | 9.95 | +0.54 |\n")
    scores = {"semeval2007-test": {"wordnet": {"best": {"all": {"recall": 10.49}}}}}
    check = check_readme(readme, scores)
    assert check.equal and check.figures == 1
