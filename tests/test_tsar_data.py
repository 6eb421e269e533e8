"""TSAR-2022 data: the six named datasets, the lenient reader, the complex word located."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets import dataset_names, load_dataset
from lexsub_baselines.datasets.tsar import locate, read_tsar, tsar_gold_items, tsar_instances

SIZES = {"en-test": 373, "es-test": 368, "pt-test": 374, "en-trial": 10, "es-trial": 12,
         "pt-trial": 10}


@pytest.mark.shared
@pytest.mark.parametrize("part", list(SIZES))
def test_each_dataset_reads_and_its_gold_lines_up_with_its_instances(shared: Roots,
                                                                     part: str) -> None:
    dataset = load_dataset(f"tsar2022-{part}", shared)
    instances, gold = dataset.instances(), dataset.gold()
    assert len(instances) == len(gold) == SIZES[part]
    assert [i.id for i in instances] == list(gold)  # the same line numbers
    by_line = {line.line: line for line in read_tsar(dataset.read("gold"))}
    for instance in instances:
        line = by_line[int(instance.id)]
        assert (instance.sentence, instance.lemma, instance.pos) == (line.sentence, line.word, "")
        assert instance.target == line.word  # every shipped complex word occurs as written
        counts = [n for _, n in gold[instance.id].entries]
        assert counts == sorted(counts, reverse=True) and sum(counts) == len(line.items)


def test_the_gold_is_annotator_counts_most_first(tmp_path: Path) -> None:
    path = tmp_path / "x_gold.tsv"
    path.write_text("The cat sat .\tcat\tpet\tfeline\tfeline\tcat\t\n", encoding="utf-8")
    item = tsar_gold_items(path.read_bytes(), str(path))["1"]
    assert item.entries == (("feline", 2), ("pet", 1), ("cat", 1))
    assert item.lexelt == "cat" and item.line == 1


@pytest.mark.parametrize(("sentence", "word", "found"), [
    ("the cat and the category", "cat", "cat"),  # a whole word, not inside `category`
    ("Prototype of a car", "prototype", "Prototype"),  # capitalised first word
    ("Studies show it", "study", "Studies"),  # inflected: the longest shared prefix
    ("He was making it", "make", "making"),
    ("a dry spell", "spellbinding", None),  # `spell` shares 5 < max(3, 12 - 3) characters
    ("nothing here", "zebra", None),
])
def test_the_complex_word_is_located(sentence: str, word: str, found: str | None) -> None:
    span = locate(sentence, word)
    assert (sentence[span[0]:span[1]] if span else None) == found


def test_the_reader_is_lenient_and_says_where(tmp_path: Path) -> None:
    path = tmp_path / "x_none.tsv"
    path.write_text("The Cat sat .\tcat\nno tab here\n\nA dog ran .\tcow\nMy two cents .\t"
                    "two cents\n", encoding="utf-8")
    with pytest.warns(UserWarning) as caught:
        instances = tsar_instances(path.read_bytes(), str(path))
    said = [str(w.message) for w in caught]
    assert said[0].startswith(f"{path}:2: no sentence and complex word; skipped (2 such line(s))")
    assert said[1].startswith(f"{path}:4: the complex word 'cow' is not in its sentence")
    assert [i.id for i in instances] == ["1", "5"]
    assert instances[0].tokens[instances[0].target_index] == "Cat"
    two = instances[1]
    assert (two.target, two.target_length, two.lexelt) == ("two cents", 2, "two_cents")
    assert two.right == (".",)


@pytest.mark.shared
def test_the_datasets_command_lists_them(shared: Roots,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert {f"tsar2022-{part}" for part in SIZES} <= set(dataset_names())
    assert main(["datasets"]) == 0
    out = capsys.readouterr().out
    assert "tsar2022-en-test  (en)  TSAR-2022 lexical simplification, English test: 373" in out
    assert "LaSTUS-TALN-UPF/TSAR-2022-Shared-Task/raw/089c266/datasets/test/" in out
    assert f"results    ok       {shared.data / 'tsar2022' / 'results' / 'official'}" in out


@pytest.mark.shared
def test_fetch_tsar2022_lays_out_the_task_files_then_scores(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`lexsub fetch tsar2022` from a real local server standing in for GitHub, then `lexsub
    score` against the fetched data: the same ten figures as against ../shared."""
    from fetch_mirror import serving, upstream_files

    from lexsub_baselines.inputs.manifest import Manifest, load_manifest

    manifest = Manifest(tuple(r for r in load_manifest().resources if r.input == "tsar2022"))
    assert len(manifest.resources) == 19 and {"scoring"} == {g for r in manifest.resources
                                                             for g in r.groups}
    path = tmp_path / "manifest.json"
    path.write_text(manifest.to_text(), encoding="utf-8")
    root = ["--shared-root", str(tmp_path / "root"), "--cache-dir", str(tmp_path / "cache")]
    with serving(upstream_files(shared.shared, manifest)) as mirror:
        assert main([*root, "fetch", "tsar2022", "--mirror", mirror.url, "--manifest",
                     str(path), "--no-progress"]) == 0
        assert all("/TSAR-2022-Shared-Task/raw/089c266/" in asked for asked, _ in mirror.requests)
    assert "tsar2022          fetched: 19 file(s)" in capsys.readouterr().out
    none = tmp_path / "root" / "data" / "tsar2022" / "datasets" / "trial" / \
        "tsar2022_es_trial_none.tsv"
    system = tmp_path / "copy.tsv"
    system.write_text(none.read_text(encoding="utf-8").replace("\n", "\tx\n"), encoding="utf-8")
    assert main([*root, "score", str(system), "tsar2022-es-trial", "--format", "json"]) == 0
    fetched = capsys.readouterr().out
    assert main(["score", str(system), "tsar2022-es-trial", "--format", "json"]) == 0
    assert fetched.replace(str(tmp_path / "root" / "data"), "") == \
        capsys.readouterr().out.replace(str(shared.data), "")


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_a_run_on_tsar_is_refused_in_one_line_not_a_traceback(shared: Roots) -> None:
    from lexsub_baselines import run
    from lexsub_baselines.core.errors import LexsubError

    with pytest.raises(LexsubError, match=r"system mw reads English words and "
                                          r"tsar2022-pt-test's are pt: .*`lexsub score "
                                          r"PRED.tsv tsar2022-pt-test`"):
        run("mw", "tsar2022-pt-test", roots=shared)
