"""The SemEval-2007 field: the participants' published rows as reference lines beside ours.

`field_table` lists, for best or oot, the teams' published figures (`published.FIELD`:
McCarthy & Navigli 2007, Tables 1, 3, 4 and 6) and any systems of ours on the same test set
and scorer, either ranked together by recall (`tables.md`, `lexsub score --compare`) or ours
first and the field below (the report's headline, where the field's rows are muted).
`scored_row` turns one `lexsub score --format json --subsets` object into such a row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.tables.published import FIELD, FIELD_OOT_DUPLICATES, FIELD_SUBSETS
from lexsub_baselines.tables.released import label
from lexsub_baselines.tables.table import Cell, Marks, Table, mark_of, rows_of

__all__ = ["FIELD_DATASET", "FIELD_MEASURES", "field_table", "field_tables", "ours_on_the_field",
           "scored_row"]

#: The dataset of the field's figures.
FIELD_DATASET = "semeval2007-test"
#: The columns: (value key, label); subset figures are keyed `NMWT:recall` and so on.
FIELD_MEASURES: tuple[tuple[str, str], ...] = (
    ("precision", "P"), ("recall", "R"), ("mode_precision", "Mode P"),
    ("mode_recall", "Mode R"), *((f"{s}:{m}", f"{s} {m[0].upper()}") for s in FIELD_SUBSETS
                                 for m in ("precision", "recall")))


def scored_row(scores: Mapping[str, Any]) -> dict[str, float]:
    """Return {value key: figure} of one `lexsub score --format json` object (with subsets)."""
    row: dict[str, float] = {}
    for key, _ in FIELD_MEASURES:
        block, _, measure = key.rpartition(":")
        value = scores.get(block or "all", {}).get(measure)
        if isinstance(value, int | float):
            row[key] = float(value)
    return row


def field_table(kind: str, ours: Mapping[str, Mapping[str, float]], ranked: bool = True,
                title: str = "", source: tuple[str, str] = ("ours", "results/scores.json"),
                marks: Marks | None = None) -> Table:
    """Return the field's `kind` rows with `ours` ({system: scored_row}) among or above them.

    Arguments:
        kind: best or oot.
        ours: our systems' figures on `FIELD_DATASET` with the official scorer.
        ranked: rank every row by recall (else ours first, then the field, muted).
        title: the table's title (default: says what it compares).
        source: how `ours` is labelled in the source column, and where it comes from.
        marks: (dataset, system) -> the settings marks of our rows (as in tables.md).
    """
    field = [(f"{row.system}" + ("*" if kind == "oot" and row.system in
                                 FIELD_OOT_DUPLICATES else ""), "2007 field", dict(row.values))
             for row in FIELD if row.kind == kind]
    mine = [(system, label(system, FIELD_DATASET) or source[0], dict(values))
            for system, values in ours.items()]
    rows = [*mine, *field]
    if ranked:
        rows.sort(key=lambda row: -row[2].get("recall", 0.0))
    cells: list[list[Cell]] = [[name, source, *(values.get(key) for key, _ in FIELD_MEASURES)]
                               for name, source, values in rows]
    muted = frozenset(i for i, row in enumerate(rows) if row[1] == "2007 field")
    tables = "1 and 3" if kind == "best" else "4 and 6"
    note = (f"All on {FIELD_DATASET} with the official scorer: the 2007 field as published "
            f"(McCarthy & Navigli 2007, Tables {tables}), {source[0]} from {source[1]}. ")
    note += ("* oot answers with duplicates, which the official scorer credits every time "
             "(McCarthy & Navigli 2009 list them apart). MELB entered best only." if kind ==
             "oot" else "SWAG1 and SWAG2 entered oot only.")
    return Table(title or f"the SemEval-2007 field — {kind}" + (", ranked by R" if ranked
                                                               else ""),
                 ("system", "source", *(label for _, label in FIELD_MEASURES)),
                 rows_of(cells), note=note, muted=muted,
                 marks=tuple("" if i in muted else mark_of(marks, [FIELD_DATASET], name)
                             for i, (name, *_) in enumerate(rows)))


def ours_on_the_field(scores: Mapping[str, Any], kind: str,
                      systems: Sequence[str] | None = None) -> dict[str, dict[str, float]]:
    """Return {system: figures} of our `kind` rows on the field's dataset (`scores.json` data),
    of `systems` only when given."""
    rows = scores.get(FIELD_DATASET, {})
    chosen = [s for s in (systems if systems is not None else rows) if kind in rows.get(s, {})]
    return {system: scored_row(rows[system][kind]) for system in chosen}


def field_tables(scores: Mapping[str, Any], marks: Marks | None = None) -> list[Table]:
    """Return the best and oot field tables with every system of ours ranked among the teams
    (`tables.md`), our rows marked as everywhere else."""
    return [field_table(kind, ours, marks=marks) for kind in ("best", "oot")
            if (ours := ours_on_the_field(scores, kind))]
