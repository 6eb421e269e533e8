"""Inflection of candidate lemmas into the target's surface form (lemminflect)."""

from __future__ import annotations

import pytest

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.rankers.inflection import (
    Inflector,
    TargetForm,
    apply_case,
    inflect,
    target_form,
)


def _instance(tokens: str, index: int, lemma: str, pos: str) -> Instance:
    return Instance("1", f"{lemma}.{pos}", lemma, pos, tuple(tokens.split()), index)


@pytest.mark.parametrize(("tokens", "index", "lemma", "pos", "tag"), [
    ("what Yoda told him", 2, "tell", "v", "VBD"),
    ("he had told him", 2, "tell", "v", "VBN"),        # auxiliary before: participle
    ("she tells the story", 1, "tell", "v", "VBZ"),
    ("was cleaning the blood", 1, "clean", "v", "VBG"),
    ("in light winds today", 2, "wind", "n", "NNS"),
    ("the ruder the better", 1, "rude", "a", "JJR"),
    ("the heaviest of all", 1, "heavy", "a", "JJS"),
    ("a bright boy", 1, "bright", "a", "JJ"),
    ("sheep graze", 0, "sheep", "n", "NN"),            # form = lemma: the base tag wins
    ("a glorp here", 1, "glorp", "n", "NN"),          # unknown word equal to its lemma
])
def test_target_tag(tokens: str, index: int, lemma: str, pos: str, tag: str) -> None:
    assert target_form(_instance(tokens, index, lemma, pos)).tag == tag


def test_unmatched_form_and_bad_index_give_no_tag() -> None:
    assert target_form(_instance("a xyzzy here", 1, "bright", "a")).tag is None
    bad = Instance("1", "side.n", "side", "n", ("a", "side"), 5)
    assert target_form(bad) == TargetForm(pos="n", tag=None, case="lower")
    assert Inflector(bad)("team") == "team"  # unknown form: the lemma unchanged


@pytest.mark.parametrize(("lemma", "tag", "pos", "expected"), [
    ("say", "VBD", "v", "said"),
    ("take off", "VBD", "v", "took off"),             # verbs: the first word
    ("side effect", "NNS", "n", "side effects"),      # nouns: the last word
    ("team", "NNS", "n", "teams"),
    ("smart", "JJR", "a", "smarter"),
    ("intelligent", "JJR", "a", "more intelligent"),  # no synthetic comparative in the lexicon
    ("intelligent", "JJS", "a", "most intelligent"),
    ("well known", "JJR", "a", "well known"),         # multiword adjective keeps its lemma
    ("inform", "VBG", "v", "informing"),
    ("say", "VB", "v", "say"),
])
def test_inflect(lemma: str, tag: str, pos: str, expected: str) -> None:
    assert inflect(lemma, TargetForm(pos=pos, tag=tag, case="lower")) == expected


def test_case_is_copied() -> None:
    assert apply_case("light up", "title") == "Light up"
    assert apply_case("gentle", "upper") == "GENTLE"
    assert inflect("gust", TargetForm(pos="n", tag="NNS", case="title")) == "Gusts"
    assert inflect("", TargetForm(pos="n", tag="NNS", case="title")) == ""


@pytest.mark.shared
@pytest.mark.parametrize(("instance_id", "lemma", "expected"), [
    ("311", "say", "said"),          # "... or what Yoda told him ." (past tense)
    ("360", "breeze", "breezes"),    # "upon the winds of life" (plural)
    ("998", "bright", "brighter"),   # "On to a lighter note" (comparative)
    ("636", "large", "largest"),     # "the heaviest of the" (superlative)
    ("381", "tidy", "tidying"),      # "I could have been cleaning out closets"
    ("1648", "hard", "Harder"),      # "Stiffer penalties" (sentence-initial comparative)
    ("1810", "alter", "ALTERING"),   # "CHANGING YOUR DETAILS"
])
def test_real_test_items(shared: Roots, instance_id: str, lemma: str, expected: str) -> None:
    instances = {i.id: i for i in load_dataset("semeval2007-test", shared).instances()}
    assert Inflector(instances[instance_id])(lemma) == expected


@pytest.mark.shared
def test_every_test_target_gets_a_tag(shared: Roots) -> None:
    instances = load_dataset("semeval2007-test", shared).instances()
    untagged = [i.id for i in instances if target_form(i).tag is None]
    assert untagged == []
