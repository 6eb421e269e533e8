"""ProLex's evaluation (Zhang, Chen & Yu 2024): `evaluate.py`'s `calculate_metrics`, reproduced.

`Scorer("prolex-test")` gives a `ProlexScorer` (this module registers ProLex gold in
`scoring.scorer.GOLD_KINDS`); `lexsub score FILE prolex-test` prints P, R and F1 at k = 10, 5,
3, 1 for both aspects (`acc`, `prof`).
"""

from __future__ import annotations

from pathlib import Path

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.prolex import PROLEX_FORMAT
from lexsub_baselines.scoring.gold_kinds import is_gold_of_format
from lexsub_baselines.scoring.prolex.evaluation import (
    CUTS,
    ProlexPredictions,
    calculate_metrics,
    read_predictions,
)
from lexsub_baselines.scoring.prolex.report import ASPECT_NAMES, ProlexReport, figure_names
from lexsub_baselines.scoring.prolex.scorer import PROFILE, PROTOCOL, SOFT, ProlexScorer
from lexsub_baselines.scoring.scorer import GOLD_KINDS, GoldKind

__all__ = ["ASPECT_NAMES", "CUTS", "PROFILE", "PROTOCOL", "SOFT", "ProlexPredictions",
           "ProlexReport", "ProlexScorer", "calculate_metrics", "figure_names",
           "is_prolex_gold", "is_prolex_profile", "read_predictions"]


def _is_file(path: Path) -> bool:
    return path.name.startswith("ProLex_") and path.suffix == ".csv"


def is_prolex_gold(gold: object, roots: Roots | None = None) -> bool:
    """Return True for ProLex gold: a `prolex-*` dataset (object or name) or a
    `ProLex_*.csv` file.

    >>> is_prolex_gold("prolex-test"), is_prolex_gold("semeval2007-test")
    (True, False)
    """
    return is_gold_of_format(gold, PROLEX_FORMAT, _is_file)


def is_prolex_profile(profile: object) -> bool:
    """Return True for ProLex's profile (or protocol) name, or its refused `soft` variant."""
    return profile in (PROFILE, PROTOCOL, "prolex-soft")


GOLD_KINDS.add("prolex", GoldKind(is_prolex_gold, ProlexScorer, is_prolex_profile),
               "ProLex (prolex-dev, prolex-test): evaluate.py's P, R, F1 at 10, 5, 3, 1")
