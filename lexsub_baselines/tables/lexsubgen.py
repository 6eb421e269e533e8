"""The LS07-all and CoInCo tables under LexSubGen's protocol: ours, then today's published.

`lexsubgen_table` lists every system of ours on one dataset (GAP = `gap_normalized`, P@1, P@3,
R@10, as LexSubGen's README reports them, and the profile each row was scored with), then
LexSubGen's published systems on the same data and protocol, muted (`today.TODAY`).
`lexsubgen_overview` is the README's table: each system on both datasets side by side.
`compare_table` places one user's result among them (`lexsub score --compare`). Rows of
another protocol or data version are never ranked together: a row scored with
`lexsubgen-padded` (a list shorter than 10 padded) or on a subset is shown after them, never
ranked among the published rows; a row scored under `lexsubgen` (the filled variants,
`SYSTEM+fill`, whose lists hold 10) is ranked among them by GAP. The column `GAP made` says
how each GAP was made: `pool` (every candidate of the pool ranked by the system, as the
published rows rank it) or `list` (the pool words the system happened to list; the others
out of vocabulary). `test_part_table` sets each LS07-all row beside the same files scored on
LS07's test part alone (ids 301-2010: without the 300 trial instances our settings were
chosen on), with the difference.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.tables.table import Cell, Marks, Table, mark_of, rows_of
from lexsub_baselines.tables.today import LEXSUBGEN_SOURCE, TODAY, WADA_SOURCE, rows_for

__all__ = ["COLUMNS", "compare_table", "is_lexsubgen_scores", "lexsubgen_overview",
           "lexsubgen_table", "test_part_table", "today_other_protocols"]

_KIND = "lexsubgen"
#: (metric key in scores.json, column label): the four LexSubGen's README reports.
COLUMNS: tuple[tuple[str, str], ...] = (("gap_normalized", "GAP"), ("prec@1", "P@1"),
                                        ("prec@3", "P@3"), ("rec@10", "R@10"))
_DATASETS = ("semeval2007-all", "coinco-all")
_NOTE = ("LexSubGen's evaluation (`lexsub score RESULT.json {dataset} --protocol lexsubgen`), "
         "percentages; GAP is its `gap_normalized`. Profile `lexsubgen`: LexSubGen's exactly, "
         "ranked with the published rows; `padded`: some list is shorter than 10, which "
         "LexSubGen refuses, so the missing places count as wrong guesses (our "
         "`lexsubgen-padded`), listed after them. GAP made: `pool`, every candidate of the "
         "lemma's pool ranked by the system (SYSTEM+fill: docs/systems.md), as the published "
         "rows rank it; `list`, only the words the system listed (the rest out of "
         "vocabulary). Muted: " + LEXSUBGEN_SOURCE + ", same data and protocol, not run here.")


def _whole(kinds: Mapping[str, Any]) -> bool:
    """Return True for a row of ours on the whole dataset (not a released output's row on
    the part it answers, `part`: `tables.released`, which these tables do not rank)."""
    return _KIND in kinds and "part" not in kinds[_KIND]


def is_lexsubgen_scores(systems: Mapping[str, Any]) -> bool:
    """Return True when a dataset's `scores.json` rows are LexSubGen-protocol results."""
    return any(_KIND in kinds for kinds in systems.values())


def _figures(row: Mapping[str, Any]) -> list[Cell]:
    metrics = row.get("metrics", {})
    return [float(v) if isinstance(v := metrics.get(key), int | float) else None
            for key, _ in COLUMNS]


def _profile(row: Mapping[str, Any]) -> str:
    return "lexsubgen" if row.get("profile") == "lexsubgen" else "padded"


def _gap_made(row: Mapping[str, Any]) -> str:
    return "pool" if row.get("gap_made") == "pool" else "list"


def _gap(cells: Sequence[Cell]) -> float:
    return float(cells[0]) if isinstance(cells[0], int | float) else -1.0


def _ranked(rows: Sequence[tuple[list[Cell], bool, bool]], at: int
            ) -> tuple[list[list[Cell]], frozenset[int]]:
    """Return rows (cells, exact protocol, published) ranked by the GAP in column `at`: the
    exact ones and the published together, then the padded ones; and the published indices."""
    def key(row: tuple[list[Cell], bool, bool]) -> tuple[int, float]:
        value = row[0][at]
        return (0 if row[1] else 1, -(float(value) if isinstance(value, int | float) else -1.0))

    ordered = sorted(rows, key=key)
    return ([cells for cells, _, _ in ordered],
            frozenset(i for i, (_, _, published) in enumerate(ordered) if published))


def lexsubgen_table(dataset: str, systems: Mapping[str, Any], runs: Mapping[str, Any],
                    marks: Marks | None = None) -> Table | None:
    """Return ours on `dataset` ranked by GAP with the published rows (muted) when on
    LexSubGen's exact protocol, then ours on the padded profile; None without rows."""
    ours = [([system, _profile(kinds[_KIND]), _gap_made(kinds[_KIND]),
              *_figures(kinds[_KIND]), runs.get(system, {}).get("unanswered")],
             _profile(kinds[_KIND]) == "lexsubgen", False)
            for system, kinds in systems.items() if _whole(kinds)]
    if not ours:
        return None
    published = [([row.system, "published", "pool", *[row.get(k) for k, _ in COLUMNS], None],
                   True, True) for row in rows_for(dataset, _KIND)]
    cells, muted = _ranked([*ours, *published], 3)
    return Table(f"{dataset} — LexSubGen's protocol", ("system", "profile", "GAP made",
                 *(label for _, label in COLUMNS), "unanswered"), rows_of(cells),
                 note=_NOTE.format(dataset=dataset), muted=muted,
                 marks=tuple("" if i in muted else mark_of(marks, [dataset], str(row[0]))
                             for i, row in enumerate(cells)))


