"""The second wave's released outputs set out on their own: ParaLS and ConCat, rescored.

- ParaLS on CoInCo's test part: our official scorer's best and oot figures and counts beside
  what its own `score.pl` run printed (Δ = 0 expected, and tested), and P@1, P@3 of its
  ranked lists as its own evaluation computes them beside the figures it wrote;
- ParaLS on ProLex: acc and prof F1@10, and whether the ProLex authors' own route gives the
  same figures;
- ConCat and BERT-dropout: how many instances matched, and their figures on LS07 trial
  (official scorer) and SWORDS dev (the benchmark's evaluation); our rows on the same
  instances are in those datasets' tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.tables.swords import SWORDS_COLUMNS
from lexsub_baselines.tables.table import Cell, Table, rows_of

__all__ = ["second_wave_tables"]

Found = Sequence[tuple[str, str, str, Mapping[str, Any]]]
_COUNTS = (("total", "Total"), ("attempted", "attempted"), ("recall", "R"),
           ("mode_recall", "Mode R"))


def _number(value: Any) -> float | int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value  # counts stay integers


def _parals_coinco(rows: Found) -> Table | None:
    cells: list[list[Cell]] = []
    own: list[str] = []
    for _, system, kind, row in rows:
        released = row.get("released") or {}
        if kind not in ("best", "oot") or not str(released.get("output", "")).startswith(
                "field-parals-coinco"):
            continue
        printed = released.get("published", {}).get("figures", {}).get(kind, {})
        block = row.get("all", {})
        line: list[Cell] = [system, kind]
        for key, _ in _COUNTS:
            line += [_number(block.get(key)), _number(printed.get(key))]
        if kind == "oot":
            line.append(f"{released.get('duplicate_lines')} / {printed.get('duplicate_lines')}")
        else:
            line.append("—")
        cells.append(line)
        if kind == "best":
            own = [f"{k} {v['value']:.4f} (its own output: {v['published']:.4f})"
                   for k, v in released.get("own", {}).items()]
    if not cells:
        return None
    header = ("system", "kind", *(f"{name}{suffix}" for _, name in _COUNTS
                                  for suffix in ("", " published")),
              "oot lines with duplicates (ours / published)")
    return Table("The field's released outputs, rescored — ParaLS on CoInCo's test part "
                 "(official scorer)", header, rows_of(cells),
                 note=("ParaLS's .best and .oot as released (the ProLex authors' replication, "
                       "cynic01/ParaLS at 2841138), scored against our CoInCo gold restricted "
                       "to the test part's ids; `published`: its own score.pl output. Its "
                       "ranked lists as its own evaluation scores them: " + "; ".join(own)
                       + ". Every baseline of ours on the same instances: the coinco-test "
                       "tables."))


def _parals_prolex(rows: Found) -> Table | None:
    cells: list[list[Cell]] = []
    for dataset, system, kind, row in rows:
        released = row.get("released") or {}
        if kind != "prolex" or not str(released.get("output", "")).startswith("field-parals"):
            continue
        metrics = row.get("metrics", {})
        cells.append([system, dataset, *(100 * metrics[a][f] for a in ("acc", "prof")
                                         for f in ("P@10", "R@10", "F1@10")),
                      "yes" if released.get("route", {}).get("equal") else "no"])
    if not cells:
        return None
    return Table("The field's released outputs, rescored — ParaLS on ProLex (evaluate.py)",
                 ("system", "dataset", "acc P@10", "acc R@10", "acc F1@10", "prof P@10",
                  "prof R@10", "prof F1@10", "the authors' route gives the same"),
                 rows_of(cells),
                 note=("ParaLS's .oot (top 10) as released, rows matched by id; the authors' "
                       "route: their conversion's inner merge on the row number, then "
                       "evaluate.py by position (`scoring.prolex.route`)."))


def _concat(rows: Found) -> list[Table]:
    tables = []
    for dataset, kinds, columns in (
            ("semeval2007-trial", ("best", "oot"), (("best", "recall", "best R"),
                                                    ("best", "mode_recall", "best Mode R"),
                                                    ("oot", "recall", "oot R"),
                                                    ("oot", "mode_recall", "oot Mode R"))),
            ("swords-dev", ("lsr",), tuple(("lsr", k, n) for k, n in SWORDS_COLUMNS))):
        by: dict[str, dict[str, Mapping[str, Any]]] = {}
        for name, system, kind, row in rows:
            released = row.get("released") or {}
            if name == dataset and kind in kinds and str(released.get("output", "")
                                                         ).startswith("field-concat"):
                by.setdefault(system, {})[kind] = row
        if not by:
            continue
        cells = []
        for system, found in by.items():
            released = next(iter(found.values())).get("released", {})
            block = {k: (r.get("all") if k != "lsr" else r.get("metrics")) or {}
                     for k, r in found.items()}
            cells.append([system, f"{released.get('matched')} of {released.get('instances')}",
                          *(_number(block.get(k, {}).get(key)) for k, key, _ in columns)])
        tables.append(Table(
            f"The field's released outputs, rescored — ConCat on {dataset}",
            ("system", "instances matched", *(n for *_, n in columns)), rows_of(cells),
            note=("ConCat's and BERT-dropout's released top 10 (sebischair/ConCat at 3ebd7d3), "
                  "matched to our instances by sentence and target; every instance matched, "
                  f"so our rows in the {dataset} tables are on exactly these instances. "
                  + ("Lemmatised as WordTune's (the task asks for lemmas); best = the first."
                     if dataset.startswith("semeval") else "Word forms, scored −rank."))))
    return tables


def second_wave_tables(rows: Found) -> list[Table]:
    """Return the tables of ParaLS's and ConCat's rows among `rows` (dataset, system, kind,
    row of every released row), none where they have no row."""
    found = [_parals_coinco(rows), _parals_prolex(rows), *_concat(rows)]
    return [table for table in found if table is not None]
