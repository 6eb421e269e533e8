"""Rankers: frequency, n-gram language model (KenLM), bag-of-words, and their combination."""

from lexsub_baselines.rankers.base import RANKERS, Ranker, order_by_score

__all__ = ["RANKERS", "Ranker", "order_by_score"]
