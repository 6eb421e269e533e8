"""The report's sections of one dataset, and of the candidate-ranking results.

Per dataset (McCarthy & Navigli 2009; McCarthy, Sinha & Mihalcea 2013): scores by PoS, one
chart per system family (`families.charts`) with each PoS's upper bound behind the bars and
the normalised score beside them; the further-analysis subsets; type overlap and
disambiguation; Spearman correlations (systems grouped by family); disruptive sets of the
best system against the next ones; paired significance tests between systems adjacent in the
recall order. Each section opens with a sentence saying what to read from it; each table row
of a system links to the instance explorer showing it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise
from typing import Any

from lexsub_baselines.analysis import compare, families, plots
from lexsub_baselines.analysis.breakdown import pos_table, subset_summary, subset_table
from lexsub_baselines.analysis.inputs import SUBSTITUTION_KINDS, Evaluation, item_scores
from lexsub_baselines.analysis.overlap import overlap_table
from lexsub_baselines.analysis.parts import (
    VOTE,
    Figure,
    ReportSettings,
    Section,
    explorer_link,
)
from lexsub_baselines.scoring.significance import BOOTSTRAP, RANDOMISATION, paired_test
from lexsub_baselines.tables.table import POS_NAMES, Cell, Marks, Table, rows_of

__all__ = ["dataset_sections", "ranking_section"]

_READ_POS = (
    "Read each bar against the grey box behind it: the box is the most any answer can earn "
    "on that part of speech (the items' upper bound), so the bar's share of its box — the "
    "percentage after the value — compares PoS with different ceilings. One chart per "
    "family; wordnet, in black, is the baseline to beat.")
_READ_SUBSETS = (
    "Read along a system's rows: recall that rises from `all` to NMWT or NMWS means the "
    "system loses mostly on multiword targets or multiword substitutes; RAND against MAN "
    "shows whether the hand-picked sentences are harder than random ones.")
_READ_OVERLAP = (
    "TypeOverlap against #subs says how many of the substitute types a system proposes "
    "for a word the annotators also gave; Disamb says how often its first guess is the mode "
    "when the mode is among its guesses for the word, i.e. how well it picks in context.")
_READ_CORRELATION = (
    "Blocks of dark red along the diagonal are families that succeed on the same items; a "
    "pale cell between two strong systems means they succeed on different items, which is "
    "where a combination such as the vote can gain.")
_READ_DISRUPTIVE = (
    "Each point is a lemma; points far from the diagonal are lemmas one system solves and "
    "the other does not. Many lemmas in the 'better' regions on both sides mean the two "
    "systems are complementary, not simply better or worse.")
_READ_SIGNIFICANCE = (
    "Read p for each pair of neighbours in the recall ranking: below 0.05 their difference "
    "is unlikely to be chance on these items; above it, the data cannot order the two. The "
    "interval is how far apart the two may be: one that holds 0 is a gap the data cannot "
    "tell from none.")


def _number(row: tuple[Cell, ...] | None, index: int) -> float | None:
    value = row[index] if row is not None else None
    return float(value) if isinstance(value, int | float) else None


def _recall_order(evaluation: Evaluation, kind: str) -> list[str]:
    systems = [s for s in evaluation.systems if kind in evaluation.answers[s]]
    recall = {s: sum(item_scores(evaluation, s, kind).credit.values()) for s in systems}
    return sorted(systems, key=lambda s: -recall[s])


def _system_links(table: Table, dataset: str, links: bool) -> Table:
    """Return `table` with each row linked to the explorer showing its first cell's system."""
    if not links:
        return table
    return replace(table, links=tuple(explorer_link(dataset, show=[str(row[0])])
                                      for row in table.rows))


def _pos_panels(table: Table, kind: str) -> tuple[str, list[plots.BarPanel]]:
    """Return (kind, one panel per PoS and `all`) from a `pos_table`'s rows."""
    cell = {(str(r[0]), str(r[1])): r for r in table.rows}
    poses = ["all", *(p for p in POS_NAMES if any(pos == p for _, pos in cell))]
    panels = []
    for pos in poses:
        rows = {s: r for (s, p), r in cell.items() if p == pos}
        bound = next((_number(r, 7) for r in rows.values()), None)
        panels.append(plots.BarPanel(
            POS_NAMES.get(pos, "all items"), {s: _number(r, 4) for s, r in rows.items()},
            {s: f"({v:.0f}%)" for s, r in rows.items() if (v := _number(r, 8)) is not None},
            bound))
    return kind, panels


