"""The further-analysis subsets of `scoreFA.pl`: NMWT, NMWS, RAND and MAN.

- NMWT: items whose id is not in `key/mwids` (targets that are part of a multiword).
- NMWS: multiword gold entries (and multiword answers) are dropped.
- RAND: words *not* listed in `key/MRsamples` (sentences selected randomly).
- MAN: only words listed in `key/MRsamples` (sentences selected manually).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.inputs.reads import read_path

__all__ = [
    "ALL",
    "SUBSET_NAMES",
    "Subset",
    "available_subsets",
    "further_analysis_subsets",
    "read_mrsamples",
    "read_mwids",
    "refuse_subsets",
]

#: The subsets in the order scoreFA.pl prints them.
SUBSET_NAMES: tuple[str, ...] = ("NMWT", "NMWS", "RAND", "MAN")

# score.pl getnmw: `/^(\d+) /`; getman: `/(\w+);(\w)\.man/` -> "word.p".
_MWID = re.compile(r"^(\d+) ", re.ASCII)
_MAN = re.compile(r"(\w+);(\w)\.man", re.ASCII)
# score.pl readgoldfile (NMWS): removeifpatt('\s\S+\s+\d+', @res) drops multiword entries.
_MULTIWORD_ENTRY = re.compile(r"\s\S+\s+\d+", re.ASCII)
# score.pl fixmisc (NMWS): answers matching /\S \S/ are dropped.
_MULTIWORD_ANSWER = re.compile(r"\S \S", re.ASCII)


def _everything(item_id: str, lexelt: str) -> bool:
    return True


@dataclass(frozen=True)
class Subset:
    """A set of items (and possibly of substitutes) to score on.

    Attributes:
        name: `all`, `NMWT`, `NMWS`, `RAND` or `MAN`.
        includes: (id, lexelt) -> whether the item is scored.
        single_words: drop multiword gold entries and multiword answers (NMWS).
        header_best: the line scoreFA.pl prints before the block (best).
        header_oot: the same for oot (which differs for MAN).
    """

    name: str
    includes: Callable[[str, str], bool] = _everything
    single_words: bool = False
    header_best: str = ""
    header_oot: str = ""

    def keeps_gold_entry(self, raw: str) -> bool:
        """Return False for a raw gold entry this subset drops."""
        return not (self.single_words and _MULTIWORD_ENTRY.search(raw))

    def keeps_answer(self, answer: str) -> bool:
        """Return False for a (normalised) answer this subset drops."""
        return not (self.single_words and _MULTIWORD_ANSWER.search(answer))

    def header(self, kind: str) -> str:
        """Return the FURTHER ANALYSIS line printed before this block for `kind`."""
        return self.header_oot if kind == "oot" else self.header_best


#: Every item, every substitute.
ALL = Subset("all")


def _read(path: Path, what: str) -> str:
    if not path.is_file():
        raise MissingResourceError(
            what, path, "pass --mwids/--mrsamples, or keep mwids and MRsamples beside the "
            "gold file (the SemEval-2007 key folder)")
    # through the input layer: the key's mwids and MRsamples are checked against the
    # manifest where it puts them (a damaged copy is refused, not scored)
    return read_path(path).decode("utf-8", errors="replace")


def read_mwids(path: Path) -> frozenset[str]:
    """Return the ids listed in a `mwids` file (score.pl getnmw)."""
    return frozenset(m.group(1) for line in _read(path, "mwids file").split("\n")
                     if (m := _MWID.search(line)))


def read_mrsamples(path: Path) -> frozenset[str]:
    """Return the lexelts (`word.p`) listed as manually selected in `MRsamples` (getman)."""
    return frozenset(f"{m.group(1)}.{m.group(2)}"
                     for line in _read(path, "MRsamples file").split("\n")
                     if (m := _MAN.search(line)))


def further_analysis_subsets(mwids: frozenset[str], manual: frozenset[str]) -> tuple[Subset, ...]:
    """Return NMWT, NMWS, RAND and MAN with scoreFA.pl's headers, in its order.

    scoreFA.pl excludes both ids and lexelts found in the exclusion table; the RAND block
    (printed as "items selected randomly") is its `MAN` run with exclusion, and the MAN block
    its `RAND` run keeping only the listed words.
    """

    def nmwt(item_id: str, lexelt: str) -> bool:
        return item_id not in mwids and lexelt not in mwids

    def rand(item_id: str, lexelt: str) -> bool:
        return item_id not in manual and lexelt not in manual

    def man(item_id: str, lexelt: str) -> bool:
        return lexelt in manual

    return (
        Subset("NMWT", nmwt, header_best="FURTHER ANALYSIS Scoring without items identified "
               "as MWs", header_oot="FURTHER ANALYSIS Scoring without items identified as MWs"),
        Subset("NMWS", single_words=True,
               header_best="FURTHER ANALYSIS Scoring using only single word substitutes",
               header_oot="FURTHER ANALYSIS Scoring using only single word substitutes"),
        Subset("RAND", rand, header_best="FURTHER ANALYSIS Scoring  items selected randomly",
               header_oot="FURTHER ANALYSIS Scoring  items selected randomly"),
        Subset("MAN", man, header_best="FURTHER ANALYSIS Scoring  items selected manually",
               header_oot=" FURTHER ANALYSIS Scoring just items selected manually"),
    )


def _mtime(path: Path | None) -> int:
    return path.stat().st_mtime_ns if path is not None else 0


@lru_cache(maxsize=8)
def _subsets_of(mwids: Path | None, mw_mtime: int, mrsamples: Path | None, mr_mtime: int
                ) -> tuple[Subset, ...]:
    ids = read_mwids(mwids) if mwids is not None else frozenset()
    manual = read_mrsamples(mrsamples) if mrsamples is not None else frozenset()
    return further_analysis_subsets(ids, manual)


def available_subsets(mwids: Path | None, mrsamples: Path | None
                      ) -> tuple[tuple[Subset, ...], tuple[str, ...]]:
    """Return the subsets the files allow (NMWS always) and a note for each one left out.

    Arguments:
        mwids: the `mwids` file (NMWT), or None.
        mrsamples: the `MRsamples` file (RAND, MAN), or None.
    """
    have_mw = mwids is not None and mwids.is_file()
    have_mr = mrsamples is not None and mrsamples.is_file()
    mw_file = mwids if have_mw else None
    mr_file = mrsamples if have_mr else None
    chosen: list[Subset] = []
    notes: list[str] = []
    for subset in _subsets_of(mw_file, _mtime(mw_file), mr_file, _mtime(mr_file)):
        if subset.name == "NMWT" and not have_mw:
            notes.append(f"subset NMWT not computed: no mwids file ({mwids or 'not given'}); "
                         "pass --mwids")
        elif subset.name in ("RAND", "MAN") and not have_mr:
            notes.append(f"subset {subset.name} not computed: no MRsamples file "
                         f"({mrsamples or 'not given'}); pass --mrsamples")
        else:
            chosen.append(subset)
    return tuple(chosen), tuple(notes)


def refuse_subsets(protocol: str, mwids: Path | None, mrsamples: Path | None) -> None:
    """Refuse the SemEval-2007 subset files given to another protocol's scorer.

    Raises:
        LexsubError: `mwids` or `mrsamples` is given.
    """
    if mwids is not None or mrsamples is not None:
        raise LexsubError(f"mwids and MRsamples are SemEval-2007 files; {protocol} has no "
                          "further-analysis subsets")
