"""English→Spanish bilingual dictionaries for the cross-lingual baselines (SemEval-2010 Task 2).

The dictionary record (`BilingualDictionary`, `Sense`), the translation cleaning and the
Wiktionary reader; the FreeDict reader is `resources.freedict`, and `resources.dictionaries`
names both (`DICTIONARIES`, `load_dictionary`). Two sources:

- `wiktionary` — Matthias Buchmeier's English→Spanish Wiktionary extraction (2015), one sense
  per line: `headword {pos} [/ipa/] [(sense gloss)] :: trans {g}, [qualifier] trans, …`.
  Lines of the form `… SEE: other ::` are cross-references without translations and are skipped
  (counted in `BilingualDictionary.skipped`). The PoS tags n/v/adj/adv map to n/v/a/r; other
  tags (prop, phrase, prep, …) are kept as "" and never match a PoS-filtered query.
  Sense order: the extraction lists a headword's lines alphabetically by their text after the
  PoS tag (IPA and gloss), which says nothing about the senses; the one line per headword and
  etymology that carries the IPA is the first sense of the Wiktionary page (`side {n} /saɪd/
  (bounding straight edge of an object)`, `fire {n} /ˈfaɪ̯ɚ/ (oxidation reaction)`). With
  `primary_first` (the default, and the registered `wiktionary`), those lines come first, the
  rest keep file order; `primary_first=False` gives the raw file order.
- `freedict` — FreeDict English→Spanish 0.3.1 (Debian `dict-freedict-eng-spa`), dictd format:
  the `.index` lists `headword<TAB>offset<TAB>length` with base-64 numbers, the `.dict.dz` is
  gzip (dictzip) text. An entry is `headword /ipa/` followed by lines of comma-separated
  translations, optionally numbered (`1. claro`). FreeDict gives no PoS (senses have pos None,
  which matches every query).

Translations are cleaned of gender tags (`{m}`), qualifiers (`[Spain]`) and parenthesised notes
(`(región de) corriente descendente` → `corriente descendente`), NFC-normalised, and kept in the
dictionary's own order: senses in file order, translations in line order, first occurrence wins.
Parsing both files takes well under a second (see the report in the tests), so nothing is cached.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.inputs.reads import read_path

__all__ = [
    "FREEDICT_DIR",
    "WIKTIONARY_PARTS",
    "BilingualDictionary",
    "Sense",
    "clean_translation",
    "parse_wiktionary",
    "read_wiktionary",
    "split_translations",
]

#: Where Debian's `dict-freedict-eng-spa` installs the dictionary.
FREEDICT_DIR = Path("/usr/share/dictd")
WIKTIONARY_PARTS = ("resources", "bilingual-en-es", "wiktdict_en-es-enwiktionary.txt")

#: Wiktionary PoS tags → the task's PoS letters; other tags map to "".
WIKTIONARY_POS = {"n": "n", "v": "v", "adj": "a", "adv": "r"}

_WIKT_LINE = re.compile(r"^(?P<head>.+?) \{(?P<tag>[^}]*)\}(?P<rest>.*?)\s::(?:\s(?P<trans>.*))?$")
_IPA = re.compile(r"^\s*/[^/]*/")
_BRACED = re.compile(r"\{[^}]*\}")
_GROUPING = re.compile(r"[(\[{]")
_PARENS = re.compile(r"[()]")


@dataclass(frozen=True)
class Sense:
    """One dictionary sense (a Wiktionary line, a FreeDict entry or numbered sub-sense).

    Attributes:
        pos: n/v/a/r, "" for a PoS outside those four, None when the source gives no PoS.
        gloss: the English sense gloss (Wiktionary), or "".
        translations: cleaned Spanish translations in the source's order.
        line: 1-based line of the sense in the source file (0 when not line-based).
        primary: the source marks it as a headword's first sense (Wiktionary: carries the IPA).
    """

    pos: str | None
    gloss: str
    translations: tuple[str, ...]
    line: int = 0
    primary: bool = False

    def matches(self, pos: str | None) -> bool:
        """Return True when the sense applies to a query for `pos` (None: any PoS)."""
        return pos is None or self.pos is None or self.pos == pos


@dataclass(frozen=True)
class BilingualDictionary:
    """English headwords → senses with Spanish translations.

    Attributes:
        name: the registry name (`wiktionary`, `freedict`).
        source: the file(s) it was read from.
        senses: headword → senses in the dictionary's own order.
        skipped: lines (Wiktionary) or entries (FreeDict) without usable translations.
    """

    name: str
    source: str
    senses: MappingProxyType[str, tuple[Sense, ...]]
    skipped: int = 0

    def lookup(self, lemma: str, pos: str | None = None) -> list[tuple[str, Sense]]:
        """Return (translation, sense) pairs for `lemma`, first occurrence of each translation.

        The exact headword is tried first, then its lower-cased form (Wiktionary keeps case:
        `Aachen`; FreeDict's index is lower-case).

        Arguments:
            lemma: the English lemma (`bright`); multiwords keep their spaces.
            pos: n/v/a/r to keep only senses of that PoS (PoS-less senses always match).
        """
        senses = self.senses.get(lemma) or self.senses.get(lemma.lower(), ())
        seen: set[str] = set()
        pairs: list[tuple[str, Sense]] = []
        for sense in senses:
            if not sense.matches(pos):
                continue
            for translation in sense.translations:
                if translation not in seen:
                    seen.add(translation)
                    pairs.append((translation, sense))
        return pairs

    def translations(self, lemma: str, pos: str | None = None) -> list[str]:
        """Return the translations of `lemma` (optionally of one PoS) in dictionary order.

        >>> senses = (Sense("a", "", ("claro", "brillante")), Sense("a", "", ("brillante",)))
        >>> d = BilingualDictionary("t", "-", MappingProxyType({"bright": senses}))
        >>> d.translations("bright", "a")
        ['claro', 'brillante']
        """
        return [translation for translation, _ in self.lookup(lemma, pos)]

    def __len__(self) -> int:
        return len(self.senses)


def _strip_balanced(text: str, opening: str, closing: str) -> str:
    """Remove every (possibly nested) `opening…closing` group; an unclosed group runs to the end."""
    if opening not in text:
        return text
    out: list[str] = []
    depth = 0
    for char in text:
        if char == opening:
            depth += 1
        elif char == closing and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return "".join(out)


def clean_translation(raw: str) -> str:
    """Return a translation without gender tags, qualifiers and notes, NFC, single-spaced.

    >>> clean_translation("(región de) corriente descendente {f} [Spain]")
    'corriente descendente'
    """
    if not _GROUPING.search(raw):
        return unicodedata.normalize("NFC", " ".join(raw.split()))
    text = _BRACED.sub(" ", raw)
    text = _strip_balanced(_strip_balanced(text, "[", "]"), "(", ")")
    return unicodedata.normalize("NFC", " ".join(text.split()))


def split_translations(text: str) -> list[str]:
    """Split a translation list on commas (and semicolons) outside (), [] and {}.

    A few Wiktionary lines separate items with `;` (`convencional; convencional`); `;` can
    never stay inside an answer, since it separates answers in the official file formats.

    >>> split_translations("ligero, [formal] liviano, pensión (alimenticia, fam.) {f}")
    ['ligero', 'liviano', 'pensión']
    >>> split_translations("convencional; convencional")
    ['convencional', 'convencional']
    """
    text = _BRACED.sub(" ", text)  # gender tags `{m}` never hold a comma that separates items
    if not _GROUPING.search(text):
        return [cleaned for item in re.split("[,;]", text)
                if (cleaned := clean_translation(item))]
    items: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}" and depth:
            depth -= 1
        if char in ",;" and not depth:
            items.append("".join(current))
            current = []
        else:
            current.append(char)
    items.append("".join(current))
    return [cleaned for item in items if (cleaned := clean_translation(item))]


def _gloss(rest: str) -> str:
    text = _IPA.sub("", rest).strip()
    if not text.startswith("("):
        return ""
    depth = 0
    for paren in _PARENS.finditer(text):
        depth += 1 if paren.group() == "(" else -1
        if depth == 0:
            return text[1 : paren.start()]
    return text[1:]


def parse_wiktionary(lines: Iterable[str], name: str = "wiktionary", source: str = "<lines>",
                     primary_first: bool = True) -> BilingualDictionary:
    """Parse Buchmeier's `headword {pos} … :: translations` lines into a dictionary.

    Comment lines (`#`), blank lines, `SEE:` cross-references and lines that do not match the
    format are skipped and counted.

    Arguments:
        lines: the file's lines.
        name: the dictionary's name.
        source: where the lines come from, for provenance.
        primary_first: put each headword's IPA-bearing (first-sense) lines first.
    """
    senses: dict[str, list[Sense]] = {}
    skipped = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        match = _WIKT_LINE.match(line.rstrip("\r\n"))
        if match is None or "SEE:" in match.group("rest"):
            skipped += 1
            continue
        translations = tuple(split_translations(match.group("trans") or ""))
        if not translations:
            skipped += 1
            continue
        tag = match.group("tag").strip()
        rest = match.group("rest")
        sense = Sense(pos=WIKTIONARY_POS.get(tag, ""), gloss=_gloss(rest),
                      translations=translations, line=number, primary=bool(_IPA.match(rest)))
        senses.setdefault(match.group("head").strip(), []).append(sense)
    if primary_first:  # stable: primary senses first, each group in file order
        frozen = {head: tuple(sorted(items, key=lambda s: not s.primary))
                  for head, items in senses.items()}
    else:
        frozen = {head: tuple(items) for head, items in senses.items()}
    return BilingualDictionary(name, source, MappingProxyType(frozen), skipped)


def read_wiktionary(path: Path, primary_first: bool = True) -> BilingualDictionary:
    """Read the Wiktionary extraction file (UTF-8; undecodable bytes replaced).

    Arguments:
        path: `wiktdict_en-es-enwiktionary.txt`.
        primary_first: see `parse_wiktionary`.

    Raises:
        MissingResourceError: the file does not exist.
    """
    if not path.is_file():
        raise MissingResourceError("English→Spanish Wiktionary extraction", path,
                                   "point LEXSUB_SHARED_ROOT (or --shared-root) at a folder "
                                   "holding " + "/".join(WIKTIONARY_PARTS))
    text = read_path(path).decode("utf-8", errors="replace")
    return parse_wiktionary(text.splitlines(), "wiktionary", str(path), primary_first)
