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
import hashlib
import json
import lzma
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


def _xz_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with lzma.open(path) as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def known_sha256(path: Path, cache: Path | None, *, xz: bool = False) -> str:
    """Return the hex sha256 of `path`, memoised by file version in `<cache>/digests/`.

    Arguments:
        path: the file.
        cache: the cache folder (`Roots.cache`); None keeps the memo in this process.
        xz: the sha256 of the file's xz-decompressed content instead (memoised apart).

    Raises:
        OSError: the file cannot be read (or, with `xz`, is not an xz file: `lzma.LZMAError`).
    """
    if cache is None and not xz:
        return memo_sha256(path)
    if cache is None:
        return _xz_sha256(path)
    name = str(path.resolve()) + ("#xz" if xz else "")
    memo_file = cache / MEMO
    memo = _memo(memo_file)
    version = _version(path)
    entry = memo.get(name)
    if entry is not None and entry[:-1] == version:
        return str(entry[-1])
    digest = _xz_sha256(path) if xz else memo_sha256(path)
    if _version(path) == version and time.time_ns() - int(version[4]) > _RACY_NS:
        if len(memo) >= _MAX_ENTRIES:
            memo.clear()
        memo[name] = [*version, digest]
        with contextlib.suppress(OSError):  # a read-only cache: the process keeps the memo
            atomic_write_text(memo_file, json.dumps(memo, sort_keys=True, indent=0))
    return digest
