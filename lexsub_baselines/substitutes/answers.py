"""System answers and writers for the official best / oot / mw formats and SWORDS results.

Formats (task10documentation §"Submission format"; SCORING.md):
- best: `bright.a 1 :: luminous;shining` — exactly one space around `::`;
- oot:  `bright.a 1 ::: luminous;shining;…` — exactly one space around `:::`;
- mw:   `cross.n 54 :: cross section`.
An item with no answer gets no line at all: the official scorer would reuse the previous
line's answers for a line with nothing after `::` (a known bug), so we never write one.

SWORDS results (`*.lsr.json`, the benchmark's `LexSubResult.as_dict`) hold every ranked
candidate of each target with a score (`write_swords_result`). TSAR-2022 predictions
(`*.tsv`) are the task's format: `sentence<TAB>complex word<TAB>substitute<TAB>...`, best first
(`write_tsar_predictions`).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.cache import atomic_write_text
from lexsub_baselines.core.errors import LexsubError

__all__ = ["ANSWER_KINDS", "PROLEX_KIND", "SWORDS_KIND", "TSAR_KIND", "Answers", "format_line",
           "write_answer_file", "write_prolex_predictions", "write_swords_result",
           "write_tsar_predictions"]

#: The kind of a SWORDS result file (`<system>.lsr.json`).
SWORDS_KIND = "lsr"
#: The kind of a TSAR-2022 predictions file (`<system>.tsv`), the protocol's name.
TSAR_KIND = "tsar2022"
#: The kind of a ProLex predictions file (`<system>.csv`), the protocol's name.
PROLEX_KIND = "prolex"

#: The answer-file kinds and their separators.
ANSWER_KINDS: dict[str, str] = {"best": "::", "oot": ":::", "mw": "::"}


@dataclass(frozen=True)
class Answers:
    """A system's answers for one instance.

    Attributes:
        best: the best answers (normally one; several split the credit).
        oot: up to 10 out-of-ten answers.
        mw: the detected multiword, or None.
        ranked: every ranked candidate with the ranker's score (None: unscored), best
            first; what a SWORDS result holds.
    """

    best: tuple[str, ...] = ()
    oot: tuple[str, ...] = ()
    mw: str | None = None
    ranked: tuple[tuple[str, float | None], ...] = ()

    def for_kind(self, kind: str) -> tuple[str, ...]:
        """Return the answers written to a file of `kind` (best, oot or mw; `lsr`: every
        ranked lemma, best first)."""
        if kind == "mw":
            return (self.mw,) if self.mw else ()
        if kind == SWORDS_KIND:
            return tuple(lemma for lemma, _ in self.ranked)
        return self.best if kind == "best" else self.oot


def format_line(kind: str, lexelt: str, item_id: str, answers: Iterable[str]) -> str | None:
    """Return the official answer line, or None when there is nothing to answer.

    Raises:
        LexsubError: an answer contains `;` or a line break (it would corrupt the file).

    >>> format_line("oot", "bright.a", "1", ["luminous", "shining"])
    'bright.a 1 ::: luminous;shining'
    """
    separator = ANSWER_KINDS[kind]
    values = [a for a in answers if a]
    for value in values:
        if ";" in value or "\n" in value or "\r" in value:
            raise LexsubError(f"answer {value!r} for {lexelt} {item_id} contains ';' or a line "
                              "break, which the answer format cannot hold")
    if not values:
        return None
    return f"{lexelt} {item_id} {separator} {';'.join(values)}"


def write_answer_file(
    path: Path, kind: str, rows: Iterable[tuple[str, str, Iterable[str]]]
) -> int:
    """Write an answer file atomically; return the number of lines written.

    Arguments:
        path: the output file.
        kind: best, oot or mw.
        rows: (lexelt, id, answers) in the order to write (dataset order).
    """
    if kind not in ANSWER_KINDS:
        raise LexsubError(f"unknown answer kind {kind!r}; known: {', '.join(ANSWER_KINDS)}")
    lines = [line for lexelt, item_id, answers in rows
             if (line := format_line(kind, lexelt, item_id, answers)) is not None]
    atomic_write_text(path, "".join(line + "\n" for line in lines))
    return len(lines)


Ranked = Sequence[tuple[str, float | None]]


def _in_score_order(ranked: Ranked) -> bool:
    scores: list[float] = []
    for _, score in ranked:
        if score is None or not math.isfinite(score):
            return False
        scores.append(score)
    return all(a >= b for a, b in itertools.pairwise(scores))


def write_swords_result(path: Path, rows: Iterable[tuple[str, Ranked]], system: str,
                        lemmatized: bool = True) -> str:
    """Write a SWORDS result file atomically; return how its scores were made.

    The benchmark sorts each list by score, so the scores must agree with the system's
    order: when every list's ranker scores are finite and already in descending order they
    are written as they are (`ranker`); otherwise (rankers that order by tier first, or
    leave candidates unscored) every candidate scores minus its rank, 0, -1, -2, ... (`rank`,
    as the benchmark scores a bare string). Targets are written in the order given, one a
    line, those without a candidate as empty lists; the file says which rule it used under
    `lexsub_baselines` (the benchmark's reader ignores that key).

    Arguments:
        path: the output file (`<dataset>/<system>.lsr.json`).
        rows: (target id, ranked candidates with scores) in dataset order.
        system: the system's name, recorded in the file.
        lemmatized: the file's `substitutes_lemmatized` (False for word forms; the
            benchmark's evaluation lemmatises either way).
    """
    rows = list(rows)
    rule = "ranker" if all(_in_score_order(ranked) for _, ranked in rows) else "rank"
    lines = []
    for target, ranked in rows:
        entries = [[lemma, score if rule == "ranker" else float(-rank)]
                   for rank, (lemma, score) in enumerate(ranked)]
        lines.append(f"{json.dumps(target)}: {json.dumps(entries, ensure_ascii=False)}")
    about = json.dumps({"system": system, "scores": rule}, ensure_ascii=False)
    flag = "true" if lemmatized else "false"
    atomic_write_text(path, f'{{"substitutes_lemmatized": {flag},\n"lexsub_baselines": ' + about
                      + ',\n"substitutes": {\n' + ",\n".join(lines) + "\n}}\n")
    return rule


def write_tsar_predictions(path: Path, rows: Iterable[tuple[str, str, Sequence[str]]]) -> None:
    """Write TSAR-2022 predictions atomically: one line per (sentence, complex word,
    substitutes), in the order given; an instance without substitutes keeps its line (the
    task's evaluator counts it, with nothing gained).

    Raises:
        LexsubError: a field holds a tab or a line break (it would corrupt the file).
    """
    lines = []
    for sentence, word, substitutes in rows:
        fields = (sentence, word, *substitutes)
        if any("\t" in f or "\n" in f or "\r" in f for f in fields):
            raise LexsubError(f"{path}: a field of the line for {word!r} holds a tab or a "
                              "line break; the TSAR format cannot hold it")
        lines.append("\t".join(fields))
    atomic_write_text(path, "".join(line + "\n" for line in lines))


def write_prolex_predictions(path: Path, rows: Iterable[tuple[str, str, Sequence[str]]]) -> None:
    """Write ProLex's format atomically: a header, then one CSV record per (target word,
    sentence, substitutes), the substitutes joined by `", "` as its evaluate.py splits them
    (an unanswered row keeps its record, its cell empty).

    Raises:
        LexsubError: a substitute holds `", "` (evaluate.py would split it in two).
    """
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["target word", "Sentence", "Substitutes"])
    for word, sentence, substitutes in rows:
        if any(", " in s for s in substitutes):
            raise LexsubError(f"{path}: a substitute for {word!r} holds ', ', which ProLex's "
                              "evaluate.py splits on")
        writer.writerow([word, sentence, ", ".join(substitutes)])
    atomic_write_text(path, buffer.getvalue())
