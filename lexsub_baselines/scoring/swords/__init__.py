"""The SWORDS benchmark's evaluation (Lee et al. 2021; p-lambda/swords `swords.eval.evaluate`).

`Scorer("swords-test")` gives a `SwordsScorer` (this module registers SWORDS gold in
`scoring.scorer.GOLD_KINDS`); `lexsub score RESULT.lsr.json swords-test` prints its metrics.
"""

from __future__ import annotations

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.swords import SWORDS_FORMAT
from lexsub_baselines.scoring.gold_kinds import is_gold_of_format
from lexsub_baselines.scoring.scorer import GOLD_KINDS, GoldKind
from lexsub_baselines.scoring.swords.gold import GoldTarget, Lemmatiser, SwordsGold, build_gold
from lexsub_baselines.scoring.swords.measures import (
    ACCEPTABLE,
    CONCEIVABLE,
    Metrics,
    prepare_result,
    swords_gap,
    swords_metrics,
)
from lexsub_baselines.scoring.swords.report import HEADLINE, SwordsBlock, SwordsReport
from lexsub_baselines.scoring.swords.result import SwordsResult, read_result, result_from_mapping
from lexsub_baselines.scoring.swords.scorer import PROFILE, SwordsScorer

__all__ = [
    "ACCEPTABLE",
    "CONCEIVABLE",
    "HEADLINE",
    "PROFILE",
    "GoldTarget",
    "Lemmatiser",
    "Metrics",
    "SwordsBlock",
    "SwordsGold",
    "SwordsReport",
    "SwordsResult",
    "SwordsScorer",
    "build_gold",
    "is_swords_gold",
    "prepare_result",
    "read_result",
    "result_from_mapping",
    "swords_gap",
    "swords_metrics",
]


def is_swords_gold(gold: object, roots: Roots | None = None) -> bool:
    """Return True for SWORDS gold: a SWORDS dataset (object or name) or a `.json(.gz)` file.

    >>> is_swords_gold("swords-test"), is_swords_gold("semeval2007-test")
    (True, False)
    """
    return is_gold_of_format(gold, SWORDS_FORMAT,
                             lambda path: path.name.endswith((".json", ".json.gz")))


GOLD_KINDS.add("swords", GoldKind(is_swords_gold, SwordsScorer),
               "SWORDS v1.1 (swords-dev, swords-test): swords.eval.evaluate's metrics")
