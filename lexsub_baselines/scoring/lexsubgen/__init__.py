"""LexSubGen's evaluation protocol (Arefyev et al. 2020; Samsung/LexSubGen, commit 276ce228).

The protocol today's papers report on LS07 ("semeval_all") and CoInCo: P@1, P@3, R@10 of the
generated list and GAP of the ranked candidate pool. `Scorer("coinco-all", "lexsubgen")`,
`Scorer("semeval2007-all")` or `Scorer(folder)` gives a `LexSubGenScorer` (this module
registers LexSubGen's data in `scoring.scorer.GOLD_KINDS`); `lexsub score RESULT.json DATA
--protocol lexsubgen` prints its metrics.
"""

from __future__ import annotations

from lexsub_baselines.scoring.lexsubgen.data import (
    LexSubGenData,
    LsgInstance,
    parse_gold_line,
    read_lexsubgen_data,
)
from lexsub_baselines.scoring.lexsubgen.metrics import (
    K_LIST,
    ShortListError,
    gap_scores,
    rank_candidates,
    topk_metrics,
)
from lexsub_baselines.scoring.lexsubgen.profiles import LSG_PROFILES, LsgProfile, is_lsg_profile
from lexsub_baselines.scoring.lexsubgen.report import HEADLINE, METRICS, LsgReport
from lexsub_baselines.scoring.lexsubgen.result import LsgResult, read_lsg_result
from lexsub_baselines.scoring.lexsubgen.scorer import (
    PROTOCOL,
    LexSubGenScorer,
    accepts_lexsubgen_data,
)
from lexsub_baselines.scoring.scorer import GOLD_KINDS, GoldKind

__all__ = [
    "HEADLINE",
    "K_LIST",
    "LSG_PROFILES",
    "METRICS",
    "PROTOCOL",
    "LexSubGenData",
    "LexSubGenScorer",
    "LsgInstance",
    "LsgProfile",
    "LsgReport",
    "LsgResult",
    "ShortListError",
    "gap_scores",
    "is_lsg_profile",
    "parse_gold_line",
    "rank_candidates",
    "read_lexsubgen_data",
    "read_lsg_result",
    "topk_metrics",
]

GOLD_KINDS.add("lexsubgen", GoldKind(accepts_lexsubgen_data, LexSubGenScorer, is_lsg_profile),
               "LexSubGen's data (semeval2007-all, coinco-all, a folder of its files): "
               "its GAP, P@k, R@k")
