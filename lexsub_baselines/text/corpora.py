"""Streaming readers for the shipped corpora, with their markup and boilerplate stripped.

- `enwiki`: WikiExtractor output (`corpora/enwiki-2015/*/wiki_NN.xz`): `<doc …>`/`</doc>` lines,
  the repeated title line, short section headings, `formula_N`/`codice_N` placeholders, stray
  tags (`<br>`, `</dl>`, `<onlyinclude>`) and empty `()` are removed.
- `gutenberg`: Project Gutenberg books (`corpora/gutenberg/*.txt.xz`). Only the text between a
  start and an end marker is kept. The 375 shipped books use three licence layouts, all handled:
  the modern `*** START OF THE PROJECT GUTENBERG EBOOK …` / `*** END OF …` (357 books), the
  1990s `*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*…` closing line (14 books, also written
  `*END THE SMALL PRINT!`), and the World Library Shakespeare etexts (4 books), whose licence
  ends with `****   SMALL PRINT! FOR __ COMPLETE SHAKESPEARE ****` and whose
  `<<THIS ELECTRONIC VERSION … >>` notice recurs between scenes. The text ends at `*** END OF`
  or at an `End of [the|this] Project Gutenberg …` / `End of this Etext of …` line, or at the
  end of the file. Paragraphs that are transcription credits ("Produced by", "E-text prepared
  by", …), transcriber's notes, `[Illustration…]` captions, and paragraphs that mention
  Project Gutenberg, a URL or an e-mail address are dropped, and
  hard-wrapped lines are joined into paragraphs. A book with no start marker is warned about
  and skipped.

Both yield paragraphs (one string each, white-space normalised). Files are visited in a fixed
order, alternating between the requested corpora, so a `max_tokens` sample is deterministic
and mixes both. A corrupt or truncated file is reported by name (a warning) and skipped from
the point of the damage; it is never fatal.

For work spread over a cluster the same sample is cut into shards, one per corpus file
(`text.shards`, from each file's word count).
"""

from __future__ import annotations

import lzma
import math
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path, PurePosixPath

from lexsub_baselines.core.errors import LexsubError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import SHARED_ENV, Roots
from lexsub_baselines.inputs.layer import inputs
from lexsub_baselines.inputs.reads import open_path
from lexsub_baselines.text.cleaning import (
    clean_text,
    gutenberg_paragraphs,
    wikiextractor_paragraphs,
)

__all__ = [
    "CORPORA",
    "CorpusSpec",
    "budgeted",
    "clean_text",
    "corpus_files",
    "corpus_inputs",
    "corpus_plan",
    "file_paragraphs",
    "file_words",
    "gutenberg_paragraphs",
    "iter_paragraphs",
    "paragraph_words",
    "parse_token_budget",
    "wikiextractor_paragraphs",
]


@dataclass(frozen=True)
class CorpusSpec:
    """A corpus under the shared root: its folder, file pattern and cleaner name."""

    name: str
    folder: str
    pattern: str
    kind: str  # "wikiextractor" or "gutenberg"
    input_id: str  # its entry in the manifest (`inputs.layer`: the one way in)


CORPORA: dict[str, CorpusSpec] = {
    "enwiki": CorpusSpec("enwiki", "corpora/enwiki-2015", "*/wiki_*.xz", "wikiextractor",
                         "corpus-enwiki-2015"),
    "gutenberg": CorpusSpec("gutenberg", "corpora/gutenberg", "*.txt.xz", "gutenberg",
                            "corpus-gutenberg"),
}


def corpus_inputs(names: Sequence[str]) -> tuple[str, ...]:
    """Return the manifest ids of the corpora `names`: what a computation over them declares.

    >>> corpus_inputs(["enwiki", "gutenberg"])
    ('corpus-enwiki-2015', 'corpus-gutenberg')
    """
    for name in names:
        if name not in CORPORA:
            raise UnknownNameError("corpus", name, sorted(CORPORA))
    return tuple(sorted(CORPORA[name].input_id for name in names))

