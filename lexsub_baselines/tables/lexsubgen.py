"""The LS07-all and CoInCo tables under LexSubGen's protocol: ours, then today's published.

`lexsubgen_table` lists every system of ours on one dataset (GAP = `gap_normalized`, P@1, P@3,
R@10, as LexSubGen's README reports them, and the profile each row was scored with), then
LexSubGen's published systems on the same data and protocol, muted (`today.TODAY`).
`lexsubgen_overview` is the README's table: each system on both datasets side by side.
`compare_table` places one user's result among them (`lexsub score --compare`). Rows of
another protocol or data version are never ranked together: a row scored with
`lexsubgen-padded` (a list shorter than 10 padded) or on a subset is shown, never ranked
among the published rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.tables.table import Cell, Marks, Table, mark_of, rows_of
from lexsub_baselines.tables.today import LEXSUBGEN_SOURCE, TODAY, WADA_SOURCE, rows_for

__all__ = ["COLUMNS", "compare_table", "is_lexsubgen_scores", "lexsubgen_overview",
           "lexsubgen_table", "today_other_protocols"]

_KIND = "lexsubgen"
#: (metric key in scores.json, column label): the four LexSubGen's README reports.
COLUMNS: tuple[tuple[str, str], ...] = (("gap_normalized", "GAP"), ("prec@1", "P@1"),
                                        ("prec@3", "P@3"), ("rec@10", "R@10"))
_DATASETS = ("semeval2007-all", "coinco-all")
_NOTE = ("LexSubGen's evaluation (`lexsub score RESULT.json {dataset} --protocol lexsubgen`), "
         "percentages; GAP is its `gap_normalized`. Profile `lexsubgen`: LexSubGen's exactly; "
         "`padded`: some list is shorter than 10, which LexSubGen refuses, so the missing "
         "places count as wrong guesses (our `lexsubgen-padded`). Muted: "
         + LEXSUBGEN_SOURCE + ", same data and protocol, not run here; only rows of profile "
         "`lexsubgen` are on exactly their protocol.")


def is_lexsubgen_scores(systems: Mapping[str, Any]) -> bool:
    """Return True when a dataset's `scores.json` rows are LexSubGen-protocol results."""
    return any(_KIND in kinds for kinds in systems.values())


def _figures(row: Mapping[str, Any]) -> list[Cell]:
    metrics = row.get("metrics", {})
    return [float(v) if isinstance(v := metrics.get(key), int | float) else None
            for key, _ in COLUMNS]


def _profile(row: Mapping[str, Any]) -> str:
    return "lexsubgen" if row.get("profile") == "lexsubgen" else "padded"


def _gap(cells: Sequence[Cell]) -> float:
    return float(cells[0]) if isinstance(cells[0], int | float) else -1.0


def lexsubgen_table(dataset: str, systems: Mapping[str, Any], runs: Mapping[str, Any],
                    marks: Marks | None = None) -> Table | None:
    """Return ours on `dataset` by GAP, then the published rows (muted); None without rows."""
    ours = sorted(((system, _profile(kinds[_KIND]), _figures(kinds[_KIND]))
                   for system, kinds in systems.items() if _KIND in kinds),
                  key=lambda row: -_gap(row[2]))
    if not ours:
        return None
    published = sorted(((row.system, "published", [row.get(k) for k, _ in COLUMNS])
                        for row in rows_for(dataset, _KIND)), key=lambda row: -_gap(row[2]))
    cells: list[list[Cell]] = [
        [system, profile, *figures, runs.get(system, {}).get("unanswered")]
        for system, profile, figures in ours]
    cells += [[system, profile, *figures, None] for system, profile, figures in published]
    muted = frozenset(range(len(ours), len(cells)))
    return Table(f"{dataset} — LexSubGen's protocol", ("system", "profile",
                 *(label for _, label in COLUMNS), "unanswered"), rows_of(cells),
                 note=_NOTE.format(dataset=dataset), muted=muted,
                 marks=tuple("" if i in muted else mark_of(marks, [dataset], str(row[0]))
                             for i, row in enumerate(cells)))


