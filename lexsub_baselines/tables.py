"""Tables: the one record every table is (`Table`), its formatter, and the results tables.

- `Table` (title, header, rows, note) renders as GitHub markdown, an HTML fragment or JSON;
  the analyses (`lexsub_baselines.analysis`) return them.
- `render_tables` writes `results/tables.md`: every regenerated figure as `ours | paper | Δ`
  (Δ = ours − paper, in points); where nothing was published the paper and Δ cells read `—`.
  Rows follow the system order of the run.
- `published_tables` is the report's headline: every published row (`published.PUBLISHED`,
  `PUBLISHED_BY_POS`), ours from `scores.json` beside the paper's figure and the difference.
Numbers are formatted by one function (`fmt`), and PoS are named by one table (`POS_NAMES`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lexsub_baselines.published import (
    PUBLISHED,
    PUBLISHED_BY_POS,
    PUBLISHED_BY_POS_DATASET,
    published_row,
)

__all__ = ["POS_NAMES", "Cell", "Table", "fmt", "markdown_rows", "published_tables",
           "render_tables", "rows_of"]

#: PoS tag -> the name tables use.
POS_NAMES: dict[str, str] = {"n": "nouns", "v": "verbs", "a": "adjectives", "r": "adverbs"}

#: A table cell: text, a number (formatted with the table's digits), or None (shown as —).
Cell = str | int | float | None


def fmt(value: Cell, digits: int = 2, signed: bool = False) -> str:
    """Format a cell: floats with `digits` decimals (and a sign), None and NaN as `—`.

    >>> fmt(3.14159), fmt(None), fmt(7), fmt(float("nan")), fmt(-0.5, signed=True)
    ('3.14', '—', '7', '—', '-0.50')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if isinstance(value, float):
        return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
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
        signed: indices of the columns shown with a sign (differences, `+1.17`).
        links: one address per row (or none), put on the row's cell in `link_column` -- the
            report links its rows to the instance explorer.
        link_column: the column whose cells carry the links.
    """

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""
    digits: int = 2
    signed: frozenset[int] = frozenset()
    links: tuple[str | None, ...] = ()
    link_column: int = 0

    def formatted(self) -> list[list[str]]:
        """Return every cell as the text the table shows."""
        return [[fmt(c, self.digits, i in self.signed) for i, c in enumerate(row)]
                for row in self.rows]

    def _link(self, row: int) -> str | None:
        return self.links[row] if row < len(self.links) else None

    def to_markdown(self) -> str:
        """Return the table as GitHub markdown (title as a level-4 heading)."""
        rows = self.formatted()
        for number, row in enumerate(rows):
            link = self._link(number)
            if link and len(row) > self.link_column:
                row[self.link_column] = f"[{row[self.link_column]}]({link})"
        lines = [f"#### {self.title}", "", *markdown_rows(self.header, rows)]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines) + "\n"

    def to_html(self) -> str:
        """Return the table as an HTML fragment (numbers right-aligned, Δ coloured)."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header)
        body = []
        for number, (row, texts) in enumerate(zip(self.rows, self.formatted(), strict=True)):
            cells = []
            for i, (cell, text) in enumerate(zip(row, texts, strict=True)):
                shown = html.escape(text)
                link = self._link(number) if i == self.link_column else None
                if link:
                    shown = f'<a href="{html.escape(link)}">{shown}</a>'
                if isinstance(cell, int | float) or cell is None:
                    sign = " pos" if i in self.signed and isinstance(cell, float) and cell > 0 \
                        else " neg" if i in self.signed and isinstance(cell, float) \
                        and cell < 0 else ""
                    cells.append(f'<td class="num{sign}">{shown}</td>')
                else:
                    cells.append(f"<td>{shown}</td>")
            body.append(f"<tr>{''.join(cells)}</tr>")
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


# --- results/tables.md and the report's headline ---------------------------------------

_SUB_MEASURES = (("precision", "P"), ("recall", "R"), ("mode_precision", "Mode P"),
                 ("mode_recall", "Mode R"))
_MW_MEASURES = (("detection_precision", "Det P"), ("detection_recall", "Det R"),
                ("identification_precision", "Id P"), ("identification_recall", "Id R"))
