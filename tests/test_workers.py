"""The worker check with real `dask scheduler` and `dask worker` processes: each failure branch.

A worker that does not share the cache (its own mount over the cache's path), one that sees
another shared root, one that runs other code, one with two threads: each is refused before
any work, in one line naming the worker and the fix. A worker started in another folder, with
the client's cache given as a relative path, works: the roots sent to tasks are absolute.
The workers without the mount run in a mount namespace of their own (`unshare --mount`, a
tmpfs over the path), which needs root; without it those two tests are skipped, saying so.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
from collections.abc import AsyncGenerator, Iterator, Mapping
from contextlib import aclosing, contextmanager
from pathlib import Path
from typing import Any, cast

import pytest
from processes import DASK, free_port, start_scheduler, stop_in_order

from lexsub_baselines.core.kernels import pinned_environment
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.engine.cluster import EngineSettings, open_engine
from lexsub_baselines.engine.graph import BuildContext, Stage, run_graph
from lexsub_baselines.engine.progress import Progress

pytestmark = pytest.mark.slow  # real processes and clusters (tests/conftest.py)

VENV_BIN = Path(sys.executable).parent
#: Workers are started under the kernels' pin, as docs/cluster.md says (`lexsub kernels --env`).
PIN = pinned_environment()
PACKAGE = Path(__file__).resolve().parent.parent / "lexsub_baselines"


def _can_unshare() -> bool:
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return False
    return subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode == 0


@contextmanager
def _cluster(tmp_path: Path, worker: list[str], cwd: Path | None = None,
             env: dict[str, str] | None = None, pinned: bool = True) -> Iterator[str]:
    """A scheduler and one worker (`worker` wraps or extends `dask worker ADDRESS`), started
    under the kernels' pin unless not `pinned` (then without any of its variables)."""
    log = open(tmp_path / "dask.log", "ab")  # noqa: SIM115 (closed below)
    scheduler, address = start_scheduler(tmp_path, log)
    command = [part.replace("ADDRESS", address) for part in worker]
    unpinned = {k: v for k, v in os.environ.items() if k not in PIN}
    process = subprocess.Popen(command, stdout=log, stderr=log, cwd=cwd,
                               env={**os.environ, **PIN, **(env or {})} if pinned
                               else {**unpinned, **(env or {})})
    try:
        yield address
    finally:
        stop_in_order([process, scheduler])  # each worker is `--no-nanny` or execs into one
        log.close()


def _worker(*options: str) -> list[str]:
    return [DASK, "worker", "ADDRESS", "--no-dashboard", "--no-nanny",
            "--nthreads", "1", *options]


def _build(roots: Roots, address: str, cwd: Path, cache: str | None = None,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(VENV_BIN / "lexsub"), "--shared-root", str(roots.shared),
                           "--cache-dir", cache or str(roots.cache), "build", "corpus-plan",
                           "--scheduler", address, "--no-progress"],
                          capture_output=True, text=True, timeout=300, cwd=cwd,
                          env={**os.environ, **(env or {})})


def _work_done(cache: Path) -> list[Path]:
    """Return the files a build wrote into `cache`, but what it writes before any work: the
    check's token (hidden), the code's snapshot and the digests of the inputs it checked."""
    return [p for p in cache.rglob("*") if p.is_file() and not p.name.startswith(".")
            and not {"code", "digests"} & set(p.relative_to(cache).parts)]


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


