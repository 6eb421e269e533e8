"""The README and docs/ stay true: every link resolves, every path named exists, every command
in a code block is one the project has (`lexsub` parses it, `make` has the target, a script
is there)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from lexsub_baselines.cli import build_parser

PROJECT = Path(__file__).resolve().parent.parent
PAGES = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
#: The folders a path named in the docs starts with: the project's, and the package's.
_FOLDERS = ("lexsub_baselines", "tests", "scripts", "docs", "resources", *sorted(
    p.name for p in (PROJECT / "lexsub_baselines").iterdir() if (p / "__init__.py").is_file()))
_PATH = re.compile(r"`((?:" + "|".join(_FOLDERS) + r")/[\w/.-]+\.\w+)`")
_BLOCK = re.compile(r"```[a-z]*\n(.*?)```", re.S)


def _slug(heading: str) -> str:
    """Return GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _BLOCK.sub("", page.read_text(encoding="utf-8"))
    return {_slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_link_resolves(page: Path) -> None:
    text = _BLOCK.sub("", page.read_text(encoding="utf-8"))
    for target in _LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        where, _, anchor = target.partition("#")
        linked = (page.parent / where).resolve() if where else page
        assert linked.exists(), f"{page.name}: dead link {target}"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{page.name}: no heading #{anchor} in {where}"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_path_named_exists(page: Path) -> None:
    for named in _PATH.findall(page.read_text(encoding="utf-8")):
        candidates = [PROJECT / named, PROJECT / "lexsub_baselines" / named]
        if named.startswith(("results/", "swords/")):  # outputs, and the benchmark's own code
            continue
        assert any(p.exists() for p in candidates), f"{page.name}: `{named}` does not exist"


def _commands(page: Path) -> list[str]:
    lines = []
    for block in _BLOCK.findall(page.read_text(encoding="utf-8")):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("$ "):
                line = line[2:]
            while re.match(r"^[A-Z_]+=\S+ ", line):  # VAR=value make ...
                line = line.split(" ", 1)[1]
            line = re.split(r" (?:<|>|\|) ", line)[0]  # the command, not its redirection
            if line.startswith(("lexsub ", "make ", "python ", ".venv/bin/python ")):
                lines.append(line)
    return lines


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_command_resolves(page: Path) -> None:
    targets = set(re.findall(r"(?m)^([\w-]+):", (PROJECT / "Makefile").read_text()))
    parser = build_parser()
    for command in _commands(page):
        words = shlex.split(command)
        if words[0] == "make":
            assert set(words[1:]) <= targets, f"{page.name}: no make target in `{command}`"
        elif words[0] == "lexsub":
            try:
                parser.parse_args(words[1:])
            except SystemExit:
                pytest.fail(f"{page.name}: `{command}` does not parse")
        else:
            script = next(w for w in words[1:] if w.endswith(".py"))
            assert (PROJECT / script).is_file(), f"{page.name}: no script {script}"


def test_the_readme_fits_on_a_few_screens() -> None:
    assert (PROJECT / "README.md").stat().st_size <= 20_000
    assert len(_commands(PROJECT / "README.md")) >= 4


def test_the_readme_quotes_the_recorded_tables_digest() -> None:
    """The digest the README names is the one `scripts/record_reference.py` recorded, which
    `lexsub verify-tables` checks a run against: re-recording it means updating the README."""
    from lexsub_baselines.runs.digest import read_reference

    reference = read_reference()
    assert reference is not None
    digest = reference["tables_sha256"][:16]
    assert f"`{digest}`" in (PROJECT / "README.md").read_text(encoding="utf-8")


#: The task pages, in the order the README's map lists them first.
TASK_PAGES = ("score.md", "compare.md", "baselines.md", "add-system.md", "cluster.md",
              "fetch.md")


def test_the_pages_fit() -> None:
    """docs/ holds at most 120 KB in all, no page over 25 KB."""
    sizes = {p.name: p.stat().st_size for p in (PROJECT / "docs").glob("*.md")}
    assert sum(sizes.values()) <= 120_000, sizes
    assert all(size <= 25_000 for size in sizes.values()), sizes


@pytest.mark.parametrize("page", PAGES[1:], ids=[p.name for p in PAGES[1:]])
def test_every_page_opens_with_the_way_back(page: Path) -> None:
    first = page.read_text(encoding="utf-8").splitlines()[0]
    assert first == "← [README](../README.md#documentation)", page.name


def test_the_readmes_map_names_every_page_the_tasks_first() -> None:
    """The README's Documentation map links every page of docs/ once, the task pages first: a
    newcomer is one click from scoring, comparing and adding a system."""
    text = (PROJECT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Documentation\n"):]
    linked = re.findall(r"\]\(docs/([\w-]+\.md)\)", section)
    assert sorted(linked) == sorted(p.name for p in (PROJECT / "docs").glob("*.md"))
    assert tuple(linked[:len(TASK_PAGES)]) == TASK_PAGES
