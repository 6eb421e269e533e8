"""Roget's Thesaurus parser and generator: a tiny inline sample and the real PG #10681 file."""

from __future__ import annotations

import re

import pytest

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.roget import RogetGenerator
from lexsub_baselines.resources.roget import Roget, clean_items, load_roget, parse_roget, roget_path

SAMPLE = """Project Gutenberg header, licence and so on.
*** START OF THE PROJECT GUTENBERG EBOOK ROGET ***
CLASS I
WORDS EXPRESSING ABSTRACT RELATIONS

1. BEING, IN THE ABSTRACT

1. Existence -- N. existence, being, ens [Lat.]; truth &c 494.
     [Science of existence], ontology.
V. exist, be; occur &c (event) 151.
Adj. existing &c v.; real, actual^.
Phr. cogito ergo sum [Lat.].

100. {opp.
     87} [More than one.] Plurality -- N. plurality, a few; several [U.S.].
Adj. plural, real; more than one.
Adv. et cetera, among other things [Horace].
*** END OF THE PROJECT GUTENBERG EBOOK ROGET ***
licence text, real, existence
"""


def test_parse_sample() -> None:
    roget = parse_roget(SAMPLE)
    assert [(c.number, c.title) for c in roget.categories] == [("1", "Existence"),
                                                               ("100", "Plurality")]
    first = roget.categories[0]
    assert first.words("n") == ["existence", "being", "truth", "ontology"]
    assert first.words("v") == ["exist", "be", "occur"]
    assert first.words("a") == ["existing", "real", "actual"]
    assert first.words("phr") == []
    assert roget.categories[1].words("n") == ["plurality", "a few", "several"]
    assert roget.categories[1].words("r") == ["et cetera"]
    assert [c.number for c in roget.categories_of("Real", "a")] == ["1", "100"]
    assert roget.categories_of("real", "n") == []


def test_clean_items_rules() -> None:
    assert clean_items("ens [Lat.], esse [Fr.]; [note] kept, gone [Hamlet], x [of people]") == [
        "kept", "x"]
    assert clean_items('"a quote", 42, viz., one two three four five six, take off') == [
        "take off"]


def test_not_roget_is_an_error() -> None:
    with pytest.raises(DataFormatError, match="no Roget category"):
        parse_roget("just some text\n")


@pytest.fixture(scope="module")
def roget(shared: Roots) -> Roget:
    return load_roget(roget_path(shared))


def test_real_file_has_every_category(roget: Roget) -> None:
    numbers = [c.number for c in roget.categories]
    assert len(numbers) == len(set(numbers)) == 1043  # 1000 plus 43 lettered insertions
    main = [int(n) for n in numbers if n.isdigit()]
    assert main == list(range(1, 1001))
    assert {"16a", "100a", "216a"} <= set(numbers)
    assert all(re.fullmatch(r"\d+[a-z]?", n) for n in numbers)
    items = sum(len(words) for c in roget.categories for _, words in c.sections)
    assert 90_000 < items < 100_000


def test_real_entries_checked_by_hand(roget: Roget) -> None:
    existence = roget.categories[0]
    assert (existence.number, existence.title) == ("1", "Existence")
    assert existence.words("n")[:4] == ["existence", "being", "entity", "subsistence"]
    assert "ens" not in existence.words("n")  # [Lat.]
    assert existence.words("r") == ["actually", "in fact", "in point of fact", "in reality",
                                    "indeed", "de facto", "ipso facto"]
    temple = roget.categories[-1]
    assert (temple.number, temple.title) == ("1000", "Temple")
    # `bright` is listed as an adjective in 420 Light, 428 Color, 498 Intelligence, ...
    assert [c.number for c in roget.categories_of("bright", "a")] == [
        "420", "428", "498", "836", "845", "858", "873"]
    plurality = next(c for c in roget.categories if c.number == "100")
    assert plurality.title == "Plurality" and "several" in plurality.words("a")


def test_generator(roget: Roget) -> None:
    generator = RogetGenerator(roget)
    instance = Instance("1", "bright.a", "bright", "a", ("a", "bright", "day"), 1)
    candidates = generator.generate(instance)
    assert {c.tier for c in candidates} == {1}
    assert dict(candidates[0].provenance)["category"] == "420"
    lemmas = [c.lemma for c in candidates]
    assert "luminous" in lemmas and "clever" in lemmas and "bright" in lemmas
    assert generator.candidates("qwzxv", "a") == []
    assert generator.candidates("bright", "x") == []
