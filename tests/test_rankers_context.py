"""The in-context rankers lm, bow and cmlc on real test instances with hand-made candidates.

The LM is a tiny real KenLM model (order 3, ~200k corpus tokens, built by lmplz in seconds);
the bag-of-words counts come from the same sample.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

from lexsub_baselines.core.errors import DataFormatError, LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs import kenlm_tools
from lexsub_baselines.lm.cooccurrence import CooccurrenceConfig, build_cooccurrences
from lexsub_baselines.lm.corpus_text import CorpusText, corpus_text
from lexsub_baselines.lm.model import LanguageModel, LMConfig, build_lm, load_lm
from lexsub_baselines.rankers.bow import BowModel, BowRanker
from lexsub_baselines.rankers.cmlc import CmlcRanker, combine, read_lambda, tune_lambda, zscores
from lexsub_baselines.rankers.lm import LMRanker
from lexsub_baselines.substitutes.candidates import Candidate

TINY = LMConfig(max_tokens=200_000, order=3, prune=(), memory="100M")


def _candidates(*lemmas: str) -> list[Candidate]:
    return [Candidate(lemma, tier=1 + i % 2) for i, lemma in enumerate(lemmas)]


# --- fixtures --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny_roots(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Roots:
    return Roots(shared=shared.shared, data=shared.data, cache=tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def tiny_lm(tiny_roots: Roots) -> LanguageModel:
    kenlm_tools.build_tools()
    build_lm(tiny_roots, TINY, progress=False)
    return load_lm(tiny_roots, TINY)


@pytest.fixture(scope="module")
def tiny_bow(tiny_roots: Roots) -> BowModel:
    text = corpus_text(tiny_roots, TINY.corpora, TINY.max_tokens, progress=False)
    counts = build_cooccurrences(text, tiny_roots.cache, CooccurrenceConfig(min_count=2),
                                 progress=False)
    return BowModel(counts)


@pytest.fixture(scope="module")
def test_items(shared: Roots) -> dict[str, Instance]:
    return {i.id: i for i in load_dataset("semeval2007-test", shared).instances()}


# --- lm --------------------------------------------------------------------------------

@pytest.mark.shared
@pytest.mark.slow
def test_lm_window_score_equals_sentence_score(tiny_lm: LanguageModel,
                                               test_items: dict[str, Instance]) -> None:
    """Scoring only the affected n-grams ranks exactly like whole-sentence probabilities."""
    ranker = LMRanker(tiny_lm, length_norm=False, inflect=False)
    for instance_id in ("311", "301", "343", "1810"):  # mid-sentence, initial, upper case
        instance = test_items[instance_id]
        candidates = _candidates("say", "inform", "reveal", "side effect", "qqqzx")
        window = ranker.scores(instance, candidates)
        full = []
        for c in candidates:
            tokens = list(instance.tokens)
            tokens[instance.target_index] = c.lemma
            full.append(tiny_lm.model.score(" ".join(tokens), bos=True, eos=True))
        differences = np.array(full) - np.array(window)
        assert np.allclose(differences, differences[0], atol=1e-3), instance_id


@pytest.mark.shared
@pytest.mark.slow
def test_lm_rank_contract(tiny_lm: LanguageModel, test_items: dict[str, Instance]) -> None:
    ranker = LMRanker(tiny_lm)
    instance = test_items["311"]  # "... what Yoda told him ."
    candidates = _candidates("say", "inform", "qqqzx", "", "let know", "say")
    ranked = ranker.rank(instance, candidates)
    assert sorted(c.lemma for c in ranked) == sorted(c.lemma for c in candidates)  # none dropped
    assert all(c.score is not None and np.isfinite(c.score) for c in ranked)
    scores = [c.score or 0.0 for c in ranked]
    assert scores == sorted(scores, reverse=True)
    assert ranked == ranker.rank(instance, candidates)  # deterministic
    assert ranked[-1].lemma == ""  # nothing to score: last
    says = [i for i, c in enumerate(ranked) if c.lemma == "say"]
    assert says[1] == says[0] + 1  # equal scores keep the generator's order (stable)
    assert ranker.rank(instance, []) == []


@pytest.mark.shared
@pytest.mark.slow
def test_lm_prefers_the_inflected_form(tiny_lm: LanguageModel,
                                       test_items: dict[str, Instance]) -> None:
    instance = test_items["311"]
    inflected = LMRanker(tiny_lm).scores(instance, _candidates("say"))[0]
    bare = LMRanker(tiny_lm, inflect=False).scores(instance, _candidates("say"))[0]
    assert inflected > bare  # "what Yoda said him" beats "what Yoda say him"


@pytest.mark.shared
@pytest.mark.slow
def test_lm_bad_target_index_falls_back(tiny_lm: LanguageModel) -> None:
    broken = Instance("x", "side.n", "side", "n", ("the", "side"), target_index=7)
    ranked = LMRanker(tiny_lm).rank(broken, _candidates("team", "qqqzx"))
    assert [c.lemma for c in ranked] == ["team", "qqqzx"]  # known word beats <unk>
    assert all(c.score is not None and np.isfinite(c.score) for c in ranked)


# --- bow -------------------------------------------------------------------------------

def test_cooccurrence_counts_exactly(tmp_path: Path) -> None:
    text_path = tmp_path / "text.txt"
    text_path.write_text("the cat sat on the mat .\nthe dog sat .\ncat dog\n", encoding="utf-8")
    text = CorpusText(text_path, ("tiny",), None, tokens=13, sentences=3)
    counts = build_cooccurrences(text, tmp_path, CooccurrenceConfig(window=2, min_count=1,
                                                                   stop_top=1))
    ids = counts.index()
    matrix = counts.matrix.toarray()
    assert counts.words[0] == "the" and not counts.context[ids["the"]]  # stopword
    assert not counts.context[ids["."]]  # punctuation is never context
    assert matrix[ids["cat"], ids["sat"]] == 1  # "cat sat" (distance 1)
    assert matrix[ids["sat"], ids["cat"]] == 1
    assert matrix[ids["sat"], ids["dog"]] == 1  # "dog sat"
    assert matrix[ids["cat"], ids["dog"]] == 1  # same sentence only: sentence 3
    assert matrix[ids["mat"], ids["sat"]] == 0  # distance 3 > window
    assert matrix[:, ids["the"]].sum() == 0
    again = build_cooccurrences(text, tmp_path, CooccurrenceConfig(window=2, min_count=1,
                                                                  stop_top=1))
    assert (again.matrix != counts.matrix).nnz == 0 and again.words == counts.words


@pytest.mark.shared
@pytest.mark.slow
def test_bow_rank_contract(tiny_bow: BowModel, test_items: dict[str, Instance]) -> None:
    ranker = BowRanker(tiny_bow)
    instance = test_items["357"]  # "In light winds ( under ..."
    candidates = _candidates("breeze", "gust", "qqqzx", "air current", "")
    ranked = ranker.rank(instance, candidates)
    assert sorted(c.lemma for c in ranked) == sorted(c.lemma for c in candidates)
    assert all(c.score is not None and np.isfinite(c.score) for c in ranked)
    unknown = next(c.score for c in ranked if c.lemma == "qqqzx")
    empty = next(c.score for c in ranked if c.lemma == "")
    assert unknown == empty  # no row: below every known candidate, ties in generator order
    assert [c.lemma for c in ranked][-2:] == ["qqqzx", ""]
    alone = ranker.scores(instance, _candidates("qqqzx", ""))
    assert alone[0] == alone[1] == tiny_bow.log_prob([], tiny_bow.context_ids(instance))
    broken = Instance("x", "wind.n", "wind", "n", ("winds",), target_index=3)
    assert [c.score for c in ranker.rank(broken, candidates)] == [0.0] * len(candidates)


@pytest.mark.shared
@pytest.mark.slow
def test_bow_prefers_candidates_seen_in_such_contexts(tiny_bow: BowModel) -> None:
    """A word's own typical context makes it more probable than unrelated words."""
    instance = Instance("x", "city.n", "city", "n",
                        ("the", "largest", "city", "in", "the", "state", ",", "with", "a",
                         "population", "of"),
                        target_index=2)
    scores = BowRanker(tiny_bow).scores(instance, _candidates("city", "music", "song"))
    assert scores[0] > max(scores[1:])


