"""The kernels a row records are measured in the process that computed it, and a process whose
measured kernels are not the pinned level's neither builds, reads the cache nor records.

Each case runs in a real child process started without the pin (`kernel_pin.unpinned_env`),
as a script or an API user would start one, with NumPy loaded at this machine's own level.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from kernel_pin import unpinned_env

from lexsub_baselines.core import kernels
from lexsub_baselines.core.kernels import LEVELS, describe, expected, expected_kernels
from lexsub_baselines.runs import store
from lexsub_baselines.runs.records import RunsFile

V3 = "x86-64-v3" in kernels.machine_levels()
SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
pytestmark = pytest.mark.skipif(not V3, reason="needs an x86-64 machine with AVX2 (x86-64-v3)")


def _python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def test_the_test_process_computes_with_the_kernels_of_its_workers() -> None:
    """tests/kernel_pin.py re-executed pytest under the pin, and left no flag to its children."""
    assert describe() == expected_kernels()
    assert "LEXSUB_KERNELS_REEXEC" not in os.environ


def test_a_nested_lexsub_pins_itself_to_its_own_level() -> None:
    """A `lexsub` started from a pinned process with another level re-executes at that level:
    the re-execution's flag is not inherited (it said "could not be pinned" and stayed)."""
    code = ("import os, subprocess, sys; import lexsub_baselines; lexsub_baselines.pin(); "
            "env = {**os.environ, 'LEXSUB_KERNELS': 'x86-64-v2'}; "
            "done = subprocess.run([sys.executable, '-m', 'lexsub_baselines', 'kernels'], "
            "env=env, capture_output=True, text=True); "
            "print('LEXSUB_KERNELS_REEXEC' in os.environ, done.returncode); "
            "print(done.stdout, done.stderr)")
    done = _python(code, unpinned_env())
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("False 0\n"), done.stdout
    assert f"in force:   {expected(LEVELS['x86-64-v2'])}" in done.stdout
    assert "could not" not in done.stdout and "warning" not in done.stdout


def test_an_api_process_with_the_embedded_cluster_reports_its_own_kernels(
        tmp_path: Path) -> None:
    """The nanny writes the workers' pin into the client's environment; the client still
    reports the kernels it computes with (its own, unpinned) and refuses to record a run."""
    code = f"""
import asyncio, json, os
import numpy
from lexsub_baselines.core.errors import KernelsError
from lexsub_baselines.core.kernels import describe
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.engine.cluster import EngineSettings, open_engine
from lexsub_baselines.runs.provenance import collect_settings

async def main():
    roots = resolve_roots(cache={str(tmp_path / "cache")!r})
    before = describe()
    async with open_engine(EngineSettings(workers=1), roots) as client:
        workers = sorted((await client.run(describe)).values())
        after, environ = describe(), os.environ.get("LEXSUB_KERNELS")
    try:
        collect_settings(roots, {{}})
        refused = ""
    except KernelsError as error:
        refused = str(error)
    print(json.dumps(dict(before=before, after=after, environ=environ, workers=workers,
                          refused=refused)))

asyncio.run(main())
"""
    done = _python(code, unpinned_env())
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["environ"] == "x86-64-v3"  # the nanny's pre-spawn environment, in the client
    assert seen["workers"] == [expected(LEVELS["x86-64-v3"])]  # the workers run pinned
    assert seen["before"] == seen["after"] != seen["workers"][0]
    assert seen["after"].startswith("native (blis generic; numpy off: ")
    assert seen["refused"].startswith("recording a run: this process computes with native")
    assert "\n" not in seen["refused"] and "lexsub_baselines.pin()" in seen["refused"]


def test_a_cache_is_read_only_by_a_process_with_its_levels_kernels(tmp_path: Path) -> None:
    """Setting the pin after NumPy loaded records nothing pinned: the process is refused the
    level's cache (kernels-x86-64-v2/); pinned (`pin()`), it reads that folder."""
    cache = str(tmp_path / "cache")
    late = ("import os, numpy; from lexsub_baselines.core.kernels import LEVELS, environment, "
            "describe; os.environ.update(environment(LEVELS['x86-64-v2'])); "
            "from lexsub_baselines.builds import cached_results; "
            "from lexsub_baselines.core.errors import KernelsError; "
            "from lexsub_baselines.core.paths import resolve_roots; print(describe()); "
            f"roots = resolve_roots(cache={cache!r})\n"
            "try:\n    cached_results(roots, ['parser'])\n"
            "except KernelsError as error:\n    print(error)")
    done = _python(late, unpinned_env())
    assert done.returncode == 0, done.stderr[-2000:]
    shown, refused = done.stdout.strip().splitlines()
    assert shown.startswith("native (")
    assert refused.startswith(f"reading the resources of {cache}/kernels-x86-64-v2: this "
                              "process computes with native (")
    pinned = ("import lexsub_baselines; lexsub_baselines.pin(); "
              "from lexsub_baselines.builds import cached_results; "
              "from lexsub_baselines.core.kernels import describe; "
              "from lexsub_baselines.core.paths import resolve_roots; "
              f"roots = resolve_roots(cache={cache!r}); "
              "print(roots.cache, cached_results(roots, ['parser']), describe())")
    done = _python(pinned, unpinned_env(LEXSUB_KERNELS="x86-64-v2"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == (f"{cache}/kernels-x86-64-v2 {{}} "
                                   f"{expected(LEVELS['x86-64-v2'])}")


def _results(folder: Path, kernels_seen: str) -> Path:
    scores = {"test": {"wordnet": {"best": {"all": {"recall": 9.95}, "signature": "s"}}}}
    runs = RunsFile({"s1": {"code": "c", "kernels": kernels_seen}},
                    {"test": {"wordnet": {"settings": "s1"}}}, "s1")
    store.write_record(folder, scores, runs, {}, {})
    return folder


def test_the_reference_is_recorded_only_from_a_run_with_the_pinned_kernels(
        tmp_path: Path) -> None:
    """A run labelled x86-64-v3 whose OpenBLAS ran two threads is not the pinned run."""
    pinned = expected(LEVELS["x86-64-v3"])
    assert ", 1 thread;" in pinned
    script = [sys.executable, str(SCRIPTS / "record_reference.py")]
    other = _results(tmp_path / "other", pinned.replace(", 1 thread;", ", 2 threads;"))
    done = subprocess.run([*script, str(other), "--write", str(tmp_path / "no.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "record_reference: the run measured the kernels x86-64-v3 (" in done.stderr
    assert not (tmp_path / "no.json").exists()
    same = _results(tmp_path / "same", pinned)
    done = subprocess.run([*script, str(same), "--write", str(tmp_path / "ref.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "ref.json").read_text())["kernels"] == pinned
