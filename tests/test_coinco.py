"""CoInCo as a registered dataset, and the candidate-ranking evaluation (GAP, P@k)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from lexsub_baselines.analysis.candidates import (
    RandomRanker,
    RankingRun,
    evaluate_ranking,
    pool_file,
    pool_for,
    rank_dataset,
    read_pools,
    read_ranked,
    resolve_ranker,
    write_ranked,
)
from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.datasets.coinco import coinco_lexelt, read_coinco_gold, read_coinco_instances
from lexsub_baselines.datasets.types import GoldItem, Instance
from lexsub_baselines.scoring import score
from lexsub_baselines.substitutes.candidates import Candidate


def test_tags_are_mapped_and_spaced_lemmas_joined() -> None:
    assert coinco_lexelt("special.J") == ("special.a", "special", "a")
    assert coinco_lexelt("more.R") == ("more.r", "more", "r")
    assert coinco_lexelt("e commerce.J") == ("e_commerce.a", "e commerce", "a")
    assert coinco_lexelt("bright.a") == ("bright.a", "bright", "a")
    assert coinco_lexelt(".") is None and coinco_lexelt("x.Q") is None


def test_readers_on_a_tiny_file(tmp_path: Path) -> None:
    pre = tmp_path / "x.preprocessed"
    pre.write_bytes(b"mission.N\t4\t1\ta mission to end a war\n"
                    b"e commerce.J\t125\t2\tzone for e-commerce\n")
    gold = tmp_path / "x.gold"
    gold.write_bytes(b"mission.N 4 :: task 2;plan 1;\n"
                     b"e commerce.J 125 :: e trade 2;web 1;\n"
                     b"cent.N 9 :: penny 2;\xa2 1;\n")
    instances = read_coinco_instances(pre.read_bytes(), str(pre))
    assert [(i.id, i.lexelt, i.lemma, i.target) for i in instances] == [
        ("4", "mission.n", "mission", "mission"),
        ("125", "e_commerce.a", "e commerce", "e-commerce")]
    with pytest.warns(UserWarning, match="Latin-1"):
        items = read_coinco_gold(gold.read_bytes(), str(gold))
    assert items["125"].entries == (("e trade", 2), ("web", 1))
    assert items["9"].entries[1] == ("¢", 1)
    bad = tmp_path / "bad.preprocessed"
    bad.write_text("mission.N 4 1 no tabs\n")
    with pytest.raises(DataFormatError, match=r"bad\.preprocessed:1"):
        read_coinco_instances(bad.read_bytes(), str(bad))


@pytest.mark.shared
def test_coinco_splits_and_scoring(shared: Roots) -> None:
    dev, test = load_dataset("coinco-dev", shared), load_dataset("coinco-test", shared)
    if not dev.has("instances"):
        pytest.skip("CoInCo files not under the data root")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # one Latin-1 line in the gold (tested above)
        dev_gold = dev.gold()
        test_gold = test.gold()
    assert (len(dev.instances()), len(test.instances())) == (5388, 10027)
    assert len(dev_gold) == 5388 and not set(dev_gold) & set(test_gold)
    first = {i.id: i for i in dev.instances()}
    answers = {i: [g.entries[0][0]] for i, g in list(dev_gold.items())[:200]}
    report = score(answers, dev_gold, "best", by_pos=True, warn=False)
    assert set(report.by_pos or {}) == {"n", "v", "a", "r"}
    assert report.main.attempted == 200  # type: ignore[union-attr]
    assert all(first[i].pos in "nvar" for i in answers)


def test_pools_and_pool_lookup(tmp_path: Path) -> None:
    path = tmp_path / "pools"
    path.write_text("bar.n::pub;counter;bar\nmake.V::do;create\n.::.\n\n")
    with pytest.warns(UserWarning, match="pools:3"):
        pools = read_pools(path)
    assert pools == {"bar.n": ("pub", "counter", "bar"), "make.v": ("do", "create")}
    trial_bar = Instance("7", "bar.n.v", "bar", "v", ("bar",), 0)  # second tag is the PoS
    assert pool_for(trial_bar, pools) == ("pub", "counter", "bar")
    assert pool_for(Instance("8", "x.n", "x", "n", ("x",), 0), pools) is None
    (tmp_path / "empty").write_text("nothing here\n")
    with pytest.raises(DataFormatError), pytest.warns(UserWarning):
        read_pools(tmp_path / "empty")


def test_random_ranker_is_seeded_per_instance() -> None:
    candidates = [Candidate(c) for c in "abcdefgh"]
    one = Instance("1", "a.n", "a", "n", ("a",), 0)
    first = [c.lemma for c in RandomRanker(5).rank(one, candidates)]
    assert first == [c.lemma for c in RandomRanker(5).rank(one, candidates)]
    assert sorted(first) == list("abcdefgh")
    assert first != [c.lemma for c in RandomRanker(6).rank(one, candidates)]
    with pytest.raises(LexsubError, match="seed"):
        resolve_ranker("random:x", Roots(Path("."), Path("."), Path(".")))


def test_evaluate_ranking_gap_and_at_k(tmp_path: Path) -> None:
    run = RankingRun("r", "d", {"1": ("b", "a", "x"), "2": ("x", "y"), "3": ("q",)},
                     {"1": "w.n", "2": "w.n", "3": "w.n"}, no_pool=1, seconds=0.0)
    gold = {"1": GoldItem("1", "w.n", (("a", 3), ("b", 1))),
            "2": GoldItem("2", "w.n", (("ice cream", 2),))}
    scores = evaluate_ranking(run, gold, "no-space-hyphen")
    assert scores.gap.gap == pytest.approx(0.6)  # (1/1 + 4/2) / (3/1 + 4/2)
    assert (scores.gap.used, scores.gap.skipped, scores.no_gold, scores.no_pool) == (1, 1, 1, 1)
    labels = {a.label: a.value for a in scores.at}
    assert labels == {"P@1[macro]": 1.0, "P@3[macro]": pytest.approx(2 / 3),
                      "R@10[macro,gold]": 1.0}
    assert evaluate_ranking(run, gold, "none").gap.used == 2
    with pytest.raises(LexsubError, match="multiword filter"):
        evaluate_ranking(run, gold, "spaces")
    write_ranked(tmp_path / "r.ranked", run)
    assert read_ranked(tmp_path / "r.ranked", "r", "d").ranked == run.ranked


@pytest.mark.shared
def test_rank_semeval_trial_pools(shared: Roots) -> None:
    dataset = load_dataset("semeval2007-trial", shared)
    pools = read_pools(pool_file(dataset, shared))
    gold = dataset.gold()
    results = {}
    for name in ("identity", "random:0"):
        run = rank_dataset(resolve_ranker(name, shared), name, dataset, pools, progress=False)
        assert run.no_pool == 0 and len(run.ranked) == 300
        assert all(i.lemma not in run.ranked[i.id] for i in dataset.instances())
        results[name] = evaluate_ranking(run, gold)
    for scores in results.values():
        assert 0.15 < scores.gap.gap < 0.45 and scores.gap.used + scores.gap.skipped == 300
