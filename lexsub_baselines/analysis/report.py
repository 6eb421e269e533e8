"""Build the analysis report from a results folder: the headline, one section per dataset, ranking.

Everything is computed from what is already written — `results/scores.json` (the headline:
every published row, ours beside the paper's), the answer files (`results/<dataset>/*.best|oot`)
and `results/ranking.json` (`lexsub rank-eval`); nothing is re-run, so the report builds in
seconds. Per dataset (`sections`): scores by PoS drawn one system family at a time, the
further-analysis subsets, type overlap, correlations, disruptive sets and paired significance
tests, each with a sentence saying what to read from it. The instance explorer's data
(`explorer`) comes from the same evaluations. `render` writes HTML, markdown and the explorer.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tqdm import tqdm

from lexsub_baselines.analysis import families
from lexsub_baselines.analysis.inputs import (
    SUBSTITUTION_KINDS,
    Evaluation,
    discover_runs,
    load_evaluation,
    read_results_json,
    row_settings,
    stale_files,
    unrecorded_files,
)
from lexsub_baselines.analysis.parts import (
    EXPLORER_PAGE,
    VOTE,
    Figure,
    Report,
    ReportSettings,
    Section,
    explorer_link,
)
from lexsub_baselines.analysis.voting import vote_answers
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.runs.store import check_pair
from lexsub_baselines.scoring import answers_from_mapping
from lexsub_baselines.tables.released import is_released

__all__ = ["EXPLORER_PAGE", "VOTE", "Figure", "Report", "ReportSettings", "Section",
           "build_report", "explorer_link", "figure_names"]

#: Datasets analysed one by one only when asked for (their size).
ASKED_FOR: tuple[str, ...] = ("coinco-test",)


def with_vote(evaluation: Evaluation) -> Evaluation:
    """Return the evaluation with `VOTE`, the vote of its systems, added (two or more; the
    field's released outputs are not members: it is our systems' vote)."""
    answers = dict(evaluation.answers)
    if len(answers) < 2:
        return evaluation
    voted = {}
    for kind in SUBSTITUTION_KINDS:
        members = {s: a[kind] for s, a in answers.items() if kind in a and not is_released(s)}
        if len(members) >= 2:
            voted[kind] = answers_from_mapping(vote_answers(members, kind), kind)
    if voted:
        answers[VOTE] = voted
    return evaluation.with_answers(answers)


def _stale_note(results: Path) -> list[str]:
    stale = stale_files(results)
    if not stale:
        return []
    why = {"changed": "rewritten since it was recorded", "missing": "missing",
           "unvouched": "recorded by an older version, with no digest"}
    first = stale[0]
    return [f"{len(stale)} answer files that results/runs.json vouches for are not as it "
            f"vouched for them and were left out (first: {first.path}, {why[first.state]}); "
            f"`lexsub baselines --out {results}` (with --systems NAME) records them again"]


def _evaluations(results: Path, roots: Roots, settings: ReportSettings, progress: bool,
                 notes: list[str]) -> list[Evaluation]:
    runs = discover_runs(results)
    chosen = list(settings.datasets) or [name for name in runs if name not in ASKED_FOR]
    if not settings.datasets and (left := [name for name in runs if name in ASKED_FOR]):
        notes.append(f"{', '.join(left)}: left out of the per-dataset analyses and the "
                     "explorer unless asked for (`lexsub report --datasets NAME`: CoInCo's "
                     "test part holds 10,027 instances); its rows are in tables.md and in "
                     "the field section")
    evaluations = []
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
        if settings.vote:
            evaluation = with_vote(evaluation)
        # every table and chart lists the systems family by family
        evaluations.append(evaluation.with_systems(families.ordered(evaluation.systems)))
    return evaluations


def build_report(results: Path, roots: Roots, settings: ReportSettings | None = None,
                 progress: bool = True) -> Report:
    """Build the report of every dataset (and the ranking results) found in `results`.

    Raises:
        LexsubError: `scores.json`, `runs.json` or `ranking.json` is unreadable (the message
            names the file and how to rebuild it).
    """
    settings = settings or ReportSettings()
    from lexsub_baselines.analysis.complementarity_section import field_section
    from lexsub_baselines.analysis.explorer import explorer_data
    from lexsub_baselines.analysis.headline import headline_section, read_scores
    from lexsub_baselines.analysis.prolex_section import prolex_section
    from lexsub_baselines.analysis.sections import dataset_sections, ranking_section
    from lexsub_baselines.analysis.swords_section import swords_section
    from lexsub_baselines.analysis.tsar_section import tsar_section

    notes: list[str] = []
    scores_file = results / "scores.json"
    runs = check_pair(results)  # scores.json written with runs.json (a killed run finished)
    marks = runs.marks()
    scores = read_scores(scores_file)
    evaluations = _evaluations(results, roots, settings, progress, notes)
    swords = {dataset: {s: kinds["lsr"] for s, kinds in systems_.items()
                        if not settings.systems or s in settings.systems}
              for dataset, systems_ in discover_runs(results, ("lsr",)).items()
              if not settings.datasets or dataset in settings.datasets}
    swords = {dataset: runs for dataset, runs in swords.items() if runs}
    systems = [s for e in evaluations for s in e.systems] + [
        s for runs in swords.values() for s in runs]
    colours = families.colours(list(dict.fromkeys(systems)))
    links = settings.explorer and bool(evaluations or swords)
    unrecorded = unrecorded_files(results)
    if not evaluations and not swords and scores is None:
        raise LexsubError(f"{results}: no answer file is recorded in runs.json ({len(unrecorded)} "
                          f"unrecorded); run `lexsub baselines --out {results}` (with --systems "
                          "to choose)")
    notes += _stale_note(results)
    if unrecorded:
        notes.append(f"{len(unrecorded)} answer files that no record of results/runs.json "
                     f"names were left out (first: {unrecorded[0]}): written by `lexsub run`, "
                     "`api.run` or by hand, or left by a system whose row was dropped; "
                     "`lexsub baselines --systems NAME` records a system's files")
    sections: list[Section] = []
    if scores is not None:
        sections.append(headline_section(scores, links, marks))
    else:
        notes.append(f"{scores_file} not found: no headline comparison with the papers; "
                     "`make baselines` (or `lexsub baselines`) writes it")
    for evaluation in evaluations:
        sections += dataset_sections(evaluation, settings, colours, links, marks)
    sections += swords_section(scores or {}, marks)
    sections += tsar_section(scores or {}, roots, marks)
    sections += prolex_section(scores or {}, marks)
    sections += field_section(results, roots, scores, links)  # the field's released outputs
    ranking = ranking_section(read_results_json(
        results / "ranking.json", "ranker -> scores",
        "re-run `lexsub rank-eval` (make report) or delete the file") or {})
    if ranking is not None:
        sections.append(ranking)
    made = {(name, system): settings_id for name in
            [*(e.name for e in evaluations), *swords]
            for system, settings_id in row_settings(results, name, systems).items()}
    explorer = explorer_data(evaluations, colours, swords, roots, made, marks) if links else None
    return Report("lexsub_baselines — analysis report", tuple(sections), tuple(notes),
                  {"results": str(results), "resamples": settings.resamples,
                   "seed": settings.seed}, explorer)


def figure_names(report: Report) -> Sequence[str]:
    """Return the names of every figure in the report, in order."""
    return [f.name for s in report.sections for f in s.figures]
