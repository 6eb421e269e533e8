"""The one way in: every input the package reads passes through `Inputs`, checked, with its id
and digest.

An input is an entry of the manifest (task data, gold and its companion files, candidate
pools, lexical resources, thesauri, dictionaries, frequency lists, the corpora, Debian
packages' files), the WordNet database a reader is pointed at (`wordnet`: Debian's, the
fetched copy, or `LEXSUB_WORDNET_DIR`'s), or a file of one's own given by path (a gold, a
system's answers). `Inputs(roots).check(id)` compares the bytes with the manifest once per
version of each file (`core.digests.sha256`, memoised across processes in the cache) and
returns an `Input`: the id, where it is, the digest it is keyed by and the digest of each of
its files. The verdict is `inputs.verify.status`'s, the same `lexsub resources --verify`
prints: a file that is not the recorded one is refused (`InputMismatchError`: one line with
both digests and the remedy), a corpus of one's own (no public download) is recorded by its
digest. `open`/`read_bytes` hand out the bytes of a checked input, re-checking that the file
is still the version checked.

**Declared inputs.** A keyed computation (a build stage, a system's answers) runs inside
`declared(name, ids)`: its key holds the digests of exactly those inputs, and a read of any
other input in it raises `UndeclaredInputError` (Bazel refuses an undeclared input the same
way), so an input can never change a result without changing its key.

Nothing else in the package opens an input: `tests/test_what_runs.py` builds the tiny resources
and answers every registered system with every read seen (`inputs.trace`), and fails on a
file read that is no declared input, sealed output, package file or library's.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from lexsub_baselines.core import digests
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import MANIFEST_ENV, Manifest, Resource, load_manifest
from lexsub_baselines.inputs.verify import ResourceStatus, status

__all__ = ["Input", "InputMismatchError", "Inputs", "UndeclaredInputError", "computation",
           "declared", "inputs"]

_OPENERS: dict[str, Callable[[IO[bytes]], IO[bytes]]] = {
    "gzip": gzip.open, "xz": lzma.open, "bz2": bz2.open}  # type: ignore[dict-item]


class InputMismatchError(LexsubError):
    """An input is not the one the manifest records (or changed since it was checked).

    Arguments:
        path: the file or folder.
        resource: its manifest entry.
        found: the digest found.
        detail: what differs, when more than the digest says.
    """

    def __init__(self, path: Path, resource: Resource, found: str, detail: str = "") -> None:
        self.path, self.resource, self.found, self.detail = path, resource, found, detail
        recorded = resource.sha256 if resource.kind in ("file", "pypi") else resource.tree_sha256
        what = "sha256" if resource.kind in ("file", "pypi") else "tree sha256"
        super().__init__(f"{path}: {what} {found} is not the recorded {recorded} "
                         f"({resource.id}: {resource.what}){'; ' + detail if detail else ''}; "
                         f"{_remedy(resource)}")

    def __reduce__(self) -> tuple[type, tuple[Path, Resource, str, str]]:
        return type(self), (self.path, self.resource, self.found, self.detail)


class UndeclaredInputError(LexsubError):
    """A keyed computation read an input it did not declare (its key would not hold it)."""

    def __init__(self, computation: str, input_id: str, declared_ids: Iterable[str]) -> None:
        self.computation, self.input_id = computation, input_id
        known = ", ".join(sorted(declared_ids)) or "none"
        super().__init__(f"{computation} read the input {input_id}, which it does not declare "
                         f"(declared: {known}): add it to the computation's inputs, so that "
                         "its key holds the input's digest")

    def __reduce__(self) -> tuple[type, tuple[str, str, tuple[str, ...]]]:
        return type(self), (self.computation, self.input_id, ())


def _remedy(resource: Resource) -> str:
    if resource.kind == "debian":
        return f"reinstall the Debian package {resource.package} {resource.version}"
    if resource.kind == "folder":
        return "restore its files (compare them with a copy you trust)"
    if resource.fetch:
        return (f"the file is damaged or another version: move it away, then run `lexsub "
                f"fetch {resource.input or resource.id}` to get the recorded one")
    return f"get the recorded file again from {resource.upstream_url or 'its source'}"


#: The computation being keyed in this context, and the inputs it declared.
_DECLARED: ContextVar[tuple[str, frozenset[str]] | None] = ContextVar("declared", default=None)


@contextlib.contextmanager
def declared(computation: str, ids: Iterable[str]) -> Iterator[None]:
    """Run the block as the keyed `computation`, which may read the inputs `ids` only."""
    token = _DECLARED.set((computation, frozenset(ids)))
    try:
        yield
    finally:
        _DECLARED.reset(token)


def computation() -> tuple[str, frozenset[str]] | None:
    """Return the keyed computation this context runs as, and its declared inputs (None:
    none: `declared`)."""
    return _DECLARED.get()


def _note_read(input_id: str) -> None:
    current = _DECLARED.get()
    if current is not None and input_id not in current[1]:
        raise UndeclaredInputError(current[0], input_id, current[1])


@dataclass(frozen=True)
class Input:
    """An input as the layer checked it.

    Attributes:
        id: the manifest id (`semeval2007-key-gold`), `wordnet`, or `own:<path>`.
        path: the file or folder.
        digest: what a key holds: the recorded sha256 (tree digest for a folder or package)
            for a recorded input, the found one for one's own.
        recorded: True when it is the manifest's bytes; False for one's own.
        files: (name, sha256) of each of its files as checked (a file: its own name).
    """

    id: str
    path: Path
    digest: str
    recorded: bool = True
    files: tuple[tuple[str, str], ...] = ()

    def file(self, name: str | None = None) -> Path:
        """Return the path of a file of the input (`name` within a folder; None: the file)."""
        if name is None or (name == self.path.name and not self.path.is_dir()):
            return self.path
        return Path(name) if Path(name).is_absolute() else self.path / name


class Inputs:
    """The layer bound to roots and a manifest (`inputs(roots)` gives the shared one)."""

    def __init__(self, roots: Roots, manifest: Manifest | None = None) -> None:
        self.roots = roots
        self.manifest = manifest or load_manifest()
        self._by_path = {r.path.removeprefix("data/"): r for r in self.manifest.resources
                         if r.kind == "file" and r.path.startswith("data/")}

    def entry(self, input_id: str) -> Resource:
        """Return the manifest entry `input_id` (`UnknownNameError` lists the known ones)."""
        return self.manifest.get(input_id)

    def entry_at(self, relpath: str) -> Resource | None:
        """Return the manifest's file entry at `relpath` under the data root, or None."""
        return self._by_path.get(relpath)

    def status(self, input_id: str) -> ResourceStatus:
        """Return the verifier's status of `input_id` (`inputs.verify.status`)."""
        return status(self.entry(input_id), self.roots, versions=False)

    def check(self, input_id: str) -> Input:
        """Return the input `input_id` once its bytes are the recorded ones (or, for a corpus
        without a public download, recorded as one's own).

        Raises:
            MissingResourceError: it is absent (the message says how to get it).
            InputMismatchError: it is not the recorded input.
            UndeclaredInputError: a keyed computation that did not declare it reads it.
        """
        _note_read(input_id)
        return self._checked(input_id)

    def _checked(self, input_id: str) -> Input:
        if input_id == "wordnet":
            return self.wordnet()
        found = self.status(input_id)
        if found.status in ("missing", "unused"):
            raise MissingResourceError(input_id, found.location, found.detail or
                                       "it is not used here")
        if not found.usable:
            raise InputMismatchError(found.location, found.resource, found.digest,
                                     found.detail if found.resource.kind != "file" else "")
        return Input(input_id, found.location, found.digest, found.status == "ok", found.files)

    def digests(self, ids: Iterable[str]) -> dict[str, str]:
        """Return id -> digest of the inputs `ids`, each checked (`check`)."""
        # a digest for a key, not a read of the content: any computation may take one (the
        # key of a stage it needs holds that stage's inputs)
        return {input_id: self._checked(input_id).digest for input_id in sorted(set(ids))}

    def data(self, relpath: str) -> Input:
        """Return the file `relpath` under the data root: the manifest's entry there, checked,
        or, where the manifest records none, the file as one's own."""
        entry = self._by_path.get(relpath)
        if entry is not None:
            return self.check(entry.id)
        return self.own(self.roots.data / relpath)

    def own(self, path: Path) -> Input:
        """Return a file of one's own (a gold, a system's answers), its digest recorded (a
        path laid out as a recorded input is that input: `inputs.reads.check_path`)."""
        digest = digests.sha256(path, self.roots.cache)
        return Input(f"own:{path}", path, digest, False, ((path.name, digest),))

    def wordnet(self, folder: Path | None = None, page: Path | None = None) -> Input:
        """Return the WordNet 3.0 database the readers use (`inputs.wordnet_files`: Debian's
        folder, the fetched copy, or `LEXSUB_WORDNET_DIR`'s), keyed by the digest of its files
        (the same bytes, the same digest, whichever the route); `recorded` when they are the
        manifest's WordNet 3.0, else one's own (another folder given).

        Raises:
            MissingResourceError: a database file is missing (the three routes named).
            InputMismatchError: Debian's or the fetched files are not the recorded ones.
        """
        from lexsub_baselines.inputs.wordnet_files import (
            DEBIAN_WORDNET_DIR,
            FETCHED_WORDNET_DIR,
            WORDNET_FILES,
            find_wordnet,
        )

        folder, page = find_wordnet(folder, page, data_root=self.roots.data)
        own = folder / "lexnames"  # Princeton's own folder has one (no page needed)
        wanted = [*(folder / name for name in WORDNET_FILES), own if own.is_file() else page]
        files = tuple((path.name if path.parent == folder else str(path),  # the page: its path
                       digests.sha256(path, self.roots.cache) if path.is_file() else "absent")
                      for path in wanted)
        digest = digests.tree((Path(name).name, sha) for name, sha in files)  # any route
        place = ("debian-wordnet-base" if folder == DEBIAN_WORDNET_DIR else "wordnet-data.noun"
                 if folder == self.roots.data / FETCHED_WORDNET_DIR else None)
        recorded = digest == self.wordnet_3_0()
        if place is not None and not recorded:  # a recorded place, damaged
            raise InputMismatchError(folder, self.entry(place), digest,
                                     "its WordNet 3.0 files are not the recorded ones")
        return Input("wordnet", folder, digest, recorded, files)

    def wordnet_3_0(self) -> str:
        """Return the digest `wordnet` gives the recorded WordNet 3.0 (the manifest's files)."""
        from lexsub_baselines.inputs.wordnet_files import WORDNET_FILES

        by_name = {Path(r.path).name: r.sha256 for r in self.manifest.resources
                   if r.input == "wordnet" and r.kind == "file"}
        return digests.tree((name, by_name.get(name, "absent"))
                            for name in (*WORDNET_FILES, "lexnames.5WN.gz"))

    @contextlib.contextmanager
    def open(self, source: Input, name: str | None = None, *, compression: str | None = None,
             encoding: str | None = None, errors: str = "strict", newline: str | None = None
             ) -> Iterator[IO[Any]]:
        """Open a file of a checked input for reading (binary, or text with `encoding`),
        decompressing `gzip`, `xz` or `bz2` on the way.

        Raises:
            InputMismatchError: the file is no longer the version checked.
        """
        path = source.file(name)
        expected = dict(source.files).get(path.name if name is None else name)
        with open(path, "rb") as raw:
            if expected is not None and digests.sha256(path, self.roots.cache) != expected:
                raise self._changed(source, path)
            stream: IO[Any] = _OPENERS[compression](raw) if compression else raw
            if encoding is not None:
                stream = io.TextIOWrapper(stream, encoding=encoding, errors=errors,
                                          newline=newline)
            yield stream

    def read_bytes(self, source: Input, name: str | None = None) -> bytes:
        """Return the bytes of a file of a checked input (checked to be those digested)."""
        with self.open(source, name) as handle:
            data: bytes = handle.read()
        return data

    def read_text(self, source: Input, name: str | None = None, encoding: str = "utf-8",
                  errors: str = "strict") -> str:
        """Return the text of a file of a checked input."""
        return self.read_bytes(source, name).decode(encoding, errors)

    def _changed(self, source: Input, path: Path) -> LexsubError:
        return LexsubError(f"{path}: changed since it was checked ({source.id}): read it again")


@lru_cache(maxsize=16)
def _inputs(roots: Roots, manifest_path: str) -> Inputs:
    return Inputs(roots, load_manifest(Path(manifest_path)) if manifest_path else None)


def inputs(roots: Roots) -> Inputs:
    """Return the layer for `roots` under the manifest in use (`LEXSUB_MANIFEST`, else the
    shipped one), made once per process."""
    return _inputs(roots, os.environ.get(MANIFEST_ENV, ""))
