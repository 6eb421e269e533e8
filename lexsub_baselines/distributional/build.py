"""Parse the corpora with the project's parser and count grammatical-relation features.

The corpora (`lexsub_baselines.corpora.iter_paragraphs`: English Wikipedia and Project
Gutenberg, alternating files) are cut into shards of `shard_paragraphs` paragraphs. Worker
processes (each with its own copy of the parser, started with `spawn`) parse a shard with
`nlp.pipe` and return its relation counts (`relations.extract_relations`), so only counts,
never Docs, cross process boundaries. Each finished shard is written atomically and sealed
under `<cache>/relations/shards-<key>/` (the key leaves out the token budget), so an interrupted
build resumes where it stopped and a larger build reuses a smaller one's shards (counts for
5M, 10M, 20M tokens cost one parse of 20M); the counts are assembled into a `FeatureCounts`
saved atomically at the end. The shards are kept (about 1.6 MB per million tokens).

The counts are cached under `<cache>/relations/gr-<key>` where the key hashes the corpus names,
`max_tokens`, the parser's key and `RELATIONS_VERSION`. This is the stand-in for the RASP-parsed
written BNC of McCarthy & Navigli (2007).
"""

from __future__ import annotations

import gzip
import multiprocessing as mp
import os
import resource
import sys
import time
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from lexsub_baselines.cache import atomic_path, cache_key, seal, verified
from lexsub_baselines.corpora import CLEANER_VERSION, iter_paragraphs, parse_token_budget
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.parser import (
    FULL_TRAINING,
    ParserModel,
    TrainingSettings,
    ensure_parser,
    load_parser,
)
from lexsub_baselines.distributional.relations import (
    RELATIONS_VERSION,
    GrTriple,
    adjective_lexicon,
    count_relations,
)
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.paths import Roots

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "RELATIONS_TOKENS_ENV",
    "BuildSettings",
    "GrFrequency",
    "build_counts",
    "counts_from_triples",
    "counts_stem",
    "default_max_tokens",
    "gr_counts",
    "relation_lexicon",
    "shards_dir",
    "split_long",
]

#: Corpus tokens parsed by default: about 20 minutes with 2 processes on this kind of machine
#: (~17k words/s; scripts/bench_parse.py); `--full` parses everything (~88M tokens). Chosen for
#: closeness to the original's ~90M-word BNC within a practical cold run; on the trial data
#: 20M beat 10M and 5M on mean oot recall of the five thesauri (14.07 / 12.83 / 13.26;
#: scripts/relations_by_size.py), not on mean best (5.27 / 5.85 / 5.57), which few of the
#: 300 trial items decide.
DEFAULT_MAX_TOKENS = 20_000_000

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

#: spaCy refuses texts over `nlp.max_length` characters; longer paragraphs are cut (at a
#: sentence end when there is one) into pieces of at most this many characters.
MAX_CHARS = 20_000

#: Pipeline components not needed for relations (the PTB tagger; UPOS comes from the
#: morphologizer).
_UNUSED = ("tagger",)


@dataclass(frozen=True)
class BuildSettings:
    """What to parse and how.

    Attributes:
        corpora: corpus names (`lexsub_baselines.corpora.CORPORA`).
        max_tokens: white-space tokens to parse (None: the whole corpora).
        n_process: worker processes (1: parse in this process).
        batch_size: texts per `nlp.pipe` batch.
        shard_paragraphs: paragraphs per checkpointed shard.
    """

    corpora: tuple[str, ...] = ("enwiki", "gutenberg")
    max_tokens: int | None = DEFAULT_MAX_TOKENS
    n_process: int = 2
    batch_size: int = 64
    shard_paragraphs: int = 2000

    def key(self, parser_key: str) -> str:
        """Return the cache key of counts made with these settings and that parser.

        Process count, batch and shard sizes do not change the counts, so they are left out.
        """
        return cache_key(corpora=list(self.corpora), max_tokens=self.max_tokens,
                         parser=parser_key, relations=RELATIONS_VERSION,
                         cleaner=CLEANER_VERSION)

    def shard_key(self, parser_key: str) -> str:
        """Return the key of the checkpointed shards: as `key`, but without the token budget.

        The paragraph stream does not depend on the budget (it only stops sooner), so shard i
        holds the same paragraphs in every build; a larger build reuses a smaller one's shards.
        """
        return cache_key(corpora=list(self.corpora), parser=parser_key,
                         relations=RELATIONS_VERSION, cleaner=CLEANER_VERSION,
                         shard_paragraphs=self.shard_paragraphs)


def counts_stem(roots: Roots, model: ParserModel, settings: BuildSettings) -> Path:
    """Return the cache stem (`.npz` + `.json`) of the counts for `settings` and `model`."""
    return roots.cache / "relations" / f"gr-{settings.key(model.key)}"


def shards_dir(roots: Roots, model: ParserModel, settings: BuildSettings) -> Path:
    """Return the folder of the checkpointed shards (shared by builds of any token budget)."""
    return roots.cache / "relations" / f"shards-{settings.shard_key(model.key)}"


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