def test_a_worker_computing_with_other_kernels_is_refused(tiny_shared: Roots,
                                                           tmp_path: Path) -> None:
    """A worker started without the pin (here: `native`) would compute other floats."""
    roots = Roots(tiny_shared.shared, tiny_shared.data, tmp_path / "cache")
    with _cluster(tmp_path, _worker(), env={"LEXSUB_KERNELS": "native"},
                  pinned=False) as address:
        done = _build(roots, address, tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "computes with other numeric kernels (native (blis generic;" in done.stderr
    assert "lexsub kernels --env" in done.stderr
    assert not _work_done(tmp_path / "cache")


def test_a_worker_running_code_it_imported_before_an_edit_is_refused(
        tiny_shared: Roots, tmp_path: Path) -> None:
    """A long-lived worker (started by hand) serves a build, a module it imported for it (from
    that build's code snapshot) is edited, and the next build's client, which runs the edited
    code, refuses the worker that still runs the old code, naming where it runs it from (the
    first build's snapshot). Worker and clients
    run a copy of the package, edited here."""
    other = tmp_path / "other"
    shutil.copytree(PACKAGE, other / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    roots = Roots(tiny_shared.shared, tiny_shared.data, tmp_path / "cache")
    env = {"PYTHONPATH": str(other)}
    with _cluster(tmp_path, _worker(), env=env) as address:
        first = _build(roots, address, tmp_path, env=env)
        assert first.returncode == 0, first.stderr  # it imported text.corpora to count words
        corpora = other / "lexsub_baselines" / "text" / "corpora.py"
        corpora.write_text(corpora.read_text().replace(
            "\n\n\ndef ", "\n\n\n_EDITED = 1\n\n\ndef ", 1))
        second = _build(roots, address, tmp_path, env=env)
    assert second.returncode == 2 and second.stderr.count("\n") == 1, second.stderr
    assert "it imported lexsub_baselines from " in second.stderr
    assert "not from this build's code snapshot" in second.stderr
    assert f"restart the worker (`dask worker {address} --nthreads 1`)" in second.stderr


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
    assert not _work_done(cache)


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
    assert "sees other inputs under the shared root" in done.stderr


def _late_worker(address: str, port: int, env: dict[str, str], log: Any, nanny: bool = False,
                 preload: str | None = None) -> subprocess.Popen[bytes]:
    command = [part.replace("ADDRESS", address) for part in _worker()
               if nanny is False or part != "--no-nanny"]
    if preload is not None:  # imported at its start: it runs that module's bytes
        command += ["--preload", preload]
    return subprocess.Popen([*command, "--host", "127.0.0.1", "--worker-port", str(port)],
                            stdout=log, stderr=log, env={**os.environ, **PIN, **env})


def test_a_late_worker_is_checked_before_any_task_and_retired_when_it_fails(
        tiny_shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """While a build graph runs on one worker, two workers join: one running other code (it
    imported an edited copy of a module at its start; with a nanny, as `dask worker` starts
    by default) and one like the first. The scheduler hands
    the bad one tasks as it registers, but it runs none: it is checked before it reads them,
    removed (the tasks go to the others) and closed with its nanny (the process exits, not
    restarted), and the client prints one line naming it and the file that differs; the
    good one takes tasks. The build runs until both have joined, however long they take to
    start."""
    other = tmp_path / "other"
    shutil.copytree(PACKAGE, other / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    corpora = other / "lexsub_baselines" / "text" / "corpora.py"
    corpora.write_text(corpora.read_text() + "\n_EDITED = 1\n")
    roots = Roots(tiny_shared.shared, tiny_shared.data, tmp_path / "cache")
    bad_port, good_port = free_port(), free_port()
    bad, good = f"tcp://127.0.0.1:{bad_port}", f"tcp://127.0.0.1:{good_port}"
    late: list[subprocess.Popen[bytes]] = []
    removed: list[dict[str, Any]] = []

    def where(item: int) -> str:  # defined here: pickled by value, run on the workers
        import time as clock

        from distributed import get_worker

        clock.sleep(0.4)
        return str(get_worker().address)

    async def run() -> list[str]:
        async with open_engine(EngineSettings(scheduler=address), roots) as client:
            ctx: BuildContext[None] = BuildContext(client, roots, None, Progress(False))

            async def build(ctx: BuildContext[None], inputs: Mapping[str, Any]) -> list[str]:
                ran: list[str] = []
                spread = cast(AsyncGenerator[tuple[int, Any], None],
                              ctx.map("spread", where, list(range(400))))
                async with aclosing(spread) as results:
                    async for _, future in results:
                        ran.append(await future)
                        if len(ran) == 1:  # the build is running: two workers join
                            late.extend([
                                _late_worker(address, bad_port, {"PYTHONPATH": str(other)},
                                             log, nanny=True,  # as `dask worker` starts
                                             preload="lexsub_baselines.text.corpora"),
                                _late_worker(address, good_port, {}, log)])
                        if ran.count(good) >= 3 and await gone(client):
                            break  # both joined: the rest is dropped
                return ran

            stages: Registry[Stage[None]] = Registry("stage")
            stages.add("spread", Stage("spread", (), "", lambda ctx: None, build))
            results, _ = await run_graph(stages, ["spread"], ctx)
            return list(results["spread"])

    async def gone(client: Any) -> bool:
        removed[:] = [event for _, event in await client.get_events(bad)
                      if event.get("action") == "remove-worker"]
        return bool(removed)

    with _cluster(tmp_path, _worker()) as address, open(tmp_path / "late.log", "ab") as log:
        try:
            ran = asyncio.run(run())
            bad_exit = late[0].wait(timeout=30)
        finally:
            for process in late:
                process.kill()
                process.wait()
    assert len(ran) < 400 and bad not in ran and ran.count(good) >= 3
    # the scheduler did hand it tasks (at its registration), and took them back
    assert len(removed) == 1 and removed[0]["expected"] and removed[0]["processing-tasks"]
    assert bad_exit is not None
    lines = [line for line in capsys.readouterr().err.splitlines() if bad in line]
    assert len(lines) == 1 and "runs other code" in lines[0]
    assert f"it imported lexsub_baselines from {other / 'lexsub_baselines'}" in lines[0]
    assert "retired" in lines[0]


@pytest.mark.skipif(not _can_unshare(), reason="needs root for a mount namespace (unshare)")
def test_a_worker_with_another_corpus_file_three_levels_down_is_refused(
        tiny_shared: Roots, tmp_path: Path) -> None:
    """The review's case: same names, sizes and times of the top levels, one corpus file
    deeper down with other bytes (bind-mounted over it in the worker's mount namespace)."""
    shared = tmp_path / "shared"
    shutil.copytree(tiny_shared.shared, shared, symlinks=True)
    corpus = sorted((shared / "corpora").rglob("*.xz"))[0]
    relative = corpus.relative_to(shared).as_posix()
    assert relative.count("/") == 3
    other = tmp_path / "other.xz"
    other.write_bytes(corpus.read_bytes() + b"\0")
    swap = ["unshare", "--mount", "sh", "-c", f"mount --bind {other} {corpus} && exec "
            + " ".join(_worker())]
    roots = Roots(shared, shared / "data", tmp_path / "cache")
    with _cluster(tmp_path, swap) as address:
        done = _build(roots, address, tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "sees other inputs under the shared root" in done.stderr
    assert f"({relative}: sha256 " in done.stderr
    assert "mount the same shared root" in done.stderr


_CLIENT = """
import asyncio, os, signal, sys
from pathlib import Path
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.cluster import EngineSettings, open_engine

async def main():
    roots = Roots(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
    async with open_engine(EngineSettings(scheduler=sys.argv[1]), roots):
        os.kill(os.getpid(), signal.SIGKILL)  # a build killed while it uses the cluster

asyncio.run(main())
"""


def test_the_check_of_a_killed_client_retires_nobody(tiny_shared: Roots, tmp_path: Path) -> None:
    """A killed client leaves its plugin on the scheduler; a worker that joins afterwards
    (running other code) is not retired for a client that is gone, and the plugin is
    dropped."""
    from distributed import Client

    other = tmp_path / "other"
    shutil.copytree(PACKAGE, other / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (other / "lexsub_baselines" / "engine" / "locks.py").write_text(
        (PACKAGE / "engine" / "locks.py").read_text() + "\n# changed\n")
    port = free_port()
    with _cluster(tmp_path, _worker()) as address, open(tmp_path / "late.log", "ab") as log:
        killed = subprocess.run([sys.executable, "-c", _CLIENT, address,
                                 str(tiny_shared.shared), str(tiny_shared.data),
                                 str(tmp_path / "cache")], capture_output=True, timeout=120)
        assert killed.returncode == -9, killed.stderr
        late = _late_worker(address, port, {"PYTHONPATH": str(other)}, log,
                            preload="lexsub_baselines.engine.locks")
        try:
            with Client(address, timeout="60s") as watcher:  # a loaded machine starts it slowly
                def checks() -> list[str]:
                    return [name for name in watcher.run_on_scheduler(
                        lambda dask_scheduler: list(dask_scheduler.worker_plugins))
                        if name.startswith("lexsub-worker-check-")]

                assert checks()  # left behind
                watcher.wait_for_workers(2, timeout=60)
                time.sleep(3)
                assert f"tcp://127.0.0.1:{port}" in watcher.scheduler_info()["workers"]
                assert checks() == []  # and dropped by the first worker that saw it
            assert late.poll() is None
        finally:
            late.kill()
            late.wait()


def test_late_checks_on_a_lost_scheduler_fail_in_one_line(tmp_path: Path) -> None:
    """A scheduler that cannot take the late workers' check (here: killed after the client
    connected) stops the run with one line, rather than leave later workers unchecked."""
    from distributed import Client

    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.engine.late_workers import late_checks
    from lexsub_baselines.engine.workers import Expected, Facts

    scheduler, address = start_scheduler(tmp_path, subprocess.DEVNULL)

    async def run() -> str:
        client = await Client(address, asynchronous=True, timeout="60s")
        try:
            scheduler.kill()
            scheduler.wait()
            expected = Expected("/", None, "/", "/token", address, Facts({}, None, (), {}, "", 1))
            with pytest.raises(LexsubError) as raised:
                async with late_checks(client, expected):
                    pass
            return str(raised.value)
        finally:
            await client.close(timeout=1)

    try:
        line = asyncio.run(run())
    finally:
        scheduler.kill()
        scheduler.wait()
    assert line.startswith(f"the scheduler {address} did not take the check of the workers "
                           "that join later (") and "\n" not in line
    assert "`dask scheduler`" in line


def test_a_worker_on_another_python_or_other_kenlm_tools_is_refused() -> None:
    """Python's version and its Unicode database's, and the KenLM tools' digests, are facts
    the worker must share with the client (they reach the bytes), each named in the line."""
    from lexsub_baselines.engine.workers import Expected, Facts, judge

    ours = Facts({}, None, (), {"python": "3.11.7", "unicode": "14.0.0",
                                "kenlm-tools": "lmplz 1a, build_binary 2b"}, "t", 1, "k")
    expected = Expected("/", None, "/", "/token", "tcp://s:1", ours)
    other = Facts({}, None, (), {"python": "3.12.0", "unicode": "15.0.0",
                                 "kenlm-tools": "lmplz 3c, build_binary 2b"}, "t", 1, "k")
    line = judge(expected, other, "tcp://w:2")
    assert line is not None and "\n" not in line
    assert "python 3.12.0 there, 3.11.7 here" in line and "unicode 15.0.0 there" in line
    assert "kenlm-tools lmplz 3c, build_binary 2b there, lmplz 1a, build_binary 2b here" in line
    assert judge(expected, ours, "tcp://w:2") is None
