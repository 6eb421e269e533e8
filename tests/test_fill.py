"""The fill step (`+fill`): lists brought to 10 from a backoff chain, pools ranked for GAP."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from lexsub_baselines.catalog import check_system_name, system_needs
from lexsub_baselines.core.errors import UnknownNameError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.frequent import FrequentGenerator
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.rankers.identity import IdentityRanker
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.systems.base import ComposedSystem
from lexsub_baselines.systems.fill import (
    FILL_POLICIES,
    FilledSystem,
    FillPolicy,
    GoldPoolError,
)
from lexsub_baselines.tables.lexsubgen import lexsubgen_overview, lexsubgen_table


@dataclass(frozen=True)
class Words:
    """A generator proposing fixed words (the target's own lemma and a repeat among them)."""

    words: tuple[str, ...]
    name: str = "words"

    def generate(self, instance: Instance) -> list[Candidate]:
        return [Candidate(w) for w in self.words]


@dataclass(frozen=True)
class Fixed:
    """A ranker scoring words from a table (0 for a word it does not know); `by_tier`: tier
    first, as WordNet's baseline ranks."""

    table: tuple[tuple[str, float], ...]
    by_tier: bool = False
    name: str = "fixed"

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        scores = dict(self.table)
        return order_by_score([c.scored(scores.get(c.lemma, 0.0)) for c in candidates],
                              self.by_tier)


BRIGHT = Instance("1", "bright.a", "bright", "a", ("a", "bright", "star"), 1)
POLICY = FillPolicy("fill.test", ("one", "two"))


def filled(inner: ComposedSystem, *chain: tuple[str, ...]) -> FilledSystem:
    return FilledSystem(inner, POLICY, lambda: [Words(words) for words in chain])


def test_a_short_list_is_brought_to_10_after_the_systems_own() -> None:
    ranker = Fixed((("smart", 0.9), ("keen", 0.8), ("vivid", 0.1), ("w1", 5.0), ("w9", 6.0)))
    inner = ComposedSystem("toy", Words(("clever", "smart", "bright")), ranker)
    system = filled(inner, ("bright", "smart", "vivid", "keen", "vivid"),
                    tuple(f"w{i}" for i in range(20)))
    answers = system.answer(BRIGHT)
    lemmas = [lemma for lemma, _ in answers.ranked]
    assert len(lemmas) == 10 and answers.oot == tuple(lemmas)
    assert lemmas[:2] == ["smart", "clever"]  # the system's own list first, its order kept
    # added: no target, no repeat, sources in order until 10 (w6 on never reached), then
    # ranked by the system's ranker (which ignores the sources' tiers)
    assert lemmas[2:] == ["w1", "keen", "vivid", "w0", "w2", "w3", "w4", "w5"]
    assert "bright" not in lemmas and "w9" not in lemmas
    assert system.name == "toy+fill" and answers.best == ("smart",)


def test_an_exhausted_chain_leaves_the_list_short() -> None:
    system = filled(ComposedSystem("toy", Words(("a",)), IdentityRanker()), ("b", "c"), ("c",))
    assert [lemma for lemma, _ in system.answer(BRIGHT).ranked] == ["a", "b", "c"]
    full = Answers(("x",), tuple("abcdefghij"), None, tuple((w, None) for w in "abcdefghij"))
    assert system.fill(BRIGHT, full) is full  # a list of 10 is left alone


@pytest.mark.parametrize("source", ["data/lst-candidates/lst.gold.candidates",
                                    "coinco/coinco.no_problematic.candidates",
                                    "pool:coinco"])
def test_a_chain_naming_a_gold_derived_pool_is_refused(source: str) -> None:
    with pytest.raises(GoldPoolError, match=r"gold-derived candidate pool .* leaks the answer"):
        FillPolicy("fill.bad", ("dist:lin", source))


def test_fill_names_parse_and_carry_the_chains_needs() -> None:
    check_system_name("wordnet+fill")
    check_system_name("roget+lm+fill")
    with pytest.raises(UnknownNameError):
        check_system_name("nope+fill")
    assert {"relations", "neighbours", "word2vec", "corpus-counts"} <= set(
        system_needs("wordnet+fill"))
    assert FILL_POLICIES.get("fill").label == "fill.v2[wordnet>dist:lin>word2vec>frequent]@10"


def test_the_frequent_step_finishes_a_list_no_other_source_knows() -> None:
    """The chain's last source gives the PoS's most frequent words (lower-case, alphabetic,
    ties by lemma): a target unknown to every other source still gets its 10."""
    counts = {(f"w{chr(97 + i)}x", "a"): float(i % 4) for i in range(26)}
    counts |= {("Chile", "a"): 99.0, ("x-ray", "a"): 98.0, ("u", "a"): 97.0,
               ("many", "a"): 50.0, ("run", "v"): 60.0}
    generator = FrequentGenerator(counts, size=12)
    chilean = Instance("9", "chilean.a", "chilean", "a", ("a", "chilean", "wine"), 1)
    words = [c.lemma for c in generator.generate(chilean)]
    assert words[:4] == ["many", "wdx", "whx", "wlx"] and len(words) == 12
    answers = FilledSystem(ComposedSystem("none", Words(()), IdentityRanker()),
                           POLICY, lambda: [Words(("many",)), generator]).answer(chilean)
    assert [lemma for lemma, _ in answers.ranked] == [
        "many", "wdx", "whx", "wlx", "wpx", "wtx", "wxx", "wcx", "wgx", "wkx"]
    assert generator.generate(Instance("1", "x.?", "x", "?", ("x",), 0)) == []


def _fixture(root: Path) -> Path:
    """A LexSubGen data folder of three instances on two lemmas."""
    folder = root / "lsg"
    folder.mkdir()
    (folder / "gold").write_text("bright.a 1 :: clever 3;smart 2;shining 1\n"
                                 "bright.a 2 :: vivid 1\nrun.v 3 :: go 2;dash 1\n")
    (folder / "sentences").write_text("bright.a\t1\t1\ta bright star\n"
                                      "bright.a\t2\t1\ta bright red\nrun.v\t3\t0\trun home\n")
    (folder / "candidates").write_text("bright.a::vivid;shining;smart;clever\n"
                                       "run.v::operate;go;dash\n")
    return folder


def test_pool_gap_equals_the_hand_computed_gap(tmp_path: Path) -> None:
    folder = _fixture(tmp_path)
    ranker = Fixed((("smart", 0.9), ("vivid", 0.8), ("clever", 0.7), ("shining", 0.1),
                    ("dash", 0.6), ("go", 0.5), ("operate", 0.4)))
    system = filled(ComposedSystem("toy", Words(("smart",)), ranker), ("vivid",))
    scorer = LexSubGenScorer(folder, "lexsubgen-padded")
    instances = {"1": BRIGHT, "2": Instance("2", "bright.a", "bright", "a", ("a", "bright"), 1),
                 "3": Instance("3", "run.v", "run", "v", ("run", "home"), 0)}
    result = {}
    for item in scorer.data.instances:
        entries, how = system.pool_entries(instances[item.id], item.candidates,
                                           system.answer(instances[item.id]))
        assert how == "ranker"
        result[item.id] = entries
    assert [w for w, _ in result["1"]] == ["smart", "vivid", "clever", "shining"]
    # by hand: id 1 weights in rank order 2,0,3,1: (2/1 + 5/3 + 6/4) / (3/1 + 5/2 + 6/3);
    # id 2: (1/2) / 1; id 3 (dash, go, operate): (1/1 + 3/2) / (2/1 + 3/2)
    hand = ((2 + 5 / 3 + 6 / 4) / 7.5 + 0.5 + 2.5 / 3.5) / 3
    metrics = scorer.score(result, warn=False).metrics
    assert metrics["gap"] == pytest.approx(100 * hand)
    assert metrics["gap_normalized"] == pytest.approx(100 * hand)


def test_without_a_scoring_ranker_the_pool_follows_the_list_then_the_backoff() -> None:
    system = filled(ComposedSystem("toy", Words(("smart",)), IdentityRanker()),
                    ("shining", "vivid"))
    entries, how = system.pool_entries(BRIGHT, ("clever", "shining", "smart", "vivid", "bright"),
                                       Answers(("smart",), ("smart",), None, (("smart", 0.0),)))
    assert how == "backoff"
    assert [w for w, _ in entries] == ["smart", "shining", "vivid", "clever"]  # no target
    assert [s for _, s in entries] == [-0.0, -1.0, -2.0, -3.0]


def _row(gap: float, profile: str, made: str) -> dict[str, object]:
    return {"lexsubgen": {"profile": profile, "gap_made": made, "metrics": {
        "gap_normalized": gap, "prec@1": 30.0, "prec@3": 20.0, "rec@10": 18.0}}}


def test_a_filled_row_is_ranked_among_the_published_rows() -> None:
    scores = {d: {"wordnet": _row(60.0, "lexsubgen-padded", "list"),
                  "wordnet+fill": _row(50.6, "lexsubgen", "pool")}
              for d in ("semeval2007-all", "coinco-all")}
    overview = lexsubgen_overview(scores)
    assert overview is not None
    names = [row[0] for row in overview.rows]
    at = names.index("wordnet+fill")
    assert names[at - 1:at + 2] == ["C2V+embs", "wordnet+fill", "BERT"]  # 50.73 > 50.6 > 50.5
    assert names[-1] == "wordnet (padded)"  # padded: after every exact row, GAP 60 or not
    assert at not in overview.muted and names.index("BERT") in overview.muted
    assert overview.rows[at][1] == "pool" and overview.rows[-1][1] == "list"
    table = lexsubgen_table("coinco-all", scores["coinco-all"], {})
    assert table is not None
    names = [row[0] for row in table.rows]
    assert names.index("C2V+embs") < names.index("wordnet+fill") < names.index("BERT")
    assert names[-1] == "wordnet" and table.rows[-1][1:3] == ("padded", "list")



@dataclass(frozen=True)
class Tiered:
    """A generator proposing (word, tier) pairs in order."""

    pairs: tuple[tuple[str, int], ...]
    name: str = "tiered"

    def generate(self, instance: Instance) -> list[Candidate]:
        return [Candidate(w, tier) for w, tier in self.pairs]


def test_a_tiered_ranker_ranks_the_pool_its_own_tiers_first() -> None:
    inner = ComposedSystem("toy", Tiered((("a", 2), ("b", 3), ("a", 4))),
                           Fixed((("c", 9.0), ("a", 1.0)), by_tier=True))
    system = filled(inner, ("c",))
    entries, how = system.pool_entries(BRIGHT, ("a", "b", "c"), system.answer(BRIGHT))
    # a keeps its earliest tier (2); c, which the generator did not propose, comes after
    # its tiers whatever its score
    assert how == "ranker" and [w for w, _ in entries] == ["a", "b", "c"]
