"""The shard plan: which corpus files, in which order and how far, a token budget reads.

A build over a corpus sample (the relation counts, the corpus counts) reads the corpus plan
(`builds.corpus`: every corpus file with its word count), takes the files of its corpora in
their reading order (`plan_for`: alternating corpora, as `corpora.iter_paragraphs` reads
them) and cuts the first `max_tokens` words into `Shard`s, one per file (`plan_shards`): the
last file of a budget is read only up to the budget, so the shards together hold exactly the
paragraphs `iter_paragraphs` yields. This code decides what such a resource holds, so it
lives here, imported by the code of each of them (`distributional.build`,
`resources.corpus_counts`), whose digest keys it (`inputs.code_identity`): a change to the
plan gives those resources new keys, and no other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.text.corpora import budgeted, corpus_plan, file_paragraphs

__all__ = ["Plan", "Shard", "plan_for", "plan_shards", "shard_plan"]

#: The corpus plan: every corpus file with its word count, by path.
Plan = dict[Path, tuple[str, Path, str, int]]


def plan_for(plan: Plan, roots: Roots, corpora: Sequence[str]
             ) -> list[tuple[str, Path, str, int]]:
    """Return the plan's files of `corpora` in their reading order (alternating corpora)."""
    return [plan[path] for _, path in corpus_plan(roots, corpora)]


def shard_plan(plan: Plan, roots: Roots, corpora: Sequence[str], max_tokens: int | None
               ) -> list[Shard]:
    """Return the shards of the first `max_tokens` words of `corpora` (None: all of them)."""
    return [replace(shard, roots=roots)
            for shard in plan_shards(plan_for(plan, roots, corpora), max_tokens)]


@dataclass(frozen=True)
class Shard:
    """One corpus file, or its first `max_words` words: a unit of work for a cluster.

    Attributes:
        index: the file's position in the reading order (`corpus_plan`).
        kind: the cleaner (`wikiextractor`, `gutenberg`).
        path: the file.
        name: the file relative to the shared root (stable across machines; used in keys).
        words: the words the shard holds.
        max_words: read only this many words of the file (the paragraph reaching it
            included), or None for the whole file.
        roots: the roots its file is read under (`shard_plan` sets them).
    """

    index: int
    kind: str
    path: Path
    name: str
    words: int
    max_words: int | None = None
    roots: Roots | None = None

    def paragraphs(self) -> Iterator[str]:
        """Yield the shard's cleaned paragraphs (read through the input layer of its roots).

        Raises:
            LexsubError: the shard was planned without roots (`plan_shards` alone).
        """
        if self.roots is None:
            raise LexsubError(f"shard {self.label} has no roots to read {self.name} from: "
                              "plan it with `shard_plan`")
        yield from budgeted(file_paragraphs(self.kind, self.path, self.roots), self.max_words)

    @property
    def label(self) -> str:
        """Return a file-name-safe label: `00012-AA-wiki_03-all`."""
        stem = self.name.replace("/", "-").removesuffix(".xz").removesuffix(".txt")
        for prefix in ("corpora-",):
            stem = stem.removeprefix(prefix)
        return f"{self.index:05d}-{stem}-{self.max_words if self.max_words else 'all'}"


def plan_shards(files: Sequence[tuple[str, Path, str, int]], max_tokens: int | None
                ) -> list[Shard]:
    """Return the shards holding the first `max_tokens` words of `files` (None: all of them).

    Arguments:
        files: (kind, path, name relative to the shared root, words) in reading order.
        max_tokens: the budget, counted as `iter_paragraphs` counts it.

    >>> files = [("gutenberg", Path(f"b{i}"), f"b{i}", 10) for i in range(3)]
    >>> [(s.name, s.words, s.max_words) for s in plan_shards(files, 25)]
    [('b0', 10, None), ('b1', 10, None), ('b2', 5, 5)]
    """
    shards: list[Shard] = []
    left = max_tokens
    for index, (kind, path, name, words) in enumerate(files):
        if left is not None and left <= 0:
            break
        if left is None or words < left:
            shards.append(Shard(index, kind, path, name, words))
            left = None if left is None else left - words
        else:  # the budget ends inside this file
            shards.append(Shard(index, kind, path, name, left, max_words=left))
            left = 0
    return shards
