"""The similar-to-only reading of criteria 2/4 (the default), and scripts/wordnet_variants.py."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from wordnet_fakes import FakeWordNet

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.wordnet import RELATED_CLASSES, WITH_ALSO_SEE, WordNetGenerator

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "wordnet_variants.py"


def instance(lemma: str, pos: str) -> Instance:
    return Instance(id="1", lexelt=f"{lemma}.{pos}", lemma=lemma, pos=pos,
                    tokens=("a", lemma, "b"), target_index=1)


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wordnet_variants", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wordnet_variants"] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


def test_similar_to_only_drops_also_see_for_adjectives_only() -> None:
    assert RELATED_CLASSES["a"] == ("similar",)
    assert WITH_ALSO_SEE["a"] == ("similar", "also")
    assert {k: v for k, v in WITH_ALSO_SEE.items() if k != "a"} == {
        k: v for k, v in RELATED_CLASSES.items() if k != "a"}
    generator = WordNetGenerator(FakeWordNet(), max_tier=2)
    got = [(c.lemma, c.tier) for c in generator.generate(instance("bright", "a"))]
    assert got == [("bright", 1), ("glowing", 2), ("aglow", 2)]  # no also-see "light"
    film = WordNetGenerator(FakeWordNet(), max_tier=2)
    assert [c.lemma for c in film.generate(instance("film", "n")) if c.tier == 2] == ["show"]


@pytest.mark.needs("wordnet")
def test_similar_to_only_on_real_wordnet(shared: Roots) -> None:
    from lexsub_baselines.resources.wordnet import open_wordnet
    from lexsub_baselines.resources.wordnet_nltk import DEBIAN_WORDNET_DIR

    if not (DEBIAN_WORDNET_DIR / "data.noun").is_file():
        pytest.skip("Debian WordNet not installed (run `make setup`)")
    wordnet = open_wordnet(shared, "nltk")
    narrow = WordNetGenerator(wordnet, max_tier=2)
    wide = WordNetGenerator(wordnet, related_classes=WITH_ALSO_SEE, max_tier=2)
    tier2 = {c.lemma for c in narrow.generate(instance("outdoor", "a")) if c.tier == 2}
    assert tier2 == {"alfresco", "open-air", "outdoorsy"}  # outdoor.a.01's similar-tos
    assert "exterior" in {c.lemma for c in wide.generate(instance("outdoor", "a"))}  # also-see


def test_script_lists_variants_and_rejects_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    assert script.main(["--list"]) == 0
    listed = capsys.readouterr().out
    assert "criteria-1-2+similar-only" in listed and "current" in listed
    assert script.main(["--variants", "nonsense"]) == 2
    assert "unknown variant(s) nonsense" in capsys.readouterr().err


@pytest.mark.needs("wordnet")
def test_script_scores_a_variant_on_trial(shared: Roots,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_baselines.resources.wordnet_nltk import DEBIAN_WORDNET_DIR

    if not (DEBIAN_WORDNET_DIR / "data.noun").is_file():
        pytest.skip("Debian WordNet not installed (run `make setup`)")
    script = load_script()
    code = script.main(["--variants", "criteria-1,criteria-1-2+similar-only",
                        "--sources", "wordnet-order"])
    out = capsys.readouterr().out
    assert code == 0
    assert "295 scored items" in out and "organisers' trial files" in out
    rows = {line.split()[0]: line for line in out.splitlines()
            if line.startswith("criteria-")}
    oot_recall = {name: float(row.split("|")[1].split()[1]) for name, row in rows.items()}
    # the first synset alone gives far fewer oot answers than criteria 1-2
    assert oot_recall["criteria-1"] < oot_recall["criteria-1-2+similar-only"]
    assert 15.0 < oot_recall["criteria-1-2+similar-only"] < 30.0
