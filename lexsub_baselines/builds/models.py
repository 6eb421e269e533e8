"""The model stages: `lm-text` (the tokenised LM sample), `lm` (KenLM), `bow` (the
bag-of-words co-occurrence counts), `word2vec` and `embeddings`; each one task on the cluster."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.builds.settings import Context
from lexsub_baselines.core.cache import verified
from lexsub_baselines.core.sparse import sparse_saved

__all__ = ["bow_cached", "bow_lock", "build_bow", "build_embeddings", "build_lm", "build_text",
           "build_word2vec", "embeddings_cached", "embeddings_lock", "lm_cached", "lm_lock",
           "text_cached", "text_lock", "word2vec_cached", "word2vec_lock"]

# Each `*_lock` returns what its stage builds (the key of its lock, `Stage.lock_key`): the
# cache path or key that its `*_cached` looks up.

# --- lm-text, lm, bow ---------------------------------------------------------------------------

def text_cached(ctx: Context) -> Any:
    from lexsub_baselines.lm.corpus_text import find_corpus_text

    return find_corpus_text(ctx.roots, ctx.settings.lm.corpora, ctx.settings.lm.max_tokens)


def text_lock(ctx: Context) -> str:
    from lexsub_baselines.lm.corpus_text import corpus_text_path

    return str(corpus_text_path(ctx.roots, ctx.settings.lm.corpora, ctx.settings.lm.max_tokens))


async def build_text(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.lm.corpus_text import corpus_text

    config = ctx.settings.lm
    bar = ctx.progress.stage("lm-text")
    text = await ctx.task("lm-text", corpus_text, ctx.roots, config.corpora, config.max_tokens,
                          progress=False)
    ctx.notes["lm-text"] = f"{text.tokens:,} tokens, {text.sentences:,} sentences"
    bar.close(ctx.notes["lm-text"])
    return text


def lm_cached(ctx: Context) -> Any:
    from lexsub_baselines.lm.model import find_lm

    return find_lm(ctx.roots, ctx.settings.lm)


def lm_lock(ctx: Context) -> str:
    return ctx.settings.lm.key(ctx.roots)


async def build_lm(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.lm import model

    bar = ctx.progress.stage("lm")
    path = await ctx.task("lm", model.build_lm, ctx.roots, ctx.settings.lm, progress=False)
    ctx.notes["lm"] = ctx.settings.lm.signature()
    bar.close(ctx.notes["lm"])
    return path


def _bow_stem(ctx: Context) -> Path:
    from lexsub_baselines.lm.cooccurrence import cooccurrence_stem
    from lexsub_baselines.lm.corpus_text import corpus_text_path

    config = ctx.settings.lm
    return cooccurrence_stem(ctx.roots.cache,
                             corpus_text_path(ctx.roots, config.corpora, config.max_tokens),
                             ctx.settings.bow)


def bow_cached(ctx: Context) -> Any:
    stem = _bow_stem(ctx)
    return stem if sparse_saved(stem) else None


def bow_lock(ctx: Context) -> str:
    return str(_bow_stem(ctx))


async def build_bow(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.lm.cooccurrence import build_cooccurrences

    bar = ctx.progress.stage("bow")
    counts = await ctx.task("bow", _bow_task, inputs["lm-text"], ctx.roots.cache,
                            ctx.settings.bow, build_cooccurrences)
    ctx.notes["bow"] = f"{counts:,} non-zero pairs"
    bar.close(ctx.notes["bow"])
    return _bow_stem(ctx)


def _bow_task(text: Any, cache: Path, config: Any, function: Any) -> int:
    """Build the counts on the worker; return only their size (not the matrix)."""
    return int(function(text, cache, config, progress=False).matrix.nnz)


# --- word2vec -------------------------------------------------------------------------------------

def word2vec_cached(ctx: Context) -> Any:
    from lexsub_baselines.distributional.word2vec import word2vec_path

    path = word2vec_path(ctx.roots, ctx.settings.word2vec)
    return path if verified(path) else None


def word2vec_lock(ctx: Context) -> str:
    from lexsub_baselines.distributional.word2vec import word2vec_path

    return str(word2vec_path(ctx.roots, ctx.settings.word2vec))


async def build_word2vec(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.distributional import word2vec

    bar = ctx.progress.stage("word2vec")
    path = await ctx.task("word2vec", word2vec.build_word2vec, ctx.roots, ctx.settings.word2vec,
                          progress=False)
    bar.close()
    return path


# --- embeddings (skip-gram word + context vectors, Melamud et al. 2015) -----------------------

def embeddings_cached(ctx: Context) -> Any:
    from lexsub_baselines.distributional.embeddings import embeddings_path

    path = embeddings_path(ctx.roots, ctx.settings.embeddings)
    return path if verified(path) and verified(path.with_suffix(".vocab")) else None


def embeddings_lock(ctx: Context) -> str:
    from lexsub_baselines.distributional.embeddings import embeddings_path

    return str(embeddings_path(ctx.roots, ctx.settings.embeddings))


async def build_embeddings(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.distributional import embeddings

    settings = ctx.settings.embeddings
    bar = ctx.progress.stage("embeddings")
    path = await ctx.task("embeddings", embeddings.build_embeddings, ctx.roots, settings,
                          progress=False)
    ctx.notes["embeddings"] = (f"skip-gram {settings.vector_size}d, window {settings.window}, "
                               f"{settings.epochs} epochs")
    bar.close(ctx.notes["embeddings"])
    return path