# --- cmlc ------------------------------------------------------------------------------

def test_zscores_and_combine() -> None:
    assert zscores([5.0]).tolist() == [0.0]
    assert zscores([2.0, 2.0]).tolist() == [0.0, 0.0]
    z = zscores([1.0, float("-inf"), 3.0])
    assert np.all(np.isfinite(z)) and z[1] == z.min()
    assert np.allclose(combine([1, 2, 3], [3, 2, 1], 1.0), zscores([1, 2, 3]))
    assert np.allclose(combine([1, 2, 3], [3, 2, 1], 0.0), zscores([3, 2, 1]))


class _Fixed:
    """A ranker stand-in with fixed scores per lemma."""

    def __init__(self, table: dict[str, float]) -> None:
        self.table = table

    def scores(self, instance: Instance, candidates: list[Candidate]) -> list[float]:
        return [self.table[c.lemma] for c in candidates]


def test_cmlc_interpolates_and_tunes(tmp_path: Path) -> None:
    lm = _Fixed({"a": 3.0, "b": 2.0, "c": 1.0})
    bow = _Fixed({"a": 1.0, "b": 2.0, "c": 30.0})
    instance = Instance("1", "x.n", "x", "n", ("x",), 0)
    candidates = _candidates("a", "b", "c")
    assert CmlcRanker(lm, bow, lam=1.0).rank(instance, candidates)[0].lemma == "a"
    assert CmlcRanker(lm, bow, lam=0.0).rank(instance, candidates)[0].lemma == "c"
    with pytest.raises(LexsubError):
        CmlcRanker(lm, bow, lam=1.5)

    def top_is_a(ranked: Mapping[str, list[Candidate]]) -> float:
        return float(sum(r[0].lemma == "a" for r in ranked.values()))

    result = tune_lambda(CmlcRanker(lm, bow, lam=0.5), [(instance, candidates)], top_is_a)
    best = min(lam for lam, value in result.values if value == 1.0)
    assert result.best_lambda == best and 0.0 < best <= 1.0 and result.best_value == 1.0
    path = tmp_path / "lambda.json"
    result.write(path, generator="test")
    assert read_lambda(path) == best
    path.write_text('{"lambda": 7}', encoding="utf-8")
    with pytest.raises(DataFormatError):
        read_lambda(path)
    assert read_lambda(tmp_path / "absent.json") == 0.5
    with pytest.raises(LexsubError):
        tune_lambda(CmlcRanker(lm, bow), [], top_is_a)


