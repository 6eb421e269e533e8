"""Hints: what probably went wrong when a score is official but useless.

The printed figures stay exactly the official scorer's; a hint is one more line on stderr
(`lexsub: hint: …`; `ScoreReport.hints` in Python) saying what the user probably meant:

- an oot file (`:::` lines) scored as best, or a best file (`::`) as oot: every line is an
  `Error in` line and the scores are zero -> `did you mean -t oot?` (in Python: `did you
  mean kind="oot"?`: `scoring.spelling`);
- Spanish gold (non-ASCII letters on at least 2% of its lines) under an English profile
  (`official` drops or truncates accented entries) -> the CLLS profile.
"""

from __future__ import annotations

from lexsub_baselines.scoring.answers_reader import OTHER_KIND, SystemAnswers
from lexsub_baselines.scoring.gold_lines import GoldFile
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.spelling import PYTHON, Spelling

__all__ = ["kind_hint", "language_hint", "non_ascii_lines"]

#: Share of gold lines with non-ASCII letters from which the gold is taken for Spanish.
SPANISH_SHARE = 0.02


def kind_hint(answers: SystemAnswers, spelling: Spelling = PYTHON) -> str | None:
    """Return a hint when most lines of `answers` are lines of the other kind (best/oot)."""
    other = OTHER_KIND.get(answers.kind)
    if other is None or answers.other_kind_lines <= len(answers.lines):
        return None
    kind, separator = other
    return (f"{answers.other_kind_lines} lines of {answers.path} are {kind} lines "
            f"(`{separator}`) and {len(answers.lines)} are {answers.kind} lines; did you mean "
            f"{spelling.option('kind', kind)}?")


def non_ascii_lines(gold: GoldFile) -> tuple[int, str]:
    """Return how many gold lines have a non-ASCII letter, and the first such entry."""
    count = 0
    example = ""
    for line in gold.lines:
        for raw in line.raw:
            if not raw.isascii() and any(c.isalpha() and not c.isascii() for c in raw):
                count += 1
                example = example or raw.strip()
                break
    return count, example


def language_hint(gold: GoldFile, label: str, profile: Profile,
                  spelling: Spelling = PYTHON) -> str | None:
    """Return a hint when Spanish gold is scored under an English profile."""
    if profile.language != "en" or not gold.lines:
        return None
    count, example = non_ascii_lines(gold)
    if count < max(1, SPANISH_SHARE * len(gold.lines)):
        return None
    twin = "clls2010-official" if profile.name == "official" else "clls2010-corrected"
    return (f"the gold {label} has non-ASCII substitutes on {count} of its {len(gold.lines)} "
            f"lines (e.g. `{example}`), but profile {profile.name} is for English "
            f"(SemEval-2007) gold; for Spanish (SemEval-2010 Task 2) gold use "
            f"{spelling.option('profile', twin)}")
