"""TSAR-2022's evaluation (Saggion et al. 2022): the task's `tsar_eval.py`, reproduced.

`Scorer("tsar2022-en-test")` gives a `TsarScorer` (this module registers TSAR-2022 gold in
`scoring.scorer.GOLD_KINDS`); `lexsub score PRED.tsv tsar2022-en-test` prints its ten figures.
"""

from __future__ import annotations

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.tsar import TSAR_FORMAT
from lexsub_baselines.scoring.gold_kinds import is_gold_of_format
from lexsub_baselines.scoring.scorer import GOLD_KINDS, GoldKind
from lexsub_baselines.scoring.tsar.evaluation import (
    TsarGold,
    TsarPrediction,
    TsarPredictions,
    acc_at_top1,
    floor4,
    map_at,
    potential_at,
    read_gold,
    read_predictions,
)
from lexsub_baselines.scoring.tsar.report import EVALUATOR_NAMES, HEADLINE, METRICS, TsarReport
from lexsub_baselines.scoring.tsar.scorer import PROFILE, PROTOCOL, TsarScorer

__all__ = [
    "EVALUATOR_NAMES",
    "HEADLINE",
    "METRICS",
    "PROFILE",
    "PROTOCOL",
    "TsarGold",
    "TsarPrediction",
    "TsarPredictions",
    "TsarReport",
    "TsarScorer",
    "acc_at_top1",
    "floor4",
    "is_tsar_gold",
    "is_tsar_profile",
    "map_at",
    "potential_at",
    "read_gold",
    "read_predictions",
]


def is_tsar_gold(gold: object, roots: Roots | None = None) -> bool:
    """Return True for TSAR-2022 gold: a `tsar2022-*` dataset (object or name) or a
    `*_gold.tsv` file.

    >>> is_tsar_gold("tsar2022-en-test"), is_tsar_gold("semeval2007-test")
    (True, False)
    """
    return is_gold_of_format(gold, TSAR_FORMAT, lambda path: path.name.endswith("_gold.tsv"))


def is_tsar_profile(profile: object) -> bool:
    """Return True for TSAR-2022's profile (or protocol) name."""
    return profile in (PROFILE, PROTOCOL)


GOLD_KINDS.add("tsar2022", GoldKind(is_tsar_gold, TsarScorer, is_tsar_profile),
               "TSAR-2022 (tsar2022-{en,es,pt}-{trial,test}): tsar_eval.py's ten figures")
