"""Where the toolkit finds its inputs and keeps its caches.

The shared root holds the task data, resources and corpora (`data/`, `resources/`,
`corpora/`, `scorer-vectors/`). One rule resolves it, in order: an explicit argument (the
CLI's `--shared-root`), the environment variable `LEXSUB_SHARED_ROOT`, the checkout's own
`../shared` (only when the package runs from a checkout, a folder with `pyproject.toml`, that
has one beside it: never a folder beside the working directory), and else the per-user data
folder (`user_data_dir`: `$XDG_DATA_HOME/lexsub_baselines`, by default
`~/.local/share/lexsub_baselines`), where `lexsub fetch` puts what it downloads. The data root
(`LEXSUB_DATA_ROOT`, `--data-root`) defaults to `<shared root>/data`, so a user with only the
SemEval archive can point at it alone. `Roots` keeps why each root was chosen
(`Roots.describe`), which `lexsub --help`, `lexsub fetch` and every "not found" error say. The
cache (`LEXSUB_CACHE_DIR`, default `resources/cache` in the checkout, or
`$XDG_CACHE_HOME/lexsub_baselines`, by default `~/.cache/lexsub_baselines`, for an installed
package) holds everything the toolkit builds.

A root one folder off (`LEXSUB_DATA_ROOT` at the shared root instead of its `data/`,
`LEXSUB_SHARED_ROOT` at a `data/` folder, a root inside the data root) is the usual reason a
file is not found where the files are: every "not found" error under a root then names the
folder that holds the file and the setting to change (`one_folder_off`), instead of a fetch
into the wrong place.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError

__all__ = ["Roots", "default_shared", "one_folder_off", "resolve_roots", "user_data_dir"]

SHARED_ENV = "LEXSUB_SHARED_ROOT"
DATA_ENV = "LEXSUB_DATA_ROOT"
CACHE_ENV = "LEXSUB_CACHE_DIR"

#: The marker beside a code snapshot's package folder (`inputs.snapshot.MARKER`).
SNAPSHOT_MARKER = ".lexsub-code-snapshot.json"


def _project_dir() -> Path:
    """Return the checkout the running code comes from: the package's parent, or, for code
    run from a snapshot (`inputs.snapshot`), the checkout it was written from."""
    package = Path(__file__).resolve().parent.parent
    try:
        marker = json.loads((package.parent / SNAPSHOT_MARKER).read_text(encoding="utf-8"))
        return Path(str(marker["project"]))
    except (OSError, ValueError, KeyError, TypeError):
        return package.parent


#: The project checkout (parent of the package directory; for code run from a snapshot, the
#: checkout the snapshot was taken from).
PROJECT_DIR = _project_dir()

#: Why a root was chosen, as `Roots.describe` says it.
CHECKOUT_ORIGIN = "the checkout's ../shared"
USER_ORIGIN = "the per-user default"


@dataclass(frozen=True)
class Roots:
    """The resolved input and cache locations.

    Attributes:
        shared: the shared root (may not exist; checked when something in it is needed).
        data: the task-data root (`semeval2007/`, `coinco/`, `lst-candidates/`, ...).
        cache: where built resources are kept.
        shared_origin: why `shared` was chosen (`from LEXSUB_SHARED_ROOT`, the checkout's
            ../shared, the per-user default; "" when the caller gave it).
        data_origin: why `data` was chosen (`from LEXSUB_DATA_ROOT`, or the shared root's).
    """

    shared: Path
    data: Path
    cache: Path
    shared_origin: str = ""
    data_origin: str = ""

    def describe(self, which: str = "data") -> str:
        """Return `data root PATH (why)` (or the shared root's, `which="shared"`).

        >>> Roots(Path("/d"), Path("/d/data"), Path("/c"), "from LEXSUB_SHARED_ROOT",
        ...       "from LEXSUB_SHARED_ROOT").describe()
        'data root /d/data (from LEXSUB_SHARED_ROOT)'
        """
        path, origin = ((self.shared, self.shared_origin) if which == "shared"
                        else (self.data, self.data_origin))
        return f"{which} root {path}" + (f" ({origin})" if origin else "")

    def where(self, path: Path | str) -> str:
        """Return which root `path` lies under and why it was chosen, or "" for none."""
        resolved = Path(path).absolute()
        for which, root in (("data", self.data), ("shared", self.shared)):
            if resolved.is_relative_to(root):
                return self.describe(which)
        return ""

    def shared_path(self, *parts: str, what: str, remedy: str = "", fetch: str = "") -> Path:
        """Return `shared/parts...`, or raise naming what is missing and how to provide it:
        `remedy`, else `lexsub fetch FETCH` (the input that downloads it) or the shared root."""
        path = self.shared.joinpath(*parts)
        if not path.exists():
            elsewhere = f"point {SHARED_ENV} (or --shared-root) at a folder holding " \
                        f"{'/'.join(parts)}"
            raise MissingResourceError(
                what,
                path,
                one_folder_off(self.shared, "/".join(parts), shared=True) or remedy
                or (f"run `lexsub fetch {fetch}` to download it, or {elsewhere}" if fetch else
                    f"it has no public download (`lexsub fetch --list` says why); {elsewhere}"),
            )
        return path


def one_folder_off(root: Path, relpath: str, shared: bool = False) -> str:
    """Return what to set when `relpath` is not under `root` but under a folder one level off
    (its `data/`, or its parent), or "" when it is in neither.

    Arguments:
        root: the data root (or, with `shared`, the shared root) the file was looked for under.
        relpath: the file's place under that root.
        shared: `root` is the shared root.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     (Path(tmp) / "data" / "semeval2007").mkdir(parents=True)
    ...     one_folder_off(Path(tmp), "semeval2007").split(": set ")[1].split(" (")[0]
    'LEXSUB_DATA_ROOT'
    """
    if root.name == "data" and not shared:
        candidates = (root.parent, root / "data")  # the shared root given as a data root: data/data
    else:
        candidates = (root / "data", root.parent)
    for found in candidates:
        if found == root or not (found / relpath).exists():
            continue
        which = "shared" if shared else "data"
        if shared or found.name != "data":
            fix = f"{SHARED_ENV if shared else DATA_ENV} (or --{which}-root) to {found}"
        else:  # the data/ of a shared root: either setting will do
            fix = (f"{DATA_ENV} (or --data-root) to {found}, or {SHARED_ENV} (or --shared-root) "
                   f"to {found.parent}")
        return (f"the {which} root {root} is one folder off: {found} holds {relpath}: set "
                f"{fix}")
    return ""


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


def in_checkout(project_dir: Path | None = None) -> bool:
    """Return whether the package runs from a checkout (its parent holds `pyproject.toml`),
    rather than installed (a wheel in `site-packages`)."""
    return ((project_dir or PROJECT_DIR) / "pyproject.toml").is_file()


def default_shared(project_dir: Path | None = None) -> tuple[Path, str]:
    """Return the default shared root and why: the checkout's `../shared` when the package
    runs from a checkout (`project_dir`, default `PROJECT_DIR`, holds `pyproject.toml`) that
    has one, else the per-user folder. The working directory plays no part."""
    project_dir = project_dir or PROJECT_DIR
    candidate = project_dir.parent / "shared"
    if in_checkout(project_dir) and candidate.is_dir():
        return candidate.resolve(), CHECKOUT_ORIGIN
    return user_data_dir(), USER_ORIGIN


def _chosen(given: str | Path | None, option: str, variable: str) -> tuple[str | Path, str]:
    """Return the value of `--option` or `$variable` and its origin, or ("", "")."""
    if given:
        return given, f"from {option}"
    if os.environ.get(variable):
        return os.environ[variable], f"from {variable}"
    return "", ""


def _default_cache() -> Path:
    if in_checkout():
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
    shared_value, shared_origin = _chosen(shared, "--shared-root", SHARED_ENV)
    if not shared_value:
        shared_value, shared_origin = default_shared()
    shared_path = Path(shared_value).expanduser()
    data_value, data_origin = _chosen(data, "--data-root", DATA_ENV)
    data_path = Path(data_value or shared_path / "data").expanduser()
    cache_path = Path(cache or os.environ.get(CACHE_ENV) or _default_cache()).expanduser()
    cache_path /= kernels_subfolder()
    return Roots(shared=shared_path.absolute(), data=data_path.absolute(),
                 cache=cache_path.absolute(), shared_origin=shared_origin,
                 data_origin=data_origin or shared_origin)
