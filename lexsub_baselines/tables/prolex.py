"""ProLex's table: every row of a `prolex-*` dataset, both aspects, as `evaluate.py` scores them.

A row of `scores.json` under a ProLex dataset holds, under kind `prolex`, `metrics[aspect]
[figure]` (fractions; `scoring.prolex`). The table shows the default k (10) and k = 1 of both
aspects, as percentages: `acc` (acceptable substitutes) beside `prof` (acceptable and at or
above the target's CEFR level, the benchmark's question); a released output's row is
labelled. `compare_table` ranks a file's figures among the rows of a results folder
(`lexsub score FILE prolex-test --compare`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lexsub_baselines.tables.released import is_released, label
from lexsub_baselines.tables.table import Cell, Marks, Table, mark_of, rows_of

__all__ = ["PROLEX_COLUMNS", "PROLEX_KIND", "compare_table", "is_prolex_scores",
           "prolex_table"]

#: The kind of a ProLex row in scores.json (the protocol's name).
PROLEX_KIND = "prolex"
#: (measure key of the statistic, column label): the figures shown, ranked by the first.
PROLEX_COLUMNS: tuple[tuple[str, str], ...] = tuple(
    (f"{aspect} {m}@{k}", f"{aspect} {m}@{k}") for aspect in ("acc", "prof")
    for k in (10, 1) for m in (("P", "R", "F1") if k == 10 else ("P",)))


def is_prolex_scores(systems: Mapping[str, Any]) -> bool:
    """Return True when the rows of a dataset are ProLex rows."""
    return any(isinstance(kinds, Mapping) and PROLEX_KIND in kinds for kinds in systems.values())


def _figure(row: Mapping[str, Any], key: str) -> float | None:
    aspect, name = key.split(" ")
    value = row.get("metrics", {}).get(aspect, {}).get(name)
    return 100 * float(value) if isinstance(value, int | float) else None


def _agreement(rows: Any) -> str:
    """Return how often our parser's tags agree with NLTK's (the ProLex authors'
    `processed.tsv`), as a row of ours records it, or ""."""
    for row in rows:
        found = (row.get("prolex") or {}).get("nltk_agreement")
        if isinstance(found, Mapping) and found.get("compared"):
            return (f" (the same tag as NLTK's in the ProLex authors' processed.tsv for "
                    f"{found['agree']} of {found['compared']} targets)")
    return ""


def _line(name: str, row: Mapping[str, Any]) -> list[Cell]:
    return [name, *(_figure(row, key) for key, _ in PROLEX_COLUMNS)]


def prolex_table(dataset: str, systems: Mapping[str, Any], runs: Mapping[str, Any],
                 marks: Marks | None = None) -> Table | None:
    """Return the table of a ProLex dataset's rows (None for another dataset's), ranked by
    `acc F1@10`, released outputs labelled."""
    rows = {system: kinds[PROLEX_KIND] for system, kinds in systems.items()
            if isinstance(kinds, Mapping) and PROLEX_KIND in kinds}
    if not rows:
        return None
    order = sorted(rows, key=lambda s: -(_figure(rows[s], PROLEX_COLUMNS[2][0]) or -1.0))
    cells = [[*_line(system, rows[system]),
              label(system, dataset) or f"{runs.get(system, {}).get('unanswered', 0)}"]
             for system in order]
    released = [s for s in order if is_released(s)]
    note = (f"{dataset}: ProLex's evaluate.py (calculate_metrics, exact strings), percentages: "
            "micro P, R, F1 of the top k against `acc_subs` (acc) and `prof_acc_subs` (prof: "
            "acceptable and at or above the target's CEFR level; rows without one are "
            "skipped). ProLex gives no PoS: ours are tagged in context by our parser"
            f"{_agreement(rows.values())}. Candidates inflected to the target's form, as on "
            "the other benchmarks. k = 5 and 3 are in scores.json.")
    if released:
        note += (" `released:parals`: ParaLS's released top 10 (the ProLex authors' run), "
                 "scored from its file, rows matched by id.")
    return Table(f"{dataset} — ProLex (evaluate.py), acc and prof", (
        "system", *(name for _, name in PROLEX_COLUMNS), "unanswered / source"),
        rows_of(cells), note=note,
        marks=tuple(mark_of(marks, [dataset], s) for s in order))


def compare_table(name: str, row: Mapping[str, Any], dataset: str,
                  ours: Mapping[str, Any]) -> tuple[Table | None, str]:
    """Return a file's figures ranked among the rows of `dataset` in `ours` (scores.json
    data) by acc F1@10, with a note when there are none."""
    systems = {system: kinds for system, kinds in ours.get(dataset, {}).items()
               if isinstance(kinds, Mapping) and PROLEX_KIND in kinds}
    table = prolex_table(dataset, {**systems, name: {PROLEX_KIND: row}}, {})
    why = "" if systems else (f"--compare: no row of ours on {dataset} in results/scores.json "
                              "(`make baselines` writes them): only yours is shown")
    return table, why
