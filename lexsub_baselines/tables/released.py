"""The field's released outputs, rescored: how their rows are named, labelled and set out.

A released output (`datasets.field_outputs`) makes rows named `released:NAME` in
`scores.json` (`runs.field_runs`), each with a `released` block: where the file comes from,
how many of the benchmark's instances it answers, and the published figures it is set beside
where there are some. The tables of each benchmark list them with ours, labelled (`label`);
`released_tables` sets them out on their own, one table per protocol, each figure beside the
published one and the difference (Δ = rescored − published; 0 expected for UniHD's English
runs, which `tsar_eval.py` reproduced gives exactly).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lexsub_baselines.tables.lexsubgen import COLUMNS as LEXSUBGEN_COLUMNS
from lexsub_baselines.tables.swords import SWORDS_COLUMNS
from lexsub_baselines.tables.table import Cell, Table, rows_of

__all__ = ["LABEL", "POST_DEADLINE", "RELEASED_PREFIX", "is_released", "label",
           "released_rows", "released_tables"]

#: The prefix of a released output's row name (`released:wordtune`).
RELEASED_PREFIX = "released:"
#: How every table labels a released output's row.
LABEL = "released output, rescored"
#: How the TSAR Spanish and Portuguese tables label UniHD's runs made after the deadline.
POST_DEADLINE = "released output, rescored; post-deadline: the field's ceiling"
_TSAR = ("ACC@1", "ACC@1@Top1", "MAP@3", "Potential@3")
_SEMEVAL = (("best", "recall", "best R"), ("best", "mode_recall", "best Mode R"),
            ("oot", "recall", "oot R"), ("oot", "mode_recall", "oot Mode R"))


def is_released(system: str) -> bool:
    """Return True for the row of a released output (`released:wordtune`).

    >>> is_released("released:unihd-3"), is_released("wordnet")
    (True, False)
    """
    return system.startswith(RELEASED_PREFIX)


def label(system: str, dataset: str) -> str:
    """Return the source label of a released row (`POST_DEADLINE` for UniHD's Spanish and
    Portuguese runs, which no official ranking holds), "" for a row of ours."""
    if not is_released(system):
        return ""
    late = dataset.startswith(("tsar2022-es-", "tsar2022-pt-"))
    return POST_DEADLINE if late else LABEL


def released_rows(scores: Mapping[str, Any]) -> list[tuple[str, str, str, Mapping[str, Any]]]:
    """Return (dataset, system, kind, row) of every released row of `scores.json` data."""
    return [(dataset, system, kind, row) for dataset, systems in scores.items()
            for system, kinds in systems.items() if is_released(system)
            for kind, row in kinds.items() if isinstance(row, Mapping)]


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        else None


def _tsar_table(rows: Sequence[tuple[str, str, str, Mapping[str, Any]]]) -> Table | None:
    cells: list[list[Cell]] = []
    sources: list[str] = []
    for dataset, system, kind, row in rows:
        if kind != "tsar2022":
            continue
        released = row.get("released") or {}  # a row of an older scores.json has none
        metrics, published = row.get("metrics", {}), released.get("published") or {}
        figures = published.get("figures", {})
        equal = (f"{len(figures) - len(published.get('differs', []))} of {len(figures)}"
                 if figures else "—")
        line: list[Cell] = [system, dataset, equal]
        for name in _TSAR:
            ours, paper = _number(metrics.get(name)), _number(figures.get(name))
            line += [ours, paper, None if ours is None or paper is None else ours - paper]
        cells.append(line)
        sources.append(f"`{system}` on {dataset}: {published.get('source', 'none published')}")
    if not cells:
        return None
    header = ("system", "dataset", "published figures equal",
              *(f"{name}{suffix}" for name in _TSAR for suffix in ("", " published", " Δ")))
    return Table("The field's released outputs, rescored — TSAR-2022 (tsar_eval.py)", header,
                 rows_of(cells), digits=4,
                 signed=frozenset(i for i, h in enumerate(header) if h.endswith("Δ")),
                 note=("UniHD's predictions files as released, scored by `lexsub score FILE "
                       "tsar2022-LANG-test`; file 1 of English is the official run 1, file 3 "
                       "the official run 2 (the task's winner); the Spanish and Portuguese "
                       "files were made after the deadline (no official ranking holds them): "
                       "the field's ceiling beside the official winners. Published: "
                       + "; ".join(sources) + "."))


def _block(row: Mapping[str, Any], kind: str, key: str) -> float | None:
    block = row.get("all", {}) if kind in ("best", "oot") else row.get("metrics", {})
    return _number(block.get(key))


def _instances(released: Mapping[str, Any]) -> str:
    matched, total = released.get("matched"), released.get("instances")
    return f"{matched:,} of {total:,}" if isinstance(matched, int) and isinstance(
        total, int) else "—"


def _wordtune_tables(rows: Sequence[tuple[str, str, str, Mapping[str, Any]]]) -> list[Table]:
    by: dict[str, dict[str, Mapping[str, Any]]] = {}
    for dataset, system, kind, row in rows:
        by.setdefault(f"{dataset}/{system}", {})[kind] = row
    tables = []
    semeval = [(key, kinds) for key, kinds in by.items() if "best" in kinds or "oot" in kinds]
    if semeval:
        cells = [[key.split("/")[1], _instances(next(iter(kinds.values())).get("released", {})),
                  *(_block(kinds.get(kind, {}), kind, key_) for kind, key_, _ in _SEMEVAL)]
                 for key, kinds in semeval]
        tables.append(Table(
            "The field's released outputs, rescored — SemEval-2007 test (official scorer)",
            ("system", "instances matched", *(name for *_, name in _SEMEVAL)), rows_of(cells),
            note=_notes(semeval, "best: its first substitute; oot: its first ten")))
    swords = [(key, kinds) for key, kinds in by.items() if "lsr" in kinds]
    if swords:
        cells = [[key.split("/")[1], _instances(kinds["lsr"].get("released", {})),
                  *(_block(kinds["lsr"], "lsr", k) for k, _ in SWORDS_COLUMNS),
                  _number(kinds["lsr"].get("gap", {}).get("gap"))] for key, kinds in swords]
        tables.append(Table(
            "The field's released outputs, rescored — SWORDS test (the benchmark's evaluation)",
            ("system", "targets matched", *(name for _, name in SWORDS_COLUMNS), "GAP"),
            rows_of(cells), note=_notes(swords, "no SWORDS v1.1 figure is published for it")))
    parts = [(key, kinds) for key, kinds in by.items() if "lexsubgen" in kinds]
    if parts:
        cells = [[key.split("/")[1], str(kinds["lexsubgen"].get("part", {}).get("what", "—")),
                  kinds["lexsubgen"].get("part", {}).get("instances"),
                  "lexsubgen" if kinds["lexsubgen"].get("profile") == "lexsubgen" else "padded",
                  *(_block(kinds["lexsubgen"], "lexsubgen", k) for k, _ in LEXSUBGEN_COLUMNS)]
                 for key, kinds in parts]
        tables.append(Table(
            "The field's released outputs, rescored — LexSubGen's protocol, on the part each "
            "answers", ("system", "part", "instances scored", "profile",
                        *(name for _, name in LEXSUBGEN_COLUMNS)), rows_of(cells),
            note=_notes(parts, "GAP from its own list (no pool ranked); the published "
                               "LexSubGen rows are on all of LS07 and the 15,415 CoInCo "
                               "instances, so they are not ranked with these")))
    return tables


def _notes(found: Sequence[tuple[str, Mapping[str, Mapping[str, Any]]]], what: str) -> str:
    lines = []
    for key, kinds in found:
        released = next(iter(kinds.values())).get("released") or {}
        lines.append(f"`{key.split('/')[1]}` on {key.split('/')[0]}: "
                     f"{released.get('summary', '')}; {released.get('lists', '')}")
    return f"{LABEL.capitalize()}: {what}. " + " ".join(f"{line}." for line in lines)


def released_tables(scores: Mapping[str, Any]) -> list[Table]:
    """Return the released outputs' tables (none without released rows): TSAR-2022 beside
    the published figures, then WordTune on SemEval-2007, SWORDS and LexSubGen's protocol,
    then ParaLS and ConCat (`tables.released_second`)."""
    from lexsub_baselines.tables.released_second import second_wave_tables

    rows = released_rows(scores)
    tsar = _tsar_table(rows)
    wordtune = [r for r in rows if r[2] != "tsar2022" and str(
        (r[3].get("released") or {}).get("output", "field-wordtune")).startswith(
            "field-wordtune")]
    return [*([tsar] if tsar is not None else []), *_wordtune_tables(wordtune),
            *second_wave_tables(rows)]
