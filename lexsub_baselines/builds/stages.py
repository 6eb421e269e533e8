"""The one module that fills the registry of build stages (`STAGES`), in build order."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from lexsub_baselines.builds import corpus, models, parsing
from lexsub_baselines.builds.settings import Context, ResourceSettings
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.engine.graph import Stage

__all__ = ["STAGES"]

STAGES: Registry[Stage[ResourceSettings]] = Registry("build stage")


def _add(name: str, needs: tuple[str, ...], doc: str, cached: Callable[[Context], Any],
         build: Callable[[Context, Mapping[str, Any]], Awaitable[Any]],
         lock_key: Callable[[Context], str], critical: bool = False) -> None:
    def inputs(ctx: Context) -> tuple[str, ...]:  # what its key holds, and all it may read
        return ctx.settings.inputs(name)

    STAGES.add(name, Stage(name, needs, doc, cached, build, critical, lock_key, inputs), doc)


# Each stage's lock is named by the cache entry its `cached` looks up (`Stage.lock_key`),
# taken from the same key and path functions, so that two builds of other entries (another
# corpus sample, other settings) never wait for each other.


_add("corpus-plan", (), "the words of every corpus file (how the corpora are cut into shards)",
     corpus.plan_cached, corpus.build_plan, corpus.plan_lock)
# critical: every corpus parse waits for it, so its task starts before any other
_add("parser", (), "train the spaCy parser on UD English-EWT (one core)",
     parsing.parser_cached, parsing.build_parser, parsing.parser_lock, critical=True)
_add("relations", ("parser", "corpus-plan"),
     "parse the corpora and count grammatical relations (map over shards, tree of sums)",
     parsing.relations_cached, parsing.build_relations, parsing.relations_lock)
_add("neighbours", ("relations",),
     "the five thesauri's neighbour lists of the SemEval-2007 and SWORDS targets (and CoInCo's "
     "when `lexsub baselines` runs LexSubGen's protocol)",
     parsing.neighbours_cached, parsing.build_neighbours, parsing.neighbours_lock)
_add("corpus-counts", ("corpus-plan",),
     "lemma+PoS counts of the corpora, the `corpus` frequency source (map over shards)",
     corpus.counts_cached, corpus.build_corpus_counts, corpus.counts_lock)
_add("lm-text", (), "the tokenised corpus sample of the LM and the bag-of-words counts",
     models.text_cached, models.build_text, models.text_lock)
_add("lm", ("lm-text",), "the KenLM n-gram model (lmplz + build_binary)",
     models.lm_cached, models.build_lm, models.lm_lock)
_add("bow", ("lm-text",), "the bag-of-words co-occurrence counts (+-5 words)",
     models.bow_cached, models.build_bow, models.bow_lock)
_add("word2vec", (), "word2vec over the corpus sample (gensim, one thread)",
     models.word2vec_cached, models.build_word2vec, models.word2vec_lock)
_add("embeddings", (), "skip-gram word and context vectors of the emb:* rankers (gensim, one "
     "thread)", models.embeddings_cached, models.build_embeddings, models.embeddings_lock)
