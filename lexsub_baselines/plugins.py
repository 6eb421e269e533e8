"""Plug-ins: a user's module that registers generators, rankers and systems, loaded by name.

A plug-in is an ordinary Python module that imports `lexsub_baselines` and registers its
components with the public decorators (`RANKERS.register`, `compose`, ...); importing it is
loading it. Two ways to load one:

- `--plugin MODULE` on `lexsub run`, `lexsub baselines`, `lexsub systems`,
  `lexsub components` and `lexsub rank-eval` (a module name on the Python path or in the
  working folder, `my_systems` for `./my_systems.py`, or the path of a `.py` file);
- an entry point of an installed distribution in the group `lexsub_baselines.plugins`
  (`[project.entry-points."lexsub_baselines.plugins"] mine = "my_package.systems"`), loaded
  whenever the catalog is: the entry point names a module (imported) or a function (called
  with no arguments).

Built-in components are registered first (`lexsub_baselines.catalog`), so a plug-in's systems
come after them in `lexsub systems` and in the tables. A plug-in that cannot be found or fails
to import is one `PluginError` naming it and the remedy, never a traceback.

A plug-in is recorded as imported (`plugin_code`, in every row's settings): its folder (the
file's, or its top package's) is watched before it is imported (`_PluginFinder`),
so it and every module it imports from that folder, then or later, run from the bytes read
once, and those bytes are what the record digests, not the files as they are when the run
is recorded.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import CodeType, ModuleType

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.loaded_code import compiled

__all__ = ["ENTRY_POINT_GROUP", "PluginError", "load_plugins", "loaded_plugins", "plugin_code"]

#: The entry-point group installed plug-ins declare.
ENTRY_POINT_GROUP = "lexsub_baselines.plugins"

_loaded: set[str] = set()  # what was loaded in this process (a callable entry point runs once)
_folders: dict[str, Path] = {}  # plug-in -> the folder whose modules are recorded for it
_sources: dict[Path, bytes] = {}  # module file of a plug-in's folder -> the bytes it ran


class _RecordingLoader(importlib.machinery.SourceFileLoader):
    """Loads a plug-in's module from its bytes read once, and keeps them (`plugin_code`)."""

    def get_code(self, fullname: str) -> CodeType:
        path = Path(self.path).resolve()
        if path not in _sources:
            _sources[path] = path.read_bytes()
        return compiled(self, _sources[path], self.path)


class _PluginFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of the plug-ins' folders as the path finder does, with a loader that
    keeps the bytes it runs (put first on `sys.meta_path` by the first plug-in loaded)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if (spec is not None and spec.origin
                and isinstance(spec.loader, importlib.machinery.SourceFileLoader)
                and any(Path(spec.origin).resolve().is_relative_to(folder)
                        for folder in _folders.values())):
            spec.loader = _RecordingLoader(fullname, spec.origin)
            return spec
        return None


def _watch_folder(key: str, folder: Path) -> None:
    """Record the modules imported from now on from `folder`, for the plug-in `key`."""
    _folders[key] = folder.resolve()
    if not any(isinstance(finder, _PluginFinder) for finder in sys.meta_path):
        sys.meta_path.insert(1, _PluginFinder())  # after the package's own finder


class PluginError(LexsubError):
    """A plug-in could not be found or failed to load."""


def load_plugins(names: Sequence[str] = (), installed: bool = True) -> list[str]:
    """Fill the catalog, then load the entry-point plug-ins and the modules `names`.

    Arguments:
        names: module names (`my_systems`, `pkg.systems`) or paths of `.py` files.
        installed: also load the entry points of the group `ENTRY_POINT_GROUP`.

    Returns:
        What was loaded by this call (entry points as `entry-point:NAME`).

    Raises:
        PluginError: a module or file that does not exist, or one that fails to import (the
            message names it, the error it raised and how to see the traceback).
    """
    import lexsub_baselines.catalog  # noqa: F401  (built-in components first)

    loaded: list[str] = []
    if installed:
        for point in entry_points(group=ENTRY_POINT_GROUP):
            key = f"entry-point:{point.name}"
            if key not in _loaded:
                _load_entry_point(point)
                _loaded.add(key)
                loaded.append(key)
    for name in names:
        if name not in _loaded:
            _load_module(name)
            _loaded.add(name)
            loaded.append(name)
    return loaded


