"""A result to score under LexSubGen's protocol: `{instance id: [[word, score], ...]}`.

Each list is in ranked order, best first: its order gives P@k, R@k and F1@k; its words and
scores stand for the model's vocabulary and probabilities when the lemma's candidate pool is
ranked for GAP (a candidate the list lacks is out of vocabulary and dropped, as LexSubGen
drops it). A word listed twice keeps the score of its first (best) place. A bare word instead
of a pair is read with a score that keeps the list's order (n - place).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.encodings import UTF16_REMEDY, utf16
from lexsub_baselines.core.errors import DataFormatError, NothingToScoreError
from lexsub_baselines.inputs.reads import read_path

__all__ = ["RESULT_FORMAT", "LsgPrediction", "LsgResult", "read_lsg_result",
           "result_from_mapping"]

RESULT_FORMAT = ("a result is a JSON object {instance id: [[word, score], ...]}, each list "
                 "in ranked order")


@dataclass(frozen=True)
class LsgPrediction:
    """One instance's prediction.

    Attributes:
        words: the ranked words, repeats kept.
        scores: word -> score (its first place's).
        unscored: some words came without a score (a bare word: its place gives it one).
    """

    words: tuple[str, ...]
    scores: Mapping[str, float]
    unscored: bool = False


@dataclass(frozen=True)
class LsgResult:
    """A whole result: where it came from and its predictions by instance id."""

    path: str
    predictions: Mapping[str, LsgPrediction]


def _prediction(entries: Any, where: str, instance: str) -> LsgPrediction:
    if type(entries) is list and set(map(type, entries)) <= {list} \
            and set(map(len, entries)) <= {2}:
        # the usual case, checked in bulk: [[word, score], ...] with str words and numbers
        words, values = zip(*entries, strict=True) if entries else ((), ())
        if set(map(type, words)) <= {str} and set(map(type, values)) <= {int, float} \
                and not math.isnan(sum(values)):
            # reversed: a word listed twice keeps its first (best) place's score
            return LsgPrediction(tuple(words), dict(zip(reversed(words),
                                                        map(float, reversed(values)),
                                                        strict=True)))
    return _checked(entries, where, instance)


def _checked(entries: Any, where: str, instance: str) -> LsgPrediction:
    """Read one instance entry by entry, naming the first that is not in the format."""
    if not isinstance(entries, list):
        raise DataFormatError(where, None, f"instance {instance}: expected a list of "
                              f"[word, score] pairs, found {type(entries).__name__}",
                              RESULT_FORMAT)
    words: list[str] = []
    scores: dict[str, float] = {}
    n = len(entries)
    bare = False
    for place, entry in enumerate(entries):
        if isinstance(entry, str):
            word, score, bare = entry, float(n - place), True
        elif (isinstance(entry, list | tuple) and len(entry) == 2 and isinstance(entry[0], str)
              and isinstance(entry[1], int | float) and not isinstance(entry[1], bool)):
            word, score = entry[0], float(entry[1])
        else:
            raise DataFormatError(where, None, f"instance {instance}, entry {place + 1}: "
                                  f"expected [word, score], found {json.dumps(entry)[:60]}",
                                  RESULT_FORMAT)
        if math.isnan(score):
            raise DataFormatError(where, None, f"instance {instance}, entry {place + 1}: the "
                                  "score is NaN", "give every word a number")
        words.append(word)
        scores.setdefault(word, score)
    return LsgPrediction(tuple(words), scores, bare)


def result_from_mapping(data: Mapping[str, Any], where: str = "<result>") -> LsgResult:
    """Return a result from a parsed document {id: [[word, score], ...]}."""
    if not isinstance(data, Mapping):
        raise DataFormatError(where, None, f"expected a JSON object, found "
                              f"{type(data).__name__}", RESULT_FORMAT)
    if not data:
        raise NothingToScoreError(f"{where}: lists no instance: nothing to score; "
                                  f"{RESULT_FORMAT}")
    return LsgResult(where, {str(key): _prediction(value, where, str(key))
                             for key, value in data.items()})


def read_lsg_result(path: Path) -> LsgResult:
    """Read a result file.

    Raises:
        DataFormatError: not JSON, or not the format (the instance and entry named).
        NothingToScoreError: no instance listed.
    """
    try:
        raw = sys.stdin.buffer.read() if str(path) == "-" else read_path(path)
        text = raw.decode("utf-8")
        data = json.loads(text)
    except FileNotFoundError:
        raise DataFormatError(path, None, "no such file", "give the result's path") from None
    except UnicodeDecodeError:
        if utf16(raw):
            raise DataFormatError(path, None, "UTF-16, not UTF-8",
                                  UTF16_REMEDY.format(path=path)) from None
        raise DataFormatError(path, None, "not UTF-8", RESULT_FORMAT) from None
    except json.JSONDecodeError as error:
        raise DataFormatError(path, error.lineno, f"not JSON ({error.msg})",
                              RESULT_FORMAT) from None
    return result_from_mapping(data, str(path))
