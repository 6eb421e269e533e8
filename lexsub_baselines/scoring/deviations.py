"""What each `dev:` code of a signature means: the departures of a profile from its original.

The text output of `lexsub score` ends with one line per code its signatures carry
(`explain`), so the signature's short codes are read once, where they are printed.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["DEVIATIONS", "explain"]

#: code -> what it departs from (the original scorer or evaluation), in one line.
DEVIATIONS: dict[str, str] = {
    "blank-line-unattempted": "an answer line with nothing after `::` is unattempted, with a "
                              "warning (score.pl silently reused the previous line's answers)",
    "lowercase": "answers and gold lower-cased",
    "trim": "answers and gold trimmed of surrounding spaces",
    "oot-dedupe": "duplicate oot answers credited once",
    "hyphen-mode": "hyphens read as spaces on both sides (hyphenated modes become matchable)",
    "ambrit": "American spellings mapped to British ones",
    "crlf": "CRLF line ends tolerated (the CR no longer stays in the last answer)",
    "nfc": "answers and gold in Unicode NFC",
    "edge-punct": "non-word characters at either end of an answer stripped, Unicode-aware",
    "hyphen-space": "hyphens read as spaces",
    "merge-gold": "a substitute listed twice in a gold line: its counts summed",
    "latin-1": "a file that is not UTF-8 read as Latin-1",
    "accent-fold": "accents folded (ñ kept)",
    "unknown-targets-ignored": "target ids the dataset lacks were ignored (the original "
                               "evaluation stops on them)",
    "t-prefix-added": "ids written without `t:` were read with it (the original evaluation "
                      "stops on them)",
    "undefined-as-0.00": "a measure whose denominator is 0 counts 0.00 (the original "
                         "evaluation raises ZeroDivisionError)",
    "short-lists-padded": "a list shorter than k padded with wrong guesses (LexSubGen refuses "
                          "such a file)",
}

#: What a code without a line above points to: where each protocol's departures are listed.
_ELSEWHERE = ("see \"Deliberate differences\" on the protocol's page: docs/semeval.md, swords.md, "
             "lexsubgen.md, tsar.md or prolex.md")


def explain(deviations: Iterable[str]) -> list[str]:
    """Return `dev:CODE: what it means` for each distinct code, in first-seen order.

    >>> explain(["blank-line-unattempted"])[0][:40]
    'dev:blank-line-unattempted: an answer li'
    """
    return [f"dev:{code}: {DEVIATIONS.get(code, _ELSEWHERE)}" for code in dict.fromkeys(deviations)]
