"""The libraries whose versions shape a cached resource or an answer: the one list.

The cache keys (`core.code_identity.code_digest` adds the versions of the libraries that the
digested modules import), the settings of each row (`runs.provenance`) and the worker check
(`engine.workers`, which adds the scheduler's own libraries) all read `LIBRARIES`.
"""

from __future__ import annotations

import functools
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
    """Return the installed version of the distribution `name`, or `absent`.

    Read once per process, as `core.loaded_code` keeps the package's sources: a library
    upgraded on disk after this process imported it does not change the code it runs, and
    `code_digest` asks for the versions on every call (each thesaurus look-up, once).
    """
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
