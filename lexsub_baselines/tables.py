"""Tables: the one record every table is (`Table`), its formatter, and the results tables.

- `Table` (title, header, rows, note) renders as GitHub markdown, an HTML fragment or JSON;
  the analyses (`lexsub_baselines.analysis`) return them.
- `render_tables` writes `results/tables.md`: every regenerated figure as `ours | paper | Δ`
  (Δ = ours − paper, in points); where nothing was published the paper and Δ cells read `—`.
  Rows follow the system order of the run.
Numbers are formatted by one function (`fmt`), and PoS are named by one table (`POS_NAMES`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lexsub_baselines.published import PUBLISHED_BY_POS, published_row

__all__ = ["POS_NAMES", "Cell", "Table", "fmt", "markdown_rows", "render_tables", "rows_of"]

#: PoS tag -> the name tables use.
POS_NAMES: dict[str, str] = {"n": "nouns", "v": "verbs", "a": "adjectives", "r": "adverbs"}

#: A table cell: text, a number (formatted with the table's digits), or None (shown as —).
Cell = str | int | float | None


def fmt(value: Cell, digits: int = 2) -> str:
    """Format a cell: floats with `digits` decimals, None and NaN as `—`.

    >>> fmt(3.14159), fmt(None), fmt(7), fmt(float("nan"))
    ('3.14', '—', '7', '—')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


