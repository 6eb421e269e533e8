"""Starting and stopping the real `dask scheduler` and `dask worker` processes of a test."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

DASK = str(Path(sys.executable).with_name("dask"))


def free_port() -> int:
    """Return a port of 127.0.0.1 that is free now (for a process that cannot pick its own:
    the next process to bind it wins, so a scheduler picks its own: `start_scheduler`)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_scheduler(folder: Path, log: IO[bytes] | int, timeout: float = 60
                    ) -> tuple[subprocess.Popen[bytes], str]:
    """Start `dask scheduler` on 127.0.0.1; return the process and its address, once it listens.

    The scheduler picks its own port (`--port 0`) and writes it to `folder/scheduler.json`:
    a port found free beforehand may be taken by another process before the scheduler binds
    it ("Address already in use"), and then the scheduler dies while its workers and the
    client wait for it.
    """
    file = folder / "scheduler.json"
    file.unlink(missing_ok=True)
    process = subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                "--no-dashboard", "--scheduler-file", str(file)],
                               stdout=log, stderr=log)
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(OSError, ValueError, KeyError):  # not (all) written yet
            return process, str(json.loads(file.read_text(encoding="utf-8"))["address"])
        if process.poll() is not None or time.monotonic() > deadline:
            stop_in_order([process])
            raise AssertionError("the dask scheduler did not start (its log: "
                                 f"{getattr(log, 'name', 'not kept')})")
        time.sleep(0.02)


def stop_in_order(processes: Sequence[subprocess.Popen[bytes]], timeout: float = 10) -> None:
    """Terminate each process and wait for it, in order, killing one that outlives `timeout`.

    Give the workers before their scheduler: a worker closes at once while its scheduler
    answers, but one whose scheduler is already gone waits for it (seen: 20 s) before it
    exits. A kill is safe for a `dask worker --no-nanny` (or a wrapper that execs it): it
    leaves no worker process of its own behind, as a killed nanny would.
    """
    for process in processes:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
