"""Candidate-ranking evaluation: rank each instance's standard candidate pool, score with GAP.

The ranking task (Erk & Padó 2008; Thater et al. 2010; Melamud et al. 2015) gives every
instance the pool of substitutes of its lemma.pos — the union of the gold substitutes over all
the lemma's sentences, `lemma.pos::c1;c2;…` in `lst-candidates/lst.gold.candidates`
(SemEval-2007) or `coinco/coinco.no_problematic.candidates` — minus the target itself; a
ranker orders it in context and the order is scored against the item's gold weights with GAP
(`scoring.ranking.mean_gap`, sorted-gold denominator, skipped items counted) and P@1, P@3,
R@10 (`scoring.ranking.at_k`, the form named in each label). The gold weights are the counts
of the gold file as written (no `pn` removal, as the peers read them), with the named
multiword filter applied to the gold for every measure.

Rankers: any registered ranker (`identity` keeps the pool's file order), plus `random:SEED`
(a seeded shuffle per instance, the floor).
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.coinco import coinco_lexelt
from lexsub_baselines.datasets.gold import decode_lines
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.types import GoldItem, Instance
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.scoring.ranking import MULTIWORD_FILTERS, AtK, GapResult, at_k, mean_gap
from lexsub_baselines.substitutes.candidates import Candidate, dedupe, without_target

__all__ = [
    "DEFAULT_MULTIWORD_FILTER",
    "LS07_POOLS",
    "RandomRanker",
    "RankingRun",
    "RankingScores",
    "evaluate_ranking",
    "pool_file",
    "pool_for",
    "rank_dataset",
    "read_pools",
    "read_ranked",
    "resolve_ranker",
    "write_ranked",
]

#: The SemEval-2007 pools (Melamud et al.'s `lst.gold.candidates`), relative to the data root.
LS07_POOLS = "lst-candidates/lst.gold.candidates"
#: The multiword filter used unless another is named (Melamud et al.'s `no-mwe`).
DEFAULT_MULTIWORD_FILTER = "no-space-hyphen"


def pool_file(dataset: Dataset, roots: Roots) -> Path:
    """Return the candidate-pool file of `dataset` (its `candidates` role, or the LS07 pools).

    Raises:
        MissingResourceError: the dataset has no pool file, or it is absent.
    """
    if dataset.spec.relpath("candidates") is not None:
        return dataset.path("candidates")
    if dataset.name.startswith("semeval2007-"):
        path = roots.data / LS07_POOLS
        if path.is_file():
            return path
        raise MissingResourceError("SemEval-2007 candidate pools", path,
                                   "put lst.gold.candidates from Melamud et al.'s lexsub "
                                   "repository (datasets/) there")
    raise MissingResourceError(f"{dataset.name} candidate pools", roots.data,
                               f"dataset {dataset.name} has no candidate pools")


def _key(lexelt: str) -> str | None:
    parsed = coinco_lexelt(lexelt)
    return parsed[0] if parsed else None


def read_pools(path: Path) -> dict[str, tuple[str, ...]]:
    """Read `lemma.pos::c1;c2;…` into lexelt -> candidates (tags mapped, lemmas lower-cased).

    Lines without `::` or with an unknown PoS tag (CoInCo's pool file has a `.::.` line) are
    warned about with file and line, then skipped.

    Raises:
        MissingResourceError: the file does not exist.
        DataFormatError: no line of the file is a pool.
    """
    if not path.is_file():
        raise MissingResourceError("candidate pool file", path, "see `lexsub datasets`")
    pools: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(decode_lines(read_path(path), str(path)), start=1):
        if not line.strip():
            continue
        head, sep, rest = line.rstrip("\r").partition("::")
        key = _key(head)
        if not sep or key is None:
            warnings.warn(f"{path}:{number}: not a `lemma.pos::cand1;cand2` line; skipped",
                          stacklevel=2)
            continue
        found = [c.strip() for c in rest.split(";") if c.strip()]
        pools[key] = tuple(dict.fromkeys((*pools.get(key, ()), *found)))
    if not pools:
        raise DataFormatError(path, None, "no `lemma.pos::cand1;cand2` line found",
                              "is this a candidate pool file?")
    return pools


def pool_for(instance: Instance, pools: Mapping[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """Return the pool of an instance's lemma.pos (trying each PoS tag of `bar.n.v`), or None."""
    tags = [t for t in instance.lexelt.split(".")[1:]]
    keys = [instance.lexelt, f"{instance.lemma.replace(' ', '_')}.{instance.pos}",
            *(f"{instance.lemma.replace(' ', '_')}.{t}" for t in tags)]
    for key in keys:
        if key.lower() in pools:
            return pools[key.lower()]
    return None


class RandomRanker:
    """Orders candidates by a seeded shuffle per instance (the floor of the ranking task).

    The shuffle of an instance depends only on the seed and the instance id, so a ranking is
    reproducible whatever the order the instances are ranked in.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.name = f"random:{seed}"

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return the candidates shuffled, scored by their reversed shuffled position."""
        order = list(range(len(candidates)))
        random.Random(f"{self.seed}:{instance.id}").shuffle(order)
        n = len(order)
        return [candidates[i].scored(float(n - rank)) for rank, i in enumerate(order)]


def resolve_ranker(name: str, roots: Roots) -> Ranker:
    """Return a registered ranker, or `random[:SEED]`.

    Raises:
        UnknownNameError: neither (the message lists the registered rankers).
        LexsubError: a random seed that is not an integer.
    """
    if name == "random" or name.startswith("random:"):
        seed = name.partition(":")[2] or "0"
        if not seed.lstrip("-").isdigit():
            raise LexsubError(f"ranker {name!r}: the seed must be an integer (random:0)")
        return RandomRanker(int(seed))
    from lexsub_baselines import catalog  # noqa: F401  (fills the registries once)
    from lexsub_baselines.rankers.base import RANKERS

    return RANKERS.get(name)(roots)


@dataclass(frozen=True)
class RankingRun:
    """A ranker's ordering of every instance's pool.

    Attributes:
        ranker: the ranker's name.
        dataset: the dataset name.
        ranked: id -> candidates best first (instances with a pool only).
        lexelts: id -> lexelt (for writing).
        no_pool: instances whose lemma.pos has no pool.
        seconds: wall time.
    """

    ranker: str
    dataset: str
    ranked: Mapping[str, tuple[str, ...]]
    lexelts: Mapping[str, str]
    no_pool: int
    seconds: float


def rank_dataset(ranker: Ranker, name: str, dataset: Dataset, pools: Mapping[str, tuple[str, ...]],
                 progress: bool = True) -> RankingRun:
    """Rank the pool of every instance of `dataset` (target removed) with `ranker`."""
    start = time.perf_counter()
    ranked: dict[str, tuple[str, ...]] = {}
    lexelts: dict[str, str] = {}
    no_pool = 0
    for instance in tqdm(dataset.instances(), desc=f"{dataset.name} {name}", unit="inst",
                         file=sys.stderr, disable=not progress, leave=False):
        pool = pool_for(instance, pools)
        if pool is None:
            no_pool += 1
            continue
        candidates = dedupe(without_target((Candidate(c) for c in pool), instance.lemma))
        order = ranker.rank(instance, candidates) if candidates else []
        ranked[instance.id] = tuple(c.lemma for c in order)
        lexelts[instance.id] = instance.lexelt
    return RankingRun(name, dataset.name, ranked, lexelts, no_pool, time.perf_counter() - start)


@dataclass(frozen=True)
class RankingScores:
    """GAP and P@k/R@k of one ranking.

    Attributes:
        ranker: the ranker's name.
        dataset: the dataset name.
        gap: mean GAP with items used/skipped and the multiword filter.
        at: P@1, P@3, R@10 in their named forms.
        no_gold: ranked instances without a gold line.
        no_pool: instances without a pool.
    """

    ranker: str
    dataset: str
    gap: GapResult
    at: tuple[AtK, ...]
    no_gold: int
    no_pool: int

    def to_json(self) -> dict[str, Any]:
        """Return the scores as JSON-ready data (values in percent)."""
        return {"gap": round(100 * self.gap.gap, 4), "gap_label": self.gap.label,
                "items": self.gap.used, "skipped": self.gap.skipped,
                "multiword_filter": self.gap.multiword_filter,
                "at_k": {a.label: round(100 * a.value, 4) for a in self.at},
                "no_gold": self.no_gold, "no_pool": self.no_pool}


def _weights(item: GoldItem) -> dict[str, float]:
    weights: dict[str, float] = {}
    for substitute, count in item.entries:
        weights[substitute] = weights.get(substitute, 0.0) + count
    return weights


def evaluate_ranking(run: RankingRun, gold: Mapping[str, GoldItem],
                     multiword_filter: str = DEFAULT_MULTIWORD_FILTER,
                     at: Sequence[tuple[str, int, str]] = (("P", 1, "macro"), ("P", 3, "macro"),
                                                           ("R", 10, "macro"))) -> RankingScores:
    """Score a ranking against the gold weights.

    Arguments:
        run: the ranking.
        gold: id -> gold item (the dataset's gold).
        multiword_filter: a name in `scoring.ranking.MULTIWORD_FILTERS`, applied to the gold.
        at: (measure, k, form) of each P@k/R@k (R@k divides by |gold|).

    Raises:
        LexsubError: an unknown multiword filter.
    """
    if multiword_filter not in MULTIWORD_FILTERS:
        raise LexsubError(f"unknown multiword filter {multiword_filter!r}; known: "
                          f"{', '.join(MULTIWORD_FILTERS)}")
    keep = MULTIWORD_FILTERS[multiword_filter]
    pairs = []
    no_gold = 0
    for item_id, ranked in run.ranked.items():
        item = gold.get(item_id)
        if item is None:
            no_gold += 1
            continue
        pairs.append((ranked, _weights(item)))
    gap = mean_gap(pairs, multiword_filter)
    used = []  # the items GAP uses, with the filtered gold
    for ranked, weights in pairs:
        kept = {s: w for s, w in weights.items() if keep(s)}
        if any(w > 0 for w in kept.values()):
            used.append((ranked, kept))
    scores = tuple(at_k(used, k=k, measure=m, form=form) for m, k, form in at)
    return RankingScores(run.ranker, run.dataset, gap, scores, no_gold, run.no_pool)


def write_ranked(path: Path, run: RankingRun) -> None:
    """Write a ranking as `lexelt id :: c1;c2;…` lines (dataset order), atomically."""
    from lexsub_baselines.core.cache import atomic_write_text

    atomic_write_text(path, "".join(f"{run.lexelts[i]} {i} :: {';'.join(r)}\n"
                                    for i, r in run.ranked.items()))


def read_ranked(path: Path, ranker: str, dataset: str) -> RankingRun:
    """Read a ranking written by `write_ranked`.

    Raises:
        MissingResourceError: the file does not exist.
        DataFormatError: a line is not `lexelt id :: candidates`.
    """
    if not path.is_file():
        raise MissingResourceError("ranking file", path, "write it with `lexsub rank-eval`")
    ranked: dict[str, tuple[str, ...]] = {}
    lexelts: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if not line:
            continue
        head, sep, rest = line.partition(" :: ")
        lexelt, _, item_id = head.rpartition(" ")
        if not sep or not lexelt:
            raise DataFormatError(path, number, "expected `lexelt id :: c1;c2;...`",
                                  "re-run `lexsub rank-eval`")
        ranked[item_id] = tuple(c for c in rest.split(";") if c)
        lexelts[item_id] = lexelt
    return RankingRun(ranker, dataset, ranked, lexelts, 0, 0.0)
