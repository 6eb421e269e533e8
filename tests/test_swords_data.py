"""The SWORDS reader on the real v1.1 files: instances the components take, and the gold."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.datasets.swords import read_swords, swords_instances

pytestmark = pytest.mark.shared


@pytest.mark.parametrize(("split", "targets", "substitutes"),
                         [("dev", 370, 22978), ("test", 762, 45705)])
def test_every_target_becomes_an_instance_with_the_target_at_its_offset(
        shared: Roots, split: str, targets: int, substitutes: int) -> None:
    dataset = load_dataset(f"swords-{split}", shared)
    data = read_swords(dataset.read("gold"))
    assert (len(data.targets), len(data.substitutes)) == (targets, substitutes)
    instances = dataset.instances()
    assert [i.id for i in instances] == [t.id for t in data.targets]
    for instance, target in zip(instances, data.targets, strict=True):
        assert instance.target == target.target  # one token, the word at its offset
        assert instance.pos == {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}[target.upos]
        assert instance.sentence == data.context(target)
        assert instance.lexelt == f"{instance.lemma}.{instance.pos}"
        assert instance.lemma == instance.lemma.lower()


def test_lemmas_are_the_datas_own_else_the_corpus_rule(shared: Roots) -> None:
    from lexsub_baselines.datasets.lemmas import lemma_of
    from lexsub_baselines.datasets.swords import SwordsData, SwordsTarget

    path = load_dataset("swords-test", shared).path("gold")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        raw = json.load(handle)["targets"]
    instances = {i.id: i for i in load_dataset("swords-test", shared).instances()}
    assert all(instances[tid].lemma == t["extra"]["coinco_lemma"] for tid, t in raw.items())
    by_rule = sum(lemma_of(t["target"].lower(), t["pos"]) == t["extra"]["coinco_lemma"]
                  for t in raw.values())
    assert by_rule == 754  # of 762: the module docstring's figure
    bare = SwordsData("x", {"c:1": "Prices fell."},
                      (SwordsTarget("t:1", "c:1", "fell", 7, "VERB"),), (), True)
    assert swords_instances(bare)[0].lemma == "fall"  # no lemma in the data: the corpus rule


def test_the_gold_view_keeps_true_substitutes_most_first(shared: Roots) -> None:
    dataset = load_dataset("swords-dev", shared)
    gold = dataset.gold()
    assert len(gold) == 370
    item = gold["t:7f1d26dea59df9f9cbf34e416ff89ede8e0f9aea"]  # "total" in the README example
    assert item.entries[:2] == (("amount", 8), ("sum", 8))
    counts = [n for _, n in item.entries]
    assert counts == sorted(counts, reverse=True) and min(counts) > 0


def test_the_datasets_command_lists_upstream_and_checksums(
        shared: Roots, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["datasets"]) == 0
    out = capsys.readouterr().out
    assert "swords-test  (en)  SWORDS v1.1" in out
    assert "github.com/p-lambda/swords/raw/04ca753" in out
    assert "f94b6b73c52fd4bd549180bc119d44e9f9097ec78240a8b42363add158e58480" in out
    assert out.startswith(f"{shared.describe()}\n")  # the root and why it was chosen
    assert "  fetch      `lexsub fetch swords`\n" in out
    assert "  fetch      none: no public download\n" in out.split("clls2010-test", 1)[1]
    # LexSubGen's `semeval2007-all` is no registered dataset but is listed with its sources
    lexsubgen = out.split("under LexSubGen's protocol", 1)[1]
    assert "semeval2007-all  (en)  LexSubGen's 'semeval_all'" in lexsubgen
    assert f"source     ok       {shared.data / 'lst-candidates' / 'lst.gold.candidates'}" \
        in lexsubgen


def test_a_tokenised_paragraph_keeps_the_target_whole() -> None:
    from lexsub_baselines.datasets.swords import SwordsData, SwordsTarget

    context = "Kim:\n\t\tWe owe Pasadena\teach month—for a total of $3,615,910.62."
    offset = context.index("total")
    data = SwordsData("x", {"c:1": context}, (SwordsTarget("t:1", "c:1", "total", offset,
                                                           "NOUN"),), (), True)
    instance = swords_instances(data)[0]
    assert instance.tokens[instance.target_index] == "total"
    assert instance.tokens[instance.target_index - 2:instance.target_index] == ("for", "a")
    assert instance.left[:2] == ("Kim", ":")


def test_bad_swords_files_name_the_file_and_the_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(DataFormatError, match=r"bad.json: no 'contexts' object"):
        read_swords(bad.read_bytes(), str(bad))
    bad.write_text(json.dumps({"contexts": {"c:1": {"context": "a b"}},
                               "targets": {"t:1": {"context_id": "c:2", "target": "b",
                                                   "offset": 2}},
                               "substitutes": {}, "substitute_labels": {}}))
    with pytest.raises(DataFormatError, match="target t:1 names an unknown context c:2"):
        read_swords(bad.read_bytes(), str(bad))
    bad.write_text(json.dumps({"contexts": {"c:1": {"context": "a b"}},
                               "targets": {"t:1": {"context_id": "c:1", "target": "b",
                                                   "offset": 2, "pos": "NOUN"}},
                               "substitutes": {"s:1": {"target_id": "t:1", "substitute": "c"}},
                               "substitute_labels": {"s:1": ["MAYBE"]}}))
    with pytest.raises(DataFormatError, match="substitute s:1 has no valid labels"):
        read_swords(bad.read_bytes(), str(bad))
