"""Every English system on LS07-all and CoInCo, scored under LexSubGen's protocol.

`lexsub baselines` runs each substitution system on `coinco-all` (the 15,415 instances
LexSubGen scores) and assembles its `semeval2007-all` answers from its trial and test runs
(the same instances, answered one by one, so nothing is run twice). The answers go to
`results/<dataset>/<system>.lexsubgen.json` (`{id: [[lemma, score], ...]}`, every ranked
candidate, best first; the scores the ranker's when they are finite and in the system's
order, else minus the rank, as the SWORDS results are written) and are scored by
`LexSubGenScorer`: with `lexsubgen` (LexSubGen's evaluation exactly) when every list holds at
least 10 candidates, else with `lexsubgen-padded` (our named variant: the missing places are
wrong guesses), which the row's signature and the tables say.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.runs.runner import RunRecord, answer_dataset, answer_kinds, file_stem, merge
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import System

__all__ = ["KIND", "LEXSUBGEN_DATASETS", "lexsubgen_entries", "record_lexsubgen_rows",
           "run_lexsubgen", "score_lexsubgen", "write_lexsubgen_result"]

#: The kind of a LexSubGen result file (`<system>.lexsubgen.json`) in scores.json.
KIND = "lexsubgen"
#: The datasets scored under LexSubGen's protocol, and the runs each is made of (None: its own).
LEXSUBGEN_DATASETS: dict[str, tuple[str, ...] | None] = {
    "semeval2007-all": ("semeval2007-trial", "semeval2007-test"), "coinco-all": None}
#: The longest list LexSubGen's protocol reads (R@10).
_TOP = 10


def lexsubgen_entries(answers: Answers) -> list[list[Any]]:
    """Return [[lemma, score], ...] of one instance: every ranked candidate, best first (the
    oot answers when the system ranks none); scores the ranker's when finite and descending,
    else minus the rank."""
    ranked: Sequence[tuple[str, float | None]] = answers.ranked or tuple(
        (lemma, None) for lemma in answers.oot)
    scores = [score for _, score in ranked]
    usable = all(s is not None and math.isfinite(s) for s in scores) and all(
        a >= b for a, b in pairwise(s for s in scores if s is not None))
    return [[lemma, float(score) if usable and score is not None else float(-rank)]
            for rank, (lemma, score) in enumerate(ranked)]


def write_lexsubgen_result(path: Path, rows: Iterable[tuple[str, list[list[Any]]]]) -> None:
    """Write `{id: [[lemma, score], ...]}` atomically, one instance a line, in dataset order."""
    lines = [f"{json.dumps(i)}: {json.dumps(entries, ensure_ascii=False)}" for i, entries in rows]
    atomic_write_text(path, "{\n" + ",\n".join(lines) + "\n}\n")


def score_lexsubgen(path: Path, dataset: str, roots: Roots, short: bool) -> dict[str, Any]:
    """Score a result file under `lexsubgen`, or `lexsubgen-padded` when a list is `short`."""
    from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer

    profile = "lexsubgen-padded" if short else "lexsubgen"
    return LexSubGenScorer(dataset, profile, roots=roots).score(path, warn=False).to_json()


def run_lexsubgen(system: System, dataset: str, out: Path, roots: Roots,
                  parts: Mapping[str, Mapping[str, Answers]] | None = None,
                  progress: bool = True) -> tuple[RunRecord, dict[str, Any]] | None:
    """Answer `dataset` (or take the answers of its parts), write and score the result.

    Arguments:
        parts: dataset name -> the answers already made (`semeval2007-all`'s trial and test).

    Returns:
        The run record and the scores row, or None when the system writes no substitutes
        (the multiword detector) or a part's answers are missing.
    """
    made_of = LEXSUBGEN_DATASETS[dataset]
    start = time.perf_counter()
    if made_of is None:
        data = load_dataset(dataset, roots)
        if not {"best", "oot"} & set(answer_kinds(system, data)):
            return None
        answers: dict[str, Answers] = dict(answer_dataset(system, data, progress))
    else:
        if parts is None or any(part not in parts for part in made_of):
            return None
        answers = {i: a for part in made_of for i, a in parts[part].items()}
    seconds = time.perf_counter() - start
    rows = [(i, lexsubgen_entries(a)) for i, a in answers.items()]
    relative = f"{dataset}/{file_stem(system.name)}.{KIND}.json"
    write_lexsubgen_result(out / relative, rows)
    answered = sum(1 for _, entries in rows if entries)
    missing = tuple(i for i, entries in rows if not entries)
    record = RunRecord(dataset, system.name, len(rows), answered, seconds,
                       ((KIND, relative),), out,
                       digests=((KIND, file_sha256(out / relative)),), missing=missing)
    short = any(len(entries) < _TOP for _, entries in rows)
    return record, score_lexsubgen(out / relative, dataset, roots, short)


def record_lexsubgen_rows(system: Any, made: dict[str, Any], out: Path, roots: Roots,
                          scores: dict[str, Any], runs: RunsFile, settings: tuple[str, Any],
                          progress: bool) -> None:
    """Run `system` on LS07-all and CoInCo (`runs.lexsubgen_runs`) and record the rows
    scored under LexSubGen's protocol; a dataset whose data is absent is left out."""
    current, recorded = settings
    for name in LEXSUBGEN_DATASETS:
        try:
            done = run_lexsubgen(system, name, out, roots, made, progress)
        except MissingResourceError as error:
            print(f"lexsub: note: {name} not run ({error})", file=sys.stderr)
            continue
        if done is None:
            continue
        record, row = done
        runs.add(name, system.name, record.to_json(), current, recorded)
        merge(scores, name, system.name, {KIND: {**row, "settings": current}})
        print(f"lexsub: {system.name} on {name}: {record.answered}/{record.instances} answered "
              f"in {record.seconds:.1f}s, scored under {row['profile']}", file=sys.stderr)
