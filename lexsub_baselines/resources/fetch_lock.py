"""One lock per input of `lexsub fetch`, so that two fetches never write the same partial files.

`input_lock(folder, name, say)` holds an exclusive `flock` on `<folder>/<name>.lock` while an
input is fetched; a second fetch of the same input says, in one line, that it waits, then
finds the files in place. The kernel releases the lock when its holder dies, however it dies.

The build locks of `engine.locks` are not reused: `resources` sits below `engine` in the
layers (`layers.py`), and they are asynchronous, lease-based locks for a cache shared across
hosts, more than a fetch into one user's cache needs. A file system that refuses `flock`
(NFS without lockd) fails the fetch with one line and the remedy instead of fetching unlocked.
"""

from __future__ import annotations

import fcntl
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from lexsub_baselines.resources.download import FetchError

__all__ = ["input_lock"]


@contextmanager
def input_lock(folder: Path, name: str, say: Callable[[str], None]) -> Iterator[None]:
    """Hold the exclusive lock of input `name` in `folder` while the block runs.

    Raises:
        FetchError: the lock file cannot be created or locked (the message says where and what
            to do).
    """
    path = folder / f"{re.sub(r'[^A-Za-z0-9._-]', '_', name)}.lock"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise FetchError(f"cannot create the lock {path} ({error.strerror}): point --cache-dir "
                         "(or LEXSUB_CACHE_DIR) at a folder you can write") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"lexsub: {name}: another `lexsub fetch` is fetching it ({path}); waiting")
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError as error:
            raise FetchError(f"cannot lock {path} ({error.strerror}): put the cache on a file "
                             "system with working locks (--cache-dir or LEXSUB_CACHE_DIR)") \
                from None
        yield
    finally:
        os.close(fd)  # releases the lock
