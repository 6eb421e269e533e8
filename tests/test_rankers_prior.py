"""`cmlc:prior`: the tier and frequency priors on top of a context ranker, and their tuning."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

from lexsub_baselines.catalog import GENERATORS, frequency_source
from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.rankers.cmlc import zscores
from lexsub_baselines.rankers.frequency import FrequencyRanker
from lexsub_baselines.rankers.prior import (
    PRIOR_FILE,
    PriorRanker,
    PriorWeights,
    read_prior,
    tune_prior,
)
from lexsub_baselines.rankers.tuning import GridItem, grid_search
from lexsub_baselines.substitutes.candidates import Candidate, dedupe, without_target

INSTANCE = Instance("1", "bright.a", "bright", "a", ("a", "bright", "day"), 1)


class _Fixed:
    """A context ranker with fixed scores."""

    def __init__(self, table: Mapping[str, float]) -> None:
        self.table = dict(table)

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        return [self.table[c.lemma] for c in candidates]


COUNTS = {"vivid": 1000.0, "shining": 10.0, "glowing": 100.0, "brilliant": -1.0}
CANDIDATES = [Candidate("vivid", 3), Candidate("shining", 1), Candidate("glowing", 2),
              Candidate("brilliant", 1)]
INNER = _Fixed({"vivid": 0.5, "shining": 0.0, "glowing": 1.0, "brilliant": 0.2})


def _ranker(weights: PriorWeights) -> PriorRanker:
    return PriorRanker(INNER, lambda lemma, pos: COUNTS[lemma], weights)


def test_scores_match_the_formula_by_hand() -> None:
    weights = PriorWeights(tier=0.5, frequency=2.0)
    logs = [math.log1p(1000), math.log1p(10), math.log1p(100), 0.0]  # unknown (-1) counts 0
    mean = sum(logs) / 4
    sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / 4)
    inner, tiers = [0.5, 0.0, 1.0, 0.2], [3, 1, 2, 1]
    expected = [i + 2.0 * (x - mean) / sd - 0.5 * t for i, x, t in
                zip(inner, logs, tiers, strict=True)]
    assert _ranker(weights).scores(INSTANCE, CANDIDATES) == pytest.approx(expected)


def test_zero_weights_keep_the_inner_order_and_large_weights_take_over() -> None:
    def order(weights: PriorWeights) -> list[str]:
        return [c.lemma for c in _ranker(weights).rank(INSTANCE, CANDIDATES)]

    assert order(PriorWeights()) == ["glowing", "vivid", "brilliant", "shining"]
    assert order(PriorWeights(tier=100.0)) == ["brilliant", "shining", "glowing", "vivid"]
    assert order(PriorWeights(frequency=100.0)) == ["vivid", "glowing", "shining", "brilliant"]
    ranked = _ranker(PriorWeights(1.0, 1.0)).rank(INSTANCE, CANDIDATES)
    assert sorted(c.lemma for c in ranked) == sorted(c.lemma for c in CANDIDATES)  # none lost
    assert _ranker(PriorWeights(1.0, 1.0)).rank(INSTANCE, []) == []


def test_tuning_picks_the_best_and_earliest_point(tmp_path: Path) -> None:
    def top_is_shining(ranked: Mapping[str, list[Candidate]]) -> float:
        return float(sum(r[0].lemma == "shining" for r in ranked.values()))

    result = tune_prior(_ranker(PriorWeights()), [(INSTANCE, CANDIDATES)], top_is_shining)
    winners = [w for w, value in result.values if value == 1.0]
    assert winners and result.best == winners[0] and result.best_value == 1.0
    assert result.best.tier > 0  # only a tier prior can lift a tier-1, rare, low-context word
    path = tmp_path / "prior.json"
    result.write(path, generator="test")
    assert read_prior(path) == result.best
    assert json.loads(path.read_text(encoding="utf-8"))["tuned_on"] == "semeval2007-trial"
    path.write_text('{"tier": "x"}', encoding="utf-8")
    with pytest.raises(DataFormatError):
        read_prior(path)
    path.write_text('{"tier": NaN, "frequency": 1}', encoding="utf-8")
    with pytest.raises(DataFormatError):
        read_prior(path)
    assert read_prior(tmp_path / "absent.json") == PriorWeights()
    with pytest.raises(LexsubError):
        tune_prior(_ranker(PriorWeights()), [], top_is_shining)
    with pytest.raises(LexsubError):
        grid_search([], [GridItem("1", CANDIDATES, lambda p: np.zeros(4))], top_is_shining)


def test_the_checked_in_weights_were_tuned_on_trial() -> None:
    data = json.loads(PRIOR_FILE.read_text(encoding="utf-8"))
    assert data["tuned_on"] == "semeval2007-trial"
    assert read_prior() == PriorWeights(data["tier"], data["frequency"])
    assert data["value"] == max(data["grid"].values())


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_real_bnc_prior_on_real_trial_candidates(shared: Roots) -> None:
    """With the real BNC list and WordNet candidates, each prior alone orders as it should."""
    frequency = FrequencyRanker(frequency_source(shared, "bnc"))
    generator = GENERATORS.get("wordnet")(shared)
    instances = list(load_dataset("semeval2007-trial", shared).instances())[:40]
    flat = _Fixed({})
    checked = 0
    for instance in instances:
        candidates = dedupe(without_target(generator.generate(instance), instance.lemma))
        if len(candidates) < 2:
            continue
        flat.table = {c.lemma: 0.0 for c in candidates}
        by_tier = PriorRanker(flat, frequency.score, PriorWeights(tier=1.0))
        tiers = [c.tier for c in by_tier.rank(instance, candidates)]
        assert tiers == sorted(tiers)
        by_count = PriorRanker(flat, frequency.score, PriorWeights(frequency=1.0))
        counts = [max(frequency.score(c.lemma, instance.pos), 0.0)
                  for c in by_count.rank(instance, candidates)]
        assert counts == sorted(counts, reverse=True)
        logs = by_count.features(instance, candidates)[1]
        assert np.all(np.isfinite(zscores(logs)))
        checked += 1
    assert checked >= 20


def test_substitution_recall_is_the_official_recall_by_hand() -> None:
    """The tuning objective: the official recall, worked out by hand on a two-item gold."""
    from lexsub_baselines.datasets.types import GoldItem
    from lexsub_baselines.scoring import substitution_recall

    gold = {"1": GoldItem("1", "side.n", (("team", 3), ("party", 1)), ("team 3", "party 1")),
            "2": GoldItem("2", "bright.a", (("clever", 2), ("smart", 1)),
                          ("clever 2", "smart 1"))}
    # best: item 1 (3 + 1) / 4 / 2 answers = 0.5, item 2 unanswered: 0.5 / 2 items
    assert substitution_recall({"1": ["team", "party"]}, gold, "best") == 25.00
    # oot: item 1 (3 + 1) / 4 = 1, item 2 1/3 (not divided by the answers): 1.3333 / 2
    assert substitution_recall({"1": ["team", "party"], "2": ["smart", "x"]}, gold,
                               "oot") == 66.67
    with pytest.raises(LexsubError, match="not mw"):
        substitution_recall({"1": ["team"]}, gold, "mw")
