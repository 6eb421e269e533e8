"""What the analyses read: the answer files in a results folder, the gold, and per-item scores.

A results folder is what `lexsub baselines` writes: `<dataset>/<system>.{best,oot}` and
`runs.json`, whose records name each system's files, the sha256 of each, and the settings id
they were made under. That record is the one source of truth: the analyses take exactly the
files it vouches for, as it vouched for them (`runs.store.vouched`), and list any other
answer file in the folder (written by `lexsub run`, `api.run` or by hand, or left by a
system whose row was dropped) as unrecorded, and a vouched file whose content changed since
as changed, leaving both out.
Every analysis takes an `Evaluation` — one dataset's gold as a `scoring.Scorer` (optionally
restricted to some ids) and the answers of whichever systems are present (optionally a chosen
subset) — so an analysis never special-cases "only trial" or "only two systems", and every
per-item credit and item upper bound is the scorer's own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.runs.records import read_runs
from lexsub_baselines.runs.runner import load_json
from lexsub_baselines.runs.store import Vouched, vouched
from lexsub_baselines.scoring import (
    ALL,
    ItemCredits,
    Profile,
    Scorer,
    ScoringGold,
    Subset,
    SystemAnswers,
    answers_from_mapping,
)

__all__ = [
    "SUBSTITUTION_KINDS",
    "Evaluation",
    "discover_runs",
    "item_scores",
    "load_evaluation",
    "read_results_json",
    "row_settings",
    "settings_note",
    "stale_files",
    "unrecorded_files",
]

#: The answer kinds the analyses use.
SUBSTITUTION_KINDS: tuple[str, ...] = ("best", "oot")


def read_results_json(path: Path, shape: str, remedy: str
                      ) -> dict[str, dict[str, Any]] | None:
    """Return the data of a results folder's JSON file (dataset -> ...), None when absent.

    Arguments:
        path: `scores.json`, `runs.json` or `ranking.json`.
        shape: what each dataset maps to, for the message (`system -> run record`).
        remedy: what rewrites the file.

    Raises:
        LexsubError: the file is not JSON, or not an object of objects; the message names
            the file and the remedy.
    """
    if not path.is_file():
        return None
    data = load_json(path, remedy)
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise LexsubError(f"{path}: expected an object dataset -> {shape}; {remedy}")
    return data


def discover_runs(results: Path, kinds: Collection[str] = SUBSTITUTION_KINDS
                  ) -> dict[str, dict[str, dict[str, Path]]]:
    """Return dataset -> system -> kind -> answer file, for the files `runs.json` vouches for.

    Only files a record of `runs.json` names, whose content is still what it vouched for,
    are returned, under the record's system name (`stale_files` lists the others); records
    `"scored": false` (Spanish answers for English instances when the CLLS data is absent)
    are left out. Order: registry order of datasets, `runs.json` order of systems.
    """
    found: dict[str, dict[str, dict[str, Path]]] = {}
    for file in vouched(results):
        if file.scored and file.kind in kinds and file.state == "ok":
            found.setdefault(file.dataset, {}).setdefault(file.system, {})[file.kind] = file.path
    return {name: found[name] for name in dataset_names() if name in found}


def stale_files(results: Path) -> list[Vouched]:
    """Return the files `runs.json` names whose content is not what it vouched for: changed
    since (rewritten by `lexsub run` or by hand), missing, or of a record with no digest."""
    return [file for file in vouched(results) if file.scored and file.state != "ok"]


def row_settings(results: Path, dataset: str, systems: Sequence[str]) -> dict[str, str]:
    """Return system -> the settings id its row of `runs.json` was made under."""
    runs = read_runs(results / "runs.json")
    return {s: runs.settings_of(runs.runs.get(dataset, {}).get(s, {})) for s in systems}


def settings_note(results: Path, dataset: str, systems: Sequence[str]) -> str:
    """Return one sentence naming the settings ids the rows of `systems` were made under."""
    ids: dict[str, list[str]] = {}
    for system, settings_id in row_settings(results, dataset, systems).items():
        ids.setdefault(settings_id, []).append(system)
    if len(ids) == 1:
        return f"Every row made under settings `{next(iter(ids))}` (results/runs.json)."
    return ("Rows made under several settings (results/runs.json; tables.md lists what "
            "differs): " + "; ".join(f"`{i}`: {', '.join(s)}" for i, s in ids.items()) + ".")


def unrecorded_files(results: Path) -> list[Path]:
    """Return the answer files under `results/<dataset>/` that no `runs.json` record names
    (the Spanish answers of a record `"scored": false` are recorded, only not analysed)."""
    named = {file.path for file in vouched(results)}
    found = []
    for dataset in dataset_names():
        folder = results / dataset
        if folder.is_dir():
            found += [path for path in sorted(folder.iterdir()) if path.is_file()
                      and path not in named and (path.suffix in (".best", ".oot", ".mw")
                                                   or path.name.endswith(".lsr.json"))]
    return found


@dataclass(frozen=True)
class Evaluation:
    """One dataset's gold, as a `Scorer`, and the answers of the systems to analyse.

    Attributes:
        dataset: the dataset.
        scorer: its gold under the chosen profile (and ids): the per-item credits, item upper
            bounds and official reports of every analysis come from it.
        answers: system -> kind -> answers, in the order to show them.
        notes: what was left out and why.
    """

    dataset: Dataset
    scorer: Scorer
    answers: Mapping[str, Mapping[str, SystemAnswers]]
    notes: tuple[str, ...] = ()
    _scores: dict[tuple[str, str, Subset], ItemCredits] = field(default_factory=dict,
                                                                 compare=False, repr=False)
    _reports: dict[tuple[str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        """Return the dataset name."""
        return self.dataset.name

    @property
    def systems(self) -> list[str]:
        """Return the system names in display order."""
        return list(self.answers)

    @property
    def profile(self) -> Profile:
        """Return the scorer profile."""
        return self.scorer.profile

    @property
    def mwids(self) -> frozenset[str]:
        """Return the ids whose target is part of a multiword (`key/mwids`; empty if unknown)."""
        return self.scorer.mwids

    def gold(self, subset: Subset = ALL) -> ScoringGold:
        """Return the scored items (T) under the profile and `subset` (built once)."""
        return self.scorer.gold(subset)

    def with_answers(self, answers: Mapping[str, Mapping[str, SystemAnswers]]) -> Evaluation:
        """Return the same gold with other answers (the scorer and its built gold are kept)."""
        return Evaluation(self.dataset, self.scorer, answers, self.notes)

    def with_systems(self, systems: Sequence[str]) -> Evaluation:
        """Return the same evaluation restricted to `systems` (in that order)."""
        missing = [s for s in systems if s not in self.answers]
        if missing:
            raise LexsubError(f"no answers for {', '.join(missing)} on {self.name}; present: "
                              f"{', '.join(self.answers) or '(none)'}")
        return self.with_answers({s: self.answers[s] for s in systems})


def load_evaluation(
    results: Path,
    dataset: str,
    roots: Roots,
    systems: Sequence[str] | None = None,
    ids: Collection[str] | None = None,
    profile: str | None = None,
) -> Evaluation:
    """Read the answers of `dataset` from `results` and its gold.

    Arguments:
        results: the results folder.
        dataset: a registered dataset with gold.
        roots: where the data is.
        systems: only these systems (default: every one with answers).
        ids: only these item ids (default: all).
        profile: the scorer profile (default: the dataset's official one).

    Raises:
        LexsubError: no answers for the dataset, or a chosen system has none.
        MissingResourceError: the dataset's gold is absent.
    """
    data = load_dataset(dataset, roots)
    found = discover_runs(results).get(dataset, {})
    if not found:
        raise LexsubError(f"no recorded answer files for {dataset} under {results}; run "
                          f"`lexsub baselines --out {results}` (with --systems to choose)")
    scorer = Scorer(data, profile, ids=ids)
    scorer.gold()  # a missing gold file fails here, before any analysis
    chosen = list(systems) if systems else list(found)
    missing = [s for s in chosen if s not in found]
    if missing:
        raise LexsubError(f"no answers for {', '.join(missing)} on {dataset} under {results}; "
                          f"present: {', '.join(found)}")
    answers = {s: {k: scorer.answers(p, k) for k, p in found[s].items()} for s in chosen}
    notes = [] if data.has("mwids") else [
        f"{dataset}: no mwids file; multiword-target items cannot be excluded."]
    notes.append(settings_note(results, dataset, chosen))
    return Evaluation(data, scorer, answers, tuple(notes))


def item_scores(evaluation: Evaluation, system: str, kind: str, subset: Subset = ALL
                ) -> ItemCredits:
    """Return per-item credits of `system` as the official measures compute them (cached).

    An unattempted item (or a system without answers of `kind`) scores 0.
    """
    key = (system, kind, subset)
    cached = evaluation._scores.get(key)
    if cached is None:
        answers = evaluation.answers[system].get(kind) or answers_from_mapping({}, kind)
        cached = evaluation._scores[key] = evaluation.scorer.item_credits(answers, kind, subset)
    return cached
