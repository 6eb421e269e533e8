"""The scorer-profile record (`Profile`) and the line patterns it reads files with.

A profile is data: normalisation functions for gold entries and answers, plus flags for the
measures. The named profiles are registered in `scoring.profiles` (and `profile_clls`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["LENIENT_LINES", "OFFICIAL_GOLD_LINES", "OFFICIAL_LINES", "GoldLinePatterns",
           "LinePatterns", "Profile"]


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
