"""CoInCo's test part under the official scorer, from the answers a unit gave on CoInCo.

ParaLS's released CoInCo answers (`runs.field_parals`) are on CoInCo's larger part, the
10,027 instances of Melamud et al.'s `coinco_test` file, scored by `score.pl` against
`coinco_test.gold` (our CoInCo gold restricted to that part's ids, as `coinco-test` is). So
that its row has a footing, each substitution system's answers on `coinco-all` (which every
unit already makes for LexSubGen's protocol: the test part's instances among them, answered
one by one) are written again for `coinco-test` as best and oot files and scored like the
SemEval-2007 rows: `results/coinco-test/<system>.{best,oot}`; nothing is answered twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.runs.runner import RunRecord, write_answers
from lexsub_baselines.systems.base import System

__all__ = ["COINCO_TEST", "coinco_test_run"]

#: The dataset written, and the one whose answers it takes.
COINCO_TEST = "coinco-test"
_FROM = "coinco-all"


def coinco_test_run(system: System, made: Mapping[str, Any], out: Path,
                    roots: Roots) -> list[RunRecord]:
    """Return the run record of `system`'s `coinco-test` files, written from its
    `coinco-all` answers in `made` (none when it gave none: a `+fill` row's, or no CoInCo)."""
    answers = made.get(_FROM)
    if not answers or not {"best", "oot"} & set(system.kinds):
        return []
    dataset = load_dataset(COINCO_TEST, roots)
    ordered = {i.id: answers[i.id] for i in dataset.instances() if i.id in answers}
    files = write_answers(system, dataset, ordered, out)
    missing = tuple(i for i, a in ordered.items() if not a.for_kind(system.kinds[0]))
    return [RunRecord(COINCO_TEST, system.name, len(ordered), len(ordered) - len(missing), 0.0,
                      files, out, digests=tuple((kind, file_sha256(out / relative))
                                                for kind, relative in files),
                      missing=missing)]
