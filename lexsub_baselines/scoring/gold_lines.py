"""Gold files line by line, as a scorer profile reads them.

The `official` profiles read a gold file the way `score.pl` does (`readgoldfile` for the
substitution gold, `readmwfile` for the mw gold), which differs from the lenient, profile-free
reader of `lexsub_baselines.datasets.gold` on malformed files:

- a line must match score.pl's pattern (`lexelt id :: entries`, one space on each side of
  `::`; mw gold: `lexelt id :: entries` with free spacing before `::` and one space after);
  other lines are skipped -- silently by readgoldfile, with `Error in GOLD on line N` by
  readmwfile (the report prints that line, as score.pl does);
- the entries are `split(';', ...)` as Perl splits: empty and blank entries stay (they count
  toward the "at least 2 responses" rule before the entry pattern drops them), and so does a
  CR at the end of a CRLF line (`.` in Perl's pattern matches it);
- every matching line is kept, so an id on two lines stays on two lines
  (`scoring.gold.build_gold` merges them as score.pl's hashes do).

Profiles without gold line rules (`corrected`) use the lenient reader: first line per id,
blank entries dropped, CR removed, lenient spacing; `from_items` turns its items into lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.encodings import UTF16_REMEDY
from lexsub_baselines.datasets.gold import Notes, decode_lines
from lexsub_baselines.datasets.types import GoldItem
from lexsub_baselines.scoring.answers_reader import Problem
from lexsub_baselines.scoring.diagnose import file_format
from lexsub_baselines.scoring.input_files import read_input
from lexsub_baselines.scoring.normalise import perl_split
from lexsub_baselines.scoring.profiles import GoldLinePatterns

__all__ = ["DAMAGED", "GoldFile", "GoldLine", "from_items", "read_gold_file"]

#: The share of a gold file's lines that, not UTF-8, make it damaged.
DAMAGED = 0.1
#: What a gold file of another format is, and what to do (`diagnose.file_format`'s names).
_FORMS = {"gzip": "gzip-compressed, not a gold file: decompress it first (`gunzip -k {}`)",
          "utf-16": "UTF-16, not UTF-8 as a gold file is: " + UTF16_REMEDY.replace("{path}",
                                                                                  "{0}"),
          "binary": "a binary file, not a gold file",
          "swords": "a SWORDS result (JSON), not a gold file", "json": "JSON, not a gold file"}


@dataclass(frozen=True)
class GoldLine:
    """One gold line as the scorer reads it.

    Attributes:
        id: the instance id.
        lexelt: the lexelt written on the line.
        raw: the entry strings (`sub count`) as split.
        line: 1-based line number (0 for gold given in memory).
    """

    id: str
    lexelt: str
    raw: tuple[str, ...]
    line: int = 0


@dataclass(frozen=True, eq=False)
class GoldFile:
    """The lines of a gold file (in file order; an id may occur on several) and its problems.

    Immutable; compared and hashed by identity (a file read once is one object: see
    `read_gold_file`), so what is built from it can be kept beside it.

    Attributes:
        path: the file as given (`<memory>` for gold given as items).
        lines: the lines read.
        problems: what was skipped or is suspicious, each with its line; code `malformed` is
            a line score.pl reports as `Error in GOLD on line N` (mw gold only), `skipped` a
            line it skips silently, `duplicate-id` an id already on an earlier line, `crlf` a
            CRLF line end, `encoding` a line that is not UTF-8 (read as Latin-1).
        form: what a file without a gold line is instead (`diagnose.file_format`: `gzip`,
            `binary`, `utf-16`, ...), or None.
    """

    path: str
    lines: tuple[GoldLine, ...]
    problems: tuple[Problem, ...] = ()
    form: str | None = None

    def restricted(self, ids: frozenset[str]) -> GoldFile:
        """Return the lines whose id is in `ids` (problems kept)."""
        return GoldFile(self.path, tuple(g for g in self.lines if g.id in ids), self.problems,
                        self.form)

    def damage(self) -> str:
        """Return why the gold looks damaged, or "": a file of another format, or one with
        `DAMAGED` of its lines or more garbled, not UTF-8 and holding control characters (a
        gold file overwritten or mangled: no score against it means anything; a Latin-1
        gold is no damage, nor is a line score.pl skips, one of its quirks).

        >>> GoldFile("g", (), form="gzip").damage()
        'g: gzip-compressed, not a gold file: decompress it first (`gunzip -k g`)'
        """
        if self.form is not None:
            return f"{self.path}: {_FORMS.get(self.form, self.form).format(self.path)}"
        bad = sorted(p.line for p in self.problems if p.cause == "garbled")
        lines = len({line.line for line in self.lines} | set(bad)
                    | {p.line for p in self.problems if p.code in ("skipped", "malformed")})
        if not bad or len(bad) < DAMAGED * lines:
            return ""
        return (f"{self.path}: the gold looks damaged: {len(bad)} of its {lines} lines are not "
                f"UTF-8 and hold control characters (first: line {bad[0]}): score against a "
                "sound copy (`lexsub fetch` gets a dataset's recorded gold)")

    def lexelts(self) -> dict[str, str]:
        """Return id -> lexelt of its first line."""
        out: dict[str, str] = {}
        for line in self.lines:
            out.setdefault(line.id, line.lexelt)
        return out


def from_items(items: Mapping[str, GoldItem] | Iterable[GoldItem], path: str = "<memory>",
               problems: tuple[Problem, ...] = ()) -> GoldFile:
    """Return gold items (from `read_gold`, or made in memory) as lines, in their order, with
    the problems found reading them."""
    values = items.values() if isinstance(items, Mapping) else items
    return GoldFile(path, tuple(GoldLine(i.id, i.lexelt, i.raw, i.line) for i in values),
                    problems)


#: What no text holds, Latin-1 or not: control characters (C0 but tab and CR, and C1).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]")


def _undecoded(path: str, number: int, message: str, text: str) -> Problem:
    """Return the problem of a gold line that is not UTF-8: Latin-1 text (`latin-1`), or
    bytes no text holds (`garbled`: what `GoldFile.damage` counts)."""
    garbled = _CONTROL.search(text) is not None
    return Problem(path, number, "encoding", message + (", with bytes no text holds (control "
                   "characters)" if garbled else ""), "garbled" if garbled else "latin-1",
                   "save the gold as UTF-8")


def _read(path: Path, mw: bool, patterns: GoldLinePatterns, recorded: bool = False
          ) -> GoldFile:
    pattern = patterns.mw if mw else patterns.gold
    lines: list[GoldLine] = []
    problems: list[Problem] = []
    first_line: dict[str, int] = {}
    crlf = False
    undecoded: Notes = []
    data = read_input(path, "gold file")
    texts = decode_lines(data, str(path), undecoded)
    if not recorded:  # a recorded gold's bytes are the manifest's: no news to anyone
        problems += [_undecoded(str(path), number, text, texts[number - 1])
                     for number, text in undecoded]
    for number, text in enumerate(texts, start=1):
        match = pattern.search(text)
        if match is None:
            if text.strip(" \t\r\f\v"):
                if mw:  # score.pl readmwfile: `print "Error in $gsfile on line $lcnt\n"`
                    problems.append(Problem(str(path), number, "malformed",
                                            "not an mw gold line as score.pl reads it "
                                            "(`lexelt id :: entries`); skipped"))
                else:  # score.pl readgoldfile skips it without a word
                    problems.append(Problem(str(path), number, "skipped",
                                            "not a gold line as score.pl reads it (`lexelt id "
                                            ":: entries`, one space each side of `::`); "
                                            "skipped, as score.pl skips it"))
            continue
        lexelt, item_id, rest = match.groups()
        if text.endswith("\r") and not crlf:
            crlf = True
            problems.append(Problem(str(path), number, "crlf",
                                    "CRLF line end: the CR stays in the last entry, as in "
                                    "score.pl (a line ending `;\\r` has one more response)"))
        if item_id in first_line:
            problems.append(Problem(str(path), number, "duplicate-id",
                                    f"id {item_id} is also on line {first_line[item_id]}: "
                                    "score.pl adds this line's entries to the item and counts "
                                    "it again in the totals"))
        else:
            first_line[item_id] = number
        # score.pl: `@res = split(';', $rest)`: trailing empty fields go, inner ones stay
        lines.append(GoldLine(item_id, lexelt, tuple(perl_split(rest)), number))
    problems.sort(key=lambda problem: problem.line)
    return GoldFile(str(path), tuple(lines), tuple(problems), file_format(data[:4096].decode(
        "utf-8", "surrogateescape")) if not lines else None)


@lru_cache(maxsize=16)
def _read_cached(path: Path, resolved: Path, mtime_ns: int, size: int, mw: bool,
                 patterns: GoldLinePatterns, recorded: bool) -> GoldFile:
    return _read(path, mw, patterns, recorded)


def read_gold_file(path: Path, mw: bool, patterns: GoldLinePatterns, recorded: bool = False
                   ) -> GoldFile:
    """Read a gold file line by line with score.pl's patterns.

    The result is immutable and cached by path (as given, for messages, and resolved),
    modification time and size, so scoring many systems reads the file once.

    Arguments:
        path: the gold (or mw gold) file.
        mw: read it as readmwfile does (mw gold) instead of readgoldfile.
        patterns: the profile's gold line patterns.
        recorded: the file is a recorded dataset's gold (its bytes the manifest's): its
            undecodable lines are not problems of the score.

    Raises:
        MissingResourceError: the file does not exist.
        LexsubError: the path is a directory or cannot be read.
    """
    if path.is_file():
        stat = path.stat()
        return _read_cached(path, path.resolve(), stat.st_mtime_ns, stat.st_size, mw, patterns,
                            recorded)
    return _read(path, mw, patterns, recorded)  # a device or a pipe: read once, not cached
