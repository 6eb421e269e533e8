"""The source of every module of the package as this process imported it: the code it runs.

A file edited after a process imported it does not change what that process runs (a Dask
worker started by hand, a long-lived API process): the bytes on disk then tell nothing about
its code. So `record_imports()`, which the package's `__init__` calls before it imports
anything else of the package, puts a finder first on `sys.meta_path` that wraps the loader
of each module of the package: when the module is loaded (`get_code`), its source file is
read and its bytes kept, by absolute path, for the life of the process. The bytes are read
just before the import compiles the file (or checks its bytecode against it), so they are
the code the module runs, short of an edit in the microseconds between. The modules
imported before the finder (the package's `__init__`, `core/__init__`, this module) are
recorded from their files when it is put in place, at once.

`core.code_identity` digests these bytes rather than the files (a cache key is then that of
the code that computes the resource), and the worker check compares each worker's with the
client's (`engine.workers`). A module not loaded has no record: its file is what would be
imported.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType

__all__ = ["loaded_modules", "loaded_source", "record_imports"]

_PACKAGE = __name__.split(".")[0]
#: absolute source path -> the bytes imported.
_SOURCES: dict[str, bytes] = {}
#: module name -> its absolute source path, for the modules recorded.
_MODULES: dict[str, str] = {}


def _record(name: str, path: str) -> None:
    where = str(Path(path).resolve())
    try:
        _SOURCES[where] = Path(where).read_bytes()
    except OSError:  # no source to read: the import fails the same way
        return
    _MODULES[name] = where


class _RecordingLoader(importlib.machinery.SourceFileLoader):
    """The standard loader, which keeps the source it loads (see the module docstring)."""

    def get_code(self, fullname: str) -> CodeType | None:
        _record(fullname, self.path)
        return super().get_code(fullname)


class _RecordingFinder(importlib.abc.MetaPathFinder):
    """Finds the package's submodules as the path finder does, with a recording loader."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_PACKAGE + ".") or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            spec.loader = _RecordingLoader(fullname, spec.loader.path)
        return spec


def record_imports() -> None:
    """Record the source of every module of the package this process imports from now on, and
    of those already imported (idempotent; the package's `__init__` calls it first)."""
    if not any(isinstance(finder, _RecordingFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _RecordingFinder())
    for name, module in list(sys.modules.items()):
        if (name == _PACKAGE or name.startswith(_PACKAGE + ".")) and name not in _MODULES:
            file = getattr(module, "__file__", None)
            if isinstance(file, str) and file.endswith(".py"):
                _record(name, file)


def loaded_source(path: Path) -> bytes | None:
    """Return the bytes this process imported from the source file `path`, or None when it
    imported nothing from it."""
    return _SOURCES.get(str(path.resolve()))


def loaded_modules() -> dict[str, Path]:
    """Return module name -> source path of every module of the package this process loaded
    (and still holds)."""
    return {name: Path(path) for name, path in sorted(_MODULES.items()) if name in sys.modules}

