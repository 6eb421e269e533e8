"""Streaming readers for the shipped corpora, with their markup and boilerplate stripped.

- `enwiki`: WikiExtractor output (`corpora/enwiki-2015/*/wiki_NN.xz`): `<doc …>`/`</doc>` lines,
  the repeated title line, short section headings, `formula_N`/`codice_N` placeholders, stray
  tags (`<br>`, `</dl>`, `<onlyinclude>`) and empty `()` are removed.
- `gutenberg`: Project Gutenberg books (`corpora/gutenberg/*.txt.xz`): only the text between
  the `*** START OF …` (older etexts: `*END*THE SMALL PRINT!…`) and `*** END OF …` / `End of
  Project Gutenberg…` markers is kept, "Produced by" credits dropped, and
  hard-wrapped lines joined into paragraphs.

Both yield paragraphs (one string each, white-space normalised). Files are visited in a fixed
order, alternating between the requested corpora, so a `max_tokens` sample is deterministic
and mixes both. A corrupt or truncated file is reported by name (a warning) and skipped from
the point of the damage; it is never fatal.
"""

from __future__ import annotations

import lzma
import re
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path

from lexsub_baselines.paths import Roots

__all__ = ["CORPORA", "CorpusSpec", "corpus_files", "iter_paragraphs"]


@dataclass(frozen=True)
class CorpusSpec:
    """A corpus under the shared root: its folder, file pattern and cleaner name."""

    name: str
    folder: str
    pattern: str
    kind: str  # "wikiextractor" or "gutenberg"


CORPORA: dict[str, CorpusSpec] = {
    "enwiki": CorpusSpec("enwiki", "corpora/enwiki-2015", "*/wiki_*.xz", "wikiextractor"),
    "gutenberg": CorpusSpec("gutenberg", "corpora/gutenberg", "*.txt.xz", "gutenberg"),
}

_PLACEHOLDER = re.compile(r"\b(?:formula|codice)_\d+\b")
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,200}>")
_EMPTY_PARENS = re.compile(r"\(\s*[,;]?\s*\)")
_SPACE = re.compile(r"\s+")
_GUTENBERG_START = re.compile(
    r"^\s*\*{3}\s*START OF (THE|THIS) PROJECT GUTENBERG"
    r"|^\s*\*END\*THE SMALL PRINT!",  # older etexts: the licence ends where the text starts
    re.I,
)
_GUTENBERG_END = re.compile(r"^\s*\*{3}\s*END OF (THE|THIS) PROJECT GUTENBERG", re.I)
_GUTENBERG_END_LOOSE = re.compile(r"^\s*End of (the )?Project Gutenberg", re.I)


def corpus_files(roots: Roots, name: str) -> list[Path]:
    """Return the sorted files of corpus `name`.

    Raises:
        MissingResourceError: the corpus folder is absent.
        KeyError: unknown corpus name (the CLI validates names first).
    """
    spec = CORPORA[name]
    folder = roots.shared_path(*spec.folder.split("/"), what=f"corpus {name}")
    return sorted(folder.glob(spec.pattern))


def _lines(path: Path) -> Iterator[str]:
    try:
        with lzma.open(path, "rt", encoding="utf-8", errors="replace") as handle:
            yield from handle
    except (lzma.LZMAError, EOFError, OSError) as error:
        warnings.warn(f"{path}: corrupt or truncated corpus file ({error}); rest of it skipped",
                      stacklevel=2)


def clean_text(text: str) -> str:
    """Remove WikiExtractor residue (placeholders, stray tags, empty parentheses)."""
    text = _PLACEHOLDER.sub(" ", text)
    text = _TAG.sub(" ", text)
    text = _EMPTY_PARENS.sub(" ", text)
    return _SPACE.sub(" ", text).strip()


def _wikiextractor(path: Path) -> Iterator[str]:
    expect_title = False
    for line in _lines(path):
        line = line.strip()
        if line.startswith("<doc "):
            expect_title = True
            continue
        if expect_title:  # WikiExtractor repeats the title on the first line
            expect_title = False
            continue
        if not line or line == "</doc>":
            continue
        # section headings are short lines ending in "." ("History.", "Early life.")
        if line.endswith(".") and len(line.split()) <= 6 and line.count(".") == 1:
            continue
        cleaned = clean_text(line)
        if len(cleaned.split()) >= 3:
            yield cleaned


def _gutenberg(path: Path) -> Iterator[str]:
    inside = False
    seen_start = False
    paragraph: list[str] = []
    for line in _lines(path):
        if not inside:
            if _GUTENBERG_START.match(line):
                inside = seen_start = True
            continue
        if _GUTENBERG_END.match(line) or _GUTENBERG_END_LOOSE.match(line):
            break
        stripped = line.strip()
        if stripped:
            paragraph.append(stripped)
            continue
        if paragraph:
            text = _SPACE.sub(" ", " ".join(paragraph)).strip()
            paragraph = []
            if not text.lower().startswith("produced by") and len(text.split()) >= 3:
                yield text
    if paragraph and inside:
        text = _SPACE.sub(" ", " ".join(paragraph)).strip()
        if len(text.split()) >= 3:
            yield text
    if not seen_start:
        warnings.warn(f"{path}: no '*** START OF ... PROJECT GUTENBERG' marker; file skipped",
                      stacklevel=2)


_CLEANERS = {"wikiextractor": _wikiextractor, "gutenberg": _gutenberg}


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
    """
    per_corpus = [[(CORPORA[n].kind, f) for f in corpus_files(roots, n)] for n in names]
    order = [pair for group in zip_longest(*per_corpus) for pair in group if pair is not None]
    budget = max_tokens if max_tokens is not None else -1
    for kind, path in order:
        for paragraph in _CLEANERS[kind](path):
            yield paragraph
            if budget >= 0:
                budget -= paragraph.count(" ") + 1
                if budget <= 0:
                    return
