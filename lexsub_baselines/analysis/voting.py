"""Voting over answer files already written (`lexsub vote`, the report).

The vote itself (McCarthy & Navigli 2009) and `VotingSystem`, which votes over `System`s, live
in `lexsub_baselines.systems.voting` (a system, registered as `vote`); this module applies the same
vote to the answers in a results folder (`vote_answers`) and re-exports both.
"""

from __future__ import annotations

from collections.abc import Mapping

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring import SystemAnswers
from lexsub_baselines.systems.voting import VotingSystem, vote

__all__ = ["VotingSystem", "answers_by_id", "vote", "vote_answers"]


def answers_by_id(answers: SystemAnswers) -> dict[str, tuple[str, ...]]:
    """Return id -> answers of the first line per id (as the scorer reads a file)."""
    result: dict[str, tuple[str, ...]] = {}
    for line in answers.lines:
        result.setdefault(line.id, line.answers)
    return result


def vote_answers(members: Mapping[str, SystemAnswers], kind: str) -> dict[str, tuple[str, ...]]:
    """Return id -> combined answers of answer files (members in the mapping's order).

    Raises:
        LexsubError: fewer than two members.
    """
    if len(members) < 2:
        raise LexsubError(f"a vote needs at least two systems (got {', '.join(members) or 0})")
    per_system = [answers_by_id(a) for a in members.values()]
    ids = list(dict.fromkeys(i for answers in per_system for i in answers))
    combined = {i: vote([answers.get(i, ()) for answers in per_system], kind) for i in ids}
    return {i: a for i, a in combined.items() if a}
