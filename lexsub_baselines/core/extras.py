"""The package's two installs: what scoring needs, and the `baselines` extra on top of it.

`pip install lexsub_baselines` installs what scoring needs (every scorer and protocol,
`--compare`, `lexsub fetch`, `lexsub datasets`, the dataset readers, the plug-in interfaces):
tqdm alone. `pip install 'lexsub_baselines[baselines]'` adds the libraries that building and
running the baselines import (`BASELINES_LIBRARIES`, by import name; `pyproject.toml` lists
their distributions). `guard_baselines_imports()` (run when the package is imported) appends a
finder to `sys.meta_path` that is asked only after every real finder failed: an import of one
of those libraries by a module of the package, when it is not installed, then raises
`MissingExtraError`, one line saying what to install, wherever in the package the import is.
It is a `ModuleNotFoundError` too, so code that catches `ImportError` behaves as before, and
an import by any other module (a library probing for an optional one with
`importlib.util.find_spec`, a plug-in) is left alone: it fails, or finds nothing, as it would
without the package.

>>> import importlib.util
>>> importlib.util.find_spec("tqdm") is not None  # the one library of the scoring install
True
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import FrameType, ModuleType

from lexsub_baselines.core.errors import LexsubError

__all__ = ["BASELINES_LIBRARIES", "EXTRA", "INSTALL_EXTRA", "MissingExtraError",
           "guard_baselines_imports", "missing_baselines"]

_PACKAGE = __name__.partition(".")[0]
#: The extra's name in `pyproject.toml`.
EXTRA = "baselines"
#: What to run to get it.
INSTALL_EXTRA = f"pip install 'lexsub_baselines[{EXTRA}]'"
#: Top-level import names of the libraries only the baselines import (`tests/test_extras.py`
#: checks that every third-party import of the package is here or is a core dependency).
BASELINES_LIBRARIES: frozenset[str] = frozenset({
    "cloudpickle", "dask", "distributed", "gensim", "kenlm", "lemminflect", "matplotlib",
    "nltk", "numpy", "scipy", "simplemma", "spacy", "thinc", "threadpoolctl", "wn", "wordfreq",
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


def _importer() -> str:
    """Return the name of the module whose import reached the finder ("" when unknown): the
    first frame below the import machinery (`importlib`'s frozen bootstrap, its
    `import_module` and `util.find_spec`)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None and (frame.f_code.co_filename.startswith("<frozen importlib")
                                 or frame.f_globals.get("__name__") in _MACHINERY):
        frame = frame.f_back
    return str(frame.f_globals.get("__name__", "")) if frame is not None else ""


_MACHINERY = frozenset({"importlib", "importlib.util", __name__})


class _ExtraFinder:
    """A meta path finder asked last: it finds nothing, and refuses the extra's libraries to
    the package's own modules."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if "." not in name and name in BASELINES_LIBRARIES \
                and _importer().partition(".")[0] == _PACKAGE:
            raise MissingExtraError(name)
        return None


def guard_baselines_imports() -> None:
    """Append the finder that turns a missing library of the extra into `MissingExtraError`
    (once per process; it is asked only when no real finder found the module)."""
    if not any(isinstance(f, _ExtraFinder) for f in sys.meta_path):
        sys.meta_path.append(_ExtraFinder())


def missing_baselines() -> list[str]:
    """Return the libraries of the extra that are not installed (sorted; [] with the extra)."""
    return [name for name in sorted(BASELINES_LIBRARIES) if not _installed(name)]


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except MissingExtraError:
        return False