def _test_figures(row: Mapping[str, Any]) -> list[Cell]:
    part = row.get("test_part")
    return _figures(part) if isinstance(part, Mapping) else [None] * len(COLUMNS)


def test_part_table(dataset: str, systems: Mapping[str, Any], marks: Marks | None = None
                    ) -> Table | None:
    """Return each row of ours on `dataset` (LS07-all) beside the same files scored on its
    test part alone, and test − all, ranked by the test part's GAP; None without such rows."""
    rows = [(system, kinds[_KIND]) for system, kinds in systems.items()
            if _KIND in kinds and isinstance(kinds[_KIND].get("test_part"), Mapping)]
    if not rows:
        return None
    cells: list[list[Cell]] = []
    for system, row in rows:  # a released output's row answers the test part alone
        everything = _figures(row) if "part" not in row else [None] * len(COLUMNS)
        test = _test_figures(row)
        cells.append([system, _profile(row), *(value for a, t in zip(everything, test,
                                                                     strict=True)
                                               for value in (a, t, None if a is None or t is None
                                                             else float(t) - float(a)))])
    cells.sort(key=lambda c: -(float(c[3]) if isinstance(c[3], int | float) else -1.0))
    first = next((r for _, r in rows if "part" not in r), rows[0][1])
    part = first["test_part"]
    header = ("system", "profile", *(f"{label} {which}" for _, label in COLUMNS
                                     for which in ("all", "test", "Δ")))
    note = (f"The rows of {dataset} (all {first.get('instances_scored', '?')} scored "
            f"instances, as LexSubGen's published rows) and the same files scored on "
            f"{part.get('part')} alone ({part.get('instances')} scored instances, ids 301-2010): "
            "the 300 SemEval-2007 trial instances, on which the fill order, the cmlc weights, "
            "the neighbour threshold and the embedding sizes were chosen, left out. Δ = test − "
            "all, in points. The published rows are on all of LS07: they have no test-only "
            "figure." + (" A released output, rescored (`released:...`), answers the test part "
                         "alone: no figure on all of it."
                         if any("part" in r for _, r in rows) else ""))
    return Table(f"{dataset} without the tuning set — the test part alone", header,
                 rows_of(cells), note=note,
                 signed=frozenset(i for i, label in enumerate(header) if label.endswith("Δ")),
                 marks=tuple(mark_of(marks, [dataset], str(row[0])) for row in cells))


def lexsubgen_overview(scores: Mapping[str, Any], marks: Marks | None = None) -> Table | None:
    """Return the README's table: each system's GAP, P@1, P@3, R@10 on LS07-all and CoInCo,
    ranked by CoInCo GAP: ours on LexSubGen's exact protocol among the published systems
    (muted), then ours on the padded profile (marked `(padded)`); None without rows."""
    systems = list(dict.fromkeys(s for d in _DATASETS for s, kinds in scores.get(d, {}).items()
                                 if _whole(kinds)))
    if not systems:
        return None

    def row_of(system: str, dataset: str) -> Mapping[str, Any]:
        return scores.get(dataset, {}).get(system, {}).get(_KIND) or {}

    def ours(system: str, dataset: str) -> list[Cell]:
        row = row_of(system, dataset)
        return _figures(row) if row else [None] * len(COLUMNS)

    def padded(system: str) -> bool:
        return any(_profile(row_of(system, d) or {"profile": "lexsubgen"}) == "padded"
                   for d in _DATASETS)

    def made(system: str) -> str:
        return "/".join(dict.fromkeys(_gap_made(row_of(system, d)) for d in _DATASETS
                                      if row_of(system, d)))

    rows: list[tuple[list[Cell], bool, bool]] = [
        ([system + (" (padded)" if padded(system) else ""), made(system),
          *ours(system, _DATASETS[0]), *ours(system, _DATASETS[1])], not padded(system), False)
        for system in systems]
    for name in dict.fromkeys(row.system for row in TODAY if row.protocol == _KIND):
        by = {row.dataset: row for row in TODAY if row.system == name and row.protocol == _KIND}
        rows.append(([name, "pool", *((by[d].get(k) if d in by else None) for d in _DATASETS
                                      for k, _ in COLUMNS)], True, True))
    cells, muted = _ranked(rows, 2 + len(COLUMNS))
    header = ("system", "GAP made", *(f"LS07 {label}" for _, label in COLUMNS),
              *(f"CoInCo {label}" for _, label in COLUMNS))
    return Table("LS07-all and CoInCo under LexSubGen's protocol — ours and today's systems",
                 header, rows_of(cells), note=_NOTE.format(dataset="DATA"), muted=muted,
                 marks=tuple("" if i in muted else
                             mark_of(marks, list(_DATASETS), str(row[0]).split(" (")[0])
                             for i, row in enumerate(cells)))


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
             if _whole(kinds) and kinds[_KIND].get("profile") == profile and subset == "all"]
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
