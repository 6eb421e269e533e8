"""The mw baseline: WordNet multiwords containing the target within 2 words of it."""

from __future__ import annotations

import pytest
from wordnet_fakes import FakeWordNet

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.multiword import MultiwordBaseline, normalise_token


def instance(lemma: str, pos: str, sentence: str, target: int) -> Instance:
    return Instance("7", f"{lemma}.{pos}", lemma, pos, tuple(sentence.split()), target)


def test_inflected_target_matches_its_lemma_and_is_a_system() -> None:
    baseline = MultiwordBaseline(FakeWordNet())
    assert isinstance(baseline, System) and baseline.kinds == ("mw",)
    answers = baseline.answer(instance("take", "v", "The plane took off. at noon", 2))
    assert answers.mw == "take off"
    assert answers.for_kind("mw") == ("take off",)


def test_window_and_contiguity() -> None:
    baseline = MultiwordBaseline(FakeWordNet(), same_pos=False)
    # `bright as a new penny` needs 4 words after the target: outside a window of 2
    assert baseline.detect(instance("bright", "a", "as bright as a new penny", 1)) is None
    wide = MultiwordBaseline(FakeWordNet(), window=4, same_pos=False)
    found = wide.detect(instance("bright", "a", "as bright as a new penny", 1))
    assert found is not None and found.multiword == "bright as a new penny"
    # words must be consecutive tokens
    assert baseline.detect(instance("take", "v", "took the plane off", 0)) is None
    assert baseline.answer(instance("take", "v", "nothing here", 0)).mw is None


def test_same_pos_filter_and_longest_first() -> None:
    any_pos = MultiwordBaseline(FakeWordNet(), same_pos=False)
    same_pos = MultiwordBaseline(FakeWordNet())
    films = instance("film", "n", "a big film star today", 2)
    found = any_pos.detect(films)
    assert found is not None and found.multiword == "film star"  # no synset in FakeWordNet
    assert same_pos.detect(films) is None
    matches = any_pos.matches(instance("take", "v", "take a hike", 0))
    assert [m.multiword for m in matches] == ["take a hike"]
    assert (matches[0].start, matches[0].end) == (0, 3)


def test_target_outside_tokens_is_harmless() -> None:
    broken = Instance("1", "take.v", "take", "v", ("x",), 5)
    assert MultiwordBaseline(FakeWordNet()).answer(broken).mw is None
    assert normalise_token("(Off.)") == "off"


@pytest.mark.needs("wordnet")
def test_registered_mw_on_real_wordnet(shared: Roots) -> None:
    from lexsub_baselines.catalog import SYSTEMS
    baseline = SYSTEMS.get("mw")(shared)
    assert baseline.answer(instance("take", "v", "the plane took off at noon", 2)).mw == (
        "take off")
    assert baseline.answer(instance("side", "n", "on the flip side , he", 3)).mw == "flip side"
