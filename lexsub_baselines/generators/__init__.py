"""Candidate generators: WordNet, Roget, distributional thesauri, bilingual dictionaries.

May import the layers below it, up to `distributional` and `lm`.
"""

from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator

__all__ = ["GENERATORS", "CandidateGenerator"]