def _pos_section(evaluation: Evaluation, colours: Mapping[str, str], links: bool,
                 anchor: str) -> Section:
    name = evaluation.name
    tables = [pos_table(evaluation, kind) for kind in SUBSTITUTION_KINDS]
    rows = [_pos_panels(t, k) for t, k in zip(tables, SUBSTITUTION_KINDS, strict=True)]
    figures = []
    for chart in families.charts(evaluation.systems):
        series = chart.systems
        figures.append(Figure(
            f"{name}-pos-{chart.name}",
            f"{name}: {chart.title} — best and oot recall by PoS, within each PoS's upper "
            "bound (percentage: recall / upper bound)",
            plots.bar_grid(rows, series, colours, f"{name} — {chart.title}", "recall (%)"),
            series, tuple(colours[s] for s in series)))
    return Section("Scores by part of speech", anchor, _READ_POS, figures=tuple(figures),
                   level=3, details=tuple(_system_links(t, name, links) for t in tables))


def _subset_section(evaluation: Evaluation, links: bool, anchor: str) -> Section:
    name = evaluation.name
    summaries = [_system_links(subset_summary(evaluation, k), name, links)
                 for k in SUBSTITUTION_KINDS]
    tables = [_system_links(subset_table(evaluation, k), name, links)
              for k in SUBSTITUTION_KINDS]
    if all(len(t.header) <= 3 for t in summaries):  # only `all`: nothing beyond the PoS charts
        return Section("Further-analysis subsets", anchor,
                       f"{name} has no key/mwids or key/MRsamples files, so there is no subset "
                       "beyond all items (the first panel of the charts by PoS).",
                       level=3, details=tuple(tables))
    return Section("Further-analysis subsets", anchor, _READ_SUBSETS, tuple(summaries),
                   level=3, details=tuple(tables))


def _significance_table(evaluation: Evaluation, settings: ReportSettings,
                        links: bool) -> Table:
    rows: list[list[Cell]] = []
    addresses = []
    scorer = evaluation.scorer
    for kind in SUBSTITUTION_KINDS:
        for a, b in pairwise(_recall_order(evaluation, kind)):
            test = paired_test(scorer.contributions(evaluation.answers[a][kind], kind),
                               scorer.contributions(evaluation.answers[b][kind], kind),
                               settings.resamples, settings.seed).measure("recall")
            rows.append([kind, a, b, test.a, test.b, test.delta,
                         f"[{test.low:+.2f}, {test.high:+.2f}]", test.p])
            addresses.append(explorer_link(evaluation.name, show=[a, b], a=a, b=b, kind=kind))
    return Table(f"{evaluation.name} — paired significance, systems adjacent in recall order",
                 ("kind", "system A", "system B", "R A", "R B", "Δ", "95% interval", "p"),
                 rows_of(rows),
                 note=(f"Recall of A and B over the {evaluation.gold().total} items of T "
                       f"(unattempted = 0), Δ = A − B; p: {RANDOMISATION}; interval: "
                       f"{BOOTSTRAP}; {settings.resamples} resamples, seed {settings.seed} "
                       "(lexsub_baselines.scoring.significance, as `lexsub score --paired`). "
                       "Each row links to the items where A beats B."), digits=4,
                 signed=frozenset({5}), links=tuple(addresses) if links else (),
                 link_column=1)


def _correlation(evaluation: Evaluation, links: bool, anchor: str) -> Section:
    present, matrix = compare.correlation_matrix(evaluation, "best")
    order = [present.index(s) for s in families.ordered(present)]
    systems = [present[i] for i in order]
    matrix = matrix[order][:, order]
    starts = [i for i, (x, y) in enumerate(pairwise(systems), start=1)
              if families.family_of(x).name != families.family_of(y).name]
    rows: list[list[Cell]] = [[s, *(float(v) for v in matrix[i])] for i, s in enumerate(systems)]
    table = Table(f"{evaluation.name} — Spearman rho of per-item normalised best scores",
                  ("system", *systems), rows_of(rows),
                  note="Per-item best credit / the item's upper bound, unattempted = 0, over "
                       "the items of T; — where a system's scores are constant. Systems are "
                       "grouped by family.")
    figure = Figure(f"{evaluation.name}-correlation",
                    f"{evaluation.name}: correlation of per-item normalised best scores",
                    plots.heatmap(systems, matrix, f"{evaluation.name} — Spearman rho (best)",
                                  starts))
    return Section("Correlation between systems", anchor, _READ_CORRELATION,
                   figures=(figure,), level=3,
                   details=(_system_links(table, evaluation.name, links),))


