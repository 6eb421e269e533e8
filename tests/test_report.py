"""The report and the instance explorer, built from real answers and read in headless Chromium.

The results are the project's own `results/` (after `make baselines`) when it has a
`scores.json` and the answers of `SYSTEMS`, copied so that nothing is written into it but the
screenshots; otherwise
`lexsub baselines` is run here on the real task data for five systems of four families (the
`wordnet` and `lin` rows of the papers, `wordnet-c12`'s trial row, `roget`, an ablation),
with the tiny real corpus the other build tests use (seconds).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from tiny_corpus import seed_built

from lexsub_baselines.analysis import families
from lexsub_baselines.analysis.browser import (
    EXPLORER_PROBE,
    LAYOUT_PROBE,
    Browser,
    find_chromium,
    probe,
)
from lexsub_baselines.analysis.explorer import decode_answers
from lexsub_baselines.analysis.render import png_size, write_report
from lexsub_baselines.analysis.report import (
    EXPLORER_PAGE,
    Report,
    ReportSettings,
    build_report,
    figure_names,
)
from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.runs.runner import file_stem
from lexsub_baselines.scoring import Scorer, SwordsScorer
from lexsub_baselines.tables.published import published_row

pytestmark = [pytest.mark.needs("wordnet"), pytest.mark.slow]

SYSTEMS = ("wordnet", "wordnet-c12", "roget", "lin", "wordnet+freq:wordfreq:tiers")
DATASETS = ("semeval2007-trial", "semeval2007-test")
SWORDS = ("swords-dev", "swords-test")


@pytest.fixture(scope="module")
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
          shared: Roots) -> tuple[Roots, Path]:
    """Five systems of four families built here, always (never a developer's own results/:
    the tests must see what they build): the session's tiny corpus and its resources, built
    once (conftest's `tiny_built`)."""
    tiny: Roots = request.getfixturevalue("tiny_shared")
    cache: Path = request.getfixturevalue("tiny_built")
    roots = seed_built(cache, tiny, tmp_path_factory.mktemp("c"))
    out = tmp_path_factory.mktemp("built")
    assert main(["--shared-root", str(roots.shared), "--cache-dir", str(roots.cache),
                 "baselines", "--no-lexsubgen", "--no-tsar", "--systems", *SYSTEMS,
                 "--out", str(out), "--no-progress"]) == 0
    return roots, out


@pytest.fixture(scope="module")
def source(built: tuple[Roots, Path]) -> Path:
    """The folder `built` wrote."""
    return built[1]


@pytest.fixture(scope="module")
def results(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the results' answers and JSON, where the report is written."""
    out = tmp_path_factory.mktemp("results")
    for name in ("scores.json", "runs.json", "ranking.json"):
        if (source / name).is_file():
            shutil.copy(source / name, out / name)
    for dataset in (*DATASETS, *SWORDS):
        shutil.copytree(source / dataset, out / dataset)
    return out


@pytest.fixture(scope="module")
def report(results: Path, shared: Roots) -> Report:
    """The report (fewer significance trials: the tests check what is shown, not p)."""
    built = build_report(results, shared, ReportSettings(resamples=100), progress=False)
    write_report(built, results)
    return built


def _scores(results: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((results / "scores.json").read_text(encoding="utf-8"))
    return data


def _other_wordnet_files(prefix: Path) -> Path:
    """Return a WordNet 3.0 folder laid out as `LEXSUB_WORDNET_DIR` reads it (the lexnames
    page beside it, as in the packages): every file linked to the installed one but
    `data.noun`, whose licence header differs by one letter (the same length: no synset's
    offset moves). Another `wordnet-files` setting, the same synsets."""
    from lexsub_baselines.resources.wordnet_nltk import WORDNET_FILES, wordnet_location

    folder, page = wordnet_location()
    target = prefix / "share" / "wordnet"
    target.mkdir(parents=True)
    for name in WORDNET_FILES:
        if name != "data.noun":
            (target / name).symlink_to(folder / name)
    data = (folder / "data.noun").read_bytes()
    assert data.startswith(b"  1 This software")
    (target / "data.noun").write_bytes(data.replace(b"This", b"THIS", 1))
    (prefix / "share" / "man" / "man5").mkdir(parents=True)
    (prefix / "share" / "man" / "man5" / page.name).symlink_to(page)
    return target


# --- the report's parts ------------------------------------------------------------------


def test_every_table_and_the_explorer_mark_the_same_rows(
        built: tuple[Roots, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's sequence: every system, then one of them again under another setting
    with --mixed-settings. Every table of tables.md, every table of the report and the
    explorer's columns mark exactly the rows of the settings group the newest run is not in."""
    from lexsub_baselines.runs.records import read_runs

    roots, source = built
    out = tmp_path / "mixed"
    shutil.copytree(source, out)
    # another WordNet database (its `wordnet-files` setting), not another corpus sample: the
    # same resources, so that lin runs again without rebuilding its counts and neighbours
    monkeypatch.setenv("LEXSUB_WORDNET_DIR", str(_other_wordnet_files(tmp_path / "wn")))
    argv = ["--shared-root", str(roots.shared), "--cache-dir", str(roots.cache), "baselines",
            "--no-lexsubgen", "--no-tsar", "--systems", "lin", "--out", str(out),
            "--no-progress"]
    assert main(argv) == 2  # refused without --mixed-settings: nothing written
    assert main([*argv, "--mixed-settings"]) == 0
    monkeypatch.delenv("LEXSUB_WORDNET_DIR")
    marks = read_runs(out / "runs.json").marks()
    marked = {system for _, system in marks}
    assert "wordnet" in marked and "lin" not in marked  # wordnet ranks by the older counts
    assert {mark for mark in marks.values()} == {"†1"}
    rows = 0
    tables = (out / "tables.md").read_text(encoding="utf-8").split("\n## Settings\n")[0]
    for line in tables.splitlines():
        if (found := re.match(r"^\| `([^`]+)`( †\d)? \|", line)) and found.group(1) in SYSTEMS:
            rows += 1
            assert bool(found.group(2)) == (found.group(1) in marked), line
    assert rows > 20
    report = build_report(out, roots, ReportSettings(resamples=50), progress=False)
    checked = 0
    for section in report.sections:
        for table in (*section.tables, *section.details):
            for number, row in enumerate(table.rows):
                name = str(row[table.mark_column]) if len(row) > table.mark_column else ""
                if name in SYSTEMS and number not in table.muted:
                    mark = table.marks[number] if number < len(table.marks) else ""
                    assert bool(mark) == (name in marked), (table.title, name)
                    checked += 1
    assert checked > 20
    assert report.explorer is not None
    for dataset in report.explorer["datasets"]:
        for index, mark in zip(dataset["systems"], dataset["marks"], strict=True):
            name = report.explorer["systems"][index][0]
            assert bool(mark) == (name in marked), (dataset["name"], name)


def test_headline_comes_first_and_every_section_says_what_to_read(report: Report,
                                                                   results: Path) -> None:
    assert report.sections[0].anchor == "headline"
    assert figure_names(report)[0] == "headline"
    titles = [s.title for s in report.sections]
    for dataset in DATASETS:
        assert dataset in titles
    for title in ("Scores by part of speech", "Further-analysis subsets",
                  "Type overlap and disambiguation", "Correlation between systems",
                  "Disruptive sets", "Paired significance"):
        assert titles.count(title) == len(DATASETS)
    assert all(s.text for s in report.sections)
    assert all(line.startswith(("best|", "oot|", "mw|")) for line in report.sections[0].lines)
    text = (results / "report.html").read_text(encoding="utf-8")
    assert text.index('id="headline"') < text.index(f'id="{DATASETS[0]}-pos"')
    assert f'href="{EXPLORER_PAGE}#ds=semeval2007-test&amp;show=wordnet"' in text
    markdown = (results / "report.md").read_text(encoding="utf-8")
    for name in figure_names(report):
        assert f"(figures/{name}.png)" in markdown
        assert png_size((results / "figures" / f"{name}.png").read_bytes())[0] <= 1240


def test_prose_reads_as_prose_and_tables_follow_the_families(report: Report,
                                                             results: Path) -> None:
    """Code in the prose is set as code (no literal backticks), each note is a sentence with
    its full stop, and the SWORDS tables list the systems family by family (not A to Z)."""
    text = (results / "report.html").read_text(encoding="utf-8")
    prose = re.findall(r'<p class="(?:read|note)">(.*?)</p>', text, flags=re.S)
    assert prose and not [p for p in prose if "`" in p]
    assert "<code>" in text
    assert "cannot be excluded. Every row" in text or "cannot be excluded" not in text
    for section in report.sections:
        if section.anchor.endswith("-swords") or section.anchor == "swords-semeval":
            for table in (*section.tables, *section.details):
                systems = [str(row[0]) for row in table.rows]
                assert systems == families.ordered(systems), (section.anchor, systems)


def test_every_chart_draws_one_family_in_distinct_stable_colours(report: Report) -> None:
    charted = [f for s in report.sections for f in s.figures if "-pos-" in f.name]
    assert len(charted) >= 2 * 3  # three families (or more) on each dataset
    seen: dict[str, str] = {}
    for figure in charted:
        assert 2 <= len(figure.series) <= families.MAX_SERIES
        assert len(set(figure.colours)) == len(figure.colours), figure.name
        members = [s for s in figure.series if s != families.REFERENCE]
        assert len({families.family_of(s).name for s in members}) == 1, figure.name
        for system, colour in zip(figure.series, figure.colours, strict=True):
            assert seen.setdefault(system, colour) == colour, system


def test_families_split_any_set_of_systems_into_readable_charts() -> None:
    from lexsub_baselines import catalog  # noqa: F401  (fills the registries)
    from lexsub_baselines.catalog import SYSTEMS as REGISTERED

    systems = [*REGISTERED.names(), "vote(all)", "roget+lm", "dist:lin+bow",
               *(f"wordnet+freq:x{i}:tiers" for i in range(9))]
    colours = families.colours(systems)
    charts = families.charts(systems)
    assert sorted(s for c in charts for s in c.systems if not (
        c.reference and s == families.REFERENCE)) == sorted(set(systems))
    for chart in charts:
        assert len(chart.systems) <= families.MAX_SERIES
        assert len({colours[s] for s in chart.systems}) == len(chart.systems), chart.name
    assert [c.name for c in charts if c.family.name == "ablations"] == \
        ["ablations-1", "ablations-2", "ablations-3"]
    assert families.family_of("dict:wiktionary").name == "cross-lingual"
    # the embedding rankers are no frequency ablation
    assert {families.family_of(f"wordnet+emb:{m}").name
            for m in ("add", "baladd", "mult", "balmult")} == {"embedding"}
    assert families.family_of("roget+emb:add").name == "embedding"


def test_headline_tables_hold_scores_json_and_the_papers(report: Report, results: Path) -> None:
    scores = _scores(results)
    table = report.sections[0].tables[0]
    checked = 0
    for row in table.rows:
        dataset, system = str(row[0]), str(row[1])
        for column, kind in ((2, "best"), (8, "oot")):
            ours = scores.get(dataset, {}).get(system, {}).get(kind, {}).get("all", {})
            paper = published_row(dataset, system.split(":")[0], kind)
            assert paper is not None
            assert row[column + 1] == paper.get("recall")
            if ours:
                checked += 1
                assert row[column] == ours["recall"]
                assert row[column + 2] == pytest.approx(ours["recall"] - paper.get("recall"))
            else:
                assert row[column] is None and row[column + 2] is None
    assert checked >= 4  # wordnet and lin on test, wordnet-c12 on trial: best and oot


def _plain(word: str) -> bool:
    return word.isalpha() and word.isascii()


def test_explorer_data_is_the_answer_files_and_the_official_credit(report: Report,
                                                                   results: Path,
                                                                   shared: Roots) -> None:
    """Each answer is the file's, each oot credit the official formula computed here from the
    gold file as SCORING.md states it (entries with `pn` dropped; Σ count(a) / |H| over the
    first 10 answers), not the scorer's own number."""
    assert report.explorer is not None
    data = report.explorer
    fields = {name: i for i, name in enumerate(data["fields"])}
    systems = [s[0] for s in data["systems"]]
    test = next(d for d in data["datasets"] if d["name"] == "semeval2007-test")
    column = [systems[g] for g in test["systems"]].index("wordnet")
    lines = (results / "semeval2007-test" / "wordnet.oot").read_text(encoding="utf-8")
    answers = {line.split(" ::: ")[0].split()[1]: line.split(" ::: ")[1].split(";")
               for line in lines.splitlines() if " ::: " in line}
    gold: dict[str, list[tuple[str, int]]] = {}
    for line in load_dataset("semeval2007-test", shared).path("gold").read_text(
            encoding="latin-1").splitlines():
        head, found, listed = line.partition(" :: ")
        if not found or len(head.split()) != 2:
            continue
        parts = [e.strip().rsplit(" ", 1) for e in listed.split(";") if e.strip()]
        gold[head.split()[1]] = [(p[0], int(p[1])) for p in parts
                                 if len(p) == 2 and p[1].isdigit()]
    checked = 0
    for item in test["items"]:
        _, _, words, width = test["lexelts"][item[fields["lexelt"]]]
        given = [words[i] for i in decode_answers(item[fields["answers"]][column], width)[1]]
        assert given == [a for a in answers.get(item[0], []) if a], item[0]
        entries: list[tuple[str, int]] = gold.get(item[0], [])
        if not item[fields["in_t"]] or not all(_plain(s) for s, _ in entries) or not all(
                _plain(a) for a in given):
            continue  # the formula by hand only where no normalisation rule applies
        # SCORING.md: entries containing `pn` anywhere (the proper-name mark) are dropped
        counts = {s: c for s, c in entries if "pn" not in s}
        expected = sum(counts.get(a, 0) for a in given[:10]) / sum(counts.values())
        assert item[fields["credit"]][2 * column + 1] == pytest.approx(expected, abs=1e-4)
        checked += 1
    assert checked > 500  # of 1696 (the rest need a normalisation rule)
    instances = sum(len(load_dataset(d, shared).instances()) for d in (*DATASETS, *SWORDS))
    assert sum(len(d["items"]) for d in data["datasets"]) == instances


def test_explorer_marks_come_from_the_scorer(report: Report, shared: Roots) -> None:
    assert report.explorer is not None
    fields = {name: i for i, name in enumerate(report.explorer["fields"])}
    test = next(d for d in report.explorer["datasets"] if d["name"] == "semeval2007-test")
    gold = Scorer(load_dataset("semeval2007-test", shared)).gold().items
    items = {item[0]: item for item in test["items"]}
    for item_id, target in gold.items():
        item = items[item_id]
        mode = item[fields["mode"]]
        assert (mode is None) == (target.mode is None)
        if mode is not None:  # hyphenated and non- modes included: the entry the mode is
            assert item[fields["gold"]][mode][0] == target.mode
    assert items["567"][fields["unscored"]] == 1  # no gold line for this id
    few = [i for i, item in items.items() if i not in gold and item[fields["gold"]]]
    assert few and all(items[i][fields["unscored"]] == 2 for i in few)


def test_explorer_swords_marks_are_what_the_evaluation_counts(report: Report, results: Path,
                                                              shared: Roots) -> None:
    assert report.explorer is not None
    data = report.explorer
    fields = {name: i for i, name in enumerate(data["swords_fields"])}
    systems = [s[0] for s in data["systems"]]
    swords = next(d for d in data["datasets"] if d["name"] == "swords-test")
    assert swords["kind"] == "swords" and len(swords["items"]) == 762
    column = [systems[g] for g in swords["systems"]].index("wordnet")
    scorer = Scorer("swords-test", roots=shared)
    assert isinstance(scorer, SwordsScorer)
    prepared = scorer.prepared(results / "swords-test" / "wordnet.lsr.json")
    for item in swords["items"][::37]:
        gold, extra = item[fields["gold"]], item[fields["extra"]]
        words = [g[0] for g in gold] + extra
        shown = [words[v] for v in item[fields["answers"]][column]]
        assert shown == prepared.get(item[0], [])[:10]
        target = scorer.swords_gold.targets.get(item[0])
        ratios = target.weights("ratio") if target is not None else {}
        for substitute, true, labels in gold:
            assert true / labels == pytest.approx(ratios[substitute])
        assert item[fields["target"]].lower() in item[fields["left"]].lower() + \
            item[fields["target"]].lower()


def test_embedded_data_escapes_every_angle_bracket() -> None:
    from lexsub_baselines.analysis.explorer import render_explorer

    nasty = {"format": 3, "fields": [], "swords_fields": [], "datasets": [],
             "note": "<!--<script>alert(1)</script>"}
    page = render_explorer(nasty)
    payload = page.split('<script type="application/json" id="data">')[1].split("</script>")[0]
    assert "<" not in payload
    assert json.loads(payload)["note"] == nasty["note"]


def test_cli_writes_the_same_bytes_again(report: Report, results: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """`lexsub report` of the same results, elsewhere: every file `report` wrote (pages,
    figures, explorer), byte for byte."""
    out = tmp_path / "again"
    assert main(["report", "--results", str(results), "--out", str(out), "--resamples", "100",
                 "--no-progress"]) == 0
    assert str(out / EXPLORER_PAGE) in capsys.readouterr().out
    written = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert (out / EXPLORER_PAGE).is_file() and len(written) == len(figure_names(report)) + 3
    for path in written:
        assert (out / path).read_bytes() == (results / path).read_bytes(), path


def test_bad_input_is_one_message_naming_the_file(results: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(results / "semeval2007-trial", broken / "semeval2007-trial")
    for text, expected in (("{not json", "not JSON"), ("[1, 2]", "expected an object"),
                           ('{"semeval2007-trial": {"wordnet": {"best": 3}}}', "no `all`")):
        (broken / "scores.json").write_text(text, encoding="utf-8")
        assert main(["report", "--results", str(broken), "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert f"{broken / 'scores.json'}: " in err and expected in err
        assert "make baselines" in err
    (broken / "scores.json").unlink()
    (broken / "runs.json").write_text("[]", encoding="utf-8")
    assert main(["report", "--results", str(broken), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert f"{broken / 'runs.json'}: not a runs file" in err and "Traceback" not in err
    (broken / "runs.json").unlink()  # answer files that no record vouches for: nothing to show
    assert main(["report", "--results", str(broken), "--no-progress", "--resamples", "50"]) == 2
    err = capsys.readouterr().err
    assert "no answer file is recorded" in err and "lexsub baselines" in err
    assert not (broken / "report.html").exists()
    assert main(["report", "--results", str(tmp_path / "nowhere")]) == 2
    assert "results folder" in capsys.readouterr().err


def test_cli_writes_a_part_of_the_report_without_the_explorer(results: Path,
                                                              tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    assert main(["report", "--results", str(results), "--out", str(plain), "--resamples", "100",
                 "--no-progress", "--no-explorer", "--datasets", "semeval2007-trial",
                 "--systems", "wordnet", "roget"]) == 0
    assert (plain / "report.html").is_file() and not (plain / EXPLORER_PAGE).exists()
    assert "explorer/index.html" not in (plain / "report.html").read_text(encoding="utf-8")
    markdown = (plain / "report.md").read_text(encoding="utf-8")
    assert "\n## semeval2007-trial\n" in markdown and "\n## semeval2007-test\n" not in markdown


# --- in a real browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Browser:
    """Headless Chromium (skipped when absent: scripts/setup.sh installs it)."""
    if find_chromium() is None:
        pytest.skip("chromium not installed (scripts/setup.sh installs it)")
    return Browser.find(tmp_path_factory.mktemp("chromium"))


def _attribute(dom: str, name: str) -> str:
    found = re.search(rf'\b{name}="([^"]*)"', dom)
    assert found is not None, name
    return html.unescape(found.group(1))


def _cells(row: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", c))
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]


def test_report_in_chromium(report: Report, results: Path, source: Path, browser: Browser,
                            tmp_path: Path) -> None:
    page = results / "report.html"
    dom = browser.dump_dom(probe(page, LAYOUT_PROBE, tmp_path / "probe.html").as_uri(),
                           1280, 900)
    assert int(_attribute(dom, "data-decoded")) == len(figure_names(report))
    assert int(_attribute(dom, "data-page-width")) <= int(_attribute(dom, "data-window-width"))
    assert _attribute(dom, "data-overlaps") == ""
    # the headline table as the browser shows it, against scores.json and published.py
    scores = _scores(results)
    headline = dom[dom.index('id="headline"'):]
    table = headline[:headline.index("</table>")]
    shown = 0
    for row in re.findall(r"<tr>(.*?)</tr>", table)[1:]:
        cells = _cells(row)
        dataset, system = cells[0], cells[1]
        paper = published_row(dataset, system.split(":")[0], "best")
        assert paper is not None and cells[3] == f"{paper.get('recall'):.2f}"
        block = scores.get(dataset, {}).get(system, {})
        if block:
            shown += 1
            best, oot = block["best"]["all"]["recall"], block["oot"]["all"]["recall"]
            assert cells[2] == f"{best:.2f}" and cells[8] == f"{oot:.2f}"
            assert cells[4] == f"{best - paper.get('recall'):+.2f}"
    assert shown >= 2
    # screenshots, the whole page in 1280 x 1400 tiles, for a reader to look at
    height = int(_attribute(dom, "data-page-height"))
    _tiles(browser.screenshot(page.as_uri(), tmp_path / "page.png", 1280, height),
           source / "figures", "screenshot-report")


def _tiles(shot: Path, folder: Path, stem: str, height: int = 1400) -> None:
    from matplotlib import image

    pixels = image.imread(str(shot))
    assert pixels.shape[1] == 1280
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{stem}-*.png"):
        old.unlink()
    for number, top in enumerate(range(0, pixels.shape[0], height), start=1):
        image.imsave(str(folder / f"{stem}-{number:02d}.png"), pixels[top:top + height])


def _listed(dom: str) -> list[str]:
    """Return the keys of the instances the explorer's list shows."""
    listed = dom[dom.index('<ol id="list">'):]
    return [html.unescape(k) for k in
            re.findall(r'<li data-key="([^"]+)"', listed[:listed.index("</ol>")])]


#: Clicks the third instance of the list once the explorer has rendered.
_CLICK_THIRD = """
window.addEventListener('load', () => {
  document.querySelectorAll('#list li')[2].click();
});
"""


def _instance_matches_the_files(dom: str, item: str, system: str, results: Path,
                                gold_file: Path) -> float:
    """Check the open instance's gold and `system`'s marked answers against the files;
    return the best credit it shows."""
    line = next(g for g in gold_file.read_text(encoding="utf-8").splitlines()
                if g.split(" :: ")[0].split()[1:] == [item])
    gold = [(e.rsplit(" ", 1)[0], e.rsplit(" ", 1)[1]) for e in
            line.split(" :: ")[1].split(";") if e.strip()]
    shown = [(html.unescape(s), c) for s, c in
             re.findall(r'<tr class="gold-entry" data-sub="([^"]*)" data-count="(\d+)"', dom)]
    assert shown == gold
    row = re.search(rf'<tr data-system="{re.escape(system)}">(.*?)</tr>', dom)
    assert row is not None
    for kind, separator in (("best", " :: "), ("oot", " ::: ")):
        cell = re.search(rf'<td class="{kind}">(.*?)</td>', row.group(1))
        assert cell is not None
        marked = [(html.unescape(a), m) for a, m in
                  re.findall(r'data-a="([^"]*)" data-mark="(\w+)"', cell.group(1))]
        written = next(x for x in (results / "semeval2007-test" / f"{file_stem(system)}.{kind}")
                       .read_text(encoding="utf-8").splitlines()
                       if x.split(separator)[0].split()[1] == item)
        assert [a for a, _ in marked] == [a for a in written.split(separator)[1].split(";") if a]
        substitutes = {s for s, _ in gold}
        for answer, mark in marked:  # the scorer's normalisation, where it matters, is hyphens
            assert (mark != "none") == (answer.replace("-", " ") in substitutes), answer
    return float(_attribute(row.group(1), "data-credit"))


def test_explorer_in_chromium(report: Report, results: Path, source: Path, browser: Browser,
                              tmp_path: Path, shared: Roots) -> None:
    page = results / EXPLORER_PAGE
    start = time.perf_counter()
    dom = browser.dump_dom(page.as_uri())
    print(f"explorer: {page.stat().st_size / 1e6:.2f} MB, first render "
          f"{_attribute(dom, 'data-first-render-ms')} ms in the page, "
          f"{time.perf_counter() - start:.1f} s with Chromium's start")
    instances = sum(len(load_dataset(d, shared).instances()) for d in (*DATASETS, *SWORDS))
    assert int(_attribute(dom, "data-items")) == instances
    assert _attribute(dom, "data-matches") == _attribute(dom, "data-total") == str(instances)
    assert len(_listed(dom)) == 50  # the first page
    # open (click) an instance where wordnet earns credit; check it against the files
    view = "#ds=semeval2007-test&sys=wordnet&cond=credit&show=wordnet"
    clicked = probe(page, _CLICK_THIRD, page.parent / "click.html")
    dom = browser.dump_dom(clicked.as_uri() + view, budget_ms=3000)
    detail = re.search(r'<section id="detail" data-key="([^"]+)"', dom)
    assert detail is not None
    key = html.unescape(detail.group(1))
    assert key == _listed(dom)[2] and key.startswith("semeval2007-test/")
    dataset = load_dataset("semeval2007-test", shared)
    credit = Scorer(dataset).item_credits(results / "semeval2007-test" / "wordnet.best", "best")
    item = key.split("/")[1]
    shown = _instance_matches_the_files(dom, item, "wordnet", results, dataset.path("gold"))
    assert shown == pytest.approx(credit.credit[item], abs=1e-4) and shown > 0
    browser.screenshot(f"{page.as_uri()}{view}&item={key}",
                       source / "figures" / "screenshot-explorer.png", 1280, 1000)
    # items where wordnet beats roget on oot: as many as the scorer's item credits say
    scorer = Scorer(dataset)
    a, b = (scorer.item_credits(results / "semeval2007-test" / f"{s}.oot", "oot").credit
            for s in ("wordnet", "roget"))
    dom = browser.dump_dom(f"{page.as_uri()}#ds=semeval2007-test&a=wordnet&b=roget&kind=oot")
    assert int(_attribute(dom, "data-matches")) == sum(a[i] > b[i] for i in a) > 0
    # an instance of the lexelt with the most distinct answers, every system shown
    assert report.explorer is not None
    test = next(d for d in report.explorer["datasets"] if d["name"] == "semeval2007-test")
    widest = max(range(len(test["lexelts"])), key=lambda i: len(test["lexelts"][i][2]))
    item = next(i[0] for i in test["items"] if i[1] == widest)
    systems = [s[0] for s in report.explorer["systems"]]
    dom = browser.dump_dom(f"{page.as_uri()}#item=semeval2007-test/{item}&show="
                           + ",".join(systems))
    for system in SYSTEMS:
        _instance_matches_the_files(dom, item, system, results, dataset.path("gold"))


@pytest.mark.parametrize("width", [1000, 1280, 1600])
def test_explorer_swords_view_has_no_overlapping_boxes(report: Report, results: Path,
                                                       browser: Browser, width: int) -> None:
    """The SWORDS list shows each target in its context (as the SemEval rows do), no box
    overlaps another or leaves its pane from 1000 px wide, and the counts are the chosen
    dataset's."""
    assert report.explorer is not None
    swords = [d for d in report.explorer["datasets"] if d["kind"] == "swords"]
    if not swords:
        pytest.skip("no SWORDS results (../shared/data/swords absent)")
    dev = swords[0]
    page = results / EXPLORER_PAGE
    probed = probe(page, EXPLORER_PROBE, page.parent / f"layout-{width}.html")
    shown = ",".join(s[0] for s in report.explorer["systems"])
    longest = max(dev["items"], key=lambda item: len(dev["lexelts"][item[1]][0]))
    for view in (f"#ds={dev['name']}&show={shown}",
                 f"#ds={dev['name']}&show={shown}&item={dev['name']}/{longest[0]}"):
        dom = browser.dump_dom(probed.as_uri() + view, width, 900)
        assert _attribute(dom, "data-layout-problems") == "", (width, view)
        assert int(_attribute(dom, "data-page-width")) <= width
        assert _attribute(dom, "data-total") == str(len(dev["items"]))  # e.g. 370, not all
        assert _attribute(dom, "data-matches") == str(len(dev["items"]))
        summary = re.search(r'<p id="summary"[^>]*>([^<]*)</p>', dom)
        assert summary is not None and f"of {len(dev['items'])} targets" in summary.group(1)
        listed = dom[dom.index('<ol id="list">'):]
        rows = re.findall(r'<span class="key">([^<]*)</span>.*?<span class="snip">(.*?)</span>',
                          listed[:listed.index("</ol>")], flags=re.S)
        assert len(rows) == 50
        for number, (key, snip) in enumerate(rows, start=1):
            item = dev["items"][number - 1]
            assert key == f"sw-{dev['name'].removeprefix('swords-')} {number}"  # not the hash
            assert f"<mark>{html.escape(item[3], quote=False)}</mark>" in snip  # in context
