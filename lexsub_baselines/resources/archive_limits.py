"""An archive's headers counted against its size cap before they are read.

A tar member's header can announce data the reader takes into memory before any member is
returned: a GNU long name or link (type `L`, `K`) and a pax header (`x`, `g`) are read whole
(`tarfile` reads a 1.5 GB long name of a 194 kB tar.gz into one string, and
`tarfile.is_tarfile` does so to look at the first member). `open_tar` decompresses the archive
through `Capped`, which refuses any read that would take the stream past `max_bytes` (the
regular members' cap, `unpacked_bytes`) plus `HEADERS` (the headers, names and padding of a
real archive) before it is made: a header bomb is refused at its header, in one line, with
memory bounded by the cap. A zip's central directory (its headers, which `zipfile` reads
whole) is held to `HEADERS` the same way, from the end record, before `zipfile` opens it
(`zip_directory_size`).

>>> import io, tarfile
>>> raw = io.BytesIO()
>>> with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
...     info = tarfile.TarInfo("x" * 200); info.size = 1
...     tar.addfile(info, io.BytesIO(b"y"))
>>> stream = Capped(io.BytesIO(raw.getvalue()), 100, lambda n: ValueError(n))
>>> tarfile.open(fileobj=stream, mode="r:")
Traceback (most recent call last):
ValueError: 512
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import struct
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, cast

__all__ = ["HEADERS", "Capped", "open_tar", "zip_directory_size"]

#: What the headers of an archive may hold beside its members' bytes: 512-byte headers, long
#: names, pax records, the padding of each member to 512 bytes and of the whole to 10,240 (the
#: largest archive the manifest records, WordNet's package, has about 40 members: 40 kB).
HEADERS = 1 << 20



def _decompressed(path: Path) -> IO[bytes]:
    """Return the archive's stream, decompressed by its magic bytes (gzip, xz, bzip2, none);
    the caller closes it."""
    with open(path, "rb") as handle:
        magic = handle.read(6)
    if magic.startswith(b"\x1f\x8b"):
        return cast(IO[bytes], gzip.open(path, "rb"))
    if magic.startswith(b"\xfd7zXZ\x00"):
        return cast(IO[bytes], lzma.open(path, "rb"))
    if magic.startswith(b"BZh"):
        return cast(IO[bytes], bz2.open(path, "rb"))
    return open(path, "rb")


class Capped(io.RawIOBase):
    """A readable, seekable stream that refuses, before it reads, any read that would take its
    position past `limit` bytes.

    Arguments:
        raw: the (decompressed) stream.
        limit: the most bytes of it that may be read.
        refused: the exception to raise, given the position the read would have reached.
    """

    def __init__(self, raw: IO[bytes], limit: int,
                 refused: Callable[[int], Exception]) -> None:
        self._raw, self._limit, self._refused = raw, limit, refused

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        position = self._raw.tell()
        wanted = self._limit + 1 - position if size is None or size < 0 else size
        if position + wanted > self._limit:
            end = position + wanted
            if size is None or size < 0:  # read to the end: as far as the cap and one byte
                data = self._raw.read(wanted)
                if position + len(data) <= self._limit:
                    return data
                end = position + len(data)
            raise self._refused(end)
        return self._raw.read(wanted)

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._raw.seek(offset, whence)

    def tell(self) -> int:
        return self._raw.tell()

    def close(self) -> None:
        self._raw.close()
        super().close()


def open_tar(path: Path, max_bytes: int, refused: Callable[[int], Exception]) -> tarfile.TarFile:
    """Open a tar archive (plain, gzip, xz or bzip2) whose stream, headers included, may hold
    at most `max_bytes` + `HEADERS` bytes: `refused(position)` is raised before a read past it.

    Raises:
        tarfile.ReadError: not a tar archive (or not one of these compressions).
        Exception: `refused(...)`, for a header or member that takes the stream past the cap.
    """
    stream = Capped(_decompressed(path), max_bytes + HEADERS, refused)
    try:
        return tarfile.open(fileobj=cast(IO[bytes], stream), mode="r:")
    except BaseException:
        stream.close()
        raise


def zip_directory_size(path: Path) -> int:
    """Return the bytes of a zip's central directory, from its end record (ZIP64's when the
    record says so), without reading the directory; 0 when no end record is found."""
    with open(path, "rb") as handle:
        handle.seek(0, io.SEEK_END)
        size = handle.tell()
        handle.seek(max(0, size - (1 << 16) - 22))
        tail = handle.read()
        end = tail.rfind(b"PK\x05\x06")
        if end < 0 or len(tail) < end + 22:
            return 0
        directory = struct.unpack("<I", tail[end + 12:end + 16])[0]
        locator = tail.rfind(b"PK\x06\x07", 0, end)
        if directory == 0xFFFFFFFF and locator >= 0:  # ZIP64: the size is in its end record
            record = struct.unpack("<Q", tail[locator + 8:locator + 16])[0]
            handle.seek(record)
            header = handle.read(56)
            if header[:4] == b"PK\x06\x06":
                directory = struct.unpack("<Q", header[40:48])[0]
        return int(directory)