@dataclass(frozen=True)
class Table:
    """A titled table.

    Attributes:
        title: one line saying what the table shows (and on which items).
        header: column names.
        rows: the cells, one sequence per row.
        note: how the numbers were computed (shown under the table).
        digits: decimals for float cells.
    """

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""
    digits: int = 2

    def to_markdown(self) -> str:
        """Return the table as GitHub markdown (title as a level-4 heading)."""
        lines = [f"#### {self.title}", "",
                 *markdown_rows(self.header, [[fmt(c, self.digits) for c in row]
                                              for row in self.rows])]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines) + "\n"

    def to_html(self) -> str:
        """Return the table as an HTML fragment (numbers right-aligned)."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header)
        body = []
        for row in self.rows:
            cells = "".join(
                f'<td class="num">{html.escape(fmt(c, self.digits))}</td>'
                if isinstance(c, int | float) or c is None
                else f"<td>{html.escape(str(c))}</td>" for c in row)
            body.append(f"<tr>{cells}</tr>")
        note = f'<p class="note">{html.escape(self.note)}</p>' if self.note else ""
        return (f"<h4>{html.escape(self.title)}</h4>\n<table><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>\n{note}\n")

    def to_json(self) -> dict[str, Any]:
        """Return the table as JSON-ready data."""
        return {"title": self.title, "header": list(self.header),
                "rows": [list(r) for r in self.rows], "note": self.note}


def rows_of(rows: Sequence[Sequence[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    """Return rows as nested tuples (for the frozen `Table`)."""
    return tuple(tuple(r) for r in rows)


def markdown_rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Return a GitHub markdown table's lines (header, rule, rows) from formatted cells."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


# --- results/tables.md ------------------------------------------------------------------

_SUB_MEASURES = (("precision", "P"), ("recall", "R"), ("mode_precision", "Mode P"),
                 ("mode_recall", "Mode R"))
_MW_MEASURES = (("detection_precision", "Det P"), ("detection_recall", "Det R"),
                ("identification_precision", "Id P"), ("identification_recall", "Id R"))
#: The PoS order of Jabbari (2010)'s tables: nouns, adjectives, verbs, adverbs.
_JABBARI_POS = ("n", "a", "v", "r")


def _delta(ours: float | None, paper: float | None, digits: int = 2) -> str:
    if ours is None or paper is None:
        return "—"
    return f"{ours - paper:+.{digits}f}"


def _triple(ours: float | None, paper: float | None, digits: int = 2) -> list[str]:
    return [fmt(ours, digits), fmt(paper, digits), _delta(ours, paper, digits)]


def _kind_table(dataset: str, kind: str, systems: Mapping[str, Any],
                runs: Mapping[str, Any], marks: Mapping[tuple[str, str], str]) -> list[str]:
    measures = _MW_MEASURES if kind == "mw" else _SUB_MEASURES
    header = ["system"]
    for _, label in measures:
        header += [label, "paper", "Δ"]
    header.append("unanswered")
    rows = []
    for system, kinds in systems.items():
        if kind not in kinds:
            continue
        block = kinds[kind]["all"]
        paper = published_row(dataset, system, kind)
        mark = marks.get((dataset, system), "")
        row = [f"`{system}`" + (f" {mark}" if mark else "")]
        for key, _ in measures:
            row += _triple(block.get(key), paper.get(key) if paper else None)
        run = runs.get(system, {})
        row.append(str(run.get("unanswered", "—")))
        rows.append(row)
    if not rows:
        return []
    return [f"### {dataset} — {kind}", "", *markdown_rows(header, rows), ""]


#: Our context rankers beyond Jabbari (2010), shown under the published rows without a paper
#: figure: cmlc with the baseline's first-tier prior, and with its tier + frequency prior.
BEYOND_JABBARI = ("wordnet+cmlc:tier1-first", "wordnet+cmlc:prior")


def _by_pos_table(dataset: str, systems: Mapping[str, Any],
                  marks: Mapping[tuple[str, str], str]) -> list[str]:
    rows = []
    extra: dict[tuple[str, str], Mapping[str, float]] = {
        (system, measure): {} for system in BEYOND_JABBARI for measure in ("oot_recall", "rank")}
    for (system, measure), paper in {**PUBLISHED_BY_POS, **extra}.items():
        oot = systems.get(system, {}).get("oot")
        if oot is None:
            continue
        mark = marks.get((dataset, system), "")
        row = [f"`{system}`" + (f" {mark}" if mark else ""), measure.replace("_", " ")]
        for pos in _JABBARI_POS:
            ours: float | None = None
            if measure == "oot_recall":
                value = oot.get("by_pos", {}).get(pos, {}).get("recall")
                ours = value / 100 if value is not None else None
            else:  # Jabbari's rank measure, averaged over all items (recall form), in percent
                value = oot.get("jabbari_by_pos", {}).get(pos, {}).get("rank", {}).get("recall")
                ours = value / 100 if value is not None else None
            row += _triple(ours, paper.get(pos), 3)
        rows.append(row)
    if not rows:
        return []
    header = ["system", "measure"]
    for pos in _JABBARI_POS:
        header += [POS_NAMES[pos], "paper", "Δ"]
    return [f"### {dataset} — in-context rankers by PoS (Jabbari 2010; proportions)", "",
            *markdown_rows(header, rows), ""]


def render_tables(scores: Mapping[str, Any], runs: Mapping[str, Any],
                  skipped: Mapping[str, Any] | None = None,
                  failed: Mapping[str, str] | None = None,
                  marks: Mapping[tuple[str, str], str] | None = None,
                  settings: Sequence[str] = ()) -> str:
    """Return the markdown of every table for `scores` (dataset → system → kind → JSON).

    Arguments:
        scores: what `results/scores.json` holds.
        runs: dataset → system → run record JSON (for the unanswered counts).
        skipped: dataset → system → reason, for systems that ran without scoring.
        failed: system → why it could not run.
        marks: (dataset, system) → a mark after the system's name (rows made under other
            settings, `runs_file.settings_section`).
        settings: the markdown lines of the settings section, shown last.
    """
    lines = ["# Regenerated baselines", "",
             "Official SemEval-2007 scorer profile (`official`), percentages. "
             "`paper` = the published figure, `Δ` = ours − paper.", ""]
    for dataset, systems in scores.items():
        lines += [f"## {dataset}", ""]
        for kind in ("best", "oot", "mw"):
            lines += _kind_table(dataset, kind, systems, runs.get(dataset, {}), marks or {})
        lines += _by_pos_table(dataset, systems, marks or {})
    for dataset, reasons in (skipped or {}).items():
        if reasons:
            lines += [f"## {dataset} — not scored", ""]
            lines += [f"- `{system}`: {reason}" for system, reason in reasons.items()]
            lines.append("")
    if failed:
        lines += ["## Systems that failed", ""]
        lines += [f"- `{system}`: {reason}" for system, reason in failed.items()]
        lines.append("")
    lines += settings
    return "\n".join(lines).rstrip() + "\n"
