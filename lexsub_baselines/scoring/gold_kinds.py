"""The benchmarks other than SemEval whose gold or profile `Scorer(...)` hands to a subclass.

Filled by `scoring.swords` (SWORDS datasets and files give a `SwordsScorer`) and
`scoring.lexsubgen` (LexSubGen's data, or a `lexsubgen*` profile, give a `LexSubGenScorer`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.catalog import dataset_names
from lexsub_baselines.datasets.registry import DATASETS, Dataset

__all__ = ["GOLD_KINDS", "GoldKind", "is_gold_of_format", "kind_for"]


class GoldKind(NamedTuple):
    """A benchmark whose gold `Scorer` hands to a scorer of its own.

    Attributes:
        accepts: whether a gold argument (and the roots) is this benchmark's gold.
        scorer: the `Scorer` subclass that scores against it.
        claims_profile: whether a profile is this benchmark's, whatever the gold (LexSubGen's
            protocol scores `coinco-all`, which SemEval's scorer also reads).
    """

    accepts: Callable[[object, Roots | None], bool]
    scorer: type[Any]  # a `scoring.scorer.Scorer` subclass (not imported: it imports this)
    claims_profile: Callable[[object], bool] | None = None


GOLD_KINDS: Registry[GoldKind] = Registry("gold kind")


def is_gold_of_format(gold: object, format: str, is_file: Callable[[Path], bool]) -> bool:
    """Return True for a dataset of `format` (a `Dataset`, or a registered name where no file
    of that name is), or for a file that `is_file` takes for that format's gold."""
    if isinstance(gold, Dataset):
        return gold.spec.format == format
    if not isinstance(gold, str | Path):
        return False
    if str(gold) in dataset_names() and not Path(gold).is_file():
        return DATASETS.get(str(gold)).format == format
    return Path(gold).is_file() and is_file(Path(gold))


def kind_for(gold: object, profile: object, roots: Roots | None) -> GoldKind | None:
    """Return the benchmark a profile of its own names, else the one whose gold this is."""
    kinds = [GOLD_KINDS.get(name) for name in GOLD_KINDS]
    if profile is not None:
        for kind in kinds:
            if kind.claims_profile is not None and kind.claims_profile(profile):
                return kind
    return next((kind for kind in kinds if kind.accepts(gold, roots)), None)
