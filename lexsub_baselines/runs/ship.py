"""Shipping the answer files behind the README's tables, and checking them against a run.

`scripts/ship_answers.py` (a maintainer's step after the full `make baselines` whose figures
the README prints) writes `lexsub_baselines/shipped/` from the results folder: the files of
the rows `selected_rows` picks from the README's tables, xz-compressed, and their index
(`runs.shipped`). `lexsub verify-tables` then compares a run's files with the shipped ones by
digest (`check_shipped`), naming any that differ.

Which rows ship: every row of ours in a table whose first figure is SemEval-2007 test's (the
regenerated table: best and oot; the mw table), and in every other table, for each dataset
its columns show, the row of ours printed highest in that dataset's first column and the
WordNet baseline's row (`wordnet`, `wordnet+fill`, `wordnet:LANG`), with a `+fill` row's pool
ranking. Released outputs (`released:...`) are the field's, fetched, never shipped.
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.version import __version__
from lexsub_baselines.runs.digest import tables_digest
from lexsub_baselines.runs.runner import load_json
from lexsub_baselines.runs.shipped import INDEX, ShippedFile, ShippedIndex
from lexsub_baselines.runs.store import check_pair, vouched
from lexsub_baselines.tables.readme import (
    PrintedTable,
    column_source,
    not_ours,
    printed_tables,
    row_system,
    system_in,
)
from lexsub_baselines.tables.significance import strip_mark

__all__ = ["ShipCheck", "check_shipped", "selected_rows", "ship"]

#: The first dataset of a table whose every row ships (with its kinds).
_ALL_ROWS = "semeval2007-test"
#: The WordNet baseline's row in each table (`:LANG`: one per language).
_BASELINES = ("wordnet", "wordnet+fill", "wordnet:LANG")
Row = tuple[str, str, str]  # dataset, system, kind


def _number(cell: str) -> float:
    try:
        return float(strip_mark(cell))
    except ValueError:
        return float("-inf")


def _table_rows(table: PrintedTable) -> list[Row]:
    sources = [column_source(label) for label in table.header[1:]]
    ours = [row for row in table.rows if not (not_ours(row_system(row[0]))
                                             or row_system(row[0]).startswith("released:"))]
    datasets = list(dict.fromkeys(s[0] for s in sources if s is not None))
    rows: list[Row] = []
    for dataset in datasets:
        columns = [n for n, s in enumerate(sources) if s is not None and s[0] == dataset]
        kinds = list(dict.fromkeys(str(sources[n][1]) for n in columns))  # type: ignore[index]
        chosen = ours if datasets[0] == _ALL_ROWS else [
            *[row for row in ours if row_system(row[0]) in _BASELINES],
            *sorted(ours, key=lambda row: -_number(row[columns[0] + 1]))[:1]]
        for row in chosen:
            system = system_in(row_system(row[0]), sources[columns[0]])  # type: ignore[arg-type]
            rows += [(dataset, system, kind) for kind in kinds]
            if system.endswith("+fill") and "lexsubgen" in kinds:
                rows.append((dataset, system, "pool"))  # its GAP is the pool's
    return rows


def selected_rows(readme: str) -> list[Row]:
    """Return (dataset, system, kind) of every file that ships, in the README's order (see
    the module docstring).

    Raises:
        KeyError: a table has a column no rule knows (`tables.readme.column_source`).
    """
    rows: list[Row] = []
    for table in printed_tables(readme):
        if table.header[0] in ("system", "mw"):
            rows += _table_rows(table)
    return list(dict.fromkeys(rows))


def ship(results: Path, folder: Path, readme: str, allow_missing: bool = False
         ) -> tuple[list[ShippedFile], list[Row]]:
    """Write the selected rows' files of `results` into `folder`, xz-compressed, and its index
    (files of an earlier shipping removed); return the files and the rows `results` lacks.

    Raises:
        LexsubError: a selected file is not what runs.json vouches for, or (unless
            `allow_missing`) is not in the run.
    """
    runs = check_pair(results)
    found = {(v.dataset, v.system, v.kind): v for v in vouched(results)}
    shipped: list[ShippedFile] = []
    missing: list[Row] = []
    for dataset, system, kind in selected_rows(readme):
        file = found.get((dataset, system, kind))
        if file is None:
            missing.append((dataset, system, kind))
            continue
        if file.state != "ok":
            raise LexsubError(f"{file.path}: {file.state} (runs.json does not vouch for its "
                              f"content): re-run `lexsub baselines --out {results}`")
        data = file.path.read_bytes()
        relative = f"{dataset}/{file.path.name}.xz"
        (folder / dataset).mkdir(parents=True, exist_ok=True)
        (folder / relative).write_bytes(lzma.compress(data, preset=9))
        settings = runs.runs.get(dataset, {}).get(system, {}).get("settings", "")
        shipped.append(ShippedFile(dataset, system, kind, relative, file_sha256(file.path),
                                   str(settings)))
    if missing and not allow_missing:
        raise LexsubError(f"{results} lacks {len(missing)} rows of the README's tables (first: "
                          f"{'/'.join(missing[0])}): ship from the full run behind them")
    _remove_others(folder, {f.path for f in shipped})
    scores = load_json(results / "scores.json")
    kept = {(f.dataset, f.system) for f in shipped}
    newest = runs.newest()
    index = {"version": __version__, "tables_digest": tables_digest(scores),
             "settings": newest, "kernels": runs.settings.get(newest, {}).get("kernels", ""),
             "files": [vars(f) for f in shipped],
             "scores": {dataset: {system: kinds for system, kinds in systems.items()
                                  if (dataset, system) in kept}
                        for dataset, systems in scores.items()
                        if any(d == dataset for d, _ in kept)}}
    atomic_write_text(folder / INDEX, json.dumps(index, indent=1, sort_keys=True,
                                                 ensure_ascii=False) + "\n")
    return shipped, missing


def _remove_others(folder: Path, kept: Iterable[str]) -> None:
    keep = set(kept)
    for old in folder.glob("*/*.xz"):
        if old.relative_to(folder).as_posix() not in keep:
            old.unlink()


@dataclass
class ShipCheck:
    """What `check_shipped` found: shipped files equal to the run's, those that differ, and
    those the run does not have (each one line)."""

    equal: int = 0
    differ: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)


def check_shipped(results: Path, index: ShippedIndex) -> ShipCheck:
    """Compare each shipped file's digest with the digest of the file of its row that
    `results` (a `lexsub baselines` run) holds."""
    found = {(v.dataset, v.system, v.kind): v for v in vouched(results)}
    check = ShipCheck()
    for file in index.files:
        name = f"{file.dataset}/{file.system} {file.kind}"
        ours = found.get((file.dataset, file.system, file.kind))
        if ours is None or not ours.path.is_file():
            check.absent.append(f"{name}: not in {results}")
        elif (digest := file_sha256(ours.path)) != file.sha256:
            check.differ.append(f"{name}: {ours.path} is {digest[:12]}…, the shipped file "
                                f"{file.sha256[:12]}…")
        else:
            check.equal += 1
    return check
