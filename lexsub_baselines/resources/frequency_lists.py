"""Frequency sources read from published lists: Kilgarriff's BNC lemmas, wordfreq, enwiki words.

- `KilgarriffFrequency` (`bnc`): Adam Kilgarriff's BNC lemma list
  (`resources/bnc/kilgarriff_lemma.al`, lines `rank frequency lemma class`, 6,318 lemmas with
  at least 800 occurrences in the 100M-word BNC). Classes `n`, `v`, `a` (adjective) and `adv`
  map to n/v/a/r; the closed classes (`det`, `prep`, `conj`, `pron`, `modal`, ...) keep their
  own names. Fallback for a single-word lemma the list lacks for that PoS: 0.0, i.e. "below
  the list's cut-off", so unlisted candidates tie below every listed one and keep the
  generator's order. Backing off to the Leech-Rayson-Wilson list (`lrw_1_2_all_freq.txt`)
  was considered and rejected: it lists word forms ≥ 10 per million, a cut-off close to
  Kilgarriff's, and adds only about 100 lemma+PoS pairs (mostly plural-only nouns such as
  "goods"), in a different unit.
- `WordfreqFrequency` (`wordfreq`): `wordfreq.word_frequency(lemma, "en")`, a multi-source
  estimate of the word's frequency (0.0 when unknown). PoS-blind and inflection-blind: the
  figure is for the lemma's base form as a string, whatever its part of speech.
- `WordListFrequency` (`enwiki-list`): `resources/freq/enwiki-2023-04-13.top51000.txt`
  (`word count`, the 51,000 most frequent English Wikipedia words). PoS-blind and
  inflection-blind; a word outside the list counts 0.0 (below the list's cut-off).

All return None for a multiword (no frequency for multiwords, as in the original).
"""

from __future__ import annotations

import unicodedata
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.resources.frequency import normalise_pos

__all__ = [
    "KILGARRIFF_PARTS",
    "WORDLIST_PARTS",
    "KilgarriffFrequency",
    "WordListFrequency",
    "WordfreqFrequency",
    "read_kilgarriff",
    "read_word_counts",
]

KILGARRIFF_PARTS = ("resources", "bnc", "kilgarriff_lemma.al")
WORDLIST_PARTS = ("resources", "freq", "enwiki-2023-04-13.top51000.txt")

#: Kilgarriff's word classes for the open-class parts of speech.
_KILGARRIFF_POS = {"n": "n", "v": "v", "a": "a", "adv": "r"}


def _warn_bad(path: Path, bad: list[int], expected: str) -> None:
    if bad:
        warnings.warn(f"{path}:{bad[0]}: {len(bad)} line(s) are not `{expected}`; skipped",
                      stacklevel=3)


def read_kilgarriff(path: Path) -> MappingProxyType[tuple[str, str], int]:
    """Read Kilgarriff's lemma list into {(lemma, pos): frequency}.

    Open classes map to n/v/a/r; other classes keep their names (`det`, `prep`, ...). The
    header line is skipped; malformed lines are skipped with one warning naming the first.

    Raises:
        OSError: the file cannot be read.
    """
    table: dict[tuple[str, str], int] = {}
    bad: list[int] = []
    text = read_path(path).decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if number == 1 and fields[:1] == ["sort-order"]:
            continue
        if len(fields) != 4 or not fields[1].isdigit():
            if line.strip():
                bad.append(number)
            continue
        _, frequency, lemma, word_class = fields
        key = (lemma.lower(), _KILGARRIFF_POS.get(word_class, word_class))
        table[key] = table.get(key, 0) + int(frequency)
    _warn_bad(path, bad, "rank frequency lemma class")
    return MappingProxyType(table)


def word_key(word: str) -> str:
    """Return the lookup key of a word in a `word count` list: NFC, lower-cased."""
    return unicodedata.normalize("NFC", word).lower()


def read_word_counts(path: Path) -> MappingProxyType[str, int]:
    """Read a `word count` list into {`word_key(word)`: count}.

    Malformed lines are skipped with one warning naming the first of them; a word listed twice
    keeps its first (larger, the lists being sorted) count.
    """
    counts: dict[str, int] = {}
    bad: list[int] = []
    text = read_path(path).decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if len(fields) != 2 or not fields[1].isdigit():
            if line.strip():
                bad.append(number)
            continue
        counts.setdefault(word_key(fields[0]), int(fields[1]))
    _warn_bad(path, bad, "word count")
    return MappingProxyType(counts)


@dataclass(frozen=True)
class KilgarriffFrequency:
    """The `bnc` source: Kilgarriff's BNC lemma frequencies, PoS-aware.

    >>> bnc = KilgarriffFrequency({("light", "n"): 18853, ("light", "a"): 8512})
    >>> bnc.count("light", "n"), bnc.count("light", "r"), bnc.count("light up", "v")
    (18853.0, 0.0, None)
    """

    table: Mapping[tuple[str, str], int] = field(repr=False)
    name: str = "bnc"

    @classmethod
    def from_roots(cls, roots: Roots) -> KilgarriffFrequency:
        """Read the list from the shared root.

        Raises:
            MissingResourceError: the list is absent; the message says where it is expected.
        """
        path = roots.shared_path(*KILGARRIFF_PARTS, what="Kilgarriff's BNC lemma list",
                                 fetch="bnc-lemmas")
        return cls(read_kilgarriff(path))

    def count(self, lemma: str, pos: str) -> float | None:
        """Return the BNC frequency of (lemma, pos); 0.0 when unlisted, None for multiwords."""
        if " " in lemma:
            return None
        return float(self.table.get((lemma.lower(), normalise_pos(pos)), 0))


@dataclass(frozen=True)
class WordListFrequency:
    """The `enwiki-list` source: raw counts of a word list, PoS-blind.

    >>> words = WordListFrequency({"bright": 74960})
    >>> words.count("Bright", "a"), words.count("lucent", "a")
    (74960.0, 0.0)
    """

    table: Mapping[str, int] = field(repr=False)
    name: str = "enwiki-list"

    @classmethod
    def from_roots(cls, roots: Roots) -> WordListFrequency:
        """Read the English Wikipedia list from the shared root.

        Raises:
            MissingResourceError: the list is absent; the message says where it is expected.
        """
        path = roots.shared_path(*WORDLIST_PARTS, what="English Wikipedia word-frequency list",
                                 fetch="freq-enwiki")
        return cls(read_word_counts(path))

    def count(self, lemma: str, pos: str) -> float | None:
        """Return the list's count of the word `lemma` (any PoS); None for multiwords."""
        if " " in lemma:
            return None
        return float(self.table.get(lemma.lower(), 0))


@dataclass(frozen=True)
class WordfreqFrequency:
    """The `wordfreq` source: `wordfreq.word_frequency(lemma, language)`, PoS-blind (English
    by default; `wordfreq:es`, `wordfreq:pt` for the Spanish and Portuguese TSAR rows)."""

    name: str = "wordfreq"
    language: str = "en"

    @classmethod
    def of(cls, language: str) -> WordfreqFrequency:
        """Return the source of `language` (`wordfreq` for English, else `wordfreq:LANG`)."""
        return cls("wordfreq" if language == "en" else f"wordfreq:{language}", language)

    def count(self, lemma: str, pos: str) -> float | None:
        """Return wordfreq's frequency of the word `lemma` (0.0 unknown); None for multiwords."""
        if " " in lemma:
            return None
        from wordfreq import word_frequency  # lazy: loading its tables takes a moment

        return float(word_frequency(lemma, self.language))
