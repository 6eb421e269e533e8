"""`tsar_eval.py` of LaSTUS-TALN-UPF/TSAR-2022-Shared-Task (commit 089c266), reproduced.

Our own code, written from reading the evaluator (AGPL-3.0; none of it is copied). Each quirk
it has is kept, and commented where it happens with the routine it mirrors:
- `read_gold` mirrors the gold half of `read_files`: an instance is keyed by sentence + "__" +
  complex word, as split from the stripped line (the two fields themselves not stripped); the
  annotations are stripped; those equal to the complex word are dropped; the rest counted, in
  first-given order; the most frequent ones (ties all kept) are the "top gold". A later line
  of the same key replaces an earlier one.
- `read_predictions` mirrors the predictions half: the same key; each substitute stripped (an
  empty one is kept: it takes a place and never matches); the complex word and repeats dropped,
  in order; no lower-casing anywhere. A later line of the same key replaces the earlier one's
  list, and the instance counts once.
- the metrics mirror `computeAccuracy_at_N_at_top_gold_1`, `computePrecisionMetrics_at_K`
  (its `Potential`) and `computeMAP_at_K`/`MAP_at_K`: each is a mean over the *predictions
  file's* instances, not the gold's; an empty list counts in the denominator and gains
  nothing; MAP@k of one instance is (sum of the precision at each hit within the top k) / k.
  The arithmetic is done in the same order, so the floats are the evaluator's to the bit, and
  `floor4` floors them to 4 decimals as `main` does before printing.
- where the evaluator dies (a key not in the gold: KeyError; a sentence or word holding "__":
  ValueError; a line without a complex word: IndexError; a listed instance with no gold
  substitute but the complex word: IndexError), `check` raises one `DataFormatError` naming
  the first such line and how many there are.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.tsar import split_data
from lexsub_baselines.scoring.input_files import read_input

__all__ = ["KEY_JOIN", "TsarGold", "TsarPrediction", "TsarPredictions", "acc_at_top1",
           "average_precision", "check", "floor4", "gold_hit", "map_at", "potential_at",
           "predictions_from_lines", "read_gold", "read_predictions", "top_hit"]

#: What joins the sentence and the complex word into an instance's key (`read_files`).
KEY_JOIN = "__"
_FORMAT = ("a predictions line is `sentence<TAB>complex word<TAB>substitute<TAB>...`, best "
           "first, the sentence and word copied unchanged from the dataset's _none file")


@dataclass(frozen=True)
class TsarGold:
    """One instance's gold as the evaluator holds it.

    Attributes:
        gold: the distinct annotations other than the complex word.
        top: the most frequent of them (all tied ones), empty when there is none.
        line: the gold file's line.
        distinct: `gold` in first-given order.
        sentence, word: the two fields of the key.
    """

    gold: frozenset[str]
    top: frozenset[str]
    line: int
    distinct: tuple[str, ...] = ()
    sentence: str = ""
    word: str = ""


@dataclass(frozen=True)
class TsarPrediction:
    """One instance's predictions, filtered as the evaluator filters them.

    Attributes:
        line: the line they were read from (the last line of the instance).
        labels: the substitutes kept, best first.
        dropped_word: how many were the complex word.
        dropped_repeats: how many repeated an earlier one.
    """

    line: int
    labels: tuple[str, ...]
    dropped_word: int = 0
    dropped_repeats: int = 0


@dataclass(frozen=True)
class TsarPredictions:
    """A predictions file: key -> prediction, in the order keys first appear.

    Attributes:
        path: where it was read from.
        by_key: the instances (a repeated key keeps its first place and its last line's list).
        lines: the number of lines read.
        repeated: (line, the earlier line of the same instance) of each repeated instance.
    """

    path: str
    by_key: Mapping[str, TsarPrediction]
    lines: int
    repeated: tuple[tuple[int, int], ...] = ()


#: A SemEval answer line (`side.n 301 :: team`, `::: ` for oot), not a TSAR-2022 line.
_SEMEVAL_LINE = re.compile(r"^[\w.]+ \S+ :::? ")


def _key(fields: Sequence[str], path: str, number: int, what: str) -> str:
    if len(fields) < 2:
        line = fields[0] if fields else ""
        found = ("a SemEval answer line (`lexelt id :: answers`), not a TSAR-2022 line"
                 if _SEMEVAL_LINE.match(line) else "no tab but commas: the fields are "
                 "separated by commas where TSAR-2022 separates them by tabs"
                 if "," in line else "")
        stop = (f"{found} (tsar_eval.py finds no complex word on it and stops: IndexError)"
                if found else f"no complex word (tsar_eval.py stops on this {what} line: "
                "IndexError)")
        raise DataFormatError(path, number, stop, _FORMAT)
    return fields[0] + KEY_JOIN + fields[1]  # read_files: split[0] + "__" + split[1]


def read_gold(data: bytes, path: str = "<bytes>") -> dict[str, TsarGold]:
    """Return key -> `TsarGold` of a `_gold` file's bytes (`path` names it), as `read_files`
    builds `goldinfo`.

    Raises:
        DataFormatError: a line without a complex word, or not UTF-8.
    """
    out: dict[str, TsarGold] = {}
    for number, fields in split_data(data, path):
        key = _key(fields, str(path), number, "gold")
        word = fields[1]
        counts: dict[str, int] = {}
        for item in (field.strip() for field in fields[2:]):
            if item != word:  # read_files: gold items equal to the complex word dropped
                counts[item] = counts.get(item, 0) + 1
        most = max(counts.values(), default=0)
        top = frozenset(item for item, n in counts.items() if n == most)
        out[key] = TsarGold(frozenset(counts), top, number, tuple(counts), fields[0], word)
    return out


def predictions_from_lines(lines: Sequence[tuple[int, Sequence[str]]],
                           path: str) -> TsarPredictions:
    """Return the predictions of split lines ((number, fields), as `split_lines` gives).

    Raises:
        DataFormatError: a line without a complex word (the evaluator's IndexError).
    """
    by_key: dict[str, TsarPrediction] = {}
    first_line: dict[str, int] = {}
    repeated = []
    for number, fields in lines:
        key = _key(fields, path, number, "predictions")
        word = fields[1]
        kept: list[str] = []
        dropped_word = dropped_repeats = 0
        for item in (field.strip() for field in fields[2:]):
            # read_files: "filtering out complex words in the predicted labels and repeated
            # predictions", in order, compared exactly (no lower-casing)
            if item == word:
                dropped_word += 1
            elif item in kept:
                dropped_repeats += 1
            else:
                kept.append(item)
        if key in first_line:
            repeated.append((number, first_line[key]))
        first_line.setdefault(key, number)
        # self.combined[key] = ...: the last line's list, at the first line's place
        by_key[key] = TsarPrediction(number, tuple(kept), dropped_word, dropped_repeats)
    return TsarPredictions(path, by_key, len(lines), tuple(repeated))


def read_predictions(path: Path, name: str | None = None) -> TsarPredictions:
    """Read a predictions file (`sentence<TAB>word<TAB>substitute...`, best first; `-` is
    standard input), named `name` in messages and notes (default: `path`).

    Raises:
        MissingResourceError: no such file.
        LexsubError: a directory, or a file that cannot be read.
        DataFormatError: not UTF-8, or a line without a complex word.
    """
    data = read_input(path, "TSAR-2022 predictions file",
                      "give the path of the predictions file (sentence, complex word, "
                      "substitutes; tab-separated), or - for standard input")
    return predictions_from_lines(split_data(data, name or path), name or str(path))


def check(gold: Mapping[str, TsarGold], predictions: TsarPredictions) -> None:
    """Raise where the evaluator would die, naming the first such line of the predictions.

    Raises:
        DataFormatError: a key not in the gold (KeyError), a key that is not two fields once
            split at "__" (ValueError), or a listed instance without a gold substitute other
            than the complex word (IndexError).
    """
    problems: list[tuple[int, str, str]] = []
    for key, prediction in predictions.by_key.items():
        word = key.partition(KEY_JOIN)[2]
        if len(key.split(KEY_JOIN)) != 2:  # `sentence,complexWord=key.split('__')`
            problems.append((prediction.line, "the sentence or the complex word holds '__', "
                             "on which the evaluator splits its key (it stops here: "
                             "ValueError)", "write the sentence and word without '__'"))
        elif key not in gold:
            bom = key.startswith("\ufeff") and key[1:] in gold
            problems.append((prediction.line, f"the sentence with the complex word {word!r} is "
                             "not in the gold (tsar_eval.py stops here: KeyError)",
                             "the file starts with a byte-order mark: save it as UTF-8 without "
                             "one" if bom else
                             "copy the sentence and word unchanged from the dataset's _none "
                             "file, and score against the same language and split"))
        elif prediction.labels and not gold[key].top:
            problems.append((prediction.line, f"the gold of {word!r} has no substitute other "
                             "than the complex word (tsar_eval.py stops here: IndexError)",
                             "check the gold file"))
    if problems:
        line, problem, remedy = min(problems)
        more = f"; {len(problems)} such lines" if len(problems) > 1 else ""
        raise DataFormatError(predictions.path, line, problem + more, remedy)


Pairs = Sequence[tuple[TsarGold, tuple[str, ...]]]


def top_hit(gold: TsarGold, labels: Sequence[str], n: int) -> bool:
    """Return whether one instance's top n hold a most frequent gold item (an empty list
    does not), as `computeAccuracy_at_N_at_top_gold_1` tests it."""
    return bool(labels) and any(x in gold.top for x in labels[:n])


def gold_hit(gold: TsarGold, labels: Sequence[str], k: int) -> bool:
    """Return whether one instance's top k hold a gold item (`Potential`'s test)."""
    return any(x in gold.gold for x in labels[:k])


def average_precision(gold: TsarGold, labels: Sequence[str], k: int) -> float:
    """Return one instance's share of MAP@k: the sum of the precision at each hit within the
    top k, divided by k (not by the hits), as `computeMAP_at_K` adds it."""
    average: float = 0
    seen = 0
    for index, label in enumerate(labels[:k], start=1):  # MAP_at_K: up to index K
        if label in gold.gold:
            seen += 1
            average += seen / index
    return average / k


def acc_at_top1(pairs: Pairs, n: int) -> float:
    """Return ACC@n@Top1: the share of instances whose top n hold a most frequent gold item.

    Mirrors `computeAccuracy_at_N_at_top_gold_1` (an empty list counts, gains nothing).
    """
    hits = sum(1 for gold, labels in pairs if top_hit(gold, labels, n))
    return hits / len(pairs)


def potential_at(pairs: Pairs, k: int) -> float:
    """Return Potential@k: the share of instances with a gold item in their top k (k = 1:
    ACC@1). Mirrors the `Potential` of `computePrecisionMetrics_at_K`."""
    hits = sum(1 for gold, labels in pairs if gold_hit(gold, labels, k))
    return hits / len(pairs) if hits > 0 else 0


def map_at(pairs: Pairs, k: int) -> float:
    """Return MAP@k as `computeMAP_at_K` computes it (divided by k, not by the hits)."""
    accumulated: float = 0
    for gold, labels in pairs:
        accumulated += average_precision(gold, labels, k)
    return accumulated / len(pairs) if accumulated > 0 else 0


def floor4(value: float) -> float:
    """Floor to 4 decimals as `main` does before printing (`math.floor(x * 10000) / 10000`).

    >>> floor4(0.99999), floor4(0.12345)
    (0.9999, 0.1234)
    """
    return math.floor(value * 10000) / 10000
