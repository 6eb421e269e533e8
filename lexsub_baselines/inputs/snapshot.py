"""The code a build runs: one immutable, content-addressed snapshot of the package.

`write_snapshot(cache)` copies the package's files (modules and shipped data; no bytecode, no
hidden file such as an editor's lock) into `<cache>/code/<id>/lexsub_baselines/`, read-only,
compiled there, with `MARKER` beside it (the files' sha256, the checkout they came from); the
id is the digest of the files, so one version of the code is one folder. `lexsub` re-executes
a command that builds or answers with the snapshot first on `PYTHONPATH` (with the kernels'
pin, `core.pinning`), the embedded cluster's workers are spawned with it, a remote worker is
pointed at it before it imports the package (`engine.workers.run_from`): the client, every
worker and the keys are one set of bytes (docs/design.md, "Keys"). Outside a build
nothing of this runs: the package leaves the interpreter as it found it.
"""

from __future__ import annotations

import compileall
import hashlib
import json
import os
import py_compile
import shutil
from pathlib import Path

from lexsub_baselines.core import digests
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import PROJECT_DIR, SNAPSHOT_MARKER
from lexsub_baselines.inputs.package_data import PACKAGE_DIR

__all__ = ["MARKER", "PACKAGE_DIR", "pin", "running_snapshot", "snapshot_environment",
           "snapshot_files", "write_snapshot"]

_PACKAGE = PACKAGE_DIR.name
#: The file beside a snapshot's package folder: its files' sha256 and where they came from.
MARKER = SNAPSHOT_MARKER
#: The suffixes of the package's files a snapshot holds (`pyproject.toml`'s package data).
_KEPT = (".py", ".json", ".cfg", ".typed", ".html", ".css", ".js")
#: The package's folder a snapshot leaves out: the shipped answers, a run's outputs, not code.
_LEFT_OUT = "shipped"


def _identity(files: dict[str, str]) -> str:
    """Return a snapshot's id: the digest of its files by the one tree rule."""
    return digests.tree(files.items())[:16]


def _marker(folder: Path) -> dict[str, object] | None:
    """Return the marker of a snapshot's package folder, or None when it is none (a
    checkout, site-packages; an unreadable or edited marker: never an error here)."""
    try:
        data = json.loads((folder.parent / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict) or _identity(files) != folder.parent.name:
        return None
    return data if isinstance(data, dict) else None


def running_snapshot() -> Path | None:
    """Return the snapshot folder (`<cache>/code/<id>`) this process runs, or None."""
    return PACKAGE_DIR.parent if _marker(PACKAGE_DIR) is not None else None


def snapshot_files(package: Path = PACKAGE_DIR) -> list[str]:
    """Return the relative paths (sorted) of the package's files a snapshot holds: regular
    files with the package's suffixes, no bytecode, no hidden file (`.#cmlc.py`, an editor's
    lock: a dangling link)."""
    found = []
    for top, children, names in os.walk(package):
        children[:] = sorted(c for c in children if c != "__pycache__" and not c.startswith(".")
                             and (c != _LEFT_OUT or Path(top) != package))
        prefix = Path(top).relative_to(package).as_posix()
        for name in names:
            path = Path(top, name)
            if name.startswith(".") or not name.endswith(_KEPT) or not path.is_file():
                continue
            found.append(name if prefix == "." else f"{prefix}/{name}")
    return sorted(found)


#: (cache, package folder) -> the snapshot this process wrote (or found) there: a process
#: that builds twice (a test, a notebook) gives both builds the code it took first.
_WRITTEN: dict[tuple[Path, Path], Path] = {}


def write_snapshot(cache: Path, package: Path = PACKAGE_DIR) -> Path:
    """Write the package's files into `<cache>/code/<id>` (once per version of the code; an
    existing one is reused) and return that folder; within a process, the first one written
    into `cache` ever after.

    Raises:
        OSError: the cache cannot be written.
    """
    taken = _WRITTEN.get((cache.absolute(), package))
    if taken is not None and _marker(taken / _PACKAGE) is not None:
        return taken
    _WRITTEN[(cache.absolute(), package)] = tree = _write(cache, package)
    return tree


def _write(cache: Path, package: Path) -> Path:
    data = {relative: (package / relative).read_bytes() for relative in snapshot_files(package)}
    files = {relative: hashlib.sha256(raw).hexdigest() for relative, raw in data.items()}
    tree = cache.absolute() / "code" / _identity(files)
    if _marker(tree / _PACKAGE) is not None:
        return tree
    work = tree.with_name(f".{tree.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    for relative, raw in data.items():
        target = work / _PACKAGE / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
    # the sources never change: bytecode that is not checked against them
    compileall.compile_dir(str(work / _PACKAGE), quiet=2, ddir=str(tree / _PACKAGE),
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    for path in (work / _PACKAGE).rglob("*"):
        if path.is_file():
            path.chmod(0o444)  # never edited in place: a new version is a new folder
    marker = {"files": files, "project": str(PROJECT_DIR)}
    (work / MARKER).write_text(json.dumps(marker, sort_keys=True, indent=0) + "\n",
                               encoding="utf-8")
    try:
        os.rename(work, tree)
    except OSError:
        if _marker(tree / _PACKAGE) is None:
            raise
        shutil.rmtree(work, ignore_errors=True)  # another process wrote the same
    return tree


def snapshot_environment(cache: Path, safe_path: bool = False) -> dict[str, str]:
    """Return the variables that make a new process run the code snapshot written into
    `cache` ({} when this process runs a snapshot already): what `lexsub` and `pin()`
    re-execute with (`core.pinning`).

    Arguments:
        cache: the cache folder.
        safe_path: do not put the working folder first on `sys.path` (`PYTHONSAFEPATH`: for
            `python -m lexsub_baselines` in a checkout, whose package would hide the
            snapshot's).

    Raises:
        LexsubError: the cache cannot hold the snapshot (one line, the remedy).
    """
    if running_snapshot() is not None:
        return {}
    try:
        tree = write_snapshot(cache)
    except OSError as error:
        raise LexsubError(f"cannot write the code's snapshot into the cache {cache} "
                          f"({error.strerror}); give a writable --cache-dir") from None
    path = os.pathsep.join(p for p in (str(tree), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path, **({"PYTHONSAFEPATH": "1"} if safe_path else {})}


def pin() -> None:
    """Re-execute this process once under the numeric kernels' pin and from the code
    snapshot in the cache `resolve_roots()` gives (`lexsub` does both itself); call it first
    thing in a script that builds or records, as `lexsub_baselines.pin()`.

    Raises:
        KernelsError: the process cannot be pinned (`core.pinning.pin`).
        LexsubError: the cache cannot hold the snapshot.
    """
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.core.pinning import pin as pin_kernels

    pin_kernels(lambda: snapshot_environment(resolve_roots().cache))
