"""The WordNet generator's four criteria as tiers, on a fake WordNet and on real data."""

from __future__ import annotations

import pytest
from wordnet_fakes import FakeWordNet

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.base import CandidateGenerator
from lexsub_baselines.generators.wordnet import WITH_ALSO_SEE, WordNetGenerator


def instance(lemma: str, pos: str) -> Instance:
    return Instance(id="1", lexelt=f"{lemma}.{pos}", lemma=lemma, pos=pos,
                    tokens=("a", lemma, "b"), target_index=1)


def test_tiers_for_adjectives_follow_the_criteria() -> None:
    generator = WordNetGenerator(FakeWordNet())
    assert isinstance(generator, CandidateGenerator)
    got = [(c.lemma, c.tier) for c in generator.generate(instance("bright", "a"))]
    assert got == [
        ("bright", 1),                                   # first synset
        ("glowing", 2), ("aglow", 2),                    # its similar-to
        ("bright", 3), ("brilliant", 3), ("vivid", 3),   # the other synsets
        ("colorful", 4),                                 # their similar-to (satellite -> head)
    ]
    wide = WordNetGenerator(FakeWordNet(), related_classes=WITH_ALSO_SEE)
    assert [c.lemma for c in wide.generate(instance("bright", "a")) if c.tier == 2] == [
        "glowing", "aglow", "light"]                     # similar-to, then also-see
    first = generator.generate(instance("bright", "a"))[1]
    assert dict(first.provenance) == {"synset": "glowing.s.01", "relation": "similar",
                                      "via": "bright.a.01"}


def test_tiers_for_nouns_use_hypernyms_and_multiwords_keep_spaces() -> None:
    got = [(c.lemma, c.tier) for c in WordNetGenerator(FakeWordNet()).generate(
        instance("film", "n"))]
    assert got == [("film", 1), ("movie", 1), ("picture show", 1), ("show", 2),
                   ("film", 3), ("photographic film", 3), ("material", 4), ("stuff", 4)]


def test_adverbs_take_the_source_adjective_and_max_tier_cuts() -> None:
    generator = WordNetGenerator(FakeWordNet(), max_tier=2)
    got = [(c.lemma, c.tier) for c in generator.generate(instance("brightly", "r"))]
    assert got == [("brightly", 1), ("brilliantly", 1), ("bright", 2), ("brilliant", 2)]


def test_unknown_lemma_or_pos_gives_nothing() -> None:
    generator = WordNetGenerator(FakeWordNet())
    assert generator.generate(instance("qwzxv", "n")) == []
    assert generator.generate(instance("bright", "x")) == []
    assert generator.generate(instance("bright", "")) == []


@pytest.mark.needs("wordnet")
def test_registered_generator_on_real_wordnet(shared: Roots) -> None:
    from lexsub_baselines.catalog import GENERATORS
    from lexsub_baselines.resources.wordnet_nltk import DEBIAN_WORDNET_DIR

    if not (DEBIAN_WORDNET_DIR / "data.noun").is_file():
        pytest.skip("Debian WordNet not installed (run `make setup`)")
    generator = GENERATORS.get("wordnet")(shared)
    candidates = generator.generate(instance("bright", "a"))
    tiers = [c.tier for c in candidates]
    assert tiers == sorted(tiers) and set(tiers) == {1, 2, 3, 4}
    assert [c.lemma for c in candidates if c.tier == 1] == ["bright"]
    assert "brilliant" in [c.lemma for c in candidates if c.tier == 3]
    film = generator.generate(instance("film", "n"))
    assert [c.lemma for c in film if c.tier == 1] == ["movie", "film", "picture",
                                                      "moving picture", "moving-picture show",
                                                      "motion picture", "motion-picture show",
                                                      "picture show", "pic", "flick"]
