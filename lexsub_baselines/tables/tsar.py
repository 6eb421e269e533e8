"""The TSAR-2022 field: every team's official figures, read from the task's results CSVs.

The task repository (commit 089c266) publishes, per language, `results/official/
TSAR2022_test_results_{lang}.csv` (`Team,Lang,Run` and the ten figures of `TSAR_METRICS`,
floored to 4 decimals as the evaluator prints them; the LSBert and TUNER baselines are rows
too) and `results/extended/..._extended_{lang}.csv` (the same runs with more measures: ACC@k@Top1,
MAP@k, Potential@k, Precision@k, Recall@k for k = 1..10). `compare_table` ranks one scored file
among the official rows by ACC@1, as the official tables are sorted, and checks that the
extended file's ten figures agree with the official ones.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.tables.table import Cell, Table, rows_of

__all__ = ["TSAR_METRICS", "TsarRun", "compare_table", "read_results"]

#: The ten figures of the official results tables, in their order.
TSAR_METRICS: tuple[str, ...] = ("ACC@1", "ACC@1@Top1", "ACC@2@Top1", "ACC@3@Top1", "MAP@3",
                                 "MAP@5", "MAP@10", "Potential@3", "Potential@5", "Potential@10")


@dataclass(frozen=True)
class TsarRun:
    """One team's run in a results CSV.

    Attributes:
        team: the team (`UniHD`; `LSBert-baseline` for the task's baseline).
        run: the run number as written.
        figures: the ten figures (`TSAR_METRICS`), as published.
        line: the CSV line.
    """

    team: str
    run: str
    figures: Mapping[str, float]
    line: int

    @property
    def label(self) -> str:
        """Return `team run N` (`UniHD run 2`)."""
        return f"{self.team} run {self.run}"


def read_results(path: Path) -> tuple[TsarRun, ...]:
    """Read an official or extended results CSV (the ten figures of each run).

    Raises:
        DataFormatError: a column of `TSAR_METRICS` is missing or a figure is no number.
    """
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [n for n in ("Team", "Run", *TSAR_METRICS) if n not in (reader.fieldnames or ())]
        if missing:
            raise DataFormatError(path, 1, f"no column {', '.join(missing)}",
                                  "is this a TSAR-2022 results CSV of the task repository?")
        runs = []
        for number, row in enumerate(reader, start=2):
            try:
                figures = {name: float(row[name]) for name in TSAR_METRICS}
            except (TypeError, ValueError):
                raise DataFormatError(path, number, "a figure is not a number",
                                      "is this a TSAR-2022 results CSV?") from None
            runs.append(TsarRun(row["Team"], row["Run"], figures, number))
    return tuple(runs)


def _disagreements(official: tuple[TsarRun, ...], extended: tuple[TsarRun, ...]) -> list[str]:
    by_run = {(run.team, run.run): run for run in extended}
    out = []
    for run in official:
        other = by_run.get((run.team, run.run))
        if other is None:
            out.append(f"{run.label} is not in the extended results")
            continue
        out += [f"{run.label} {name}: official {run.figures[name]}, extended "
                f"{other.figures[name]}" for name in TSAR_METRICS
                if run.figures[name] != other.figures[name]]
    return out


def compare_table(name: str, metrics: Mapping[str, float], language: str, official: Path,
                  extended: Path | None = None) -> tuple[Table, list[str]]:
    """Return one file's ten figures ranked by ACC@1 among the official runs, and notes (the
    extended file's figures that disagree with the official ones, none on the task's files)."""
    runs = read_results(official)
    notes = []
    if extended is not None and extended.is_file():
        notes = [f"--compare: {extended.name}: {problem}"
                 for problem in _disagreements(runs, read_results(extended))]
    rows: list[tuple[str, str, list[Cell]]] = [
        (name, "yours", [metrics.get(m) for m in TSAR_METRICS])]
    rows += [(run.label, "baseline" if "baseline" in run.team.lower() else "team",
              [run.figures[m] for m in TSAR_METRICS]) for run in runs]
    rows.sort(key=lambda row: -float(row[2][0] or 0.0))  # stable: yours first among ties
    cells = [[rank, system, source, *figures]
             for rank, (system, source, figures) in enumerate(rows, start=1)]
    note = (f"The teams' figures: {official.name} of the task repository (commit 089c266), "
            "floored to 4 decimals as tsar_eval.py prints them, as yours are; sorted by ACC@1 "
            "as the official tables are.")
    return (Table(f"{name} among the TSAR-2022 {language} test runs (official results), ranked "
                  "by ACC@1", ("rank", "system", "source", *TSAR_METRICS), rows_of(cells),
                  note=note, digits=4), notes)
