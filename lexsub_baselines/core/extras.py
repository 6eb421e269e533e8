"""The package's two installs: what scoring needs, and the `baselines` extra on top of it.

The package alone (`pip install .` in a clone, or the wheel `pip wheel .` builds) installs
what scoring needs (every scorer and protocol, `--compare`, `lexsub fetch`, `lexsub mirror`,
`lexsub datasets`, the dataset readers, the plug-in interfaces): tqdm alone. With the extra
(`pip install '.[baselines]'`) come the libraries that building and running the baselines
import (`BASELINES_LIBRARIES`, by import name; `pyproject.toml` lists their distributions).

No import hook: as pandas' `import_optional_dependency`, the extra is asked for where it is
needed. Every entry point that builds or runs the baselines (the `lexsub` commands of
`cli.options.EXTRA_COMMANDS`, `run()`, `system()`, `generator()`, `ranker()`) first calls
`require_extra(what)`, which raises `MissingExtraError`, one line naming what needs the extra
and the `pip` command that installs it from where this copy of the package came from
(`install_advice`). `extra_imports(what)` turns a `ModuleNotFoundError` of one of the extra's
libraries met later (a plug-in, a command that needs the extra for one option) into the same
line. `MissingExtraError` is a `ModuleNotFoundError` too, so code that catches `ImportError`
behaves as before.

>>> import importlib.util
>>> importlib.util.find_spec("tqdm") is not None  # the one library of the scoring install
True
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import PROJECT_DIR, in_checkout

__all__ = ["BASELINES_LIBRARIES", "EXTRA", "INSTALL_ADVICE", "MissingExtraError",
           "extra_imports", "install_advice", "missing_baselines", "require_extra"]

_DISTRIBUTION = "lexsub_baselines"
#: The extra's name in `pyproject.toml`.
EXTRA = "baselines"
#: How to install the package with the extra, for a reader who has not installed it yet (no
#: package index serves `lexsub_baselines`): `lexsub --help` prints it.
INSTALL_ADVICE = (f"in a clone, `pip install .` (scoring: tqdm alone) or `pip install "
                  f"'.[{EXTRA}]'` (with the extra); from the repository's URL, `pip install "
                  f"'{_DISTRIBUTION}[{EXTRA}] @ git+URL'`; from a wheel `pip wheel .` built, "
                  f"`pip install 'WHEEL[{EXTRA}]'`")
#: Top-level import names of the libraries only the baselines import (`tests/test_extras.py`
#: checks that every third-party import of the package is here or is a core dependency).
BASELINES_LIBRARIES: frozenset[str] = frozenset({
    "cloudpickle", "dask", "distributed", "gensim", "kenlm", "lemminflect", "matplotlib",
    "nltk", "numpy", "scipy", "simplemma", "spacy", "thinc", "threadpoolctl", "wn", "wordfreq",
})


class MissingExtraError(LexsubError, ModuleNotFoundError):
    """A library of the `baselines` extra is needed but not installed.

    Arguments:
        library: the top-level import name (`numpy`).
        what: what needs it, as the caller named it (`` `lexsub run` ``, `run()`).
        others: how many more of the extra's libraries are missing.
    """

    def __init__(self, library: str, what: str = "this", others: int = 0) -> None:
        self.library = library
        self.what = what
        self.others = others
        missing = f"{library} and {others} more of its libraries are" if others else \
            f"{library} is"
        LexsubError.__init__(
            self, f"{what} needs the '{EXTRA}' extra, which builds and runs the baselines "
                  f"({missing} not installed): {install_advice()} (scoring, `lexsub fetch`, "
                  "`lexsub mirror` and `lexsub datasets` work without it)")
        self.name = library  # ModuleNotFoundError's attribute: the module not found

    def __reduce__(self) -> tuple[type, tuple[str, str, int]]:
        return type(self), (self.library, self.what, self.others)


def missing_baselines() -> list[str]:
    """Return the libraries of the extra that are not installed (sorted; [] with the extra)."""
    return [name for name in sorted(BASELINES_LIBRARIES) if not _installed(name)]


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a finder that refuses it, a broken module entry
        return False


def require_extra(what: str) -> None:
    """Raise `MissingExtraError` naming `what` when a library of the extra is not installed.

    Raises:
        MissingExtraError: a library of the extra is missing (numpy named first when it is).
    """
    missing = missing_baselines()
    if missing:
        first = "numpy" if "numpy" in missing else missing[0]
        raise MissingExtraError(first, what, len(missing) - 1)


@contextmanager
def extra_imports(what: str) -> Iterator[None]:
    """Turn a `ModuleNotFoundError` of a library of the extra into `MissingExtraError`.

    >>> with extra_imports("this example"):
    ...     try:
    ...         raise ModuleNotFoundError("No module named 'numpy'", name="numpy")
    ...     except MissingExtraError as error:
    ...         print(error.library)
    numpy
    """
    try:
        yield
    except MissingExtraError:
        raise
    except ModuleNotFoundError as error:
        library = (error.name or "").partition(".")[0]
        if library not in BASELINES_LIBRARIES:
            raise
        raise MissingExtraError(library, what) from error


def install_advice() -> str:
    """Return how to install the extra into this environment, from where the package came.

    Read from the installed distribution's `direct_url.json` (PEP 610: what `pip install`
    was given): a wheel or a folder gives `pip install 'PATH[baselines]'`, a repository URL
    `pip install 'lexsub_baselines[baselines] @ git+URL@COMMIT'`; a package from an index or
    a checkout that is not installed gives the general advice (`INSTALL_ADVICE`).
    """
    from importlib import metadata

    try:
        text = metadata.distribution(_DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        text = None
    source = _source(text)
    if in_checkout():  # run from a checkout: this checkout, whatever pip was given before
        return f"run `make setup` in {PROJECT_DIR} (or `pip install '{PROJECT_DIR}[{EXTRA}]'`)"
    if source is None:
        return f"install it with the package: {INSTALL_ADVICE}"
    return f"run `pip install {source}`"


def _source(text: str | None) -> str | None:
    """Return the `pip install` argument, with the extra, of a PEP 610 `direct_url.json`."""
    try:
        found = json.loads(text) if text else None
    except ValueError:
        return None
    if not isinstance(found, dict) or not isinstance(found.get("url"), str):
        return None
    url: str = found["url"]
    vcs = found.get("vcs_info")
    if isinstance(vcs, dict):
        commit = vcs.get("commit_id") or vcs.get("requested_revision") or ""
        return (f"'{_DISTRIBUTION}[{EXTRA}] @ {vcs.get('vcs', 'git')}+{url}"
                + (f"@{commit}'" if commit else "'"))
    parts = urlsplit(url)
    if parts.scheme != "file":
        return f"'{_DISTRIBUTION}[{EXTRA}] @ {url}'"
    local = Path(unquote(parts.path))
    editable = isinstance(found.get("dir_info"), dict) and found["dir_info"].get("editable")
    return f"{'-e ' if editable else ''}'{local}[{EXTRA}]'"