@pytest.mark.shared
@pytest.mark.slow
def test_cmlc_on_real_models(tiny_lm: LanguageModel, tiny_bow: BowModel,
                             test_items: dict[str, Instance]) -> None:
    ranker = CmlcRanker(LMRanker(tiny_lm), BowRanker(tiny_bow), lam=0.5)
    candidates = _candidates("breeze", "gust", "air current", "qqqzx")
    ranked = ranker.rank(test_items["357"], candidates)
    assert sorted(c.lemma for c in ranked) == sorted(c.lemma for c in candidates)
    assert all(c.score is not None and np.isfinite(c.score) for c in ranked)


def test_first_tier_prior_moves_tier_one_ahead_and_keeps_inner_order() -> None:
    from lexsub_baselines.datasets.types import Instance
    from lexsub_baselines.rankers.identity import IdentityRanker
    from lexsub_baselines.rankers.tier_prior import FirstTierPrior
    from lexsub_baselines.substitutes.candidates import Candidate

    instance = Instance("1", "bright.a", "bright", "a", ("a", "bright", "day"), 1)
    candidates = [Candidate("vivid", 3, score=9.0), Candidate("shining", 1, score=5.0),
                  Candidate("glowing", 2, score=7.0), Candidate("brilliant", 1, score=1.0)]
    prior = FirstTierPrior(IdentityRanker(), "identity")
    assert prior.name == "identity:tier1-first"
    ranked = prior.rank(instance, candidates)
    assert [c.lemma for c in ranked] == ["shining", "brilliant", "vivid", "glowing"]
    assert sorted(c.lemma for c in ranked) == sorted(c.lemma for c in candidates)  # none lost
    wider = FirstTierPrior(IdentityRanker(), "identity", tiers=2).rank(instance, candidates)
    assert [c.lemma for c in wider] == ["shining", "glowing", "brilliant", "vivid"]
