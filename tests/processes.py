"""Stopping the real `dask worker` and `dask scheduler` processes a test started."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence


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
