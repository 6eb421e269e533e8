"""Per-stage build locks: two builds on one cache never build the same stage at once.

A stage is built under an exclusive lock on `<cache>/.locks/<stage>.lock` (`filelock.FileLock`:
`fcntl.flock` on POSIX, released by the kernel when a build is killed, the file created
group- and world-writable so that a second user of a shared cache can lock it too); whoever
gets the lock second looks the result up again and reuses it. What can go wrong, and what
happens then:

- the file system has no `flock` at all (`ENOSYS`): filelock falls back to a lock file of its
  own (`SoftFileLock`) by itself;
- it refuses the lock (NFS without lockd: `ENOLCK`; other `OSError`s): one line says so and the
  build falls back to `<stage>.softlock`, a file created exclusively; a killed build leaves it
  behind (its content names the holder): delete it by hand;
- the lock file or folder is another user's and not writable (`PermissionError`): the stage
  fails with one line naming the file and the remedy, and the rest of the build goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from filelock import FileLock, SoftFileLock, Timeout

from lexsub_baselines.core.errors import LexsubError

__all__ = ["stage_lock"]

_MODE = 0o666


def _try(lock: Any) -> bool:
    """Return True when `lock` was taken now, False when another process holds it."""
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return False
    return True


@asynccontextmanager
async def stage_lock(lock_dir: Path | None, name: str, say: Callable[[str], None],
                     poll: float = 1.0) -> AsyncIterator[bool]:
    """Hold the exclusive lock of stage `name`; yield whether another build held it first.

    Arguments:
        lock_dir: the lock folder (None: no locking).
        name: the stage.
        say: prints one line to the user (the progress stream).
        poll: seconds between two attempts while another build holds the lock.

    Raises:
        LexsubError: the lock file or folder cannot be written by this user (the message
            names it and the remedy).
    """
    if lock_dir is None:
        yield False
        return
    path = lock_dir / f"{name}.lock"
    remedy = (f"make {lock_dir} writable for every user of this cache (chmod -R a+rwX), or "
              "build into a cache of your own (--cache-dir)")
    lock: Any = FileLock(path, mode=_MODE, thread_local=False)
    waited = False
    while True:
        try:
            lock_dir.mkdir(parents=True, exist_ok=True)
            taken = _try(lock)
        except PermissionError as error:
            raise LexsubError(f"{name}: cannot lock {error.filename or path} ({error.strerror}): "
                              f"{remedy}") from None
        except OSError as error:
            if isinstance(lock, SoftFileLock):
                raise LexsubError(f"{name}: cannot lock {path} ({error.strerror}): "
                                  f"{remedy}") from None
            soft = path.with_suffix(".softlock")
            say(f"lexsub: {name}: the file system refuses a lock on {path} ({error.strerror}); "
                f"using {soft} instead (a killed build leaves it behind: delete it)")
            lock = SoftFileLock(soft, mode=_MODE, thread_local=False)
            continue
        if taken:
            break
        if not waited:
            say(f"lexsub: {name}: another build of it is running on this cache; waiting to "
                "reuse its result")
        waited = True
        await asyncio.sleep(poll)
    try:
        yield waited
    finally:
        lock.release()
