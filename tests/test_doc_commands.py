"""The commands of the task pages run as a user types them.

Every command of a shell block of the task pages (docs/score.md, compare.md, baselines.md,
add-system.md, cluster.md, fetch.md) and of the README is either run here or listed in
`SKIPPED` with the reason it cannot run in a test (and where it is tested instead, if
anywhere). A command is run by the venv's `lexsub` through `bash`, in a working folder of its
page's own (the page's commands in the page's order, so that a command finds what an earlier
one wrote), with the roots at ../shared. The files a page names (`my.best`, `my.tsv`, ...) are
real system files of ../shared's scorer vectors; `my_systems.py` is the README's example
without its last four lines, as the pages say. A command added to a page that this test
neither runs nor lists fails `test_every_command_is_run_or_listed`.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.core.paths import Roots

PROJECT = Path(__file__).resolve().parent.parent
#: The pages whose commands are run: the task pages, and the README.
PAGES = ("README.md", "docs/score.md", "docs/compare.md", "docs/baselines.md",
         "docs/add-system.md", "docs/cluster.md", "docs/fetch.md")
#: The info strings of a shell block (a README block has none).
SHELL = ("", "sh", "bash", "shell", "console")
_BLOCK = re.compile(r"^```([\w-]*)\n(.*?)^```$", re.S | re.M)

#: Each file a page's commands name -> the real file of the shared root it stands for.
FILES = {
    "my.best": "scorer-vectors/systems/s000_test_hedge.best",
    "my.oot": "scorer-vectors/systems/s002_test_oot10.oot",
    "my.lsr.json": "swords-vectors/systems/test-reversed.lsr.json",
    "my.json": "lexsubgen-vectors/semeval_all/systems/semeval_all-reversed.json",
    "my.tsv": "tsar2022-vectors/systems/en-test-oracle.tsv",
    "theirs.tsv": "tsar2022-vectors/systems/en-test-reversed.tsv",
    "my.csv": "prolex-vectors/systems/test-sparse.csv",
    # what the skipped `LEXSUB_SAMPLE=20 lexsub run ...+fill coinco-all` writes, for the
    # `lexsub score ... --only-listed` after it: LexSubGen's own output on 1,500 instances
    "mine/coinco-all/wordnet+short-first+fill.lexsubgen.json":
        "lexsubgen-vectors/coinco/systems/coinco-reversed.json",
}

_BUILDS = "it builds every resource from the corpora (an hour cold, minutes on the tiny corpus)"
#: Each command a page shows that is not run here -> why (and what tests it instead).
SKIPPED = {
    "make baselines": f"make sets up first (Debian packages, .venv), then {_BUILDS}; "
                      "tests/test_report_default.py runs a `lexsub baselines` on the tiny corpus",
    "make test": "it is the whole suite, this test among it",
    "make smoke": "it sets up and builds every resource from scratch; CI runs it (.ci/run)",
    "make report": "make sets up first, and rank-eval ranks every pool with every ranker; "
                   "tests/test_report_default.py runs the recipe's two commands",
    "pip install .": "it installs the package; tests/test_wheel.py runs it in a fresh venv",
    "python scripts/example_system.py": "tests/test_public_api.py runs it and checks what it "
                                        "prints against the README",
    "lexsub verify-tables": "it compares a full run's results/ with the README's tables "
                            "(tests/test_results_record.py)",
    "lexsub fetch scoring": "a download from the upstream hosts (tests/test_fetch.py serves "
                            "them from a local server)",
    "lexsub fetch baselines": "a download from the upstream hosts (tests/test_fetch.py)",
    "lexsub fetch field": "a download (tests/test_field_outputs.py)",
    "lexsub fetch swords prolex": "a download from the upstream hosts (tests/test_fetch.py)",
    "python3 -m http.server -d ~/lexsub-mirror 8000": "it serves until stopped; "
                                                      "tests/test_wheel.py runs a real one",
    "lexsub fetch scoring --mirror http://THAT-HOST:8000": "THAT-HOST is the machine serving "
                                                           "the mirror (tests/test_wheel.py)",
    "lexsub baselines --systems wordnet mw --no-lexsubgen": _BUILDS,
    "LEXSUB_SAMPLE=20 lexsub baselines --systems wordnet --out sample": _BUILDS,
    "lexsub report --results sample --no-explorer": "it reads the results the skipped "
                                                    "`lexsub baselines` writes "
                                                    "(tests/test_report.py)",
    "lexsub build": _BUILDS,
    "LEXSUB_SAMPLE=20 lexsub run wordnet+short-first+fill coinco-all --plugin my_systems "
    "--out mine": "+fill reads the thesauri and word2vec, which are built from the corpora "
                  "(tests/test_public_api.py runs it on the tiny corpus)",
    "lexsub baselines --plugin my_systems --systems wordnet wordnet+short-first":
        f"{_BUILDS}; tests/test_public_api.py runs it on the tiny corpus",
    ".venv/bin/dask scheduler --port 8786": "a scheduler on another machine "
                                            "(tests/test_workers.py starts real ones)",
    "env $(.venv/bin/lexsub kernels --env) .venv/bin/dask worker tcp://SCHEDULER:8786 "
    "--nthreads 1 --nworkers 4": "workers on other machines (tests/test_workers.py)",
    "LEXSUB_SCHEDULER=tcp://SCHEDULER:8786 make baselines": "a cluster of other machines",
    "lexsub build relations --scheduler tcp://SCHEDULER:8786": "a cluster of other machines "
                                                               "(tests/test_builds.py)",
}
#: The `lexsub` commands this test runs: those that read ../shared and write only into their
#: working folder and the checkout's cache, in seconds; `fetch` only as `fetch --list`.
RUNNABLE = frozenset({"score", "datasets", "resources", "kernels", "systems", "run", "field",
                      "mirror"})


def page_commands(page: str) -> list[str]:
    """Return the commands of `page`'s shell blocks, in order: every line but comments, a
    trailing `  # comment` cut; in a block with `$ ` prompts, only the prompted lines."""
    commands = []
    for info, body in _BLOCK.findall((PROJECT / page).read_text(encoding="utf-8")):
        if info not in SHELL:
            continue
        lines = body.splitlines()
        prompted = any(line.startswith("$ ") for line in lines)
        for line in lines:
            if prompted:
                if not line.startswith("$ "):
                    continue  # a command's output
                line = line[2:]
            line = re.split(r"\s+#", line.strip(), maxsplit=1)[0].strip()
            if line and not line.startswith("#"):
                commands.append(line)
    return commands


def _lexsub_words(command: str) -> list[str]:
    """Return the words after `lexsub` of a command (after its `VAR=value`s), or []."""
    words = shlex.split(command.split(" < ")[0])
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        words = words[1:]
    return words[1:] if words and words[0] == "lexsub" else []


def _runnable(command: str) -> bool:
    """Return whether this test runs `command` (unless it is in `SKIPPED`)."""
    words = _lexsub_words(command)
    return bool(words) and (words[0] in RUNNABLE or words == ["fetch", "--list"])


def _needs(command: str) -> tuple[str, ...]:
    """Return the Debian parts a command reads: WordNet for SWORDS's evaluation, for the
    `wordnet` generator and for the released outputs' lemmatising."""
    words = _lexsub_words(command)
    if "swords-test" in words or "swords-dev" in words or words[:1] == ["field"] or (
            words[:1] == ["run"] and words[1].startswith("wordnet")):
        return ("wordnet",)
    return ()


