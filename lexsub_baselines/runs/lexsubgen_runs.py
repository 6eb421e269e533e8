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

Then the filled variant, `SYSTEM+fill` (`systems.fill`, policy `fill`), is made from the
answers the system already gave (nothing is answered twice):
- `<system>+fill.lexsubgen.json`: the filled lists; scored under `lexsubgen` when every list
  holds 10, ranked with LexSubGen's published rows; when the chain ran out for some instance,
  under `lexsubgen-padded`, and the row's `fill.short` and the log line say how many.
- `<system>+fill.pool.json`: every word of each instance's candidate pool (the pools
  LexSubGen's GAP reads) ranked by the system (`FilledSystem.pool_entries`). The row's `gap`
  and `gap_normalized` are this file's (`gap_made: pool`: ranking against ranking); the list's
  own GAP stays in `list_gap`. Pool words reach GAP only: P@k and R@k come from the list,
  which never sees the pools (they are made from the gold).

LS07-all holds the 300 trial instances our settings were chosen on (LexSubGen's rows are on
all of it), so each `semeval2007-all` row is also scored on its test part alone (`TEST_PART`,
ids 301-2010), from the same files: the row's `test_part` (`tables.lexsubgen.test_part_table`).
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.runs.runner import RunRecord, answer_dataset, answer_kinds, file_stem, merge
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.fill import FilledSystem, SharedChain

if TYPE_CHECKING:
    from lexsub_baselines.scoring.lexsubgen import LexSubGenData, LexSubGenScorer

__all__ = ["KIND", "LEXSUBGEN_DATASETS", "POOL_KIND", "TEST_PART", "LexSubGenGolds",
           "lexsubgen_entries", "record_lexsubgen_rows", "run_filled", "run_lexsubgen",
           "score_filled", "score_lexsubgen", "test_part", "write_lexsubgen_result"]

#: The kind of a LexSubGen result file (`<system>.lexsubgen.json`) in scores.json.
KIND = "lexsubgen"
#: The datasets scored under LexSubGen's protocol, and the runs each is made of (None: its own).
LEXSUBGEN_DATASETS: dict[str, tuple[str, ...] | None] = {
    "semeval2007-all": ("semeval2007-trial", "semeval2007-test"), "coinco-all": None}
#: The datasets scored on a part alone too, and that part's dataset (its instances): the
#: test part of LS07-all, without the trial instances the settings were chosen on.
TEST_PART: dict[str, str] = {"semeval2007-all": "semeval2007-test"}
#: The longest list LexSubGen's protocol reads (R@10).
_TOP = 10
#: The kind of the pool-ranking file (`<system>+fill.pool.json`) in runs.json.
POOL_KIND = "pool"
_GAPS = ("gap", "gap_normalized")


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


class LexSubGenGolds:
    """LexSubGen's data of each dataset, derived and read once per run, and one scorer per
    (dataset, profile, instances) built from it, reused by every system and its `+fill` row;
    and the run's fill chain (`fill_chain`), shared by every `+fill` row.

    `lexsub baselines` makes one for the whole run (before, each system's rows derived
    CoInCo's data again: 24 systems, 24 derivations, and as many of LS07-all).
    """

    def __init__(self, roots: Roots) -> None:
        self.roots = roots
        self._data: dict[str, LexSubGenData] = {}
        self._scorers: dict[tuple[str, str, frozenset[str] | None], LexSubGenScorer] = {}
        self._instances: dict[str, dict[str, Instance]] = {}
        self._chain: SharedChain | None = None

    def data(self, dataset: str) -> LexSubGenData:
        """Return the data of `dataset` (derived and read on first call only: through the
        scorer's own memo, which the tables' significance marks read it from too)."""
        from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer

        if dataset not in self._data:
            self._data[dataset] = LexSubGenScorer(dataset, roots=self.roots).data
        return self._data[dataset]

    def scorer(self, dataset: str, profile: str,
               ids: Collection[str] | None = None) -> LexSubGenScorer:
        """Return the scorer of `dataset` under `profile` (only the instances `ids` when
        given), built once."""
        from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer

        key = (dataset, profile, None if ids is None else frozenset(ids))
        if key not in self._scorers:
            self._scorers[key] = LexSubGenScorer(self.data(dataset), profile, roots=self.roots,
                                                 ids=ids)
        return self._scorers[key]

    def fill_chain(self) -> SharedChain:
        """Return the default fill policy's chain, one for the run (its generators and their
        candidates per instance shared by every system it fills)."""
        from lexsub_baselines.catalog.fill_policies import fill_chain

        if self._chain is None:
            self._chain = fill_chain(self.roots)
        return self._chain

    def instances(self, dataset: str) -> dict[str, Instance]:
        """Return the instances `dataset` is made of by id (read once)."""
        if dataset not in self._instances:
            parts = LEXSUBGEN_DATASETS[dataset] or (dataset,)
            self._instances[dataset] = {i.id: i for part in parts
                                        for i in load_dataset(part, self.roots).instances()}
        return self._instances[dataset]


