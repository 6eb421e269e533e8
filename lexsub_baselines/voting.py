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

from lexsub_baselines.answers import Answers
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.systems import OOT_SIZE, System

__all__ = ["VotingSystem", "vote"]


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
    credit: dict[str, float] = {}
    for answers in answer_lists:
        distinct = list(dict.fromkeys(a for a in answers if a))
        for answer in distinct:
            credit[answer] = credit.get(answer, 0.0) + 1 / len(distinct)
    if not credit:
        return ()
    order = {c: i for i, c in enumerate(credit)}
    ranked = sorted(credit, key=lambda c: (-credit[c], order[c]))
    if kind == "best":
        top = credit[ranked[0]]
        return tuple(c for c in ranked if abs(credit[c] - top) < 1e-9)
    return tuple(ranked[:OOT_SIZE])


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
        """Return the members' combined best and oot answers."""
        answers = [m.answer(instance) for m in self.members]
        return Answers(best=vote([a.best for a in answers], "best"),
                       oot=vote([a.oot for a in answers], "oot"))
