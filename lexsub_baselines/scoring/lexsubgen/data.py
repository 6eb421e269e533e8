"""LexSubGen's dataset reader, as `lexsubgen.datasets.lexsub.LexSubDatasetReader` reads.

What it mirrors (Samsung/LexSubGen, commit 276ce228), each where LexSubGen would raise a
one-line refusal naming file and line:
- a file is read line by line; lines that are exactly empty are dropped; every field is
  stripped (`split_line`).
- gold: `head :: entries`; the head's last word is the id (`rsplit(maxsplit=1)`); entries are
  split on `;`, empty ones dropped, each stripped and split at its last space into word and
  weight (a multiword stays whole); an entry without a weight raises (LexSubGen: IndexError),
  a weight that is no number raises (ValueError), a repeated id raises (AssertionError).
- candidates: `key::a;b;...`, each candidate stripped; a later line of the same key replaces an
  earlier one; the pool is deduplicated and sorted (code-point order).
- sentences: `lemma.pos<TAB>id<TAB>index<TAB>tokens`; a sentence whose id has no gold line is
  skipped (LS07 has seven); the pool is that of `lemma + "." + first PoS` (`bar.n.v` -> `bar.n`);
  a key without a pool raises (KeyError), as does an index past the tokens (AssertionError).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.lexsubgen import LexSubGenFiles, lexsubgen_files, source_paths
from lexsub_baselines.scoring.lexsubgen.metrics import WORD

__all__ = ["LexSubGenData", "LsgInstance", "lexsubgen_data", "parse_gold_line",
           "read_lexsubgen_data"]


@dataclass(frozen=True)
class LsgInstance:
    """One scored instance.

    Attributes:
        id: the instance id.
        key: the lemma key of its candidate pool (`bar.n`).
        gold: the gold words in file order, duplicates kept.
        weights: their weights (floats, as LexSubGen reads them).
        candidates: the lemma's pool, deduplicated and sorted.
        word_candidates: its `^[A-Za-z]+$` words (for `gap_normalized`).
        gold_map, word_gold_map: the gold as `gap_score` holds it, all words and those.
    """

    id: str
    key: str
    gold: tuple[str, ...]
    weights: tuple[float, ...]
    candidates: tuple[str, ...]

    word_candidates: tuple[str, ...] = ()
    gold_map: dict[str, float] = field(default_factory=dict, compare=False)
    word_gold_map: dict[str, float] = field(default_factory=dict, compare=False)


def _instance(instance_id: str, key: str, words: tuple[str, ...], weights: tuple[float, ...],
              pool: tuple[str, ...], word_pool: tuple[str, ...]) -> LsgInstance:
    # the gold as LexSubGen's `gap_score` holds it: `dict(zip(words, weights))`, then its
    # `^[A-Za-z]+$` words (for `gap_normalized`); prepared once, at load time
    gold_map = dict(zip(words, weights, strict=True))
    word_gold_map = {w: weight for w, weight in zip(words, weights, strict=True) if WORD.match(w)}
    return LsgInstance(instance_id, key, words, weights, pool, word_pool, gold_map,
                       word_gold_map)


@dataclass(frozen=True)
class LexSubGenData:
    """A LexSubGen dataset as its evaluation sees it.

    Attributes:
        name: the dataset name or folder.
        instances: the scored instances, in the sentences' order.
        without_gold: ids of sentences without a gold line (skipped, as LexSubGen does).
        digest: the first 8 hex digits of the sha256 of the three files (gold, sentences,
            candidates, each length-prefixed), for signatures.
        log: the repairs made while deriving the files (`datasets.lexsubgen`).
    """

    name: str
    instances: tuple[LsgInstance, ...]
    without_gold: tuple[str, ...]
    digest: str
    log: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """Return `name#digest`."""
        return f"{self.name}#{self.digest}"


def _lines(data: bytes, source: str) -> list[tuple[int, str]]:
    """Return (line number, text) of the non-empty lines, decoded as UTF-8 (strict)."""
    out = []
    # `readlines` in text mode: universal newlines, each line kept unless exactly "\n"
    for number, raw in enumerate(data.replace(b"\r\n", b"\n").split(b"\n"), start=1):
        if not raw:
            continue
        try:
            out.append((number, raw.decode("utf-8")))
        except UnicodeDecodeError:
            raise DataFormatError(source, number, "not UTF-8", "LexSubGen reads UTF-8; "
                                  "convert the file (its copies decode such lines as "
                                  "Latin-1)") from None
    return out


def parse_gold_line(line: str, source: str = "<gold>", number: int = 0
                    ) -> tuple[str, list[str], list[float]]:
    """Return (id, words, weights) of a gold line, as LexSubGen's reader parses it.

    >>> parse_gold_line("yard.n 801 :: garden 2;lot 1;garden  1;property 1;")
    ('801', ['garden', 'lot', 'garden', 'property'], [2.0, 1.0, 1.0, 1.0])
    """
    parts = [part.strip() for part in line.split("::")]
    head = parts[0].rsplit(maxsplit=1)
    if len(parts) < 2 or len(head) < 2:
        raise DataFormatError(source, number, "expected `lemma.pos id :: word n;...`",
                              "is this LexSubGen's gold file?")
    entries = [tuple(entry.strip().rsplit(maxsplit=1)) for entry in parts[1].split(";") if entry]
    words, weights = [], []
    for entry in entries:
        if not entry:
            continue
        if len(entry) < 2:
            raise DataFormatError(source, number, f"gold entry {entry[0]!r} has no weight "
                                  "(LexSubGen stops here: IndexError)",
                                  "write `word n`; LexSubGen's own copy of CoInCo writes "
                                  "instance 7611's `;` substitute as `,`")
        try:
            weight = float(entry[1])
        except ValueError:
            raise DataFormatError(source, number, f"gold entry {' '.join(entry)!r}: the weight "
                                  "is not a number (LexSubGen stops here)", "") from None
        words.append(entry[0])
        weights.append(weight)
    return head[1], words, weights


def read_lexsubgen_data(files: LexSubGenFiles) -> LexSubGenData:
    """Read LexSubGen's three files as its reader does; see the module docstring.

    Raises:
        DataFormatError: a line LexSubGen's reader would stop on (file and line named).
    """
    paths = dict(zip(("gold", "sentences", "candidates"), files.paths, strict=False)) \
        if len(files.paths) == 3 else {}
    where = {role: str(paths.get(role, f"{files.name}/{role}"))
             for role in ("gold", "sentences", "candidates")}
    gold: dict[str, tuple[tuple[str, ...], tuple[float, ...]]] = {}
    for number, line in _lines(files.gold, where["gold"]):
        gold_id, words, weights = parse_gold_line(line, where["gold"], number)
        if gold_id in gold:
            raise DataFormatError(where["gold"], number, f"id {gold_id} has a second gold line "
                                  "(LexSubGen stops here: 'Duplicated gold id occurred!')", "")
        gold[gold_id] = (tuple(words), tuple(weights))
    pools: dict[str, tuple[str, ...]] = {}
    for number, line in _lines(files.candidates, where["candidates"]):
        parts = [part.strip() for part in line.split("::")]
        if len(parts) < 2:
            raise DataFormatError(where["candidates"], number, "expected `lemma.pos::a;b;...`",
                                  "is this LexSubGen's candidates file?")
        pools[parts[0].strip()] = tuple(sorted({c.strip() for c in parts[1].split(";")}))
    word_pools = {key: tuple(w for w in pool if WORD.match(w)) for key, pool in pools.items()}
    instances: list[LsgInstance] = []
    without: list[str] = []
    for number, line in _lines(files.sentences, where["sentences"]):
        fields = [field.strip() for field in line.split("\t")]
        if len(fields) < 4 or "." not in fields[0]:
            raise DataFormatError(where["sentences"], number,
                                  "expected `lemma.pos<TAB>id<TAB>index<TAB>tokens`",
                                  "is this LexSubGen's sentences file?")
        if fields[1] not in gold:
            without.append(fields[1])
            continue
        target, pos = fields[0].split(".", 1)
        key = f"{target}.{pos.split('.')[0]}"
        if key not in pools:
            raise DataFormatError(where["sentences"], number, f"no candidate pool for {key!r} "
                                  f"in {where['candidates']} (LexSubGen stops here: KeyError)",
                                  "")
        try:
            index = int(fields[2])
        except ValueError:
            raise DataFormatError(where["sentences"], number, f"target index {fields[2]!r} is "
                                  "not a number", "") from None
        if index > len(fields[3].split()):
            raise DataFormatError(where["sentences"], number, f"target index {index} is past the "
                                  "sentence's tokens (LexSubGen stops here)", "")
        gold_words, gold_weights = gold[fields[1]]
        instances.append(_instance(fields[1], key, gold_words, gold_weights, pools[key],
                                   word_pools[key]))
    digest = hashlib.sha256()
    for data in (files.gold, files.sentences, files.candidates):
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return LexSubGenData(files.name, tuple(instances), tuple(without),
                         digest.hexdigest()[:8], files.log)


@lru_cache(maxsize=4)
def _data(name: str, roots: Roots, stamp: tuple[tuple[int, int], ...]) -> LexSubGenData:
    return read_lexsubgen_data(lexsubgen_files(name, roots))


def lexsubgen_data(name: str, roots: Roots) -> LexSubGenData:
    """Return the data of the dataset `name` (`coinco-all`, `semeval2007-all`, or a folder of
    LexSubGen's files) under `roots`, derived once per process while its files do not change:
    what answering and scoring a dataset under LexSubGen's protocol both read."""
    stamp = tuple((p.stat().st_mtime_ns, p.stat().st_size) if p.exists() else (0, 0)
                  for p in source_paths(name, roots))
    return _data(name, roots, stamp)
