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

A plug-in is recorded as loaded (`plugin_code`, in every row's settings): the digest of the
user's modules its import loaded (its own, its helpers, a package of one's own on
`PYTHONPATH`: `inputs.trace`). What a unit's answers then depend on — every user's module
loaded by then, every file read, a data file beside the plug-in included — is in the trace
the results cache keeps them with (`runs.result_cache`). Loading installs nothing in the
import system.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from lexsub_baselines.core import digests
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.inputs.trace import module_digest, user_modules

__all__ = ["ENTRY_POINT_GROUP", "PluginError", "load_plugins", "loaded_plugins", "plugin_code"]

#: The entry-point group installed plug-ins declare.
ENTRY_POINT_GROUP = "lexsub_baselines.plugins"

_loaded: set[str] = set()  # what was loaded in this process (a callable entry point runs once)
_codes: dict[str, str] = {}  # plug-in -> the digest of its code, taken when it was loaded


def _loading(key: str) -> Callable[[], None]:
    """Return what records, once a plug-in's import is done, the code it loaded."""
    before = set(user_modules())

    def done() -> None:
        loaded = {name: path for name, path in user_modules().items() if name not in before}
        _codes[key] = digests.tree((str(path), module_digest(path))
                                   for path in loaded.values())[:12]

    return done


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
    """Return the digest of the code a loaded plug-in's import loaded (12 hex: the user's
    modules that came in with it), or None for none."""
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
    done = _loading(name)
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
    done()


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
    done = _loading(str(path))
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        del sys.modules[module_name]
        raise _failed(f"plugin file {str(path)!r}", error, f"python {path}") from None
    done()


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
    # an installed distribution's code changes with its version (an editable install's
    # sources are the user's own: in the traces)
    if point.dist is not None:
        _codes[f"entry-point:{point.name}"] = f"{point.dist.name} {point.dist.version}"


def _failed(what: str, error: Exception, command: str) -> PluginError:
    """Return the error of a plug-in that was found but raised while it was imported."""
    if isinstance(error, LexsubError):
        return PluginError(f"{what} failed to load: {error}")
    return PluginError(f"{what} failed to import: {type(error).__name__}: {error} "
                       f"(run `{command}` to see the traceback)")
