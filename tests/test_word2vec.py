"""word2vec: tokeniser, byte-identical cached training on a tiny corpus, PoS-filtered generator."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.distributional.word2vec import (
    Word2VecGenerator,
    Word2VecSettings,
    build_word2vec,
    load_word2vec,
    tokenise,
    train_word2vec,
)
from lexsub_baselines.generators.base import CandidateGenerator

TINY = Word2VecSettings(corpora=("tiny",), max_tokens=None, vector_size=16, window=3,
                        min_count=2, epochs=10, seed=7, workers=1)

ADJECTIVES = ["bright", "shiny", "vivid", "brilliant", "radiant"]
NOUNS = ["lamp", "lights", "candles", "torch", "lantern"]
VERBS = ["see", "watch", "notice", "observe"]


def corpus(paragraphs: int = 1500) -> list[str]:
    """Return a synthetic corpus: adjectives, nouns (some plural) and verbs in fixed slots."""
    rng = random.Random(3)
    return [f"I {rng.choice(VERBS)} the {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} "
            f"and you {rng.choice(VERBS)} a {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} today."
            for _ in range(paragraphs)]


def roots_at(path: Path) -> Roots:
    return Roots(shared=path / "shared", data=path / "data", cache=path / "cache")


def instance(lemma: str, pos: str) -> Instance:
    return Instance("1", f"{lemma}.{pos}", lemma, pos, (lemma,), 0)


def test_tokenise() -> None:
    assert tokenise("The Bright-eyed child’s 2 LIGHTS, (formula) x2.") == [
        "the", "bright-eyed", "child's", "lights", "formula", "x"]
    assert tokenise("") == []


def test_training_is_byte_identical_and_cached(tmp_path: Path) -> None:
    first = roots_at(tmp_path / "one")
    second = roots_at(tmp_path / "two")
    with pytest.raises(MissingResourceError, match="lexsub build word2vec"):
        load_word2vec(first, TINY)
    build_word2vec(first, TINY, corpus(), progress=False)
    build_word2vec(second, TINY, corpus(), progress=False)
    (a,) = (first.cache / "word2vec").glob("w2v-*.bin")
    (b,) = (second.cache / "word2vec").glob("w2v-*.bin")
    assert a.name == b.name
    assert a.read_bytes() == b.read_bytes()
    assert (a.parent / (a.name + ".sha256")).is_file()
    assert not list((first.cache / "word2vec").glob(".w2v-tokens-*"))  # temp corpus removed

    def untouched() -> Iterator[str]:
        raise AssertionError("retrained although the model is cached")
        yield ""

    assert build_word2vec(first, TINY, untouched()) == a
    assert "bright" in load_word2vec(first, TINY).key_to_index
    other = Word2VecSettings(**{**TINY.__dict__, "seed": 8})
    assert other.key(first) != TINY.key(first)


def test_generator_keeps_the_target_pos(tmp_path: Path) -> None:
    vectors = train_word2vec(corpus(), TINY, workdir=tmp_path)
    generator = Word2VecGenerator(vectors, k=4)
    assert isinstance(generator, CandidateGenerator)
    adjectives = generator.generate(instance("bright", "a"))
    assert [c.lemma for c in adjectives]
    assert set(c.lemma for c in adjectives) <= set(ADJECTIVES) - {"bright"}
    scores = [c.score or 0.0 for c in adjectives]
    assert scores == sorted(scores, reverse=True)
    assert dict(adjectives[0].provenance)["model"] == "word2vec"
    # "lamp"'s noun neighbours come back as lemmas: "lights" -> light, "candles" -> candle
    nouns = [c.lemma for c in generator.generate(instance("lamp", "n"))]
    assert nouns and set(nouns) <= {"light", "candle", "torch", "lantern"}
    # a lemma seen only inflected is looked up by its inflection ("candles" for candle)
    assert "lamp" in [c.lemma for c in Word2VecGenerator(vectors, k=10).generate(
        instance("candle", "n"))]
    assert generator.generate(instance("unseen", "n")) == []
    assert generator.generate(instance("bright", "x")) == []


def test_lazy_vectors_and_too_small_corpus(tmp_path: Path) -> None:
    calls: list[int] = []

    def load() -> object:
        calls.append(1)
        return train_word2vec(corpus(200), TINY, workdir=tmp_path)

    generator = Word2VecGenerator(load)
    assert calls == []
    generator.generate(instance("bright", "a"))
    generator.generate(instance("lamp", "n"))
    assert calls == [1]
    with pytest.raises(LexsubError, match="min_count"):
        train_word2vec(["one two three"], TINY, workdir=tmp_path)
