"""How each kind of row a run makes is scored, from its files: the official scorers, SWORDS's
evaluation, LexSubGen's protocol (with the scorers of each dataset kept per process) and
TSAR-2022's evaluation.

The answering modules (`runs.runner`, `runs.lexsubgen_runs`, `runs.tsar_runs`) import no
scorer, so that the code a system's answers are kept under (`runs.result_cache`) holds no
scoring code: an edit of a scorer scores again and answers nothing.
"""

from __future__ import annotations

import warnings
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.profile import sample_size
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.prolex import PROLEX_FORMAT
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.swords import SWORDS_FORMAT
from lexsub_baselines.datasets.tsar import TSAR_FORMAT
from lexsub_baselines.runs.row_kinds import KIND, LEXSUBGEN_DATASETS, POOL_KIND, TEST_PART
from lexsub_baselines.runs.runner import RunRecord
from lexsub_baselines.tables.tsar import TsarRun, read_results

if TYPE_CHECKING:
    from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer

__all__ = ["PROFILES", "LexSubGenGolds", "filled_row", "score_files", "score_filled",
           "score_lexsubgen", "score_paths", "score_prolex", "score_tsar", "test_part",
           "tsar_field"]

#: The GAP figures a `+fill` row takes from its pool ranking.
_GAPS = ("gap", "gap_normalized")

#: The scorer profile of the regenerated tables, by the language of the substitutes: the
#: official SemEval-2007 scorer for English, the official SemEval-2010 Task 2 scorer for Spanish.
PROFILES: dict[str, str] = {"en": "official", "es": "clls2010-official"}




def score_files(record: RunRecord, dataset: Dataset, roots: Roots | None = None
                ) -> dict[str, Any]:
    """Score each answer file of `record` with the official profile (`score_paths`)."""
    return score_paths(record.paths(), dataset, roots)


def score_paths(paths: Sequence[tuple[str, Path]], dataset: Dataset,
                roots: Roots | None = None) -> dict[str, Any]:
    """Score each (kind, answer file) with the official profile; return kind -> JSON.

    The profile is the official scorer of the dataset's language (`PROFILES`); a SWORDS
    result is scored with the benchmark's evaluation (by PoS too), TSAR-2022 predictions
    with the task's.
    """
    from lexsub_baselines.scoring import Scorer, SwordsScorer, score

    results: dict[str, Any] = {}
    if dataset.spec.format in (TSAR_FORMAT, PROLEX_FORMAT):
        for kind, path in paths:
            results[kind] = Scorer(dataset, roots=roots).score(path, warn=False).to_json()
        return results
    if dataset.spec.format == SWORDS_FORMAT:
        scorer = Scorer(dataset, roots=roots)
        if isinstance(scorer, SwordsScorer):
            for kind, path in paths:
                results[kind] = scorer.score(path, by_pos=True, warn=False).to_json()
        return results
    for kind, path in paths:
        role = "mwgold" if kind == "mw" else "gold"
        if not dataset.has(role):
            continue
        subsets = kind != "mw" and dataset.has("mwids") and dataset.has("mrsamples")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # our own files: problems would be bugs, tested
            report = score(path, dataset, kind, profile=PROFILES[dataset.spec.language],
                           subsets=subsets,
                           by_pos=kind != "mw", measures=("jabbari",) if kind != "mw" else (),
                           warn=False, refuse=False)  # a system that answered nothing: 0.00
        results[kind] = report.to_json()
    return results




class LexSubGenGolds:
    """One LexSubGen scorer per (dataset, profile, instances), built from the dataset's data
    (`scoring.lexsubgen.data.lexsubgen_data`, derived once per process), reused by every
    system and its `+fill` row."""

    def __init__(self, roots: Roots) -> None:
        self.roots = roots
        self._scorers: dict[tuple[str, str, frozenset[str] | None], LexSubGenScorer] = {}

    def scorer(self, dataset: str, profile: str,
               ids: Collection[str] | None = None) -> LexSubGenScorer:
        """Return the scorer of `dataset` under `profile` (only the instances `ids` when
        given; with a sample in force, `core.profile`, the sample's), built once."""
        from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
        from lexsub_baselines.scoring.lexsubgen.data import lexsubgen_data

        if ids is None and sample_size() is not None:
            ids = [i.id for part in LEXSUBGEN_DATASETS.get(dataset) or (dataset,)
                   for i in load_dataset(part, self.roots).instances()]
        key = (dataset, profile, None if ids is None else frozenset(ids))
        if key not in self._scorers:
            self._scorers[key] = LexSubGenScorer(lexsubgen_data(dataset, self.roots), profile,
                                                 roots=self.roots, ids=ids)
        return self._scorers[key]


