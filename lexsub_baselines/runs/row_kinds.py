"""The kinds of the files a run writes beside the official ones, and the datasets' parts:
shared by the answering and the scoring modules (neither imports the other)."""

from __future__ import annotations

__all__ = ["KIND", "LEXSUBGEN_DATASETS", "POOL_KIND", "TEST_PART", "TOP"]

#: The kind of a LexSubGen result file (`<system>.lexsubgen.json`) in scores.json.
KIND = "lexsubgen"
#: The datasets scored under LexSubGen's protocol, and the runs each is made of (None: its own).
LEXSUBGEN_DATASETS: dict[str, tuple[str, ...] | None] = {
    "semeval2007-all": ("semeval2007-trial", "semeval2007-test"), "coinco-all": None}
#: The datasets scored on a part alone too, and that part's dataset (its instances): the
#: test part of LS07-all, without the trial instances the settings were chosen on.
TEST_PART: dict[str, str] = {"semeval2007-all": "semeval2007-test"}
#: The longest list LexSubGen's protocol reads (R@10).
TOP = 10
#: The kind of the pool-ranking file (`<system>+fill.pool.json`) in runs.json.
POOL_KIND = "pool"
