"""The results tables of SemEval-2007 rows and the report's headline, ours beside the paper's.

- `kind_table` and `by_pos_table` are `results/tables.md`'s (`tables_md.render_tables`):
  every regenerated figure as `ours | paper | Δ` (Δ = ours − paper, in points); where nothing
  was published the paper and Δ cells read `—`. Rows follow the system order of the run.
- `published_tables` is the report's headline: every published row (`published.PUBLISHED`,
  `PUBLISHED_BY_POS`), ours from `scores.json` beside the paper's figure and the difference.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lexsub_baselines.tables.published import (
    PUBLISHED,
    PUBLISHED_BY_POS,
    PUBLISHED_BY_POS_DATASET,
    published_row,
    source_note,
)
from lexsub_baselines.tables.table import POS_NAMES, Cell, Marks, Table, mark_of, rows_of

__all__ = ["BEYOND_JABBARI", "SUB_MEASURES", "PublishedComparison", "by_pos_table",
           "kind_table", "published_comparisons", "published_tables"]

#: The figures of a best or oot block: (key in scores.json, column label).
SUB_MEASURES = (("precision", "P"), ("recall", "R"), ("mode_precision", "Mode P"),
                 ("mode_recall", "Mode R"))
_MW_MEASURES = (("detection_precision", "Det P"), ("detection_recall", "Det R"),
                ("identification_precision", "Id P"), ("identification_recall", "Id R"))
#: The headline's measures of a published best/oot row: (kind, measure, label).
_HEADLINE_MEASURES = (("best", "recall", "best R"), ("best", "mode_recall", "best Mode R"),
                      ("oot", "recall", "oot R"), ("oot", "mode_recall", "oot Mode R"))
#: The PoS order of Jabbari (2010)'s tables: nouns, adjectives, verbs, adverbs.
_JABBARI_POS = ("n", "a", "v", "r")


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _triple(ours: float | None, paper: float | None) -> list[Cell]:
    """Return ours, paper, Δ (= ours − paper; None when either is missing)."""
    return [ours, paper, None if ours is None or paper is None else ours - paper]


def _triple_header(labels: Sequence[str]) -> list[str]:
    header: list[str] = []
    for label in labels:
        header += [label, "paper", "Δ"]
    return header


def _signed(header: Sequence[str]) -> frozenset[int]:
    return frozenset(i for i, h in enumerate(header) if h == "Δ")


def _without_empty_papers(header: Sequence[str], rows: Sequence[Sequence[Cell]]
                          ) -> tuple[tuple[str, ...], list[list[Cell]]]:
    """Return the table without the `paper` columns (and their `Δ`) that no row has a figure
    in: a dataset with nothing published shows ours only, not empty columns."""
    keep: list[int] = []
    index = 0
    while index < len(header):
        if header[index] == "paper" and all(row[index] is None for row in rows):
            index += 2  # the paper column and its Δ
            continue
        keep.append(index)
        index += 1
    return tuple(header[i] for i in keep), [[row[i] for i in keep] for row in rows]


def kind_table(dataset: str, kind: str, systems: Mapping[str, Any],
                runs: Mapping[str, Any]) -> Table | None:
    measures = _MW_MEASURES if kind == "mw" else SUB_MEASURES
    header = ["system", *_triple_header([label for _, label in measures]), "unanswered"]
    rows: list[list[Cell]] = []
    sources: list[str] = []
    for system, kinds in systems.items():
        if kind not in kinds:
            continue
        block = kinds[kind]["all"]
        paper = published_row(dataset, system, kind)
        sources += [paper.source] if paper else []
        row: list[Cell] = [system]
        for key, _ in measures:
            row += _triple(_number(block.get(key)), paper.get(key) if paper else None)
        row.append(runs.get(system, {}).get("unanswered"))
        rows.append(row)
    if not rows:
        return None
    shown, rows = _without_empty_papers(header, rows)
    return Table(f"{dataset} — {kind}", shown, rows_of(rows), signed=_signed(shown),
                 note=source_note(dataset, kind, sources))


#: Our context rankers beyond Jabbari (2010), shown under the published rows without a paper
#: figure: cmlc with the baseline's first-tier prior, and with its tier + frequency prior.
BEYOND_JABBARI = ("wordnet+cmlc:tier1-first", "wordnet+cmlc:prior")


def by_pos_table(dataset: str, systems: Mapping[str, Any]) -> Table | None:
    rows: list[list[Cell]] = []
    extra: dict[tuple[str, str], Mapping[str, float]] = {
        (system, measure): {} for system in BEYOND_JABBARI for measure in ("oot_recall", "rank")}
    published = dataset == PUBLISHED_BY_POS_DATASET  # Jabbari's figures are test figures
    for (system, measure), paper in {**PUBLISHED_BY_POS, **extra}.items():
        paper = paper if published else {}
        oot = systems.get(system, {}).get("oot")
        if oot is None:
            continue
        row: list[Cell] = [system, measure.replace("_", " ")]
        for pos in _JABBARI_POS:
            if measure == "oot_recall":
                value = oot.get("by_pos", {}).get(pos, {}).get("recall")
            else:  # Jabbari's rank measure, averaged over all items (recall form), in percent
                value = oot.get("jabbari_by_pos", {}).get(pos, {}).get("rank", {}).get("recall")
            ours = _number(value)
            row += _triple(ours / 100 if ours is not None else None, paper.get(pos))
        rows.append(row)
    if not rows:
        return None
    header, rows = _without_empty_papers(
        ["system", "measure", *_triple_header([POS_NAMES[p] for p in _JABBARI_POS])], rows)
    note = (f"Ours on {dataset}; paper: Jabbari (2010), on {dataset} too (proportions)."
            if published else f"Ours on {dataset}, proportions; Jabbari (2010) published "
            f"these measures for {PUBLISHED_BY_POS_DATASET} only, so ours only here.")
    return Table(f"{dataset} — in-context rankers by PoS (Jabbari 2010's measures)",
                 header, rows_of(rows), digits=3, signed=_signed(header), note=note)


@dataclass(frozen=True)
class PublishedComparison:
    """One published row beside ours.

    Attributes:
        dataset: the dataset (`semeval2007-test`).
        system: our system (`dict:wiktionary`), or the published name when we have no row.
        published: the system name of the published row (`dict`).
        values: (kind, measure) -> (ours or None, paper).
        signatures: kind -> the signature of our scores (empty without a row of ours).
    """

    dataset: str
    system: str
    published: str
    values: Mapping[tuple[str, str], tuple[float | None, float]]
    signatures: Mapping[str, str]

    def get(self, kind: str, measure: str) -> tuple[float | None, float | None]:
        """Return (ours, paper) of one measure; None where there is no figure."""
        ours, paper = self.values.get((kind, measure), (None, None))
        return ours, paper


def _ours_for(published: str, systems: Mapping[str, Any]) -> list[str]:
    """Return our systems a published row stands for: the same name, or its variants
    (`dict` -> `dict:wiktionary`, `dict:freedict`: one dictionary each)."""
    if published in systems:
        return [published]
    return [s for s in systems if s.startswith(f"{published}:")]


def published_comparisons(scores: Mapping[str, Any]) -> list[PublishedComparison]:
    """Return every published best/oot/mw row with ours from `scores` (`scores.json` data).

    Rows follow `published.PUBLISHED` (the papers' order); a published row with several
    systems of ours (one per dictionary) gives one row each; without ours, ours is None.
    """
    grouped: dict[tuple[str, str], dict[str, Any]] = {}
    for row in PUBLISHED:
        grouped.setdefault((row.dataset, row.system), {})[row.kind] = row
    comparisons = []
    for (dataset, published), kinds in grouped.items():
        systems = scores.get(dataset, {})
        for system in _ours_for(published, systems) or [published]:
            ours = systems.get(system, {})
            values: dict[tuple[str, str], tuple[float | None, float]] = {}
            signatures: dict[str, str] = {}
            for kind, paper in kinds.items():
                block = ours.get(kind, {})
                for measure, value in paper.values:
                    values[(kind, measure)] = (_number(block.get("all", {}).get(measure)), value)
                if isinstance(block.get("signature"), str):
                    signatures[kind] = block["signature"]
            comparisons.append(PublishedComparison(dataset, system, published, values,
                                                   signatures))
    return comparisons


def published_tables(comparisons: Sequence[PublishedComparison], scores: Mapping[str, Any],
                     links: Mapping[tuple[str, str], str] | None = None,
                     marks: Marks | None = None) -> list[Table]:
    """Return the headline tables: best/oot rows, mw rows, Jabbari's by-PoS rows.

    Arguments:
        comparisons: from `published_comparisons`.
        scores: the `scores.json` data (for the by-PoS rows).
        links: (dataset, system) -> an address for the row (the instance explorer).
        marks: (dataset, system) -> the row's settings mark (as in tables.md).
    """
    links = links or {}
    tables = []
    for mw, measures in ((False, _HEADLINE_MEASURES),
                         (True, tuple(("mw", m, label) for m, label in _MW_MEASURES))):
        chosen = [c for c in comparisons if any(k == "mw" for k, _ in c.values) == mw]
        header = ["dataset", "system", *_triple_header([label for *_, label in measures])]
        rows: list[list[Cell]] = []
        for comparison in chosen:
            row: list[Cell] = [comparison.dataset, comparison.system]
            for kind, measure, _ in measures:
                row += _triple(*comparison.get(kind, measure))
            rows.append(row)
        if rows:
            what = "the multiword baseline" if mw else "best and oot recall"
            tables.append(Table(
                f"Published rows — {what}: ours beside the paper's", tuple(header),
                rows_of(rows), signed=_signed(header), link_column=1,
                links=tuple(links.get((c.dataset, c.system)) for c in chosen),
                marks=tuple(mark_of(marks, [c.dataset], c.system) for c in chosen),
                mark_column=1,
                note=("Ours from results/scores.json (official scorer), paper from "
                      "lexsub_baselines/published.py; Δ = ours − paper in points; — where "
                      "results/scores.json has no such row.")))
    by_pos = by_pos_table(PUBLISHED_BY_POS_DATASET, scores.get(PUBLISHED_BY_POS_DATASET, {}))
    if by_pos is not None:
        tables.append(by_pos.marked(marks, [PUBLISHED_BY_POS_DATASET]))
    return tables
