"""The README's printed tables, read back and checked against a run's figures, one by one.

`lexsub verify-tables` compares what a reader sees: every markdown table of the README is
parsed (`printed_tables`); each column whose label names a figure of `scores.json`
(`column_source`: SemEval-2007 test recalls and the multiword measures, SWORDS, LS07-all and
CoInCo under LexSubGen's protocol, TSAR-2022 test in each language) is compared, row by row,
with the run's figure formatted to the digits the README prints. The `paper` and `Δ` columns are the
published figures and their difference (constants of the package), and the rows of today's
published systems and of the TSAR teams' runs are not ours: none of them is compared. A
released output's row, rescored by our scorers (`released:...`), is compared like ours. A row of
ours the run lacks is *missing*, a figure that reads otherwise *differs*; a column label no
rule knows is an error, so that a table added to the README is checked, not skipped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lexsub_baselines.tables.lexsubgen import COLUMNS as LEXSUBGEN_COLUMNS
from lexsub_baselines.tables.significance import strip_mark
from lexsub_baselines.tables.swords import SWORDS_COLUMNS
from lexsub_baselines.tables.table import fmt
from lexsub_baselines.tables.today import TODAY
from lexsub_baselines.tables.tsar import TSAR_KIND, TSAR_METRICS

__all__ = ["PrintedTable", "ReadmeCheck", "check_readme", "column_source", "not_ours",
           "printed_tables", "row_system", "system_in"]

#: A figure's place in `scores.json`: dataset, kind, then the keys below the system's kind.
Source = tuple[str, str, tuple[str, ...]]

_SEMEVAL = "semeval2007-test"
_RECALLS = {"best R": ("best", "recall"), "best Mode R": ("best", "mode_recall"),
            "oot R": ("oot", "recall"), "oot Mode R": ("oot", "mode_recall"),
            "SemEval-07 test best R": ("best", "recall")}
_MW = {"detection P": "detection_precision", "detection R": "detection_recall",
       "identification P": "identification_precision",
       "identification R": "identification_recall"}
_LEXSUBGEN = {"LS07": "semeval2007-all", "CoInCo": "coinco-all"}
#: A released output's LexSubGen figures on the part of a dataset it answers (the row's key).
_PARTS = {"LS07 test part": ("semeval2007-all", "test_part"),
          "CoInCo test split": ("coinco-all", "part")}
#: Columns that are not a figure of ours: the published figure and the difference to it.
DERIVED = frozenset({"paper", "Δ"})
#: A TSAR-2022 team's run (`UniHD run 2`, `LSBert-baseline run 1`), a task baseline
#: (`TUNER-baseline`) or the best team (`best team (PresiUniv; GMU-WLV)`): the field's, not ours.
_TEAM_RUN = re.compile(r".+ run \d+$|.+-baseline$|best team( .*)?$")
#: A TSAR-2022 column of one language (`ES ACC@1`), and the name a row gives a system of each
#: language (`mythes:LANG`: `mythes:es` in the ES columns, `mythes:pt` in the PT ones).
_LANGUAGE_COLUMN = re.compile(r"(EN|ES|PT) (.+)")
_EACH_LANGUAGE = ":LANG"


def column_source(label: str) -> Source | None:
    """Return where the figure of a README column is in `scores.json`, or None for a column
    that is not a figure of ours (`DERIVED`).

    Raises:
        KeyError: no rule knows the label.

    >>> column_source("CoInCo P@1")
    ('coinco-all', 'lexsubgen', ('metrics', 'prec@1'))
    """
    if label in DERIVED:
        return None
    if label in _RECALLS:
        kind, measure = _RECALLS[label]
        return _SEMEVAL, kind, ("all", measure)
    if label in _MW:
        return _SEMEVAL, "mw", ("all", _MW[label])
    swords = dict((shown, key) for key, shown in SWORDS_COLUMNS)
    if label in swords:
        return "swords-test", "lsr", ("metrics", swords[label])
    lexsubgen = dict((shown, key) for key, shown in LEXSUBGEN_COLUMNS)
    for prefix, (dataset, part) in _PARTS.items():
        if label.startswith(prefix + " ") and label[len(prefix) + 1:] in lexsubgen:
            return dataset, "lexsubgen", (part, "metrics", lexsubgen[label[len(prefix) + 1:]])
    dataset, _, shown = label.partition(" ")
    if dataset in _LEXSUBGEN and shown in lexsubgen:
        return _LEXSUBGEN[dataset], "lexsubgen", ("metrics", lexsubgen[shown])
    if label in TSAR_METRICS:
        return "tsar2022-en-test", TSAR_KIND, ("metrics", label)
    if (match := _LANGUAGE_COLUMN.fullmatch(label)) and match.group(2) in TSAR_METRICS:
        return f"tsar2022-{match.group(1).lower()}-test", TSAR_KIND, ("metrics", match.group(2))
    raise KeyError(label)


def not_ours(system: str) -> bool:
    """Return whether a README row names a system that is not ours: a published system of
    today (LexSubGen's table), or a TSAR-2022 team's run, baseline or best team.

    >>> not_ours("UniHD run 2"), not_ours("XLNet+embs"), not_ours("wordnet")
    (True, True, False)
    """
    return system in {row.system for row in TODAY} or _TEAM_RUN.fullmatch(system) is not None


def system_in(system: str, source: Source) -> str:
    """Return the system a row names in a column: `mythes:LANG` is `mythes:es` in an ES
    column."""
    if system.endswith(_EACH_LANGUAGE):
        return system.removesuffix(_EACH_LANGUAGE) + ":" + source[0].split("-")[1]
    return system


@dataclass(frozen=True)
class PrintedTable:
    """One markdown table of the README: its header and its rows of cells (text)."""

    line: int  # the header's line number
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def printed_tables(text: str) -> list[PrintedTable]:
    """Return every markdown table of `text` (a header, a rule of dashes, rows)."""
    tables: list[PrintedTable] = []
    lines = text.splitlines()
    number = 0
    while number < len(lines) - 1:
        if (lines[number].startswith("|")
                and re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", lines[number + 1].strip())):
            end = number + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            tables.append(PrintedTable(number + 1, _cells(lines[number]),
                                       tuple(_cells(line) for line in lines[number + 2:end])))
            number = end
        else:
            number += 1
    return tables


def row_system(cell: str) -> str:
    """Return the system a row's first cell names (backticks, marks and a closing remark in
    parentheses, `(padded)` or `(released output, rescored)`, left out).

    >>> row_system("`released:unihd-3` (released output, rescored)"), row_system("`vote(all)`")
    ('released:unihd-3', 'vote(all)')
    """
    name = cell.replace("`", "").split(" †")[0]
    return re.sub(r" \([^()]*\)$", "", name.strip()).strip()


@dataclass
class ReadmeCheck:
    """What `check_readme` found: figures compared, the rows of ours compared, and the
    figures that differ and the rows the run lacks (each one line)."""

    figures: int = 0
    rows: int = 0
    differ: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        """Return True when every printed figure of ours is the run's, and none is missing."""
        return self.figures > 0 and not self.differ and not self.missing


