"""Rankers: frequency, n-gram language model (KenLM), bag-of-words, and their combination.

May import the layers below it, up to `distributional` and `lm`.
"""

from lexsub_baselines.rankers.base import RANKERS, Ranker, order_by_score

__all__ = ["RANKERS", "Ranker", "order_by_score"]
