"""Score breakdowns: per-PoS and further-analysis subset tables, per-PoS scores normalised by
upper bounds (`lexsub_baselines.tables.table.Table`s).

- By PoS (McCarthy & Navigli 2009, tables by part of speech): the official best/oot P, R,
  Mode P, Mode R of each system on the items of one PoS (n, v, a, r), from the scorer's
  `by_pos` blocks.
- Normalised by the items' upper bounds (McCarthy, Sinha & Mihalcea 2013, comparing PoS with
  different ceilings): the mean over the PoS's items of credit_i / UB_i, where UB_i is what a
  perfect answer earns (best: maxfreq_i/|H_i|; oot: the 10 most frequent substitutes' mass,
  without duplicates), in percent; the PoS's upper bound is shown beside it.
- Subsets (`scoreFA.pl`): NMWT (targets not part of a multiword), NMWS (single-word
  substitutes only), RAND and MAN, where the dataset has `mwids`/`MRsamples`.
"""

from __future__ import annotations

from lexsub_baselines.analysis.inputs import Evaluation, item_scores
from lexsub_baselines.datasets.types import POS_TAGS
from lexsub_baselines.scoring import ScoreReport, SubstitutionScore, upper_bounds
from lexsub_baselines.tables.table import Cell, Table, rows_of

__all__ = ["pos_table", "report_for", "subset_summary", "subset_table"]


def report_for(evaluation: Evaluation, system: str, kind: str) -> ScoreReport | None:
    """Return the official report of `system` (`all`, subsets, by PoS, bounds), or None."""
    key = (system, kind)
    if key not in evaluation._reports:
        evaluation._reports[key] = _report(evaluation, system, kind)
    report: ScoreReport | None = evaluation._reports[key]
    return report


def _report(evaluation: Evaluation, system: str, kind: str) -> ScoreReport | None:
    answers = evaluation.answers[system].get(kind)
    if answers is None:
        return None
    data = evaluation.dataset
    return evaluation.scorer.score(answers, kind, subsets=data.has("mwids")
                                   and data.has("mrsamples"), by_pos=True, bounds=True,
                                   warn=False, refuse=False)


def _measures(s: SubstitutionScore) -> list[Cell]:
    return [s.total, s.precision, s.recall, s.mode_precision, s.mode_recall]


def pos_table(evaluation: Evaluation, kind: str) -> Table:
    """Return system × PoS rows: n, P, R, Mode P, Mode R, UB, normalised R (percent)."""
    gold = evaluation.gold()
    bound_key = "best" if kind == "best" else "oot_without_duplicates"
    bounds = {pos: getattr(upper_bounds(gold.restricted(pos)), bound_key)
              for pos in POS_TAGS if gold.restricted(pos).total}
    rows: list[list[Cell]] = []
    for system in evaluation.systems:
        report = report_for(evaluation, system, kind)
        if report is None:
            continue
        scores = item_scores(evaluation, system, kind)
        main = report.main
        if not isinstance(main, SubstitutionScore):  # best/oot reports have no mw block
            continue
        overall = sum(scores.normalised.values()) / len(scores.normalised) * 100
        all_bound = getattr(upper_bounds(gold), bound_key)
        rows.append([system, "all", *_measures(main), all_bound, overall])
        for pos, pos_score in (report.by_pos or {}).items():
            ids = [i for i, t in gold.items.items() if t.pos == pos]
            normalised = sum(scores.normalised[i] for i in ids) / len(ids) * 100
            rows.append([system, pos, *_measures(pos_score), bounds.get(pos), normalised])
    return Table(
        f"{evaluation.name} — {kind} by part of speech",
        ("system", "PoS", "items", "P", "R", "Mode P", "Mode R", "UB", "R/UB"),
        rows_of(rows),
        note=(f"Official scorer ({evaluation.profile.name} profile). UB: the {kind} upper bound "
              "of those items" + (" (without duplicates)" if kind == "oot" else "")
              + "; R/UB: mean over the items of credit / the item's upper bound, in percent."),
    )


def _subset_blocks(evaluation: Evaluation, kind: str
                   ) -> tuple[list[tuple[str, str, SubstitutionScore]], str]:
    """Return (system, subset, score) of every system's blocks, and the tables' note."""
    found = []
    notes: set[str] = set()
    for system in evaluation.systems:
        report = report_for(evaluation, system, kind)
        if report is None:
            continue
        notes.update(report.notes)
        found += [(system, b.name, b.score) for b in report.blocks
                  if isinstance(b.score, SubstitutionScore)]
    note = ("NMWT: targets not part of a multiword (key/mwids); NMWS: single-word substitutes "
            "only; RAND/MAN: randomly / manually selected sentences (key/MRsamples).")
    return found, note + "".join(f" {n}" for n in sorted(notes))


def subset_table(evaluation: Evaluation, kind: str) -> Table:
    """Return system × subset rows (all, NMWT, NMWS, RAND, MAN as available)."""
    blocks, note = _subset_blocks(evaluation, kind)
    rows: list[list[Cell]] = [[system, name, *_measures(score), score.total_mode]
                              for system, name, score in blocks]
    return Table(f"{evaluation.name} — {kind} on the further-analysis subsets",
                 ("system", "subset", "items", "P", "R", "Mode P", "Mode R", "items with mode"),
                 rows_of(rows), note=note)


def subset_summary(evaluation: Evaluation, kind: str) -> Table:
    """Return one row per system: R, then Mode R, on each subset (`subset_table` in brief)."""
    blocks, note = _subset_blocks(evaluation, kind)
    subsets = list(dict.fromkeys(name for _, name, _ in blocks))
    by_system: dict[str, dict[str, SubstitutionScore]] = {}
    for system, name, score in blocks:
        by_system.setdefault(system, {})[name] = score
    rows: list[list[Cell]] = []
    for system, scores in by_system.items():
        found = [scores.get(name) for name in subsets]
        rows.append([system, *(s.recall if s else None for s in found),
                     *(s.mode_recall if s else None for s in found)])
    return Table(f"{evaluation.name} — {kind} recall on the further-analysis subsets",
                 ("system", *(f"R {n}" for n in subsets), *(f"Mode R {n}" for n in subsets)),
                 rows_of(rows), note=note)