def _figure(scores: Mapping[str, Any], system: str, source: Source) -> Any:
    dataset, kind, keys = source
    value: Any = scores.get(dataset, {}).get(system, {}).get(kind)
    for key in keys:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _digits(printed: str) -> int:
    return len(printed.partition(".")[2]) if "." in printed else 0


def check_readme(text: str, scores: Mapping[str, Any]) -> ReadmeCheck:
    """Compare every figure of ours the README's tables print with `scores` (`scores.json`).

    Raises:
        KeyError: a table has a column no rule knows (`column_source`), named with its line.
    """
    check = ReadmeCheck()
    for table in printed_tables(text):
        if table.header[0] not in ("system", "mw"):
            continue  # not a table of systems (the documentation index, ...)
        try:
            sources = [column_source(label) for label in table.header[1:]]
        except KeyError as error:
            raise KeyError(f"README line {table.line}: column {error.args[0]!r}") from None
        for row in table.rows:
            system = row_system(row[0])
            if not_ours(system):
                continue
            check.rows += 1
            where = f"line {table.line}, `{system}`"
            if not any(system_in(system, s) in scores.get(s[0], {}) for s in sources
                       if s is not None):
                check.missing.append(f"{where}: not in this run")
                continue
            for label, source, printed in zip(table.header[1:], sources, row[1:], strict=False):
                if source is None:
                    continue
                value = _figure(scores, system_in(system, source), source)
                number = float(value) if isinstance(value, int | float) else None
                printed = strip_mark(printed)  # `10.49‡`: the significance mark is not a figure
                shown = fmt(number, _digits(printed))
                check.figures += 1
                if shown != printed:
                    check.differ.append(f"{where}, {label}: {printed} in the README, "
                                        f"{shown} in this run")
    return check
