"""A lock file with a lease, for a cache whose file system refuses `flock` (see `engine.locks`).

The lock is a file created exclusively (`O_EXCL`, which NFS honours) holding its holder's
host, machine identity, pid, lease and a random nonce. While it holds the lock, the holder
touches the file every sixth of the lease (a heartbeat thread, so that a busy event loop does
not starve it). A waiter breaks the lock, in one line, when:

- its holder ran on this machine (same host name, boot and pid namespace) and its pid no
  longer runs (or is a zombie): a killed build is seen at the next attempt;
- or the file did not change (inode, modification time, size, content) for the holder's
  lease, measured on the waiter's own monotonic clock: a holder on another host that died,
  or lost the cache, is seen after the lease, and the hosts' clocks need not agree. The lease
  a file states is bounded by `MAX_LEASE` (a lease that is no positive number counts as the
  waiter's own), so that no file keeps a lock for ever;
- a file whose content names no holder (not UTF-8 JSON, truncated, garbage; or the instant
  between its creation and its holder writing it) is judged the same way, under the waiter's
  own lease: broken, in one line naming the file and saying so, once it did not change for
  that lease. Neither the waiter nor the holder's heartbeat fails on it.

Breaking renames the file aside before deleting it and checks that the file moved is the
one judged (a heartbeat or a new holder in between puts it back), so that two waiters that
judge at once never break a lock taken in between.
"""

from __future__ import annotations

import json
import math
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

__all__ = ["LEASE", "MAX_LEASE", "SoftLock", "bounded_lease", "holder_facts", "host_id",
           "read_holder"]

#: Seconds a soft lock stays valid without a heartbeat from its holder.
LEASE = 60.0
#: The longest lease a lock file may state, in seconds: ten times the default, and ten times
#: the longest an NFS client caches a file's attributes by default (`acregmax`, 60 s), so no
#: live holder's heartbeat is missed for it; a longer one (a lock of another version, a
#: hand-edited file, 1e9) would keep a dead host's lock for ever.
MAX_LEASE = 600.0

_MODE = 0o666


def host_id() -> str:
    """Return this machine's identity for pid checks: host name, boot id, pid namespace."""
    parts = [socket.gethostname()]
    with suppress(OSError):
        parts.append(Path("/proc/sys/kernel/random/boot_id").read_text().strip())
    with suppress(OSError):
        parts.append(str(os.stat("/proc/self/ns/pid").st_ino))
    return ":".join(parts)


def holder_facts() -> dict[str, Any]:
    """Return who holds a lock: host name, machine identity and pid of this process."""
    return {"host": socket.gethostname(), "machine": host_id(), "pid": os.getpid()}


def bounded_lease(value: Any, default: float = LEASE) -> float:
    """Return `value` as a lease in seconds: at most `MAX_LEASE`; `default` when it is no
    positive finite number (a lock file's own word is not trusted further).

    >>> bounded_lease(1e9), bounded_lease(2), bounded_lease("60"), bounded_lease(-1.0, 30.0)
    (600.0, 2.0, 60.0, 30.0)
    """
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or value <= 0:
        return default
    return min(float(value), MAX_LEASE)


def _parse(raw: bytes) -> dict[str, Any] | None:
    """Return the holder a lock file's bytes name, or None (not UTF-8 JSON naming a pid)."""
    try:
        holder = json.loads(raw.decode("utf-8"))
    except ValueError:  # UnicodeDecodeError included
        return None
    return holder if isinstance(holder, dict) and isinstance(holder.get("pid"), int) else None


def read_holder(path: Path) -> str:
    """Return "pid N on host H" of the lock file's holder, or "" when it says nothing."""
    try:
        holder = _parse(path.read_bytes())
    except OSError:
        return ""
    return f"pid {holder['pid']} on host {holder.get('host')}" if holder else ""


def _running(pid: int) -> bool:
    """Return whether process `pid` of this machine runs (a zombie does not)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


class SoftLock:
    """An exclusive lock file with a lease (see the module docstring)."""

    def __init__(self, path: Path, name: str, say: Callable[[str], None],
                 lease: float = LEASE) -> None:
        self.path, self.name, self.say = path, name, say
        self.lease = bounded_lease(lease)
        self.nonce = uuid.uuid4().hex
        self._seen: tuple[Any, ...] | None = None  # the holder's file as last judged
        self._since = 0.0  # when it was first seen so (monotonic)
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None

    def try_acquire(self) -> bool:
        """Take the lock now if it is free or its holder is gone; return whether it was."""
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _MODE)
            except FileExistsError:
                if not self._break_if_stale():
                    return False
                continue
            with suppress(PermissionError):
                os.fchmod(fd, _MODE)
            os.write(fd, json.dumps({**holder_facts(), "lease": self.lease,
                                     "nonce": self.nonce}).encode())
            os.close(fd)
            self._stop.clear()
            self._beat = threading.Thread(target=self._heartbeat, daemon=True,
                                          name=f"lexsub-lease-{self.name}")
            self._beat.start()
            return True
        return False

    def release(self) -> None:
        """Stop the heartbeat and remove the lock file, if it is still ours."""
        self._stop.set()
        if self._beat is not None:
            self._beat.join()
            self._beat = None
        if self._nonce() == self.nonce:
            self.path.unlink(missing_ok=True)

    def _nonce(self) -> str | None:
        try:
            holder = _parse(self.path.read_bytes())
        except OSError:
            return None
        return None if holder is None else holder.get("nonce")

    def _heartbeat(self) -> None:
        lost = False
        while not self._stop.wait(self.lease / 6):
            if self._nonce() != self.nonce:
                if not lost:
                    self.say(f"lexsub: {self.name}: lost the lock {self.path} (another build "
                             "took it, judging this one dead); it may build the same result")
                lost = True
                continue
            with suppress(OSError):
                os.utime(self.path)

    def _break_if_stale(self) -> bool:
        """Break the lock when its holder is gone (saying so); return whether it is free."""
        try:
            status = os.stat(self.path)
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return True
        seen = (status.st_ino, status.st_mtime_ns, status.st_size, raw)
        now = time.monotonic()
        if seen != self._seen:
            self._seen, self._since = seen, now
        reason = self._why_stale(_parse(raw), now)
        if reason is None:
            return False
        aside = self.path.with_name(f"{self.path.name}.broken-{uuid.uuid4().hex[:8]}")
        try:
            os.rename(self.path, aside)
        except FileNotFoundError:
            return True
        try:
            moved = os.stat(aside)
            if (moved.st_ino, moved.st_mtime_ns, moved.st_size,
                    aside.read_bytes()) != seen:
                with suppress(OSError):  # not the file judged: put it back
                    os.link(aside, self.path)
                return False
        finally:
            aside.unlink(missing_ok=True)
        self._seen = None
        self.say(f"lexsub: {self.name}: broke the lock {self.path} of a build that is gone "
                 f"({reason})")
        return True

    def _why_stale(self, holder: dict[str, Any] | None, now: float) -> str | None:
        who = f"pid {holder['pid']} on host {holder.get('host')}" if holder else "its holder"
        if holder and holder.get("machine") == host_id() and not _running(holder["pid"]):
            return f"{who}, of this machine, no longer runs"
        lease = bounded_lease(holder.get("lease"), self.lease) if holder else self.lease
        if now - self._since <= lease:
            return None
        if holder is None:
            return f"its content names no holder, and it did not change for {lease:.0f} s"
        return f"no heartbeat from {who} for {lease:.0f} s"
