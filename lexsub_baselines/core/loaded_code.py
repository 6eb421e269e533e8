"""The code a process runs: each file of the package read once, and run from those bytes.

A cache key names code (`core.code_identity` digests the package's sources); the promise is
that the code a key names is the code that ran. Three rules make it hold by construction,
in every process, rather than by a check that an edit can race:

- **One read per file.** The first time anything in this process needs a file of the package
  (the import system to run a module, `code_identity` to digest it, a module to read its data
  file through `package_bytes`), its bytes are read and kept for the life of the process
  (`source`); every later use gets those bytes. What a process keys by and what it runs are
  the same bytes, whatever happens to the file later.
- **Run from the recorded bytes.** `record_imports()`, which the package's `__init__` calls
  before it imports anything else of the package, puts a finder first on `sys.meta_path`
  whose loader compiles each module of the package from those bytes. The bytecode cache is
  used only through a checked-hash `.pyc` keyed by them (PEP 552): a `.pyc` written from
  other bytes (a same-size edit with its modification time set back) is never run.
- **Workers run the client's snapshot.** At the start of a build the client writes every
  file of the package, as it holds them, into a content-addressed folder of the cache
  (`snapshot`: `<cache>/code/<id>/lexsub_baselines/...` beside a `MANIFEST.json` of their
  sha256; the id is the digest of the manifest). The embedded cluster's workers are spawned
  with that folder first on their `sys.path`, so they import the whole package from it; a
  worker of another cluster is pointed at it by the worker check before any task, and every
  task points its process at it again (`designate`, `engine.tasks`). A module a worker
  imports while the build runs comes from the snapshot, not from the checkout, which may have
  been edited meanwhile; a module it had already imported must have the snapshot's bytes, or
  the task is refused in one line (a long-lived worker running older code). Files read from
  a snapshot are checked against its manifest.

The first modules (the package's `__init__`, `core/__init__`, this one) run before the finder
exists: Python's own loader runs them, and their bytes are recorded from their files at once.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import marshal
import os
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, ModuleType

__all__ = ["MANIFEST", "code_root", "compiled", "designate", "fixed_digest", "generation",
           "package_bytes", "package_files", "project_dir", "record_imports", "snapshot",
           "source"]

_PACKAGE = __name__.split(".")[0]
#: The file of a snapshot that lists its files and their sha256 (beside `lexsub_baselines/`).
MANIFEST = "MANIFEST.json"
#: Flags of a checked-hash `.pyc` (PEP 552): hash-based, source checked.
_CHECKED_HASH = (0b11).to_bytes(4, "little")


@dataclass(frozen=True)
class _Root:
    """Where this process reads the package's files: a folder, and its manifest when it is a
    snapshot (then every file read must have the listed sha256)."""

    folder: Path  # the package folder (`.../lexsub_baselines`)
    manifest: dict[str, str] | None
    project: Path  # the checkout the code comes from


_root: _Root | None = None
_generation = 0  # moves when `designate` changes where the code is read from
_designated = ""  # the snapshot `designate` was last given, as given
#: relative path (POSIX, within the package) -> (the bytes this process uses, their sha256)
_FIXED: dict[str, tuple[bytes, str]] = {}
#: the relative paths whose bytes ran (imported modules, data files read by the code)
_USED: set[str] = set()
#: cache folder -> the snapshot this process wrote there
_SNAPSHOTS: dict[Path, Path] = {}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _identity(files: dict[str, str], project: str) -> str:
    text = json.dumps({"files": files, "project": project}, sort_keys=True)
    return _sha256(text.encode("utf-8"))[:16]


def _root_at(folder: Path) -> _Root:
    """Return the root of the package folder `folder` (a snapshot's when a manifest that
    matches its folder's name lies beside it)."""
    listing = folder.parent / MANIFEST
    if not listing.is_file():
        return _Root(folder, None, folder.parent)
    data = json.loads(listing.read_text(encoding="utf-8"))
    files, project = dict(data["files"]), str(data["project"])
    if _identity(files, project) != folder.parent.name:
        raise ImportError(f"{listing}: this code snapshot was changed since it was written: "
                          f"delete {folder.parent} and run again")
    return _Root(folder, files, Path(project))


def _current() -> _Root:
    global _root
    if _root is None:
        _root = _root_at(Path(sys.modules[_PACKAGE].__file__ or "").resolve().parent)
    return _root


def code_root() -> Path:
    """Return the package folder this process reads its code from (a snapshot's, on a
    worker)."""
    return _current().folder


def project_dir() -> Path:
    """Return the checkout the running code comes from (for a snapshot: the client's)."""
    return _current().project


def package_files() -> list[str]:
    """Return the relative paths (sorted) of every file of the package this process runs:
    a snapshot's manifest, else the package folder's files (bytecode left out)."""
    root = _current()
    if root.manifest is not None:
        return sorted(root.manifest)
    found = []
    base = str(root.folder)
    for folder, children, names in os.walk(base):  # strings, not Paths: this runs every start
        children[:] = sorted(name for name in children if name != "__pycache__")
        prefix = folder[len(base) + 1 :].replace(os.sep, "/")
        found += [f"{prefix}/{name}" if prefix else name for name in names
                  if not name.endswith((".pyc", ".pyo"))]
    return sorted(found)


def source(relative: str) -> bytes:
    """Return the bytes of the package's file `relative` (`lm/model.py`) that this process
    runs and keys by: read on first use, the same ever after.

    Raises:
        OSError: the file cannot be read.
        ImportError: it comes from a snapshot and is not the bytes its manifest lists.
    """
    found = _FIXED.get(relative)
    if found is None:
        root = _current()
        data = (root.folder / relative).read_bytes()
        digest = _sha256(data)
        if root.manifest is not None and root.manifest.get(relative) != digest:
            raise ImportError(f"{root.folder / relative}: not the bytes of the code snapshot "
                              f"{root.folder.parent.name}: delete {root.folder.parent} and "
                              "run again")
        found = _FIXED[relative] = (data, digest)
    return found[0]


def _use(relative: str) -> bytes:
    data = source(relative)
    _USED.add(relative)
    return data


def package_bytes(path: Path) -> bytes:
    """Return the bytes of the file `path` as this process uses them: a file of the package
    (`parser.cfg`, given as the path beside its module) as it first read it, what its keys
    digest (`source`); any other file as it is now.

    Raises:
        OSError: the file cannot be read.
    """
    where = path.resolve()
    for folder in {_current().folder, Path(sys.modules[_PACKAGE].__file__ or "").resolve().parent}:
        if where.is_relative_to(folder):
            return _use(where.relative_to(folder).as_posix())
    return where.read_bytes()


def compiled(loader: importlib.machinery.SourceFileLoader, data: bytes, path: str
             ) -> CodeType:
    """Return the code of `data`, from a checked-hash `.pyc` of exactly these bytes when
    there is one, else compiled (and such a `.pyc` written, where bytecode is written)."""
    key = importlib.util.source_hash(data)
    try:
        cached = importlib.util.cache_from_source(path)
    except NotImplementedError:  # no cache tag: no bytecode cache
        cached = None
    if cached is not None:
        try:
            with open(cached, "rb") as handle:
                head = handle.read(16)
                if (head[:4] == importlib.util.MAGIC_NUMBER and head[4:8] == _CHECKED_HASH
                        and head[8:16] == key):
                    code = marshal.loads(handle.read())
                    if isinstance(code, CodeType):
                        return code
        except (OSError, ValueError, EOFError, TypeError):
            pass
    code = loader.source_to_code(data, path)
    if cached is not None and not sys.dont_write_bytecode:
        loader.set_data(cached, importlib.util.MAGIC_NUMBER + _CHECKED_HASH + key
                        + marshal.dumps(code))
    return code


class _PackageLoader(importlib.machinery.SourceFileLoader):
    """Loads a module of the package from the bytes this process keeps for it."""

    def __init__(self, fullname: str, path: str, relative: str) -> None:
        super().__init__(fullname, path)
        self.relative = relative

    def get_code(self, fullname: str) -> CodeType:
        return compiled(self, _use(self.relative), self.path)

    def get_source(self, fullname: str) -> str:
        return importlib.util.decode_source(_use(self.relative))


class _Finder:  # a meta-path finder (importlib.abc's import costs ~20 ms a start)
    """Finds the package's modules in the folder this process reads its code from, each with
    a loader that runs the bytes kept for it."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname.startswith(_PACKAGE + "."):
            root = _current()
            stem = fullname.split(".", 1)[1].replace(".", "/")
            for relative, package in ((f"{stem}/__init__.py", True), (f"{stem}.py", False)):
                if relative in _FIXED or (relative in root.manifest if root.manifest is not None
                                          else (root.folder / relative).is_file()):
                    origin = root.folder / relative
                    return importlib.util.spec_from_file_location(
                        fullname, origin, loader=_PackageLoader(fullname, str(origin), relative),
                        submodule_search_locations=[str(origin.parent)] if package else None)
        return None


def record_imports() -> None:
    """Put the finder first on `sys.meta_path` (idempotent; the package's `__init__` calls
    it first) and record the bytes of the modules Python's own loader ran before it."""
    if any(isinstance(finder, _Finder) for finder in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())
    for relative in ("__init__.py", "core/__init__.py", "core/loaded_code.py"):
        _use(relative)


def designate(tree: Path | str) -> list[str]:
    """Make this process import what it has not imported yet of the package from the snapshot
    `tree` (`<cache>/code/<id>`), and return the files it already runs with other bytes than
    the snapshot's (empty: it runs the snapshot's code). With such files nothing changes.

    Raises:
        ImportError: `tree` is not a snapshot (absent here, or changed since written).
    """
    global _root, _generation, _designated
    if str(tree) == _designated:  # every task of a build names the same snapshot
        return []
    tree = Path(tree)
    folder = (tree / _PACKAGE).resolve()
    if _current().folder == folder:
        _designated = str(tree)
        return []
    if not (folder.parent / MANIFEST).is_file():
        raise ImportError(f"no code snapshot at {tree} (is the cache mounted here?)")
    new = _root_at(folder)
    assert new.manifest is not None
    differ = sorted(relative for relative in _USED
                    if _FIXED[relative][1] != new.manifest.get(relative))
    if not differ:
        for relative in [r for r in _FIXED if r not in _USED]:  # only digested: read again
            del _FIXED[relative]
        _root, _designated = new, str(tree)
        _generation += 1
    return differ


def generation() -> int:
    """Return a number that changes whenever this process starts reading its code from
    another folder (`designate`): what was read before may not be the code any more."""
    return _generation


def fixed_digest(relative: str) -> str | None:
    """Return the sha256 of the bytes this process runs for `relative`, or None."""
    found = _FIXED.get(relative)
    return None if found is None else found[1]


def snapshot(cache: Path) -> Path:
    """Write every file of the package, with the bytes this process runs and keys by, into a
    content-addressed folder of `cache` (once per version: an existing one is reused); return
    it (`<cache>/code/<id>`)."""
    cache = cache.absolute()
    made = _SNAPSHOTS.get(cache)
    if made is not None and (made / MANIFEST).is_file():
        return made
    root = _current()
    files = {relative: _sha256(source(relative)) for relative in package_files()}
    project = str(root.project)
    tree = cache / "code" / _identity(files, project)
    if not (tree / MANIFEST).is_file():
        work = tree.with_name(f".{tree.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        for relative in files:
            target = work / _PACKAGE / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source(relative))
            target.chmod(0o444)  # never edited in place: a new version is a new folder
        (work / MANIFEST).write_text(json.dumps({"files": files, "project": project},
                                                sort_keys=True, indent=0) + "\n",
                                     encoding="utf-8")
        try:
            os.rename(work, tree)
        except OSError:
            if not (tree / MANIFEST).is_file():
                raise
            shutil.rmtree(work, ignore_errors=True)  # another process wrote the same
    _SNAPSHOTS[cache] = tree
    return tree
