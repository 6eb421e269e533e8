"""The sha256 of files and of trees of files, each file hashed once per version: the one memo.

Every digest the package takes of a file goes through `sha256`. A file's *version* is its
device, inode, size, modification and change time (the kernel sets the change time on every
write and no call sets it back, so an in-place edit that sets the modification time back is
read again); the digest of a version is kept in the process and, given a cache folder, across
processes in `<cache>/digests/files.json` (written at most once a second, and at exit). A
file changed in the last two seconds, or while it was read, is not remembered (git's "racily
clean" rule). `tree` is the one digest of several files: the sha256 of the lines
`<sha256>  <name>` sorted by name, as `sha256sum` prints them.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import lzma
import os
import time
from collections.abc import Iterable
from contextvars import ContextVar
from pathlib import Path
from typing import BinaryIO

from lexsub_baselines.core.atomic import atomic_write_text

__all__ = ["MEMO", "TREE_RULE", "flush", "folder_files", "hashing", "sha256", "tree", "version"]

#: The memo's file, under the cache folder.
MEMO = Path("digests") / "files.json"
TREE_RULE = ("sha256 of the UTF-8 lines '<sha256 of file>  <name>\\n' of the files sorted by "
             "name; names are POSIX paths relative to the folder (absolute paths for Debian "
             "members), i.e. the output of `sha256sum` over the sorted names")
_RACY_NS = 2_000_000_000
_MAX = 50_000
#: (memo folder or "", absolute path + "#xz" when of the content) -> [version..., sha256]
_KNOWN: dict[str, dict[str, list[int | str]]] = {}
#: Set while a file is opened to be hashed (`hashing`): a digest, not a read of its content.
_HASHING: ContextVar[bool] = ContextVar("hashing", default=False)
#: The cache folders whose memo has digests not yet written, and when each was written last.
_DIRTY: set[Path] = set()
_WRITTEN: dict[Path, float] = {}
_WRITE_EVERY = 1.0


def _version(status: os.stat_result) -> list[int | str]:
    return [status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns,
            status.st_ctime_ns]


def version(path: Path) -> list[int | str]:
    """Return the version of a file: device, inode, size, modification and change time (ns).

    Raises:
        OSError: the file cannot be stat'ed.
    """
    return _version(os.stat(path))


def _memo(cache: Path | None) -> dict[str, list[int | str]]:
    key = str(cache or "")
    if key not in _KNOWN:
        loaded: object = {}
        if cache is not None:
            with contextlib.suppress(OSError, ValueError):
                loaded = json.loads((cache / MEMO).read_text(encoding="utf-8"))
        _KNOWN[key] = loaded if isinstance(loaded, dict) else {}
    return _KNOWN[key]


def _hash(handle: BinaryIO) -> str:
    digest = hashlib.sha256()
    while block := handle.read(1 << 20):
        digest.update(block)
    return digest.hexdigest()


def sha256(path: Path, cache: Path | None = None, *, xz: bool = False) -> str:
    """Return the hex sha256 of a file (of its xz-decompressed content with `xz`), hashed once
    per file version (see the module's doc).

    Arguments:
        path: the file.
        cache: the cache folder whose memo keeps the digests across processes (None: this
            process only).
        xz: the digest of the file's content once decompressed (an `xz` file).

    Raises:
        OSError: the file cannot be read; `lzma.LZMAError` when `xz` and it is not xz.
    """
    name = str(path.absolute()) + ("#xz" if xz else "")
    memo = _memo(cache)
    known = memo.get(name)
    if known is not None and known[:-1] == version(path):
        return str(known[-1])  # this version was hashed: nothing read
    token = _HASHING.set(True)
    try:
        with open(path, "rb") as handle:
            before = _version(os.fstat(handle.fileno()))
            if xz:
                with lzma.open(handle) as content:
                    digest = _hash(content)  # type: ignore[arg-type]
            else:
                digest = _hash(handle)
            after = _version(os.fstat(handle.fileno()))
    finally:
        _HASHING.reset(token)
    if after == before and time.time_ns() - int(after[4]) > _RACY_NS:
        if len(memo) >= _MAX:
            memo.clear()
        memo[name] = [*after, digest]
        if cache is not None:
            _DIRTY.add(cache)
            if time.monotonic() - _WRITTEN.get(cache, 0.0) > _WRITE_EVERY:
                flush()
    return digest


def hashing() -> bool:
    """Return True while this context opens a file to hash it (`sha256`): what a key holds,
    not what a computation reads (`inputs.trace` tells them apart)."""
    return _HASHING.get()


def flush() -> None:
    """Write the memos this process added to into their cache folders (at most once a second
    while hashing, and when the process exits)."""
    for cache in sorted(_DIRTY):
        with contextlib.suppress(OSError):  # a read-only cache: the process keeps it
            atomic_write_text(cache / MEMO, json.dumps(_memo(cache), sort_keys=True, indent=0))
        _WRITTEN[cache] = time.monotonic()
    _DIRTY.clear()


atexit.register(flush)


def folder_files(folder: Path) -> list[tuple[str, Path]]:
    """Return (POSIX name relative to `folder`, path) of every regular file under it, at any
    depth, sorted by name (links followed; `__pycache__` left out)."""
    found = []
    for top, children, names in os.walk(folder, followlinks=True):
        children[:] = [child for child in children if child != "__pycache__"]
        for name in names:
            path = Path(top, name)
            if path.is_file():
                found.append((path.relative_to(folder).as_posix(), path))
    return sorted(found)


def tree(files: Iterable[tuple[str, str]]) -> str:
    """Return the digest under `TREE_RULE` of (name, sha256) pairs.

    >>> tree([]) == hashlib.sha256(b"").hexdigest()
    True
    """
    digest = hashlib.sha256()
    for name, file_digest in sorted(files):
        digest.update(f"{file_digest}  {name}\n".encode())
    return digest.hexdigest()
