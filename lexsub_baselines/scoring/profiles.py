"""Scorer profiles: named settings that say how gold and answers are read and compared.

A profile is data: normalisation functions for gold entries and answers, plus flags for the
measures (duplicates in oot, the cap of 10, how lines are parsed, the printed order). The
measures never branch on a profile's name, so a new profile (e.g. `clls2010-official`, the
SemEval-2010 Task 2 scorer's byte-level rules) is one more registration in `PROFILES`.

- `official` reproduces the SemEval-2007 Task 10 key scorer (`score.pl`, 11 April 2007)
  quirks and all, malformed gold files included (`scoring.gold_lines`), with one intentional
  deviation: an answer line with nothing after the separator is unattempted (with a
  warning), where score.pl re-used the previous line's answers (its `@res` is not reset
  between lines).
- `corrected` fixes what SCORING.md lists as defects: lower-casing and trimming of answers
  and gold, duplicate answers credited once in oot, hyphenated modes matchable (gold and
  answers share one normalisation), an American->British spelling map, CRLF and Latin-1
  files tolerated; gold files are read leniently (first line per id, blank entries and CR
  dropped, free spacing around `::`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from lexsub_baselines.registry import Registry
from lexsub_baselines.scoring.normalise import (
    corrected_answer,
    corrected_gold_entry,
    official_answer,
    official_first_count,
    official_gold_entry,
    official_hyphen_alias,
    perl_split,
)

__all__ = ["PROFILES", "PROFILE_FOR_LANGUAGE", "GoldLinePatterns", "LinePatterns", "Profile",
           "default_profile", "get_profile", "profile_names"]


@dataclass(frozen=True)
class LinePatterns:
    """Regular expressions matching an answer line per kind; groups: lexelt, id, answers.

    `search` (unanchored) is used, as Perl's `=~` does.
    """

    best: re.Pattern[str]
    oot: re.Pattern[str]
    mw: re.Pattern[str]

    def for_kind(self, kind: str) -> re.Pattern[str]:
        """Return the pattern of `kind` (best, oot or mw)."""
        pattern: re.Pattern[str] = getattr(self, kind)
        return pattern


# score.pl scorebest / scoreOOT / scoreMW line regexes: `([\w.]+) (\S+) :: (.*)`,
# `([\w.]+) (\S+) ::: (.*)` and `([\w.]+)\s+(\d+)\s*::\s*(.*)` (ASCII \w, `.` stops at a
# newline, so a CR stays in the answers). Written so that Python's backtracking engine runs in
# linear time on a line that does not match (as a 100,000-character line scored with the
# wrong -t, where the plain forms take 36 s): `(?<![\w.])` starts a try only where Perl's
# leftmost match can start (at the start of a run of [\w.]), and the possessive `++` never
# gives back characters that could not be followed by what comes next. The matches and
# groups are those of the Perl expressions (tests/test_scoring_regex.py checks them).
OFFICIAL_LINES = LinePatterns(
    best=re.compile(r"(?<![\w.])([\w.]++) (\S++) :: (.*)", re.ASCII),
    oot=re.compile(r"(?<![\w.])([\w.]++) (\S++) ::: (.*)", re.ASCII),
    mw=re.compile(r"(?<![\w.])([\w.]++)\s++(\d++)\s*+::\s*+(.*)", re.ASCII),
)

# Tolerant lines: any white space around the separator; the answers text keeps its trailing
# blanks and CR, which the profiles using these patterns strip (`answers_text=str.strip`).
LENIENT_LINES = LinePatterns(
    best=re.compile(r"^\s*+(\S+)\s+(\S+)\s*::(?!:)\s*+(.*)$"),
    oot=re.compile(r"^\s*+(\S+)\s+(\S+)\s*:::\s*+(.*)$"),
    mw=re.compile(r"^\s*+(\S+)\s+(\S+)\s*::(?!:)\s*+(.*)$"),
)



@dataclass(frozen=True)
class GoldLinePatterns:
    """How score.pl reads gold lines (groups: lexelt, id, entries text).

    Attributes:
        gold: readgoldfile's pattern; a line that does not match is skipped silently.
        mw: readmwfile's pattern; a line that does not match is skipped and reported as
            `Error in GOLD on line N`.
    """

    gold: re.Pattern[str]
    mw: re.Pattern[str]


# score.pl readgoldfile: `/([\w.]+) (\S+) \:\: (.*)/` (the best answer line's pattern);
# readmwfile: `/([\w.]+)\s+(\d+)\s*\:\: (.*)/` -- one space after `::`. Linear forms as above.
OFFICIAL_GOLD_LINES = GoldLinePatterns(
    gold=OFFICIAL_LINES.best,
    mw=re.compile(r"(?<![\w.])([\w.]++)\s++(\d++)\s*+:: (.*)", re.ASCII),
)


def _is_proper_name(raw: str) -> bool:
    # score.pl readgoldfile: removeifpatt('pn', @res) drops entries containing `pn` anywhere.
    return "pn" in raw


def _corrected_is_proper_name(raw: str) -> bool:
    head, _, _ = raw.strip().rpartition(" ")
    return head.strip().lower() == "pn"


def _corrected_first_count(raw: str) -> int | None:
    entry = corrected_gold_entry(raw)
    return entry[1] if entry else None


def _no_alias(substitute: str) -> tuple[str, ...]:
    return ()


def _identity(text: str) -> str:
    return text


def _split_nonempty(text: str) -> list[str]:
    return [part for part in text.split(";") if part.strip()]


@dataclass(frozen=True)
class Profile:
    """How a scorer reads gold and answers and which variant of each measure it computes.

    Attributes:
        name: canonical name (`official`, `corrected`).
        description: one line for `lexsub score --help` and the signature docs.
        drop_gold_entry: True for raw gold entries removed before anything else (`pn`).
        gold_entry: raw entry -> (substitute, count), or None when the entry is dropped.
        first_count: the count read from the first kept raw entry (decides, with the number
            of kept entries, whether an item has >= 2 responses and is scored).
        credit_aliases: extra answer forms credited for a gold substitute.
        merge_gold_duplicates: sum the counts of a substitute listed twice (and re-sort by
            count; the mode is the most frequent substitute unless tied); when False a later
            listing overwrites the earlier one (a Perl hash) and the mode follows score.pl.
        gold_lines: read gold files line by line with score.pl's patterns (keeping blank
            entries and a CR, skipping lines that do not match); None: the lenient reader.
        gold_id_repeats: an id on a second gold line: `merge` adds its entries to the item
            and counts the line again in T and TM (score.pl's hashes and counters); `first`
            ignores the later line.
        lines: the answer-line patterns.
        answers_text: applied to the text after the separator before splitting.
        split_answers: the answers text -> answer strings.
        normalise_answer: one answer -> the form compared with gold substitutes.
        drop_empty_answers: remove answers that are empty after normalisation.
        decode: `surrogateescape` keeps undecodable bytes distinct (they never equal gold
            text, as bytes in Perl); `latin-1` decodes a non-UTF-8 line as Latin-1.
        strip_cr: remove a CR before the newline.
        dedupe_oot: credit a repeated oot answer once.
        oot_cap: keep only the first n oot answers (None: all).
        mw_answer: a mw answer -> the form compared with the gold multiword.
        mw_blank_is_detection: an empty mw line on an item with a gold multiword counts as a
            genuine detection (score.pl scoreMW).
        order: printed order of the pair, `precision-recall` (2007) or `recall-precision`.
        deviations: documented departures from the original scorer this profile mirrors.
        language: the language of the gold it is meant for (`en`, `es`).
        empty_undefined: print a figure Perl leaves undefined as score.pl prints it, empty
            (mw with no system multiword: `System found  of which 1 were genuine`,
            `Detection precision = , recall = 0.77`); otherwise 0 and 0.00.
    """

    name: str
    description: str
    drop_gold_entry: Callable[[str], bool]
    gold_entry: Callable[[str], tuple[str, int] | None]
    first_count: Callable[[str], int | None]
    credit_aliases: Callable[[str], tuple[str, ...]]
    merge_gold_duplicates: bool
    gold_lines: GoldLinePatterns | None
    gold_id_repeats: Literal["merge", "first"]
    lines: LinePatterns
    answers_text: Callable[[str], str]
    split_answers: Callable[[str], list[str]]
    normalise_answer: Callable[[str], str]
    drop_empty_answers: bool
    decode: Literal["surrogateescape", "latin-1"]
    strip_cr: bool
    dedupe_oot: bool
    oot_cap: int | None
    mw_answer: Callable[[str], str]
    mw_blank_is_detection: bool
    order: Literal["precision-recall", "recall-precision"] = "precision-recall"
    deviations: tuple[str, ...] = field(default=())
    language: str = "en"
    empty_undefined: bool = False


PROFILES: Registry[Profile] = Registry("scorer profile")

PROFILES.add(
    "official",
    Profile(
        name="official",
        description="SemEval-2007 Task 10 key scorer (score.pl, 11 Apr 2007), quirks and all",
        drop_gold_entry=_is_proper_name,
        gold_entry=official_gold_entry,
        first_count=official_first_count,
        credit_aliases=official_hyphen_alias,
        merge_gold_duplicates=False,
        gold_lines=OFFICIAL_GOLD_LINES,
        gold_id_repeats="merge",
        lines=OFFICIAL_LINES,
        answers_text=_identity,
        split_answers=perl_split,
        normalise_answer=official_answer,
        drop_empty_answers=False,
        decode="surrogateescape",
        strip_cr=False,
        dedupe_oot=False,
        oot_cap=10,
        mw_answer=_identity,  # score.pl scoreMW compares the raw text (`eq $res`)
        mw_blank_is_detection=True,
        deviations=("blank-line-unattempted",),
        empty_undefined=True,
    ),
    doc="SemEval-2007 key scorer, quirks and all (blank answer lines: unattempted)",
)

PROFILES.add(
    "corrected",
    Profile(
        name="corrected",
        description="2007 measures with lower-casing, trimming, deduplicated oot, hyphenated "
        "modes matchable, American->British map, CRLF/Latin-1 tolerated",
        drop_gold_entry=_corrected_is_proper_name,
        gold_entry=corrected_gold_entry,
        first_count=_corrected_first_count,
        credit_aliases=_no_alias,
        merge_gold_duplicates=True,
        gold_lines=None,
        gold_id_repeats="first",
        lines=LENIENT_LINES,
        answers_text=str.strip,
        split_answers=_split_nonempty,
        normalise_answer=corrected_answer,
        drop_empty_answers=True,
        decode="latin-1",
        strip_cr=True,
        dedupe_oot=True,
        oot_cap=10,
        mw_answer=corrected_answer,
        mw_blank_is_detection=False,
        deviations=("lowercase", "trim", "oot-dedupe", "hyphen-mode", "ambrit", "crlf"),
    ),
    doc="corrected 2007 scorer: case, spacing, duplicates, hyphens, spelling, CRLF",
)


#: The profile a dataset is scored with by default, by the language of its substitutes.
PROFILE_FOR_LANGUAGE: dict[str, str] = {"en": "official", "es": "clls2010-official"}


def default_profile(language: str) -> str:
    """Return the official profile for gold in `language` (`en` when unknown).

    >>> default_profile("es")
    'clls2010-official'
    """
    return PROFILE_FOR_LANGUAGE.get(language, "official")


def get_profile(name: str) -> Profile:
    """Return the registered profile `name`.

    Raises:
        UnknownNameError: no such profile; the message lists the known ones.
    """
    return PROFILES.get(name)


def profile_names() -> list[str]:
    """Return the registered profile names."""
    return PROFILES.names()


# SemEval-2010 Task 2 (cross-lingual) profiles; their rules live in `profile_clls`.
def _register_clls() -> None:
    from lexsub_baselines.scoring.profile_clls import clls_profiles

    for profile in clls_profiles():
        PROFILES.add(profile.name, profile, doc=profile.description)


_register_clls()
