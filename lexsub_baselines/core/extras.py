"""The package's two installs: what scoring needs, and the `baselines` extra on top of it.

`pip install lexsub_baselines` installs what scoring needs (every scorer and protocol,
`--compare`, `lexsub fetch`, `lexsub datasets`, the dataset readers, the plug-in interfaces):
tqdm alone. `pip install 'lexsub_baselines[baselines]'` adds the libraries that building and
running the baselines import (`BASELINES_LIBRARIES`, by import name; `pyproject.toml` lists
their distributions). `guard_baselines_imports()` (run when the package is imported) appends a
finder to `sys.meta_path` that is asked only after every real finder failed: an import of one
of those libraries that is not installed then raises `MissingExtraError`, one line saying what
to install, wherever in the package (or a plug-in) the import is, instead of a
`ModuleNotFoundError` traceback. It is a `ModuleNotFoundError` too, so code that probes for
an optional library (`try: import numpy / except ImportError`) behaves as before.

>>> import importlib.util
>>> importlib.util.find_spec("tqdm") is not None  # the one library of the scoring install
True
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

from lexsub_baselines.core.errors import LexsubError

__all__ = ["BASELINES_LIBRARIES", "EXTRA", "INSTALL_EXTRA", "MissingExtraError",
           "guard_baselines_imports", "missing_baselines"]

#: The extra's name in `pyproject.toml`.
EXTRA = "baselines"
#: What to run to get it.
INSTALL_EXTRA = f"pip install 'lexsub_baselines[{EXTRA}]'"
#: Top-level import names of the libraries only the baselines import (`tests/test_extras.py`
#: checks that every third-party import of the package is here or is a core dependency).
BASELINES_LIBRARIES: frozenset[str] = frozenset({
    "cloudpickle", "dask", "distributed", "gensim", "kenlm", "lemminflect", "matplotlib",
    "nltk", "numpy", "scipy", "spacy", "thinc", "threadpoolctl", "wn", "wordfreq",
})


class MissingExtraError(LexsubError, ModuleNotFoundError):
    """A library of the `baselines` extra is imported but not installed.

    Arguments:
        library: the top-level import name (`numpy`).
    """

    def __init__(self, library: str) -> None:
        self.library = library
        LexsubError.__init__(
            self, f"this needs the '{EXTRA}' extra, which builds and runs the baselines "
                  f"({library} is not installed): run `{INSTALL_EXTRA}` (scoring, `lexsub "
                  f"fetch` and `lexsub datasets` work without it)")
        self.name = library  # ModuleNotFoundError's attribute: the module not found

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return type(self), (self.library,)


class _ExtraFinder:
    """A meta path finder asked last: it finds nothing, and refuses the extra's libraries."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if "." not in name and name in BASELINES_LIBRARIES:
            raise MissingExtraError(name)
        return None


def guard_baselines_imports() -> None:
    """Append the finder that turns a missing library of the extra into `MissingExtraError`
    (once per process; it is asked only when no real finder found the module)."""
    if not any(isinstance(f, _ExtraFinder) for f in sys.meta_path):
        sys.meta_path.append(_ExtraFinder())


def missing_baselines() -> list[str]:
    """Return the libraries of the extra that are not installed (sorted; [] with the extra)."""
    missing = []
    for name in sorted(BASELINES_LIBRARIES):
        try:
            found = importlib.util.find_spec(name) is not None
        except MissingExtraError:
            found = False
        if not found:
            missing.append(name)
    return missing
