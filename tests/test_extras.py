"""The `baselines` extra asked for where it is needed, with no import hook (issue 54).

Without the extra, the scoring install's entry points work and the ones that build or run
the baselines refuse in one line, the command line and the Python API alike. Its absence is
simulated in a fresh interpreter by a finder placed first that refuses the extra's libraries
as a missing library is refused (`ModuleNotFoundError`); the real light install, a wheel in a
venv with tqdm alone, is tests/test_wheel.py's.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap

import pytest

from lexsub_baselines.cli import COMMAND_MODULES, build_parser
from lexsub_baselines.cli.options import EXTRA_COMMANDS
from lexsub_baselines.core.extras import (
    BASELINES_LIBRARIES,
    MissingExtraError,
    _source,
    extra_imports,
)
from lexsub_baselines.core.paths import PROJECT_DIR

#: Run first in the subprocesses: the extra's libraries are not importable.
WITHOUT_EXTRA = textwrap.dedent(f"""
    import sys
    EXTRA = {sorted(BASELINES_LIBRARIES)!r}
    class Absent:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] in EXTRA:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None
    sys.meta_path.insert(0, Absent)
""")


def _python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=PROJECT_DIR, timeout=120)


def _added_finders() -> list[str]:
    code = ("import sys\nbefore = list(sys.meta_path)\nimport lexsub_baselines.scoring\n"
            "import json\nprint(json.dumps([f'{type(f).__module__}.{type(f).__qualname__}' "
            "for f in sys.meta_path if f not in before]))")
    done = _python(code)
    assert done.returncode == 0, done.stderr
    added: list[str] = json.loads(done.stdout)
    return added


def test_importing_the_package_for_scoring_leaves_the_meta_path_unchanged() -> None:
    """No import hook: neither the extra's (this issue's) nor the loaded code's (issue 53)."""
    assert _added_finders() == []


def test_without_the_extra_lexsub_run_and_run_refuse_in_the_same_line() -> None:
    code = WITHOUT_EXTRA + textwrap.dedent("""
        import lexsub_baselines as p
        from lexsub_baselines.cli import main
        print("exit", main(["run", "wordnet", "semeval2007-trial"]))
        for call in (lambda: p.run("wordnet", "semeval2007-trial"),
                     lambda: p.system("wordnet"), lambda: p.ranker("lm"),
                     lambda: p.generator("wordnet")):
            try:
                call()
            except p.LexsubError as error:
                print(type(error).__name__, isinstance(error, ModuleNotFoundError), error)
    """)
    done = _python(code)
    assert done.returncode == 0, done.stderr
    [cli] = done.stderr.splitlines()
    assert cli.startswith("lexsub: error: `lexsub run` needs the 'baselines' extra")
    lines = done.stdout.splitlines()
    assert lines[0] == "exit 2"
    tail = cli.partition(" needs ")[2]
    assert [line.partition(" needs ")[0] for line in lines[1:]] == [
        "MissingExtraError True run()", "MissingExtraError True system()",
        "MissingExtraError True ranker()", "MissingExtraError True generator()"]
    assert all(line.partition(" needs ")[2] == tail for line in lines[1:])  # the same line
    assert "numpy and 15 more of its libraries are not installed" in tail
    assert "pip install" in tail


def test_without_the_extra_the_help_and_every_command_help_work() -> None:
    code = WITHOUT_EXTRA + textwrap.dedent("""
        import sys
        from lexsub_baselines.cli import main
        try:
            main(sys.argv[1:])
        except SystemExit as done:
            print("exit", done.code)
    """)
    top = _python(code, "--help")
    assert top.returncode == 0 and top.stdout.rstrip().endswith("exit 0"), top.stderr
    text = " ".join(top.stdout.split())
    assert "build build cached resources on a Dask cluster" in text  # its description too
    for command in ("build", "run", "report", "score", "fetch"):
        done = _python(code, command, "--help")
        assert done.stdout.rstrip().endswith("exit 0"), (command, done.stderr)
        assert done.stderr == "", done.stderr


def test_the_help_marks_exactly_the_commands_that_need_the_extra() -> None:
    parser = build_parser()
    [commands] = [action for action in parser._actions
                  if isinstance(action, argparse._SubParsersAction)]
    helps = {choice.dest: str(choice.help) for choice in commands._choices_actions}
    assert set(helps) == set(COMMAND_MODULES) and all(helps.values())  # each described
    assert {name for name, text in helps.items()
            if text.endswith("[needs the baselines extra]")} == EXTRA_COMMANDS


def test_extra_imports_names_only_the_extras_libraries() -> None:
    expected = r"^`x` needs the 'baselines' extra.*\(spacy is not"
    with pytest.raises(MissingExtraError, match=expected), extra_imports("`x`"):
        raise ModuleNotFoundError("No module named 'spacy.lang'", name="spacy.lang")
    with pytest.raises(ModuleNotFoundError) as other, extra_imports("`x`"):
        raise ModuleNotFoundError("No module named 'mine'", name="mine")
    assert not isinstance(other.value, MissingExtraError)


@pytest.mark.parametrize(("direct_url", "argument"), [
    ({"url": "file:///tmp/dist/lexsub_baselines-0.1.0-py3-none-any.whl", "archive_info": {}},
     "'/tmp/dist/lexsub_baselines-0.1.0-py3-none-any.whl[baselines]'"),
    ({"url": "file:///home/me/lexsub_baselines", "dir_info": {}},
     "'/home/me/lexsub_baselines[baselines]'"),
    ({"url": "file:///home/me/lexsub_baselines", "dir_info": {"editable": True}},
     "-e '/home/me/lexsub_baselines[baselines]'"),
    ({"url": "https://example.org/lexsub_baselines.git",
      "vcs_info": {"vcs": "git", "commit_id": "0123abc"}},
     "'lexsub_baselines[baselines] @ git+https://example.org/lexsub_baselines.git@0123abc'"),
    ({"url": "https://example.org/dist/lexsub_baselines-0.1.0.tar.gz", "archive_info": {}},
     "'lexsub_baselines[baselines] @ https://example.org/dist/lexsub_baselines-0.1.0.tar.gz'"),
])
def test_the_install_advice_follows_where_the_package_came_from(
        direct_url: dict[str, object], argument: str) -> None:
    """PEP 610: pip records what it was given; the advice installs the extra from there."""
    assert _source(json.dumps(direct_url)) == argument
    assert _source(None) is None and _source("not json") is None
