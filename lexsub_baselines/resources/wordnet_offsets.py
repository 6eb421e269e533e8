"""Princeton WordNet 3.0 synset offsets to the offsets of the installed (Debian) database.

A synset's offset is its byte position in `data.POS`. The Open Multilingual Wordnet's files
key their words by the offsets of Princeton's release of WordNet 3.0; Debian's `wordnet-base`
rebuilds the database from the lexicographer files with `grind` (README.Debian) and fixes
(`20_adj.all_fix.patch`: a missing space), so a few lines differ in length and every synset
after one of them sits a few bytes later: Princeton's `00613018-v` (*forget*, *leave*) is
Debian's `00613036`, 4,287 of the Spanish wordnet's 38,512 synsets are shifted in `data.verb`
and 2,602 in `data.adj`. The synsets are in the same order in both, so the shift is constant
between two changed lines.

`align_offsets` recovers it from the offsets a lexicon names: it walks them in order beside
the database's synset starts, keeps the current shift while each offset lands on a synset
start, and where one does not, takes the smallest change of shift that puts it and the next
`CONFIRM` offsets on synset starts, after the last synset aligned (a chance alignment of so
many is all but impossible: a synset line is ~150 bytes). An offset no shift explains is
left out.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable, Sequence
from pathlib import Path

from lexsub_baselines.inputs.reads import open_path

__all__ = ["CONFIRM", "DATA_FILES", "align_offsets", "synset_starts"]

#: How many following offsets must land on synset starts to accept a new shift.
CONFIRM = 3
#: The largest change of shift looked for, in bytes, either way.
MAX_SHIFT = 2000
_CHANGES = tuple(sorted(range(-MAX_SHIFT, MAX_SHIFT + 1), key=abs))
#: SemEval/OMW PoS -> the database's data file.
DATA_FILES = {"n": "data.noun", "v": "data.verb", "a": "data.adj", "r": "data.adv"}


@functools.lru_cache(maxsize=8)
def synset_starts(path: Path) -> tuple[int, ...]:
    """Return the byte offsets of the synset lines of a `data.POS` file (not its licence
    header, whose lines start with two spaces), ascending."""
    starts = []
    offset = 0
    with open_path(path) as handle:
        for line in handle:
            if not line.startswith(b"  "):
                starts.append(offset)
            offset += len(line)
    return tuple(starts)


def _lands(starts: Sequence[int], offset: int) -> bool:
    at = bisect.bisect_left(starts, offset)
    return at < len(starts) and starts[at] == offset


def align_offsets(starts: Sequence[int], wanted: Iterable[int]) -> dict[int, int]:
    """Return {Princeton offset: installed offset} for the offsets `wanted` that an
    alignment explains (see the module docstring); `starts` as `synset_starts` gives them.

    >>> align_offsets([0, 10, 25, 40, 60], [0, 9, 24, 39, 59])
    {0: 0, 9: 10, 24: 25, 39: 40, 59: 60}
    """
    ordered = sorted(set(wanted))
    shift = 0
    last = -1  # the installed offset of the previous synset aligned: the order is the same
    out: dict[int, int] = {}
    for n, offset in enumerate(ordered):
        if not _lands(starts, offset + shift):
            after = ordered[n + 1:n + 1 + CONFIRM]
            for change in _CHANGES:
                candidate = shift + change
                if offset + candidate > last and _lands(starts, offset + candidate) and all(
                        _lands(starts, o + candidate) for o in after):
                    shift = candidate
                    break
            else:
                continue
        out[offset] = last = offset + shift
    return out