def lexsubgen_overview(scores: Mapping[str, Any], marks: Marks | None = None) -> Table | None:
    """Return the README's table: each system's GAP, P@1, P@3, R@10 on LS07-all and CoInCo,
    ours (by CoInCo GAP) then LexSubGen's published systems (muted); None without rows."""
    systems = list(dict.fromkeys(s for d in _DATASETS for s, kinds in scores.get(d, {}).items()
                                 if _KIND in kinds))
    if not systems:
        return None

    def ours(system: str, dataset: str) -> list[Cell]:
        row = scores.get(dataset, {}).get(system, {}).get(_KIND)
        return _figures(row) if row else [None] * len(COLUMNS)

    def padded(system: str) -> bool:
        return any(_profile(scores.get(d, {}).get(system, {}).get(_KIND, {"profile":
                   "lexsubgen"})) == "padded" for d in _DATASETS)

    rows: list[list[Cell]] = sorted(
        ([system + (" (padded)" if padded(system) else ""), *ours(system, _DATASETS[0]),
          *ours(system, _DATASETS[1])] for system in systems),
        key=lambda row: -(float(row[5]) if isinstance(row[5], int | float) else -1.0))
    count = len(rows)
    for name in dict.fromkeys(row.system for row in TODAY if row.protocol == _KIND):
        by = {row.dataset: row for row in TODAY if row.system == name and row.protocol == _KIND}
        rows.append([name, *((by[d].get(k) if d in by else None) for d in _DATASETS
                             for k, _ in COLUMNS)])
    header = ("system", *(f"LS07 {label}" for _, label in COLUMNS),
              *(f"CoInCo {label}" for _, label in COLUMNS))
    return Table("LS07-all and CoInCo under LexSubGen's protocol — ours and today's systems",
                 header, rows_of(rows), note=_NOTE.format(dataset="DATA"),
                 muted=frozenset(range(count, len(rows))),
                 marks=tuple(mark_of(marks, list(_DATASETS), str(row[0]).split(" (")[0])
                             if i < count else "" for i, row in enumerate(rows)))


def today_other_protocols() -> Table:
    """Return today's published rows on other protocols (Wada et al. 2022), muted."""
    rows = [row for row in TODAY if row.protocol != _KIND]
    cells: list[list[Cell]] = [[row.system, row.dataset, row.protocol,
                                ", ".join(f"{k} {v:.2f}" for k, v in row.values)]
                               for row in rows]
    return Table("today's systems on other protocols (reference, not ranked with ours)",
                 ("system", "dataset", "protocol", "figures"), rows_of(cells),
                 note=f"{WADA_SOURCE}. SWORDS: the benchmark's evaluation, as our SWORDS "
                      "tables; LS07 GAP: Melamud et al.'s lst_gap.py without multiword gold, "
                      "not LexSubGen's GAP.", muted=frozenset(range(len(cells))))


def compare_table(name: str, report: Mapping[str, Any], dataset: str,
                  scores: Mapping[str, Any]) -> tuple[Table, str]:
    """Return one user's figures among ours (same profile) and the published rows (when
    comparable), ranked by GAP; and a note saying what was left out and why."""
    mine = _figures(report)
    profile = str(report.get("profile"))
    subset = str(report.get("signature_fields", {}).get("subset", "all"))
    rows: list[tuple[str, str, list[Cell]]] = [(name, "yours", mine)]
    rows += [(system, "ours", _figures(kinds[_KIND]))
             for system, kinds in scores.get(dataset, {}).items()
             if _KIND in kinds and kinds[_KIND].get("profile") == profile and subset == "all"]
    note = ""
    if profile == "lexsubgen" and subset == "all" and dataset in _DATASETS:
        rows += [(row.system, "published", [row.get(k) for k, _ in COLUMNS])
                 for row in rows_for(dataset, _KIND)]
    else:
        note = (f"--compare: your score is {profile} on {subset} of {dataset}; the published "
                "rows are LexSubGen's exact protocol on all of semeval2007-all or coinco-all, "
                "so they are not ranked with it")
    rows.sort(key=lambda row: -_gap(row[2]))
    cells: list[list[Cell]] = [[system, source, *figures] for system, source, figures in rows]
    return (Table(f"{name} among the systems on {dataset} — LexSubGen's protocol ({profile}), "
                  "ranked by GAP", ("system", "source", *(label for _, label in COLUMNS)),
                  rows_of(cells), note=_NOTE.format(dataset=dataset),
                  muted=frozenset(i for i, row in enumerate(rows) if row[1] == "published")),
            note)
