"""Where the relation counts live and how they are read: settings, cache paths, the `gr` source.

`RelationSettings` names a corpus sample (`LEXSUB_RELATIONS_TOKENS`); the counts built from
it (`distributional.build`, the `relations` stage) are cached under
`<cache>/relations/gr-<key>`, read back by `load_counts`, and their row sums are the `gr`
frequency source (`GrFrequency`), which the catalog registers.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_write_text
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.lemmatizer import LEMMATIZER_VERSION
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.text.corpora import corpus_inputs, parse_token_budget

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "RELATIONS_TOKENS_ENV",
    "GrFrequency",
    "RelationSettings",
    "counts_stem",
    "default_max_tokens",
    "load_counts",
    "save_counts",
    "shards_dir",
    "write_build_facts",
]

#: Corpus tokens parsed by default: None, the whole shipped corpora (~88M tokens, about the
#: size of the written BNC the original thesauri came from). With the whole corpus the five
#: thesauri come out in the published order; at 20M αSD and Jaccard swap.
DEFAULT_MAX_TOKENS: int | None = None

#: The environment variable choosing the corpus sample of the counts the systems use: a token
#: count (`20000000`, `20M`) or `all`.
RELATIONS_TOKENS_ENV = "LEXSUB_RELATIONS_TOKENS"

def default_max_tokens() -> int | None:
    """Return the corpus sample the systems' relation counts use (None: the whole corpora).

    `LEXSUB_RELATIONS_TOKENS` when set (a number, `20M`, or `all`), else `DEFAULT_MAX_TOKENS`.

    Raises:
        LexsubError: the variable is set to something else.
    """
    value = os.environ.get(RELATIONS_TOKENS_ENV, "").strip()
    if not value:
        return DEFAULT_MAX_TOKENS
    try:
        return parse_token_budget(value)
    except LexsubError as error:
        raise LexsubError(f"{RELATIONS_TOKENS_ENV}: {error}") from None


@dataclass(frozen=True)
class RelationSettings:
    """Which corpus sample the relation counts are made from.

    Attributes:
        corpora: corpus names (`lexsub_baselines.text.corpora.CORPORA`).
        max_tokens: white-space tokens to parse (None: the whole corpora).
    """

    corpora: tuple[str, ...] = ("enwiki", "gutenberg")
    max_tokens: int | None = DEFAULT_MAX_TOKENS

    @classmethod
    def from_env(cls) -> RelationSettings:
        """Return the settings the systems use (`LEXSUB_RELATIONS_TOKENS`)."""
        return cls(max_tokens=default_max_tokens())

    def inputs(self) -> tuple[str, ...]:
        """Return the inputs the counts are made from: the corpora, and Kilgarriff's BNC list
        (the adjectives read as such where the tagger says NOUN: `relations`)."""
        return (*corpus_inputs(self.corpora), "bnc-kilgarriff-lemmas")

    def key(self, roots: Roots, parser_key: str) -> str:
        """Return the cache key of counts made with these settings and that parser (its
        content identity: `parser.ParserModel.key`), by this code, from the corpora."""
        return computation_key(None, "relations", code=(), corpora=list(self.corpora),
                               max_tokens=self.max_tokens,
                               shards=self.shard_key(roots, parser_key))

    def shard_key(self, roots: Roots, parser_key: str) -> str:
        """Return the key of the checkpointed shards: as `key`, but without the budget.

        A shard is a corpus file (or its first words), the same in every budget's plan. The
        code is that of the parse and the relation extraction (`distributional.build` and
        what it imports: the cleaners, the relations, the lemmatizer); the inputs are the
        corpora's content (`inputs.keys.computation_key`).
        """
        return computation_key(roots, "relation-shards",
                               code=("lexsub_baselines.distributional.build",),
                               inputs=self.inputs(), parser=parser_key,
                               lemmatizer=LEMMATIZER_VERSION)

    def label(self) -> str:
        """Return `enwiki+gutenberg:all` or `enwiki+gutenberg:20M`."""
        size = "all" if self.max_tokens is None else f"{self.max_tokens / 1e6:g}M"
        return f"{'+'.join(self.corpora)}:{size}"


def counts_stem(roots: Roots, parser_key: str, settings: RelationSettings) -> Path:
    """Return the cache stem (`.npz` + `.json`) of the counts for `settings` and the parser,
    on these corpus files (their content is in the key)."""
    return roots.cache / "relations" / f"gr-{settings.key(roots, parser_key)}"


def shards_dir(roots: Roots, parser_key: str, settings: RelationSettings) -> Path:
    """Return the folder of the checkpointed shards (shared by builds of any token budget),
    of these corpus files (a corpus downloaded again is parsed again)."""
    return roots.cache / "relations" / f"shards-{settings.shard_key(roots, parser_key)}"


def save_counts(counts: FeatureCounts, stem: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """Write the final counts with `meta` (a task); return the build's facts.

    The facts (words parsed, parse seconds summed over the shards, words/s per worker
    process, matrix size) are not written with the counts, so that the counts are
    byte-identical whatever ran them; `write_build_facts` puts them beside.
    """
    words = int(counts.meta.get("words", 0))
    parsed, seconds = counts.meta.get("parsed_words", 0), counts.meta.get("parse_seconds", 0.0)
    final = FeatureCounts(counts.words, counts.features, counts.matrix,
                          {**meta, "words": words})
    final.save(stem)
    return {"words": words, "parsed_words": int(parsed),
            "parse_seconds": round(float(seconds), 1),
            "words_per_second_per_process": round(parsed / seconds) if seconds else None,
            "rows": len(final.words), "features": len(final.features),
            "nonzeros": int(final.matrix.nnz)}


def write_build_facts(stem: Path, facts: dict[str, Any]) -> None:
    """Write how the counts at `stem` were built (time, engine, throughput) beside them."""
    atomic_write_text(stem.with_suffix(".build.json"),
                      json.dumps(facts, indent=1, sort_keys=True) + "\n")


def load_counts(roots: Roots, parser_key: str, settings: RelationSettings) -> FeatureCounts:
    """Return the cached counts.

    Raises:
        MissingResourceError: not built yet (`lexsub build relations` builds them).
    """
    stem = counts_stem(roots, parser_key, settings)
    counts = FeatureCounts.load(stem)
    if counts is None:
        raise MissingResourceError(f"relation counts ({settings.label()})",
                                   stem.with_suffix(".npz"), "run `lexsub build relations`")
    return counts


@dataclass(frozen=True)
class GrFrequency:
    """The `gr` frequency source: how many relation occurrences a lemma is the target of.

    This mirrors the frequencies of McCarthy & Navigli (2007), "collected from grammatical
    relations obtained from the BNC": c(lemma, pos) is the row sum of the relation counts.
    """

    totals: dict[tuple[str, str], float]
    name: str = "gr"

    @classmethod
    def from_counts(cls, counts: FeatureCounts) -> GrFrequency:
        """Return the source of a count matrix's row sums."""
        sums = counts.word_totals()
        return cls({word: float(sums[i]) for i, word in enumerate(counts.words)})

    def count(self, lemma: str, pos: str) -> float | None:
        """Return c(lemma, pos); 0.0 for a lemma in no relation, None for a multiword."""
        if " " in lemma.strip():
            return None
        from lexsub_baselines.resources.frequency import normalise_pos

        return self.totals.get((lemma.lower(), normalise_pos(pos)), 0.0)