def _disruptive(evaluation: Evaluation, settings: ReportSettings, links: bool,
                anchor: str) -> Section:
    order = _recall_order(evaluation, "best")
    figures: list[Figure] = []
    rows: list[list[Cell]] = []
    addresses = []
    for other in order[1 : 1 + settings.disruptive]:
        result = compare.disruptive_sets(evaluation, [order[0]], [other])
        counts = result.counts()
        rows.append([result.a, result.b, counts["solved"], counts["hard"], counts["tied"],
                     counts["a"], counts["b"]])
        addresses.append(explorer_link(evaluation.name, show=[result.a, result.b],
                                       a=result.a, b=result.b, kind="best"))
        stem = f"{evaluation.name}-disruptive-{len(figures) + 1}"
        figures.append(Figure(stem, f"{evaluation.name}: disruptive sets, {result.a} vs "
                              f"{result.b}", plots.disruptive_plot(
                                  result, f"{result.a}\nvs {result.b}")))
    solved, hard, tied = compare.DISRUPTIVE_THRESHOLDS
    table = Table(f"{evaluation.name} — disruptive sets (lemmas per region)",
                  ("A", "B", "solved", "hard", "tied", "A better", "B better"), rows_of(rows),
                  note=(f"Per-lemma mean normalised best recall on a 0-10 scale; solved: both "
                        f">= {solved:g}; hard: both < {hard:g}; tied: |A - B| <= {tied:g}. "
                        "Each row links to the items where A beats B."),
                  links=tuple(addresses) if links else ())
    return Section("Disruptive sets", anchor, _READ_DISRUPTIVE, (table,), tuple(figures), 3)


def dataset_sections(evaluation: Evaluation, settings: ReportSettings,
                     colours: Mapping[str, str], links: bool, marks: Marks | None = None
                     ) -> list[Section]:
    """Return the sections of one dataset: an introduction, then one per analysis, each
    table's rows marked as in tables.md (`marks`)."""
    name = evaluation.name
    gold = evaluation.gold()
    text = (f"{len(evaluation.systems)} systems, {gold.total} items of T "
            f"({gold.total_mode} with a mode), {evaluation.profile.name} scorer profile."
            + (f" {VOTE}: each system's answers share one vote per item; best keeps every "
               "top-voted candidate, oot the 10 most voted." if VOTE in evaluation.answers
               else ""))
    if evaluation.notes:  # sentences: each ends with its full stop
        text += " " + " ".join(n if n.endswith((".", "?", "!")) else f"{n}."
                               for n in evaluation.notes)
    sections = [Section(name, name, text),
                _pos_section(evaluation, colours, links, f"{name}-pos"),
                _subset_section(evaluation, links, f"{name}-subsets")]
    plain = evaluation.with_systems([s for s in evaluation.systems if s != VOTE])
    sections.append(Section("Type overlap and disambiguation", f"{name}-overlap",
                            _READ_OVERLAP, (_system_links(overlap_table(plain), name, links),),
                            level=3))
    if len(plain.systems) >= 2:
        sections += [
            _correlation(plain, links, f"{name}-correlation"),
            _disruptive(plain, settings, links, f"{name}-disruptive"),
            Section("Paired significance", f"{name}-significance", _READ_SIGNIFICANCE,
                    (_significance_table(evaluation, settings, links),), level=3)]
    return [section.marked(marks, [name]) for section in sections]


def ranking_section(ranking: Mapping[str, Any]) -> Section | None:
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
    rankers = list(dict.fromkeys(r for d in ranking.values() for r in d))
    figures = []
    palette = families.FAMILIES.get("other").palette
    for start in range(0, len(rankers), families.MAX_SERIES):
        chosen = rankers[start : start + families.MAX_SERIES]
        colours = {r: palette[(start + i) % len(palette)] for i, r in enumerate(chosen)}
        panels = [plots.BarPanel(d, {r: ranking[d][r]["gap"] for r in chosen if r in ranking[d]})
                  for d in ranking]
        figures.append(Figure(
            "ranking-gap" if not start else f"ranking-gap-{start // families.MAX_SERIES + 1}",
            "GAP of each ranker on each dataset",
            plots.bar_grid([("GAP", panels)], chosen, colours, "Candidate ranking — GAP",
                           "GAP (%)"), tuple(chosen), tuple(colours.values())))
    return Section("Candidate ranking", "ranking",
                   "From results/ranking.json (`lexsub rank-eval`). GAP rewards ranking the "
                   "annotators' substitutes, weighted by how many gave them, above the rest "
                   "of the lemma's pool; random:0 and identity are the floors to beat.",
                   (table,), tuple(figures))
