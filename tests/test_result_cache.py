"""The results cache of `lexsub baselines` (`runs/result_cache.py`, `inputs/trace.py`): a warm
run answers nothing and writes the same bytes; an edit answers again exactly the systems whose
code it changes; a 2-worker cluster writes the bytes of one process; a killed run leaves no
half entry. On the tiny corpus's resources (`built_roots`), with real processes and a real
Dask cluster where the point is about them."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.cache import folder_digest, verified_folder
from lexsub_baselines.core.paths import Roots, kernels_subfolder
from lexsub_baselines.inputs.code_identity import PACKAGE_DIR
from lexsub_baselines.runs.result_cache import RESULTS

pytestmark = [pytest.mark.shared, pytest.mark.needs("wordnet"), pytest.mark.slow]

#: A frequency-ranked WordNet system, a distributional one (the identity ranker), and the
#: multiword detector (no ranker at all).
SYSTEMS = ("wordnet+freq:bnc:tiers", "lin", "mw")


def _baselines(roots: Roots, out: Path, *options: str) -> list[str]:
    return ["--shared-root", str(roots.shared), "--cache-dir", str(roots.cache), "baselines",
            "--no-lexsubgen", "--systems", *SYSTEMS, "--out", str(out), "--no-progress",
            *options]


def _files(out: Path) -> dict[str, bytes]:
    return {path.relative_to(out).as_posix(): path.read_bytes()
            for path in sorted(out.rglob("*")) if path.is_file() and path.name != ".record.lock"}


def _results(roots: Roots) -> Path:
    return roots.cache / kernels_subfolder() / RESULTS


def test_nothing_changed_answers_nothing_and_writes_the_same_bytes(
        built_roots: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results"
    assert main(_baselines(built_roots, out, "--workers", "1")) == 0
    first_log = capsys.readouterr().err
    assert "lexsub: answered again (not cached): wordnet+freq:bnc:tiers, lin, mw; from the " \
           "cache: 0 systems" in first_log
    assert "lexsub: lin on semeval2007-test: " in first_log
    first = _files(out)
    assert main(_baselines(built_roots, out, "--workers", "1")) == 0
    log = capsys.readouterr().err
    assert " answered in " not in log and "lexsub: from the cache: 3 systems" in log
    assert _files(out) == first  # tables.md too: its sections in one order, read back or not
    tables = first["tables.md"].decode("utf-8")
    assert tables.index("## semeval2007-trial") < tables.index("## semeval2007-test")
    # into an empty folder: the files copied from the cache, the same record
    assert main(_baselines(built_roots, tmp_path / "again", "--workers", "1")) == 0
    assert "lexsub: from the cache: 3 systems" in capsys.readouterr().err
    assert _files(tmp_path / "again") == first


def test_two_workers_write_the_bytes_of_one_process(
        built_roots: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_baselines(built_roots, tmp_path / "one", "--workers", "1")) == 0
    shutil.rmtree(_results(built_roots))  # answered again, on the cluster
    capsys.readouterr()
    assert main(_baselines(built_roots, tmp_path / "two", "--workers", "2")) == 0
    log = capsys.readouterr().err
    assert "answered again (not cached): " in log and "from the cache: 0 systems" in log
    assert log.count("lexsub: mw on semeval2007-test: ") == 1
    assert _files(tmp_path / "one") == _files(tmp_path / "two")


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A copy of the package, without bytecode (a process given it on PYTHONPATH runs it)."""
    target = tmp_path / "src" / "lexsub_baselines"
    shutil.copytree(PACKAGE_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _lexsub(copy: Path, arguments: list[str]) -> str:
    done = subprocess.run([sys.executable, "-m", "lexsub_baselines", *arguments],
                          env={**os.environ, "PYTHONPATH": str(copy.parent)},
                          cwd=copy.parent,  # `-m` puts the working folder first on the path
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stderr


def test_an_edit_answers_again_exactly_the_systems_whose_code_it_changes(
        built_roots: Roots, copy: Path, tmp_path: Path) -> None:
    arguments = _baselines(built_roots, tmp_path / "results", "--workers", "1", "--no-tsar")
    _lexsub(copy, arguments)
    first = _files(tmp_path / "results")
    # the identity ranker: `lin` alone ranks with it
    _edit(copy / "rankers" / "identity.py", "from __future__ import annotations\n",
          "from __future__ import annotations\n_EDITED = 1\n")
    log = _lexsub(copy, arguments)
    assert "lexsub: answered again (module lexsub_baselines.rankers.identity changed): lin; " \
           "from the cache: 2 systems" in log
    assert "lexsub: wordnet+freq:bnc:tiers on " not in log
    # a docstring or comment edit answers nothing
    _edit(copy / "rankers" / "frequency.py", '"""', '"""Reworded. ')
    assert "lexsub: from the cache: 3 systems" in _lexsub(copy, arguments)
    # the frequency ranker's code: the system ranked by frequency
    _edit(copy / "rankers" / "frequency.py", "from __future__ import annotations\n",
          "from __future__ import annotations\n_EDITED = 2\n")
    log = _lexsub(copy, arguments)
    assert "lexsub: answered again (module lexsub_baselines.rankers.frequency changed): " \
           "wordnet+freq:bnc:tiers; from the cache: 2 systems" in log
    # a scorer's code: every row scored again, nothing answered
    _edit(copy / "scoring" / "profile.py", "from __future__ import annotations\n",
          "from __future__ import annotations\n_EDITED = 3\n")
    log = _lexsub(copy, arguments)
    assert " answered in " not in log
    assert "scored again (the scoring code or its inputs changed): wordnet+freq:bnc:tiers, " \
           "lin, mw; from the cache: 0 systems" in log
    after = _files(tmp_path / "results")
    answers = [name for name in first if name.rsplit(".", 1)[-1] in ("best", "oot", "mw", "json")
               and name not in ("scores.json", "runs.json")]
    assert answers and all(after[name] == first[name] for name in answers)


def test_a_killed_run_leaves_no_half_entry(built_roots: Roots, tmp_path: Path) -> None:
    arguments = _baselines(built_roots, tmp_path / "results", "--workers", "1")
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_DIR.parent)}
    process = subprocess.Popen([sys.executable, "-m", "lexsub_baselines", *arguments], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    answers = _results(built_roots) / "answers"
    deadline = time.monotonic() + 300
    try:
        while not any(answers.glob("*/.staging-*")) and time.monotonic() < deadline:
            assert process.poll() is None, "the run ended before it answered"
            time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert any(answers.glob("*/.staging-*")), "no unit was being answered"
    for entry in answers.glob("*/*"):
        if entry.name.startswith("."):
            continue  # a staging folder: never read
        if entry.is_symlink():
            assert verified_folder(entry), entry
        else:  # a sealed folder: its name ends in its content's digest
            assert folder_digest(entry).startswith(entry.name.rpartition(".")[2]), entry
    done = subprocess.run([sys.executable, "-m", "lexsub_baselines", *arguments], env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "from the cache: " in done.stderr
