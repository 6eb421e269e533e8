"""Atomic, checksummed files for everything the toolkit builds.

Every built resource is written to a temporary file in its final directory and renamed into
place only when complete, so an interrupted build never leaves a half-written file behind. A
sidecar `NAME.sha256` records the content hash; `verified()` re-checks it when the file is
read back, and a mismatch means "rebuild", not "trust".
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = [
    "atomic_path",
    "atomic_write_text",
    "cache_key",
    "file_sha256",
    "install_folder",
    "memo_sha256",
    "seal",
    "sealed_checksum",
    "tree_sha256",
    "verified",
    "verified_folder",
]


def file_sha256(path: Path, chunk: int = 1 << 20) -> str:
    """Return the hex sha256 of a file, read in chunks."""
    with open(path, "rb") as handle:
        return _read_sha256(handle, chunk)


def _read_sha256(handle: Any, chunk: int) -> str:
    digest = hashlib.sha256()
    while block := handle.read(chunk):
        digest.update(block)
    return digest.hexdigest()


#: (path, file version) -> sha256, of the files `memo_sha256` read in this process.
_DIGESTS: dict[tuple[str, tuple[int, ...]], str] = {}
_DIGESTS_MAX = 100_000
_RACY_NS = 2_000_000_000


def _version(status: os.stat_result) -> tuple[int, ...]:
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def memo_sha256(path: Path, chunk: int = 1 << 20) -> str:
    """Return the hex sha256 of a file, memoised in this process per file version.

    The version is (device, inode, size, mtime_ns, ctime_ns) of the open file. The kernel sets
    ctime on every write and no call sets it back (mtime can be: `touch -d`, `os.utime`), so
    an in-place edit that keeps the size, the inode and even the modification time is read
    again. Not memoised: a file that changed while it was read, and one changed in the last
    two seconds, since file times move by clock ticks and a second write within the tick of
    the first would keep them (git's "racily clean" entries, re-read for the same reason).
    A long-lived process (a Dask worker) thus never serves a stale digest, and hashing a few
    hundred MB costs once.

    Raises:
        OSError: the file cannot be opened or read.
    """
    with open(path, "rb") as handle:
        before = _version(os.fstat(handle.fileno()))
        key = (str(path), before)
        if (known := _DIGESTS.get(key)) is not None:
            return known
        digest = _read_sha256(handle, chunk)
        after = _version(os.fstat(handle.fileno()))
    if after == before and time.time_ns() - after[4] > _RACY_NS:
        if len(_DIGESTS) >= _DIGESTS_MAX:
            _DIGESTS.clear()
        _DIGESTS[key] = digest
    return digest


def cache_key(**parts: Any) -> str:
    """Return a short stable key for a build's inputs and settings.

    The parts are serialised as sorted JSON (paths and other objects by `str`), so the same
    inputs always give the same key and any changed setting gives a new one.

    >>> cache_key(corpus="wiki", max_tokens=1000) == cache_key(max_tokens=1000, corpus="wiki")
    True
    """
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(blob.encode("ascii")).hexdigest()[:16]


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; rename it onto `target` if the block succeeds.

    On an exception the temporary file (or directory) is removed and `target` is untouched.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file normal permissions
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_text(target: Path, text: str, encoding: str = "utf-8") -> None:
    """Write `text` to `target` atomically (byte-identical for identical input)."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding=encoding, newline="\n") as handle:
        handle.write(text)


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def seal(path: Path) -> str:
    """Record the checksum of a finished cache file in its `.sha256` sidecar; return it."""
    digest = file_sha256(path)
    atomic_write_text(_sidecar(path), digest + "\n")
    return digest


def sealed_checksum(path: Path) -> str | None:
    """Return the checksum `seal` recorded for `path`, or None when it was never sealed."""
    sidecar = _sidecar(path)
    return sidecar.read_text(encoding="ascii").strip() if sidecar.is_file() else None


def verified(path: Path) -> bool:
    """Return True when `path` exists and matches the checksum recorded by `seal`."""
    checksum = sealed_checksum(path) if path.is_file() else None
    return checksum is not None and checksum == file_sha256(path)


def tree_sha256(folder: Path) -> str:
    """Return the sha256 of a folder's files: each one's relative path and own sha256."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(f"{path.relative_to(folder).as_posix()}\0{file_sha256(path)}\n".encode())
    return digest.hexdigest()


def install_folder(work: Path, final: Path) -> Path:
    """Put the finished folder `work` in place as `final`, sealed and swapped atomically.

    The folder is renamed to `<final>.<first 16 hex of its tree_sha256>` (its seal: the name
    says what it must hold), and `final` becomes a symbolic link to it, replaced in one
    `os.replace`: a reader sees the old folder or the new one, never a half-deleted one. The
    temporary link is named by host, pid and a random part, so two hosts installing into one
    shared cache at once never take each other's link. Nothing is deleted: a folder the link
    pointed to before (or an unsealed folder of an older layout, moved aside to
    `<final>.unsealed-<random>`) stays, since another process, here or on another host, may
    still be reading it; docs/building.md says how to prune them. Returns the sealed folder.
    """
    versioned = final.with_name(f"{final.name}.{tree_sha256(work)[:16]}")
    try:
        if versioned.is_dir():
            raise FileExistsError(versioned)
        os.replace(work, versioned)
    except OSError:
        if not versioned.is_dir():
            raise
        shutil.rmtree(work)  # the same content is already there (put by another build)
    if final.is_dir() and not final.is_symlink():  # an unsealed folder of an older layout
        os.replace(final, final.with_name(f"{final.name}.unsealed-{uuid.uuid4().hex[:8]}"))
    link = final.with_name(f".{final.name}.{socket.gethostname()}.{os.getpid()}."
                           f"{uuid.uuid4().hex[:8]}.link")
    os.symlink(versioned.name, link)
    try:
        os.replace(link, final)
    finally:
        link.unlink(missing_ok=True)
    return versioned


def verified_folder(final: Path) -> bool:
    """Return True when `final` is a link `install_folder` made and its folder matches its
    seal (a folder edited or half-copied since is not trusted)."""
    if not final.is_symlink() or not final.is_dir():
        return False
    target = final.resolve()
    seal_ = target.name.rpartition(".")[2]
    return len(seal_) == 16 and tree_sha256(target).startswith(seal_)