def _shards(paragraphs: Iterable[str], size: int) -> Iterator[list[str]]:
    shard: list[str] = []
    for paragraph in paragraphs:
        shard.extend(split_long(paragraph))
        if len(shard) >= size:
            yield shard
            shard = []
    if shard:
        yield shard


def _words(texts: Sequence[str]) -> int:
    return sum(text.count(" ") + 1 for text in texts)


# -- worker side -------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(model: ParserModel, batch_size: int, adjectives: frozenset[str]) -> None:
    _WORKER["nlp"] = load_parser(model, disable=_UNUSED)
    _WORKER["batch_size"] = batch_size
    _WORKER["adjectives"] = adjectives


def _parse_shard(texts: list[str]) -> Counter[GrTriple]:
    nlp = _WORKER["nlp"]
    return count_relations(nlp.pipe(texts, batch_size=_WORKER["batch_size"]),
                           _WORKER["adjectives"])


def relation_lexicon(roots: Roots) -> frozenset[str]:
    """Return the adjectives read as such where the tagger says NOUN (`relations` module doc).

    Raises:
        MissingResourceError: Kilgarriff's BNC list is absent from the shared root.
    """
    from lexsub_baselines.resources.frequency_lists import KilgarriffFrequency

    return adjective_lexicon(KilgarriffFrequency.from_roots(roots).table)


# -- shard files -------------------------------------------------------------------------------

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


# -- assembling ---------------------------------------------------------------------------------

class _Accumulator:
    """Sums triple counts into a sparse matrix with integer ids (no per-triple Python objects).

    Rows and columns get ids in order of first sight; `result` sorts both label lists, so the
    matrix does not depend on the order the shards arrive in.
    """

    _COLLAPSE_AT = 5_000_000  # pending entries before they are summed into the matrix

    def __init__(self) -> None:
        self.words: dict[tuple[str, str], int] = {}
        self.features: dict[tuple[str, str], int] = {}
        self.parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self.pending = 0
        self.matrix = sp.csr_matrix((0, 0), dtype=np.float64)

    def add(self, counts: Counter[GrTriple]) -> None:
        size = len(counts)
        rows, cols = np.empty(size, np.int64), np.empty(size, np.int64)
        data = np.empty(size, np.float64)
        words, features = self.words, self.features
        for i, (triple, count) in enumerate(counts.items()):
            rows[i] = words.setdefault((triple.lemma, triple.pos), len(words))
            cols[i] = features.setdefault((triple.relation, triple.other), len(features))
            data[i] = count
        self.parts.append((rows, cols, data))
        self.pending += size
        if self.pending >= self._COLLAPSE_AT:
            self._collapse()

    def _collapse(self) -> None:
        shape = (len(self.words), len(self.features))
        old = self.matrix.tocoo()
        rows = np.concatenate([old.row.astype(np.int64), *(p[0] for p in self.parts)])
        cols = np.concatenate([old.col.astype(np.int64), *(p[1] for p in self.parts)])
        data = np.concatenate([old.data, *(p[2] for p in self.parts)])
        self.matrix = sp.coo_matrix((data, (rows, cols)), shape=shape).tocsr()
        self.matrix.sum_duplicates()
        self.parts, self.pending = [], 0

    def result(self, meta: dict[str, Any]) -> FeatureCounts:
        self._collapse()
        words = sorted(self.words)
        features = sorted(self.features)
        row_order = np.fromiter((self.words[w] for w in words), np.int64, len(words))
        col_order = np.fromiter((self.features[f] for f in features), np.int64, len(features))
        matrix = self.matrix[row_order][:, col_order].tocsr()
        matrix.sort_indices()
        return FeatureCounts(words=tuple(words), features=tuple(features), matrix=matrix,
                             meta=meta)


def counts_from_triples(counts: Counter[GrTriple], meta: dict[str, Any]) -> FeatureCounts:
    """Return the `FeatureCounts` of triple counts, rows and columns sorted (deterministic)."""
    accumulator = _Accumulator()
    accumulator.add(counts)
    return accumulator.result(meta)


def _progress(total: int | None, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, unit="word", unit_scale=True, desc="parsing corpora",
                disable=not enabled, file=sys.stderr, dynamic_ncols=True, smoothing=0.1)


