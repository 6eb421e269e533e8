"""The SWORDS tables of `results/tables.md` and the report: F@10 and GAP, beside SemEval-2007.

`swords_table` lists every system's SWORDS figures on one split (the four F@10 of the
benchmark's evaluation, strict-conceivable P@1, GAP); `swords_beside_semeval` puts each
system's SWORDS test F@10 beside its SemEval-2007 test best and oot recall. No published
SWORDS figure exists for these systems (the benchmark's paper evaluated others), so the tables
have no `paper` column; they say so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lexsub_baselines.tables.table import Cell, Marks, Table, rows_of

__all__ = ["SWORDS_COLUMNS", "is_swords_scores", "swords_beside_semeval", "swords_table"]

#: (metric key in scores.json, column label), in the order the tables show them.
SWORDS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("strict_a_f@10", "strict-a F@10"), ("strict_c_f@10", "strict-c F@10"),
    ("lenient_a_f@10", "lenient-a F@10"), ("lenient_c_f@10", "lenient-c F@10"),
    ("strict_c_p@1", "strict-c P@1"))
_KIND = "lsr"
_NOTE = ("The benchmark's own evaluation (swords.eval.evaluate at 04ca753; `lexsub score "
         "RESULT.lsr.json {dataset}`), percentages: a = acceptable gold (TRUE ratio > 0.5), "
         "c = conceivable gold (≥ 0.1); strict scores every substitute, lenient only those "
         "the annotators labelled; GAP weighs the gold by TRUE count. No published SWORDS "
         "figure exists for these systems, so there is no paper column.")


def is_swords_scores(systems: Mapping[str, Any]) -> bool:
    """Return True when a dataset's `scores.json` rows are SWORDS results."""
    return any(_KIND in kinds for kinds in systems.values())


def _value(block: Mapping[str, Any], key: str) -> float | None:
    value = block.get(key)
    return float(value) if isinstance(value, int | float) else None


def swords_table(dataset: str, systems: Mapping[str, Any], runs: Mapping[str, Any]
                 ) -> Table | None:
    """Return the SWORDS figures of every system on `dataset` (None when there are none);
    the unanswered targets from `runs` (`runs.json` records; the column is left out without)."""
    rows: list[list[Cell]] = []
    for system, kinds in systems.items():
        result = kinds.get(_KIND)
        if result is None:
            continue
        metrics, gap = result.get("metrics", {}), result.get("gap", {})
        rows.append([system, *(_value(metrics, key) for key, _ in SWORDS_COLUMNS),
                     _value(gap, "gap")]
                    + ([runs.get(system, {}).get("unanswered")] if runs else []))
    if not rows:
        return None
    header = ("system", *(label for _, label in SWORDS_COLUMNS), "GAP",
              *(("unanswered",) if runs else ()))
    return Table(f"{dataset} — SWORDS evaluation", header, rows_of(rows),
                 note=_NOTE.format(dataset=dataset))


def swords_beside_semeval(scores: Mapping[str, Any], swords: str = "swords-test",
                          semeval: str = "semeval2007-test", marks: Marks | None = None
                          ) -> Table | None:
    """Return each system's SWORDS F@10 beside its SemEval-2007 best and oot recall (a row
    carries the marks of its rows on both datasets)."""
    on_swords, on_semeval = scores.get(swords, {}), scores.get(semeval, {})
    rows: list[list[Cell]] = []
    for system, kinds in on_swords.items():
        if _KIND not in kinds:
            continue
        metrics = kinds[_KIND].get("metrics", {})
        semeval_kinds = on_semeval.get(system, {})
        rows.append([system, _value(metrics, "strict_a_f@10"), _value(metrics, "strict_c_f@10"),
                     _value(metrics, "lenient_a_f@10"), _value(metrics, "lenient_c_f@10"),
                     *(_value(semeval_kinds.get(kind, {}).get("all", {}), "recall")
                       for kind in ("best", "oot"))])
    if not rows:
        return None
    header = ("system", f"{swords} strict-a F@10", "strict-c F@10", "lenient-a F@10",
              "lenient-c F@10", f"{semeval} best R", "oot R")
    return Table(f"{swords} beside {semeval}", header, rows_of(rows),
                 note=f"SWORDS F@10 ({swords}, the benchmark's evaluation) and SemEval-2007 "
                      f"recall ({semeval}, official scorer) of the same systems, ours only."
                 ).marked(marks, (swords, semeval))
