"""The gold's first answer in a system's lists: what the explorer's "unlike" filter reads.

An instance's first gold answer is its most credited substitute (on SemEval-2007 the most
frequent, by the scorer's own credit; on SWORDS the highest TRUE ratio), ties included. The
explorer stores, per instance and system, which of the system's lists holds one (`top_bits`:
bit 0 its best answer, bit 1 its oot answers, or on SWORDS its first substitute and its top
10), so the page can list "the instances whose first gold answer this baseline gives and
WordTune does not", and the reverse, without recomputing anything.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["top_bits"]


def top_bits(lists: Sequence[Sequence[int]], tops: Collection[int]) -> int:
    """Return which of a system's lists (best, then oot) hold a top gold answer: bit k set
    when list k holds one of `tops` (the answers equal to the gold's first: the most
    credited substitutes, ties included). The explorer's filter "lists the gold's first
    answer, unlike" reads these bits.

    >>> top_bits([[3], [3, 5]], {5}), top_bits([[5], [5]], {5}), top_bits([[], []], {5})
    (2, 3, 0)
    """
    return sum(1 << k for k, answers in enumerate(lists) if any(a in tops for a in answers))