#: The headline's measures of a published best/oot row: (kind, measure, label).
_HEADLINE_MEASURES = (("best", "recall", "best R"), ("best", "mode_recall", "best Mode R"),
                      ("oot", "recall", "oot R"), ("oot", "mode_recall", "oot Mode R"))
#: The PoS order of Jabbari (2010)'s tables: nouns, adjectives, verbs, adverbs.
_JABBARI_POS = ("n", "a", "v", "r")


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _triple(ours: float | None, paper: float | None) -> list[Cell]:
    """Return ours, paper, Δ (= ours − paper; None when either is missing)."""
    return [ours, paper, None if ours is None or paper is None else ours - paper]


def _triple_header(labels: Sequence[str]) -> list[str]:
    header: list[str] = []
    for label in labels:
        header += [label, "paper", "Δ"]
    return header


def _signed(header: Sequence[str]) -> frozenset[int]:
    return frozenset(i for i, h in enumerate(header) if h == "Δ")


def _kind_table(dataset: str, kind: str, systems: Mapping[str, Any],
                runs: Mapping[str, Any]) -> Table | None:
    measures = _MW_MEASURES if kind == "mw" else _SUB_MEASURES
    header = ["system", *_triple_header([label for _, label in measures]), "unanswered"]
    rows: list[list[Cell]] = []
    for system, kinds in systems.items():
        if kind not in kinds:
            continue
        block = kinds[kind]["all"]
        paper = published_row(dataset, system, kind)
        row: list[Cell] = [system]
        for key, _ in measures:
            row += _triple(_number(block.get(key)), paper.get(key) if paper else None)
        row.append(runs.get(system, {}).get("unanswered"))
        rows.append(row)
    if not rows:
        return None
    return Table(f"{dataset} — {kind}", tuple(header), rows_of(rows), signed=_signed(header))


#: Our context rankers beyond Jabbari (2010), shown under the published rows without a paper
#: figure: cmlc with the baseline's first-tier prior, and with its tier + frequency prior.
BEYOND_JABBARI = ("wordnet+cmlc:tier1-first", "wordnet+cmlc:prior")


def _by_pos_table(dataset: str, systems: Mapping[str, Any]) -> Table | None:
    rows: list[list[Cell]] = []
    extra: dict[tuple[str, str], Mapping[str, float]] = {
        (system, measure): {} for system in BEYOND_JABBARI for measure in ("oot_recall", "rank")}
    for (system, measure), paper in {**PUBLISHED_BY_POS, **extra}.items():
        oot = systems.get(system, {}).get("oot")
        if oot is None:
            continue
        row: list[Cell] = [system, measure.replace("_", " ")]
        for pos in _JABBARI_POS:
            if measure == "oot_recall":
                value = oot.get("by_pos", {}).get(pos, {}).get("recall")
            else:  # Jabbari's rank measure, averaged over all items (recall form), in percent
                value = oot.get("jabbari_by_pos", {}).get(pos, {}).get("rank", {}).get("recall")
            ours = _number(value)
            row += _triple(ours / 100 if ours is not None else None, paper.get(pos))
        rows.append(row)
    if not rows:
        return None
    header = ["system", "measure", *_triple_header([POS_NAMES[p] for p in _JABBARI_POS])]
    return Table(f"{dataset} — in-context rankers by PoS (Jabbari 2010; proportions)",
                 tuple(header), rows_of(rows), digits=3, signed=_signed(header))


def _markdown_section(table: Table | None, marks: Mapping[str, str] | None = None
                      ) -> list[str]:
    """Return a tables.md section: the title as a level-3 heading, systems as `code`, each
    followed by its mark (`†1`: made under other settings) if it has one."""
    if table is None:
        return []
    marks = marks or {}
    rows = [[f"`{row[0]}`" + (f" {marks[str(row[0])]}" if str(row[0]) in marks else ""),
             *row[1:]] for row in table.formatted()]
    return [f"### {table.title}", "", *markdown_rows(table.header, rows), ""]


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
        marked = {system: mark for (where, system), mark in (marks or {}).items()
                  if where == dataset}
        for kind in ("best", "oot", "mw"):
            lines += _markdown_section(_kind_table(dataset, kind, systems,
                                                   runs.get(dataset, {})), marked)
        lines += _markdown_section(_by_pos_table(dataset, systems), marked)
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


