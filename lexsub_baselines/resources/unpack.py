"""Reading the files `lexsub fetch` needs out of a downloaded archive, refusing hostile ones.

`extract_named(archive, names, staging)` checks every member of a tar (any compression) or zip
archive before anything is written, and refuses the whole archive when one member would land
outside the folder it is unpacked into: an absolute path, a `..` component, a link pointing
out of it, a device file (for tar, the standard library's `tarfile.data_filter`, the rules of
Python's safe extraction; the same rules are applied to zip names). LexSubGen had a tar
path-traversal report; an archive here is never unpacked as a whole either: only the regular
files whose base name is asked for are copied, each to a new file in `staging`, which the
caller checks and moves into place.

>>> from tempfile import TemporaryDirectory
>>> import io, tarfile
>>> with TemporaryDirectory() as tmp:
...     path = Path(tmp) / "a.tar"
...     with tarfile.open(path, "w") as tar:
...         info = tarfile.TarInfo("../evil"); info.size = 1
...         tar.addfile(info, io.BytesIO(b"x"))
...     try:
...         extract_named(path, {"evil"}, Path(tmp) / "staging")
...     except FetchError as error:
...         print("refused" in str(error), (Path(tmp).parent / "evil").exists())
True False
"""

from __future__ import annotations

import hashlib
import posixpath
import shutil
import stat
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

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


@contextmanager
def _regular_files(archive: Path, check_dir: Path) -> Iterator[Iterator[tuple[str, IO[bytes]]]]:
    """Yield an iterator of (name, stream) of the archive's regular files, after checking all."""
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as handle:
            for info in handle.infolist():
                if problem := _name_problem(info.filename) or _zip_link_problem(handle, info):
                    raise _refused(archive, problem)
            yield ((info.filename, handle.open(info)) for info in handle.infolist()
                   if not info.is_dir() and not stat.S_ISLNK(info.external_attr >> 16))
        return
    try:
        with tarfile.open(archive, "r:*") as handle:
            members = handle.getmembers()
            for member in members:
                if problem := _name_problem(member.name):
                    raise _refused(archive, problem)
                try:
                    tarfile.data_filter(member, str(check_dir))
                except tarfile.FilterError as error:
                    raise _refused(archive, str(error)) from None
            yield ((m.name, _stream(handle, m)) for m in members if m.isfile())
    except tarfile.TarError as error:
        raise FetchError(f"{archive}: not a tar or zip archive the toolkit can read ({error}); "
                         "it was left in place, nothing was unpacked") from None


def _stream(handle: tarfile.TarFile, member: tarfile.TarInfo) -> IO[bytes]:
    stream = handle.extractfile(member)
    assert stream is not None  # a regular file always has one
    return stream


def _refused(archive: Path, problem: str) -> FetchError:
    return FetchError(f"{archive}: refused, nothing was unpacked: {problem} (a hostile or broken "
                      "archive; the fetch writes only the files it names, under the root)")


def extract_named(archive: Path, names: set[str], staging: Path) -> list[Member]:
    """Copy the regular files whose base name is in `names` out of `archive` into `staging`.

    Every member is checked first (see the module docstring); then each wanted file is
    streamed into a fresh file of `staging` (created, and emptied of an earlier run's copies)
    while its sha256 is computed. Several members may share a base name; all are returned.

    Raises:
        FetchError: a hostile member (nothing is written), or not a tar or zip archive.
    """
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    found: list[Member] = []
    with _regular_files(archive, staging) as members:
        for name, stream in members:
            if posixpath.basename(name.replace("\\", "/")) not in names:
                continue
            digest = hashlib.sha256()
            fd, tmp = tempfile.mkstemp(dir=staging, suffix=".member")
            with stream, open(fd, "wb") as out:
                while block := stream.read(1 << 20):
                    digest.update(block)
                    out.write(block)
            found.append(Member(name, digest.hexdigest(), Path(tmp)))
    return found
