"""The TSAR-2022 field: every team's official figures, read from the task's results CSVs.

The task repository (commit 089c266) publishes, per language, `results/official/
TSAR2022_test_results_{lang}.csv` (`Team,Lang,Run` and the ten figures of `TSAR_METRICS`,
floored to 4 decimals as the evaluator prints them; the LSBert and TUNER baselines are rows
too) and `results/extended/..._extended_{lang}.csv` (the same runs with more measures: ACC@k@Top1,
MAP@k, Potential@k, Precision@k, Recall@k for k = 1..10). `compare_table` ranks one scored file
among the official rows by ACC@1, as the official tables are sorted (beside our baselines'
rows when `results/scores.json` holds them), and checks that the extended file's ten figures
agree with the official ones. `tsar_table` is tables.md's and the report's: our rows on one
TSAR dataset (each system plain, then `+simpler`), then the official field, muted.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.inputs.reads import open_path
from lexsub_baselines.tables.released import label
from lexsub_baselines.tables.table import Cell, Marks, Table, mark_of, rows_of

__all__ = ["TSAR_KIND", "TSAR_METRICS", "TsarField", "TsarRun", "compare_table",
           "is_tsar_scores", "read_results", "tsar_table"]

#: The kind of a TSAR row in scores.json (`<dataset> -> <system> -> tsar2022`).
TSAR_KIND = "tsar2022"
_SIMPLER = "+simpler"

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


#: TSAR dataset -> the official runs of its results CSV (`runs.tsar_runs.tsar_field`).
TsarField = Mapping[str, Sequence[TsarRun]]


def read_results(path: Path) -> tuple[TsarRun, ...]:
    """Read an official or extended results CSV (the ten figures of each run).

    Raises:
        DataFormatError: a column of `TSAR_METRICS` is missing or a figure is no number.
    """
    with open_path(path, encoding="utf-8", newline="") as handle:  # checked (the manifest's)
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
                  extended: Path | None = None, ours: Mapping[str, Any] | None = None
                  ) -> tuple[Table, list[str]]:
    """Return one file's ten figures ranked by ACC@1 among the official runs (and `ours`: the
    dataset's rows of `results/scores.json`), and notes (the extended file's figures that
    disagree with the official ones, none on the task's files)."""
    runs = read_results(official)
    notes = []
    if extended is not None and extended.is_file():
        notes = [f"--compare: {extended.name}: {problem}"
                 for problem in _disagreements(runs, read_results(extended))]
    rows: list[tuple[str, str, list[Cell]]] = [
        (name, "yours", [metrics.get(m) for m in TSAR_METRICS])]
    rows += [(system, label(system, f"tsar2022-{language}-") or "ours",
              _figures(kinds[TSAR_KIND]))
             for system, kinds in (ours or {}).items() if TSAR_KIND in kinds]
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
                  note=note, digits=4,
                  muted=frozenset(i for i, row in enumerate(cells)
                                   if row[2] in ("team", "baseline"))),
            notes)


def is_tsar_scores(systems: Mapping[str, Any]) -> bool:
    """Return True when a dataset's `scores.json` rows are TSAR-2022 results."""
    return any(TSAR_KIND in kinds for kinds in systems.values())


def _figures(row: Mapping[str, Any]) -> list[Cell]:
    metrics = row.get("metrics", {})
    return [float(v) if isinstance(v := metrics.get(m), int | float) else None
            for m in TSAR_METRICS]


def _settings_note(ours: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    """Return the rows' TSAR settings: those every row shares, then each system's own (its
    `+simpler` row has the same)."""
    recorded = {name.removesuffix(_SIMPLER): row["tsar"] for name, row in ours
                if isinstance(row.get("tsar"), dict)}
    if not recorded:
        return ""
    first = next(iter(recorded.values()))
    shared = {k: v for k, v in first.items()
              if all(other.get(k) == v for other in recorded.values())}
    own = [f"`{name}`: " + ", ".join(f"{k} {v}" for k, v in sorted(settings.items())
                                     if k not in shared)
           for name, settings in recorded.items() if set(settings) - set(shared)]
    return "; ".join([", ".join(f"{k} {v}" for k, v in sorted(shared.items())), *own])


def tsar_table(dataset: str, systems: Mapping[str, Any], runs: Mapping[str, Any],
               field: TsarField | None = None, marks: Marks | None = None) -> Table | None:
    """Return our rows on a TSAR dataset (in run order: each system, then its `+simpler`),
    then the dataset's official field (`field`, by ACC@1), muted; None without rows of ours.
    The note says what the rows are and their settings (`_settings_note`)."""
    names = [system for system, kinds in systems.items() if TSAR_KIND in kinds]
    bases = list(dict.fromkeys(name.removesuffix(_SIMPLER) for name in names))
    names.sort(key=lambda name: (bases.index(name.removesuffix(_SIMPLER)),
                                 name.endswith(_SIMPLER)))  # each system, then its +simpler
    ours = [(name, systems[name][TSAR_KIND]) for name in names]
    if not ours:
        return None
    cells: list[list[Cell]] = [[system, label(system, dataset) or "ours", *_figures(row),
                                runs.get(system, {}).get("unanswered")] for system, row in ours]
    published = sorted((field or {}).get(dataset, ()), key=lambda run: -run.figures["ACC@1"])
    cells += [[run.label, "published baseline" if "baseline" in run.team.lower()
               else "published", *(run.figures[m] for m in TSAR_METRICS), None]
              for run in published]
    how = _settings_note(ours)
    field_note = (" Muted: every team's official run and the task's baselines, "
                  f"results/official/TSAR2022_test_results_{dataset.split('-')[1]}.csv of the "
                  "task repository (commit 089c266), as published." if published else
                  " The official field is published for the test sets only."
                  if dataset.endswith("-trial") else
                  " The official results CSV is not in the data folder (`lexsub fetch "
                  "tsar2022`).")
    note = (f"TSAR-2022's evaluation (tsar_eval.py exactly: `lexsub score PRED.tsv {dataset}`), "
            "floored to 4 decimals as it prints them. `+simpler`: only substitutes more "
            "frequent than the complex word, by that frequency. Our settings: "
            f"{how or 'not recorded'}." + field_note)
    muted = frozenset(range(len(ours), len(cells)))
    return Table(f"{dataset} — TSAR-2022 lexical simplification", (
        "system", "source", *TSAR_METRICS, "unanswered"), rows_of(cells), note=note,
        digits=4, muted=muted, marks=tuple("" if i in muted else mark_of(
            marks, [dataset], str(row[0])) for i, row in enumerate(cells)))
