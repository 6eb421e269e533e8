"""Build locks: two builds on one cache never build the same resource at once, and never hang.

A stage is built under an exclusive lock named by what it builds (`<cache>/.locks/
<stage>-<digest of its cache key>.lock`: a relation-count build of one corpus never waits
for one of another); whoever gets it second looks the result up again and reuses it. One
lock mechanism serves a cache, chosen on its first lock and recorded in
`<cache>/.locks/mechanism` (created exclusively), because the two exclude nothing of each
other:

- `flock` (`fcntl.flock` on the lock file, created group- and world-writable so that a
  second user of a shared cache can lock it too): the kernel (or the NFS lock manager)
  releases it when its holder dies, however it dies;
- `softlock`, when the file system refuses `flock` on the first lock (NFS without lockd:
  `ENOLCK`; no `flock` at all: `ENOSYS`): `<name>.softlock`, created exclusively, holding its
  holder's host, pid and lease (`SoftLock`). The holder renews the lease (a heartbeat thread
  touching the file) while it holds it; a waiter breaks it, saying so in one line, when its
  holder is dead (a pid on the same host, in the same pid namespace, that no longer runs) or
  when no heartbeat came for the lease (a holder on another host: measured on the waiter's
  own clock, so the hosts' clocks need not agree).

A host that cannot use the recorded mechanism (flock recorded, refused here) fails the stage
with one line and the remedy, rather than lock with the other one, which the first would not
see. A lock file or folder of another user that this one cannot write fails the stage with
one line naming it. The stage learns that another build holds its lock as soon as it is
found held (`on_wait`), so that the build graph can open its gate to the other stages.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import hashlib
import json
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Protocol

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.engine.softlock import LEASE, SoftLock, holder_facts, read_holder

__all__ = ["LEASE", "MECHANISMS", "lock_name", "stage_lock"]

_MODE = 0o666

#: The lock mechanisms a cache may record.
MECHANISMS = ("flock", "softlock")


def lock_name(stage: str, key: str | None) -> str:
    """Return the lock file's stem of `stage` building the cache entry `key` (None: the stage
    has one lock)."""
    if key is None:
        return stage
    return f"{stage}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"


class _Refused(Exception):
    """The file system refuses `flock` here."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror)
        self.strerror = error.strerror


class _Flock:
    """An exclusive `flock` on a file; the holder's facts written into it, for the waiters."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def try_acquire(self) -> bool:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, _MODE)
        with suppress(PermissionError):  # another user's file: it is already 0666
            os.fchmod(fd, _MODE)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError as error:
            os.close(fd)
            raise _Refused(error) from error
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps(holder_facts()).encode())
        self.fd = fd
        return True

    def release(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def _recorded(lock_dir: Path) -> str | None:
    """Return the mechanism recorded for the cache, or None when none is yet.

    Raises:
        LexsubError: the record names no known mechanism.
    """
    record = lock_dir / "mechanism"
    try:
        text = record.read_bytes().decode("ascii", errors="replace").strip()
    except FileNotFoundError:
        return None
    if not text:
        return None  # being written (see `_record`)
    if text not in MECHANISMS:
        raise LexsubError(f"{record} names no lock mechanism ({text[:20]!r}; known: "
                          f"{', '.join(MECHANISMS)}): delete it while no build runs")
    return text


def _record(lock_dir: Path, mechanism: str) -> str:
    """Record `mechanism` for the cache unless another build recorded one first; return the
    recorded one (created exclusively: the first build's choice stands for every host)."""
    try:
        fd = os.open(lock_dir / "mechanism", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        for _ in range(50):  # its writer may be between creating and writing it
            if (recorded := _recorded(lock_dir)) is not None:
                return recorded
            time.sleep(0.05)
        raise LexsubError(f"{lock_dir / 'mechanism'} is empty: delete it while no build "
                          "runs") from None
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(mechanism + "\n")
    return mechanism


class _Lock(Protocol):
    path: Path

    def try_acquire(self) -> bool: ...

    def release(self) -> None: ...


def _choose(lock_dir: Path, path: Path, name: str, say: Callable[[str], None],
            lease: float) -> _Lock:
    """Return the lock of `path` by the cache's mechanism, recording it on first use."""
    recorded = _recorded(lock_dir)
    if recorded == "softlock":
        return SoftLock(path.with_suffix(".softlock"), name, say, lease)
    probe = _Flock(path)
    try:
        if probe.try_acquire():
            probe.release()
    except _Refused as refused:
        mechanism = recorded or _record(lock_dir, "softlock")
        if mechanism == "flock":
            raise LexsubError(
                f"{name}: the file system refuses a lock on {path} ({refused.strerror}) here, "
                f"and this cache's builds lock with flock ({lock_dir / 'mechanism'}): mount "
                "the cache with working locks on this host (NFS: with lockd), or build into "
                "a cache of your own (--cache-dir)") from None
        soft = SoftLock(path.with_suffix(".softlock"), name, say, lease)
        say(f"lexsub: {name}: the file system refuses a lock on {path} ({refused.strerror}); "
            f"this cache's builds lock with lock files from now on ({soft.path.name}; "
            f"recorded in {lock_dir / 'mechanism'})")
        return soft
    if (recorded or _record(lock_dir, "flock")) == "softlock":
        return SoftLock(path.with_suffix(".softlock"), name, say, lease)
    return _Flock(path)


@asynccontextmanager
async def stage_lock(lock_dir: Path | None, name: str, say: Callable[[str], None],
                     poll: float = 1.0, key: str | None = None,
                     on_wait: Callable[[], None] | None = None,
                     lease: float = LEASE) -> AsyncIterator[bool]:
    """Hold the exclusive lock of stage `name` building `key`; yield whether another build
    held it first.

    Arguments:
        lock_dir: the lock folder (None: no locking).
        name: the stage.
        say: prints one line to the user (the progress stream).
        poll: seconds between two attempts while another build holds the lock.
        key: what the stage builds (its cache path or key); None: one lock for the stage.
        on_wait: called once, as soon as the lock is found held by another build.
        lease: seconds a soft lock of ours stays valid without a heartbeat.

    Raises:
        LexsubError: the lock file or folder cannot be written by this user, or this host
            cannot use the cache's lock mechanism (the message names it and the remedy).
    """
    if lock_dir is None:
        yield False
        return
    path = lock_dir / f"{lock_name(name, key)}.lock"
    remedy = (f"make {lock_dir} writable for every user of this cache (chmod -R a+rwX), or "
              "build into a cache of your own (--cache-dir)")
    waited = False
    try:
        lock_dir.mkdir(parents=True, exist_ok=True)
        lock = _choose(lock_dir, path, name, say, lease)
        while not lock.try_acquire():
            if not waited:
                holder = read_holder(lock.path)
                say(f"lexsub: {name}: another build of it is running on this cache"
                    f"{f' ({holder})' if holder else ''}; waiting to reuse its result")
                if on_wait is not None:
                    on_wait()
            waited = True
            await asyncio.sleep(poll)
    except PermissionError as error:
        raise LexsubError(f"{name}: cannot lock {error.filename or path} ({error.strerror}): "
                          f"{remedy}") from None
    except _Refused as refused:  # flock refused after it worked at first
        raise LexsubError(f"{name}: cannot lock {path} ({refused.strerror}): {remedy}") from None
    except OSError as error:
        if error.errno in (errno.EROFS, errno.EACCES):
            raise LexsubError(f"{name}: cannot lock {error.filename or path} "
                              f"({error.strerror}): {remedy}") from None
        raise
    try:
        yield waited
    finally:
        lock.release()
