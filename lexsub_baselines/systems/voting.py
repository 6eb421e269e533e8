"""A voting combination of systems (McCarthy & Navigli 2009, combining the participants).

Each member system gives one unit of credit per item, split equally among its answers (a
system answering `a;b` gives 1/2 to each); candidates are ranked by their total credit.

- best: every candidate with the highest total is kept (ties all kept; the scorer then splits
  the item's credit among them, as it does for any multi-answer best line);
- oot: candidates by total credit, best first, at most 10; ties are broken by the order in
  which the candidates were first proposed (members in the order given, answers in their
  order), so the output is deterministic.

`VotingSystem` votes over `System`s (registered as `vote` in the catalog);
`analysis.voting.vote_answers` votes over answers already written (answer files).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.base import OOT_SIZE, System

__all__ = ["VotingSystem", "vote", "vote_credits"]


def vote_credits(answer_lists: Sequence[Sequence[str]]) -> list[tuple[str, float]]:
    """Return every proposed candidate with its total credit, highest first (ties: first
    proposed first).

    >>> vote_credits([["x", "y"], ["y"]])
    [('y', 1.5), ('x', 0.5)]
    """
    credit: dict[str, float] = {}
    for answers in answer_lists:
        distinct = list(dict.fromkeys(a for a in answers if a))
        for answer in distinct:
            credit[answer] = credit.get(answer, 0.0) + 1 / len(distinct)
    order = {c: i for i, c in enumerate(credit)}
    return [(c, credit[c]) for c in sorted(credit, key=lambda c: (-credit[c], order[c]))]


def vote(answer_lists: Sequence[Sequence[str]], kind: str) -> tuple[str, ...]:
    """Return the combined answers of several systems for one item.

    Arguments:
        answer_lists: each member's answers for the item (empty when it did not answer).
        kind: `best` (all top-scoring candidates) or `oot` (the top 10).

    >>> vote([["a"], ["b"], ["a", "c"]], "best")
    ('a',)
    >>> vote([["a"], ["b"]], "best")
    ('a', 'b')
    >>> vote([["x", "y"], ["y"]], "oot")
    ('y', 'x')
    """
    if kind not in ("best", "oot"):
        raise LexsubError(f"voting combines best or oot answers, not {kind!r}")
    ranked = vote_credits(answer_lists)
    if not ranked:
        return ()
    if kind == "best":
        top = ranked[0][1]
        return tuple(c for c, credit in ranked if abs(credit - top) < 1e-9)
    return tuple(c for c, _ in ranked[:OOT_SIZE])


@dataclass(frozen=True)
class VotingSystem:
    """A system that answers with the vote of its members.

    Attributes:
        name: the canonical name (`vote`).
        members: the member systems, in tie-breaking order.
        kinds: the answer kinds (best, oot).
    """

    name: str
    members: tuple[System, ...]
    kinds: tuple[str, ...] = ("best", "oot")

    def answer(self, instance: Instance) -> Answers:
        """Return the members' combined best and oot answers; ranked = the oot vote's
        candidates by credit."""
        answers = [m.answer(instance) for m in self.members]
        oot = [a.oot for a in answers]
        return Answers(best=vote([a.best for a in answers], "best"), oot=vote(oot, "oot"),
                       ranked=tuple(vote_credits(oot)))
