"""The worker check with real `dask scheduler` and `dask worker` processes: each failure branch.

A worker that does not share the cache (its own mount over the cache's path), one that sees
another shared root, one that runs other code, one with two threads: each is refused before
any work, in one line naming the worker and the fix. A worker started in another folder, with
the client's cache given as a relative path, works: the roots sent to tasks are absolute.
The workers without the mount run in a mount namespace of their own (`unshare --mount`, a
tmpfs over the path), which needs root; without it those two tests are skipped, saying so.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from lexsub_baselines.core.paths import Roots

VENV_BIN = Path(sys.executable).parent
PACKAGE = Path(__file__).resolve().parent.parent / "lexsub_baselines"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _can_unshare() -> bool:
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return False
    return subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode == 0


@contextmanager
def _cluster(tmp_path: Path, worker: list[str], cwd: Path | None = None,
             env: dict[str, str] | None = None) -> Iterator[str]:
    """A scheduler and one worker (`worker` wraps or extends `dask worker ADDRESS`)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = open(tmp_path / "dask.log", "ab")  # noqa: SIM115 (closed below)
    scheduler = subprocess.Popen([str(VENV_BIN / "dask"), "scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--no-dashboard"], stdout=log, stderr=log)
    command = [part.replace("ADDRESS", address) for part in worker]
    process = subprocess.Popen(command, stdout=log, stderr=log, cwd=cwd,
                               env={**os.environ, **(env or {})})
    try:
        yield address
    finally:
        for running in (process, scheduler):
            running.terminate()
        for running in (process, scheduler):
            try:
                running.wait(timeout=20)
            except subprocess.TimeoutExpired:
                running.kill()
        log.close()


def _worker(*options: str) -> list[str]:
    return [str(VENV_BIN / "dask"), "worker", "ADDRESS", "--no-dashboard", "--no-nanny",
            "--nthreads", "1", *options]


def _build(roots: Roots, address: str, cwd: Path, cache: str | None = None
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(VENV_BIN / "lexsub"), "--shared-root", str(roots.shared),
                           "--cache-dir", cache or str(roots.cache), "build", "corpus-plan",
                           "--scheduler", address, "--no-progress"],
                          capture_output=True, text=True, timeout=300, cwd=cwd)


def test_a_worker_in_another_folder_reads_the_clients_absolute_cache(
        tiny_shared: Roots, tmp_path: Path) -> None:
    client, elsewhere = tmp_path / "client", tmp_path / "elsewhere"
    client.mkdir()
    elsewhere.mkdir()
    with _cluster(tmp_path, _worker(), cwd=elsewhere) as address:
        done = _build(tiny_shared, address, client, cache="cache")  # relative to the client
    assert done.returncode == 0, done.stderr
    assert list((client / "cache").rglob("*")) and not (elsewhere / "cache").exists()


def test_a_worker_with_two_threads_is_refused(tiny_shared: Roots, tmp_path: Path) -> None:
    roots = Roots(tiny_shared.shared, tiny_shared.data, tmp_path / "cache")
    with _cluster(tmp_path, [*_worker()[:-2], "--nthreads", "2"]) as address:
        done = _build(roots, address, tmp_path)
    assert done.returncode == 2
    assert "has 2 threads" in done.stderr and "--nthreads 1" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_worker_running_other_code_is_refused(tiny_shared: Roots, tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(PACKAGE, other / "lexsub_baselines")
    (other / "lexsub_baselines" / "engine" / "locks.py").write_text(
        (PACKAGE / "engine" / "locks.py").read_text() + "\n# changed\n")
    roots = Roots(tiny_shared.shared, tiny_shared.data, tmp_path / "cache")
    with _cluster(tmp_path, _worker(), env={"PYTHONPATH": str(other)}) as address:
        done = _build(roots, address, tmp_path)
    assert done.returncode == 2
    assert "runs other code (lexsub_baselines" in done.stderr and "source" in done.stderr


@pytest.mark.skipif(not _can_unshare(), reason="needs root for a mount namespace (unshare)")
def test_a_worker_without_the_cache_mount_is_refused(tiny_shared: Roots, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    hide = ["unshare", "--mount", "sh", "-c", f"mount -t tmpfs none {cache} && exec "
            + " ".join(_worker())]
    roots = Roots(tiny_shared.shared, tiny_shared.data, cache)
    with _cluster(tmp_path, hide) as address:
        done = _build(roots, address, tmp_path)
    assert done.returncode == 2
    assert f"does not share the cache {cache}" in done.stderr
    assert not [p for p in cache.iterdir() if not p.name.startswith(".")]  # no work done


@pytest.mark.skipif(not _can_unshare(), reason="needs root for a mount namespace (unshare)")
def test_a_worker_seeing_another_shared_root_is_refused(tiny_shared: Roots,
                                                         tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shutil.copytree(tiny_shared.shared, shared, symlinks=True)
    hide = ["unshare", "--mount", "sh", "-c", f"mount -t tmpfs none {shared} && exec "
            + " ".join(_worker())]
    roots = Roots(shared, shared / "data", tmp_path / "cache")
    with _cluster(tmp_path, hide) as address:
        done = _build(roots, address, tmp_path)
    assert done.returncode == 2
    assert "sees another shared root" in done.stderr