def build_counts(
    roots: Roots,
    model: ParserModel,
    settings: BuildSettings = BuildSettings(),
    *,
    progress: bool = True,
    paragraphs: Iterable[str] | None = None,
) -> FeatureCounts:
    """Parse the corpora and return their relation counts, cached (built when absent).

    Arguments:
        roots: corpora and cache locations.
        model: the trained parser.
        settings: corpora, token budget and parallelism.
        progress: show a tqdm bar (words/second) on stderr.
        paragraphs: parse these texts instead of the corpora (tests); the result is not
            cached then.

    Returns:
        The counts; `meta` records the corpora, token budget, parser key, words parsed,
        seconds, words/second and the build's peak memory.

    Raises:
        MissingResourceError: a corpus folder is absent.
        LexsubError: a worker failed.
    """
    stem = counts_stem(roots, model, settings)
    if paragraphs is None and (cached := FeatureCounts.load(stem)) is not None:
        return cached
    shard_dir = shards_dir(roots, model, settings) if paragraphs is None else None
    source = paragraphs if paragraphs is not None else iter_paragraphs(
        roots, settings.corpora, settings.max_tokens)
    started = time.perf_counter()
    total = _Accumulator()
    parsed_words = 0
    done_words = 0
    with _progress(settings.max_tokens if paragraphs is None else None, progress) as bar:
        shards = _run_shards(source, model, settings, shard_dir, relation_lexicon(roots))
        for counts, words, fresh in shards:
            total.add(counts)
            done_words += words
            parsed_words += words if fresh else 0
            bar.update(words)
    result = total.result({})
    seconds = time.perf_counter() - started
    result.meta.update({
        "corpora": list(settings.corpora) if paragraphs is None else ["<given texts>"],
        "max_tokens": settings.max_tokens,
        "parser": model.key,
        "relations": RELATIONS_VERSION,
        "words": done_words,
        "seconds": round(seconds, 1),
        "words_per_second": round(parsed_words / seconds) if seconds > 0 else None,
        "n_process": settings.n_process,
        "peak_rss_mb": _peak_rss_mb(),
    })
    if paragraphs is None:
        result.save(stem)
    return result


def _peak_rss_mb() -> dict[str, float]:
    """Return the peak resident memory (MB) of this process and of its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"main": round(own, 1), "largest_worker": round(children, 1)}


def _run_shards(
    source: Iterable[str], model: ParserModel, settings: BuildSettings, shard_dir: Path | None,
    adjectives: frozenset[str],
) -> Iterator[tuple[Counter[GrTriple], int, bool]]:
    """Yield (counts, words, freshly parsed) per shard, in corpus order, reusing saved shards."""
    def saved(index: int, texts: list[str]) -> Path | None:
        # The paragraph count tells a budget-cut last shard from the full one of a larger build.
        if shard_dir is None:
            return None
        return shard_dir / f"shard-{index:06d}-{len(texts)}.tsv.gz"

    if settings.n_process <= 1:
        _init_worker(model, settings.batch_size, adjectives)
        for index, texts in enumerate(_shards(source, settings.shard_paragraphs)):
            path = saved(index, texts)
            if path is not None and verified(path):
                yield (*_read_shard(path), False)
                continue
            counts, words = _parse_shard(texts), _words(texts)
            if path is not None:
                _write_shard(path, counts, words)
            yield counts, words, True
        return
    context = mp.get_context("spawn")
    window = 2 * settings.n_process
    with context.Pool(settings.n_process, _init_worker,
                      (model, settings.batch_size, adjectives)) as pool:
        pending: deque[tuple[int, Path | None, int, Any]] = deque()

        def finish() -> tuple[Counter[GrTriple], int, bool]:
            index, path, words, job = pending.popleft()
            try:
                counts: Counter[GrTriple] = job.get()
            except Exception as error:  # a worker's failure, re-raised as ours
                raise LexsubError(f"parsing shard {index} failed: {error!r}") from error
            if path is not None:
                _write_shard(path, counts, words)
            return counts, words, True

        for index, texts in enumerate(_shards(source, settings.shard_paragraphs)):
            path = saved(index, texts)
            if path is not None and verified(path):
                while pending:  # keep corpus order
                    yield finish()
                yield (*_read_shard(path), False)
                continue
            pending.append((index, path, _words(texts),
                            pool.apply_async(_parse_shard, (texts,))))
            if len(pending) >= window:
                yield finish()
        while pending:
            yield finish()


def gr_counts(
    roots: Roots,
    max_tokens: int | str | None = "default",
    *,
    corpora: tuple[str, ...] = ("enwiki", "gutenberg"),
    n_process: int = 2,
    parser: TrainingSettings = FULL_TRAINING,
    progress: bool = True,
) -> FeatureCounts:
    """Return the grammatical-relation counts of the corpora, training/parsing as needed.

    This is the `gr` frequency source's data: c(lemma, pos) is a row sum, the number of
    relation occurrences the lemma takes part in as the target word.

    Arguments:
        roots: corpora and cache locations.
        max_tokens: corpus tokens to parse (None: everything; "default": `default_max_tokens()`).
        corpora: corpus names.
        n_process: parser processes.
        parser: the parser's training settings (the full parser by default).
        progress: show progress bars on stderr.
    """
    model = ensure_parser(roots, parser)
    tokens = default_max_tokens() if max_tokens == "default" else max_tokens
    if isinstance(tokens, str):
        raise LexsubError(f"max_tokens must be a number, None or 'default', not {tokens!r}")
    settings = BuildSettings(corpora=corpora, max_tokens=tokens, n_process=n_process)
    return build_counts(roots, model, settings, progress=progress)


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
