"""The entry points of the public API that run things: `run(system, dataset)` and `RunResult`.

`run` answers every instance of a dataset with a system (both given by name or as objects)
and, given a folder, writes the official answer files there, exactly as `lexsub run` does
(refusing, as it does, to replace files the folder's `runs.json` vouches for unless forced);
score them with `lexsub_baselines.score`. Names are looked up after the catalog and any
installed plug-ins are loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.catalog import build_system
from lexsub_baselines.core.collector import fewer_full_collections
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.extras import require_extra
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.plugins import load_plugins
from lexsub_baselines.runs.lexsubgen_one import run_lexsubgen_one
from lexsub_baselines.runs.prolex_runs import for_prolex
from lexsub_baselines.runs.row_kinds import LEXSUBGEN_DATASETS
from lexsub_baselines.runs.runner import answer_dataset, check_run, write_answers
from lexsub_baselines.runs.store import drop_rows, rows_to_replace
from lexsub_baselines.runs.tsar_runs import for_dataset
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import System

__all__ = ["RunResult", "run"]


@dataclass(frozen=True)
class RunResult:
    """The answers of one system on one dataset.

    Attributes:
        system: the system's name.
        dataset: the dataset's name.
        answers: instance id -> answers, in dataset order.
        files: kind -> answer file written (empty when `run` was given no folder).
    """

    system: str
    dataset: str
    answers: Mapping[str, Answers] = field(repr=False)
    files: Mapping[str, Path] = field(default_factory=dict)

    def for_kind(self, kind: str) -> dict[str, list[str]]:
        """Return {id: answers} of `kind` (`best`, `oot`, `mw`); `lsr`: every ranked lemma.

        `score` also takes `answers` itself: `score(result.answers, "semeval2007-trial",
        "oot")`, or on SWORDS `score(result.answers, "swords-dev")`.
        """
        return {i: list(a.for_kind(kind)) for i, a in self.answers.items()}


def run(system: str | System, dataset: str | Dataset, out: str | Path | None = None,
        roots: Roots | None = None, progress: bool = False, force: bool = False) -> RunResult:
    """Answer every instance of `dataset` with `system`; write the answer files to `out`.

    Arguments:
        system: a registered system name, a `GENERATOR+RANKER` composition, or a `System`.
        dataset: a dataset name (`semeval2007-trial`) or a `Dataset`; `semeval2007-all` or
            `coinco-all`: LexSubGen's protocol, the row's files as `lexsub run` writes them
            (`out` needed; `files["lexsubgen"]`, and a `+fill` row's `files["pool"]`).
        out: a results folder: files go to `out/<dataset>/<system>.<kind>` (None: no files).
        roots: data, resources and cache (default: `resolve_roots()`).
        progress: show a progress bar on a terminal.
        force: replace answer files that `out/runs.json` vouches for, and drop their rows
            from the record (scores.json, runs.json, tables.md), as `lexsub run --force`.

    Raises:
        MissingExtraError: the `baselines` extra is not installed (as `lexsub run` says: a
            system runs with the extra, a plug-in's too).
        UnknownNameError: an unknown system or dataset (the message lists the known ones).
        MissingResourceError: data or a resource the system reads is absent.
        LexsubError: the dataset cannot use the system's answers (another language, or no
            file it is scored from: the multiword detector on SWORDS); or `out/runs.json`
            vouches for the files it would write and `force` is not given
            (`runs.store.rows_to_replace`, the check `lexsub run` makes).
        ComponentError: a component raised or broke its protocol (the message names the
            system, the instance and the rule).

    >>> # result = run("wordnet", "semeval2007-trial", out="results")
    >>> # score(result.files["best"], "semeval2007-trial", "best").main.recall
    >>> # score(result.answers, "semeval2007-trial", "best").main.recall  # the same, in memory
    """
    require_extra("run()")
    roots = roots or resolve_roots()
    lexsubgen = isinstance(dataset, str) and dataset in LEXSUBGEN_DATASETS
    if lexsubgen and out is None:
        raise LexsubError(f"run(SYSTEM, {dataset!r}) writes LexSubGen's result files: give "
                          "out=FOLDER")
    if isinstance(system, str):
        load_plugins()
        system = build_system(system, roots)
    if lexsubgen and isinstance(dataset, str) and out is not None:
        return _run_lexsubgen(system, dataset, Path(out), roots, progress, force)
    if isinstance(dataset, str):
        dataset = load_dataset(dataset, roots)
    folder = Path(out) if out is not None else None
    rows = rows_to_replace(folder, dataset.name, system.name, force) if folder is not None \
        else set()
    check_run(system, dataset)
    system = for_dataset(system, dataset, roots)  # TSAR-2022: the word's readings, its form
    system = for_prolex(system, dataset, roots)  # ProLex: likewise, the target tagged
    if folder is not None and rows:
        drop_rows(folder, rows)
    with fewer_full_collections():  # as the `lexsub` command runs (core.collector)
        answers = answer_dataset(system, dataset, progress)
    files = write_answers(system, dataset, answers, folder) if folder is not None else ()
    return RunResult(system.name, dataset.name, answers,
                     {kind: (folder or Path()) / relative for kind, relative in files})


def _run_lexsubgen(system: System, dataset: str, out: Path, roots: Roots, progress: bool,
                   force: bool) -> RunResult:
    """`run` on `semeval2007-all` or `coinco-all`: the row's LexSubGen-protocol files, as
    `lexsub run` writes them (`runs.lexsubgen_one`)."""
    if rows := rows_to_replace(out, dataset, system.name, force):
        drop_rows(out, rows)
    record = run_lexsubgen_one(system, dataset, out, roots, progress).record
    return RunResult(system.name, dataset, record.answers or {}, dict(record.paths()))
