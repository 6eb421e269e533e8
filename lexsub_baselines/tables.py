"""Markdown tables of regenerated scores beside the published figures and the difference.

Every regenerated figure is shown as `ours | paper | Δ` (Δ = ours − paper, in points); where
nothing was published the paper and Δ cells read `—`. Rows follow the system order of the run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.published import PUBLISHED_BY_POS, published_row

__all__ = ["render_tables"]

_SUB_MEASURES = (("precision", "P"), ("recall", "R"), ("mode_precision", "Mode P"),
                 ("mode_recall", "Mode R"))
_MW_MEASURES = (("detection_precision", "Det P"), ("detection_recall", "Det R"),
                ("identification_precision", "Id P"), ("identification_recall", "Id R"))
_POS_NAMES = (("n", "nouns"), ("a", "adjectives"), ("v", "verbs"), ("r", "adverbs"))


def _fmt(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _delta(ours: float | None, paper: float | None, digits: int = 2) -> str:
    if ours is None or paper is None:
        return "—"
    return f"{ours - paper:+.{digits}f}"


def _triple(ours: float | None, paper: float | None, digits: int = 2) -> list[str]:
    return [_fmt(ours, digits), _fmt(paper, digits), _delta(ours, paper, digits)]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def _kind_table(dataset: str, kind: str, systems: Mapping[str, Any],
                runs: Mapping[str, Any]) -> list[str]:
    measures = _MW_MEASURES if kind == "mw" else _SUB_MEASURES
    header = ["system"]
    for _, label in measures:
        header += [label, "paper", "Δ"]
    header.append("unanswered")
    rows = []
    for system, kinds in systems.items():
        if kind not in kinds:
            continue
        block = kinds[kind]["all"]
        paper = published_row(dataset, system, kind)
        row = [f"`{system}`"]
        for key, _ in measures:
            row += _triple(block.get(key), paper.get(key) if paper else None)
        run = runs.get(system, {})
        row.append(str(run.get("unanswered", "—")))
        rows.append(row)
    if not rows:
        return []
    return [f"### {dataset} — {kind}", "", *_table(header, rows), ""]


#: Our context rankers beyond Jabbari (2010), shown under the published rows without a paper
#: figure: cmlc with the baseline's first-tier prior, and with its tier + frequency prior.
BEYOND_JABBARI = ("wordnet+cmlc:tier1-first", "wordnet+cmlc:prior")


def _by_pos_table(dataset: str, systems: Mapping[str, Any]) -> list[str]:
    rows = []
    extra: dict[tuple[str, str], Mapping[str, float]] = {
        (system, measure): {} for system in BEYOND_JABBARI for measure in ("oot_recall", "rank")}
    for (system, measure), paper in {**PUBLISHED_BY_POS, **extra}.items():
        oot = systems.get(system, {}).get("oot")
        if oot is None:
            continue
        row = [f"`{system}`", measure.replace("_", " ")]
        for pos, _ in _POS_NAMES:
            ours: float | None = None
            if measure == "oot_recall":
                value = oot.get("by_pos", {}).get(pos, {}).get("recall")
                ours = value / 100 if value is not None else None
            else:  # Jabbari's rank measure, averaged over all items (recall form), in percent
                value = oot.get("jabbari_by_pos", {}).get(pos, {}).get("rank", {}).get("recall")
                ours = value / 100 if value is not None else None
            row += _triple(ours, paper.get(pos), 3)
        rows.append(row)
    if not rows:
        return []
    header = ["system", "measure"]
    for _, name in _POS_NAMES:
        header += [name, "paper", "Δ"]
    return [f"### {dataset} — in-context rankers by PoS (Jabbari 2010; proportions)", "",
            *_table(header, rows), ""]


def render_tables(scores: Mapping[str, Any], runs: Mapping[str, Any],
                  skipped: Mapping[str, Any] | None = None) -> str:
    """Return the markdown of every table for `scores` (dataset → system → kind → JSON).

    Arguments:
        scores: what `results/scores.json` holds.
        runs: dataset → system → run record JSON (for the unanswered counts).
        skipped: dataset → system → reason, for systems that ran without scoring or failed.
    """
    lines = ["# Regenerated baselines", "",
             "Official SemEval-2007 scorer profile (`official`), percentages. "
             "`paper` = the published figure, `Δ` = ours − paper.", ""]
    for dataset, systems in scores.items():
        lines += [f"## {dataset}", ""]
        for kind in ("best", "oot", "mw"):
            lines += _kind_table(dataset, kind, systems, runs.get(dataset, {}))
        lines += _by_pos_table(dataset, systems)
    for dataset, reasons in (skipped or {}).items():
        if reasons:
            lines += [f"## {dataset} — not scored", ""]
            lines += [f"- `{system}`: {reason}" for system, reason in reasons.items()]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
