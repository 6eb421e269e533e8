"""WordNet's morphy as NLTK 3.5 and NLTK 3.9+ run it, read from the WordNet files."""

from __future__ import annotations

import pytest

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.resources.morphy import MORPHY_VARIANTS, Morphy, load_morphy

pytestmark = pytest.mark.needs("wordnet")


@pytest.fixture(scope="module")
def morphies() -> dict[str, Morphy]:
    return {name: load_morphy(name) for name in MORPHY_VARIANTS}


@pytest.mark.parametrize(("word", "pos", "old", "new"), [
    ("businessess", "n", "business", "businessess"),  # -s, then -ses -> -s: a second round
    ("feelings", "v", "feel", "feelings"),  # -s gives `feeling` (a noun only), then -ing
    ("lineses", "n", "line", "lineses"),
    ("dogs", "n", "dog", "dog"),  # one round is enough: both agree
    ("better", "a", "good", "good"),  # the exception list decides
    ("saw", "v", "saw", "saw"),  # `saw` is a verb lemma itself, and the shortest analysis
    ("Dogs", "n", "Dogs", "Dogs"),  # no lower-casing, as WordNetLemmatizer
    ("ice creams", "n", "ice creams", "ice creams"),  # no underscores for spaces either
    ("quickly", "r", "quickly", "quickly"),
])
def test_the_two_nltk_behaviours(morphies: dict[str, Morphy], word: str, pos: str, old: str,
                                 new: str) -> None:
    assert morphies["nltk-3.5-morphy"].lemmatize(word, pos) == old
    assert morphies["nltk-3.9-morphy"].lemmatize(word, pos) == new


def test_satellite_adjectives_use_the_adjective_lemmas(morphies: dict[str, Morphy]) -> None:
    assert morphies["nltk-3.5-morphy"].analyses("happier", "s") == ["happy"]


@pytest.mark.shared
def test_the_once_variant_equals_the_installed_nltk_on_every_swords_word(
        shared: Roots, morphies: dict[str, Morphy]) -> None:
    """Our reading of the files is NLTK's: where the installed NLTK (>= 3.9) applies the rules
    once, its analyses are ours, for every substitute and target of SWORDS dev under n/v/a/r."""
    import nltk

    from lexsub_baselines.datasets.swords import read_swords
    from lexsub_baselines.resources.wordnet_nltk import NltkWordNet

    if tuple(int(x) for x in nltk.__version__.split(".")[:2]) < (3, 9):
        pytest.skip(f"NLTK {nltk.__version__} applies the rules repeatedly")
    reader = NltkWordNet(shared).reader
    data = read_swords(load_dataset("swords-dev", shared).read("gold"))
    words = {s.substitute for s in data.substitutes} | {t.target for t in data.targets}
    once = morphies["nltk-3.9-morphy"]
    differ = [(w, p) for w in sorted(words) for p in "nvar"
              if once.analyses(w, p) != reader._morphy(w, p)]
    assert len(words) > 5000 and differ == []
