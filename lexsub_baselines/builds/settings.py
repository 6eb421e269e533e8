"""What the build graph builds: every setting that changes a built resource."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from lexsub_baselines.core.profile import profile
from lexsub_baselines.distributional.build import RelationSettings
from lexsub_baselines.distributional.embeddings import SKIPGRAM
from lexsub_baselines.distributional.parser import FULL_TRAINING, TrainingSettings
from lexsub_baselines.distributional.relation_store import RELATIONS_TOKENS_ENV
from lexsub_baselines.distributional.word2vec import Word2VecSettings
from lexsub_baselines.engine.graph import BuildContext
from lexsub_baselines.lm.cooccurrence import CooccurrenceConfig
from lexsub_baselines.lm.model import LMConfig

__all__ = ["NEIGHBOUR_DATASETS", "SMOKE", "Context", "ResourceSettings"]

#: The datasets whose targets get precomputed neighbour lists.
NEIGHBOUR_DATASETS: tuple[str, ...] = ("semeval2007-trial", "semeval2007-test", "swords-dev",
                                     "swords-test")


@dataclass(frozen=True)
class ResourceSettings:
    """Every setting that changes a built resource (each part of that resource's cache key).

    Attributes:
        relations: the corpus sample of the relation counts (`LEXSUB_RELATIONS_TOKENS`).
        parser: the parser's training bounds.
        lm: the n-gram LM (its corpus sample is also the bag-of-words sample).
        bow: the bag-of-words co-occurrence counts.
        word2vec: the word2vec model.
        embeddings: the skip-gram model of the `emb:*` rankers (word and context vectors).
        counts_tokens: the corpus sample of the `corpus` frequency table (None: all).
        neighbour_datasets: datasets whose targets get neighbour lists ahead of time.
    """

    relations: RelationSettings = field(default_factory=RelationSettings)
    parser: TrainingSettings = FULL_TRAINING
    lm: LMConfig = field(default_factory=LMConfig)
    bow: CooccurrenceConfig = field(default_factory=CooccurrenceConfig)
    word2vec: Word2VecSettings = field(default_factory=Word2VecSettings)
    embeddings: Word2VecSettings = SKIPGRAM
    counts_tokens: int | None = None
    neighbour_datasets: tuple[str, ...] = NEIGHBOUR_DATASETS

    @classmethod
    def from_env(cls) -> ResourceSettings:
        """Return the settings the systems use: the profile's (`core.profile`), with
        `LEXSUB_RELATIONS_TOKENS` when it is set.

        Raises:
            LexsubError: `LEXSUB_PROFILE` or `LEXSUB_RELATIONS_TOKENS` is not understood.
        """
        chosen = SMOKE if profile() == "smoke" else cls()
        if os.environ.get(RELATIONS_TOKENS_ENV, "").strip():
            chosen = replace(chosen, relations=RelationSettings.from_env())
        return chosen

    def inputs(self, stage: str) -> tuple[str, ...]:
        """Return the inputs (manifest ids) the stage `stage` declares: what its key holds
        and all its tasks may read (`engine.graph.Stage.inputs`)."""
        from lexsub_baselines.distributional.ewt import EWT_INPUTS
        from lexsub_baselines.resources.corpus_counts import CORPUS_NAMES
        from lexsub_baselines.text.corpora import corpus_inputs

        corpora = {
            "corpus-plan": (*self.relations.corpora, *self.lm.corpora, *self.word2vec.corpora),
            "corpus-counts": CORPUS_NAMES, "lm-text": self.lm.corpora, "lm": self.lm.corpora,
            "bow": self.lm.corpora, "word2vec": self.word2vec.corpora,
            "embeddings": self.embeddings.corpora}
        if stage in corpora:
            return corpus_inputs(sorted(set(corpora[stage])))
        if stage == "parser":
            return tuple(EWT_INPUTS.values())
        if stage == "relations":
            return self.relations.inputs()
        if stage == "neighbours":  # the targets' instances (the lists are keyed per target)
            from lexsub_baselines.datasets.catalog import dataset_inputs

            return dataset_inputs(self.neighbour_datasets)
        return ()




#: The smoke profile's resources (`core.profile`): each made of the first 40,000 corpus words,
#: the parser trained for 60 steps on 500 sentences (the test suite's), a 3-gram LM.
_SAMPLE = 40_000
SMOKE = ResourceSettings(
    relations=RelationSettings(max_tokens=_SAMPLE),
    parser=TrainingSettings(max_steps=60, eval_frequency=60, train_sentences=500,
                            eval_sentences=100),
    lm=LMConfig(max_tokens=_SAMPLE, order=3, prune=(0,)),
    word2vec=Word2VecSettings(max_tokens=_SAMPLE, min_count=2),
    embeddings=replace(SKIPGRAM, max_tokens=_SAMPLE, min_count=2),
    counts_tokens=_SAMPLE)

#: The context every stage of this graph builds with.
Context = BuildContext[ResourceSettings]
