"""Read FreeDict's English→Spanish dictionary (dictd `.index` + `.dict.dz`) as a dictionary.

The `freedict` source of `resources.dictionaries` (see `resources.bilingual` for the format and
the translation cleaning both sources share).
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from pathlib import Path
from types import MappingProxyType

from lexsub_baselines.core.errors import DataFormatError, MissingResourceError
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.resources.bilingual import BilingualDictionary, Sense, split_translations

__all__ = ["decode_b64_number", "read_freedict"]

_NUMBERED = re.compile(r"^\s*\d+\.\s*")
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def decode_b64_number(text: str) -> int:
    """Decode a dictd base-64 number (most significant digit first).

    >>> decode_b64_number("Mg9")
    51261
    """
    value = 0
    for char in text:
        digit = _B64.find(char)
        if digit < 0:
            raise ValueError(f"not a dictd base-64 digit: {char!r}")
        value = value * 64 + digit
    return value


def read_freedict(index_path: Path, dict_path: Path, name: str = "freedict") -> BilingualDictionary:
    """Read a dictd dictionary (`.index` + `.dict.dz` or plain `.dict`) of FreeDict's layout.

    Entries keep index order per headword; `00database…` metadata entries are ignored.

    Raises:
        MissingResourceError: a file is absent (install `dict-freedict-eng-spa`).
        DataFormatError: an index line is malformed or points outside the data.
    """
    for path in (index_path, dict_path):
        if not path.is_file():
            raise MissingResourceError("FreeDict English→Spanish dictionary", path,
                                       "install the Debian package dict-freedict-eng-spa "
                                       "(`make setup` does)")
    data = read_path(dict_path)  # through the input layer: the package's checked member
    if dict_path.suffix == ".dz":
        data = gzip.decompress(data)
    senses: dict[str, list[Sense]] = {}
    skipped = 0
    index_text = read_path(index_path).decode("utf-8", errors="replace")
    for number, line in enumerate(index_text.splitlines(), start=1):
        fields = line.split("\t")
        if len(fields) != 3:
            raise DataFormatError(index_path, number, "expected headword<TAB>offset<TAB>length",
                                  "is this a dictd index?")
        headword, offset_b64, length_b64 = fields
        if headword.startswith("00database") or headword.startswith("00-database"):
            continue
        try:
            offset, length = decode_b64_number(offset_b64), decode_b64_number(length_b64)
        except ValueError as error:
            raise DataFormatError(index_path, number, str(error)) from None
        if offset + length > len(data):
            raise DataFormatError(index_path, number, "entry points past the end of the data",
                                  f"does {dict_path.name} belong to this index?")
        body = data[offset : offset + length].decode("utf-8", errors="replace").splitlines()
        translations: list[str] = []
        for text in body[1:]:  # body[0] is `headword /ipa/`
            translations.extend(split_translations(_NUMBERED.sub("", text)))
        if not translations:
            skipped += 1
            continue
        sense = Sense(pos=None, gloss="", translations=tuple(translations), line=number)
        senses.setdefault(unicodedata.normalize("NFC", headword), []).append(sense)
    frozen = {head: tuple(items) for head, items in senses.items()}
    return BilingualDictionary(name, f"{index_path} + {dict_path}", MappingProxyType(frozen),
                               skipped)
