"""What a computation ran and read: the trace a kept result is served by (verifying traces).

`watch()` installs, once per process, an audit hook (`sys.addaudithook`) that sees every file
the process opens for reading, however it is opened (`open`, `io`, `pathlib`, `os.open`,
numpy, pandas, spaCy, gzip and lzma), and every SQLite database it connects to (the `wn`
backend). What a process read is kept for its life: a unit's trace holds every file its
process had read when the unit ended, so a file read once and kept in memory (a per-process
cache: a WordNet reader, the LM, LexSubGen's data) counts for each later unit that may use it.
A C library's own `open` (KenLM's model) is not seen: our code checks such a file (its seal)
before handing its path over, and that read is.

A `Trace` lists items, each with the digest it had:
- `module NAME`: a module of the package (`inputs.code_identity.module_identity`);
- `code PATH`: a module of the user's the process has loaded (a plug-in, its helpers, a
  package of one's own on `PYTHONPATH`): its normalised digest;
- `file PLACE`: a file read, named under the root it lies in (`package:`, `cache:`, `data:`,
  `shared:`; else its absolute path): its sha256 (`core.digests`, hashed once per version of
  the file), or `absent`.
Not traced: the Python and the libraries it runs (their versions are in the key), Python
sources and bytecode (the modules loaded are items), `/proc`, `/sys`, `/dev`, the
computation's own outputs, and the cache's bookkeeping (`BOOKKEEPING`: the digest memo, the
code snapshots, the results cache itself, locks). `changed(trace, roots)` names the first
item that no longer holds (None: every one does): an entry is served only then (Mokhov,
Mitchell & Peyton Jones, *Build Systems à la Carte*, 2018: verifying traces; Shake, ninja's
depfiles).
"""

from __future__ import annotations

import os
import site
import stat
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from lexsub_baselines.core import digests
from lexsub_baselines.core.cache import sealed_checksum, verified
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import PACKAGE, module_identity, normalised_digest
from lexsub_baselines.inputs.layer import computation
from lexsub_baselines.inputs.package_data import PACKAGE_DIR

__all__ = ["BOOKKEEPING", "READS_LOG_ENV", "Trace", "changed", "classify", "module_digest",
           "opened", "record", "user_modules", "watch"]

#: The cache's own folders and files that hold no computed result (never traced).
BOOKKEEPING = ("digests", "code", "results", "locks")
_WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
#: A file to log every read to, with the keyed computation it happened in (its name and
#: declared inputs) and whether the file was only hashed (a key's digest, `core.digests`):
#: `LEXSUB_READS_LOG`, as Bazel's execution log (the read check's test).
READS_LOG_ENV = "LEXSUB_READS_LOG"
_OPENED: set[str] = set()
_WATCHING: list[bool] = []
_LOG: list[IO[str]] = []


def _read(path: str) -> None:
    _OPENED.add(path)
    if _LOG:
        current = computation()
        name, ids = current if current is not None else ("", frozenset())
        how = "digest" if digests.hashing() else "read"
        _LOG[0].write(f"{name}\t{','.join(sorted(ids))}\t{how}\t{path}\n")


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event == "open":
        path, mode, flags = args
        if isinstance(path, int) or path is None:
            return
        if isinstance(mode, str) and any(c in mode for c in "wax+"):
            return
        if isinstance(flags, int) and flags & _WRITE:
            return
        _read(os.path.abspath(os.fsdecode(path)))  # type: ignore[arg-type]
    elif event == "sqlite3.connect" and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.fsdecode(args[0])
        if name and name != ":memory:" and not name.startswith("file:"):
            _read(os.path.abspath(name))


def watch() -> None:
    """Start seeing what this process reads (once per process; an audit hook cannot be
    removed, and costs a function call per audited event)."""
    if not _WATCHING:
        if log := os.environ.get(READS_LOG_ENV):
            _LOG.append(open(log, "a", encoding="utf-8", buffering=1))  # noqa: SIM115
        sys.addaudithook(_hook)
        _WATCHING.append(True)


def opened() -> frozenset[str]:
    """Return the absolute paths of every file this process opened for reading since
    `watch()`."""
    return frozenset(_OPENED)


def _prefixes() -> tuple[str, ...]:
    """Return the folders of the Python installation and its libraries."""
    found = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             *site.getsitepackages(), site.getusersitepackages(),
             *(sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib",
                                                   "platlib"))}
    return tuple(sorted(os.path.realpath(p) + os.sep for p in found if p))


_LIBRARIES = _prefixes()
_MACHINE = ("/proc/", "/sys/", "/dev/")
_CODE = (".py", ".pyc")
#: The digest memos of a cache folder (`core.digests.MEMO`, `inputs.code_identity`'s).
_MEMOS = {("digests", "files.json"), ("code", "digests")}


