"""Scorer profiles for SemEval-2010 Task 2 (cross-lingual lexical substitution, EN→ES).

`clls2010-official` reproduces the task's original scorer, a variant of the 2007 `score.pl`
that works on bytes (SCORING.md, "SemEval-2010 Task 2"):

- gold and system lines are lower-cased with Perl's `lc` on bytes: ASCII letters only
  (`Á` stays `Á`);
- gold entries still go through the 2007 entry regex `(\\w[\\w'-\\s]+) (\\d+)` with ASCII `\\w`,
  so accented entries are dropped or truncated (`pequeño 3` is lost, `más grande 2` becomes
  `s grande`, `artículo 3` becomes `culo`) and the mode can move to another entry; `pn`
  entries are removed; one apostrophe is removed from each entry and a hyphenated entry is
  also credited in its spaced form (the mode keeps its hyphen);
- system answers get none of the 2007 normalisation (no hyphen→space, no `non` joining, no
  apostrophe removal); their trailing non-word characters are stripped byte-wise, so `café`
  becomes `caf` and `lado.` becomes `lado`; a trailing `;` is harmless;
- duplicates are credited each time in oot (on purpose, in 2010); 10 answers are kept;
- the pair is printed `recall = …, precision = …`.
Its one deviation is the 2007 profile's: a blank answer line is unattempted.

`clls2010-corrected` scores Unicode properly: gold entries and answers are NFC-normalised,
fully lower-cased, trimmed, hyphens read as spaces and apostrophes removed on both sides,
leading and trailing non-word characters (Unicode-aware: `¿qué?` → `qué`, `café` stays)
stripped; duplicate gold entries are merged and oot answers credited once; Latin-1 lines are
read as Latin-1 (with a warning). `clls2010-corrected-fold` adds accent folding — the documented
switch `fold_accents` of `clls_normalise`: combining marks are removed after NFD, except the
tilde of `ñ`, which is a letter of its own in Spanish (`año` ≠ `ano`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from lexsub_baselines.scoring.normalise import (
    official_first_count,
    official_gold_entry,
)
from lexsub_baselines.scoring.profile import Profile

__all__ = [
    "ascii_lower",
    "clls_corrected_gold_entry",
    "clls_normalise",
    "clls_official_answer",
    "clls_profiles",
    "fold_accents",
]

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
# Perl `s/\W+$//` on bytes: \W is every byte outside [A-Za-z0-9_], so every byte of a
# non-ASCII character (and every surrogate-escaped byte) is a non-word character.
# (`(?<!\W)` starts a try only where a run of non-word characters starts: the same match as
# `\W+\Z`, in linear time on an answer with a long run of punctuation inside it.)
_TRAILING_NON_WORD = re.compile(r"(?<!\W)\W++\Z", re.ASCII)
_EDGE_NON_WORD = re.compile(r"^\W++|(?<!\W)\W++\Z")
_SPACES = re.compile(r"\s+")
_ENTRY = re.compile(r"^(.*\S)\s+(\d+)$", re.DOTALL)
_TILDE = "\u0303"


def ascii_lower(text: str) -> str:
    """Lower-case ASCII letters only, as Perl's `lc` on a byte string does.

    >>> ascii_lower("Árbol GRANDE")
    'Árbol grande'
    """
    return text.translate(_ASCII_LOWER)


def clls_official_answer(answer: str) -> str:
    """Normalise one answer as the 2010 scorer does: ASCII lower-cased, trailing non-word
    bytes stripped.

    The original lower-cases the whole line before splitting it; lower-casing each answer is
    the same (`;` is not a letter) and also covers answers given in memory.

    >>> clls_official_answer("Café"), clls_official_answer("LADO."), clls_official_answer("Más")
    ('caf', 'lado', 'más')
    """
    return _TRAILING_NON_WORD.sub("", ascii_lower(answer))


def _official_drop(raw: str) -> bool:
    # score.pl readgoldfile: removeifpatt('pn', @res), on the lower-cased line.
    return "pn" in ascii_lower(raw)


def _official_entry(raw: str) -> tuple[str, int] | None:
    return official_gold_entry(ascii_lower(raw))


def _official_first(raw: str) -> int | None:
    return official_first_count(ascii_lower(raw))


def fold_accents(text: str) -> str:
    """Remove diacritics except the tilde of ñ/Ñ (a separate letter in Spanish).

    >>> fold_accents("pingüino más año")
    'pinguino mas año'
    """
    out: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char) and not (char == _TILDE and out and out[-1] in "nN"):
            continue
        out.append(char)
    return unicodedata.normalize("NFC", "".join(out))


def clls_normalise(text: str, fold: bool = False) -> str:
    """Normalise a Spanish answer or gold substitute for the corrected CLLS profiles.

    NFC, full lower-casing, hyphens as spaces, apostrophes removed, white space collapsed,
    leading/trailing non-word characters stripped; with `fold`, accents folded (`fold_accents`).

    >>> [clls_normalise(t) for t in ("  Medio-Ambiente. ", "CAFE\\u0301!", "¿Qué?")]
    ['medio ambiente', 'café', 'qué']
    >>> clls_normalise("Más", fold=True)
    'mas'
    """
    value = unicodedata.normalize("NFC", text).lower().replace("-", " ")
    value = value.replace("'", "").replace("’", "")
    value = _EDGE_NON_WORD.sub("", _SPACES.sub(" ", value).strip())
    return fold_accents(value) if fold else value


def clls_corrected_gold_entry(raw: str, fold: bool = False) -> tuple[str, int] | None:
    """Parse `<substitute> <count>` (Unicode-aware) and normalise the substitute.

    >>> clls_corrected_gold_entry(" Pequeño 3 ")
    ('pequeño', 3)
    """
    match = _ENTRY.match(raw.strip())
    if match is None:
        return None
    substitute = clls_normalise(match.group(1), fold)
    return (substitute, int(match.group(2))) if substitute else None


def _corrected_profile(corrected: Profile, fold: bool) -> Profile:
    """Return the 2007 `corrected` profile with the SemEval-2010 gold and answer rules."""

    def gold_entry(raw: str) -> tuple[str, int] | None:
        return clls_corrected_gold_entry(raw, fold)

    def first_count(raw: str) -> int | None:
        entry = gold_entry(raw)
        return entry[1] if entry else None

    def drop(raw: str) -> bool:
        head, _, _ = raw.strip().rpartition(" ")
        return head.strip().lower() == "pn"

    def answer(text: str) -> str:
        return clls_normalise(text, fold)

    name = "clls2010-corrected-fold" if fold else "clls2010-corrected"
    deviations = ("nfc", "lowercase", "trim", "edge-punct", "hyphen-space", "oot-dedupe",
                  "merge-gold", "latin-1")
    # Same line reading, splitting, deduplication and caps as the 2007 `corrected` profile;
    # what differs is how gold entries and answers are normalised, and the printed order.
    return replace(
        corrected,
        name=name,
        description="SemEval-2010 Task 2 measures, Unicode-correct: NFC, full lower-casing, "
        "trimmed, hyphen=space, duplicates once in oot" + (", accents folded" if fold else ""),
        drop_gold_entry=drop,
        gold_entry=gold_entry,
        first_count=first_count,
        normalise_answer=answer,
        mw_answer=answer,
        order="recall-precision",
        deviations=(*deviations, "accent-fold") if fold else deviations,
        language="es",
    )


def clls_profiles(official: Profile, corrected: Profile) -> tuple[Profile, ...]:
    """Return the CLLS profiles (official, corrected, corrected with accent folding).

    Arguments:
        official: the 2007 `official` profile they derive from.
        corrected: the 2007 `corrected` profile.

    Registered in `scoring.profiles.PROFILES` by that module.
    """
    # The 2007 key scorer's line reading, splitting, aliases, duplicate crediting and cap;
    # what differs is the byte-level gold regex and answer normalisation, and the order.
    clls_official = replace(
        official,
        name="clls2010-official",
        description="SemEval-2010 Task 2 scorer, byte-level: ASCII lower-casing, accented gold "
        "entries dropped or truncated, trailing non-word bytes of answers stripped",
        drop_gold_entry=_official_drop,
        gold_entry=_official_entry,
        first_count=_official_first,
        answers_text=lambda text: text,  # lower-casing: see clls_official_answer
        normalise_answer=clls_official_answer,
        # the answer regex strips a trailing CR anyway (`\W+$`); removing it first only
        # keeps the reader's CRLF message true
        strip_cr=True,
        order="recall-precision",
        language="es",
    )
    return (clls_official, _corrected_profile(corrected, False),
            _corrected_profile(corrected, True))
