"""The garbage collector's schedule while a command runs (`fewer_full_collections`).

A run holds large structures for its whole length (NLTK's WordNet maps, Roget, the relation
counts, every answer of a dataset) and makes millions of small acyclic ones on the way (a
candidate list per instance, a `[lemma, score]` pair per LexSubGen entry, the lists of a
result file read back). CPython's default schedule (`gc.get_threshold()` = (700, 10, 10))
runs a full collection after every ten collections of the middle generation, once a quarter
of the long-lived objects are new, and each full collection walks everything the process
holds. Ten times fewer full collections (threshold2 = 100) leave what is collected unchanged
(cycles are still found, later) and the peak memory of a run the same: `lexsub baselines
--systems roget wordnet --no-tsar` on the full resources took 68.9 s instead of 81.5 s
(medians of 4 paired runs, 0.85×), at 2.20 GB either way (docs/speed.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["FULL_COLLECTION_EVERY", "fewer_full_collections", "rarer_full_collections"]

#: Collections of the middle generation between two full ones (CPython's default: 10).
FULL_COLLECTION_EVERY = 100


def rarer_full_collections(every: int = FULL_COLLECTION_EVERY) -> tuple[int, int, int]:
    """Make full collections at most every `every` middle-generation ones (never more often
    than the schedule in force, which is returned), for the rest of the process (the test
    processes) or until the caller restores it (`fewer_full_collections`)."""
    before = gc.get_threshold()
    young, middle, full = before
    gc.set_threshold(young, middle, max(full, every))
    return before


@contextmanager
def fewer_full_collections(every: int = FULL_COLLECTION_EVERY) -> Iterator[None]:
    """Run the block with a full collection at most every `every` middle-generation ones
    (never more often than the schedule in force), then restore the schedule.

    >>> import gc
    >>> before = gc.get_threshold()
    >>> with fewer_full_collections(): gc.get_threshold()[2] >= 100
    True
    >>> gc.get_threshold() == before
    True
    """
    before = rarer_full_collections(every)
    try:
        yield
    finally:
        gc.set_threshold(*before)
