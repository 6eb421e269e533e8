"""ProLex's `evaluate.py` (BillyZhang24kobe/LS_Proficiency, commit f54ba0f), reproduced.

Our own code, written from reading the evaluator (Apache-2.0; none of it copied).
`calculate_metrics` mirrors `Evaluator.calculate_metrics` with `metrics='hard'`: for each row
whose gold list is not empty, the prediction list is cut to its first k items, then
de-duplicated; the numerator adds |set(gold) ∩ set(top k)|, precision's denominator
|set(top k)|, recall's min(k, |set(gold)|); precision, recall and F1 are made from the sums
(micro averages). Exact strings: no case folding, no lemmatising. Its 'soft' variant
lemmatises both sides with spaCy's `en_core_web_sm`, which is not available here: it is not
scored, nor approximated under its name.

Reading a predictions file departs from the evaluator's on purpose: `evaluate` pairs the
n-th prediction row with the n-th benchmark row (`pred_df.iloc[i]`), so a missing or extra
row shifts every later one onto another row's gold, silently. Here each row is matched by its
id (a SemEval-format line's id: the row number from 0, as the authors' ParaLS conversion
writes it) or by its target word and sentence (a CSV row), and a file that does not list
every row once, or whose row names another target than the benchmark's row of that id, is
refused naming the first such row. Each list is split as the evaluator splits it: a CSV's
`Substitutes` cell on `", "`; a SemEval line's answers turned into that cell as the authors'
conversion does (`;` -> `", "`, `transform_dataset.py parals_output_to_prolex`), then split.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.prolex import ProlexRow, read_csv_rows

__all__ = ["CUTS", "Counts", "ProlexPredictions", "calculate_metrics", "count",
           "predictions_from_lists", "read_predictions"]

#: The k of the figures reported, the evaluator's default first.
CUTS: tuple[int, ...] = (10, 5, 3, 1)
#: evaluate.py splits a `Substitutes` cell on this.
SEPARATOR = ", "
_SEMEVAL = re.compile(r"^(\S+) (\S+) :::? ?(.*)$")
_FORMAT = ("a ProLex predictions file is its CSV (`target word`, `Sentence`, `Substitutes` "
           "joined by \", \") or SemEval-2007 lines `word.POS ROW :: a;b;c` with ROW the "
           "benchmark CSV's row number counted from 0")


@dataclass(frozen=True)
class ProlexPredictions:
    """A predictions file matched to the benchmark's rows.

    Attributes:
        path: the file (or `<memory>`).
        lists: row id -> the predictions as evaluate.py splits them, best first (every row
            of the benchmark, in its order).
        form: `csv` or `semeval`.
        empty: row ids whose cell was empty (evaluate.py dies on them: pandas reads NaN).
    """

    path: str
    lists: Mapping[str, tuple[str, ...]]
    form: str
    empty: tuple[str, ...] = ()


@dataclass(frozen=True)
class Counts:
    """The three sums of `calculate_metrics` for one aspect and k."""

    hits: int
    predicted: int
    gold: int


def count(gold: Sequence[str], predicted: Sequence[str], k: int) -> Counts:
    """Return one row's share of the sums (zeros for an empty gold list: the row is skipped).

    >>> count(["a", "b"], ["b", "b", "c"], 2)
    Counts(hits=1, predicted=1, gold=2)
    """
    if len(gold) == 0:  # calculate_metrics: `if len(label) == 0: continue`
        return Counts(0, 0, 0)
    top = set(predicted[:k])  # pred = pred[:self.topk]; set(pred)
    return Counts(len(set(gold) & top), len(top), min(k, len(set(gold))))


def ratios(hits: int, predicted: int, gold: int) -> tuple[float, float, float, bool]:
    """Return precision, recall, F1 of the sums, and whether evaluate.py would have died
    (a zero denominator: ZeroDivisionError; here the figure is 0.0)."""
    died = predicted == 0 or gold == 0
    precision = hits / predicted if predicted else 0.0
    recall = hits / gold if gold else 0.0
    if precision + recall == 0:
        return precision, recall, 0.0, True
    return precision, recall, (2 * precision * recall) / (precision + recall), died


def calculate_metrics(labels: Sequence[Sequence[str]], preds: Sequence[Sequence[str]],
                      topk: int = 10) -> tuple[float, float, float, bool]:
    """Return precision, recall, F1 as `Evaluator.calculate_metrics` computes them, and
    whether it would have died on a zero denominator.

    Raises:
        ValueError: the two lists differ in length (the evaluator's own check).
    """
    if len(labels) != len(preds):
        raise ValueError("The length of labels and preds must be the same")
    hits = predicted = gold = 0
    for label, pred in zip(labels, preds, strict=True):
        counts = count(label, pred, topk)
        hits, predicted, gold = hits + counts.hits, predicted + counts.predicted, \
            gold + counts.gold
    return ratios(hits, predicted, gold)


def _split(cell: str) -> tuple[str, ...]:
    # evaluate.py: pred_row['Substitutes'].split(", ")
    return tuple(cell.split(SEPARATOR)) if cell else ()


def _bad(path: str, line: int | None, problem: str, remedy: str = _FORMAT) -> DataFormatError:
    return DataFormatError(path, line, problem, remedy)


def _loose(text: str) -> str:
    return "".join(c for c in text.replace("**", "").casefold() if c.isalnum())


def _from_csv(data: bytes, path: str, rows: Mapping[str, ProlexRow]
              ) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    records = read_csv_rows(data, path)
    if not records or "Substitutes" not in records[0][1]:
        raise _bad(path, 1, "no `Substitutes` column")
    if not {"target word", "Sentence"} <= set(records[0][1]):
        raise _bad(path, 1, "no `target word` and `Sentence` columns: its rows cannot be "
                   "matched to the benchmark's (evaluate.py pairs them by position, which a "
                   "missing row shifts)", "copy both columns from the benchmark CSV")
    exact = {(r.word, r.sentence): i for i, r in rows.items()}
    loose = {(r.word, _loose(r.sentence)): i for i, r in rows.items()}
    lists: dict[str, tuple[str, ...]] = {}
    empty: list[str] = []
    for line, cells in records:
        key = (cells["target word"], cells["Sentence"])
        found = exact.get(key)  # row "0" is a key too: no `or`
        if found is None:
            found = loose.get((key[0], _loose(key[1])))
        if found is None:
            raise _bad(path, line, f"its target {key[0]!r} and sentence are no row of the "
                       "benchmark", "copy `target word` and `Sentence` from the benchmark CSV")
        if found in lists:
            raise _bad(path, line, f"row {found} of the benchmark ({key[0]!r}) again",
                       "give each row once")
        lists[found] = _split(cells["Substitutes"])
        if not cells["Substitutes"]:
            empty.append(found)
    return lists, empty


def _from_semeval(lines: Sequence[str], path: str, rows: Mapping[str, ProlexRow]
                  ) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    lists: dict[str, tuple[str, ...]] = {}
    empty: list[str] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        match = _SEMEVAL.match(text.rstrip("\r\n"))
        if match is None:
            raise _bad(path, number, "not a `word.POS ROW :: answers` line")
        lexelt, row, answers = match.groups()
        if row not in rows:
            raise _bad(path, number, f"row {row} is not a row of the benchmark (0 to "
                       f"{len(rows) - 1})")
        word = lexelt.rpartition(".")[0] or lexelt
        if word != rows[row].word:
            raise _bad(path, number, f"row {row} is {rows[row].word!r} in the benchmark, not "
                       f"{word!r}: the file is not aligned with it",
                       "number each line by its benchmark row (from 0)")
        if row in lists:
            raise _bad(path, number, f"row {row} again", "give each row once")
        answers = answers.strip()
        # transform_dataset.py parals_output_to_prolex: subs.str.replace(';', ', ')
        lists[row] = _split(answers.replace(";", SEPARATOR))
        if not answers:
            empty.append(row)
    return lists, empty


def _covered(lists: Mapping[str, tuple[str, ...]], rows: Mapping[str, ProlexRow],
             path: str) -> None:
    missing = [i for i in rows if i not in lists]
    if missing:
        first = rows[missing[0]]
        raise _bad(path, None, f"row {first.id} of the benchmark ({first.word!r}, its line "
                   f"{first.line}) is not listed ({len(missing)} rows missing): evaluate.py "
                   "pairs rows by position, so every later row would meet another's gold",
                   "give every row of the benchmark a line (an empty list is allowed)")


def read_predictions(data: bytes, path: str, rows: Mapping[str, ProlexRow]
                     ) -> ProlexPredictions:
    """Read a predictions file's bytes (CSV or SemEval format) matched to `rows`.

    Raises:
        DataFormatError: not UTF-8, neither format, a row not in the benchmark, another
            target at a row id, a row twice, or a row of the benchmark missing (each names
            the first such line or row, and the remedy).
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _bad(path, None, f"not UTF-8 ({error.reason} at byte {error.start})",
                   "save the file as UTF-8") from None
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise _bad(path, None, "empty")
    if _SEMEVAL.match(first):
        lists, empty = _from_semeval(lines, path, rows)
        form = "semeval"
    else:
        lists, empty = _from_csv(data, path, rows)
        form = "csv"
    _covered(lists, rows, path)
    return ProlexPredictions(path, {i: lists[i] for i in rows}, form, tuple(empty))


def predictions_from_lists(lists: Mapping[str, Sequence[str]], rows: Mapping[str, ProlexRow]
                           ) -> ProlexPredictions:
    """Return predictions given in memory ({row id: [substitutes]}).

    Raises:
        DataFormatError: an id that is no row, or a row missing.
    """
    unknown = [i for i in lists if str(i) not in rows]
    if unknown:
        raise _bad("<memory>", None, f"row {unknown[0]} is not a row of the benchmark",
                   "ids are the benchmark's row numbers from 0, as the dataset's Instance.id")
    made = {str(i): tuple(str(s) for s in subs) for i, subs in lists.items()}
    _covered(made, rows, "<memory>")
    return ProlexPredictions("<memory>", {i: made[i] for i in rows}, "memory",
                             tuple(i for i in rows if not made[i]))
