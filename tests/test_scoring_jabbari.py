"""Jabbari et al. (2010) measures from the worked examples, and GAP / P@k by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring import score
from lexsub_baselines.scoring.jabbari import (
    best1_credit,
    coverage_item,
    normalised_best_credit,
    rank_score,
)
from lexsub_baselines.scoring.ranking import at_k, gap, mean_gap

H = {"G": 3, "M": 3, "S": 2, "J": 1, "Ch": 1}


def test_normalised_best_worked_examples() -> None:
    assert normalised_best_credit(["M"], H) == 1.0  # the original best gives 0.3
    assert normalised_best_credit(["S"], H) == pytest.approx(2 / 3)
    assert normalised_best_credit(["S", "X"], H) == pytest.approx(1 / 3)
    assert best1_credit(["S", "M"], H) == pytest.approx(2 / 3)
    assert normalised_best_credit([], H) == 0.0


@pytest.mark.parametrize(("answers", "expected"), [
    ("S Ch M J G X Y Z V", 0.87),
    ("X Y S Ch M Z J V G", 0.52),
    ("X Y Z V W G M S J Ch", 0.36),
    ("X Y Z V W G S J Ch", 0.28),
])
def test_rank_worked_examples(answers: str, expected: float) -> None:
    assert round(rank_score(answers.split(), H), 2) == expected


def test_rank_credits_a_repeated_substitute_once() -> None:
    assert rank_score(["G"] * 10, H) < rank_score(["G", "M"], H)


def test_coverage_worked_examples() -> None:
    everything = ["G", "M", "S", "J", "Ch", "X", "Y", "Z", "V", "W"]
    assert coverage_item(everything, H) == (pytest.approx(10 / 15), 1.0)
    assert coverage_item(["G", "S", "J", "X", "Y"], H) == (0.75, 0.6)
    precision, recall = coverage_item(["G", "S", "J", "X", "Y"], H, k=2)
    assert precision == pytest.approx(6 / 10) and recall == 0.6


def test_jabbari_block_in_the_report(tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text("a.n 1 :: G 3;M 3;S 2;J 1;Ch 1;\nb.n 2 :: x 2;y 1;\n")
    # `corrected`: the official entry regex drops one-character substitutes like "G".
    best = score(["a.n 1 :: S;X"], gold, "best", "corrected", measures=("jabbari",),
                 warn=False).to_json()
    assert best["jabbari"]["normalised_best"] == {"precision": 33.33, "recall": 16.67}
    assert best["jabbari"]["best1"] == {"precision": 66.67, "recall": 33.33}
    oot = score(["a.n 1 ::: G;S;J;X;Y"], gold, "oot", "corrected", measures=("jabbari",),
                warn=False).to_json()
    assert oot["jabbari"]["coverage"] == {"precision": 75.0, "recall": 30.0, "f": 42.86, "k": 1.0}
    with pytest.raises(LexsubError, match="unknown measure set"):
        score(["a.n 1 :: S"], gold, measures=("bleu",))


def test_gap_uses_the_sorted_gold_denominator() -> None:
    # x = (1, 3): (1/1 + 4/2) = 3 ; y sorted = (3, 1): (3/1 + 4/2) = 5
    assert gap(["b", "a"], {"a": 3, "b": 1}) == pytest.approx(0.6)
    assert gap(["a", "b"], {"b": 1, "a": 3}) == pytest.approx(1.0)
    # a wrong candidate first: x = (0, 3, 1): (3/2 + 4/3) / 5
    assert gap(["z", "a", "b"], {"a": 3, "b": 1}) == pytest.approx((1.5 + 4 / 3) / 5)
    assert gap(["a"], {}) is None


def test_mean_gap_names_its_filter_and_counts_skipped_items() -> None:
    items = [(["a"], {"a": 1.0, "ice-cream": 2.0}), (["x"], {"ice cream": 1.0})]
    none = mean_gap(items)
    assert (none.used, none.skipped) == (2, 0)
    filtered = mean_gap(items, "no-space-hyphen")
    assert (filtered.gap, filtered.used, filtered.skipped) == (1.0, 1, 1)
    assert filtered.label == "GAP[mw:no-space-hyphen]"
    assert mean_gap(items, "alpha").used == 1
    with pytest.raises(LexsubError, match="unknown multiword filter"):
        mean_gap(items, "nope")


def test_precision_and_recall_at_k_forms() -> None:
    items = [(["a", "x", "b"], {"a": 1.0, "b": 1.0, "c": 1.0}), (["y", "z", "w"], {"q": 1.0})]
    assert at_k(items, k=2).value == pytest.approx((1 / 2 + 0) / 2)
    micro = at_k(items, k=3, measure="R", form="micro")
    assert micro.value == pytest.approx(2 / 4) and micro.label == "R@3[micro,gold]"
    assert at_k(items, k=1, measure="R", denominator="min").value == pytest.approx(0.5)
    assert at_k(items, k=2, measure="R").value == pytest.approx((1 / 3 + 0) / 2)


def test_jabbari_by_pos_partitions_the_items() -> None:
    from lexsub_baselines.datasets.types import GoldItem
    from lexsub_baselines.scoring import score

    gold = {
        "1": GoldItem("1", "run.v", (("sprint", 2), ("jog", 1)), ("sprint 2", "jog 1")),
        "2": GoldItem("2", "game.n", (("match", 3),), ("match 3",)),
    }
    report = score({"1": ["jog", "sprint"], "2": ["x", "match"]}, gold, "oot", by_pos=True,
                   measures=("jabbari",), warn=False).to_json()
    by_pos = report["jabbari_by_pos"]
    assert set(by_pos) == {"n", "v"}
    assert by_pos["v"]["total"] == by_pos["n"]["total"] == 1
    # the overall rank measure is the mean of the two single-item PoS values
    overall = report["jabbari"]["rank"]["recall"]
    assert abs(overall - (by_pos["v"]["rank"]["recall"] + by_pos["n"]["rank"]["recall"]) / 2) < 0.02
