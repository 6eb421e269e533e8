"""Answers written in a shape no scorer credits: gold-style counts, commas, endless best lines.

The official scorer splits a line's answers on `;` and compares each one whole, so an answer
written with its count as the gold writes its entries (`side.n 301 :: team 3`), answers
separated by commas (`team, thing, good`: one answer) and a best line of a million answers
are scored without a word, at zero or at a credit divided a million ways. These problems say
what was found and how to write it; the figures stay the official scorer's. A file most of
whose lines are so written is refused (`shape_refusal`): nothing useful comes out of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lexsub_baselines.scoring.answers_reader import Problem, SystemAnswers
from lexsub_baselines.scoring.diagnose import valid_line
from lexsub_baselines.scoring.gold import ScoringGold

__all__ = ["BEST_MOST", "shape_problems", "shape_refusal"]

#: More answers than this on a best line get a warning (an oot line keeps 10).
BEST_MOST = 10
#: An answer written as a gold entry is: words, one space, a count.
_COUNTED = re.compile(r"\S.*? \d+")


def _counted(answers: Sequence[str]) -> bool:
    """Return whether every answer of a line ends in a count (`team 3`), as gold entries do."""
    written = [a.strip() for a in answers if a.strip()]
    return bool(written) and all(_COUNTED.fullmatch(a) for a in written)


def shape_problems(gold: ScoringGold, system: SystemAnswers, kind: str) -> list[Problem]:
    """Return a problem for each line whose answers end in counts, hold commas where `;`
    separates answers, or (best) are more than `BEST_MOST`.

    An answer with a comma that the gold credits as it is (another gold's entries may hold
    one) is no problem.

    >>> from lexsub_baselines.scoring.answers_reader import AnswerLine
    >>> lines = (AnswerLine("side.n", "1", ("team 3",), 1), AnswerLine("side.n", "2",
    ...          ("team, party",), 2))
    >>> [p.code for p in shape_problems(ScoringGold({}, 0), SystemAnswers("f", "best",
    ...  lines, ()), "best")]
    ['counts', 'commas']
    """
    problems: list[Problem] = []
    path = system.path
    for line in system.lines:
        answers = line.answers
        if _counted(answers):
            alone = ";".join(a.strip().rpartition(" ")[0] for a in answers if a.strip())
            problems.append(Problem(
                path, line.line, "counts", f"the answers of id {line.id} end in counts "
                f"(`{answers[0].strip()}`), as a gold line's entries do; an answer with its "
                "count earns nothing", remedy=f"write the answers alone (`{alone}`): the "
                "counts are the gold's"))
            continue
        target = gold.items.get(line.id)
        comma = next((a for a in answers if "," in a
                      and not (target is not None and target.credit.get(a))), None)
        if comma is not None:
            pieces = ";".join(p.strip() for p in comma.split(",") if p.strip())
            problems.append(Problem(
                path, line.line, "commas", f"answer `{comma}` for id {line.id} holds commas; "
                "answers are separated by `;`, so it is one answer, which earns nothing",
                remedy=f"separate the answers with `;` (`{pieces}`)"))
        if kind == "best" and len(answers) > BEST_MOST:
            repeats = len(answers) - len(set(answers))
            problems.append(Problem(
                path, line.line, "many-answers", f"{len(answers):,} answers for id {line.id} on "
                f"a best line{f' ({repeats:,} of them repeats)' if repeats else ''}; score.pl "
                "divides the item's credit among them and credits a repeated answer each time",
                remedy=f"a best line gives the system's best guess (or a few, best first); "
                f"more than {BEST_MOST} belong on an oot line"))
    return problems


def shape_refusal(system: SystemAnswers, problems: Sequence[Problem]) -> str:
    """Return why a file most of whose lines have counts or commas is refused, or ""."""
    lines = len(system.lines)
    for code, what, remedy in (
            ("counts", "give answers with counts (`{}`), as a gold file's lines do (was the "
             "gold scored as a system?)", "write the answers alone, without counts"),
            ("commas", "separate their answers with commas (`{}`), so each line is one answer, "
             "which earns nothing", "separate the answers with `;`")):
        found = [p for p in problems if p.code == code]
        if found and 2 * len(found) > lines:
            example = found[0].message.split("`")[1]
            return (f"{system.path}: {len(found)} of its {lines} lines "
                    f"{what.format(example)}: {remedy}; {valid_line(system.kind)}")
    return ""
