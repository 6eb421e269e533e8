"""The `wn`-package backend, exercised on a tiny WN-LMF lexicon written by the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.wordnet import WITH_ALSO_SEE, WordNetGenerator
from lexsub_baselines.resources.wordnet import WordNet
from lexsub_baselines.resources.wordnet_wn import WnWordNet

wn = pytest.importorskip("wn")

TINY_LMF = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.1.dtd">
<LexicalResource xmlns:dc="https://globalwordnet.github.io/schemas/dc/">
 <Lexicon id="tiny" label="Tiny" language="en" email="x@example.org"
          license="https://creativecommons.org/licenses/by/4.0/" version="1">
  <LexicalEntry id="tiny-bright-a"><Lemma writtenForm="bright" partOfSpeech="a"/>
   <Sense id="tiny-bright-a-01" synset="tiny-01-a"><Count>7</Count></Sense>
   <Sense id="tiny-bright-a-02" synset="tiny-02-s"/></LexicalEntry>
  <LexicalEntry id="tiny-brilliant-s"><Lemma writtenForm="brilliant" partOfSpeech="s"/>
   <Sense id="tiny-brilliant-s-01" synset="tiny-02-s"/></LexicalEntry>
  <LexicalEntry id="tiny-luminous-a"><Lemma writtenForm="luminous" partOfSpeech="a"/>
   <Sense id="tiny-luminous-a-01" synset="tiny-03-a"/></LexicalEntry>
  <LexicalEntry id="tiny-brightly-r"><Lemma writtenForm="brightly" partOfSpeech="r"/>
   <Sense id="tiny-brightly-r-01" synset="tiny-04-r">
    <SenseRelation relType="pertainym" target="tiny-bright-a-01"/></Sense></LexicalEntry>
  <LexicalEntry id="tiny-light_up-v"><Lemma writtenForm="light up" partOfSpeech="v"/>
   <Sense id="tiny-light_up-v-01" synset="tiny-05-v"/></LexicalEntry>
  <LexicalEntry id="tiny-illuminate-v"><Lemma writtenForm="illuminate" partOfSpeech="v"/>
   <Sense id="tiny-illuminate-v-01" synset="tiny-06-v"/></LexicalEntry>
  <Synset id="tiny-01-a" ili="" partOfSpeech="a">
   <SynsetRelation relType="similar" target="tiny-02-s"/>
   <SynsetRelation relType="also" target="tiny-03-a"/></Synset>
  <Synset id="tiny-02-s" ili="" partOfSpeech="s">
   <SynsetRelation relType="similar" target="tiny-01-a"/></Synset>
  <Synset id="tiny-03-a" ili="" partOfSpeech="a"/>
  <Synset id="tiny-04-r" ili="" partOfSpeech="r"/>
  <Synset id="tiny-05-v" ili="" partOfSpeech="v">
   <SynsetRelation relType="hypernym" target="tiny-06-v"/></Synset>
  <Synset id="tiny-06-v" ili="" partOfSpeech="v">
   <SynsetRelation relType="hyponym" target="tiny-05-v"/></Synset>
 </Lexicon>
</LexicalResource>
"""


@pytest.fixture()
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> WnWordNet:
    data = tmp_path / "wn_data"
    monkeypatch.setattr(wn.config, "data_directory", data)  # restored after the test
    source = tmp_path / "tiny.xml"
    source.write_text(TINY_LMF, encoding="utf-8")
    wn.add(source, progress_handler=None)
    return WnWordNet("tiny:1", data_dir=data)


def test_wn_backend_answers_the_interface(tiny: WnWordNet) -> None:
    assert isinstance(tiny, WordNet)
    synsets = tiny.synsets("Bright", "a")
    assert [(s.id, s.pos, s.lemmas) for s in synsets] == [
        ("tiny-01-a", "a", ("bright",)), ("tiny-02-s", "s", ("bright", "brilliant"))]
    assert [s.id for s in tiny.related(synsets[0], "similar")] == ["tiny-02-s"]
    assert [s.id for s in tiny.related(synsets[0], "also")] == ["tiny-03-a"]
    brightly = tiny.synsets("brightly", "r")[0]
    assert [s.id for s in tiny.related(brightly, "pertainym")] == ["tiny-01-a"]
    assert tiny.sense_count("bright", synsets[0]) == 7
    assert tiny.sense_count("bright", synsets[1]) == 0
    assert tiny.base_forms("brighter", "a") == ["bright"]
    assert tiny.synsets("brighter", "a")[0].id == "tiny-01-a"  # morphy fallback
    assert tiny.synsets("nothing", "n") == [] and tiny.synsets("bright", "x") == []
    assert {"light up", "bright", "brilliant"} <= set(tiny.lemma_names())


def test_wordnet_generator_runs_on_the_wn_backend(tiny: WnWordNet) -> None:
    got = [(c.lemma, c.tier) for c in WordNetGenerator(tiny).candidates("light up", "v")]
    assert got == [("light up", 1), ("illuminate", 2)]
    adjective = [(c.lemma, c.tier) for c in WordNetGenerator(tiny).candidates("bright", "a")]
    assert adjective == [("bright", 1), ("bright", 2), ("brilliant", 2),   # similar-to
                         ("bright", 3), ("brilliant", 3), ("bright", 4)]
    wide = WordNetGenerator(tiny, related_classes=WITH_ALSO_SEE).candidates("bright", "a")
    assert ("luminous", 2) in [(c.lemma, c.tier) for c in wide]            # also-see


def test_missing_lexicon_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wn.config, "data_directory", tmp_path / "empty")
    backend = WnWordNet("oewn:2024", data_dir=tmp_path / "empty")
    with pytest.raises(MissingResourceError, match="wn download oewn:2024"):
        backend.synsets("bright", "a")


def test_installed_lexicon_if_any() -> None:
    database = Path(wn.config.data_directory) / "wn.db"
    installed = [f"{lex.id}:{lex.version}" for lex in wn.lexicons()
                 if lex.language == "en"] if database.is_file() else []
    if not installed:
        pytest.skip(f"no English WN-LMF lexicon installed in {wn.config.data_directory}")
    backend = WnWordNet(installed[0])
    assert backend.synsets("dog", "n")
    instance = Instance("1", "dog.n", "dog", "n", ("the", "dog"), 1)
    assert WordNetGenerator(backend).generate(instance)
