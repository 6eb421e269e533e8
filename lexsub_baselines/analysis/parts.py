"""The records of the analysis report: figures, sections, settings, the report, explorer links.

`report` builds them, `headline` and `sections` fill them, `render` writes them; they live here
so that none of those imports another's builder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from lexsub_baselines.tables.table import Marks, Table

__all__ = ["EXPLORER_PAGE", "VOTE", "Figure", "Report", "ReportSettings", "Section",
           "explorer_link"]

#: The name of the vote of the systems present.
VOTE = "vote(all)"
#: Where the instance explorer is written, relative to the report.
EXPLORER_PAGE = "explorer/index.html"


@dataclass(frozen=True)
class Figure:
    """A PNG figure.

    Attributes:
        name: file-name stem (`semeval2007-test-pos-in-context`).
        title: what it shows.
        png: the image.
        series: the series it draws, in order (systems, for the colour and size checks).
        colours: their colours, in the same order.
    """

    name: str
    title: str
    png: bytes
    series: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A titled part of the report.

    Attributes:
        title: the heading.
        anchor: the id the table of contents and links use.
        text: what to read from it (one or two sentences).
        tables: its tables.
        figures: its figures (shown before the tables).
        level: 2 for a part, 3 for a part of a part.
        lines: verbatim lines (signatures), shown as code.
        details: tables behind the figures or the tables, shown folded.
    """

    title: str
    anchor: str
    text: str = ""
    tables: tuple[Table, ...] = ()
    figures: tuple[Figure, ...] = ()
    level: int = 2
    lines: tuple[str, ...] = ()
    details: tuple[Table, ...] = ()

    def marked(self, marks: Marks | None, datasets: Sequence[str]) -> Section:
        """Return the section with every table's rows marked (`Table.marked`): a row's
        system made on `datasets` under other settings than the unmarked rows."""
        if not marks:
            return self
        return replace(self, tables=tuple(t.marked(marks, datasets) for t in self.tables),
                       details=tuple(t.marked(marks, datasets) for t in self.details))


@dataclass(frozen=True)
class ReportSettings:
    """What the report covers and how its tests are run.

    Attributes:
        datasets: datasets to analyse (default: every dataset with answers and gold).
        systems: systems to analyse (default: all present).
        vote: add a vote of the systems present to the score tables.
        resamples: trials of each significance test (`scoring.significance`: approximate
            randomisation for p, the paired bootstrap for the 95% interval).
        seed: their seed.
        disruptive: how many systems to set against the best one in disruptive-set plots.
        explorer: build the instance explorer (and link the tables to it).
    """

    datasets: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()
    vote: bool = True
    resamples: int = 1000
    seed: int = 0
    disruptive: int = 3
    explorer: bool = True


@dataclass(frozen=True)
class Report:
    """The whole report.

    Attributes:
        title: the page title.
        sections: its sections, in order (levels 2 and 3).
        notes: what was left out and why.
        settings: the settings shown under the title.
        explorer: the instance explorer's data (`explorer.explorer_data`), or None.
    """

    title: str
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)
    explorer: Mapping[str, Any] | None = None


def explorer_link(dataset: str = "", **state: str | Sequence[str]) -> str:
    """Return the address of the explorer showing `state` (what its page reads from `#`).

    >>> explorer_link("semeval2007-test", show=["lin", "wordnet"], a="lin", b="wordnet")
    'explorer/index.html#ds=semeval2007-test&show=lin,wordnet&a=lin&b=wordnet'
    """
    from urllib.parse import quote

    parts = [f"ds={quote(dataset)}"] if dataset else []
    for key, value in state.items():
        text = ",".join(value) if isinstance(value, list | tuple) else str(value)
        parts.append(f"{key}={quote(text, safe=',:+()')}")
    return f"{EXPLORER_PAGE}#{'&'.join(parts)}"
