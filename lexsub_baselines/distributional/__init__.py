"""Distributional models: the EWT parser, relation counts, similarity measures, word2vec.

May import the layers below it: `core` to `scoring`/`engine`.
"""
