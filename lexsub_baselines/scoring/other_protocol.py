"""The base of the scorers of other protocols than SemEval-2007's (SWORDS, LexSubGen's).

`Scorer(gold)` hands such a gold to its protocol's subclass; the SemEval-only parts of the
`Scorer` interface (the gold's lines, subsets, per-item credits, multiword ids) then refuse in
one line that names what the protocol's scorer has instead.
"""

from __future__ import annotations

from typing import Any, ClassVar

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring.scorer import Scorer

__all__ = ["OtherProtocolScorer"]


class OtherProtocolScorer(Scorer):
    """A `Scorer` of another protocol: the SemEval-only methods refuse.

    Attributes:
        PROTOCOL_NAME: the protocol's name in messages ("a SWORDS scorer").
        OWN_METHODS: what the protocol's scorer has instead, as the message says it.
    """

    PROTOCOL_NAME: ClassVar[str] = ""
    OWN_METHODS: ClassVar[str] = "`score` and `result`"

    def _semeval_only(self, what: str) -> LexsubError:
        return LexsubError(f"{what} is a SemEval-2007 notion; a {self.PROTOCOL_NAME} scorer has "
                           f"{self.OWN_METHODS}")

    def gold(self, *args: Any, **kwargs: Any) -> Any:
        raise self._semeval_only("gold()")

    def gold_file(self, *args: Any, **kwargs: Any) -> Any:
        raise self._semeval_only("gold_file()")

    def mw_gold(self, *args: Any, **kwargs: Any) -> Any:
        raise self._semeval_only("mw_gold()")

    def further_subsets(self, *args: Any, **kwargs: Any) -> Any:
        raise self._semeval_only("further_subsets()")

    def answers(self, *args: Any, **kwargs: Any) -> Any:
        raise self._semeval_only("answers()")

    def item_credits(self, *args: Any, **kwargs: Any) -> Any:
        raise self._semeval_only("item_credits()")

    @property
    def mwids(self) -> frozenset[str]:
        """SemEval's multiword ids: the other protocols have none."""
        raise self._semeval_only("mwids")
