"""Build the analysis report from a results folder: one section per dataset, plus ranking.

Everything is computed from the answer files already written (`results/<dataset>/*.best|oot`)
and `results/ranking.json` (`lexsub rank-eval`); nothing is re-run, so the report builds in
seconds. Per dataset: tables by PoS (with normalised scores) and by subset for best and oot,
including a vote of the systems present; the type-overlap/disambiguation table; Spearman
correlations; disruptive sets of the best system against the next ones; paired significance
tests between systems adjacent in the best-recall order. `render` writes HTML and markdown.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from tqdm import tqdm

from lexsub_baselines.analysis import compare, plots
from lexsub_baselines.analysis.breakdown import pos_table, subset_table
from lexsub_baselines.analysis.inputs import (
    SUBSTITUTION_KINDS,
    Evaluation,
    discover_runs,
    item_scores,
    load_evaluation,
)
from lexsub_baselines.analysis.overlap import overlap_table
from lexsub_baselines.analysis.voting import vote_answers
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.paths import Roots
from lexsub_baselines.scoring import answers_from_mapping
from lexsub_baselines.tables import POS_NAMES, Cell, Table, rows_of

__all__ = ["VOTE", "Figure", "Report", "ReportSettings", "Section", "build_report"]

#: The name of the vote of the systems present.
VOTE = "vote(all)"


@dataclass(frozen=True)
class Figure:
    """A PNG figure.

    Attributes:
        name: file-name stem (`semeval2007-test-pos-best`).
        title: what it shows.
        png: the image.
    """

    name: str
    title: str
    png: bytes


@dataclass(frozen=True)
class Section:
    """A titled part of the report."""

    title: str
    text: str = ""
    tables: tuple[Table, ...] = ()
    figures: tuple[Figure, ...] = ()


@dataclass(frozen=True)
class ReportSettings:
    """What the report covers and how its tests are run.

    Attributes:
        datasets: datasets to analyse (default: every dataset with answers and gold).
        systems: systems to analyse (default: all present).
        vote: add a vote of the systems present to the score tables.
        trials: shuffles of the significance tests.
        seed: their seed.
        method: `randomisation` or `bootstrap`.
        disruptive: how many systems to set against the best one in disruptive-set plots.
    """

    datasets: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()
    vote: bool = True
    trials: int = 10_000
    seed: int = 0
    method: str = "randomisation"
    disruptive: int = 3


@dataclass(frozen=True)
class Report:
    """The whole report."""

    title: str
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)


def _with_vote(evaluation: Evaluation) -> Evaluation:
    answers = dict(evaluation.answers)
    if len(answers) < 2:
        return evaluation
    voted = {}
    for kind in SUBSTITUTION_KINDS:
        members = {s: a[kind] for s, a in answers.items() if kind in a}
        if len(members) >= 2:
            voted[kind] = answers_from_mapping(vote_answers(members, kind), kind)
    if voted:
        answers[VOTE] = voted
    return evaluation.with_answers(answers)


def _recall_order(evaluation: Evaluation, kind: str) -> list[str]:
    systems = [s for s in evaluation.systems if kind in evaluation.answers[s]]
    recall = {s: sum(item_scores(evaluation, s, kind).credit.values()) for s in systems}
    return sorted(systems, key=lambda s: -recall[s])


def _number(row: tuple[Cell, ...] | None, index: int) -> float | None:
    value = row[index] if row is not None else None
    return float(value) if isinstance(value, int | float) else None


def _pos_figures(evaluation: Evaluation, table: Table, kind: str) -> list[Figure]:
    """Return recall-within-bound bars and normalised bars by PoS (columns of `pos_table`)."""
    cell = {(str(r[0]), str(r[1])): r for r in table.rows if r[1] != "all"}
    poses = [p for p in POS_NAMES if any(pos == p for _, pos in cell)]
    systems = list(dict.fromkeys(system for system, _ in cell))
    groups = [POS_NAMES[p] for p in poses]
    bounds = [_number(cell.get((systems[0], p)), 7) for p in poses] if systems else []
    recall = {s: [_number(cell.get((s, p)), 4) for p in poses] for s in systems}
    normalised = {s: [_number(cell.get((s, p)), 8) for p in poses] for s in systems}
    name = evaluation.name
    return [
        Figure(f"{name}-pos-{kind}", f"{name}: {kind} recall by PoS, within the upper bound",
               plots.score_vs_bound(groups, bounds, recall, f"{name} — {kind} recall by PoS",
                                    "recall (%)")),
        Figure(f"{name}-pos-{kind}-normalised",
               f"{name}: {kind} recall by PoS normalised by the items' upper bounds",
               plots.bars(groups, normalised, f"{name} — {kind} recall / upper bound by PoS",
                          "R / UB (%)")),
    ]


def _significance_table(evaluation: Evaluation, settings: ReportSettings) -> Table:
    rows: list[list[Cell]] = []
    for kind in SUBSTITUTION_KINDS:
        order = _recall_order(evaluation, kind)
        ids = list(evaluation.gold().items)
        for a, b in pairwise(order):
            sa = item_scores(evaluation, a, kind).credit
            sb = item_scores(evaluation, b, kind).credit
            test = compare.paired_test([sa[i] for i in ids], [sb[i] for i in ids],
                                       settings.method, settings.trials, settings.seed, (a, b))
            rows.append([kind, a, b, test.mean_a, test.mean_b, test.p, test.items])
    return Table(f"{evaluation.name} — paired significance, systems adjacent in recall order",
                 ("kind", "system A", "system B", "R A", "R B", "p", "items"), rows_of(rows),
                 note=(f"Two-sided {settings.method} test on per-item official credit "
                       f"(unattempted = 0), {settings.trials} trials, seed {settings.seed}; "
                       "see lexsub_baselines.analysis.compare."), digits=4)


def _correlation(evaluation: Evaluation) -> tuple[Table, Figure]:
    systems, matrix = compare.correlation_matrix(evaluation, "best")
    rows: list[list[Cell]] = [[s, *(float(v) for v in matrix[i])] for i, s in enumerate(systems)]
    table = Table(f"{evaluation.name} — Spearman rho of per-item normalised best scores",
                  ("system", *systems), rows_of(rows),
                  note="Per-item best credit / the item's upper bound, unattempted = 0, over "
                       "the items of T; — where a system's scores are constant.")
    figure = Figure(f"{evaluation.name}-correlation",
                    f"{evaluation.name}: correlation of per-item normalised best scores",
                    plots.heatmap(systems, matrix, f"{evaluation.name} — Spearman rho (best)"))
    return table, figure


def _disruptive(evaluation: Evaluation, settings: ReportSettings) -> tuple[Table, list[Figure]]:
    order = _recall_order(evaluation, "best")
    figures: list[Figure] = []
    rows: list[list[Cell]] = []
    for other in order[1 : 1 + settings.disruptive]:
        result = compare.disruptive_sets(evaluation, [order[0]], [other])
        counts = result.counts()
        rows.append([result.a, result.b, counts["solved"], counts["hard"], counts["tied"],
                     counts["a"], counts["b"]])
        stem = f"{evaluation.name}-disruptive-{len(figures) + 1}"
        figures.append(Figure(stem, f"{evaluation.name}: disruptive sets, {result.a} vs "
                              f"{result.b}", plots.disruptive_plot(
                                  result, f"{evaluation.name}: {result.a} vs {result.b}")))
    solved, hard, tied = compare.DISRUPTIVE_THRESHOLDS
    table = Table(f"{evaluation.name} — disruptive sets (lemmas per region)",
                  ("A", "B", "solved", "hard", "tied", "A better", "B better"), rows_of(rows),
                  note=(f"Per-lemma mean normalised best recall on a 0-10 scale; solved: both "
                        f">= {solved:g}; hard: both < {hard:g}; tied: |A - B| <= {tied:g}."))
    return table, figures


def dataset_section(evaluation: Evaluation, settings: ReportSettings) -> Section:
    """Return the section of one dataset (every analysis over the systems present)."""
    scored = _with_vote(evaluation) if settings.vote else evaluation
    tables: list[Table] = []
    figures: list[Figure] = []
    for kind in SUBSTITUTION_KINDS:
        by_pos = pos_table(scored, kind)
        tables += [by_pos, subset_table(scored, kind)]
        figures += _pos_figures(scored, by_pos, kind)
    tables.append(overlap_table(evaluation))
    if len(evaluation.systems) >= 2:
        correlation, heat = _correlation(evaluation)
        disruptive, scatter = _disruptive(evaluation, settings)
        tables += [correlation, disruptive, _significance_table(scored, settings)]
        figures += [heat, *scatter]
    gold = evaluation.gold()
    text = (f"{len(evaluation.systems)} systems, {gold.total} items of T "
            f"({gold.total_mode} with a mode), {evaluation.profile.name} scorer profile."
            + (f" {VOTE}: each system's answers share one vote per item; best keeps every "
               "top-voted candidate, oot the 10 most voted." if settings.vote else ""))
    if evaluation.notes:
        text += " " + " ".join(evaluation.notes)
    return Section(evaluation.name, text, tuple(tables), tuple(figures))


def ranking_section(ranking: dict[str, Any]) -> Section | None:
    """Return the candidate-ranking section from `ranking.json` data (None when empty)."""
    rows: list[list[Cell]] = []
    labels: list[str] = []
    for dataset, rankers in ranking.items():
        for ranker, s in rankers.items():
            at = s.get("at_k", {})
            labels = list(at) or labels
            rows.append([dataset, ranker, s["gap"], s["items"], s["skipped"],
                         *at.values(), s.get("no_pool", 0)])
    if not rows:
        return None
    filters = sorted({s["multiword_filter"] for r in ranking.values() for s in r.values()})
    table = Table("Candidate ranking: GAP and P@k of each ranker over the standard pools",
                  ("dataset", "ranker", "GAP", "items", "skipped", *labels, "no pool"),
                  rows_of(rows),
                  note=(f"GAP with the sorted-gold denominator (multiword filter on the gold: "
                        f"{', '.join(filters)}); skipped: items whose filtered gold is empty; "
                        "P@k/R@k forms named in the headers (R over |gold|)."))
    datasets = list(ranking)
    rankers = list(dict.fromkeys(r for d in ranking.values() for r in d))
    series = {r: [ranking[d][r]["gap"] if r in ranking[d] else None for d in datasets]
              for r in rankers}
    figure = Figure("ranking-gap", "GAP of each ranker on each dataset",
                    plots.bars(datasets, series, "Candidate ranking — GAP", "GAP (%)"))
    return Section("Candidate ranking", "From results/ranking.json (`lexsub rank-eval`).",
                   (table,), (figure,))


def build_report(results: Path, roots: Roots, settings: ReportSettings = ReportSettings(),
                 progress: bool = True) -> Report:
    """Build the report of every dataset (and the ranking results) found in `results`."""
    import json

    runs = discover_runs(results)
    chosen = list(settings.datasets) or list(runs)
    notes: list[str] = []
    sections = []
    for name in tqdm(chosen, desc="report", unit="dataset", file=sys.stderr,
                     disable=not progress, leave=False):
        dataset = load_dataset(name, roots)
        if not dataset.has("gold") or dataset.spec.language != "en":
            notes.append(f"{name}: skipped (no gold, or not an English dataset)")
            continue
        systems = [s for s in settings.systems if s in runs.get(name, {})] or None
        if settings.systems and systems is None:
            notes.append(f"{name}: none of the chosen systems has answers; skipped")
            continue
        evaluation = load_evaluation(results, name, roots, systems)
        sections.append(dataset_section(evaluation, settings))
    ranking_file = results / "ranking.json"
    if ranking_file.is_file():
        section = ranking_section(json.loads(ranking_file.read_text(encoding="utf-8")))
        if section is not None:
            sections.append(section)
    return Report("lexsub_baselines — analysis report", tuple(sections), tuple(notes),
                  {"results": str(results), "trials": settings.trials, "seed": settings.seed,
                   "method": settings.method})


def figure_names(report: Report) -> Sequence[str]:
    """Return the names of every figure in the report, in order."""
    return [f.name for s in report.sections for f in s.figures]
