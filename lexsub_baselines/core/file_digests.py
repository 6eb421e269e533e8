"""The sha256 of input files, memoised across processes by file version: `known_sha256`.

Checking an input against its recorded digest must cost nothing once the file was checked:
`known_sha256(path, cache)` returns the digest kept in `<cache>/digests/files.json` when the
file is the version recorded there — the same device, inode, size, modification and change
time — and otherwise reads the file (`cache.memo_sha256`, memoised in the process too) and
records it. The change time is set by the kernel on every write and no call sets it back, so
an edit that keeps the size and restores the modification time (`touch -d`, `os.utime`) is
read again. As in `memo_sha256`, a file changed in the last two seconds is not recorded (file
times move by clock ticks: git's "racily clean" rule). The memo file is written atomically;
two processes recording at once lose at most an entry, which is read again next time. A cache
that cannot be written leaves the memo to the process.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

from lexsub_baselines.core.cache import atomic_write_text, memo_sha256

__all__ = ["MEMO", "known_sha256"]

#: The memo, under the cache folder.
MEMO = Path("digests") / "files.json"
_RACY_NS = 2_000_000_000
_MAX_ENTRIES = 20_000
#: memo file -> {absolute path: [version..., sha256]}, as read by this process.
_LOADED: dict[Path, dict[str, list[int | str]]] = {}


def _version(path: Path) -> list[int | str]:
    status = os.stat(path)
    return [status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns,
            status.st_ctime_ns]


def _memo(memo: Path) -> dict[str, list[int | str]]:
    if memo not in _LOADED:
        try:
            loaded = json.loads(memo.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            loaded = {}
        _LOADED[memo] = loaded if isinstance(loaded, dict) else {}
    return _LOADED[memo]


def known_sha256(path: Path, cache: Path | None) -> str:
    """Return the hex sha256 of `path`, memoised by file version in `<cache>/digests/`.

    Arguments:
        path: the file.
        cache: the cache folder (`Roots.cache`); None keeps the memo in this process.

    Raises:
        OSError: the file cannot be read.
    """
    if cache is None:
        return memo_sha256(path)
    name = str(path.resolve())
    memo_file = cache / MEMO
    memo = _memo(memo_file)
    version = _version(path)
    entry = memo.get(name)
    if entry is not None and entry[:-1] == version:
        return str(entry[-1])
    digest = memo_sha256(path)
    if _version(path) == version and time.time_ns() - int(version[4]) > _RACY_NS:
        if len(memo) >= _MAX_ENTRIES:
            memo.clear()
        memo[name] = [*version, digest]
        with contextlib.suppress(OSError):  # a read-only cache: the process keeps the memo
            atomic_write_text(memo_file, json.dumps(memo, sort_keys=True, indent=0))
    return digest
