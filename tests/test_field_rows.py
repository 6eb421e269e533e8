"""The released outputs' rows in a tiny `lexsub baselines` run, the report's complementarity
section, and the explorer's "the gold's first answer, unlike" filter.

The run is `lexsub baselines --no-lexsubgen --systems wordnet` on the tiny corpus's resources
with ../shared/field-outputs beside the data: the `released:...` rows are made, recorded
(runs.json vouches for their files), labelled in tables.md, read back by verify-tables and
`lexsub score --compare`; the report sets them against `wordnet` instance by instance, and
its explorer's filter lists exactly the instances its data marks.
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from pathlib import Path

import pytest
from tiny_corpus import TinyRun, seed_built

from lexsub_baselines.analysis.browser import Browser, find_chromium
from lexsub_baselines.analysis.complementarity import complementarity
from lexsub_baselines.analysis.first_answer import top_bits
from lexsub_baselines.analysis.parts import EXPLORER_PAGE, Report, ReportSettings
from lexsub_baselines.analysis.render import write_report
from lexsub_baselines.analysis.report import build_report
from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.runs.store import vouched
from lexsub_baselines.tables.readme import check_readme

WORDTUNE = "released:wordtune"
PARALS = "released:parals"


def test_complementarity_on_a_hand_made_case() -> None:
    solved = {WORDTUNE: {"1", "2", "3", "9"}, "wordnet": {"2", "4"}, "lin": {"3", "4", "5"},
              "roget": set()}
    found = complementarity("semeval2007-test", solved, WORDTUNE, [str(i) for i in range(1, 9)])
    assert (found.instances, found.solves, found.union) == (8, 3, 4)  # 9 lies outside
    assert (found.only_released, found.only_baselines, found.both, found.neither) == (1, 2, 2, 3)
    assert found.best == ("lin", 3) and found.baselines == ("lin", "roget", "wordnet")
    alone = complementarity("d", {WORDTUNE: {"1"}}, WORDTUNE, {"1", "2"})
    assert (alone.only_released, alone.union, alone.best) == (1, 0, ("", 0))


def test_top_bits_mark_the_lists_that_hold_the_gold_first_answer() -> None:
    assert top_bits([[0], [0, 1, 2]], {2}) == 0b10  # in the oot answers only
    assert top_bits([[2], [2]], {2, 7}) == 0b11
    assert top_bits([[], []], {0}) == 0


@pytest.fixture(scope="module")
def field_run(tiny_shared: Roots, tiny_built: Path, shared: Roots,
              tmp_path_factory: pytest.TempPathFactory) -> TinyRun:
    """`lexsub baselines --no-lexsubgen --systems wordnet` with the field's outputs present."""
    if not (shared.shared / "field-outputs").is_dir():
        pytest.skip(f"no field-outputs/ under {shared.shared} (`lexsub fetch field`)")
    folder = tmp_path_factory.mktemp("field-run")
    root = folder / "shared"
    root.mkdir()
    for name in ("data", "resources", "corpora"):
        (root / name).symlink_to((tiny_shared.shared / name).resolve(), target_is_directory=True)
    (root / "field-outputs").symlink_to(shared.shared / "field-outputs", target_is_directory=True)
    tiny = dataclasses.replace(tiny_shared, shared=root, data=root / "data")
    run = TinyRun(seed_built(tiny_built, tiny, folder), folder / "results")
    assert main([*run.options(), "baselines", "--no-lexsubgen", "--systems", "wordnet",
                 "--out", str(run.out), "--no-progress"]) == 0
    return run


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.needs("wordnet")
def test_rows_are_made_recorded_and_labelled(field_run: TinyRun) -> None:
    out = field_run.out
    scores = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    made = {(d, s) for d, systems in scores.items() for s in systems if s.startswith("released:")}
    assert made == {("swords-test", WORDTUNE), ("semeval2007-test", WORDTUNE),
                    ("semeval2007-all", WORDTUNE), ("coinco-all", WORDTUNE),
                    *((f"tsar2022-{lang}-test", f"released:unihd-{n}")
                      for lang in ("en", "es", "pt") for n in (1, 3)),
                    ("coinco-test", PARALS), ("prolex-dev", PARALS), ("prolex-test", PARALS),
                    *((dataset, f"released:{name}") for dataset in ("semeval2007-trial",
                                                                    "swords-dev")
                      for name in ("concat", "bert-dropout"))}
    best = scores["semeval2007-test"][WORDTUNE]["best"]
    assert best["released"]["matched"] == best["released"]["instances"] == 1710
    assert best["all"]["recall"] > scores["semeval2007-test"]["wordnet"]["best"]["all"]["recall"]
    coinco = scores["coinco-all"][WORDTUNE]["lexsubgen"]
    assert coinco["part"]["part"] == "coinco-dev" and coinco["part"]["instances"] == 5388
    assert coinco["profile"] == "lexsubgen-padded"  # some lists are shorter than 10
    ls07 = scores["semeval2007-all"][WORDTUNE]["lexsubgen"]
    assert ls07["test_part"]["metrics"] == ls07["metrics"] and ls07["instances_scored"] == 1703
    states = {(v.dataset, v.system): v.state for v in vouched(out) if v.system == WORDTUNE}
    assert set(states.values()) == {"ok"} and len(states) == 4
    assert (out / "swords-test" / "released-wordtune.lsr.json").read_text(
        encoding="utf-8").startswith('{"substitutes_lemmatized": false')
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert "## The field's released outputs, rescored" in tables
    assert re.search(r"\| `released:unihd-3` \| released output, rescored \| 0\.8096 \|", tables)
    assert re.search(r"\| `released:unihd-3` \| released output, rescored; post-deadline: "
                     r"the field's ceiling \| 0\.6521 \|", tables)
    assert re.search(r"\| `released:unihd-3` \| tsar2022-en-test \| 10 of 10 \| 0\.8096 \| "
                     r"0\.8096 \| \+0\.0000 \|", tables)
    assert f"| `{WORDTUNE}` | released output, rescored |" in tables  # the 2007 field's ranking
    # the second wave: ParaLS beside its own score.pl output, on ProLex with our rows
    assert re.search(r"\| `released:parals` \| oot \| 10011 \| 10011 \| 10010 \| 10010 \| "
                     r"50\.33 \| 50\.33 \| 76\.74 \| 76\.74 \| 29 / 29 \|", tables)
    assert re.search(r"### prolex-test — ProLex \(evaluate\.py\), acc and prof\n(.|\n)*"
                     r"\| `released:parals` \| 12\.99 \| 45\.21 \| 20\.18 \|", tables)
    assert re.search(r"\| `released:concat` \| 300 of 300 \| 12\.96 \|", tables)
    # our parser's tags of the ProLex targets beside NLTK's (the authors' processed.tsv)
    agreement = scores["prolex-test"]["wordnet"]["prolex"]["prolex"]["nltk_agreement"]
    assert agreement["compared"] == 680 and 0 < agreement["agree"] <= 680
    assert f"for {agreement['agree']} of 680 targets" in tables


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.needs("wordnet")
def test_verify_tables_and_compare_read_the_rows(field_run: TinyRun,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    scores = json.loads((field_run.out / "scores.json").read_text(encoding="utf-8"))
    tsar = scores["tsar2022-es-test"]["released:unihd-3"]["tsar2022"]["metrics"]
    part = scores["semeval2007-all"][WORDTUNE]["lexsubgen"]["metrics"]
    split = scores["coinco-all"][WORDTUNE]["lexsubgen"]["metrics"]
    printed = (
        "| system | ES ACC@1 | ES MAP@3 |\n|---|---|---|\n"
        f"| `released:unihd-3` (post-deadline, released output, rescored) | "
        f"{tsar['ACC@1']:.4f} | {tsar['MAP@3']:.4f} |\n\n"
        "| system | LS07 test part GAP | LS07 test part P@1 | CoInCo test split R@10 |\n"
        "|---|---|---|---|\n"
        f"| `{WORDTUNE}` (released output, rescored) | {part['gap_normalized']:.2f} | "
        f"{part['prec@1']:.2f} | {split['rec@10']:.2f} |\n")
    check = check_readme(printed, scores)
    assert check.equal and check.figures == 5, (check.differ, check.missing)
    assert not check_readme(printed.replace(f"{tsar['ACC@1']:.4f}", "0.1111"), scores).equal
    monkeypatch.chdir(field_run.out.parent)  # --compare reads ./results/scores.json
    capsys.readouterr()
    answers = field_run.out / "semeval2007-test" / "wordnet.best"
    assert main([*field_run.options(), "score", str(answers), "semeval2007-test",
                 "--compare"]) == 0
    table = capsys.readouterr().out
    assert re.search(rf"\| `?{re.escape(WORDTUNE)}`? \| released output, rescored \|", table)


@pytest.fixture(scope="module")
def field_report(field_run: TinyRun) -> Report:
    report = build_report(field_run.out, field_run.roots, ReportSettings(resamples=50),
                          progress=False)
    write_report(report, field_run.out)
    return report


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.needs("wordnet")
def test_the_report_counts_who_solves_what(field_report: Report) -> None:
    section = next(s for s in field_report.sections if s.anchor == "field")
    table = section.tables[0]
    rows = {(row[0], row[1]): row for row in table.rows}
    assert set(rows) >= {(WORDTUNE, "semeval2007-test"), (WORDTUNE, "swords-test"),
                         ("released:unihd-3", "tsar2022-en-test"),
                         ("released:concat", "semeval2007-trial"),
                         ("released:bert-dropout", "swords-dev"), (PARALS, "prolex-test")}
    assert rows[(PARALS, "prolex-test")][2] == 680  # every row has acceptable substitutes
    for row in rows.values():
        instances, solves, union, only, missed, both, neither = row[2:9]
        assert only + both == solves and missed + both == union  # type: ignore[operator]
        assert only + missed + both + neither == instances  # type: ignore[operator]
        assert row[9] == "wordnet" or (row[1] != "semeval2007-test")
    ours = [s for s in field_report.sections if s.anchor.startswith("semeval2007-test")]
    assert ours and not any(  # the vote is of ours alone: one system here, so none
        "vote(all)" in str(row[0]) for s in ours for t in s.tables for row in t.rows)
    assert table.links[0] is not None and "rel=top" in str(table.links[0])
    assert any(s.anchor == "prolex" for s in field_report.sections)  # our rows and ParaLS's
    data = field_report.explorer
    assert data is not None
    explored = {d["name"]: {[s[0] for s in data["systems"]][g] for g in d["systems"]}
                for d in data["datasets"]}
    assert {"released:concat", "released:bert-dropout"} <= explored["semeval2007-trial"]
    assert {"released:concat", "released:bert-dropout"} <= explored["swords-dev"]


def _dom_attribute(dom: str, name: str) -> str:
    found = re.search(rf'\b{name}="([^"]*)"', dom)
    assert found is not None, name
    return html.unescape(found.group(1))


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.needs("wordnet", "chromium")
def test_the_explorer_lists_the_instances_one_gives_the_first_answer_of(
        field_report: Report, field_run: TinyRun, tmp_path: Path) -> None:
    if find_chromium() is None:
        pytest.skip("chromium not installed (scripts/setup.sh installs it)")
    data = field_report.explorer
    assert data is not None and data["format"] == 4
    names = [s[0] for s in data["systems"]]
    browser = Browser.find(tmp_path / "chromium")
    page = field_run.out / EXPLORER_PAGE
    for dataset in ("semeval2007-test", "swords-test"):
        found = next(d for d in data["datasets"] if d["name"] == dataset)
        at = (data["fields"] if found["kind"] == "semeval" else data["swords_fields"]).index("top")
        column = {names[g]: j for j, g in enumerate(found["systems"])}
        for a, b in ((WORDTUNE, "wordnet"), ("wordnet", WORDTUNE)):
            for k, kind in enumerate(("best", "oot")):
                expected = sum(1 for item in found["items"]
                               if item[at][column[a]] >> k & 1 and not item[at][column[b]] >> k & 1)
                dom = browser.dump_dom(f"{page.as_uri()}#ds={dataset}&a={a}&rel=top&b={b}"
                                       f"&kind={kind}")
                assert int(_dom_attribute(dom, "data-matches")) == expected
        assert any(item[at][column[WORDTUNE]] & 1 for item in found["items"])
