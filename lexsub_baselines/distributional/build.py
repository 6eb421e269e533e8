"""Parse the corpora with the project's parser and count grammatical-relation features.

The work is a map over corpus shards and a reduce of their sparse counts, run on a Dask cluster
by the `relations` stage of `lexsub_baselines.builds`; this module holds the pieces:

- `parse_shard` (a task): one shard (a corpus file, or the first words of one:
  `shards.plan_shards`) parsed with `nlp.pipe` — the parser is loaded once per worker
  process — and its relation counts (`relations.count_relations`) returned as a sorted
  `FeatureCounts`. The counts are checkpointed atomically under
  `<cache>/relations/shards-<key>/` (the key leaves out the token budget, so a larger build
  reuses a smaller one's files), and a shard found there is read, not parsed: an interrupted
  build resumes without re-parsing finished shards. A task that dies is retried by Dask and
  writes the same file, so no shard is lost or counted twice.
- `merge_counts` (a task): the sum of some shards' or partial sums' counts (`sum_counts`,
  order-independent), applied as a tree.
- `save_counts` (a task, in `relation_store` with the cache paths, `load_counts` and the
  `gr` source): the final counts, written atomically and sealed, with the build's
  facts (time, words/s, engine, memory) in a separate `.build.json` so the counts themselves are
  byte-identical whatever ran them.

The counts are cached under `<cache>/relations/gr-<key>`, the key hashing the corpus names,
the token budget, the parser's content identity, lemminflect's version and the identity of
this code and what it imports (`inputs.code_identity`: the cleaners, the relations, the
lemmatizer), beside the corpus files' content identity. This is the stand-in for the
RASP-parsed written BNC of McCarthy & Navigli (2007).
"""

from __future__ import annotations

import gzip
import time
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_path, seal, verified
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.counts import FeatureCounts, sum_counts
from lexsub_baselines.distributional.parser import ParserModel, load_parser
from lexsub_baselines.distributional.relation_store import (
    DEFAULT_MAX_TOKENS,
    RELATIONS_TOKENS_ENV,
    GrFrequency,
    RelationSettings,
    counts_stem,
    default_max_tokens,
    load_counts,
    save_counts,
    shards_dir,
    write_build_facts,
)
from lexsub_baselines.distributional.relations import (
    GrTriple,
    adjective_lexicon,
    count_relations,
)
from lexsub_baselines.text.shards import Shard

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "RELATIONS_TOKENS_ENV",
    "GrFrequency",
    "RelationSettings",
    "counts_from_triples",
    "counts_stem",
    "default_max_tokens",
    "load_counts",
    "merge_counts",
    "parse_shard",
    "relation_lexicon",
    "save_counts",
    "shards_dir",
    "split_long",
    "write_build_facts",
]

#: spaCy refuses texts over `nlp.max_length` characters; longer paragraphs are cut (at a
#: sentence end when there is one) into pieces of at most this many characters.
MAX_CHARS = 20_000

#: Texts per `nlp.pipe` batch. A shard's texts are parsed shortest first (the counts are a
#: sum, so the order changes nothing): batches of similar lengths keep the parser's batch of
#: states full to the last step (+6% words/s with 256 against 64 unsorted; bench_parse.py).
BATCH_SIZE = 256


def split_long(text: str, max_chars: int = MAX_CHARS) -> list[str]:
    """Cut `text` into pieces of at most `max_chars` characters, at ". " or a space.

    >>> split_long("One two. Three four.", 12)
    ['One two.', 'Three four.']
    """
    pieces: list[str] = []
    while len(text) > max_chars:
        cut = text.rfind(". ", 0, max_chars)
        cut = cut + 1 if cut > 0 else text.rfind(" ", 0, max_chars)
        if cut <= 0:
            cut = max_chars
        pieces.append(text[:cut].strip())
        text = text[cut:].strip()
    if text:
        pieces.append(text)
    return pieces


