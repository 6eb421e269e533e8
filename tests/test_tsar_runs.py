"""A baseline end to end on TSAR-2022 English (`lexsub baselines`), plain and `+simpler`.

The `wordnet` baseline (relation counts of the session's tiny corpus) answers
tsar2022-en-trial and -test; its predictions (the task's format) are written, scored by the
task's evaluation, recorded in scores.json and runs.json under the dataset names with the ten
official figures, and shown in tables.md beside the official field (test).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from tiny_corpus import TinyRun

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.frequency_lists import KilgarriffFrequency
from lexsub_baselines.runs.store import vouched
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.tsar import TsarSystem, readings, simpler
from lexsub_baselines.tables.readme import check_readme
from lexsub_baselines.tables.tsar import TSAR_METRICS

pytestmark = pytest.mark.slow  # reads a whole tiny run (conftest's wordnet_run)

_TRIAL = "tsar2022-en-trial"


@pytest.fixture(scope="module")
def run(wordnet_run: TinyRun) -> Path:
    """The results of `lexsub baselines --no-lexsubgen --systems wordnet mw` (conftest's
    `wordnet_run`): the `wordnet` rows on TSAR-2022 (mw answers none)."""
    return wordnet_run.out


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_predictions_are_written_scored_recorded_and_shown(
        run: Path, tiny_shared: Roots, capsys: pytest.CaptureFixture[str]) -> None:
    data = tiny_shared
    out = run
    lines = (out / _TRIAL / "wordnet.tsv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 10
    first = lines[0].split("\t")
    assert first[1] == "compulsory" and 2 < len(first) <= 12
    assert "compulsory" not in first[2:]
    scores = json.loads((out / "scores.json").read_text())
    for dataset in (_TRIAL, "tsar2022-en-test"):
        for name in ("wordnet", "wordnet+simpler"):
            row = scores[dataset][name]["tsar2022"]
            assert set(row["metrics"]) == set(TSAR_METRICS)
            assert row["signature"].startswith(f"tsar2022|profile:tsar-eval-089c266|gold:"
                                               f"{dataset}#")
            assert row["tsar"] == {"pos": "union", "reading_frequency": "bnc",
                                   "simpler_frequency": "wordfreq",
                                   "inflection": "lemminflect", "case": "lower"}
    assert scores[_TRIAL]["wordnet"]["tsar2022"]["metrics"]["Potential@10"] > 0
    metrics = scores["tsar2022-en-test"]["wordnet"]["tsar2022"]["metrics"]
    printed = ("| system | ACC@1 | EN MAP@3 |\n|---|---|---|\n"
               f"| `wordnet` | {metrics['ACC@1']:.4f} | {metrics['MAP@3']:.4f} |\n")
    check = check_readme(printed, scores)  # verify-tables finds a real run's TSAR figures
    assert check.equal and check.figures == 2, (check.differ, check.missing)
    capsys.readouterr()  # what `lexsub score` prints for the written file: the row
    assert main(["--data-root", str(data.data), "score", str(out / _TRIAL / "wordnet.tsv"),
                 _TRIAL, "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    row = scores[_TRIAL]["wordnet"]["tsar2022"]
    assert printed["metrics"] == row["metrics"] and printed["signature"] == row["signature"]
    assert {v.path.name for v in vouched(out) if v.dataset == _TRIAL} == {
        "wordnet.tsv", "wordnet+simpler.tsv"}
    tables = (out / "tables.md").read_text()
    assert "### tsar2022-en-test — TSAR-2022 lexical simplification" in tables
    assert "| `UniHD run 2` | published | 0.8096 | 0.4289 |" in tables
    assert "| `LSBert-baseline run 1` | published baseline | 0.5978 | 0.3029 |" in tables
    assert "| `wordnet+simpler` | ours |" in tables
    assert "no rows of ours" not in tables


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_lexsub_run_answers_tsar_english_and_refuses_the_others(
        tiny_shared: Roots, tmp_path: Path) -> None:
    from lexsub_baselines import run

    result = run("wordnet+freq:bnc:tiers", _TRIAL, out=tmp_path, roots=tiny_shared)
    assert result.files["tsar2022"].name == "wordnet+freq-bnc-tiers.tsv"
    assert result.answers["1"].best == ("required",)  # `compulsory`: its first synset
    with pytest.raises(LexsubError, match=r"^system wordnet\+freq:bnc:tiers reads English "
                                          r"words and tsar2022-pt-test's are pt: run "
                                          r"mythes:pt or wordnet:pt on it"):
        run("wordnet+freq:bnc:tiers", "tsar2022-pt-test", roots=tiny_shared)
    with pytest.raises(LexsubError, match=r"^system mw writes mw answers, which "
                                          r"tsar2022-en-trial cannot score"):
        run("mw", _TRIAL, roots=tiny_shared)


def test_simpler_keeps_only_more_frequent_words_by_frequency() -> None:
    bnc = KilgarriffFrequency({("help", "v"): 90, ("aid", "v"): 9, ("assist", "v"): 20,
                               ("abet", "v"): 1})
    assert simpler(["aid", "abet", "help", "take care"], "assist", "v", bnc) == ["help"]
    assert simpler(["help", "succour"], "abet", "v", bnc) == ["help"]  # unlisted: 0
    assert simpler(["help"], "lend a hand", "v", bnc) == []  # no count: nothing is simpler


def test_readings_then_the_sentence_form_then_turns() -> None:
    assert readings("studies") == (("n", "study"), ("v", "study"))

    class Fixed:
        name, kinds = "fixed", ("best", "oot")

        def answer(self, instance: Instance) -> Answers:
            lemmas = {"n": ("analysis", "report"), "v": ("examine",)}.get(instance.pos, ())
            return Answers(best=lemmas[:1], oot=lemmas)

    bnc = KilgarriffFrequency({("study", "v"): 50, ("study", "n"): 10, ("examine", "v"): 90,
                               ("analysis", "n"): 1})
    system = TsarSystem(Fixed(), "union", bnc, bnc, case="kept")
    instance = Instance("1", "Studies", "Studies", "", ("Studies", "show", "it"), 0,
                        sentence="Studies show it")
    plain, simplified = system.answers(instance)
    assert plain.oot == ("Examines", "Analyses", "Reports")  # the verb reading first (bnc)
    assert simplified is not None and simplified.oot == ("Examines",)
    # the case fix: the gold of every TSAR set is lower-case, the rows' setting follows it
    lowered, _ = dataclasses.replace(system, case="lower").answers(instance)
    assert lowered.oot == ("examines", "analyses", "reports")
    assert system.name == "fixed+simpler"


def test_pos_tagged_answers_the_tagged_reading_else_the_union() -> None:
    class Echo:
        name, kinds = "echo", ("best", "oot")

        def answer(self, instance: Instance) -> Answers:
            return Answers(best=(f"{instance.pos}-word",), oot=(f"{instance.pos}-word",))

    bnc = KilgarriffFrequency({})
    instance = Instance("1", "studies", "studies", "", ("studies",), 0, sentence="studies")
    tagged = TsarSystem(Echo(), "tagged", bnc, tagger=lambda _: "v")
    assert tagged.answer(instance).oot == ("v-words",)  # in the form of `studies`
    untagged = TsarSystem(Echo(), "tagged", bnc, tagger=lambda _: "a")  # no such reading
    assert untagged.answer(instance).oot == ("n-words", "v-words")


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_compare_ranks_a_file_among_the_teams_and_our_rows(
        run: Path, tiny_shared: Roots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "results").symlink_to(run)  # `--compare` reads ./results/scores.json
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["--data-root", str(tiny_shared.data), "score",
                 str(run / "tsar2022-en-test" / "wordnet.tsv"), "tsar2022-en-test",
                 "--compare", "--format", "json"]) == 0
    printed = capsys.readouterr().out
    assert '"wordnet+simpler"' in printed and '"UniHD run 2"' in printed


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_our_parser_tags_the_complex_word_for_pos_tagged(seeded_roots: Roots) -> None:
    from lexsub_baselines.catalog import build_system
    from lexsub_baselines.datasets.catalog import load_dataset
    from lexsub_baselines.runs.tsar_runs import parser_tagger, tsar_system

    tag = parser_tagger(seeded_roots)  # the tiny parser: its tags, not their accuracy
    instances = load_dataset(_TRIAL, seeded_roots).instances()
    tags = [tag(instance) for instance in instances]
    assert set(tags) <= {"n", "v", "a", "r", None} and any(tags)
    system = tsar_system(build_system("wordnet+freq:bnc:tiers", seeded_roots), seeded_roots,
                         "tagged", tag)
    for instance, letter in zip(instances, tags, strict=True):
        readings_ = system.chosen(instance)
        assert len(readings_) == 1 or letter not in {pos for pos, _ in readings_}


@pytest.mark.shared
def test_an_absent_frequency_list_leaves_the_tsar_rows_out_with_a_note(
        tiny_shared: Roots, tmp_path: Path) -> None:
    from lexsub_baselines.runs.unit import _answer_tsar

    class Fixed:
        name, kinds = "fixed", ("best", "oot")

        def answer(self, instance: Instance) -> Answers:
            return Answers()

    roots = dataclasses.replace(tiny_shared, shared=tmp_path)  # no BNC list there
    unit: dict[str, list[object]] = {"rows": [], "skipped": [], "notes": []}
    _answer_tsar(Fixed(), tmp_path / "out", roots, unit, False)
    assert unit["rows"] == []
    assert any(str(note).startswith("lexsub: note: fixed not run on TSAR-2022 (")
               for note in unit["notes"])
