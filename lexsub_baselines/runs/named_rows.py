"""A row of a results folder named on the command line: its answer file, as runs.json vouches.

`lexsub score SYSTEM DATA --paired wordnet` (or `semeval2007-test/wordnet`) tests a file
against a row of a `lexsub baselines` run: the row's answer file of the kind being scored is
the one `runs.json` names, read only while its content is what the record vouched for (the
sha256 it recorded: `store.vouched`), so a file edited since is never tested under the row's
name. A LexSubGen-protocol `+fill` row brings its pool file too (its GAP is the pool's).
Without a results folder (a plain `pip install`), a row of the README's tables is read from
the answers shipped with the package (`runs.shipped`), checked against their index.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.runs.shipped import ShippedIndex, shipped_index
from lexsub_baselines.runs.store import vouched

__all__ = ["RowFiles", "row_files"]

#: The kind of a `+fill` row's pool ranking in runs.json (`lexsubgen_runs.POOL_KIND`).
_POOL = "pool"


@dataclass(frozen=True)
class RowFiles:
    """The files of one row.

    Attributes:
        name: `dataset/system`.
        path: the answer file of the kind asked for.
        pool: the row's pool ranking (a LexSubGen-protocol `+fill` row's), or None.
        source: where the files come from, where not from a results folder ("" when they
            do): the package's shipped answers.
    """

    name: str
    path: Path
    pool: Path | None = None
    source: str = ""


def row_files(results: Path, dataset: str, system: str, kind: str,
              shipped: bool = False) -> RowFiles:
    """Return the answer file (and pool file) of the row `dataset/system` of `results`; with
    `shipped`, when `results` holds no run, the row's file shipped with the package
    (`runs.shipped`: the rows behind the README's tables).

    Raises:
        LexsubError: `results/runs.json` does not exist (and no such row ships), no such row
            or kind (the message lists the dataset's rows), or its file is missing, changed
            since runs.json vouched for it, or not vouched for by digest.
    """
    name = f"{dataset}/{system}"
    if not (results / "runs.json").is_file():
        index = shipped_index() if shipped else None
        if index is not None:
            return _shipped(index, results, dataset, system, kind)
        raise LexsubError(f"--paired {name}: no such file, and no {results / 'runs.json'} to "
                          "name it as a row of a run: give the answer file's path, or the "
                          "results folder of a `lexsub baselines` run with --results DIR")
    files = [v for v in vouched(results) if v.dataset == dataset]
    found = {v.kind: v for v in files if v.system == system}
    chosen = found.get(kind)
    if chosen is None:
        rows = sorted({v.system for v in files if v.kind == kind})
        listed = ", ".join(rows[:12]) + (", …" if len(rows) > 12 else "") or "none"
        raise LexsubError(f"--paired {name}: {results / 'runs.json'} has no {kind} file of "
                          f"{system} on {dataset} (its {kind} rows there: {listed})")
    for file in (chosen, found.get(_POOL)):
        if file is None or file.state == "ok":
            continue
        why = {"missing": "is missing", "changed": "changed since runs.json vouched for it",
               "unvouched": "is named by a runs.json of an older layout, which records no "
                            "digest"}[file.state]
        raise LexsubError(f"--paired {name}: {file.path} {why}; re-run `lexsub baselines "
                          f"--out {results} --systems {system}`, or give a file's path")
    pool = found.get(_POOL) if kind == "lexsubgen" else None
    return RowFiles(name, chosen.path, pool.path if pool is not None else None)


def _shipped(index: ShippedIndex, results: Path, dataset: str, system: str, kind: str
             ) -> RowFiles:
    """Return the shipped files of a row (`runs.shipped`), checked against the index."""
    name = f"{dataset}/{system}"
    file = index.find(dataset, system, kind)
    if file is None:
        listed = ", ".join(index.systems(dataset, kind)) or "none"
        raise LexsubError(f"--paired {name}: no such file, no {results / 'runs.json'}, and no "
                          f"such row among the answers shipped with the package (its {kind} "
                          f"rows of {dataset}: {listed}): give the answer file's path, or the "
                          "results folder of a `lexsub baselines` run with --results DIR")
    pool = index.find(dataset, system, _POOL) if kind == "lexsubgen" else None
    return RowFiles(name, index.path(file), index.path(pool) if pool is not None else None,
                    index.source())
