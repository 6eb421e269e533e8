"""Reading the `data.tar.*` member out of a Debian package (an `ar` archive), for `unpack`.

A `.deb` is an `ar` archive (`!<arch>\\n`, then members each behind a 60-byte header: name,
mtime, uid, gid, mode, decimal size, and the magic `` `\\n ``, the data padded to an even
length) holding `debian-binary`, `control.tar.*` and `data.tar.*`. Only the last is copied out,
to be read as a tar like any other archive, so its members are checked and capped there.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import IO

__all__ = ["AR_MAGIC", "ArError", "copy_data_tar", "is_ar"]

AR_MAGIC = b"!<arch>\n"
_HEADER = 60


class ArError(ValueError):
    """The `ar` archive is broken, or holds no `data.tar.*` member."""


def is_ar(path: Path) -> bool:
    """Return whether `path` starts like an `ar` archive (a `.deb`)."""
    with open(path, "rb") as handle:
        return handle.read(len(AR_MAGIC)) == AR_MAGIC


def copy_data_tar(path: Path, target: Path) -> str:
    """Copy the first `data.tar.*` member of the `ar` archive `path` to `target`; return its name.

    Raises:
        ArError: a header that is not one, a member running past the end of the file, or no
            `data.tar.*` member.
    """
    size_of_file = path.stat().st_size
    with open(path, "rb") as handle:
        if handle.read(len(AR_MAGIC)) != AR_MAGIC:
            raise ArError("not an ar archive")
        while header := handle.read(_HEADER):
            if len(header) < _HEADER or header[58:60] != b"`\n":
                raise ArError(f"a broken member header at byte {handle.tell() - len(header)}")
            name = header[:16].decode("ascii", errors="replace").strip().rstrip("/")
            size_field = header[48:58].decode("ascii", errors="replace").strip()
            if not size_field.isdigit():
                raise ArError(f"member {name!r} has no size ({size_field!r})")
            size = int(size_field)
            if handle.tell() + size > size_of_file:
                raise ArError(f"member {name!r} runs past the end of the file (truncated)")
            if name.startswith("data.tar"):
                with open(target, "wb") as out:
                    shutil.copyfileobj(_Limited(handle, size), out, 1 << 20)
                return name
            handle.seek(size + size % 2, 1)
    raise ArError("no data.tar member (not a Debian package)")


class _Limited:
    """The next `left` bytes of a file, read in blocks (what `shutil.copyfileobj` needs)."""

    def __init__(self, handle: IO[bytes], left: int) -> None:
        self._handle = handle
        self._left = left

    def read(self, size: int = -1) -> bytes:
        want = self._left if size < 0 else min(size, self._left)
        block = self._handle.read(want)
        self._left -= len(block)
        return block
