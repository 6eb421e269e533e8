"""Read a SWORDS result file (`*.lsr.json`) as the benchmark reads it, refusing bad input.

Format (p-lambda/swords, `LexSubResult.as_dict`): `{"substitutes_lemmatized": bool,
"substitutes": {target_id: [[substitute, score], ...]}}`. As `LexSubResult._process_substitutes`
does, a bare string in a list scores minus its position in the list (pairs count in the
positions), and each target's list is sorted by score, highest first, with a stable sort (equal
scores keep their order in the file).

Where the original would crash or silently coerce, this reader stops with one line naming the
file, what is wrong and the remedy: a file that is not JSON, no `substitutes` object, a list
entry that is neither a string nor a pair, a substitute that is not a string, a score that is
not a number (JSON numbers only: the original's `float()` would also take `"0.5"`; a string
score is taken for a mistake here) or is not finite (NaN, or `1e999`, which JSON reads as
infinity). A file that is no result at all is named for what it is: empty, gzip-compressed
(decompress it), binary, a SemEval answer file (score it against a SemEval dataset), JSON
that ends early (cut short?). A missing `substitutes_lemmatized` is a warning: the original
needs the key, but its evaluation lemmatises either way.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.scoring.diagnose import file_format, format_problem, semeval_kind
from lexsub_baselines.scoring.input_files import read_input
from lexsub_baselines.scoring.spelling import PYTHON, Spelling

__all__ = ["RESULT_FORMAT", "SwordsResult", "read_result", "result_from_mapping"]

#: What a result file holds, for error messages.
RESULT_FORMAT = ('write {"substitutes_lemmatized": true|false, "substitutes": '
                 '{"t:<target id>": [["substitute", score], ...]}}')

Ranked = tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class SwordsResult:
    """A system's substitutes for SWORDS targets.

    Attributes:
        path: where it was read from (`<memory>` for a mapping).
        substitutes: target id -> (substitute, score), highest score first (file order among
            equals), in the file's target order.
        lemmatized: the file's `substitutes_lemmatized` (None when absent).
        problems: warnings about the file (not errors), as `path: message` lines.
        unscored: the targets whose list holds bare words, without scores (read in their
            order, as the benchmark's `LexSubResult` reads them: a note says so).
    """

    path: str
    substitutes: Mapping[str, Ranked]
    lemmatized: bool | None = None
    problems: tuple[str, ...] = ()
    unscored: tuple[str, ...] = ()


def _bad(path: str, problem: str) -> DataFormatError:
    return DataFormatError(path, None, problem, RESULT_FORMAT)


def _score(value: Any, path: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _bad(path, f"{where}: the score {value!r} is not a number")
    score = float(value)
    if math.isnan(score):
        raise _bad(path, f"{where}: the score is NaN")
    if math.isinf(score):
        raise _bad(path, f"{where}: the score is infinite (JSON reads a number beyond "
                         "±1.8e308, such as 1e999, as infinity)")
    return score


def _ranked(entries: Any, path: str, target: str) -> Ranked:
    if not isinstance(entries, list):
        raise _bad(path, f"target {target}: its substitutes are not a list")
    processed: list[tuple[str, float]] = []
    for position, entry in enumerate(entries):
        where = f"target {target}, entry {position + 1}"
        if isinstance(entry, str):  # LexSubResult: a bare string scores minus its position
            processed.append((entry, float(-position)))
        elif isinstance(entry, list) and len(entry) == 2:
            if not isinstance(entry[0], str):
                raise _bad(path, f"{where}: the substitute {entry[0]!r} is not a string")
            processed.append((entry[0], _score(entry[1], path, where)))
        else:
            raise _bad(path, f"{where}: {entry!r} is neither a substitute string nor a "
                             "[substitute, score] pair")
    return tuple(sorted(processed, key=lambda pair: -pair[1]))  # stable, as the original's


def result_from_mapping(document: Mapping[str, Any], path: str = "<memory>") -> SwordsResult:
    """Return the result held by a parsed result document, or by {target id: substitutes}.

    Raises:
        DataFormatError: the document is not a result (the message says what is wrong).

    >>> result_from_mapping({"t:1": ["b", ["a", 5]]}).substitutes["t:1"]
    (('a', 5.0), ('b', 0.0))
    """
    problems: list[str] = []
    if "substitutes" in document:
        substitutes = document["substitutes"]
        lemmatized = document.get("substitutes_lemmatized")
        if not isinstance(lemmatized, bool):
            lemmatized = None
            problems.append(f"{path}: no boolean 'substitutes_lemmatized' (the benchmark's "
                            "reader needs it; its evaluation lemmatises either way)")
    elif document and all(isinstance(value, list) for value in document.values()):
        substitutes, lemmatized = document, None  # the in-memory form: {target id: list}
    else:
        raise _bad(path, "no 'substitutes' object")
    if not isinstance(substitutes, Mapping):
        raise _bad(path, "'substitutes' is not an object of target ids")
    ranked = {str(target): _ranked(entries, path, str(target))
              for target, entries in substitutes.items()}
    unscored = tuple(str(target) for target, entries in substitutes.items()
                     if isinstance(entries, list) and any(isinstance(e, str) for e in entries))
    return SwordsResult(path, ranked, lemmatized, tuple(problems), unscored)


def read_result(path: Path, spelling: Spelling = PYTHON) -> SwordsResult:
    """Read a result file (`spelling`: how a remedy names the call that scores it).

    Raises:
        MissingResourceError: the file does not exist.
        LexsubError: it is a directory.
        DataFormatError: it is not a SWORDS result (not JSON, no `substitutes`, bad entries);
            the message names the file, the target and the entry.
    """
    data = read_input(path, "SWORDS result file (*.lsr.json)", "check the path")
    if not data.strip():
        raise _bad(str(path), "empty: no result")
    text = data.decode("utf-8", errors="surrogateescape")
    # A file that opens as JSON is parsed once, below (file_format would parse it again).
    opens_as_json = text.lstrip()[:1] in ("{", "[")
    found = None if opens_as_json else file_format(text) or semeval_kind(text)
    if found in ("gzip", "utf-16", "binary", "best", "oot"):
        message, remedy = format_problem(found, "SWORDS result", str(path), spelling)
        raise DataFormatError(path, None, message, remedy)
    try:
        document = json.loads(data)
    except json.JSONDecodeError as error:
        at = "" if error.msg.endswith(" at") else " at"
        short = error.msg.startswith("Unterminated") or error.pos >= len(error.doc.rstrip())
        raise _bad(str(path), f"not JSON: {error.msg}{at} line {error.lineno}, column "
                              f"{error.colno}" + ("; the file ends before the JSON does: was it "
                                                  "cut short?" if short else "")) from None
    except UnicodeDecodeError as error:
        raise _bad(str(path), f"not UTF-8 JSON ({error.reason} at byte {error.start})") from None
    if not isinstance(document, dict):
        raise _bad(str(path), "not a JSON object")
    return result_from_mapping(document, str(path))
