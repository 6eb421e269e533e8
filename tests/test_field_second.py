"""The second wave of released outputs: ParaLS and ConCat, read from real files and rescored.

ParaLS's equalities: its CoInCo test-part answers under our official scorer give every
figure and count its released `score.pl` outputs print (18.19 / 40.35 best, 50.33 / 76.74
oot, Total 10011 attempted 10010, duplicates on 29 lines); its ranked lists give the P@1 and
P@3 its own evaluation wrote, to the bit; on ProLex dev and test, the ProLex authors' own
route (inner merge, then evaluate.py by position) gives our figures, every one, and shifts
where a row is missing, which our scorer refuses. ConCat: every row matched (300 LS07 trial
instances, 370 SWORDS dev targets).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.core.errors import ScoreRefusedError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_concat import match_rows, read_concat
from lexsub_baselines.datasets.field_outputs import FIELD_OUTPUTS, field_file, field_output
from lexsub_baselines.datasets.field_parals import (
    read_own_score,
    read_processed,
    read_ranked,
    read_score_pl,
)
from lexsub_baselines.runs.field_runs import released_rows
from lexsub_baselines.scoring import score
from lexsub_baselines.scoring.prolex import ProlexScorer
from lexsub_baselines.scoring.prolex.route import RouteError, route_metrics

pytestmark = pytest.mark.shared


def _file(output_id: str, shared: Roots) -> Path:
    return field_file(field_output(output_id), shared)


def test_the_parals_readers_on_the_released_files(shared: Roots) -> None:
    oot = read_score_pl(_file("field-parals-coinco-scores-oot", shared))
    assert (oot.total, oot.attempted, oot.precision, oot.mode_recall, oot.duplicate_lines) == (
        10011, 10010, 50.33, 76.74, 29)
    best = read_score_pl(_file("field-parals-coinco-scores-best", shared))
    assert (best.recall, best.mode_precision, best.duplicate_lines) == (18.19, 40.35, 0)
    own = read_own_score(_file("field-parals-coinco-scores-p3", shared))
    assert (own.gold, own.evaluated, own.ignored) == (10027, 10027, 0)
    ranked = read_ranked(_file("field-parals-coinco-p3", shared))
    assert ranked["free.J 8137"] == ("exempt", "clean", "meatless") and len(ranked) == 10027
    processed = read_processed(_file("field-parals-prolex-test-processed", shared))
    assert len(processed) == 680 and processed[0].target == "charming.N"
    assert processed[0].tokens[processed[0].index] == "charming"


def test_parals_on_coinco_test_equals_its_released_score_files(shared: Roots,
                                                               tmp_path: Path) -> None:
    [(dataset, record, kinds)] = released_rows(field_output("field-parals-coinco-best"),
                                               tmp_path, shared)
    assert dataset == "coinco-test" and record["instances"] == 10027
    for kind, (recall, mode) in (("best", (18.19, 40.35)), ("oot", (50.33, 76.74))):
        block = kinds[kind]["all"]
        assert (block["total"], block["attempted"], block["recall"], block["mode_recall"]) == (
            10011, 10010, recall, mode)
    released = kinds["best"]["released"]
    assert released["published"]["differs"] == [] and released["duplicate_lines"] == 29
    for k, value in (("P@1", 0.6333898474119877), ("P@3", 0.4803696685615505)):
        assert released["own"][k]["value"] == released["own"][k]["published"] == value


@pytest.mark.parametrize("split", ["dev", "test"])
def test_parals_on_prolex_equals_the_authors_route(shared: Roots, tmp_path: Path,
                                                   split: str) -> None:
    [(_, _, kinds)] = released_rows(field_output(f"field-parals-prolex-{split}"), tmp_path,
                                    shared)
    row = kinds["prolex"]
    assert row["released"]["route"]["equal"] is True
    oot = _file(f"field-parals-prolex-{split}", shared)
    processed = [p.row for p in read_processed(
        _file(f"field-parals-prolex-{split}-processed", shared))]
    rows = ProlexScorer(f"prolex-{split}", roots=shared).rows
    lines = oot.read_text(encoding="utf-8").splitlines()
    assert route_metrics(processed, lines, rows) == row["metrics"]
    # row 3 missing and row 10 twice: the route pairs rows 4-10 with the gold of rows 3-9
    # (other figures, no warning) ...
    shifted = route_metrics(processed, lines[:3] + lines[4:] + lines[10:11], rows)
    assert shifted != row["metrics"]
    with pytest.raises(RouteError, match="iloc"):
        route_metrics(processed, lines[:3] + lines[4:], rows)
    # ... where ours refuses, naming the row
    short = tmp_path / "short.oot"
    short.write_text("\n".join(lines[:3] + lines[4:]) + "\n", encoding="utf-8")
    with pytest.raises(ScoreRefusedError, match="row 3 of the benchmark"):
        score(short, f"prolex-{split}", roots=shared)


def test_concat_rows_match_every_instance(shared: Roots, tmp_path: Path) -> None:
    for output in (o for o in FIELD_OUTPUTS if o.kind == "concat"):
        rows = read_concat(field_file(output, shared))
        instances = load_dataset(output.dataset, shared).instances()
        matching = match_rows(rows, instances)
        assert len(matching.pairs) == len(instances) == len(rows) and not matching.unmatched
        assert len(rows) == (300 if output.dataset == "semeval2007-trial" else 370)
    [(_, record, kinds)] = released_rows(field_output("field-concat-ls07"), tmp_path, shared)
    assert record["released"]["matched"] == 300 and set(kinds) == {"best", "oot"}
    best = (tmp_path / record["files"]["best"]).read_text(encoding="utf-8").splitlines()
    assert best[0].startswith("bright.a 1 :: ") and "bright" not in best[0].split("::")[1]
    assert 0 < kinds["best"]["all"]["recall"] < kinds["oot"]["all"]["recall"] < 100


def test_a_misaligned_concat_row_is_left_unmatched(shared: Roots) -> None:
    rows = read_concat(_file("field-concat-ls07", shared))
    instances = load_dataset("semeval2007-trial", shared).instances()
    wrong = [type(rows[0])(rows[0].line, rows[0].sentence, "dim", rows[0].substitutes),
             *rows[1:]]
    matching = match_rows(wrong, instances)
    assert matching.unmatched == (rows[0].line,) and len(matching.pairs) == 299
