"""Readers of ParaLS's released files: `score.pl` outputs, its own P@k outputs and ranked lists,
and the ProLex authors' `processed.tsv`.

Each reads a file checked by `field_outputs.field_file` (the one way in) and says, in one
`DataFormatError` naming the file and line, what it expected where it found something else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.inputs.reads import read_path

__all__ = ["ParaLSOwnScore", "ProcessedRow", "ScorePlOutput", "read_own_score",
           "read_processed", "read_ranked", "read_score_pl"]

_TOTAL = re.compile(r"^Total = (\d+), attempted = (\d+)$")
_MODE_TOTAL = re.compile(r"^Total with mode (\d+) attempted (\d+)$")
_FIGURES = re.compile(r"^(Mode )?precision = ([\d.]+), (?:Mode )?recall = ([\d.]+)$")
_DUPLICATES = re.compile(r"^WARNING OOT file contains duplicates on (\d+) lines$")


def _lines(path: Path, encoding: str = "utf-8") -> list[str]:
    try:
        return read_path(path).decode(encoding).splitlines()
    except UnicodeDecodeError:
        raise DataFormatError(path, None, f"not {encoding} text",
                              "`lexsub fetch field` gets the released file") from None


@dataclass(frozen=True)
class ScorePlOutput:
    """What `score.pl` printed for a best or oot file (its figures are percentages, rounded).

    Attributes:
        total, attempted: `Total = N, attempted = M`.
        precision, recall: the first figures' line.
        total_mode, attempted_mode: `Total with mode N attempted M`.
        mode_precision, mode_recall: the second figures' line.
        duplicate_lines: `WARNING OOT file contains duplicates on N lines`, or 0.
    """

    total: int
    attempted: int
    precision: float
    recall: float
    total_mode: int
    attempted_mode: int
    mode_precision: float
    mode_recall: float
    duplicate_lines: int = 0


def read_score_pl(path: Path) -> ScorePlOutput:
    """Read a `score.pl -t best` or `-t oot` output.

    Raises:
        DataFormatError: a line of the five is missing.
    """
    totals: list[tuple[int, int]] = []
    figures: list[tuple[float, float]] = []
    duplicates = 0
    for line in _lines(path):
        text = line.strip()
        if match := _DUPLICATES.match(text):
            duplicates = int(match.group(1))
        elif match := (_TOTAL.match(text) or _MODE_TOTAL.match(text)):
            totals.append((int(match.group(1)), int(match.group(2))))
        elif match := _FIGURES.match(text):
            figures.append((float(match.group(2)), float(match.group(3))))
    if len(totals) != 2 or len(figures) != 2:
        raise DataFormatError(path, None, "not the two totals and two figures' lines that "
                              "score.pl prints", "is this a score.pl output of -t best or oot?")
    return ScorePlOutput(*totals[0], *figures[0], *totals[1], *figures[1], duplicates)


@dataclass(frozen=True)
class ParaLSOwnScore:
    """What ParaLS's `calculation_p1` / `calculation_p3` wrote (its label says Precision@1
    for both: `calculation_p3` prints the same label)."""

    gold: int
    evaluated: int
    ignored: int
    value: float


def read_own_score(path: Path) -> ParaLSOwnScore:
    """Read ParaLS's own P@k output (`gold_data N eval_data M`, `Ignored K ...`, the figure).

    Raises:
        DataFormatError: one of the three lines is missing.
    """
    counts = ignored = value = None
    for line in _lines(path):
        if match := re.match(r"^gold_data (\d+) eval_data (\d+)$", line.strip()):
            counts = (int(match.group(1)), int(match.group(2)))
        elif match := re.match(r"^Ignored (\d+) test instances", line.strip()):
            ignored = int(match.group(1))
        elif match := re.match(r"^Precision@1\t(\S+)$", line.strip()):
            value = float(match.group(1))
    if counts is None or ignored is None or value is None:
        raise DataFormatError(path, None, "not ParaLS's own P@k output",
                              "`lexsub fetch field` gets the released file")
    return ParaLSOwnScore(counts[0], counts[1], ignored, value)


def read_ranked(path: Path) -> dict[str, tuple[str, ...]]:
    """Read a `_p1.txt` / `_p3.txt` ranked list as ParaLS's evaluation reads it
    (`read_eval_line_p3`): Latin-1, split on tabs, the key (`lemma.POS id`) the second field
    stripped, the candidates the non-empty fields after it; a later line of a key replaces
    the earlier one, and a line without candidates is left out (as `calculation_p3` does).

    Raises:
        DataFormatError: a line with fewer than two fields.
    """
    ranked: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(_lines(path, "latin-1"), start=1):
        segments = line.split("\t")
        if len(segments) < 2:
            raise DataFormatError(path, number, "not `RESULT<TAB>lemma.POS id<TAB>...`",
                                  "is this a ParaLS _p1.txt or _p3.txt file?")
        candidates = tuple(c for c in (s.replace("\n", "") for s in segments[2:]) if c)
        if candidates:
            ranked[segments[1].strip()] = candidates
    return ranked


@dataclass(frozen=True)
class ProcessedRow:
    """One line of the ProLex authors' `processed.tsv` (ParaLS's input).

    Attributes:
        target: `word.POS`, the PoS from NLTK's tagger (N, V, J, R, or none).
        row: the ProLex CSV's row number.
        index: the target's token index in `tokens`.
        tokens: the sentence as NLTK's `word_tokenize` split it.
    """

    target: str
    row: int
    index: int
    tokens: tuple[str, ...]

    @property
    def pos(self) -> str:
        """Return NLTK's tag as the conversion maps it (`N`, `V`, `J`, `R`, or "")."""
        return self.target.rpartition(".")[2]


def read_processed(path: Path) -> list[ProcessedRow]:
    """Read a `processed.tsv` (`word.POS<TAB>row<TAB>index<TAB>tokens`).

    Raises:
        DataFormatError: a line without four fields or with a row or index that is no integer.
    """
    rows = []
    for number, line in enumerate(_lines(path), start=1):
        fields = line.split("\t")
        if len(fields) != 4 or not fields[1].isdigit() or not fields[2].lstrip("-").isdigit():
            raise DataFormatError(path, number, "not `word.POS<TAB>row<TAB>index<TAB>tokens`",
                                  "is this the ProLex authors' processed.tsv?")
        rows.append(ProcessedRow(fields[0], int(fields[1]), int(fields[2]),
                                 tuple(fields[3].split(" "))))
    return rows
