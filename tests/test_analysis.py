"""The analyses on a tiny made-up dataset: tables, overlap, comparisons, voting.

The paired significance tests the report runs are the scorer's: tests/test_significance.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tiny_corpus import sample_manifest

from lexsub_baselines.analysis.breakdown import pos_table, subset_table
from lexsub_baselines.analysis.compare import correlation_matrix, disruptive_sets
from lexsub_baselines.analysis.headline import read_scores
from lexsub_baselines.analysis.inputs import (
    discover_runs,
    item_scores,
    load_evaluation,
    unrecorded_files,
)
from lexsub_baselines.analysis.overlap import overlap_rows, overlap_table
from lexsub_baselines.analysis.voting import VotingSystem, vote, vote_answers
from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.registry import DATASETS
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.manifest import MANIFEST_ENV
from lexsub_baselines.scoring import answers_from_mapping
from lexsub_baselines.substitutes.answers import Answers

GOLD = """\
bright.a 1 :: clever 3;smart 1;
bright.a 2 :: shining 2;luminous 1;
bright.a 3 :: shining 1;vivid 1;clever 1;
side.n 4 :: team 4;faction 1;
side.n 5 :: edge 2;border 2;
side.n 6 :: team 2;ice cream 1;
"""
BEST = {
    "sysA": "bright.a 1 :: clever\nbright.a 2 :: shining\nbright.a 3 :: shining\n"
            "side.n 4 :: team\nside.n 6 :: team\n",
    "sysB": "bright.a 1 :: smart\nbright.a 2 :: vivid\nside.n 4 :: faction\nside.n 5 :: edge\n",
}


@pytest.fixture()
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Roots]:
    """A data root with semeval2007-trial's layout (gold only, made up: its manifest says
    so) and a results folder."""
    data = tmp_path / "data"
    (data / "semeval2007" / "trial").mkdir(parents=True)
    (data / "semeval2007" / "trial" / "gold.trial").write_text(GOLD)
    monkeypatch.setenv(MANIFEST_ENV, str(sample_manifest(data, tmp_path / "manifest.json")))
    out = tmp_path / "results" / "semeval2007-trial"
    out.mkdir(parents=True)
    records = {}
    for system, text in BEST.items():
        (out / f"{system}.best").write_text(text)
        (out / f"{system}.oot").write_text(text.replace(" :: ", " ::: "))
        records[system] = {"files": {kind: f"semeval2007-trial/{system}.{kind}"
                                     for kind in ("best", "oot")},
                           "sha256": {kind: file_sha256(out / f"{system}.{kind}")
                                      for kind in ("best", "oot")}, "settings": "s"}
    (tmp_path / "results" / "runs.json").write_text(json.dumps(
        {"format": 3, "settings": {"s": {}}, "runs": {"semeval2007-trial": records}}))
    return tmp_path / "results", Roots(tmp_path, data, tmp_path / "cache")


def test_discover_finds_systems_and_kinds(results: tuple[Path, Roots]) -> None:
    runs = discover_runs(results[0])
    assert list(runs) == ["semeval2007-trial"]
    assert sorted(runs["semeval2007-trial"]) == ["sysA", "sysB"]
    assert set(runs["semeval2007-trial"]["sysA"]) == {"best", "oot"}


def test_discover_leaves_out_what_the_runner_did_not_score(results: tuple[Path, Roots]) -> None:
    folder = results[0]
    (folder / "semeval2007-trial" / "dict-wiktionary.best").write_text("bright.a 1 :: listo\n")
    runs = json.loads((folder / "runs.json").read_text())
    runs["runs"]["semeval2007-trial"]["dict:wiktionary"] = {
        "scored": False, "files": {"best": "semeval2007-trial/dict-wiktionary.best"}}
    (folder / "runs.json").write_text(json.dumps(runs))
    assert list(discover_runs(folder)["semeval2007-trial"]) == ["sysA", "sysB"]
    assert unrecorded_files(folder) == []  # recorded, only not analysed: not "unrecorded"


def test_files_no_record_vouches_for_are_left_out_and_listed(results: tuple[Path, Roots]
                                                             ) -> None:
    folder = results[0]
    stale = folder / "semeval2007-trial" / "sysC.best"  # lexsub run, by hand, or dropped
    stale.write_text("bright.a 1 :: clever\n")
    assert "sysC" not in discover_runs(folder)["semeval2007-trial"]
    assert unrecorded_files(folder) == [stale]
    (folder / "runs.json").unlink()  # nothing recorded: nothing analysed
    assert discover_runs(folder) == {}
    assert len(unrecorded_files(folder)) == 5


def test_item_scores_follow_the_official_credit(results: tuple[Path, Roots]) -> None:
    evaluation = load_evaluation(*results[:1], "semeval2007-trial", results[1])
    scores = item_scores(evaluation, "sysA", "best")
    assert scores.credit["1"] == pytest.approx(3 / 4)
    assert scores.normalised["1"] == pytest.approx(1.0)  # the mode is the best possible answer
    assert scores.credit["5"] == 0.0 and "5" not in scores.attempted


def test_pos_table_has_normalised_recall(results: tuple[Path, Roots]) -> None:
    evaluation = load_evaluation(results[0], "semeval2007-trial", results[1])
    table = pos_table(evaluation, "best")
    rows = {(r[0], r[1]): r for r in table.rows}
    # sysA on nouns: items 4 (team 4/5, UB 4/5) and 6 (team 2/3, UB 2/3); item 5 unanswered
    n_row = rows[("sysA", "n")]
    assert n_row[2] == 3
    assert n_row[8] == pytest.approx(100 * (1 + 1 + 0) / 3)
    assert ("sysB", "a") in rows and subset_table(evaluation, "best").rows


def test_overlap_counts_types_per_lexelt(results: tuple[Path, Roots]) -> None:
    evaluation = load_evaluation(results[0], "semeval2007-trial", results[1])
    rows, lexelts, items = overlap_rows(evaluation)
    assert (lexelts, items) == (2, 6)
    a, b = rows
    # sysA: bright {clever, shining}, side {team}: all in GU -> (2 + 1) / 2
    assert a.type_overlap == pytest.approx(1.5) and a.subs == pytest.approx(1.5)
    # sysB: bright {smart, vivid}, side {faction, edge}: all in GU, none found by sysA
    assert b.type_overlap == pytest.approx(2.0) and b.type_overlap_uniq == pytest.approx(2.0)
    # sysA's modes in its SU: items 1 (clever), 2 (shining), 4 and 6 (team; `ice cream` is
    # dropped as a multiword, leaving team 2 as the mode): every first guess is right
    assert (a.disamb_sys, a.disamb_sys_items) == (1.0, 4)
    assert b.disamb_sys_items == 0 and a.disamb_all is None


def test_an_overlap_column_with_no_figure_is_left_out_and_said(results: tuple[Path, Roots]
                                                                 ) -> None:
    evaluation = load_evaluation(results[0], "semeval2007-trial", results[1])
    table = overlap_table(evaluation)  # no mode is in both systems' first guesses
    assert "Disamb All %" not in table.header and "Disamb Sys %" in table.header
    assert "Disamb All is left out" in table.note
    for column in range(len(table.header)):
        assert any(row[column] is not None for row in table.rows), table.header[column]
    alone = overlap_table(evaluation.with_systems(["sysA"]))  # one system: All = Sys
    assert "Disamb All %" in alone.header


def test_subset_of_items_and_systems_needs_no_special_case(results: tuple[Path, Roots]) -> None:
    evaluation = load_evaluation(results[0], "semeval2007-trial", results[1], systems=["sysB"],
                                 ids={"1", "2", "3"})
    assert evaluation.systems == ["sysB"] and evaluation.gold().total == 3
    assert [r[1] for r in pos_table(evaluation, "oot").rows] == ["all", "a"]
    with pytest.raises(LexsubError, match="no answers for sysC"):
        load_evaluation(results[0], "semeval2007-trial", results[1], systems=["sysC"])


def test_correlation_and_disruptive_sets(results: tuple[Path, Roots]) -> None:
    evaluation = load_evaluation(results[0], "semeval2007-trial", results[1])
    systems, matrix = correlation_matrix(evaluation)
    assert systems == ["sysA", "sysB"] and matrix[0, 0] == 1.0
    assert -1.0 <= matrix[0, 1] <= 1.0 and matrix[0, 1] == matrix[1, 0]
    result = disruptive_sets(evaluation, ["sysA"], ["sysB"])
    assert set(result.points) == {"bright.a", "side.n"}
    assert sum(result.counts().values()) == 2
    x, y = result.points["bright.a"]
    assert 0 <= y < x <= 10


def test_vote_splits_one_credit_per_system() -> None:
    assert vote([["a"], ["b"], ["a", "c"]], "best") == ("a",)
    assert vote([["a", "b"], ["b", "c"]], "best") == ("b",)
    assert vote([["a"], ["b"]], "best") == ("a", "b")  # ties all kept
    assert vote([[], []], "best") == ()
    assert len(vote([[str(i) for i in range(12)]], "oot")) == 10
    with pytest.raises(LexsubError):
        vote([["a"]], "mw")


def test_vote_answers_and_voting_system() -> None:
    a = answers_from_mapping({"1": ["x"], "2": ["y"]}, "best")
    b = answers_from_mapping({"1": ["x"], "3": ["z"]}, "best")
    assert vote_answers({"a": a, "b": b}, "best") == {"1": ("x",), "2": ("y",), "3": ("z",)}
    with pytest.raises(LexsubError, match="at least two"):
        vote_answers({"a": a}, "best")

    class Fixed:
        kinds = ("best", "oot")

        def __init__(self, name: str, best: tuple[str, ...]) -> None:
            self.name = name
            self.best = best

        def answer(self, instance: Instance) -> Answers:
            return Answers(best=self.best, oot=self.best)

    system = VotingSystem("vote", (Fixed("p", ("u",)), Fixed("q", ("v", "u"))))
    answers = system.answer(Instance("1", "a.n", "a", "n", ("a",), 0))
    assert answers.best == ("u",) and answers.oot == ("u", "v")


def test_coinco_datasets_are_registered() -> None:
    from lexsub_baselines.datasets.catalog import dataset_names

    names = dataset_names()
    assert {"coinco-dev", "coinco-test", "coinco-all"} <= set(names)
    assert DATASETS.get("coinco-dev").format == "coinco"


def test_read_scores_reads_every_kind_and_refuses_a_malformed_block(tmp_path: Path) -> None:
    """The blocks `lexsub baselines` writes (SemEval `all`, SWORDS and LexSubGen `metrics`)
    and a kind of another version holding either are read; a block without its scores is one
    message naming the file, the row and the block it lacks."""
    path = tmp_path / "scores.json"
    rows = {"semeval2007-test": {"wordnet": {"best": {"all": {}}, "oot": {"all": {}}},
                                 "mw": {"mw": {"all": {}}}},
            "swords-test": {"wordnet": {"lsr": {"metrics": {}, "gap": {}}}},
            "coinco-all": {"wordnet": {"lexsubgen": {"metrics": {"prec@1": 1.0}}}},
            "tsar2022-test": {"wordnet": {"tsar": {"metrics": {}}}}}
    path.write_text(json.dumps(rows), encoding="utf-8")
    assert read_scores(path) == rows
    for block, lacks in (({"lexsubgen": {"all": {}}}, "`metrics`"),
                         ({"best": {"metrics": {}}}, "`all`"),
                         ({"lsr": {}}, "`metrics`"),
                         ({"tsar": [1]}, "`all` or `metrics`")):
        path.write_text(json.dumps({"coinco-all": {"wordnet": block}}), encoding="utf-8")
        with pytest.raises(LexsubError, match=f"^{path}: coinco-all/wordnet/{next(iter(block))}"
                           f": no {lacks} block of scores; re-run `make baselines`"):
            read_scores(path)
