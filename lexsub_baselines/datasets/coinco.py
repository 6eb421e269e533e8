"""CoInCo (Kremer et al. 2014), the all-words lexical-substitution corpus, in Melamud et al.'s form.

The files are the preprocessed release of Melamud, Levy & Dagan (2015) (`README.melamud-lexsub.md`
beside them): under `coinco/` in the data root

    coinco_dev.no_problematic.preprocessed    lemma.POS<TAB>id<TAB>target index<TAB>sentence
    coinco_test.no_problematic.preprocessed   (the same; dev 5,388 and test 10,027 instances)
    coinco_all.no_problematic.preprocessed    (dev + test)
    coinco_all.no_problematic.gold            the SemEval-2007 gold format, dev + test
    coinco.no_problematic.candidates          lemma.POS::cand1;cand2;... (the ranking pools)

Departures from the SemEval-2007 layout, and what this reader does about them:
- PoS tags are N/V/J/R; they are mapped to n/v/a/r (`COINCO_TAGS`), so `by_pos` tables and the
  scorer's per-PoS blocks work unchanged. Lemmas are lower-cased (`Make.V` -> `make.v`; the
  sentences are lower-cased already).
- A target lemma can hold a space (`e commerce.J`, the token `e-commerce`). The lexelt written
  in answer files joins it with `_` (`e_commerce.a`) so the official line pattern
  `([\\w.]+) (\\S+) :: ` still reads the id; `Instance.lemma` keeps the space.
- The gold is one file for dev and test: `Dataset.gold()` keeps the ids of the split's
  instances (`restrict_gold`). Gold lines with a spaced lemma are read (the SemEval line
  pattern would miss them).
- Sentences are tokenised and lower-cased; the target index is 0-based.
- Text is UTF-8 except for a few Latin-1 bytes (a `¢`), read as Latin-1 with a warning.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Collection, Mapping

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.gold import Notes, decode_lines, read_gold
from lexsub_baselines.datasets.types import POS_TAGS, DatasetSpec, GoldItem, Instance

__all__ = [
    "COINCO_FORMAT",
    "COINCO_TAGS",
    "COINCO_URL",
    "coinco_lexelt",
    "coinco_specs",
    "read_coinco_gold",
    "read_coinco_instances",
    "restrict_gold",
]

#: The `DatasetSpec.format` of CoInCo datasets.
COINCO_FORMAT = "coinco"
#: Where the preprocessed files come from.
COINCO_URL = "https://github.com/orenmel/lexsub"
#: CoInCo PoS tags -> SemEval-2007 tags.
COINCO_TAGS: dict[str, str] = {"N": "n", "V": "v", "J": "a", "R": "r"}

_NOTE = ("put the preprocessed CoInCo files of Melamud et al.'s `lexsub` repository (folder "
         "`datasets/`) under <data root>/coinco/")
# `lemma.POS id :: entries`; the lemma may hold spaces, so the id is the last field before `::`.
_GOLD_LINE = re.compile(r"^\s*(.+?)\s+(\S+)\s+::\s?(.*)$")


def coinco_lexelt(raw: str) -> tuple[str, str, str] | None:
    """Return (lexelt, lemma, pos) of a CoInCo `lemma.POS`, or None for an unknown tag.

    >>> coinco_lexelt("e commerce.J")
    ('e_commerce.a', 'e commerce', 'a')
    >>> coinco_lexelt("Make.V")
    ('make.v', 'make', 'v')
    """
    head, dot, tag = raw.strip().rpartition(".")
    pos = COINCO_TAGS.get(tag, tag if tag in POS_TAGS else "")
    if not dot or not head or not pos:
        return None
    lemma = head.lower()
    return f"{lemma.replace(' ', '_')}.{pos}", lemma, pos


def read_coinco_instances(data: bytes, path: str = "<bytes>", notes: Notes | None = None
                          ) -> list[Instance]:
    """Read a `.preprocessed` file's bytes into instances (file order); `path` names it;
    `notes`: where to note what would be warned about (`datasets.gold.Notes`).

    Raises:
        DataFormatError: a line does not have four tab-separated fields with a valid index
            (the message names file and line).
    """
    instances: list[Instance] = []
    for number, line in enumerate(decode_lines(data, path, notes), start=1):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 4 or not fields[2].isdigit():
            raise DataFormatError(path, number, "expected lemma.POS<TAB>id<TAB>index<TAB>sentence",
                                  "is this a Melamud-style .preprocessed file?")
        parsed = coinco_lexelt(fields[0])
        tokens = tuple(fields[3].split())
        index = int(fields[2])
        if parsed is None or index >= len(tokens):
            if notes is not None:
                notes.append((number, "unknown PoS tag or target index out of range; skipped"))
                continue
            warnings.warn(f"{path}:{number}: unknown PoS tag or target index out of range; "
                          "skipped", stacklevel=2)
            continue
        lexelt, lemma, pos = parsed
        instances.append(Instance(id=fields[1], lexelt=lexelt, lemma=lemma, pos=pos,
                                  tokens=tokens, target_index=index, sentence=" ".join(tokens)))
    return instances


def parse_coinco_gold_line(line: str) -> tuple[str, str, tuple[str, ...]] | None:
    """Split a CoInCo gold line into (our lexelt, id, raw entries); None when it does not parse.

    Like `parse_gold_line`, but the lemma may contain spaces and its `lemma.POS` is mapped
    by `coinco_lexelt`.

    >>> parse_coinco_gold_line("e commerce.J 7 :: online trade 2;")
    ('e_commerce.a', '7', ('online trade 2',))
    """
    match = _GOLD_LINE.match(line.rstrip("\r"))
    parsed = coinco_lexelt(match.group(1)) if match else None
    if match is None or parsed is None:
        return None
    raw = tuple(part for part in match.group(3).split(";") if part.strip())
    return parsed[0], match.group(2), raw


def read_coinco_gold(data: bytes, path: str = "<bytes>", notes: Notes | None = None
                     ) -> dict[str, GoldItem]:
    """Read CoInCo's gold (SemEval-2007 format, spaced lemmas allowed) into {id: GoldItem}.

    Lexelts are mapped as `coinco_lexelt` maps them; the first line per id wins; lines that
    do not parse are warned about with file and line, then skipped.
    """
    return read_gold(data, path, parse_line=parse_coinco_gold_line, notes=notes)


def restrict_gold(items: Mapping[str, GoldItem], ids: Collection[str]) -> dict[str, GoldItem]:
    """Return the gold items whose id is in `ids`, in gold-file order."""
    return {i: item for i, item in items.items() if i in ids}


def coinco_specs() -> tuple[DatasetSpec, ...]:
    """Return the specs of `coinco-dev`, `coinco-test` and `coinco-all` (for the catalog)."""
    sizes = {"dev": "5,388", "test": "10,027", "all": "15,415"}
    return tuple(
        DatasetSpec(
            name=f"coinco-{split}",
            description=f"CoInCo (Kremer et al. 2014) {split} split, Melamud et al.'s "
                        f"preprocessed release without problematic items: {sizes[split]} "
                        "instances",
            language="en",
            files=(
                ("instances", f"coinco/coinco_{split}.no_problematic.preprocessed"),
                ("gold", "coinco/coinco_all.no_problematic.gold"),
                ("candidates", "coinco/coinco.no_problematic.candidates"),
            ),
            upstream_url=COINCO_URL,
            upstream_note=_NOTE,
            format=COINCO_FORMAT,
            fetch="coinco",
        )
        for split in ("dev", "test", "all")
    )
