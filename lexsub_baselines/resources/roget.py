"""Roget's Thesaurus (1911), Project Gutenberg #10681, parsed into categories with PoS sections.

The file holds 1000 numbered categories plus lettered insertions (`16a. [Absence or want of
uniformity.] Nonuniformity -- N. ...`), each a heading `NUMBER. Title --` followed by sections
that start a line with `N.`, `V.`, `Adj.`, `Adv.`, `Int.` or `Phr.`; structural headings (CLASS,
SECTION, `1. BEING, IN THE ABSTRACT`) sit between categories.

What is kept: every comma/semicolon/colon/full-stop separated item of a section, as written (case
kept, white space collapsed, multiwords kept), with:
- cross-references removed (`truth &c 494` -> `truth`; `&c adj.`, `&c (event) 151`);
- `{opp. 87}`, `{ant. 216}` removed; parentheses removed;
- a leading bracketed note removed (`[Science of existence], ontology`), as are trailing
  register and domain labels (`[U.S.]`, `[Slang]`, `[Obs.]`, `[Med.]`) and lower-case glosses;
- the `^` mark (the original's dagger: obsolete or rare) removed, the word kept.

What is dropped: items tagged with a foreign language (`ens [Lat.]`, `[Fr.]`, `[It]`, ...),
items followed by a capitalised bracket that is not a label (an attribution: `[Horace]`,
`[Macbeth]`, i.e. a quotation), items with anything but ASCII letters, spaces, hyphens and
apostrophes (digits, quotes, abbreviations such as `viz.`, and the file's accent codes such as
`t=atonnement`), items of more than `MAX_ITEM_WORDS` words, and the Project Gutenberg header
and licence. `Phr.` and `Int.` sections are parsed (PoS `phr`, `int`)
but no SemEval PoS maps to them.

The parse takes well under a second, so it is not cached; `load_roget` keeps one parse per
file per process.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.reads import read_path

__all__ = [
    "POS_MARKERS",
    "Roget",
    "RogetCategory",
    "clean_items",
    "load_roget",
    "parse_roget",
    "roget_path",
]

MAX_ITEM_WORDS = 5

#: Section markers and the PoS they introduce (SemEval tags where one applies).
POS_MARKERS: dict[str, str] = {"N": "n", "V": "v", "Adj": "a", "Adv": "r",
                               "Int": "int", "Phr": "phr"}

#: Bracketed language tags: the item before them is not English.
FOREIGN_TAGS = frozenset({
    "Lat.", "Lat", "Fr.", "Fr", "It.", "It", "G.", "Ger.", "Sp.", "Gr.", "Jap.", "Rus.", "Afrik.",
    "Fr.Tr.", "Jap.Tr.", "Lat.Tran", "Lat.Tr.", "Hind.", "Hindu", "Ar.", "Arab.", "Heb.", "Hebr.",
    "Dan.", "Du.", "Dutch", "Port.", "Turk.", "Pers.", "Sans.", "Skr.", "Chin.", "Ital.", "Russ.",
    "Gael.", "Ir.", "Welsh", "Sw.", "Norw.", "Hung.", "Yid.", "Yiddish", "Span.", "Lat. Tr.",
})
#: Bracketed labels without a final full stop that are register or domain labels.
PLAIN_LABELS = frozenset({"Slang", "Law", "Chem", "Pigments", "Functions", "Colloq", "Obs",
                          "Dial", "Vulgar", "Poetic", "Archaic", "Eng", "Scot"})

_START = re.compile(r"^\*\*\* ?START OF (THE|THIS) PROJECT GUTENBERG", re.IGNORECASE)
_END = re.compile(r"^\s*\*\*\* ?END OF (THE|THIS) PROJECT GUTENBERG", re.IGNORECASE)
_HEADING = re.compile(r"^(\d+[a-z]?)\.\s+(.*)$")
_MARKER = re.compile(r"^\s*(N|V|Adj|Adv|Int|Phr)\.(?=\s|$)\s*")
_STRUCTURE = re.compile(r"^(CLASS|SECTION|DIVISION)\b|^[A-Z][A-Z ,.'&()-]{3,}$")
_CROSS_REF = re.compile(
    r"&c\.?(?:\s*\([^)]*\))?(?:\s*(?:adj|adv|n|v|int|phr)\.)?(?:\s*\d+[a-z]?\b)?")
_BRACES = re.compile(r"\{[^}]*\}?")
_BRACKET = re.compile(r"\[([^\]]*)\]?")
_PARENS = re.compile(r"\([^)]*\)?")
_PLAIN_ITEM = re.compile(r"^[A-Za-z][A-Za-z '-]*$")


@dataclass(frozen=True)
class RogetCategory:
    """One numbered category of the thesaurus.

    Attributes:
        number: the category number as printed (`"1"`, `"16a"`).
        title: the heading (`"Existence"`), notes and {opp./ant.} references removed.
        sections: (PoS, items) in file order; PoS is n, v, a, r, int or phr.
        line: 1-based line of the heading in the file.
    """

    number: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    line: int = 0

    def words(self, pos: str) -> list[str]:
        """Return the items of every `pos` section, in file order."""
        return [item for tag, items in self.sections if tag == pos for item in items]


@dataclass(frozen=True)
class Roget:
    """The parsed thesaurus with a lower-cased (item, PoS) -> categories index.

    Attributes:
        categories: the categories in file order.
        source: the file they were parsed from.
    """

    categories: tuple[RogetCategory, ...]
    source: str = ""
    _index: dict[tuple[str, str], tuple[int, ...]] = field(
        default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[tuple[str, str], list[int]] = defaultdict(list)
        for position, category in enumerate(self.categories):
            for pos, items in category.sections:
                for item in items:
                    entry = index[(item.lower(), pos)]
                    if not entry or entry[-1] != position:
                        entry.append(position)
        self._index.update({key: tuple(value) for key, value in index.items()})

    def categories_of(self, word: str, pos: str) -> list[RogetCategory]:
        """Return the categories listing `word` (any case) under `pos`, in file order."""
        return [self.categories[i] for i in self._index.get((word.strip().lower(), pos), ())]

    def __len__(self) -> int:
        return len(self.categories)


def clean_items(text: str) -> list[str]:
    """Return the English items of one section's text (see the module docstring).

    >>> clean_items("existence, being, ens [Lat.], esse [Lat.]; truth &c 494; [Science] ontology.")
    ['existence', 'being', 'truth', 'ontology']
    """
    text = _BRACES.sub(" ", _CROSS_REF.sub(" ", text))
    items: list[str] = []
    for raw in _split(text):
        item = _clean_item(raw)
        if item:
            items.append(item)
    return items


def _split(text: str) -> Iterator[str]:
    """Split on , ; : and full stops outside brackets and parentheses."""
    depth = 0
    start = 0
    for i, char in enumerate(text):
        if char in "[(":
            depth += 1
        elif char in "])":
            depth = max(0, depth - 1)
        elif depth == 0 and (char in ",;:" or (
                char == "." and (i + 1 == len(text) or text[i + 1].isspace()))):
            yield text[start:i]
            start = i + 1
    yield text[start:]


def _clean_item(raw: str) -> str:
    item = raw.strip()
    while item.startswith("["):  # a leading note: `[Science of existence] ontology`
        close = item.find("]")
        item = item[close + 1:].strip() if close >= 0 else ""
    for match in _BRACKET.finditer(item):
        tag = match.group(1).strip()
        if tag in FOREIGN_TAGS:
            return ""
        is_label = tag.endswith(".") or tag in PLAIN_LABELS
        if not is_label and tag[:1].isupper():  # an attribution: the item is a quotation
            return ""
    item = _PARENS.sub(" ", _BRACKET.sub(" ", item)).replace("^", "")
    item = " ".join(item.split()).strip(" !?:'-")
    if not _PLAIN_ITEM.match(item):  # digits, quotes, abbreviations, the file's accent codes
        return ""
    if len(item.split()) > MAX_ITEM_WORDS:
        return ""
    return item


def parse_roget(text: str, source: str = "roget") -> Roget:
    """Parse the Gutenberg text of Roget's Thesaurus into categories.

    Raises:
        DataFormatError: no category was found (not the thesaurus, or an unknown edition).
    """
    lines = text.splitlines()
    begin = next((i + 1 for i, line in enumerate(lines) if _START.match(line)), 0)
    end = next((i for i, line in enumerate(lines) if _END.match(line)), len(lines))
    categories: list[RogetCategory] = []
    current: tuple[str, str, int] | None = None
    sections: list[tuple[str, list[str]]] = []

    def close() -> None:
        if current is not None:
            number, title, line_no = current
            parsed = tuple((pos, tuple(clean_items(" ".join(parts)))) for pos, parts in sections)
            categories.append(RogetCategory(number, title, parsed, line_no))

    i = begin
    while i < end:
        line = lines[i]
        i += 1
        heading = _HEADING.match(line)
        if heading:
            rest = heading.group(2)
            # A heading may run on (`100. {opp.` / `87} [More than one.] Plurality -- N.`);
            # a structural one (`1. BEING, IN THE ABSTRACT`) is followed by a blank line or
            # another heading and never reaches a `--`.
            joined = 0
            while ("--" not in rest and joined < 3 and i + joined < end
                   and lines[i + joined].strip() and not _HEADING.match(lines[i + joined])):
                rest += " " + lines[i + joined].strip()
                joined += 1
            if "--" not in rest:
                continue
            i += joined
            close()
            title, body = rest.split("--", 1)
            title = " ".join(_BRACKET.sub(" ", _BRACES.sub(" ", title)).split()).strip(" .")
            current = (heading.group(1), title, i)
            sections = []
            line = body
        elif current is None or _STRUCTURE.match(line.strip()):
            continue
        marker = _MARKER.match(line)
        if marker:
            sections.append((POS_MARKERS[marker.group(1)], []))
            line = line[marker.end():]
        if sections and line.strip():
            sections[-1][1].append(line.strip())
    close()
    if not categories:
        raise DataFormatError(source, None, "no Roget category (`1. Existence -- N. ...`) found",
                              "expected Project Gutenberg #10681")
    return Roget(tuple(categories), source)


def roget_path(roots: Roots) -> Path:
    """Return the path of the thesaurus in the shared root (raises if missing)."""
    return roots.shared_path("resources", "roget", "pg10681.txt",
                             what="Roget's Thesaurus (Project Gutenberg #10681)", fetch="roget")


@functools.lru_cache(maxsize=4)
def load_roget(path: Path) -> Roget:
    """Return the parsed thesaurus at `path` (parsed once per process)."""
    return parse_roget(read_path(path).decode("utf-8", errors="replace"), str(path))
