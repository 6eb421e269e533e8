"""The distributional baselines' generator: a target's nearest neighbours by one measure.

McCarthy & Navigli (2007, 2009): candidates are the neighbours of the target in a thesaurus
built from grammatical relations with one of the measures l1, jaccard, cos, lin or αSD (lee);
best = the nearest, oot = the 10 nearest, with no re-ranking (pair this generator with the
`identity` ranker). Candidates carry provenance ("measure", name) and ("similarity", score)
and their score (the similarity, or the negated distance for l1 and lee).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.cache import read_sealed_json, write_sealed_json
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.distributional.build import RelationSettings, counts_stem, load_counts
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.measures import DEFAULT_ALPHA, MEASURES
from lexsub_baselines.distributional.neighbour_cache import NeighbourCache
from lexsub_baselines.distributional.neighbours import (
    DEFAULT_MIN_COUNT,
    CountsSource,
    MinCount,
    Neighbour,
    Neighbourhood,
    RelativeMinCount,
)
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["SYSTEM_EXCLUDED_RELATIONS", "SYSTEM_MIN_COUNT", "DistributionalGenerator",
           "corpus_generator",
           "fill_neighbours", "neighbour_caches", "neighbours_dir", "neighbours_filled",
           "system_counts", "system_counts_id"]

#: Relations extracted but left out of the baselines' thesauri: the predicative-adjective
#: pair. DESIGN.md's feature list does not have them, and on the trial data (5 measures x 5M,
#: 10M, 20M tokens; `scripts/relations_by_size.py --without pred,pred_of`) oot recall was as
#: good or better without them in all 15 cells (lin at 20M: 18.87 against 18.39), best recall
#: equal in 13 and lower in 2 (by 0.22 and 0.11).
SYSTEM_EXCLUDED_RELATIONS: tuple[str, ...] = ("pred", "pred_of")

#: The baselines' neighbour threshold: c(w) ≥ 14 per million relation occurrences (about 400
#: in the whole-corpus counts, 28.4M occurrences; about 90 at 20M tokens). Chosen on the trial
#: data at 88M tokens (`scripts/relations_by_size.py --min-counts …`; mean of the five
#: measures, best / oot recall): c(w) ≥ 20: 7.37 / 17.18, 50: 7.61 / 17.34, 100: 7.61 / 17.71,
#: 200: 7.61 / 18.23, 400: 7.87 / 18.72, 800: 7.91 / 16.31, 1600: 8.06 / 13.32 — oot peaks at
#: 400 and best barely moves after it. The same grid without the exclusion above is lower on
#: oot at every threshold (e.g. 17.36 against 17.71 at 100), so the exclusion stays too.
SYSTEM_MIN_COUNT = RelativeMinCount(14)


@dataclass
class DistributionalGenerator:
    """Proposes the `k` nearest same-PoS neighbours of the target by `measure`.

    Arguments:
        measure: one of `measures.MEASURES` (l1, jaccard, cos, lin, lee).
        counts: the word × feature counts, a function returning them (called on first need:
            a run whose neighbour lists are all cached never loads them when the key is known
            without them, from `counts_id` or the neighbourhood's `key_source`), or a
            `Neighbourhood` shared with the other measures' generators.
        min_count: minimum c(w) of a neighbour (see `neighbours.DEFAULT_MIN_COUNT`), or a
            `RelativeMinCount` (resolved when the counts are first needed).
        k: how many neighbours to propose (10: the oot answer size).
        cache_dir: where neighbour lists are cached (None: no cache).
        counts_id: the counts' key; None derives it from the counts (which loads them).
        alpha: the skew of lee (αSD).

    >>> import scipy.sparse as sp
    >>> from lexsub_baselines.datasets.types import Instance
    >>> from lexsub_baselines.distributional.build import RelationSettings, load_counts
from lexsub_baselines.distributional.counts import FeatureCounts
    >>> counts = FeatureCounts(words=(("a", "n"), ("b", "n"), ("c", "n")),
    ...     features=(("obj", "x"), ("obj", "y")),
    ...     matrix=sp.csr_matrix([[3.0, 1.0], [1.0, 0.0], [0.0, 1.0]]))
    >>> generator = DistributionalGenerator("l1", counts, min_count=0)
    >>> [c.lemma for c in generator.generate(Instance("1", "a.n", "a", "n", ("a",), 0))]
    ['b', 'c']
    """

    measure: str
    counts: CountsSource | Neighbourhood
    min_count: MinCount = DEFAULT_MIN_COUNT
    k: int = 10
    cache_dir: Path | None = None
    counts_id: str | None = None
    alpha: float = DEFAULT_ALPHA
    name: str = field(init=False)
    _neighbourhood: Neighbourhood = field(init=False, repr=False)
    _cache: NeighbourCache | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.measure not in MEASURES:
            raise LexsubError(f"unknown measure {self.measure!r}; known: {', '.join(MEASURES)}")
        if self.k < 1:
            raise LexsubError(f"k must be at least 1, got {self.k}")
        self.name = f"dist:{self.measure}"
        if isinstance(self.counts, Neighbourhood):
            if self.counts.alpha != self.alpha:
                raise LexsubError(f"the shared neighbourhood uses alpha {self.counts.alpha}, "
                                  f"this generator {self.alpha}; give them the same alpha")
            self._neighbourhood = self.counts
        else:
            self._neighbourhood = Neighbourhood(self.counts, self.alpha)

    def _neighbour_cache(self) -> NeighbourCache | None:
        if self.cache_dir is None:
            return None
        if self._cache is None:
            key = self.counts_id or self._neighbourhood.key()
            self._cache = NeighbourCache(self.cache_dir, key, self.measure, self.min_count,
                                         self.alpha)
        return self._cache

    def _threshold(self) -> float:
        if isinstance(self.min_count, RelativeMinCount):
            return self.min_count.resolve(self._neighbourhood.counts)
        return self.min_count

    def neighbours(self, lemma: str, pos: str) -> list[Neighbour]:
        """Return the `k` nearest neighbours of (lemma, pos), from the cache when there."""
        cache = self._neighbour_cache()
        if cache is not None and (hit := cache.get(lemma, pos, self.k)) is not None:
            return hit
        found = self._neighbourhood.nearest(lemma, pos, (self.measure,), self._threshold(),
                                            self.k)
        neighbours = [] if found is None else found[self.measure]
        if cache is not None:
            cache.put(lemma, pos, self.k, neighbours)
        return neighbours

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the target's neighbours as candidates, nearest first ([] when unknown)."""
        return [
            Candidate(n.lemma, provenance=(("measure", self.measure),
                                           ("similarity", f"{n.score:.6g}")), score=n.score)
            for n in self.neighbours(instance.lemma, instance.pos)
        ]


def neighbours_dir(roots: Roots) -> Path:
    """Return the cache folder of neighbour lists."""
    return roots.cache / "neighbours"


def system_counts_id(roots: Roots, parser_key: str, settings: RelationSettings) -> str:
    """Return the key of the systems' counts: the relation counts (their cache stem's name,
    corpus identity included) without the relations in `SYSTEM_EXCLUDED_RELATIONS` (known
    without loading them, so a fully cached run never reads the counts)."""
    dropped = "+".join(sorted(SYSTEM_EXCLUDED_RELATIONS))
    return f"{counts_stem(roots, parser_key, settings).name}-without-{dropped}"


def system_counts(roots: Roots, parser_key: str, settings: RelationSettings) -> FeatureCounts:
    """Return the cached relation counts the baselines read (see `SYSTEM_EXCLUDED_RELATIONS`).

    Raises:
        MissingResourceError: not built yet (`lexsub build relations`).
    """
    counts = load_counts(roots, parser_key, settings)
    return counts.without_relations(SYSTEM_EXCLUDED_RELATIONS)


def neighbour_caches(roots: Roots, counts_id: str, min_count: MinCount = SYSTEM_MIN_COUNT,
                     alpha: float = DEFAULT_ALPHA) -> dict[str, NeighbourCache]:
    """Return the neighbour-list cache of each measure for the counts `counts_id`."""
    return {measure: NeighbourCache(neighbours_dir(roots), counts_id, measure, min_count, alpha)
            for measure in MEASURES}


def fill_neighbours(roots: Roots, parser_key: str, settings: RelationSettings,
                    targets: tuple[tuple[str, str], ...], k: int = 10) -> int:
    """Compute the `k` nearest neighbours of the `targets` not cached yet by every measure and
    cache them (the `neighbours` task of the build graph); return how many targets have a
    row."""
    counts_id = system_counts_id(roots, parser_key, settings)
    caches = neighbour_caches(roots, counts_id)
    counts = system_counts(roots, parser_key, settings)
    neighbourhood = Neighbourhood(counts)
    threshold = SYSTEM_MIN_COUNT.resolve(counts)
    rows = neighbourhood.prepared()[1].rows
    for lemma, pos in targets:
        if all(cache.get(lemma, pos, k) is not None for cache in caches.values()):
            continue  # cached by an earlier run: a new target costs its own files only
        found = neighbourhood.nearest(lemma, pos, MEASURES, threshold, k)
        for measure, cache in caches.items():
            cache.put(lemma, pos, k, [] if found is None else found[measure])
    known = sum((lemma, pos) in rows for lemma, pos in targets)
    with contextlib.suppress(OSError):  # a read-only cache: checked file by file next time
        write_sealed_json(_filled_marker(roots, counts_id, targets, k), {"known": known})
    return known


def _filled_marker(roots: Roots, counts_id: str, targets: tuple[tuple[str, str], ...],
                   k: int) -> Path:
    """Return the sealed file that says every measure's lists of `targets` are cached."""
    key = computation_key(None, "neighbours-filled", code=(), counts=counts_id, k=k,
                          targets=[list(t) for t in targets])
    return neighbours_dir(roots) / f"filled-{key}.json"


def neighbours_filled(roots: Roots, parser_key: str, settings: RelationSettings,
                      targets: tuple[tuple[str, str], ...], k: int = 10) -> bool:
    """Return True when every measure's cache holds the `k` nearest of every target (one
    sealed file says so once they all were: a warm run does not read the 21,000 lists)."""
    counts_id = system_counts_id(roots, parser_key, settings)
    if read_sealed_json(_filled_marker(roots, counts_id, targets, k)) is not None:
        return True
    caches = neighbour_caches(roots, counts_id)
    return all(cache.get(lemma, pos, k) is not None for cache in caches.values()
               for lemma, pos in targets)


@lru_cache(maxsize=2)
def _corpus_neighbourhood(roots: Roots, parser_key: str, settings: RelationSettings
                          ) -> Neighbourhood:
    """Return one `Neighbourhood` over the systems' counts, shared by the five measures."""
    return Neighbourhood(lambda: system_counts(roots, parser_key, settings),
                         key_source=lambda: system_counts_id(roots, parser_key, settings))


def corpus_generator(roots: Roots, measure: str, parser_key: str,
                     settings: RelationSettings) -> DistributionalGenerator:
    """Return the registered `dist:<measure>` generator over the corpus relation counts.

    The counts are the cached relation counts of `settings` made by the parser `parser_key`,
    without the relations in `SYSTEM_EXCLUDED_RELATIONS`; the five measures share them and
    one prepared `MeasureSpace`, and their neighbour lists are cached under
    `<cache>/neighbours` (the `neighbours` build stage fills them for the task targets).
    """
    return DistributionalGenerator(measure, _corpus_neighbourhood(roots, parser_key, settings),
                                   min_count=SYSTEM_MIN_COUNT, cache_dir=neighbours_dir(roots))
