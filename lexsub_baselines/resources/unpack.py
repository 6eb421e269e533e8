"""Reading the files `lexsub fetch` needs out of a downloaded archive, refusing hostile ones.

`extract_named(archive, names, staging)` checks every member of a tar (any compression) or zip
archive, or of the `data.tar.*` of a Debian package (`ar`, copied out first), before anything
is written, and refuses the whole archive when one member would land outside the folder it is
unpacked into: an absolute path, a `..` component, a link pointing out of it, a device file
(for tar, the standard library's `tarfile.data_filter`, the rules of Python's safe extraction;
the same rules are applied to zip names). LexSubGen had a tar path-traversal report; an
archive here is never unpacked as a whole either: only the regular files whose base name is
asked for are copied, each to a new file in `staging`, which the caller checks and moves into
place. The regular members may hold `max_bytes` together, as their headers declare them (a
tar's are read one by one, so a bomb is refused at its first large header, before its content
is decompressed) and as they are copied; the headers themselves count against the cap before
they are read (`archive_limits`: a GNU long-name or pax header bomb, a zip's central
directory), so memory stays bounded by it. A broken archive (a bad CRC, a truncated stream,
...) is one `FetchError` naming it, never a traceback.

>>> from tempfile import TemporaryDirectory
>>> import io, tarfile
>>> with TemporaryDirectory() as tmp:
...     path = Path(tmp) / "a.tar"
...     with tarfile.open(path, "w") as tar:
...         info = tarfile.TarInfo("../evil"); info.size = 1
...         tar.addfile(info, io.BytesIO(b"x"))
...     try:
...         extract_named(path, {"evil"}, Path(tmp) / "staging", max_bytes=10)
...     except FetchError as error:
...         print("refused" in str(error), (Path(tmp).parent / "evil").exists())
True False
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import lzma
import posixpath
import shutil
import stat
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from lexsub_baselines.resources.ar import ArError, copy_data_tar, is_ar
from lexsub_baselines.resources.archive_limits import HEADERS, open_tar, zip_directory_size
from lexsub_baselines.resources.download import FetchError

__all__ = ["Member", "extract_named"]


@dataclass(frozen=True)
class Member:
    """A regular file copied out of an archive.

    Attributes:
        name: its path inside the archive.
        sha256: the digest of its bytes.
        path: the copy in the staging folder.
    """

    name: str
    sha256: str
    path: Path


def _name_problem(raw: str) -> str:
    """Return why a member name is hostile ("" when it is not): absolute, or with `..`.

    (tarfile's data filter would strip the leading `/` of an absolute name; such an archive
    is refused here instead, like one with `..`.)
    """
    name = raw.replace("\\", "/")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return f"member {raw!r} has an absolute path"
    if ".." in name.split("/"):
        return f"member {raw!r} leads out of the folder"
    return ""


def _zip_link_problem(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> str:
    if not stat.S_ISLNK(info.external_attr >> 16):
        return ""
    target = archive.read(info).decode("utf-8", errors="replace")
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(info.filename), target))
    if target.startswith("/") or joined == ".." or joined.startswith("../"):
        return f"member {info.filename!r} is a link to {target!r}, out of the folder"
    return ""


#: What a broken archive raises while it is read (bad CRC, truncated or corrupt stream).
_BROKEN = (zipfile.BadZipFile, tarfile.TarError, zlib.error, lzma.LZMAError, gzip.BadGzipFile,
           EOFError, NotImplementedError)


@dataclass(frozen=True)
class _Archive:
    """The archive being read: its file, its name in messages, its cap on unpacked bytes."""

    path: Path
    label: str
    max_bytes: int

    def refused(self, problem: str) -> FetchError:
        return FetchError(f"{self.label}: refused, nothing was unpacked: {problem} (a hostile "
                          "or broken archive; the fetch writes only the files it names, under "
                          "the root)")

    def add(self, total: int, size: int) -> int:
        """Return `total` + `size`, refusing the archive past `max_bytes`."""
        if total + size > self.max_bytes:
            raise self.refused(f"its files hold more than the {self.max_bytes:,} bytes the "
                               "manifest records for them (an archive bomb, or another "
                               "archive than the recorded one)")
        return total + size


@contextmanager
def _regular_files(archive: _Archive,
                   check_dir: Path) -> Iterator[Iterator[tuple[str, IO[bytes]]]]:
    """Yield an iterator of (name, stream) of the archive's regular files, after checking all."""
    total = 0
    if zipfile.is_zipfile(archive.path):
        if (directory := zip_directory_size(archive.path)) > HEADERS:
            raise archive.refused(f"its headers (the central directory) hold {directory:,} "
                                  f"bytes, more than the {HEADERS:,} a real archive needs "
                                  "beside its files (a header bomb)")
        with zipfile.ZipFile(archive.path) as handle:
            for info in handle.infolist():
                if problem := _name_problem(info.filename) or _zip_link_problem(handle, info):
                    raise archive.refused(problem)
                total = archive.add(total, info.file_size)
            yield ((info.filename, handle.open(info)) for info in handle.infolist()
                   if not info.is_dir() and not stat.S_ISLNK(info.external_attr >> 16))
        return
    if is_ar(archive.path):  # a .deb: its data.tar.* is read as the archive
        inner = check_dir / ".data.tar"
        try:
            copy_data_tar(archive.path, inner)
        except ArError as error:
            raise archive.refused(f"a broken Debian package ({error})") from None
        archive = dataclasses.replace(archive, path=inner)
    def past_the_cap(position: int) -> FetchError:  # before a header or member is read
        return archive.refused(f"reading it would take it to {position:,} bytes, past the "
                               f"{archive.max_bytes:,} bytes the manifest records for its files "
                               f"and {HEADERS:,} for its headers (a header bomb: a long name or "
                               "pax header that large)")

    try:
        opened = open_tar(archive.path, archive.max_bytes, past_the_cap)
    except (tarfile.ReadError, *_BROKEN) as error:
        if isinstance(error, FetchError):
            raise
        raise FetchError(f"{archive.label}: not a tar or zip archive the toolkit can read; "
                         "nothing was unpacked (an error page, or another file than the "
                         "recorded one: report it if it persists)") from None
    with opened as tar:
        for member in tar:  # header by header: a bomb is refused before its content
            if problem := _name_problem(member.name):
                raise archive.refused(problem)
            try:
                tarfile.data_filter(member, str(check_dir))
            except tarfile.FilterError as error:
                raise archive.refused(str(error)) from None
            total = archive.add(total, member.size if member.isfile() else 0)
        yield ((m.name, _stream(tar, m)) for m in tar.getmembers() if m.isfile())


