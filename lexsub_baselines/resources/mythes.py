"""LibreOffice's MyThes thesauri (Debian `mythes-es`, `mythes-pt-br`, `mythes-pt-pt`): a reader.

A MyThes `.dat` file names its encoding on its first line (`ISO8859-1`, `UTF-8`), then holds
entries: a `word|n` line followed by n sense lines, each `LABEL|synonym|synonym|...`. The
label is `-` in the Spanish file (a few senses carry a PoS or register: `(m.)`, `(tr.)`),
a PoS in the European Portuguese one (`(s.)`, `(adj.)`, `(v.)`, `(adv.)`, `(-)`), and
`(Sinônimo)WORD` in the Brazilian one (WORD names the sense; it is also the sense's first
synonym, and the entry's own word is among the synonyms). The Spanish synonyms may end with
a usage note in parentheses (`necio (fig.)`, `cuentecilla (NoRAE)`): it is removed (MyThes's
own `mythes.cxx` returns the item with it; a substitute is the word alone). The `.idx` index
beside the file is not read: the whole file is parsed once per process (under a second for
the Spanish file, about two for the Brazilian one).

The files are found in Debian's folder (`/usr/share/mythes`, `apt-get install mythes-es
mythes-pt-br mythes-pt-pt`), else in the copy `lexsub fetch mythes` takes out of the same
Debian packages under the data root (`<data root>/mythes/share/mythes/`: the same bytes).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.reads import read_path

__all__ = ["DEBIAN_MYTHES_DIR", "FETCHED_MYTHES_DIR", "MYTHES", "MythesSense", "MythesVariant",
           "Thesaurus", "find_mythes", "load_mythes", "read_mythes"]

DEBIAN_MYTHES_DIR = Path("/usr/share/mythes")
#: Where `lexsub fetch mythes` lays out the packages' files, under the data root.
FETCHED_MYTHES_DIR = "mythes/share/mythes"


@dataclass(frozen=True)
class MythesVariant:
    """One MyThes thesaurus as Debian packages it.

    Attributes:
        name: `es`, `pt-br` or `pt-pt`.
        package: the Debian package.
        file: the `.dat` file's name.
        licence: the package's licence of the thesaurus.
    """

    name: str
    package: str
    file: str
    licence: str


#: The thesauri read, by name.
MYTHES: dict[str, MythesVariant] = {v.name: v for v in (
    MythesVariant("es", "mythes-es", "th_es_ES_v2.dat", "LGPL-2.1"),
    MythesVariant("pt-br", "mythes-pt-br", "th_pt_BR.dat", "LGPL-3 or MPL"),
    MythesVariant("pt-pt", "mythes-pt-pt", "th_pt_PT_v2.dat", "GPL-2+"),
)}

#: A trailing usage note of a Spanish synonym: `necio (fig.)`, `desencarecer (p. us.)`.
_NOTE = re.compile(r"\s*\([^()]*\)\s*$")
_ENCODINGS = {"ISO8859-1": "iso-8859-1", "UTF-8": "utf-8", "ISO8859-15": "iso-8859-15"}


@dataclass(frozen=True)
class MythesSense:
    """One sense line: its label as written (`-`, `(adj.)`, `(Sinônimo)anexar`) and synonyms."""

    label: str
    synonyms: tuple[str, ...]


@dataclass(frozen=True)
class Thesaurus:
    """A parsed MyThes file: headword (lower-cased) -> its senses, in file order.

    Attributes:
        name: the variant (`es`, `pt-br`, `pt-pt`).
        entries: lower-cased headword -> senses (a headword listed twice has both lists).
    """

    name: str
    entries: Mapping[str, tuple[MythesSense, ...]]

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.strip().lower() in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def senses(self, word: str) -> tuple[MythesSense, ...]:
        """Return the senses of `word` (any case), or () when it is no headword."""
        return self.entries.get(word.strip().lower(), ())

    def synonyms(self, word: str) -> list[str]:
        """Return the synonyms of every sense of `word`, in file order (repeats kept)."""
        return [s for sense in self.senses(word) for s in sense.synonyms]


def _encoding(path: Path, first: bytes) -> str:
    name = first.decode("ascii", errors="replace").strip()
    if name.upper() not in _ENCODINGS:
        raise DataFormatError(path, 1, f"unknown encoding line {name!r} (a MyThes .dat file "
                              f"names one of {', '.join(_ENCODINGS)})",
                              "is this a MyThes thesaurus file (th_*.dat)?")
    return _ENCODINGS[name.upper()]


def _sense(line: str) -> MythesSense:
    label, *items = line.split("|")
    cleaned = (_NOTE.sub("", item).strip() for item in items)
    return MythesSense(label.strip(), tuple(item for item in cleaned if item))


def read_mythes(path: Path, name: str = "") -> Thesaurus:
    """Parse a MyThes `.dat` file (see the module docstring).

    Raises:
        DataFormatError: an unknown encoding line, an entry line without its sense count, or
            a file that ends before an entry's senses do (the file and line named).
    """
    raw = read_path(path)
    first, _, body = raw.partition(b"\n")
    text = body.decode(_encoding(path, first))
    lines = text.removesuffix("\n").split("\n")  # not splitlines(): the text is the file's
    entries: dict[str, list[MythesSense]] = {}
    number = 0
    while number < len(lines):
        line = lines[number].rstrip("\r")
        number += 1
        if not line.strip():
            continue
        word, bar, count = line.rpartition("|")
        if not bar or not count.strip().isdigit():
            raise DataFormatError(path, number + 1, f"expected an entry line `word|count`, got "
                                  f"{line[:60]!r}", "is this a MyThes thesaurus file?")
        senses = [_sense(lines[number + i].rstrip("\r")) for i in range(int(count))
                  if number + i < len(lines)]
        if len(senses) < int(count):
            raise DataFormatError(path, number + 1, f"the entry {word!r} announces {count} "
                                  "senses but the file ends first", "the file is truncated: "
                                  "reinstall the package or fetch it again")
        number += int(count)
        entries.setdefault(word.strip().lower(), []).extend(senses)
    return Thesaurus(name or path.name, {w: tuple(s) for w, s in entries.items()})


def find_mythes(variant: str, data_root: Path) -> Path:
    """Return the `.dat` file of `variant`: Debian's, else the one fetched under `data_root`.

    Raises:
        LexsubError: an unknown variant.
        MissingResourceError: neither is there; names both routes.
    """
    if variant not in MYTHES:
        raise LexsubError(f"unknown MyThes thesaurus {variant!r}; known: {', '.join(MYTHES)}")
    spec = MYTHES[variant]
    for folder in (DEBIAN_MYTHES_DIR, data_root / FETCHED_MYTHES_DIR):
        if (folder / spec.file).is_file():
            return folder / spec.file
    raise MissingResourceError(
        f"the MyThes thesaurus {spec.file} ({spec.package})", DEBIAN_MYTHES_DIR / spec.file,
        f"as root `apt-get install {spec.package}` (make setup does), or `lexsub fetch mythes` "
        f"(it takes the file out of the same Debian package into {data_root / FETCHED_MYTHES_DIR})")


def load_mythes(variant: str, roots: Roots) -> Thesaurus:
    """Return the parsed thesaurus `variant` (`es`, `pt-br`, `pt-pt`), once per process."""
    return _load(find_mythes(variant, roots.data), variant)


@functools.lru_cache(maxsize=4)
def _load(path: Path, variant: str) -> Thesaurus:
    return read_mythes(path, variant)