def classify(path: str, roots: Roots, outputs: Iterable[Path] = ()) -> str | None:
    """Return the name a file read goes by in a trace (`package:…`, `cache:…`, `data:…`,
    `shared:…`, or the absolute path), or None when it is not traced (see the module's
    doc)."""
    real = os.path.realpath(path)
    if real.startswith(_MACHINE) or real.startswith(_LIBRARIES) or real.endswith(_CODE):
        return None  # the machine, the libraries, code (its modules are items of their own)
    if (Path(real).parent.name, Path(real).name.partition("-")[0]) in _MEMOS:
        return None  # a memo of any cache folder (the default one's too)
    if any(Path(real).is_relative_to(Path(out).resolve()) for out in outputs):
        return None
    package = Path(PACKAGE_DIR).resolve()
    for base, where in ((package, "package"), (roots.cache.resolve(), "cache"),
                        (roots.data.resolve(), "data"), (roots.shared.resolve(), "shared")):
        absolute = Path(os.path.abspath(path))
        for candidate in (absolute, Path(real)):
            if candidate.is_relative_to(base):
                relative = candidate.relative_to(base).as_posix()
                if where == "cache" and (relative.split("/")[0] in BOOKKEEPING
                                         or relative.endswith(".lock")):
                    return None
                return f"{where}:{relative}"
    return path


def _place(name: str, roots: Roots) -> Path:
    where, _, relative = name.partition(":")
    bases = {"package": PACKAGE_DIR, "cache": roots.cache, "data": roots.data,
             "shared": roots.shared}
    return Path(bases[where], relative) if where in bases and relative else Path(name)


def _file_digest(path: Path, roots: Roots) -> str:
    """Return a file's sha256 (its seal's when the seal vouches for this version of it: a
    built model is not hashed again), `not a file` or `absent`."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return "not a file"
        if (sealed := sealed_checksum(path)) is not None and verified(path):
            return sealed
        return digests.sha256(path, roots.cache)
    except OSError:
        return "absent"


def user_modules() -> dict[str, Path]:
    """Return the modules of the user's loaded in this process: name -> file (outside the
    Python installation, the libraries and the package)."""
    found = {}
    package = str(Path(PACKAGE_DIR).resolve()) + os.sep
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not isinstance(file, str) or name == PACKAGE or name.startswith(PACKAGE + "."):
            continue
        real = os.path.realpath(file)
        if real.startswith(_LIBRARIES) or real.startswith(package) or not os.path.isfile(real):
            continue
        found[name] = Path(real)
    return found


def module_digest(path: Path) -> str:
    """Return the identity of a user's module file: its normalised digest (a source), or its
    sha256 (a compiled module), or `absent`."""
    try:
        return normalised_digest(path) if path.suffix == ".py" else digests.sha256(path)
    except (OSError, SyntaxError, ValueError):
        return "absent"


@dataclass(frozen=True)
class Trace:
    """What a computation ran and read, each item with its digest (see the module's doc).

    Attributes:
        items: (kind, name, digest), sorted.
    """

    items: tuple[tuple[str, str, str], ...]

    def to_json(self) -> dict[str, list[list[str]]]:
        """Return the trace as JSON-ready data."""
        return {"items": [list(item) for item in self.items]}

    @classmethod
    def from_json(cls, data: object) -> Trace:
        """Return the trace `to_json` gave.

        Raises:
            ValueError: the data is not a trace.
        """
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list) or not all(
                isinstance(i, list) and len(i) == 3 and all(isinstance(p, str) for p in i)
                for i in items):
            raise ValueError("not a trace")
        return cls(tuple(sorted((str(a), str(b), str(c)) for a, b, c in items)))


def record(roots: Roots, modules: Iterable[str], outputs: Iterable[Path] = ()) -> Trace:
    """Return the trace of a computation of this process that can run the package's
    `modules`: those, every user's module loaded, every file read (`watch`) but its
    `outputs`."""
    items = {("module", name, module_identity(name)) for name in modules}
    items |= {("code", str(path), module_digest(path)) for path in user_modules().values()}
    for path in opened():
        name = classify(path, roots, outputs)
        if name is not None:
            items.add(("file", name, _file_digest(_place(name, roots), roots)))
    return Trace(tuple(sorted(items)))


def changed(trace: Trace, roots: Roots) -> str | None:
    """Return the first item of `trace` whose digest is no longer the recorded one (`module
    lexsub_baselines.rankers.bow`, `file data:coinco/…`), or None when every one holds."""
    for kind, name, digest in trace.items:
        if kind == "module":
            try:
                now = module_identity(name)
            except KeyError:
                now = "absent"
        elif kind == "code":
            now = module_digest(Path(name))
        else:
            now = _file_digest(_place(name, roots), roots)
        if now != digest:
            return f"{kind} {name}"
    return None
