"""The identity ranker: keep the generator's order (the distributional baselines' "no re-ranking").

McCarthy & Navigli (2007) answer with the thesaurus neighbours in their own order; this ranker
leaves that order untouched and only makes sure every candidate carries a score.
"""

from __future__ import annotations

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["IdentityRanker"]


class IdentityRanker:
    """Returns the candidates in the order given, scored.

    A candidate keeps the score its generator gave it (e.g. a neighbour's similarity); one
    without a score gets minus its position (0, -1, -2, ...), so scores never contradict the
    order the generator chose.

    >>> from lexsub_baselines.datasets.types import Instance
    >>> ranked = IdentityRanker().rank(Instance("1", "a.n", "a", "n", ("a",), 0),
    ...                                [Candidate("x", score=0.5), Candidate("y")])
    >>> [(c.lemma, c.score) for c in ranked]
    [('x', 0.5), ('y', -1.0)]
    """

    name = "identity"

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return `candidates` in the same order, each with a score."""
        return [c if c.score is not None else c.scored(-float(position))
                for position, c in enumerate(candidates)]
