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
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import note_lookups
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.runs.row_kinds import KIND, LEXSUBGEN_DATASETS, POOL_KIND, TOP
from lexsub_baselines.runs.runner import RunRecord, answer_dataset, answer_kinds, file_stem
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.fill import FilledSystem, SharedChain

if TYPE_CHECKING:
    from lexsub_baselines.scoring.lexsubgen.data import LexSubGenData

__all__ = ["LexSubGenInputs", "answer_lexsubgen", "fill_answers", "lexsubgen_entries",
           "write_lexsubgen", "write_lexsubgen_result"]

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


class LexSubGenInputs:
    """LexSubGen's data of each dataset (its pools), the instances of each dataset, derived
    and read once, and the run's fill chain (`fill_chain`), shared by every `+fill` row that
    a process makes: what answering reads (`runs.scorers.LexSubGenGolds` holds the scorers).

    `lexsub baselines` keeps one per process (before, each system's rows derived CoInCo's data
    again: 24 systems, 24 derivations, and as many of LS07-all).
    """

    def __init__(self, roots: Roots) -> None:
        self.roots = roots
        self._data: dict[str, LexSubGenData] = {}
        self._instances: dict[str, dict[str, Instance]] = {}
        self._chain: SharedChain | None = None

    def data(self, dataset: str) -> LexSubGenData:
        """Return the data of `dataset` (derived once per process, `lexsubgen_data`, which the
        scorer reads too; its module is not the scorer's, so answering runs no scoring code)."""
        from lexsub_baselines.scoring.lexsubgen.data import lexsubgen_data

        if dataset not in self._data:
            self._data[dataset] = lexsubgen_data(dataset, self.roots)
        return self._data[dataset]

    def fill_chain(self, policy: str = "fill") -> SharedChain:
        """Return the chain of the fill `policy`, one per process (its generators and their
        candidates per instance shared by every system it fills). Its registry entries are
        looked up on every call, so that each unit using the shared chain records them as
        its own (`core.registry.recording_lookups`)."""
        from lexsub_baselines.catalog.fill_policies import fill_chain
        from lexsub_baselines.systems.fill import FILL_POLICIES

        if self._chain is None:
            self._chain = fill_chain(self.roots, policy)
        note_lookups([("fill policy", policy), *(
            ("generator", source) for source in FILL_POLICIES.get(policy).chain)])
        return self._chain

    def instances(self, dataset: str) -> dict[str, Instance]:
        """Return the instances `dataset` is made of by id (read once)."""
        if dataset not in self._instances:
            parts = LEXSUBGEN_DATASETS[dataset] or (dataset,)
            self._instances[dataset] = {i.id: i for part in parts
                                        for i in load_dataset(part, self.roots).instances()}
        return self._instances[dataset]


def answer_lexsubgen(system: System, dataset: str, out: Path, roots: Roots,
                     parts: Mapping[str, Mapping[str, Answers]] | None = None,
                     progress: bool = True) -> tuple[RunRecord, bool] | None:
    """Answer `dataset` (or take the answers of its parts) and write the result file.

    Arguments:
        parts: dataset name -> the answers already made (`semeval2007-all`'s trial and test).

    Returns:
        The run record (with the answers) and whether a list is shorter than LexSubGen
        reads (then scored under `lexsubgen-padded`), or None when the system writes no
        substitutes (the multiword detector) or a part's answers are missing.
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
    record, short = write_lexsubgen(system.name, dataset, answers, out,
                                    time.perf_counter() - start)
    return record, short > 0


def write_lexsubgen(system: str, dataset: str, answers: Mapping[str, Answers], out: Path,
                    seconds: float) -> tuple[RunRecord, int]:
    """Write the result of `system`'s `answers` on `dataset` (`<system>.lexsubgen.json`);
    return its run record (with the answers) and how many lists are shorter than LexSubGen
    reads."""
    rows = [(i, lexsubgen_entries(a)) for i, a in answers.items()]
    relative = f"{dataset}/{file_stem(system)}.{KIND}.json"
    write_lexsubgen_result(out / relative, rows)
    answered = sum(1 for _, entries in rows if entries)
    missing = tuple(i for i, entries in rows if not entries)
    record = RunRecord(dataset, system, len(rows), answered, seconds,
                       ((KIND, relative),), out,
                       digests=((KIND, file_sha256(out / relative)),), missing=missing,
                       answers=answers)
    return record, sum(1 for _, entries in rows if len(entries) < TOP)


def fill_answers(filled: FilledSystem, dataset: str, inner: Mapping[str, Answers], out: Path,
                 inputs: LexSubGenInputs) -> tuple[RunRecord, dict[str, Any]]:
    """Fill the answers `inner` of `dataset`, rank its pools and write both files.

    Returns:
        The run record (both files) and what the row records of the fill (`filled_row`):
        the policy's settings, how many lists stayed short, how each pool was ranked.
    """
    start = time.perf_counter()
    instances = inputs.instances(dataset)
    answers = {i: filled.fill(instances[i], a) for i, a in inner.items()}
    rows = [(i, lexsubgen_entries(a)) for i, a in answers.items()]
    stem = f"{dataset}/{file_stem(filled.name)}"
    relative, pool_relative = f"{stem}.{KIND}.json", f"{stem}.{POOL_KIND}.json"
    write_lexsubgen_result(out / relative, rows)
    hows: Counter[str] = Counter()
    pool_rows = []
    for item in inputs.data(dataset).instances:
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
    return record, {**filled.policy.settings(), "short": short, "pool_ranked_by": dict(hows)}