def _stream(handle: tarfile.TarFile, member: tarfile.TarInfo) -> IO[bytes]:
    stream = handle.extractfile(member)
    assert stream is not None  # a regular file always has one
    return stream


def extract_named(archive: Path, names: set[str], staging: Path, *, max_bytes: int,
                  label: str = "") -> list[Member]:
    """Copy the regular files whose base name is in `names` out of `archive` into `staging`.

    Every member is checked first (see the module docstring); then each wanted file is
    streamed into a fresh file of `staging` (created, and emptied of an earlier run's copies)
    while its sha256 is computed. Several members may share a base name; all are returned.

    Arguments:
        archive: the tar (any compression) or zip file, or a `.deb` (its `data.tar.*`).
        names: the base names of the files wanted.
        staging: the folder the copies go to.
        max_bytes: the most bytes the archive's regular members may hold together.
        label: the archive's name in messages (default: its path).

    Raises:
        FetchError: a hostile member or more than `max_bytes` (nothing is written), not a tar
            or zip archive, or a broken one (a bad CRC, a truncated stream).
    """
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    read = _Archive(archive, label or str(archive), max_bytes)
    found: list[Member] = []
    written = 0
    try:
        with _regular_files(read, staging) as members:
            for name, stream in members:
                if posixpath.basename(name.replace("\\", "/")) not in names:
                    continue
                digest = hashlib.sha256()
                fd, tmp = tempfile.mkstemp(dir=staging, suffix=".member")
                with stream, open(fd, "wb") as out:
                    while block := stream.read(1 << 20):
                        written = read.add(written, len(block))
                        digest.update(block)
                        out.write(block)
                found.append(Member(name, digest.hexdigest(), Path(tmp)))
    except _BROKEN as error:
        raise FetchError(f"{read.label}: a broken archive ({type(error).__name__}: {error}); "
                         "nothing was written (a damaged download or upstream file: fetch "
                         "again, or report it if it persists)") from None
    return found
