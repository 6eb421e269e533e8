"""The command's entry points: `python -m lexsub_baselines`, `lexsub components`, and the
promise that scoring one file imports nothing heavy (issue 12.3, 16.4)."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_baselines.cli import COMMAND_MODULES, COMMANDS, build_parser, command_modules, main

HEAVY = ("numpy", "scipy", "spacy", "dask", "thinc", "matplotlib", "gensim", "kenlm", "nltk")


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).parent.parent)


def test_python_m_works_like_lexsub() -> None:
    shown = _python("-m", "lexsub_baselines", "--help")
    assert shown.returncode == 0
    assert "usage: lexsub" in shown.stdout and "components" in shown.stdout
    version = _python("-m", "lexsub_baselines", "--version")
    assert version.returncode == 0 and version.stdout.startswith("lexsub ")
    wrong = _python("-m", "lexsub_baselines", "scroe")
    assert wrong.returncode == 2 and "invalid choice: 'scroe'" in wrong.stderr


PROBE = """
import sys
from lexsub_baselines.cli import main
try:
    main(sys.argv[1].split("|"))
except SystemExit:  # --version
    pass
print("heavy:", sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[2:])))
"""


@pytest.mark.parametrize("command", ["score", "--version"])
def test_scoring_one_file_imports_nothing_heavy(tmp_path: Path, command: str) -> None:
    gold = tmp_path / "gold"
    gold.write_text("side.n 1 :: team 3;party 1;\n")
    system = tmp_path / "sys.best"
    system.write_text("side.n 1 :: team\n")
    argv = f"score|{system}|{gold}" if command == "score" else command
    run = _python("-c", PROBE, argv, *HEAVY)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "heavy: []"
    if command == "score":
        assert "precision = 75.00, recall = 75.00" in run.stdout


def test_only_the_commands_module_is_imported() -> None:
    assert command_modules(["score", "a.best", "gold"]) == ("lexsub_baselines.cli.score_cmd",)
    assert command_modules(["--data-root", "x", "rank-eval"]) == (COMMAND_MODULES["rank-eval"],)
    assert command_modules(["--version"]) == ()
    assert command_modules(["--help"]) == COMMANDS == command_modules(["scroe"])
    # every module's commands are in the table (a new command still works: all are imported)
    assert set(COMMAND_MODULES.values()) == set(COMMANDS)


def test_components_lists_each_registry_one_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["components"]) == 0
    out = capsys.readouterr().out
    sections = {}
    for block in out.split("\n\n"):
        title, *rows = block.strip("\n").split("\n")
        sections[title] = {row.split()[0]: row for row in rows}
        assert all(row.startswith("  ") and len(row.split(None, 1)) == 2 for row in rows)
    assert list(sections) == ["generators:", "rankers:", "frequency sources:",
                              "scorer profiles:"]
    assert {"wordnet", "roget", "dist:lin"} <= set(sections["generators:"])
    assert {"freq:bnc", "cmlc", "identity"} <= set(sections["rankers:"])
    assert {"bnc", "gr", "corpus"} <= set(sections["frequency sources:"])
    assert {"official", "corrected", "clls2010-official"} <= set(sections["scorer profiles:"])


def _subcommands(parser: argparse.ArgumentParser, prefix: str = "lexsub"
                 ) -> list[tuple[str, argparse.ArgumentParser]]:
    """Return every (sub-)command's parser, depth first, with its command line."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((f"{prefix} {name}", sub))
                found += _subcommands(sub, f"{prefix} {name}")
    return found


def test_every_command_is_described_and_its_help_is_true() -> None:
    """`lexsub COMMAND --help` describes every command (and `lexsub lm ACTION`); the words
    the first user found missing or wrong are there."""
    commands = dict(_subcommands(build_parser()))
    assert {"lexsub run", "lexsub datasets", "lexsub systems", "lexsub vote", "lexsub report",
            "lexsub rank-eval", "lexsub baselines", "lexsub resources", "lexsub lm",
            "lexsub lm build"} <= set(commands)
    for name, parser in commands.items():
        assert parser.description and len(parser.description) > 40, name
    run = commands["lexsub run"].format_help()
    assert "It does not score" in " ".join(run.split()) and ".lsr.json" in run
    assert "SWORDS" in build_parser().format_help()
    assert "--plugin" in commands["lexsub components"].format_help()
    shared = " ".join(build_parser().format_help().split())
    assert ("default the checkout's ../shared when the package runs from a checkout that has "
            "one, else the per-user folder") in shared and "; now: data root " in shared
    score = " ".join(commands["lexsub score"].format_help().split())
    assert "best (the default), oot or mw" in score  # and -t elsewhere is ignored, as it is
    assert "-t does not apply to them (ignored, with a note)" in score


def test_every_help_page_ends_with_examples_that_parse() -> None:
    """Each command's help ends with two or three worked examples; each command in them parses
    (an unknown option or a missing argument would exit); score's show the fetch-then-score
    path of SemEval, SWORDS, LexSubGen's protocol and TSAR-2022."""
    parser = build_parser()
    pages = {name: sub for name, sub in _subcommands(parser) if name.count(" ") == 1}
    assert set(pages) == {f"lexsub {name}" for name in COMMAND_MODULES}
    pages["lexsub"] = parser  # the top page too
    for name, page in pages.items():
        text = page.format_help()
        assert "\nexamples:\n" in text, name
        examples = text.split("\nexamples:\n", 1)[1].splitlines()
        starts = [line for before, line in zip(["", *examples], examples, strict=False)
                  if line.startswith("  # ") and not before.startswith("  # ")]
        assert 2 <= len(starts) <= 3, name  # a comment may wrap onto more lines
        commands = [line.strip() for line in examples if line.startswith("  lexsub ")]
        assert len(commands) >= 2, name
        for command in commands:
            words = shlex.split(command)[1:]
            args = build_parser().parse_args(words)
            assert args.func is not None, command
        if name == "lexsub score":
            assert commands[0] == "lexsub fetch scoring"
            scored = [c for c in commands if c.startswith("lexsub score ")]
            assert {c.split()[3] for c in scored} == {"semeval2007-test", "swords-test",
                                                      "semeval2007-all", "coinco-all",
                                                      "tsar2022-es-test"}
            # the scoring group fetches what -all and coinco read too (issue 54)
            assert "lexsub fetch lst-candidates coinco" not in commands
            assert "lexsub fetch tsar2022" in commands