def parse_token_budget(text: str) -> int | None:
    """Return the token count written as `20000000`, `20_000_000`, `20M`, `2.5M` or `500k`;
    None for `all` (the whole corpora).

    Raises:
        LexsubError: anything else, or a count that is not positive.

    >>> parse_token_budget("2.5M"), parse_token_budget("500k"), parse_token_budget("all")
    (2500000, 500000, None)
    """
    value = text.strip().replace("_", "").lower()
    if value in ("all", "none"):
        return None
    scale = {"k": 1_000, "m": 1_000_000}.get(value[-1:], 1)
    digits = value[:-1] if scale > 1 else value
    try:
        number = float(digits) * scale
    except ValueError:
        number = float("nan")
    if not (math.isfinite(number) and number >= 1 and number == int(number)):
        raise LexsubError(f"not a token count: {text!r} (e.g. 20000000, 20M, 2.5M or all)")
    return int(number)


_EDITED = 1


def corpus_files(roots: Roots, name: str) -> list[Path]:
    """Return the sorted files of corpus `name`, as the input layer checked them (a corpus of
    one's own, with no public download, is recorded by its digest).

    Raises:
        MissingResourceError: the corpus folder is absent or holds no corpus file.
        UnknownNameError: unknown corpus name; the message lists the known ones.
    """
    if name not in CORPORA:
        raise UnknownNameError("corpus", name, sorted(CORPORA))
    spec = CORPORA[name]
    folder = roots.shared_path(*spec.folder.split("/"), what=f"corpus {name}")
    checked = inputs(roots).check(spec.input_id) if folder.is_dir() else None
    files = [] if checked is None else sorted(
        folder / file for file, _ in checked.files if PurePosixPath(file).match(spec.pattern))
    if not files:
        raise MissingResourceError(
            f"corpus {name} (files {spec.pattern})",
            folder,
            f"point {SHARED_ENV} (or --shared-root) at a folder holding "
            f"{spec.folder}/{spec.pattern}",
        )
    return files


def corpus_plan(roots: Roots, names: Sequence[str]) -> list[tuple[str, Path]]:
    """Return (cleaner kind, file) pairs in reading order, alternating between the corpora.

    Raises:
        MissingResourceError: a corpus folder is absent or empty.
    """
    per_corpus = [[(CORPORA[n].kind, f) for f in corpus_files(roots, n)] for n in names]
    return [pair for group in zip_longest(*per_corpus) for pair in group if pair is not None]


def _lines(path: Path, roots: Roots) -> Iterator[str]:
    """Yield the lines of a corpus file, through the input layer (checked; a keyed build
    that did not declare its corpus is refused); a corrupt or truncated file is warned about
    and the rest of it skipped."""
    try:
        with open_path(path, roots, compression="xz", encoding="utf-8",
                       errors="replace") as handle:
            yield from handle
    except (lzma.LZMAError, EOFError) as error:
        warnings.warn(f"{path}: corrupt or truncated corpus file ({error}); rest of it skipped",
                      stacklevel=2)


def file_paragraphs(kind: str, path: Path, roots: Roots) -> Iterator[str]:
    """Yield the cleaned paragraphs of one corpus file read with cleaner `kind`."""
    if kind == "gutenberg":
        yield from gutenberg_paragraphs(_lines(path, roots), source=str(path))
    else:
        yield from wikiextractor_paragraphs(_lines(path, roots))


def paragraph_words(paragraph: str) -> int:
    """Return the white-space tokens of a cleaned paragraph (the unit of every budget)."""
    return paragraph.count(" ") + 1


def budgeted(paragraphs: Iterable[str], budget: int | None) -> Iterator[str]:
    """Yield paragraphs until `budget` words were yielded (the paragraph that reaches it too)."""
    left = budget if budget is not None else -1
    for paragraph in paragraphs:
        yield paragraph
        if left >= 0:
            left -= paragraph_words(paragraph)
            if left <= 0:
                return


def iter_paragraphs(
    roots: Roots,
    names: Sequence[str] = ("enwiki", "gutenberg"),
    max_tokens: int | None = None,
) -> Iterator[str]:
    """Yield cleaned paragraphs of the named corpora, alternating files between corpora.

    Arguments:
        roots: where the corpora are (`roots.shared/corpora/...`).
        names: corpus names from `CORPORA`.
        max_tokens: stop once this many white-space tokens were yielded (None: everything).

    Raises:
        MissingResourceError: a corpus folder is absent or empty (raised on first iteration).
    """
    files = (paragraph for kind, path in corpus_plan(roots, names)
             for paragraph in file_paragraphs(kind, path, roots))
    yield from budgeted(files, max_tokens)


def file_words(kind: str, path: Path, roots: Roots) -> int:
    """Return the white-space tokens of one corpus file's cleaned paragraphs."""
    return sum(paragraph_words(paragraph) for paragraph in file_paragraphs(kind, path, roots))
