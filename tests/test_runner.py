"""`lexsub baselines` end to end on real data: files, scores.json, tables, determinism."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tiny_corpus import TinyRun

from lexsub_baselines.catalog import build_system
from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots, kernels_subfolder
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.inputs.manifest import load_manifest
from lexsub_baselines.runs.runner import run_system
from lexsub_baselines.runs.scorers import score_files
from lexsub_baselines.tables.published import published_row
from lexsub_baselines.tables.tables_md import render_tables

pytestmark = [pytest.mark.needs("wordnet"), pytest.mark.slow]

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def tiny(wordnet_run: TinyRun) -> list[str]:
    """The global options of the run below: a tiny corpus root (real task data) with the tiny
    parser, where the `wordnet` baseline ranks by relation frequency counted in that corpus."""
    return wordnet_run.options()


@pytest.fixture(scope="module")
def results(wordnet_run: TinyRun) -> Path:
    """`lexsub baselines --no-lexsubgen` for the WordNet and mw baselines (conftest's
    `wordnet_run`: seconds, on the tiny corpus; read only, copied before a test writes)."""
    return wordnet_run.out


def test_answer_files_in_the_official_formats(results: Path) -> None:
    best = (results / "semeval2007-test" / "wordnet.best").read_text(encoding="utf-8")
    oot = (results / "semeval2007-test" / "wordnet.oot").read_text(encoding="utf-8")
    first = best.splitlines()[0]
    assert first.startswith("side.n 301 :: ") and ";" not in first  # one best answer
    assert all(" ::: " in line and line.count(";") <= 9 for line in oot.splitlines())
    mw = (results / "semeval2007-test" / "mw.mw").read_text(encoding="utf-8").splitlines()
    assert mw and all(" :: " in line and " " in line.split(" :: ")[1] for line in mw)


def test_scores_json_holds_what_lexsub_score_prints(results: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    scores = json.loads((results / "scores.json").read_text(encoding="utf-8"))
    runs = json.loads((results / "runs.json").read_text(encoding="utf-8"))
    assert set(scores) == {"semeval2007-trial", "semeval2007-test", "swords-dev",
                           "swords-test", "tsar2022-en-trial", "tsar2022-en-test",
                           "prolex-dev", "prolex-test"}
    test = scores["semeval2007-test"]
    assert set(test["wordnet"]) == {"best", "oot"} and set(test["mw"]) == {"mw"}
    best = test["wordnet"]["best"]
    assert {"all", "NMWT", "NMWS", "RAND", "MAN", "signature", "by_pos", "jabbari"} <= set(best)
    assert best["all"]["total"] == 1696 and best["NMWT"]["total"] == 1567
    assert best["signature"].startswith("best|profile:official|")
    # the same numbers as scoring the written file directly, block for block
    capsys.readouterr()
    for system, kind in (("wordnet", "best"), ("wordnet", "oot"), ("mw", "mw")):
        assert main(["score", str(results / "semeval2007-test" / f"{system}.{kind}"),
                     "semeval2007-test", "-t", kind, "--format", "json",
                     *(["--subsets", "--by-pos", "--measures", "jabbari"] if kind != "mw"
                       else [])]) == 0
        row = dict(test[system][kind])
        assert row.pop("settings") in runs["settings"]  # the row's settings, recorded
        assert json.loads(capsys.readouterr().out) == row, (system, kind)
    assert runs["runs"]["semeval2007-test"]["wordnet"]["unanswered"] == 0
    assert runs["runs"]["semeval2007-test"]["mw"]["instances"] == 1710


def test_every_english_system_answers_swords_and_is_scored_by_its_evaluation(
        results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scores = json.loads((results / "scores.json").read_text(encoding="utf-8"))
    runs = json.loads((results / "runs.json").read_text(encoding="utf-8"))
    for split, targets in (("swords-dev", 370), ("swords-test", 762)):
        assert set(scores[split]) == {"wordnet"}  # the mw detector substitutes nothing
        row = dict(scores[split]["wordnet"]["lsr"])
        assert row.pop("settings") in runs["settings"]
        assert runs["runs"][split]["wordnet"]["instances"] == targets
        result = results / split / "wordnet.lsr.json"
        document = json.loads(result.read_text(encoding="utf-8"))
        assert document["substitutes_lemmatized"] is True and len(document["substitutes"]) == \
            targets
        assert document["lexsub_baselines"] == {"system": "wordnet", "scores": "rank"}
        capsys.readouterr()
        assert main(["score", str(result), split, "--format", "json", "--by-pos"]) == 0
        assert json.loads(capsys.readouterr().out) == row
        assert row["metrics"]["strict_c_p@1"] > 20  # WordNet's first synonym is often fine
    tables = (results / "tables.md").read_text(encoding="utf-8")
    section = tables.split("### swords-test — SWORDS evaluation")[1]
    f10 = scores["swords-test"]["wordnet"]["lsr"]["metrics"]["strict_a_f@10"]
    assert f"| `wordnet` | {f10:.2f} |" in section
    beside = tables.split("### swords-test beside semeval2007-test")[1]
    recall = scores["semeval2007-test"]["wordnet"]["best"]["all"]["recall"]
    line = next(line for line in beside.splitlines() if line.startswith("| `wordnet` |"))
    assert f"| {recall:.2f} |" in line


def test_score_takes_a_dataset_name_for_its_gold(results: Path, shared: Roots,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    answers = str(results / "semeval2007-test" / "wordnet.best")
    gold = str(shared.data / "semeval2007" / "key" / "gold")
    capsys.readouterr()
    assert main(["score", answers, gold, "--format", "json"]) == 0
    by_file = json.loads(capsys.readouterr().out)
    assert main(["score", answers, "semeval2007-test", "--format", "json"]) == 0
    by_name = json.loads(capsys.readouterr().out)
    assert by_name["all"] == by_file["all"] and by_name["all"]["total"] == 1696


def test_tables_show_ours_paper_and_difference(results: Path) -> None:
    tables = (results / "tables.md").read_text(encoding="utf-8")
    scores = json.loads((results / "scores.json").read_text(encoding="utf-8"))
    ours = scores["semeval2007-test"]["wordnet"]["best"]["all"]["recall"]
    paper = published_row("semeval2007-test", "wordnet", "best")
    assert paper is not None and paper.get("recall") == 9.95
    row = next(line for line in tables.split("### semeval2007-test — best")[1].splitlines()
               if line.startswith("| `wordnet` |"))
    assert f"| {ours:.2f} | 9.95 | {ours - 9.95:+.2f} |" in row
    assert "| `mw` |" in tables.split("### semeval2007-test — mw")[1]


def _markdown_tables(text: str) -> list[tuple[str, str, list[list[str]]]]:
    """Return (title, note, rows with the header first) of every table in tables.md."""
    found = []
    for block in text.split("\n### ")[1:]:
        title, _, body = block.partition("\n")
        lines = body.strip("\n").splitlines()
        note = lines[0] if lines and not lines[0].startswith("|") else ""
        rows = [[cell.strip() for cell in line.strip("|").split("|")]
                for line in lines if line.startswith("|") and not line.startswith("|---")]
        found.append((title, note, rows))
    return found


def test_no_table_has_an_empty_or_mislabelled_column(results: Path) -> None:
    tables = _markdown_tables((results / "tables.md").read_text(encoding="utf-8"))
    assert len(tables) >= 8
    for title, note, (header, *rows) in tables:
        dataset = title.split(" — ")[0].split(" beside ")[0]
        if dataset == "the SemEval-2007 field":
            dataset = "semeval2007-test"  # the field's figures and ours, all on the test set
        assert dataset in note, f"{title}: the note does not say which dataset ({note!r})"
        for column, name in enumerate(header):
            assert any(row[column] != "—" for row in rows), f"{title}: empty column {name}"
        if "paper" in header:  # a published figure is one of this very dataset
            assert f"on {dataset} too" in note, title
    field = next(rows for title, _, rows in tables if title.startswith("the SemEval-2007 "
                                                                        "field — best"))
    assert {"`KU`", "`UNT`", "`MELB`", "`wordnet`"} <= {row[0] for row in field}
    by_pos = {title: header for title, _, (header, *_) in tables if "by PoS" in title}
    assert all("paper" not in header for title, header in by_pos.items()
               if title.startswith("semeval2007-trial"))


def test_a_second_run_is_byte_identical(results: Path, tmp_path: Path, tiny: list[str]
                                        ) -> None:
    assert main([*tiny, "baselines", "--no-lexsubgen", "--systems", "wordnet", "mw", "--out",
                 str(tmp_path), "--no-progress"]) == 0
    for name in ("scores.json", "runs.json", "tables.md", "semeval2007-test/wordnet.oot",
                 "semeval2007-trial/mw.mw", "swords-dev/wordnet.lsr.json",
                 "tsar2022-en-test/wordnet+simpler.tsv"):
        assert (tmp_path / name).read_bytes() == (results / name).read_bytes(), name


def test_runs_record_the_settings_of_every_row(results: Path, tiny: list[str]) -> None:
    runs = json.loads((results / "runs.json").read_text(encoding="utf-8"))
    (settings_id, settings), = runs["settings"].items()
    rows = [r for systems in runs["runs"].values() for r in systems.values()]
    # wordnet: 4 sets, 2 TSAR sets (plain and +simpler) and 2 ProLex sets, mw: 2
    assert len(rows) == 12 and {r["settings"] for r in rows} == {settings_id}
    # the folder `--cache-dir` names, or its kernel level's own under LEXSUB_KERNELS
    cache = Path(tiny[tiny.index("--cache-dir") + 1]) / kernels_subfolder()
    assert settings["cache"] == str(cache.resolve()) and settings["wordnet"] == "nltk:wordnet-3.0"
    assert settings["baseline-frequency"] == "gr"
    assert settings["input:semeval2007-key-gold"].startswith("4e27e4ab")  # checked, recorded
    # the tiny corpus is one's own: recorded, not the manifest's
    assert settings["input:corpus-gutenberg"] != load_manifest().get("corpus-gutenberg").tree_sha256
    assert settings["relations-tokens"].endswith(":all")
    where, checksum = settings["resource:relations"].split("@")
    sealed = (cache / where).with_name(Path(where).name + ".sha256").read_text().strip()
    assert sealed.startswith(checksum) and settings["resource:parser"].startswith("parser/")
    tables = (results / "tables.md").read_text(encoding="utf-8")
    assert f"id `{settings_id}`" in tables
    assert "| `relations-tokens` | `enwiki+gutenberg:all` |" in tables


def test_rows_made_under_other_settings_are_refused_or_marked(
        results: Path, tmp_path: Path, tiny: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results"
    shutil.copytree(results, out)
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    # a second row on relation counts of a smaller corpus sample, beside `wordnet`'s rows
    monkeypatch.setenv("LEXSUB_RELATIONS_TOKENS", "3000")
    again = [*tiny, "baselines", "--no-lexsubgen", "--systems", "wordnet+freq:gr:tiers",
             "--out", str(out), "--no-progress"]
    capsys.readouterr()
    assert main(again) == 2
    error = capsys.readouterr().err
    assert "relations-tokens: enwiki+gutenberg:all there, enwiki+gutenberg:0.003M now" in error
    assert "--mixed-settings" in error
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert main([*again, "--mixed-settings"]) == 0
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert "| `wordnet` †1 |" in tables and "| `wordnet+freq:gr:tiers` |" in tables
    assert "| `relations-tokens` | `enwiki+gutenberg:all` | `enwiki+gutenberg:0.003M` |" \
        in tables
    runs = json.loads((out / "runs.json").read_text(encoding="utf-8"))
    assert len(runs["settings"]) == 2


def test_unknown_system_fails_before_any_work(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["baselines", "--no-lexsubgen", "--systems", "wordnet", "wordnt", "--out",
                 str(tmp_path)]) == 2
    assert "unknown system 'wordnt'" in capsys.readouterr().err
    assert not (tmp_path / "scores.json").exists()


def test_spanish_answers_are_scored_with_the_clls_profile(shared: Roots, tmp_path: Path) -> None:
    roots = Roots(shared=shared.shared, data=FIXTURES, cache=shared.cache)
    dataset = load_dataset("clls2010-test", roots)
    record = run_system(build_system("dict:wiktionary", roots), dataset, tmp_path,
                        progress=False)
    scored = score_files(record, dataset)
    assert set(scored) == {"best", "oot"}
    assert "profile:clls2010-official" in scored["best"]["signature"]
    tables = render_tables({dataset.name: {"dict:wiktionary": scored}}, {})
    assert "### clls2010-test — best" in tables and "| `dict:wiktionary` |" in tables


def test_by_pos_table_shows_our_context_rankers_without_a_paper_figure() -> None:
    by_pos = {pos: {"recall": recall} for pos, recall in
              (("n", 36.45), ("a", 41.56), ("v", 32.63), ("r", 51.45))}
    jabbari = {pos: {"rank": {"recall": 30.0}} for pos in "navr"}
    oot = {"oot": {"all": {"recall": 39.49}, "by_pos": by_pos, "jabbari_by_pos": jabbari}}
    tables = render_tables({"semeval2007-test": {"wordnet+cmlc": oot,
                                                 "wordnet+cmlc:prior": oot}}, {})
    section = tables.split("in-context rankers by PoS")[1]
    published = next(line for line in section.splitlines()
                     if line.startswith("| `wordnet+cmlc` | oot recall |"))
    assert "| 0.365 | 0.405 | -0.040 |" in published  # nouns: ours, Jabbari, difference
    ours = next(line for line in section.splitlines()
                if line.startswith("| `wordnet+cmlc:prior` | oot recall |"))
    assert "| 0.365 | — | — |" in ours and "| 0.515 | — | — |" in ours
    assert "`wordnet+cmlc:tier1-first`" not in section  # not scored: no row


def test_a_plugin_table_on_published_data_says_the_baselines_are_published() -> None:
    """A table of systems with no paper row (a plug-in's) on SemEval-2007 test does not say
    that nothing is published there; on data with no published figure at all, it does."""
    best = {"best": {"all": {"precision": 10.0, "recall": 9.0}}}
    tables = render_tables({"semeval2007-test": {"mine": best}, "swords-dev": {"mine": best}},
                           {})
    test = tables.split("### semeval2007-test — best")[1].split("###")[0]
    assert "nothing is published" not in test
    assert ("these systems have no published figures (the standard baselines' are published: "
            "cos, jaccard, l1, lee, lin, wordnet), so ours only") in " ".join(test.split())
    assert "nothing is published for swords-dev" in tables
