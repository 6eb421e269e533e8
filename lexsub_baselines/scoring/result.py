"""Score records and the official rounding.

Numbers are kept exact (sums and counts); percentages are produced by `perl_round`, which
mirrors `score.pl myround`: `int(x * 100 * 100 + .5) / 100` on doubles, i.e. half-up on the
binary value (not Perl's `%.2f`, which rounds half-even on the binary value).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["MwScore", "SubstitutionScore", "format_percent", "perl_round"]


def perl_round(numerator: float, denominator: float) -> int:
    """Return the percentage numerator/denominator in hundredths, rounded as score.pl does.

    A zero denominator gives 0: score.pl dies with a division by zero there for best and oot,
    and leaves the mw precisions undefined (printed empty: see `MwScore.text_lines`).

    >>> perl_round(1, 8)   # 12.5 %
    1250
    >>> perl_round(2, 3)
    6667
    """
    if not denominator:
        return 0
    # score.pl myround: `$number *= 100; $number = $number * $mult; int($number + .5)`.
    value = numerator / denominator
    value = value * 100
    value = value * 100
    return int(value + 0.5)


def format_percent(hundredths: int) -> str:
    """Format hundredths with two decimals, as score.pl pads its rounded numbers.

    >>> format_percent(1190)
    '11.90'
    """
    return f"{hundredths // 100}.{hundredths % 100:02d}"


@dataclass(frozen=True)
class SubstitutionScore:
    """A best or oot score on one set of items.

    Attributes:
        kind: `best` or `oot`.
        total: |T|.
        attempted: items with at least one answer.
        credit: the summed item credits (in file order, as score.pl adds them).
        total_mode: TM, items with a mode.
        attempted_mode: attempted items with a mode.
        mode_hits: items whose mode was found (best: first answer; oot: any answer).
    """

    kind: str
    total: int
    attempted: int
    credit: float
    total_mode: int
    attempted_mode: int
    mode_hits: int

    @property
    def precision(self) -> float:
        """Return P in percent, rounded to 2 decimals."""
        return perl_round(self.credit, self.attempted) / 100

    @property
    def recall(self) -> float:
        """Return R in percent, rounded to 2 decimals."""
        return perl_round(self.credit, self.total) / 100

    @property
    def mode_precision(self) -> float:
        """Return Mode P in percent (over attempted items with a mode)."""
        return perl_round(self.mode_hits, self.attempted_mode) / 100

    @property
    def mode_recall(self) -> float:
        """Return Mode R in percent (over TM)."""
        return perl_round(self.mode_hits, self.total_mode) / 100

    def to_json(self) -> dict[str, Any]:
        """Return the fields of `lexsub score --format json` for this block."""
        return {
            "total": self.total,
            "attempted": self.attempted,
            "precision": self.precision,
            "recall": self.recall,
            "total_mode": self.total_mode,
            "attempted_mode": self.attempted_mode,
            "mode_precision": self.mode_precision,
            "mode_recall": self.mode_recall,
        }

    def text_lines(self, order: str = "precision-recall") -> list[str]:
        """Return the four lines score.pl prints for this block (scorebest / scoreOOT)."""
        def pair(prefix: str, p_num: float, p_den: float, r_num: float, r_den: float) -> str:
            p = format_percent(perl_round(p_num, p_den))
            r = format_percent(perl_round(r_num, r_den))
            if order == "recall-precision":
                return f"{prefix}recall = {r}, {prefix}precision = {p}"
            return f"{prefix}precision = {p}, {prefix}recall = {r}"

        mode_prefix = "Mode " if self.kind == "best" else ""
        return [
            f"Total = {self.total}, attempted = {self.attempted}",
            pair("", self.credit, self.attempted, self.credit, self.total),
            f"Total with mode {self.total_mode} attempted {self.attempted_mode}",
            pair(mode_prefix, self.mode_hits, self.attempted_mode, self.mode_hits,
                 self.total_mode),
        ]


@dataclass(frozen=True)
class MwScore:
    """A multiword detection/identification score.

    Attributes:
        mw_total: |MW|, items whose gold names a multiword (chosen by >= 2 annotators).
        mw_found: |MWsys|, items where the system names one.
        mw_genuine: items of MWsys that are in MW (detections).
        identified: items where the system's multiword equals the gold one.
    """

    mw_total: int
    mw_found: int
    mw_genuine: int
    identified: int

    def to_json(self) -> dict[str, Any]:
        """Return the fields of `lexsub score -t mw --format json`."""
        return {
            "mw_total": self.mw_total,
            "mw_found": self.mw_found,
            "mw_genuine": self.mw_genuine,
            "detection_precision": perl_round(self.mw_genuine, self.mw_found) / 100,
            "detection_recall": perl_round(self.mw_genuine, self.mw_total) / 100,
            "identification_precision": perl_round(self.identified, self.mw_found) / 100,
            "identification_recall": perl_round(self.identified, self.mw_total) / 100,
        }

    def text_lines(self, order: str = "precision-recall", empty_undefined: bool = False
                   ) -> list[str]:
        """Return the lines score.pl scoreMW prints.

        With `empty_undefined` a figure score.pl leaves undefined prints empty, as in Perl:
        the found and genuine counts when they are 0 (never incremented) and both precisions
        when the system named no multiword (`if ($sysmwtot) { $precision = ... }`).
        """
        def count(value: int) -> str:
            return "" if empty_undefined and not value else str(value)

        def pair(prefix: str, num: int) -> str:
            p = format_percent(perl_round(num, self.mw_found))
            if empty_undefined and not self.mw_found:
                p = ""
            r = format_percent(perl_round(num, self.mw_total))
            if order == "recall-precision":
                return f"{prefix} recall = {r}, precision = {p}"
            return f"{prefix} precision = {p}, recall = {r}"

        return [
            f"Total MWs in GS = {self.mw_total}, System found {count(self.mw_found)} of which "
            f"{count(self.mw_genuine)} were genuine",
            pair("Detection", self.mw_genuine),
            "Number that matched GS",
            pair("Identification", self.identified),
        ]
