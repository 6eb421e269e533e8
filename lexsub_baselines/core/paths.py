"""Where the toolkit finds its inputs and keeps its caches.

The shared root holds the task data, resources and corpora (`data/`, `resources/`,
`corpora/`, `scorer-vectors/`). It is resolved, in order, from an explicit argument (the CLI's
`--shared-root`), the environment variable `LEXSUB_SHARED_ROOT`, `../shared` beside the
current directory or beside the project checkout when it exists, and else the per-user data
folder (`user_data_dir`: `$XDG_DATA_HOME/lexsub_baselines`, by default
`~/.local/share/lexsub_baselines`), where `lexsub fetch` puts what it downloads for a package
installed outside a checkout. The data root (`LEXSUB_DATA_ROOT`, `--data-root`) defaults to
`<shared root>/data`, so a user with only the SemEval archive can point at it alone. The
cache (`LEXSUB_CACHE_DIR`, default `resources/cache` in the checkout, or
`$XDG_CACHE_HOME/lexsub_baselines`, by default `~/.cache/lexsub_baselines`, for an installed
package) holds everything the toolkit builds.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError

__all__ = ["Roots", "resolve_roots", "user_data_dir"]

SHARED_ENV = "LEXSUB_SHARED_ROOT"
DATA_ENV = "LEXSUB_DATA_ROOT"
CACHE_ENV = "LEXSUB_CACHE_DIR"

#: The project checkout (parent of the package directory).
PROJECT_DIR = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class Roots:
    """The resolved input and cache locations.

    Attributes:
        shared: the shared root (may not exist; checked when something in it is needed).
        data: the task-data root (`semeval2007/`, `coinco/`, `lst-candidates/`, ...).
        cache: where built resources are kept.
    """

    shared: Path
    data: Path
    cache: Path

    def shared_path(self, *parts: str, what: str, remedy: str = "") -> Path:
        """Return `shared/parts...`, or raise naming what is missing and how to provide it."""
        path = self.shared.joinpath(*parts)
        if not path.exists():
            raise MissingResourceError(
                what,
                path,
                remedy
                or "`lexsub fetch --list` says how to get it; or point "
                f"{SHARED_ENV} (or --shared-root) at a folder holding {'/'.join(parts)}",
            )
        return path


def _xdg(variable: str, default: str) -> Path:
    """Return `$variable/lexsub_baselines`, or `~/default/lexsub_baselines` (XDG base dirs:
    an unset or relative value is ignored)."""
    chosen = os.environ.get(variable, "")
    base = Path(chosen) if os.path.isabs(chosen) else Path.home() / default
    return base / "lexsub_baselines"


def user_data_dir() -> Path:
    """Return the per-user data folder: `$XDG_DATA_HOME/lexsub_baselines`, by default
    `~/.local/share/lexsub_baselines` (the shared root when no `../shared` exists)."""
    return _xdg("XDG_DATA_HOME", ".local/share")


def _default_shared() -> Path:
    for base in (Path.cwd(), PROJECT_DIR):
        candidate = base.parent / "shared"
        if candidate.is_dir():
            return candidate.resolve()
    return user_data_dir()


def _default_cache() -> Path:
    if (PROJECT_DIR / "pyproject.toml").exists():
        return PROJECT_DIR / "resources" / "cache"
    return _xdg("XDG_CACHE_HOME", ".cache")


def kernels_subfolder(environ: Mapping[str, str] | None = None) -> str:
    """Return the cache's sub-folder for the numeric kernels in force: `""` at the default
    level (`core.kernels`), else `kernels-<level>` (`kernels-native` unpinned).

    A parser, relation counts, vectors or neighbour lists computed at one level are other
    bytes at another, and the kernels are not in the builders' cache keys: each other level
    keeps its own caches, so a build never reuses what another level computed.
    """
    from lexsub_baselines.core.kernels import DEFAULT_LEVEL, chosen_level

    try:
        level = chosen_level(environ)
    except ValueError:  # an unknown LEXSUB_KERNELS: the command's pin reports it
        return ""
    name = "native" if level is None else level.name
    return "" if name == DEFAULT_LEVEL else f"kernels-{name}"


def resolve_roots(
    shared: str | Path | None = None,
    data: str | Path | None = None,
    cache: str | Path | None = None,
) -> Roots:
    """Resolve the roots from explicit values, then the environment, then the defaults.

    Arguments:
        shared: the shared root, overriding `LEXSUB_SHARED_ROOT`.
        data: the data root, overriding `LEXSUB_DATA_ROOT` (default `<shared>/data`).
        cache: the cache directory, overriding `LEXSUB_CACHE_DIR`.

    Returns:
        The resolved `Roots`, as absolute paths (so tasks on Dask workers started in other
        folders read the same files); nothing is required to exist yet.
    """
    shared_path = Path(shared or os.environ.get(SHARED_ENV) or _default_shared()).expanduser()
    data_path = Path(data or os.environ.get(DATA_ENV) or shared_path / "data").expanduser()
    cache_path = Path(cache or os.environ.get(CACHE_ENV) or _default_cache()).expanduser()
    cache_path /= kernels_subfolder()
    return Roots(shared=shared_path.absolute(), data=data_path.absolute(),
                 cache=cache_path.absolute())
