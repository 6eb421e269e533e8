"""What the analyses read: the answer files in a results folder, the gold, and per-item scores.

A results folder is what `lexsub baselines` / `lexsub run` write: `<dataset>/<system>.{best,oot}`
(plus `runs.json`, which maps file names back to system names such as `wordnet+freq:bnc`).
Every analysis takes an `Evaluation` — one dataset's gold (optionally restricted to some ids)
and the answers of whichever systems are present (optionally a chosen subset) — so an analysis
never special-cases "only trial" or "only two systems".
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.datasets.registry import Dataset, dataset_names, load_dataset
from lexsub_baselines.datasets.types import GoldItem
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.paths import Roots
from lexsub_baselines.runner import file_stem
from lexsub_baselines.scoring import (
    ALL,
    ScoringGold,
    Subset,
    SystemAnswers,
    build_gold,
    get_profile,
    item_answers,
    read_answers,
)
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.subsets import read_mrsamples, read_mwids

__all__ = [
    "SUBSTITUTION_KINDS",
    "Evaluation",
    "ItemScores",
    "discover_runs",
    "item_scores",
    "item_upper_bound",
    "load_evaluation",
]

#: The answer kinds the analyses use.
SUBSTITUTION_KINDS: tuple[str, ...] = ("best", "oot")


def discover_runs(results: Path) -> dict[str, dict[str, dict[str, Path]]]:
    """Return dataset -> system -> kind -> answer file for every best/oot file in `results`.

    Datasets are the sub-folders named after a registered dataset; system names come from
    `runs.json` when it lists the file, else from the file name. Files `runs.json` marks as
    not scored (`"scored": false`) are left out. Order: registry order of
    datasets, `runs.json` order then file-name order of systems.
    """
    runs_file = results / "runs.json"
    recorded: dict[str, dict[str, str]] = {}  # dataset -> file stem -> system name
    order: dict[str, list[str]] = {}
    unscored: dict[str, set[str]] = {}
    if runs_file.is_file():
        try:
            runs = json.loads(runs_file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise LexsubError(f"{runs_file}: not JSON ({error}); re-run `lexsub baselines` "
                              "or delete the file") from None
        for dataset, listed in runs.items():
            for system, record in listed.items():
                # answers the runner did not score (Spanish answers for English instances
                # when the CLLS data is absent) have no gold to be analysed against
                stem = file_stem(system)
                if isinstance(record, dict) and record.get("scored") is False:
                    unscored.setdefault(dataset, set()).add(stem)
                    continue
                recorded.setdefault(dataset, {})[stem] = system
                order.setdefault(dataset, []).append(system)
    found: dict[str, dict[str, dict[str, Path]]] = {}
    for dataset in dataset_names():
        folder = results / dataset
        if not folder.is_dir():
            continue
        systems: dict[str, dict[str, Path]] = {}
        for path in sorted(folder.iterdir()):
            kind = path.suffix.lstrip(".")
            if kind not in SUBSTITUTION_KINDS or not path.is_file():
                continue
            if path.stem in unscored.get(dataset, set()):
                continue
            name = recorded.get(dataset, {}).get(path.stem, path.stem)
            systems.setdefault(name, {})[kind] = path
        rank = {name: i for i, name in enumerate(order.get(dataset, []))}
        ordered = sorted(systems, key=lambda s: (rank.get(s, len(rank)), s))
        if ordered:
            found[dataset] = {s: systems[s] for s in ordered}
    return found


@dataclass(frozen=True)
class Evaluation:
    """One dataset's gold and the answers of the systems to analyse.

    Attributes:
        dataset: the dataset.
        items: the gold items analysed (all of the dataset's, or the chosen ids).
        answers: system -> kind -> answers, in the order to show them.
        profile: the scorer profile (official by default).
        mwids: ids whose target is part of a multiword (`key/mwids`); empty when unknown.
        manual: lexelts of the manually selected sentences (`key/MRsamples`).
        notes: what was left out and why.
    """

    dataset: Dataset
    items: Mapping[str, GoldItem]
    answers: Mapping[str, Mapping[str, SystemAnswers]]
    profile: Profile
    mwids: frozenset[str] = frozenset()
    manual: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()
    _gold: dict[str, ScoringGold] = field(default_factory=dict, compare=False, repr=False)
    _scores: dict[tuple[str, str, str], ItemScores] = field(default_factory=dict, compare=False,
                                                             repr=False)
    _reports: dict[tuple[str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        """Return the dataset name."""
        return self.dataset.name

    @property
    def systems(self) -> list[str]:
        """Return the system names in display order."""
        return list(self.answers)

    def gold(self, subset: Subset = ALL) -> ScoringGold:
        """Return the scored items (T) under the profile and `subset` (built once)."""
        built = self._gold.get(subset.name)
        if built is None:
            built = build_gold(self.items, self.profile, subset)
            self._gold[subset.name] = built
        return built

    def with_systems(self, systems: Sequence[str]) -> Evaluation:
        """Return the same evaluation restricted to `systems` (in that order)."""
        missing = [s for s in systems if s not in self.answers]
        if missing:
            raise LexsubError(f"no answers for {', '.join(missing)} on {self.name}; present: "
                              f"{', '.join(self.answers) or '(none)'}")
        return Evaluation(self.dataset, self.items, {s: self.answers[s] for s in systems},
                          self.profile, self.mwids, self.manual, self.notes)


def load_evaluation(
    results: Path,
    dataset: str,
    roots: Roots,
    systems: Sequence[str] | None = None,
    ids: Collection[str] | None = None,
    profile: str = "official",
) -> Evaluation:
    """Read the answers of `dataset` from `results` and its gold.

    Arguments:
        results: the results folder.
        dataset: a registered dataset with gold.
        roots: where the data is.
        systems: only these systems (default: every one with answers).
        ids: only these item ids (default: all).
        profile: the scorer profile.

    Raises:
        LexsubError: no answers for the dataset, or a chosen system has none.
        MissingResourceError: the dataset's gold is absent.
    """
    data = load_dataset(dataset, roots)
    found = discover_runs(results).get(dataset, {})
    if not found:
        raise LexsubError(f"no answer files for {dataset} under {results}; run `lexsub run "
                          f"SYSTEM {dataset} --out {results}` or `lexsub baselines`")
    prof = get_profile(profile)
    chosen = list(systems) if systems else list(found)
    missing = [s for s in chosen if s not in found]
    if missing:
        raise LexsubError(f"no answers for {', '.join(missing)} on {dataset} under {results}; "
                          f"present: {', '.join(found)}")
    answers = {s: {k: read_answers(p, k, prof) for k, p in found[s].items()} for s in chosen}
    items = data.gold()
    if ids is not None:
        wanted = set(ids)
        items = {i: g for i, g in items.items() if i in wanted}
    notes = []
    mwids = read_mwids(data.path("mwids")) if data.has("mwids") else frozenset()
    if not data.has("mwids"):
        notes.append(f"{dataset}: no mwids file; multiword-target items cannot be excluded")
    manual = read_mrsamples(data.path("mrsamples")) if data.has("mrsamples") else frozenset()
    return Evaluation(data, items, answers, prof, mwids, manual, tuple(notes))


def item_upper_bound(target_counts: Sequence[int], total: int, kind: str) -> float:
    """Return the best credit an item allows: maxfreq/|H| (best) or top-10 mass/|H| (oot).

    The oot bound is the one without duplicates (answer the 10 most frequent substitutes);
    with duplicates counted an answer can exceed it.

    >>> item_upper_bound([3, 1], 4, "best"), item_upper_bound([3, 1], 4, "oot")
    (0.75, 1.0)
    """
    if not total or not target_counts:
        return 0.0
    counts = sorted(target_counts, reverse=True)
    return (counts[0] if kind == "best" else sum(counts[:10])) / total


@dataclass(frozen=True)
class ItemScores:
    """One system's per-item credits on the items of T (unattempted items score 0).

    Attributes:
        system: the system name.
        kind: best or oot.
        credit: id -> the official item credit (best: divided by |A|).
        normalised: id -> credit / the item's upper bound (`item_upper_bound`).
        first: id -> the first (normalised) answer, for attempted items.
        attempted: ids with at least one answer.
    """

    system: str
    kind: str
    credit: Mapping[str, float]
    normalised: Mapping[str, float]
    first: Mapping[str, str]
    attempted: frozenset[str]


def item_scores(evaluation: Evaluation, system: str, kind: str, subset: Subset = ALL
                ) -> ItemScores:
    """Return per-item credits of `system` as the official measures compute them (cached)."""
    key = (system, kind, subset.name)
    cached = evaluation._scores.get(key)
    if cached is None:
        cached = _item_scores(evaluation, system, kind, subset)
        evaluation._scores[key] = cached
    return cached


def _item_scores(evaluation: Evaluation, system: str, kind: str, subset: Subset) -> ItemScores:
    gold = evaluation.gold(subset)
    answers = evaluation.answers[system].get(kind)
    credit = dict.fromkeys(gold.items, 0.0)
    normalised = dict.fromkeys(gold.items, 0.0)
    first: dict[str, str] = {}
    if answers is not None:
        for item in item_answers(gold, answers, kind, evaluation.profile, subset):
            if not item.answers:
                continue
            target = item.target
            value = sum(target.credit.get(a, 0.0) for a in item.answers)
            if kind == "best":
                value /= len(item.answers)
            bound = item_upper_bound([c for _, c in target.entries], target.total, kind)
            credit[target.id] = value
            normalised[target.id] = value / bound if bound else 0.0
            first[target.id] = item.answers[0]
    return ItemScores(system, kind, credit, normalised, first, frozenset(first))
