"""A results folder's record, kept whole: written together, read back checked.

`lexsub baselines` records its rows in three files — `scores.json` (the figures),
`runs.json` (how each row was made, and the answer files it vouches for) and `tables.md`
(what both say, rendered). They are replaced together or not at all (`commit`): each is
written to `.pending/`, then `.pending/COMMIT` names them with their digests (the commit
point), then each is moved into place. A build killed before `COMMIT` leaves the old record
(its `.pending/` is discarded on the next read); one killed after it is finished on the next
read (`recover`), so new scores are never paired with old settings. `runs.json` carries the
digest of the `scores.json` written with it, so a hand-edited or restored half is noticed
(`check_pair`).

`runs.json` vouches for each answer file by the sha256 of its content (`vouched`): a file
rewritten since (a hand edit) is *changed*, left out of the analyses and named in their
notes, never analysed under the old record's settings. `lexsub run` and `api.run` refuse to
rewrite a vouched file unless forced, which drops its row (`rows_to_replace`, `drop_rows`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.runs.digest import tables_digest
from lexsub_baselines.runs.records import RunsFile, read_runs, settings_section
from lexsub_baselines.runs.runner import file_stem, json_text, load_json
from lexsub_baselines.runs.scorers import tsar_field
from lexsub_baselines.runs.significance_marks import significance_marks
from lexsub_baselines.substitutes.answers import SWORDS_KIND
from lexsub_baselines.systems.fill import FILL_SUFFIX
from lexsub_baselines.systems.tsar import SIMPLER
from lexsub_baselines.tables.tables_md import render_tables

__all__ = ["PENDING", "RECORD_FILES", "ROW_SUFFIXES", "Vouched", "canonical", "check_pair",
           "commit", "drop_rows", "recover", "rows_to_replace", "system_order", "text_sha256",
           "vouched", "write_record"]

#: The files of a results folder's record, replaced together.
RECORD_FILES: tuple[str, ...] = ("scores.json", "runs.json", "tables.md")
#: The suffixes of the rows a system adds beside its own (`+fill`, `+simpler`), in order.
ROW_SUFFIXES = (FILL_SUFFIX, SIMPLER)
#: The staging folder of a commit in progress.
PENDING = ".pending"
_COMMIT = "COMMIT"


def text_sha256(text: str) -> str:
    """Return the sha256 of `text` as written (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@contextmanager
def _locked(out: Path) -> Iterator[None]:
    """Hold an exclusive `flock` on the folder's record while it is replaced or recovered
    (two runs into one folder take turns); where the file system refuses `flock` the commit
    protocol still keeps a killed run from pairing two records, and the lock is skipped."""
    import fcntl

    out.mkdir(parents=True, exist_ok=True)
    with open(out / ".record.lock", "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:
            yield
            return
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def commit(out: Path, texts: Mapping[str, str]) -> None:
    """Replace the files `texts` names (under `out`) together, or not at all.

    Raises:
        LexsubError: the folder cannot be written (the message names it).
    """
    with _locked(out):
        _recover(out)
        pending = out / PENDING
        try:
            pending.mkdir(exist_ok=True)
            for name, text in texts.items():
                atomic_write_text(pending / name, text)
            atomic_write_text(pending / _COMMIT, json.dumps(
                {name: text_sha256(text) for name, text in texts.items()}, sort_keys=True))
        except OSError as error:
            shutil.rmtree(pending, ignore_errors=True)
            raise LexsubError(f"cannot write the results record in {out} ({error.strerror}); "
                              "give a writable --out") from None
        _roll_forward(out)


def recover(out: Path) -> str | None:
    """Finish or discard a commit a killed run left in `out`; return what was done
    (`finished`, `discarded`) or None when there was nothing to do."""
    if not (out / PENDING).exists():
        return None
    with _locked(out):
        return _recover(out)


def _recover(out: Path) -> str | None:
    pending = out / PENDING
    if not pending.exists():
        return None
    if (pending / _COMMIT).is_file():
        _roll_forward(out)
        return "finished"
    shutil.rmtree(pending, ignore_errors=True)  # killed before its commit point
    return "discarded"


def _roll_forward(out: Path) -> None:
    pending = out / PENDING
    listed = json.loads((pending / _COMMIT).read_text(encoding="utf-8"))
    for name, digest in listed.items():
        staged = pending / name
        if not staged.is_file():
            continue  # moved before the run was killed
        if file_sha256(staged) != digest:
            raise LexsubError(f"{staged}: its content is not what the commit recorded; delete "
                              f"{pending} and re-run `lexsub baselines --out {out}`")
        os.replace(staged, out / name)
    (pending / _COMMIT).unlink()
    shutil.rmtree(pending, ignore_errors=True)


def check_pair(out: Path, runs: RunsFile | None = None) -> RunsFile:
    """Return `runs.json` of `out` after checking that `scores.json` is the one written with
    it (finishing an interrupted commit first).

    Raises:
        LexsubError: `scores.json` changed since (the message says what to do).
    """
    recover(out)
    runs = runs if runs is not None else read_runs(out / "runs.json")
    scores = out / "scores.json"
    if runs.scores_sha256 is not None and scores.is_file() \
            and file_sha256(scores) != runs.scores_sha256:
        raise LexsubError(f"{scores} is not the one {out / 'runs.json'} was written with (edited "
                          "or restored apart): its rows cannot be tied to their settings; "
                          f"re-run `lexsub baselines --out {out}` (or restore both files)")
    return runs


@dataclass(frozen=True)
class Vouched:
    """An answer file a record of `runs.json` names.

    Attributes:
        dataset, system, kind: the row and the file's kind.
        path: the file.
        scored: False for a record `"scored": false` (recorded, not analysed).
        state: `ok` (its content is what the record vouched for), `changed` (rewritten
            since), `missing`, or `unvouched` (a record of an older layout, with no digest).
    """

    dataset: str
    system: str
    kind: str
    path: Path
    scored: bool
    state: str


def vouched(out: Path) -> Iterator[Vouched]:
    """Yield every answer file the records of `out/runs.json` name, with its state."""
    for dataset, system, record in check_pair(out).rows():
        files = record.get("files") if isinstance(record, dict) else None
        digests: Mapping[str, Any] = record.get("sha256") or {}
        for kind, relative in (files.items() if isinstance(files, dict) else ()):
            path = out / str(relative)
            expected = digests.get(kind) if isinstance(digests, Mapping) else None
            if not path.is_file():
                state = "missing"
            elif not isinstance(expected, str):
                state = "unvouched"
            else:
                state = "ok" if file_sha256(path) == expected else "changed"
            yield Vouched(dataset, system, kind, path, record.get("scored") is not False, state)


def rows_to_replace(out: Path, dataset: str, system: str, force: bool) -> set[tuple[str, str]]:
    """Return the rows (dataset, system) of `out/runs.json` that vouch for an answer file a
    run of `system` on `dataset` into `out` writes (`lexsub run`, `api.run`); with `force`,
    the caller drops them (`drop_rows`) before it writes.

    Raises:
        LexsubError: a row vouches for such a file and `force` is not given; the message
            names the record, the rows and the remedy.
    """
    ours = {out / f"{dataset}/{file_stem(system)}{suffix}"
            for suffix in (".best", ".oot", ".mw", f".{SWORDS_KIND}.json", ".tsv",
                           ".lexsubgen.json", ".pool.json")}
    rows = {(v.dataset, v.system) for v in vouched(out) if v.path in ours}
    if rows and not force:
        names = ", ".join(f"{name} on {data}" for data, name in sorted(rows))
        raise LexsubError(f"{out / 'runs.json'} vouches for the answer files of {names}; "
                          "write elsewhere (--out DIR; api.run's out=), or pass --force "
                          "(api.run's force=True) to replace them and drop those rows from "
                          "the record")
    return rows


def system_order(names: Iterable[str]) -> list[str]:
    """Return system (row) names in the tables' order: as the systems are registered, a
    `+fill` or `+simpler` row right after its system, names not registered (compositions,
    a plug-in not loaded) after them by name.

    >>> system_order(["zz", "roget", "wordnet+simpler", "wordnet", "wordnet+fill"])
    ['wordnet', 'wordnet+fill', 'wordnet+simpler', 'roget', 'zz']
    """
    from lexsub_baselines.catalog import system_names

    registered = {name: index for index, name in enumerate(system_names())}

    def place(name: str) -> tuple[int, str, int]:
        base, rank = name, 0
        for number, suffix in enumerate(ROW_SUFFIXES, start=1):
            if name.endswith(suffix) and name[: -len(suffix)] in registered:
                base, rank = name[: -len(suffix)], number
        return registered.get(base, len(registered)), base, rank

    return sorted(names, key=place)


def canonical(rows: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Return dataset -> system -> value in the tables' order whatever order `rows` came in
    (a run's own, or `scores.json`'s sorted keys read back): the datasets as registered
    (others after, by name), the systems by `system_order`."""
    from lexsub_baselines.datasets.catalog import dataset_names

    known = {name: index for index, name in enumerate(dataset_names())}
    datasets = sorted(rows, key=lambda name: (known.get(name, len(known)), name))
    return {dataset: {system: rows[dataset][system]
                      for system in system_order(rows[dataset])} for dataset in datasets}


def write_record(out: Path, scores: dict[str, Any], runs: RunsFile,
                 skipped: dict[str, dict[str, str]], failed: dict[str, str],
                 roots: Roots | None = None) -> str:
    """Render the tables of `scores` and `runs` (marked by `RunsFile.marks`' grouping, and
    where a figure differs significantly from our best: `significance_marks`, from the answer
    files `runs` vouches for; the TSAR-2022 field and the gold read from `roots`' data folder,
    default `resolve_roots()`) and replace scores.json, runs.json and tables.md together
    (`commit`); return the tables.

    The tables take the datasets and systems in one order (`canonical`), whatever order the
    rows were made or read back in: a run, and the next with nothing changed, write the same
    bytes.
    """
    for dataset_name, name, row in runs.rows():  # earlier partial runs' unscored systems too
        if not row.get("scored", True):
            skipped.setdefault(dataset_name, {}).setdefault(name, row.get("note", ""))
    scores, skipped = canonical(scores), canonical(skipped)
    failed = {name: failed[name] for name in system_order(failed)}
    runs.runs = canonical(runs.runs)
    scores_text = json_text(scores)
    marks, section = settings_section(runs, runs.newest())
    digest = tables_digest(scores)
    roots = roots or resolve_roots()
    significance = significance_marks(out, scores, runs, roots)  # `‡`: issue 55
    tables = render_tables(scores, runs.runs, skipped, failed, marks, section,
                           tsar_field(roots, scores), significance)
    newest = runs.settings.get(runs.newest(), {})
    if newest.get("profile", "full") != "full" or "sample" in newest:  # core.profile
        tables = tables.replace("\n\n", f"\n\n> **Not the benchmarks' figures**: the "
                                f"`{newest.get('profile', 'full')}` profile, the first "
                                f"{newest.get('sample', 'all')} instances of every dataset "
                                "(`LEXSUB_PROFILE`, `LEXSUB_SAMPLE`).\n\n", 1)
    kernels = newest.get("kernels", "not recorded")
    tables += (f"\n## The tables' digest\n\n`{digest}`: the sha256 of every figure above "
               "(`scores.json` without its signatures), computed with the numeric kernels "
               f"{kernels}. `lexsub verify-tables` compares it, row by row, with the "
               "README's.\n")
    commit(out, {"scores.json": scores_text,
                 "runs.json": json_text(runs.to_json(text_sha256(scores_text), digest)),
                 "tables.md": tables})
    return tables


def drop_rows(out: Path, rows: set[tuple[str, str]]) -> None:
    """Drop the rows (dataset, system) from the record of `out`, rewritten together."""
    runs = check_pair(out)
    scores = load_json(out / "scores.json")
    for dataset_name, system in rows:
        runs.runs.get(dataset_name, {}).pop(system, None)
        scores.get(dataset_name, {}).pop(system, None)
    runs.runs = {d: systems for d, systems in runs.runs.items() if systems}
    scores = {d: systems for d, systems in scores.items() if systems}
    write_record(out, scores, runs, {}, {})
    print(f"lexsub: dropped the rows of {', '.join(f'{s} on {d}' for d, s in sorted(rows))} "
          f"from {out / 'runs.json'}", file=sys.stderr)
