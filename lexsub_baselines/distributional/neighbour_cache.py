"""The neighbour-list cache: one small sealed JSON file per target and thesaurus setting.

Split from `distributional.neighbours` (which computes the lists): a `NeighbourCache` is keyed
by the counts, the measure, min_count, alpha and the code digest of this module, which
imports `neighbours`, so a change to how the lists are computed moves the key.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.core.cache import atomic_write_text, seal, verified
from lexsub_baselines.distributional.measures import DEFAULT_ALPHA
from lexsub_baselines.distributional.neighbours import MinCount, Neighbour, RelativeMinCount
from lexsub_baselines.inputs.keys import computation_key

__all__ = ["NeighbourCache"]


@dataclass
class NeighbourCache:
    """Neighbour lists of one (counts, measure, min_count, alpha): one small sealed file each.

    Each target's list is its own file (`<folder>/<digest of lemma.pos>.json`), written
    atomically and sealed, so that two runs filling the same cache at once lose nothing (each
    writes whole files; the same target gives the same bytes), a miss costs the new target's
    file only, and a reader trusts a file only when its seal matches.

    Arguments:
        directory: where the folder lives (under the roots' cache).
        counts: the counts' key (`counts_key`).
        measure: the measure's name.
        min_count: the neighbours' minimum c(w), absolute or relative (by its label).
        alpha: the skew of ``lee`` (part of the key for every measure, for simplicity).
    """

    directory: Path
    counts: str
    measure: str
    min_count: MinCount
    alpha: float = DEFAULT_ALPHA
    _unwritable: bool = field(default=False, init=False, repr=False, compare=False)
    _path: Path | None = field(default=None, init=False, repr=False, compare=False)
    _read: dict[tuple[str, str], tuple[int, list[Neighbour]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @property
    def path(self) -> Path:
        """Return the folder of this cache's files (its key computed once: `code_digest`
        takes about 28 ms, and `get` runs once per instance answered)."""
        if self._path is None:
            key = computation_key(None, "neighbours", code=(__name__,), counts=self.counts,
                                  measure=self.measure, min_count=_label(self.min_count),
                                  alpha=self.alpha)
            self._path = self.directory / f"neighbours-{self.measure}-{key}"
        return self._path

    def file(self, lemma: str, pos: str) -> Path:
        """Return the file of (lemma, pos)."""
        name = hashlib.sha256(f"{lemma}.{pos}".encode()).hexdigest()[:20]
        return self.path / f"{name}.json"

    def get(self, lemma: str, pos: str, k: int) -> list[Neighbour] | None:
        """Return the cached top `k`, or None when not cached to that depth.

        A target's file is read and verified once per `NeighbourCache`: what it held is kept
        in memory (as is what `put` wrote), so the instances of one target (CoInCo: 15,415
        instances of 4,233 targets) read it once.
        """
        read = self._read.get((lemma, pos))
        if read is None:
            read = self._load(lemma, pos)
            if read is None:
                return None
            self._read[(lemma, pos)] = read
        depth, listed = read
        if depth < k and len(listed) >= depth:
            return None  # cached shallower than asked, and there may be more
        return listed[:k]

    def _load(self, lemma: str, pos: str) -> tuple[int, list[Neighbour]] | None:
        """Return (k, neighbours) of the file of (lemma, pos), or None when it is absent,
        not sealed, or another target's."""
        path = self.file(lemma, pos)
        if not verified(path):
            return None
        entry = json.loads(path.read_text(encoding="utf-8"))
        if entry.get("target") != f"{lemma}.{pos}":
            return None  # a digest collision: not ours
        return int(entry["k"]), [Neighbour(str(lemma_), float(score))
                                 for lemma_, score in entry["neighbours"]]

    def put(self, lemma: str, pos: str, k: int, neighbours: list[Neighbour]) -> None:
        """Record the top `k` of (lemma, pos) in its own file, atomically, and seal it.

        A folder this user cannot write (a read-only cache, another user's) is said once, in
        one warning naming it and the remedy; the lists are then computed without caching.
        """
        if self._unwritable:
            return
        path = self.file(lemma, pos)
        document = {"target": f"{lemma}.{pos}", "k": k, "counts": self.counts,
                    "measure": self.measure, "min_count": _label(self.min_count),
                    "alpha": self.alpha, "neighbours": [[n.lemma, n.score] for n in neighbours]}
        self._read.pop((lemma, pos), None)  # read again from the file written (or not)
        try:
            atomic_write_text(path, json.dumps(document, ensure_ascii=False, sort_keys=True)
                              + "\n")
            seal(path)
        except OSError as error:
            self._unwritable = True  # the same words for every measure: said once a run
            warnings.warn(f"{self.directory}: cannot cache neighbour lists there "
                          f"({error.strerror}); computing them without caching: make the "
                          "folder writable, or give a cache of your own (--cache-dir, "
                          "LEXSUB_CACHE_DIR)", stacklevel=2)

    def put_many(self, lists: dict[tuple[str, str], list[Neighbour]], k: int) -> None:
        """Record the top `k` of several targets (one file each)."""
        for (lemma, pos), neighbours in lists.items():
            self.put(lemma, pos, k, neighbours)


def _label(min_count: MinCount) -> float | str:
    return str(min_count) if isinstance(min_count, RelativeMinCount) else min_count
