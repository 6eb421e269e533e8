"""The libraries whose versions shape a cached resource or an answer: the one list, and the
one place their versions are read.

The cache keys (`inputs.code_identity.code_digest` adds the versions of the libraries that the
digested modules import), the settings of each row (`runs.provenance`) and the worker check
(`engine.workers`, which adds the scheduler's own libraries) all read `LIBRARIES` and
`library_version`, which reads the version of the module the process has loaded (its
`__version__`), not the installed metadata: a library upgraded in place under a running
process (a long-lived `dask worker`) does not change what that process computes with, nor
what it reports.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable
from importlib import metadata

__all__ = ["LIBRARIES", "libraries_imported_by", "library_version"]

#: Each library (its distribution's name) -> the top-level modules whose import brings its
#: code into a computation: numpy's version shapes what scipy, gensim and spaCy compute,
#: thinc and blis are spaCy's network and matrix code, wordfreq holds the Spanish ranker's
#: frequencies (and the Spanish and Portuguese TSAR rows'), simplemma lemmatises their
#: complex words.
LIBRARIES: dict[str, tuple[str, ...]] = {
    "blis": ("blis", "thinc", "spacy"),
    "gensim": ("gensim",),
    "kenlm": ("kenlm",),
    "lemminflect": ("lemminflect",),
    "nltk": ("nltk",),
    "numpy": ("numpy", "scipy", "gensim", "spacy", "thinc"),
    "scipy": ("scipy", "gensim"),
    "simplemma": ("simplemma",),
    "spacy": ("spacy",),
    "thinc": ("thinc", "spacy"),
    "wn": ("wn",),
    "wordfreq": ("wordfreq",),
}


@functools.cache
def library_version(name: str) -> str:
    """Return the version of the library `name` (its distribution's name) as this process
    runs it, or `absent`.

    A library the process has loaded: its module's `__version__` (the process computes with
    what it imported, whatever is installed since); else (and for the three without one:
    blis, kenlm, wordfreq) its installed distribution's version, which the process would
    import — read without importing it (importing spaCy to read its version took a warm
    run 3 s).
    """
    module = sys.modules.get(LIBRARIES.get(name, (name,))[0])
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"


def libraries_imported_by(modules: Iterable[str]) -> list[str]:
    """Return the libraries (sorted) whose code the top-level modules `modules` bring in.

    >>> libraries_imported_by(["scipy", "json"])
    ['numpy', 'scipy']
    """
    imported = set(modules)
    return [name for name, via in sorted(LIBRARIES.items()) if imported.intersection(via)]
