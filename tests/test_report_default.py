"""`make report` right after a default `make baselines`: every protocol on, every block read.

`lexsub baselines` runs as `make baselines` runs it (no flag: SemEval-2007, SWORDS,
LS07-all and CoInCo under LexSubGen's protocol, TSAR-2022 English), for one system
(`wordnet`), on the session's tiny corpus and a data root whose CoInCo holds 40 instances;
then the commands of the Makefile's `report` recipe run, read from the Makefile, from the
same working directory (the roots given by the environment, as `make` passes them).
Before, `lexsub report` refused the LexSubGen blocks of scores.json and `make report`
failed after every default run.
"""

from __future__ import annotations

import html
import json
import re
import shlex
from pathlib import Path

import pytest
from tiny_corpus import sample_coinco, seed_built

from lexsub_baselines.analysis.headline import read_scores
from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import CACHE_ENV, DATA_ENV, SHARED_ENV, Roots
from lexsub_baselines.inputs.manifest import MANIFEST_ENV

pytestmark = [pytest.mark.needs("wordnet"), pytest.mark.shared, pytest.mark.slow]

_MAKEFILE = Path(__file__).resolve().parents[1] / "Makefile"


def report_recipe(makefile: Path = _MAKEFILE) -> list[list[str]]:
    """Return the `lexsub` arguments of each command of the Makefile's `report` recipe."""
    recipe = re.search(r"(?m)^report:.*\n((?:\t.*\n)+)", makefile.read_text(encoding="utf-8"))
    assert recipe, f"{makefile}: no `report` target"
    commands = [shlex.split(line.strip()) for line in recipe.group(1).splitlines()]
    assert all(command[0] == "$(LEXSUB)" for command in commands), commands
    return [command[1:] for command in commands]


@pytest.fixture(scope="module")
def made(tiny_shared: Roots, tiny_built: Path,
         tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run a default `lexsub baselines` (one system; the tiny corpus's resources built once in
    the session, `tiny_built`), then `make report`'s commands; return the results folder."""
    roots = seed_built(tiny_built, tiny_shared, tmp_path_factory.mktemp("cache"))
    data = tmp_path_factory.mktemp("root") / "data"
    manifest = sample_coinco(tiny_shared.data, data, 40)
    work = tmp_path_factory.mktemp("checkout")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(work)
        patch.setenv(MANIFEST_ENV, str(manifest))
        patch.setenv(SHARED_ENV, str(roots.shared))
        patch.setenv(DATA_ENV, str(data))
        patch.setenv(CACHE_ENV, str(roots.cache))
        assert main(["baselines", "--systems", "wordnet", "--no-progress"]) == 0
        for command in report_recipe():
            assert main(command) == 0, command
    return work / "results"


def test_the_recipe_is_the_two_commands() -> None:
    assert report_recipe() == [["rank-eval", "--skip-existing", "--no-progress"],
                               ["report", "--no-progress"]]


def test_make_report_writes_the_report_and_the_explorer(made: Path) -> None:
    for name in ("report.html", "report.md", "ranking.json", "explorer/index.html"):
        assert (made / name).is_file(), name
    assert list((made / "figures").glob("*.png"))
    markdown = (made / "report.md").read_text(encoding="utf-8")
    for section in ("## Headline", "## semeval2007-test", "## SWORDS", "## Candidate ranking"):
        assert section in markdown, section  # rank-eval's results read too


def test_every_block_the_run_wrote_is_read(made: Path) -> None:
    scores = read_scores(made / "scores.json")
    assert scores is not None
    kinds = {kind for systems in scores.values() for row in systems.values() for kind in row}
    assert kinds == {"best", "oot", "lsr", "lexsubgen", "tsar2022", "prolex"}  # and ProLex
    assert {"semeval2007-all", "coinco-all", "swords-test", "tsar2022-en-trial",
            "tsar2022-en-test", "prolex-dev", "prolex-test", "coinco-test"} <= set(scores)
    # CoInCo's test part (of the sample) under the official scorer, from the CoInCo answers
    best = scores["coinco-test"]["wordnet"]["best"]
    assert best["signature"].startswith("best|profile:official|gold:coinco-test#")
    assert 0 < best["all"]["total"] <= json.loads((made / "runs.json").read_text(
        encoding="utf-8"))["runs"]["coinco-test"]["wordnet"]["instances"]


def test_the_report_shows_ls07_all_and_coinco_beside_todays_systems(made: Path) -> None:
    title = "LS07-all and CoInCo under LexSubGen's protocol — ours and today's systems"
    assert f"#### {title}" in (made / "report.md").read_text(encoding="utf-8")
    page = (made / "report.html").read_text(encoding="utf-8")
    table = page.split(f"{html.escape(title)}</h4>")[1].split("</table>")[0]
    rows = re.findall(r"<tr( class=\"muted\")?><td>([^<]*)</td>(.*?)</tr>", table)
    ours = [(name, cells) for muted, name, cells in rows if not muted]
    today = [name for muted, name, _ in rows if muted]
    # not greyed; the filled row on the exact protocol (the chain's last step, the corpus's
    # most frequent words, finishes every list even on the tiny corpus), ranked with the
    # published rows; the unfilled one padded, after them
    assert [name for name, _ in ours] == ["wordnet+fill", "wordnet (padded)"]
    names = [name for _, name, _ in rows]
    assert names.index("wordnet (padded)") > max(names.index(name) for name in today)
    assert len(re.findall(r"<td class=\"num\">\d+\.\d\d</td>", ours[0][1])) == 8  # both data
    assert {"OOC", "BERT+embs", "XLNet+embs"} <= set(today)  # LexSubGen's, greyed as 2007's


def test_the_report_shows_tsar_beside_the_official_field_greyed(made: Path) -> None:
    title = "tsar2022-en-test — TSAR-2022 lexical simplification"
    assert "## TSAR-2022 lexical simplification" in (made / "report.md").read_text(
        encoding="utf-8")
    page = (made / "report.html").read_text(encoding="utf-8")
    table = page.split(f"{html.escape(title)}</h")[1].split("</table>")[0]
    rows = re.findall(r"<tr( class=\"muted\")?><td>([^<]*)</td>(.*?)</tr>", table)
    assert [name for muted, name, _ in rows if not muted] == ["wordnet", "wordnet+simpler"]
    field = [name for muted, name, _ in rows if muted]
    assert field[0] == "UniHD run 2" and "LSBert-baseline run 1" in field  # as published
    assert "<td class=\"num\">0.8096</td>" in table  # their precision: 4 decimals