def score_lexsubgen(path: Path, dataset: str, roots: Roots, short: bool,
                    ids: Collection[str] | None = None,
                    golds: LexSubGenGolds | None = None) -> dict[str, Any]:
    """Score a result file under `lexsubgen`, or `lexsubgen-padded` when a list is `short`
    (only the instances `ids` when given: the trial part of `semeval2007-all`), with the
    scorer of `golds` (a new one when None)."""
    profile = "lexsubgen-padded" if short else "lexsubgen"
    scorer = (golds or LexSubGenGolds(roots)).scorer(dataset, profile, ids)
    return scorer.score(path, warn=False).to_json()


def run_lexsubgen(system: System, dataset: str, out: Path, roots: Roots,
                  parts: Mapping[str, Mapping[str, Answers]] | None = None,
                  progress: bool = True, golds: LexSubGenGolds | None = None
                  ) -> tuple[RunRecord, dict[str, Any]] | None:
    """Answer `dataset` (or take the answers of its parts), write and score the result.

    Arguments:
        parts: dataset name -> the answers already made (`semeval2007-all`'s trial and test).
        golds: the run's data and scorers (a new one when None).

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
                       digests=((KIND, file_sha256(out / relative)),), missing=missing,
                       answers=answers)
    short = any(len(entries) < _TOP for _, entries in rows)
    return record, score_lexsubgen(out / relative, dataset, roots, short, golds=golds)


def run_filled(filled: FilledSystem, dataset: str, inner: Mapping[str, Answers], out: Path,
               roots: Roots, ids: Collection[str] | None = None,
               golds: LexSubGenGolds | None = None) -> tuple[RunRecord, dict[str, Any]]:
    """Fill the answers `inner` of `dataset`, rank its pools, write both files and score them
    (only the instances `ids` when given; `scripts/fill_trial.py` scores the trial part)
    with the data and scorers of `golds` (a new one when None).

    Returns:
        The run record (both files) and the scores row (see the module docstring).
    """
    golds = golds or LexSubGenGolds(roots)
    start = time.perf_counter()
    instances = golds.instances(dataset)
    answers = {i: filled.fill(instances[i], a) for i, a in inner.items()}
    rows = [(i, lexsubgen_entries(a)) for i, a in answers.items()]
    stem = f"{dataset}/{file_stem(filled.name)}"
    relative, pool_relative = f"{stem}.{KIND}.json", f"{stem}.{POOL_KIND}.json"
    write_lexsubgen_result(out / relative, rows)
    data = golds.scorer(dataset, "lexsubgen-padded", ids).data
    hows: Counter[str] = Counter()
    pool_rows = []
    for item in data.instances:
        if item.id in instances and item.id in answers:
            entries, how = filled.pool_entries(instances[item.id], item.candidates,
                                               answers[item.id])
            hows[how] += 1
            pool_rows.append((item.id, entries))
    write_lexsubgen_result(out / pool_relative, pool_rows)
    seconds = time.perf_counter() - start
    short = sum(1 for _, entries in rows if len(entries) < filled.policy.k)
    missing = tuple(i for i, entries in rows if not entries)
    record = RunRecord(dataset, filled.name, len(rows), len(rows) - len(missing), seconds,
                       ((KIND, relative), (POOL_KIND, pool_relative)), out,
                       digests=((KIND, file_sha256(out / relative)),
                                (POOL_KIND, file_sha256(out / pool_relative))),
                       missing=missing)
    row = score_filled(out / relative, out / pool_relative, dataset, roots, short > 0, ids,
                       golds)
    row["fill"] = {**filled.policy.settings(), "short": short, "pool_ranked_by": dict(hows)}
    if short:
        row["notes"] = [*row["notes"], f"the fill chain ran out for {short} instances: their "
                        f"lists hold fewer than {filled.policy.k}, so the row is scored under "
                        "lexsubgen-padded"]
        print(f"lexsub: note: {filled.name} on {dataset}: the fill chain ran out for {short} "
              "instances; scored under lexsubgen-padded", file=sys.stderr)
    return record, row


def score_filled(path: Path, pool_path: Path, dataset: str, roots: Roots, short: bool,
                 ids: Collection[str] | None = None, golds: LexSubGenGolds | None = None
                 ) -> dict[str, Any]:
    """Score a `+fill` row: the list (`path`) for P@k and R@k, its pool ranking
    (`pool_path`) for GAP (the list's own GAP kept as `list_gap`); see the module docstring."""
    row = score_lexsubgen(path, dataset, roots, short, ids, golds)
    pool = score_lexsubgen(pool_path, dataset, roots, True, ids, golds)
    row["list_gap"] = {name: row["metrics"][name] for name in _GAPS}
    row["metrics"].update({name: pool["metrics"][name] for name in _GAPS})
    row["counts"].update({name: pool["counts"][name] for name in _GAPS})
    row["gap_made"] = POOL_KIND
    row["pool_signature"] = pool["signature"]
    return row


def test_part(record: RunRecord, row: Mapping[str, Any], roots: Roots,
              golds: LexSubGenGolds) -> dict[str, Any] | None:
    """Return `row` scored again on the test part of its dataset alone (`TEST_PART`), from
    the files `record` wrote, under the same profile: {metrics, counts, instances, part,
    signature}; None for a dataset without one."""
    part = TEST_PART.get(record.dataset)
    if part is None:
        return None
    ids = [i.id for i in load_dataset(part, roots).instances()]
    files = dict(record.paths())
    short = row.get("profile") != "lexsubgen"
    if POOL_KIND in files:
        again = score_filled(files[KIND], files[POOL_KIND], record.dataset, roots, short, ids,
                             golds)
    else:
        again = score_lexsubgen(files[KIND], record.dataset, roots, short, ids, golds)
    return {"part": part, "instances": again["instances_scored"],
            "metrics": again["metrics"], "counts": again["counts"],
            "signature": again["signature"]}


def record_lexsubgen_rows(system: Any, made: dict[str, Any], out: Path, roots: Roots,
                          scores: dict[str, Any], runs: RunsFile, settings: tuple[str, Any],
                          progress: bool, fill: bool = True,
                          golds: LexSubGenGolds | None = None) -> None:
    """Run `system` on LS07-all and CoInCo (`runs.lexsubgen_runs`) and record the rows
    scored under LexSubGen's protocol, then (`fill`) those of `SYSTEM+fill` made from the same
    answers; a dataset whose data is absent is left out. `golds`: the run's data and scorers,
    shared by every system (a new one when None)."""
    from lexsub_baselines.catalog.fill_policies import fill_system

    current, recorded = settings
    golds = golds or LexSubGenGolds(roots)
    filled = (fill_system(system, roots, chain=golds.fill_chain())
              if fill and not isinstance(system, FilledSystem) else None)
    for name in LEXSUBGEN_DATASETS:
        try:
            done = run_lexsubgen(system, name, out, roots, made, progress, golds)
        except MissingResourceError as error:
            print(f"lexsub: note: {name} not run ({error})", file=sys.stderr)
            continue
        if done is None:
            continue
        made_rows = [done]
        if filled is not None and done[0].answers is not None:
            try:  # a chain source whose input is absent: the unfilled row still counts
                made_rows.append(run_filled(filled, name, done[0].answers, out, roots,
                                            golds=golds))
            except MissingResourceError as error:
                print(f"lexsub: note: {filled.name} on {name} not made ({error})",
                      file=sys.stderr)
        for record, row in made_rows:
            if (part := test_part(record, row, roots, golds)) is not None:
                row["test_part"] = part
            runs.add(name, record.system, record.to_json(), current, recorded)
            merge(scores, name, record.system, {KIND: {**row, "settings": current}})
            print(f"lexsub: {record.system} on {name}: {record.answered}/{record.instances} "
                  f"answered in {record.seconds:.1f}s, scored under {row['profile']}",
                  file=sys.stderr)