def score_lexsubgen(path: Path, dataset: str, roots: Roots, short: bool,
                    ids: Collection[str] | None = None,
                    golds: LexSubGenGolds | None = None) -> dict[str, Any]:
    """Score a result file under `lexsubgen`, or `lexsubgen-padded` when a list is `short`
    (only the instances `ids` when given: the trial part of `semeval2007-all`), with the
    scorer of `golds` (a new one when None)."""
    profile = "lexsubgen-padded" if short else "lexsubgen"
    scorer = (golds or LexSubGenGolds(roots)).scorer(dataset, profile, ids)
    return scorer.score(path, warn=False).to_json()




def filled_row(row: dict[str, Any], fill: Mapping[str, Any]) -> dict[str, Any]:
    """Return a `+fill` row's scores with what it records of the fill (`fill_answers`): the
    `fill` object, and a note when the chain ran out for some instances."""
    row = {**row, "fill": dict(fill)}
    if short := int(fill.get("short", 0)):
        row["notes"] = [*row["notes"], f"the fill chain ran out for {short} instances: their "
                        f"lists hold fewer than {fill.get('k')}, so the row is scored under "
                        "lexsubgen-padded"]
    return row


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


def test_part(dataset: str, files: Mapping[str, Path], row: Mapping[str, Any], roots: Roots,
              golds: LexSubGenGolds) -> dict[str, Any] | None:
    """Return `row` scored again on the test part of `dataset` alone (`TEST_PART`), from
    its result `files` (kind -> path), under the same profile: {metrics, counts, instances,
    part, signature}; None for a dataset without one."""
    part = TEST_PART.get(dataset)
    if part is None:
        return None
    ids = [i.id for i in load_dataset(part, roots).instances()]
    short = row.get("profile") != "lexsubgen"
    if POOL_KIND in files:
        again = score_filled(files[KIND], files[POOL_KIND], dataset, roots, short, ids, golds)
    else:
        again = score_lexsubgen(files[KIND], dataset, roots, short, ids, golds)
    return {"part": part, "instances": again["instances_scored"],
            "metrics": again["metrics"], "counts": again["counts"],
            "signature": again["signature"]}


def tsar_field(roots: Roots, datasets: Iterable[str]) -> dict[str, tuple[TsarRun, ...]]:
    """Return TSAR dataset -> the official runs of its results CSV (the test sets whose CSV
    is in the data folder; the others are left out)."""
    from lexsub_baselines.datasets.catalog import dataset_names

    field = {}
    for name in datasets:
        if not name.startswith("tsar2022-") or name not in dataset_names():
            continue
        dataset = load_dataset(name, roots)
        if dataset.spec.relpath("results") is not None and dataset.has("results"):
            field[name] = read_results(dataset.path("results"))
    return field




def score_tsar(path: Path, relative: str, dataset: Dataset) -> dict[str, Any]:
    """Score a predictions file with the task's evaluation; its notes name it by `relative`,
    its place in the results folder, not where that folder is (reproducible notes)."""
    from lexsub_baselines.scoring.tsar import TsarScorer, read_predictions

    return TsarScorer(dataset).score(read_predictions(path, relative), warn=False,
                                     refuse=False).to_json()  # answered nothing: 0


def score_prolex(path: Path, relative: str, dataset: Dataset) -> dict[str, Any]:
    """Score a ProLex CSV with its evaluate.py reproduced; notes name it by `relative`."""
    from lexsub_baselines.scoring.prolex import ProlexScorer

    scorer = ProlexScorer(dataset, roots=dataset.roots)
    row = scorer.score(path, warn=False).to_json()
    row["system"] = relative
    row["notes"] = [note.replace(str(path), relative) for note in row["notes"]]
    return row
