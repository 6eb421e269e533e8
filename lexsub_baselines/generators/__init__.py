"""Candidate generators: WordNet, Roget, distributional thesauri, bilingual dictionaries."""

from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator

__all__ = ["GENERATORS", "CandidateGenerator"]
