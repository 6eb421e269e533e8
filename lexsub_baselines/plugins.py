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

A plug-in is recorded as loaded (`plugin_code`, in every row's settings and in the keys of
the answers it makes): the digest of its module's file and of every module of its folder it
imports, at any depth (found in the source, as `inputs.code_identity` finds the package's
imports), read when it is loaded — so the record does not depend on which other modules of
the folder happen to be imported. Loading installs nothing in the import system.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from lexsub_baselines.core import digests
from lexsub_baselines.core.errors import LexsubError

__all__ = ["ENTRY_POINT_GROUP", "PluginError", "load_plugins", "loaded_plugins", "plugin_code"]

#: The entry-point group installed plug-ins declare.
ENTRY_POINT_GROUP = "lexsub_baselines.plugins"

_loaded: set[str] = set()  # what was loaded in this process (a callable entry point runs once)
_codes: dict[str, str] = {}  # plug-in -> the digest of its code, taken when it was loaded


def _folder_imports(path: Path, source: bytes, folder: Path) -> list[Path]:
    """Return the files of `folder` that the module file `path` (of bytes `source`) imports
    (absolute imports of a top name that is a module or package of the folder, and relative
    imports)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    found = []
    for node in ast.walk(tree):
        candidates: list[Path] = []
        if isinstance(node, ast.Import):
            candidates = [folder.joinpath(*alias.name.split(".")) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = folder
            if node.level:  # relative: from the importing module's package
                base = path.parent
                for _ in range(node.level - 1):
                    base = base.parent
            module = base.joinpath(*node.module.split(".")) if node.module else base
            candidates = [module, *(module / alias.name for alias in node.names)]
        for candidate in candidates:
            for file in (candidate.with_suffix(".py"), candidate / "__init__.py"):
                if file.is_file() and file.resolve().is_relative_to(folder):
                    found.append(file.resolve())
    return found


def _code_of(origin: Path, folder: Path) -> str:
    """Return the digest (12 hex) of a plug-in's module file and of the modules of `folder`
    it imports, at any depth."""
    seen: dict[Path, str] = {}
    todo = [origin.resolve()]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        source = path.read_bytes()
        seen[path] = hashlib.sha256(source).hexdigest()
        todo.extend(_folder_imports(path, source, folder.resolve()))
    return digests.tree((path.relative_to(folder.resolve()).as_posix(), digest)
                        for path, digest in seen.items())[:12]


def _record(key: str, module: str) -> None:
    """Record the code of the loaded plug-in `key` (its module `module`)."""
    origin = getattr(sys.modules.get(module), "__file__", None)
    top = getattr(sys.modules.get(module.partition(".")[0]), "__file__", None)
    if origin is None or top is None:
        return
    # the folder absolute imports resolve in: a top package's parent, a module's own folder
    folder = Path(top).parent.parent if Path(top).name == "__init__.py" else Path(top).parent
    _codes[key] = _code_of(Path(origin), folder)


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
    """Return the digest of the code of a loaded plug-in: its module's file and the modules
    of its folder it imports (12 hex, taken when it was loaded), or None for none."""
    return _codes.get(name)


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
    _record(name, name)


def _load_file(path: Path) -> None:
    if not path.is_file():
        raise PluginError(f"plugin file {str(path)!r} does not exist (a module name or the "
                          "path of a .py file)")
    module_name = f"lexsub_plugin_{path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"plugin file {str(path)!r} is not a Python module (give a .py file)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        del sys.modules[module_name]
        raise _failed(f"plugin file {str(path)!r}", error, f"python {path}") from None
    _codes[str(path)] = _code_of(path, path.parent)


def _load_entry_point(point: EntryPoint) -> None:
    where = f"plugin entry point {point.name!r} ({point.value}"
    where += f", from {point.dist.name})" if point.dist is not None else ")"
    try:
        target = point.load()
        if callable(target):
            target()
    except Exception as error:
        raise PluginError(f"{where} failed to load: {type(error).__name__}: {error}; fix or "
                          f"uninstall that distribution") from None
    _record(f"entry-point:{point.name}", point.module)


def _failed(what: str, error: Exception, command: str) -> PluginError:
    """Return the error of a plug-in that was found but raised while it was imported."""
    if isinstance(error, LexsubError):
        return PluginError(f"{what} failed to load: {error}")
    return PluginError(f"{what} failed to import: {type(error).__name__}: {error} "
                       f"(run `{command}` to see the traceback)")