def relation_lexicon(roots: Roots) -> frozenset[str]:
    """Return the adjectives read as such where the tagger says NOUN (`relations` module doc).

    Raises:
        MissingResourceError: Kilgarriff's BNC list is absent from the shared root.
    """
    from lexsub_baselines.resources.frequency_lists import KilgarriffFrequency

    return adjective_lexicon(KilgarriffFrequency.from_roots(roots).table)


def counts_from_triples(counts: Counter[GrTriple], meta: dict[str, Any]) -> FeatureCounts:
    """Return the `FeatureCounts` of triple counts, rows and columns sorted (deterministic)."""
    words = sorted({(t.lemma, t.pos) for t in counts})
    features = sorted({(t.relation, t.other) for t in counts})
    word_ids = {word: index for index, word in enumerate(words)}
    feature_ids = {feature: index for index, feature in enumerate(features)}
    entries = [(word_ids[t.lemma, t.pos], feature_ids[t.relation, t.other], n)
               for t, n in counts.items()]
    return FeatureCounts(tuple(words), tuple(features),
                         _csr(entries, len(words), len(features)), meta)


def _csr(entries: list[tuple[int, int, int]], n_rows: int, n_cols: int) -> Any:
    import numpy as np
    import scipy.sparse as sp

    array = np.array(entries, dtype=np.int64).reshape(-1, 3)
    matrix = sp.csr_matrix((array[:, 2].astype(np.float64), (array[:, 0], array[:, 1])),
                           shape=(n_rows, n_cols))
    matrix.sort_indices()
    return matrix


# -- worker side ---------------------------------------------------------------------------------

@lru_cache(maxsize=2)
def _worker_parser(path: Path, key: str) -> Any:
    """Load the parser once per worker process (keyed by its folder and cache key)."""
    return load_parser(ParserModel(path=path, key=key, scores={}))


def _write_shard(path: Path, counts: Counter[GrTriple], words: int) -> None:
    with atomic_path(path) as tmp, gzip.open(tmp, "wt", encoding="utf-8", newline="\n") as out:
        out.write(f"#words\t{words}\n")
        for triple, count in sorted(counts.items()):
            out.write("\t".join((*triple, str(count))) + "\n")
    seal(path)


def _read_shard(path: Path) -> tuple[Counter[GrTriple], int]:
    counts: Counter[GrTriple] = Counter()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        words = int(handle.readline().split("\t")[1])
        for line in handle:
            lemma, pos, relation, other, count = line.rstrip("\n").split("\t")
            counts[GrTriple(lemma, pos, relation, other)] = int(count)
    return counts, words


def parse_shard(shard: Shard, model: ParserModel, folder: Path,
                adjectives: frozenset[str]) -> FeatureCounts:
    """Return the relation counts of one shard, from its checkpoint or by parsing it (a task).

    `meta` of the result: `words` in the shard, `parsed_words` and `parse_seconds` (0 when
    the checkpoint was read), summed by `merge_counts` into the build's throughput.
    """
    path = folder / f"shard-{shard.label}.tsv.gz"
    if verified(path):
        counts, words = _read_shard(path)
        return counts_from_triples(counts, {"words": words, "parsed_words": 0,
                                            "parse_seconds": 0.0})
    started = time.perf_counter()
    texts = sorted((piece for paragraph in shard.paragraphs() for piece in split_long(paragraph)),
                   key=len)
    words = sum(text.count(" ") + 1 for text in texts)
    nlp = _worker_parser(model.path, model.key)
    counts = count_relations(nlp.pipe(texts, batch_size=BATCH_SIZE), adjectives)
    seconds = time.perf_counter() - started
    _write_shard(path, counts, words)
    return counts_from_triples(counts, {"words": words, "parsed_words": words,
                                        "parse_seconds": seconds})


_SUMMED = ("words", "parsed_words", "parse_seconds")


def merge_counts(*parts: FeatureCounts) -> FeatureCounts:
    """Return the sum of shard (or partial) counts, with their words and parse time summed."""
    meta = {name: sum(part.meta.get(name, 0) for part in parts) for name in _SUMMED}
    return sum_counts(parts, meta)


