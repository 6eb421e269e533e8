"""The report's SWORDS section: every system's F@10 on SWORDS, family by family, from scores.json.

The figures are what `make baselines` scored with the benchmark's own evaluation
(`scoring.swords`), read from `results/scores.json`: per split a bar chart of the four F@10
(strict and lenient, acceptable and conceivable gold) one system family at a time, the
tables behind them, and each system's SWORDS test F@10 beside its SemEval-2007 test recall.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lexsub_baselines.analysis import families, plots
from lexsub_baselines.analysis.parts import Figure, Section
from lexsub_baselines.tables.swords import (
    SWORDS_COLUMNS,
    is_swords_scores,
    swords_beside_semeval,
    swords_table,
)
from lexsub_baselines.tables.table import Marks

__all__ = ["swords_section"]

_READ = ("SWORDS (Lee et al. 2021) asks for substitutes of a word in a paragraph and judges "
         "every proposed substitute with ten annotators: acceptable (a) when most accept it, "
         "conceivable (c) when one in ten does. Strict F@10 scores a system's top 10 as it is; "
         "lenient F@10 only its substitutes that the annotators judged, so a system is not "
         "penalised for words nobody was asked about. Read strict-a for precision against "
         "confident gold, lenient-c for coverage. Scored with the benchmark's own evaluation "
         "(`lexsub score RESULT.lsr.json swords-test`); no published SWORDS figure exists "
         "for these systems.")


def _figure(dataset: str, systems: Mapping[str, Any], colours: Mapping[str, str]
            ) -> list[Figure]:
    names = [s for s in families.ordered(list(systems)) if "lsr" in systems[s]]
    panels = [plots.BarPanel(label, {s: float(systems[s]["lsr"]["metrics"][key])
                                     for s in names})
              for key, label in SWORDS_COLUMNS[:4]]
    figures = []
    for chart in families.charts(names):
        series = chart.systems
        figures.append(Figure(
            f"{dataset}-f10-{chart.name}", f"{dataset}: {chart.title} — F@10",
            plots.bar_grid([("F@10", panels)], series, colours,
                           f"{dataset} — {chart.title}", "F@10 (%)"),
            series, tuple(colours.get(s, "#1f77b4") for s in series)))
    return figures


def swords_section(scores: Mapping[str, Any], marks: Marks | None = None) -> list[Section]:
    """Return the SWORDS sections of the report (none when scores.json has no SWORDS rows)."""
    splits = {d: systems for d, systems in scores.items() if is_swords_scores(systems)}
    if not splits:
        return []
    colours = families.colours([s for systems in splits.values() for s in systems])
    # every table in the report's order of systems (family by family), not scores.json's
    # alphabetical one
    scores = {dataset: {s: systems[s] for s in families.ordered(list(systems))}
              for dataset, systems in scores.items()}
    splits = {d: scores[d] for d in splits}
    sections = [Section("SWORDS", "swords", _READ)]
    for dataset, systems in splits.items():
        table = swords_table(dataset, systems, {})
        table = table.marked(marks, [dataset]) if table is not None else None
        sections.append(Section(dataset, f"{dataset}-swords", (
            f"F@10 of every system on {dataset}, one family per chart; the table behind them "
            "adds strict-conceivable P@1 and GAP."), figures=tuple(
            _figure(dataset, systems, colours)), level=3,
            details=(table,) if table is not None else ()))
    beside = swords_beside_semeval(scores, marks=marks)
    if beside is not None:
        sections.append(Section(
            "SWORDS beside SemEval-2007", "swords-semeval",
            "The same systems on both benchmarks: do they order the same way?", (beside,),
            level=3))
    return sections
