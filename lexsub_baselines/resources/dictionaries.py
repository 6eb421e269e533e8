"""The registry of named bilingual dictionaries (`wiktionary`, `freedict`) and their loading.

`load_dictionary(name, roots)` reads a dictionary once per process and roots.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.resources.bilingual import (
    FREEDICT_DIR,
    WIKTIONARY_PARTS,
    BilingualDictionary,
    read_wiktionary,
)
from lexsub_baselines.resources.freedict import read_freedict

__all__ = ["DICTIONARIES", "DictionaryLoader", "dictionary_names", "load_dictionary"]

DictionaryLoader = Callable[[Roots], BilingualDictionary]

DICTIONARIES: Registry[DictionaryLoader] = Registry("bilingual dictionary")


def _load_wiktionary(roots: Roots) -> BilingualDictionary:
    return read_wiktionary(roots.shared_path(*WIKTIONARY_PARTS,
                                             what="English→Spanish Wiktionary extraction",
                                             fetch="wiktionary-en-es"))


def _load_freedict(roots: Roots) -> BilingualDictionary:
    return read_freedict(FREEDICT_DIR / "freedict-eng-spa.index",
                         FREEDICT_DIR / "freedict-eng-spa.dict.dz")


DICTIONARIES.add("wiktionary", _load_wiktionary,
                 "English→Spanish Wiktionary (Buchmeier 2015): 53k senses with PoS and glosses")
DICTIONARIES.add("freedict", _load_freedict,
                 "FreeDict English→Spanish 0.3.1 (Debian dict-freedict-eng-spa): 5.9k headwords")


@lru_cache(maxsize=8)
def load_dictionary(name: str, roots: Roots) -> BilingualDictionary:
    """Return the dictionary registered as `name`, read once per process and roots.

    Raises:
        UnknownNameError: no such dictionary; the message lists the known ones.
        MissingResourceError: its files are absent; the message says how to provide them.
    """
    return DICTIONARIES.get(name)(roots)


def dictionary_names() -> list[str]:
    """Return the registered dictionary names (the first is the default)."""
    return DICTIONARIES.names()
