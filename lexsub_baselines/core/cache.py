"""Atomic, checksummed files for everything the toolkit builds.

Every built resource is written to a temporary file in its final directory and renamed into
place only when complete, so an interrupted build never leaves a half-written file behind. A
sidecar `NAME.sha256` records the content hash; `verified()` re-checks it when the file is
read back, and a mismatch means "rebuild", not "trust".
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lexsub_baselines.core import digests
from lexsub_baselines.core.atomic import atomic_path, atomic_write_text

__all__ = [
    "atomic_path",
    "atomic_write_text",
    "file_sha256",
    "folder_digest",
    "install_folder",
    "kept",
    "read_sealed_json",
    "seal",
    "sealed_checksum",
    "verified",
    "verified_folder",
    "write_sealed_json",
]


def file_sha256(path: Path) -> str:
    """Return the hex sha256 of a file (`core.digests.sha256`: once per file version)."""
    return digests.sha256(path)


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def seal(path: Path) -> str:
    """Record the checksum of a finished cache file in its `.sha256` sidecar, with the file's
    version it was taken of (`core.digests`: device, inode, size, modification and change
    time); return it."""
    digest = file_sha256(path)
    version = " ".join(map(str, digests.version(path)))
    atomic_write_text(_sidecar(path), f"{digest}\n{version}\n")
    return digest


def _sealed(path: Path) -> list[str]:
    sidecar = _sidecar(path)
    return sidecar.read_text(encoding="ascii").split("\n") if sidecar.is_file() else []


def sealed_checksum(path: Path) -> str | None:
    """Return the checksum `seal` recorded for `path`, or None when it was never sealed."""
    lines = _sealed(path)
    return lines[0].strip() if lines else None


def verified(path: Path) -> bool:
    """Return True when `path` exists and matches the checksum recorded by `seal`: hashed
    again unless the file is still the version the seal was taken of (a warm run checks a GB
    of built resources in milliseconds; a file written since, or copied, is hashed)."""
    lines = _sealed(path) if path.is_file() else []
    if not lines:
        return False
    same = len(lines) > 1 and lines[1].strip() == " ".join(map(str, digests.version(path)))
    return same or lines[0].strip() == digests.sha256(path)


def read_sealed_json(path: Path) -> Any:
    """Return the JSON data of a file `write_sealed_json` wrote, or None when it is absent,
    unsealed, changed since, or not JSON."""
    if not verified(path):
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_sealed_json(path: Path, data: Any) -> None:
    """Write JSON data to `path` atomically, sealed (`seal`)."""
    atomic_write_text(path, json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n")
    seal(path)


def kept(path: Path, compute: Callable[[], Any]) -> Any:
    """Return the JSON data kept at `path` (a keyed result: its name is its key), or compute,
    keep and return it (a cache that cannot be written keeps nothing)."""
    found = read_sealed_json(path)
    if found is not None:
        return found
    data = compute()
    with contextlib.suppress(OSError):
        write_sealed_json(path, data)
    return json.loads(json.dumps(data))  # as read back next time (tuples become lists)


def folder_digest(folder: Path) -> str:
    """Return the digest of a folder's files (`core.digests.tree`), each hashed once per
    version."""
    return digests.tree((name, digests.sha256(path))
                        for name, path in digests.folder_files(folder))


def install_folder(work: Path, final: Path) -> Path:
    """Put the finished folder `work` in place as `final`, sealed and swapped atomically.

    The folder is renamed to `<final>.<first 16 hex of its `folder_digest`>` (its seal: the name
    says what it must hold), and `final` becomes a symbolic link to it, replaced in one
    `os.replace`: a reader sees the old folder or the new one, never a half-deleted one. The
    temporary link is named by host, pid and a random part, so two hosts installing into one
    shared cache at once never take each other's link. Nothing is deleted: a folder the link
    pointed to before (or an unsealed folder of an older layout, moved aside to
    `<final>.unsealed-<random>`) stays, since another process, here or on another host, may
    still be reading it; docs/baselines.md says how to prune them. Returns the sealed folder.
    """
    versioned = final.with_name(f"{final.name}.{folder_digest(work)[:16]}")
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
    return len(seal_) == 16 and folder_digest(target).startswith(seal_)