@dataclass(frozen=True)
class PublishedComparison:
    """One published row beside ours.

    Attributes:
        dataset: the dataset (`semeval2007-test`).
        system: our system (`dict:wiktionary`), or the published name when we have no row.
        published: the system name of the published row (`dict`).
        values: (kind, measure) -> (ours or None, paper).
        signatures: kind -> the signature of our scores (empty without a row of ours).
    """

    dataset: str
    system: str
    published: str
    values: Mapping[tuple[str, str], tuple[float | None, float]]
    signatures: Mapping[str, str]

    def get(self, kind: str, measure: str) -> tuple[float | None, float | None]:
        """Return (ours, paper) of one measure; None where there is no figure."""
        ours, paper = self.values.get((kind, measure), (None, None))
        return ours, paper


def _ours_for(published: str, systems: Mapping[str, Any]) -> list[str]:
    """Return our systems a published row stands for: the same name, or its variants
    (`dict` -> `dict:wiktionary`, `dict:freedict`: one dictionary each)."""
    if published in systems:
        return [published]
    return [s for s in systems if s.startswith(f"{published}:")]


def published_comparisons(scores: Mapping[str, Any]) -> list[PublishedComparison]:
    """Return every published best/oot/mw row with ours from `scores` (`scores.json` data).

    Rows follow `published.PUBLISHED` (the papers' order); a published row with several
    systems of ours (one per dictionary) gives one row each; without ours, ours is None.
    """
    grouped: dict[tuple[str, str], dict[str, Any]] = {}
    for row in PUBLISHED:
        grouped.setdefault((row.dataset, row.system), {})[row.kind] = row
    comparisons = []
    for (dataset, published), kinds in grouped.items():
        systems = scores.get(dataset, {})
        for system in _ours_for(published, systems) or [published]:
            ours = systems.get(system, {})
            values: dict[tuple[str, str], tuple[float | None, float]] = {}
            signatures: dict[str, str] = {}
            for kind, paper in kinds.items():
                block = ours.get(kind, {})
                for measure, value in paper.values:
                    values[(kind, measure)] = (_number(block.get("all", {}).get(measure)), value)
                if isinstance(block.get("signature"), str):
                    signatures[kind] = block["signature"]
            comparisons.append(PublishedComparison(dataset, system, published, values,
                                                   signatures))
    return comparisons


def published_tables(comparisons: Sequence[PublishedComparison], scores: Mapping[str, Any],
                     links: Mapping[tuple[str, str], str] | None = None) -> list[Table]:
    """Return the headline tables: best/oot rows, mw rows, Jabbari's by-PoS rows.

    Arguments:
        comparisons: from `published_comparisons`.
        scores: the `scores.json` data (for the by-PoS rows).
        links: (dataset, system) -> an address for the row (the instance explorer).
    """
    links = links or {}
    tables = []
    for mw, measures in ((False, _HEADLINE_MEASURES),
                         (True, tuple(("mw", m, label) for m, label in _MW_MEASURES))):
        chosen = [c for c in comparisons if any(k == "mw" for k, _ in c.values) == mw]
        header = ["dataset", "system", *_triple_header([label for *_, label in measures])]
        rows: list[list[Cell]] = []
        for comparison in chosen:
            row: list[Cell] = [comparison.dataset, comparison.system]
            for kind, measure, _ in measures:
                row += _triple(*comparison.get(kind, measure))
            rows.append(row)
        if rows:
            what = "the multiword baseline" if mw else "best and oot recall"
            tables.append(Table(
                f"Published rows — {what}: ours beside the paper's", tuple(header),
                rows_of(rows), signed=_signed(header), link_column=1,
                links=tuple(links.get((c.dataset, c.system)) for c in chosen),
                note=("Ours from results/scores.json (official scorer), paper from "
                      "lexsub_baselines/published.py; Δ = ours − paper in points; — where "
                      "results/scores.json has no such row.")))
    by_pos = _by_pos_table(PUBLISHED_BY_POS_DATASET, scores.get(PUBLISHED_BY_POS_DATASET, {}))
    if by_pos is not None:
        tables.append(by_pos)
    return tables
