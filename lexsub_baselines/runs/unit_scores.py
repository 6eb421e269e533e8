"""Score one system's unit from its files, as its record (`runs.unit`) says each row is scored.

The official SemEval-2007 (and CLLS-2010) scorer for the best/oot/mw files, the SWORDS
evaluation for its results, LexSubGen's protocol for LS07-all and CoInCo (a `+fill` row's GAP
from its pool ranking, and LS07-all's test part), TSAR-2022's evaluation and ProLex's. The rows are
those of `scores.json` without the run's settings id, which the run adds; what a row records
of its answering (the fill's settings, the TSAR settings) comes from the unit's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.runs.row_kinds import KIND, POOL_KIND
from lexsub_baselines.runs.scorers import (
    LexSubGenGolds,
    filled_row,
    score_filled,
    score_lexsubgen,
    score_paths,
    score_prolex,
    score_tsar,
    test_part,
)

__all__ = ["OUT", "moved", "placed", "score_unit", "unit_lines"]

#: What stands for the results folder in a kept row that names a file (LexSubGen's rows name
#: the file they scored): the rows are scored from the cache's copy, and say where the run
#: puts the file (`placed`).
OUT = "\u0000out\u0000"


def moved(value: Any, prefix: str, to: str) -> Any:
    """Return `value` (JSON data) with each string that starts with `prefix` starting with
    `to` instead."""
    if isinstance(value, str):
        return to + value[len(prefix):] if value.startswith(prefix) else value
    if isinstance(value, list):
        return [moved(item, prefix, to) for item in value]
    if isinstance(value, dict):
        return {key: moved(item, prefix, to) for key, item in value.items()}
    return value


def placed(row: Any, out: Path) -> Any:
    """Return a kept score row with the files it names in the results folder `out`."""
    return moved(row, OUT, f"{out}/")


def _score_row(row: Mapping[str, Any], folder: Path, roots: Roots,
               golds: LexSubGenGolds) -> dict[str, Any]:
    """Return kind -> score row of one row of a unit (its files under `folder`)."""
    how = row["score"]["how"]
    dataset = row["dataset"]
    relatives: dict[str, str] = dict(row["record"]["files"])
    files = {kind: folder / relative for kind, relative in relatives.items()}
    if how == "files":
        return score_paths(list(files.items()), load_dataset(dataset, roots), roots)
    if how == "tsar":
        return {kind: {**score_tsar(path, relatives[kind], load_dataset(dataset, roots)),
                       **row["extra"]} for kind, path in files.items()}
    if how == "prolex":
        return {kind: {**score_prolex(path, relatives[kind], load_dataset(dataset, roots)),
                       **row["extra"]} for kind, path in files.items()}
    if how == "lexsubgen":
        scored = score_lexsubgen(files[KIND], dataset, roots, bool(row["score"]["short"]),
                                 golds=golds)
    elif how == "filled":
        fill = row["score"]["fill"]
        scored = filled_row(score_filled(files[KIND], files[POOL_KIND], dataset, roots,
                                         int(fill["short"]) > 0, None, golds), fill)
    else:
        raise ValueError(f"unknown way of scoring {how!r}")
    if (part := test_part(dataset, files, scored, roots, golds)) is not None:
        scored["test_part"] = part
    return {KIND: scored}


def score_unit(unit: Mapping[str, Any], folder: Path, roots: Roots,
               golds: LexSubGenGolds) -> dict[str, Any]:
    """Score every scored row of a unit whose files are under `folder`.

    Returns:
        {"rows": dataset -> system -> kind -> score row, "notes": log lines (a row whose
        scoring data is absent is left out, named)}.
    """
    rows: dict[str, dict[str, Any]] = {}
    notes: list[str] = []
    for row in unit["rows"]:
        if row["score"]["how"] is None:
            continue
        try:
            scored = _score_row(row, folder, roots, golds)
        except MissingResourceError as error:
            notes.append(f"lexsub: note: {row['dataset']} not run ({error})")
            continue
        rows.setdefault(row["dataset"], {})[row["system"]] = moved(scored, f"{folder}/", OUT)
    return {"rows": rows, "notes": notes}


def unit_lines(unit: Mapping[str, Any], scores: Mapping[str, Any]) -> list[str]:
    """Return the log lines of an answered unit: one per row (answered, in how long, and
    under which profile or with which ACC@1), then its notes."""
    lines = []
    for row in unit["rows"]:
        record, how = row["record"], row["score"]["how"]
        head = (f"lexsub: {row['system']} on {row['dataset']}: {record['answered']}/"
                f"{record['instances']} answered in {row['seconds']:.1f}s")
        scored = scores["rows"].get(row["dataset"], {}).get(row["system"], {})
        if how in ("lexsubgen", "filled") and KIND in scored:
            head += f", scored under {scored[KIND]['profile']}"
            if how == "filled" and (short := int(row["score"]["fill"]["short"])):
                lines.append(f"lexsub: note: {row['system']} on {row['dataset']}: the fill "
                             f"chain ran out for {short} instances; scored under "
                             "lexsubgen-padded")
        elif how == "tsar" and scored:
            head += f", ACC@1 {next(iter(scored.values()))['metrics']['ACC@1']:.4f}"
        elif how == "prolex" and scored:
            head += f", acc F1@10 {next(iter(scored.values()))['metrics']['acc']['F1@10']:.4f}"
        lines.append(head)
    return [*lines, *unit["notes"], *scores["notes"]]
