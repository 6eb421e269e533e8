"""Melamud et al. (2015) measures against a naive reading of the formulas; the skip-gram stage."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexsub_baselines.builds import STAGES
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.distributional.embeddings import (
    SKIPGRAM,
    Embeddings,
    build_embeddings,
    embeddings_path,
    load_embeddings,
)
from lexsub_baselines.rankers.embedding import MEASURES, UNKNOWN, EmbeddingRanker, measure_scores
from lexsub_baselines.substitutes.candidates import Candidate

cosines = st.floats(min_value=-0.999, max_value=1.0, allow_nan=False)  # pcos > 0: no clipping


def naive(measure: str, target: float, contexts: list[float]) -> float:
    """The paper's formulas, term by term (pcos = (cos + 1) / 2)."""
    n = len(contexts)
    pcos = [(c + 1) / 2 for c in contexts]
    if measure == "add":
        return (target + sum(contexts)) / (n + 1)
    if measure == "baladd":
        return (n * target + sum(contexts)) / (2 * n)
    if measure == "mult":
        return (((target + 1) / 2) * math.prod(pcos)) ** (1 / (n + 1))
    return (((target + 1) / 2) ** n * math.prod(pcos)) ** (1 / (2 * n))


@given(cosines, st.lists(cosines, min_size=1, max_size=8))
def test_measures_match_the_formulas(target: float, contexts: list[float]) -> None:
    for measure in MEASURES:
        got = measure_scores(measure, np.array([target]), np.array([contexts]))[0]
        assert got == pytest.approx(naive(measure, target, contexts), abs=1e-9)


def test_edge_cases_and_unknown_measure() -> None:
    no_context = np.zeros((2, 0))
    target = np.array([0.5, -0.5])
    assert list(measure_scores("baladd", target, no_context)) == [0.5, -0.5]
    assert list(measure_scores("balmult", target, no_context)) == pytest.approx([0.75, 0.25])
    assert list(measure_scores("add", None, np.array([[0.2, 0.4]]))) == pytest.approx([0.3])
    assert list(measure_scores("mult", None, no_context)) == [0.0, 0.0]
    with pytest.raises(LexsubError, match="unknown embedding measure 'sum'"):
        measure_scores("sum", target, no_context)
    with pytest.raises(LexsubError, match="unknown embedding measure 'sum'"):
        EmbeddingRanker("sum", lambda: _model())


def _unit(*values: float) -> list[float]:
    norm = math.sqrt(sum(v * v for v in values))
    return [v / norm for v in values]


def _model() -> Embeddings:
    words = ("bright", "shiny", "clever", "light", "sun", "exam")
    word_vectors = [_unit(1, 0, 0), _unit(1, 0.2, 0), _unit(0.6, 0, 1), _unit(0, 1, 0),
                    _unit(0, 1, 0.1), _unit(0, 0, 1)]
    context_vectors = [_unit(1, 0, 0), _unit(1, 0, 0), _unit(0, 0, 1), _unit(1, 0.1, 0),
                       _unit(1, 0.3, 0), _unit(0, 0, 1)]
    return Embeddings(words, np.array([word_vectors, context_vectors], dtype=np.float32))


def test_ranker_reads_the_context_and_puts_unknown_substitutes_last() -> None:
    sunny = Instance("1", "bright.a", "bright", "a", ("the", "sun", "is", "bright"), 3)
    exam = Instance("2", "bright.a", "bright", "a", ("a", "bright", "exam"), 1)
    candidates = [Candidate("clever"), Candidate("not known"), Candidate("shiny")]
    ranker = EmbeddingRanker("baladd", _model, window=2)
    assert ranker.context_words(sunny) == ["sun"]
    assert [c.lemma for c in ranker.rank(sunny, candidates)] == ["shiny", "clever", "not known"]
    assert [c.lemma for c in ranker.rank(exam, candidates)] == ["clever", "shiny", "not known"]
    assert ranker.rank(exam, candidates)[-1].score == UNKNOWN
    lost = Instance("3", "zzz.a", "zzz", "a", ("zzz", "exam"), 0)  # unknown target
    assert ranker.rank(lost, candidates)[0].lemma == "clever"


TINY = replace(SKIPGRAM, corpora=("tiny",), max_tokens=None, vector_size=8, window=2,
               min_count=2, epochs=3, seed=5)


def _corpus() -> list[str]:
    return [f"the {a} {n} shines and the {a} {n} glows" for a in ("bright", "shiny", "vivid")
            for n in ("lamp", "star", "sun")] * 40


def test_stage_is_registered_and_training_is_byte_identical(tmp_path: Path) -> None:
    assert "embeddings" in STAGES
    first = Roots(shared=tmp_path, data=tmp_path, cache=tmp_path / "one")
    second = Roots(shared=tmp_path, data=tmp_path, cache=tmp_path / "two")
    with pytest.raises(MissingResourceError, match="lexsub build embeddings"):
        load_embeddings(first, TINY)
    build_embeddings(first, TINY, _corpus(), progress=False)
    build_embeddings(second, TINY, _corpus(), progress=False)
    one, two = embeddings_path(first, TINY), embeddings_path(second, TINY)
    assert one.read_bytes() == two.read_bytes()
    assert one.with_suffix(".vocab").read_bytes() == two.with_suffix(".vocab").read_bytes()
    model = load_embeddings(first, TINY)
    assert model.vectors.shape == (2, len(model.words), 8)
    assert np.linalg.norm(model.vectors[1], axis=1) == pytest.approx(1.0, abs=1e-5)
    assert not np.allclose(model.vectors[0], model.vectors[1])  # context vectors of their own
    with pytest.raises(ValueError, match="skip-gram"):
        build_embeddings(first, replace(TINY, sg=0), _corpus(), progress=False)