def _params() -> list[Any]:
    """Return a test case per command run, in the pages' order."""
    params = []
    for page in PAGES:
        for number, command in enumerate(page_commands(page), 1):
            if command in SKIPPED or not _runnable(command):
                continue
            marks = [pytest.mark.needs(*parts)] if (parts := _needs(command)) else []
            params.append(pytest.param(page, command, marks=marks,
                                       id=f"{Path(page).name}:{number}: {command}"))
    return params


def test_every_command_is_run_or_listed() -> None:
    """Each command of the pages is run here, or skipped with a reason; each skipped one is
    still on a page (a list that outlives its commands hides nothing)."""
    shown = {command for page in PAGES for command in page_commands(page)}
    neither = sorted(c for c in shown if c not in SKIPPED and not _runnable(c))
    assert not neither, f"not run and not in SKIPPED (with the reason): {neither}"
    stale = sorted(SKIPPED.keys() - shown)
    assert not stale, f"SKIPPED names commands no page shows: {stale}"


def test_the_example_on_the_pages_is_the_script() -> None:
    """The README's and add-system.md's example is scripts/example_system.py, whose first
    lines `my_systems.py` is made of."""
    code = (PROJECT / "scripts" / "example_system.py").read_text(encoding="utf-8")
    for page in ("README.md", "docs/add-system.md"):
        assert f"```python\n{code}```" in (PROJECT / page).read_text(encoding="utf-8"), page


