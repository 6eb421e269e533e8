"""A baseline end to end on ProLex (`lexsub baselines`): tagged by our parser, scored exactly.

The `wordnet` baseline of conftest's tiny run answers prolex-dev and -test; its predictions
are written in ProLex's own CSV format, scored by its evaluate.py reproduced, recorded in
scores.json and runs.json with the row's settings (the PoS from our parser), and shown in
tables.md. The pieces are checked by hand too: the tagger's tag chooses the reading, the
candidates take the target's form, an unanswered row keeps its line.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from tiny_corpus import TinyRun

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.runs.prolex_runs import ProlexTags, write_prolex_csv
from lexsub_baselines.substitutes.answers import Answers

pytestmark = pytest.mark.slow  # reads a whole tiny run (conftest's wordnet_run)


@pytest.fixture(scope="module")
def run(wordnet_run: TinyRun) -> Path:
    """The results of conftest's `wordnet_run`: the `wordnet` rows on ProLex."""
    return wordnet_run.out


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_prolex_rows_are_written_scored_recorded_and_shown(
        run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scores = json.loads((run / "scores.json").read_text(encoding="utf-8"))
    runs = json.loads((run / "runs.json").read_text(encoding="utf-8"))
    for dataset, size in (("prolex-dev", 68), ("prolex-test", 680)):
        path = run / dataset / "wordnet.csv"
        with path.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        assert len(rows) == size and list(rows[0]) == ["target word", "Sentence", "Substitutes"]
        assert "**" in rows[0]["Sentence"]  # the benchmark's own sentence, marks and all
        lists = [r["Substitutes"].split(", ") for r in rows if r["Substitutes"]]
        assert all(len(s) <= 10 and len(set(s)) == len(s) for s in lists)
        assert all(r["target word"] not in r["Substitutes"].split(", ") for r in rows)
        row = scores[dataset]["wordnet"]["prolex"]
        assert row["prolex"]["pos"] == "tagged" and row["prolex"]["tagger"].startswith(
            "parser ewt-")
        assert row["signature"].startswith(f"prolex|profile:prolex-hard-f54ba0f|gold:{dataset}#")
        assert runs["runs"][dataset]["wordnet"]["files"] == {"prolex": f"{dataset}/wordnet.csv"}
        capsys.readouterr()
        assert main(["score", str(path), dataset, "--format", "json"]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["metrics"] == row["metrics"]
        assert 0 < row["metrics"]["acc"]["R@10"] < 1
    tables = (run / "tables.md").read_text(encoding="utf-8")
    assert "### prolex-test — ProLex (evaluate.py), acc and prof" in tables
    assert "| `wordnet` |" in tables.split("### prolex-test")[1].split("###")[0]


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_the_tag_chooses_the_reading_and_the_form_follows_the_sentence(
        built_roots: Roots, tmp_path: Path) -> None:
    from lexsub_baselines.catalog import build_system
    from lexsub_baselines.runs.prolex_runs import answer_prolex

    dataset = load_dataset("prolex-dev", built_roots)
    ids = [i.id for i in dataset.instances()]
    target = {i.id: i for i in dataset.instances()}["5"]  # `defying`, a verb
    assert target.lemma == "defying"
    system = build_system("wordnet", built_roots)
    for tag, out in (("v", tmp_path / "v"), ("n", tmp_path / "n")):
        tags = ProlexTags("prolex-dev", "test", tuple((i, tag) for i in ids))
        record = answer_prolex(system, tags, out, built_roots, progress=False)
        with (out / record.files[0][1]).open(encoding="utf-8", newline="") as handle:
            row = list(csv.DictReader(handle))[5]
        found = row["Substitutes"].split(", ")
        if tag == "v":  # verb readings of `defy`, in the -ing form of the sentence
            assert found[0].endswith("ing")
    from lexsub_baselines.api import run as api_run
    from lexsub_baselines.scoring import score

    result = api_run("wordnet", "prolex-dev", out=tmp_path / "run", roots=built_roots,
                     progress=False)  # as `lexsub run wordnet prolex-dev`: the CSV, scored
    assert result.files["prolex"].name == "wordnet.csv"
    assert score(result.files["prolex"], "prolex-dev", roots=built_roots,
                 warn=False).metrics["acc"]["R@10"] > 0
    write_prolex_csv(tmp_path / "empty.csv", dataset, {"0": Answers(oot=("generally",))})
    lines = (tmp_path / "empty.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 69 and lines[1].endswith(",generally") and lines[2].endswith(",")
