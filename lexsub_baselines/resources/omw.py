"""The Open Multilingual Wordnet's tab files (Spanish MCR, Portuguese OpenWN-PT): a reader.

A `wn-data-LANG.tab` file (omwn/omw-data, `wns/mcr/wn-data-spa.tab`, `wns/por/wn-data-por.tab`)
opens with a `# NAME<TAB>LANG<TAB>URL<TAB>LICENCE` line, then one line per word of a synset:
`OFFSET-POS<TAB>lemma<TAB>word` (`00001740-n	lemma	entidad`), the offset and PoS (n, v,
a, r; satellites are `a`) those of the Princeton WordNet 3.0 synset the word belongs to. So
the English WordNet's structure (its hypernyms, similar-to clusters, sense counts) serves the
other language's words (`omw_wordnet.OmwWordNet`). Only `lemma` lines are read (the two files
hold nothing else); a line of another type is skipped, a line that is no `OFFSET-POS<TAB>
TYPE<TAB>WORD` is an error naming the file and line.

The files sit in the shared root (`resources/omw-spa/`, `resources/omw-por/`), or where
`lexsub fetch omw` puts them (the files of omw-data at the commits recorded in the
manifest); each is read once per process (under a second).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.reads import open_path

__all__ = ["OMW_FILES", "OmwLexicon", "load_omw", "omw_path", "read_omw"]

#: Language -> the file's parts under the shared root.
OMW_FILES: dict[str, tuple[str, ...]] = {
    "es": ("resources", "omw-spa", "wn-data-spa.tab"),
    "pt": ("resources", "omw-por", "wn-data-por.tab"),
}
_SYNSET = re.compile(r"^(\d{8})-([nvar])$")


@dataclass(frozen=True)
class OmwLexicon:
    """The words of one OMW wordnet on WordNet 3.0 synsets.

    Attributes:
        name: the wordnet's name from the file's first line (`Multilingual Central Repository`).
        language: `es`, `pt`.
        by_word: lower-cased word -> its synsets (`00001740-n`), in file order.
        by_synset: synset -> its words as written, in file order.
    """

    name: str
    language: str
    by_word: Mapping[str, tuple[str, ...]]
    by_synset: Mapping[str, tuple[str, ...]]

    def synsets(self, word: str, pos: str) -> tuple[str, ...]:
        """Return the synsets of `word` (any case) whose PoS is `pos` (n, v, a, r)."""
        return tuple(s for s in self.by_word.get(word.strip().lower(), ()) if s.endswith(pos))

    def words(self, synset: str) -> tuple[str, ...]:
        """Return the words of `synset` (`00001740-n`), or () when it has none here."""
        return self.by_synset.get(synset, ())


def read_omw(path: Path, language: str) -> OmwLexicon:
    """Parse an OMW tab file (see the module docstring).

    Raises:
        DataFormatError: a line that is not `OFFSET-POS<TAB>TYPE<TAB>WORD` (file and line).
    """
    name = ""
    by_word: dict[str, list[str]] = {}
    by_synset: dict[str, list[str]] = {}
    with open_path(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.rstrip("\r\n")
            if line.startswith("#"):
                name = name or line[1:].split("\t")[0].strip()
                continue
            if not line.strip():
                continue
            fields = line.split("\t")
            if len(fields) != 3 or not _SYNSET.match(fields[0]) or not fields[2].strip():
                raise DataFormatError(path, number, f"expected OFFSET-POS<TAB>lemma<TAB>word, "
                                      f"got {line[:60]!r}", "is this an Open Multilingual "
                                      "Wordnet wn-data-*.tab file?")
            if not fields[1].endswith("lemma"):
                continue
            word = " ".join(fields[2].replace("_", " ").split())
            by_word.setdefault(word.lower(), []).append(fields[0])
            by_synset.setdefault(fields[0], []).append(word)
    return OmwLexicon(name, language, {w: tuple(dict.fromkeys(s)) for w, s in by_word.items()},
                      {s: tuple(dict.fromkeys(w)) for s, w in by_synset.items()})


def omw_path(language: str, roots: Roots) -> Path:
    """Return where the OMW file of `language` is (`es`, `pt`) under the shared root.

    Raises:
        LexsubError: a language without one.
    """
    if language not in OMW_FILES:
        raise LexsubError(f"no Open Multilingual Wordnet file for {language!r}; known: "
                          f"{', '.join(OMW_FILES)}")
    return roots.shared.joinpath(*OMW_FILES[language])


def load_omw(language: str, roots: Roots) -> OmwLexicon:
    """Return the OMW lexicon of `language`, read once per process.

    Raises:
        MissingResourceError: the file is absent (`lexsub fetch omw`).
    """
    path = omw_path(language, roots)
    if not path.is_file():
        raise MissingResourceError(f"the Open Multilingual Wordnet file of {language!r}", path,
                                   "`lexsub fetch omw` downloads it (omw-data, at the commit "
                                   "the manifest records), or point --shared-root at a copy")
    return _load(path, language)


@functools.lru_cache(maxsize=4)
def _load(path: Path, language: str) -> OmwLexicon:
    return read_omw(path, language)