def loaded_plugins() -> tuple[str, ...]:
    """Return the plug-ins loaded in this process, sorted (a run records them)."""
    return tuple(sorted(_loaded))


def plugin_code(name: str) -> str | None:
    """Return the digest of the code a loaded plug-in ran: the bytes imported of it and of
    every module imported from its folder (12 hex), or None when none were recorded (it was
    imported before it was loaded as a plug-in)."""
    folder = _folders.get(name)
    modules = {} if folder is None else {
        path.relative_to(folder).as_posix(): hashlib.sha256(data).hexdigest()
        for path, data in _sources.items() if path.is_relative_to(folder)}
    if not modules:
        return None
    listing = "".join(f"{path}\0{digest}\n" for path, digest in sorted(modules.items()))
    return hashlib.sha256(listing.encode("utf-8")).hexdigest()[:12]


def _watch(key: str, module: str) -> None:
    """Watch the folder of `module`'s top package (or of the module itself) for `key`."""
    try:
        spec = importlib.util.find_spec(module.partition(".")[0])
    except (ImportError, ValueError):
        return
    if spec is None or not spec.origin:
        return
    locations = list(spec.submodule_search_locations or ())
    _watch_folder(key, Path(locations[0]) if locations else Path(spec.origin).parent)


def _in_working_folder(name: str) -> bool:
    """Return True when `name`'s top package is a module or package of the working folder."""
    top = Path.cwd() / name.partition(".")[0]
    return top.with_suffix(".py").is_file() or (top / "__init__.py").is_file()


def _load_module(name: str) -> None:
    if name.endswith(".py") or "/" in name:
        _load_file(Path(name))
        return
    # `python -m lexsub_baselines` has the working folder on sys.path, the `lexsub` script
    # does not: a module beside the user (`./my_systems.py`) is found by both, the working
    # folder looked in last, so it never hides an installed module
    if importlib.util.find_spec(name.partition(".")[0]) is None and _in_working_folder(name):
        sys.path.append(str(Path.cwd()))
    _watch(name, name)
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and (name == error.name or name.startswith(error.name + ".")):
            raise PluginError(
                f"plugin module {name!r} not found (on the Python path or in the working "
                f"folder {Path.cwd()}): install it, add its folder to PYTHONPATH, or give the "
                "path of its .py file (--plugin path/to/my_systems.py)") from None
        raise _failed(f"plugin module {name!r}", error, f"python -c 'import {name}'") from None
    except Exception as error:
        raise _failed(f"plugin module {name!r}", error, f"python -c 'import {name}'") from None


def _load_file(path: Path) -> None:
    if not path.is_file():
        raise PluginError(f"plugin file {str(path)!r} does not exist (a module name or the "
                          "path of a .py file)")
    module_name = f"lexsub_plugin_{path.stem}"
    _watch_folder(str(path), path.parent)
    spec = importlib.util.spec_from_file_location(
        module_name, path, loader=_RecordingLoader(module_name, str(path)))
    if spec is None or spec.loader is None:
        raise PluginError(f"plugin file {str(path)!r} is not a Python module (give a .py file)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        del sys.modules[module_name]
        raise _failed(f"plugin file {str(path)!r}", error, f"python {path}") from None


def _load_entry_point(point: EntryPoint) -> None:
    where = f"plugin entry point {point.name!r} ({point.value}"
    where += f", from {point.dist.name})" if point.dist is not None else ")"
    _watch(f"entry-point:{point.name}", point.module)
    try:
        target = point.load()
        if callable(target):
            target()
    except Exception as error:
        raise PluginError(f"{where} failed to load: {type(error).__name__}: {error}; fix or "
                          f"uninstall that distribution") from None


def _failed(what: str, error: Exception, command: str) -> PluginError:
    """Return the error of a plug-in that was found but raised while it was imported."""
    if isinstance(error, LexsubError):
        return PluginError(f"{what} failed to load: {error}")
    return PluginError(f"{what} failed to import: {type(error).__name__}: {error} "
                       f"(run `{command}` to see the traceback)")
