"""`results/tables.md`: every table of a run's rows, with their settings and significance marks.

`render_tables` writes one section per dataset (each protocol's table: SemEval-2007 best, oot
and mw with the paper's figures beside ours, by PoS; SWORDS; LexSubGen's protocol; TSAR-2022;
ProLex),
then SWORDS beside SemEval-2007, LS07 and CoInCo with today's systems, the 2007 field, what was
not scored or failed, and the settings. Rows made under other settings carry a mark (`†1`);
figures that differ significantly from the best of ours, `‡` (`tables.significance`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.tables import lexsubgen as lsg
from lexsub_baselines.tables.field import field_tables
from lexsub_baselines.tables.prolex import PROLEX_COLUMNS, PROLEX_KIND, prolex_table
from lexsub_baselines.tables.released import released_tables
from lexsub_baselines.tables.results import SUB_MEASURES, by_pos_table, kind_table
from lexsub_baselines.tables.significance import Column, SignificanceMarks
from lexsub_baselines.tables.swords import (
    SWORDS_COLUMNS,
    is_swords_scores,
    swords_beside_semeval,
    swords_table,
)
from lexsub_baselines.tables.table import Marks, Table, markdown_rows
from lexsub_baselines.tables.tsar import TSAR_KIND, TSAR_METRICS, TsarField, tsar_table

__all__ = ["render_tables"]


def _markdown_section(table: Table | None) -> list[str]:
    """Return a tables.md section: the title as a level-3 heading, systems as `code`, each
    followed by its mark (`†1`: made under other settings) if it has one."""
    if table is None:
        return []
    rows = [[f"`{raw[0]}`" + (f" {mark}" if (mark := table.marks[n] if n < len(table.marks)
                                              else "") else ""), *row[1:]]
            for n, (raw, row) in enumerate(zip(table.rows, table.formatted(), strict=True))]
    note = [table.note, ""] if table.note else []
    return [f"### {table.title}", "", *note, *markdown_rows(table.header, rows), ""]


def _marked(table: Table | None, marks: Marks | None, *datasets: str) -> Table | None:
    return None if table is None else table.marked(marks, datasets)


def _columns(dataset: str, kind: str, pairs: Sequence[tuple[str, str]]) -> dict[str, Column]:
    """Return column label -> (dataset, kind, measure key) for `pairs` of (key, label)."""
    return {label: (dataset, kind, key) for key, label in pairs}


def _overview_columns() -> dict[str, Column]:
    """Return the columns of the LS07/CoInCo overview and of SWORDS beside SemEval-2007."""
    columns = {f"{short} {label}": (dataset, "lexsubgen", key)
               for short, dataset in (("LS07", "semeval2007-all"), ("CoInCo", "coinco-all"))
               for key, label in lsg.COLUMNS}
    swords = _columns("swords-test", "lsr", SWORDS_COLUMNS[:4])
    return {**columns, **swords, "swords-test strict-a F@10": swords["strict-a F@10"],
            "semeval2007-test best R": ("semeval2007-test", "best", "recall"),
            "oot R": ("semeval2007-test", "oot", "recall")}


def render_tables(scores: Mapping[str, Any], runs: Mapping[str, Any],
                  skipped: Mapping[str, Any] | None = None,
                  failed: Mapping[str, str] | None = None,
                  marks: Marks | None = None,
                  settings: Sequence[str] = (), tsar_field: TsarField | None = None,
                  significance: SignificanceMarks | None = None) -> str:
    """Return the markdown of every table for `scores` (dataset → system → kind → JSON).

    Arguments:
        scores: what `results/scores.json` holds.
        runs: dataset → system → run record JSON (for the unanswered counts).
        skipped: dataset → system → reason, for systems that ran without scoring.
        failed: system → why it could not run.
        marks: (dataset, system) → a mark after the system's name (rows made under other
            settings, `runs.records.settings_section`), in every table the row appears in.
        settings: the markdown lines of the settings section, shown last.
        tsar_field: TSAR dataset -> the official runs shown (muted) under ours.
        significance: which figures of ours differ significantly from our best
            (`runs.significance_marks`): `‡` after them, and the legend under the title.
    """
    lines = ["# Regenerated baselines", "",
             "Official SemEval-2007 scorer profile (`official`), percentages. "
             "`paper` = the published figure, `Δ` = ours − paper. SWORDS: the benchmark's "
             "own evaluation.", ""]
    if significance is not None:
        lines += [significance.legend(), ""]

    def flagged(table: Table | None, columns: Mapping[str, Column]) -> Table | None:
        return significance.flag(table, columns) if significance is not None else table

    for dataset, systems in scores.items():
        lines += [f"## {dataset}", ""]
        if table := flagged(tsar_table(dataset, systems, runs.get(dataset, {}), tsar_field,
                                       marks),
                            _columns(dataset, TSAR_KIND, [(m, m) for m in TSAR_METRICS])):
            lines += _markdown_section(table)  # another protocol's rows: their own table
            continue
        if table := flagged(prolex_table(dataset, systems, runs.get(dataset, {}), marks),
                            _columns(dataset, PROLEX_KIND, PROLEX_COLUMNS)):
            lines += _markdown_section(table)
            continue
        table = lsg.lexsubgen_table(dataset, systems, runs.get(dataset, {}), marks)
        if table is not None or lsg.is_lexsubgen_scores(systems):  # a released output's too
            if table is not None:
                lines += _markdown_section(flagged(table, _columns(dataset, "lexsubgen",
                                                                   lsg.COLUMNS)))
            if part := lsg.test_part_table(dataset, systems, marks):  # LS07 without trial
                lines += _markdown_section(part)
            continue
        if is_swords_scores(systems):
            lines += _markdown_section(flagged(_marked(swords_table(
                dataset, systems, runs.get(dataset, {})), marks, dataset),
                _columns(dataset, "lsr", SWORDS_COLUMNS)))
            continue
        for kind in ("best", "oot", "mw"):
            lines += _markdown_section(flagged(_marked(kind_table(
                dataset, kind, systems, runs.get(dataset, {})), marks, dataset),
                _columns(dataset, kind, [(key, label) for key, label in SUB_MEASURES])))
        lines += _markdown_section(_marked(by_pos_table(dataset, systems), marks, dataset))
    lines += _markdown_section(flagged(swords_beside_semeval(scores, marks=marks),
                                       _overview_columns()))
    if overview := flagged(lsg.lexsubgen_overview(scores, marks), _overview_columns()):
        lines += [*_markdown_section(overview), *_markdown_section(lsg.today_other_protocols())]
    if field := field_tables(scores, marks):
        lines += ["## the SemEval-2007 field", ""]
        lines += [line for table in field for line in _markdown_section(table)]
    if released := [line for t in released_tables(scores) for line in _markdown_section(t)]:
        lines += ["## The field's released outputs, rescored", "", *released]
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