@pytest.fixture(scope="module")
def folders(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each page's working folder, holding the files its commands name."""
    code = (PROJECT / "scripts" / "example_system.py").read_text(encoding="utf-8")
    made = {}
    for page in PAGES:
        folder = tmp_path_factory.mktemp(Path(page).stem)
        for name, source in FILES.items():
            if not (shared.shared / source).is_file():
                pytest.skip(f"../shared lacks {source}")
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shared.shared / source, folder / name)
        (folder / "my_systems.py").write_text("\n".join(code.splitlines()[:-4]) + "\n",
                                              encoding="utf-8")
        made[page] = folder
    return made


def _lexsub() -> Path:
    script = Path(sys.executable).with_name("lexsub")
    found = script if script.is_file() else shutil.which("lexsub")
    if found is None:
        pytest.skip("the lexsub script is not installed (`make setup` installs it)")
    return Path(found)


@pytest.mark.shared
@pytest.mark.parametrize(("page", "command"), _params())
def test_the_command_runs(page: str, command: str, shared: Roots,
                          folders: dict[str, Path]) -> None:
    """The command runs from its page's folder as typed: exit status 0, output on stdout, no
    traceback."""
    if "--paired" in command and not (folders[page] / command.split("--paired ")[1].split()[0]
                                      ).is_file():
        from lexsub_baselines.runs.shipped import shipped_index

        if shipped_index() is None:  # a row, read from the answers the package ships
            pytest.skip("the package ships no answers yet (lexsub_baselines/shipped/: "
                        "`make ship-answers` after the full run)")
    folder = folders[page]
    for word in _lexsub_words(command):
        if "/" in word and Path(word).suffix and not (folder / word).exists():
            pytest.skip(f"{word} is written by an earlier command of the page, which did not run")
    home = folder / "home"
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("LEXSUB_SAMPLE", "LEXSUB_PROFILE", "LEXSUB_MIRROR", "LEXSUB_MANIFEST",
                        "LEXSUB_SCHEDULER", "LEXSUB_READS_LOG")}
    env.update(PATH=f"{_lexsub().parent}{os.pathsep}{env.get('PATH', '')}", HOME=str(home),
               PYTHONPATH=str(PROJECT), LEXSUB_SHARED_ROOT=str(shared.shared),
               LEXSUB_DATA_ROOT=str(shared.data))
    done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=600)
    # a mirror without WordNet's packages in apt's cache says so and exits 1 (fetch.md)
    mirrored = command.startswith("lexsub mirror ") and done.returncode == 1 \
        and "wordnet: not mirrored" in done.stdout
    assert done.returncode == 0 or mirrored, (command, done.stderr[-2000:])
    assert "Traceback" not in done.stderr, (command, done.stderr[-2000:])
    assert done.stdout.strip(), command
