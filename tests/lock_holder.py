"""Another build's process holding a build lock, for the lock and gate tests.

The holder is a separate Python process taking the lock through `engine.locks.stage_lock`,
as a build does; it can pretend to run on another machine (its `softlock.host_id`), so that
the waiter cannot check its pid and must rely on its lease.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HOLDER = """
import asyncio, sys
from pathlib import Path
from lexsub_baselines.engine import softlock
from lexsub_baselines.engine.locks import stage_lock

folder, name, key, host, lease, seconds = sys.argv[1:]
if host != "here":
    softlock.host_id = lambda: host  # as if it ran on another machine

async def hold():
    async with stage_lock(Path(folder), name, print, key=key or None, lease=float(lease)):
        print("held", flush=True)
        await asyncio.sleep(float(seconds))

asyncio.run(hold())
"""


@contextmanager
def holder(folder: Path, name: str, key: str = "", host: str = "here", lease: float = 60.0,
            seconds: float = 600.0) -> Iterator[subprocess.Popen[str]]:
    """Another build's process holding the lock (from when this yields)."""
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), name, key, host,
                                str(lease), str(seconds)], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "held":
                break
        else:
            raise AssertionError("the holder never took the lock")
        yield process
    finally:
        process.kill()
        process.wait()
