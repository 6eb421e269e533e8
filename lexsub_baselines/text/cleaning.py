"""The corpus cleaners: WikiExtractor and Project Gutenberg text to clean paragraphs.

What `corpora` streams (its docstring describes what each cleaner removes). What is built
from the cleaned text is keyed by the code that builds it (`inputs.code_identity`), this module
included, so a change here rebuilds what it feeds.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Iterator

__all__ = ["clean_text", "gutenberg_paragraphs", "wikiextractor_paragraphs"]

_PLACEHOLDER = re.compile(r"\b(?:formula|codice)_\d+\b")
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,200}>")
_EMPTY_PARENS = re.compile(r"\(\s*[,;]?\s*\)")
_SPACE = re.compile(r"\s+")
_GUTENBERG_START = re.compile(
    r"^\s*\*{3}\s*START OF (THE|THIS) PROJECT GUTENBERG"
    r"|^\s*\*END\*?\s*THE SMALL PRINT!"  # 1990s etexts: the licence ends where the text starts
    r"|^\s*\*+\s*SMALL PRINT! FOR __ COMPLETE SHAKESPEARE",  # World Library Shakespeare
    re.I,
)
_GUTENBERG_END = re.compile(
    r"^\s*\*{3}\s*END OF (THE|THIS) PROJECT GUTENBERG"
    r"|^\s*End of (the |this )?Project Gutenberg"
    r"|^\s*End of this Etext of",
    re.I,
)
#: Paragraphs that are licence or production notes wherever they occur.
_BOILERPLATE = re.compile(
    r"project gutenberg|gutenberg\.org|https?://|www\.|\b[\w.+-]+@[\w-]+\.[\w.]+"
    r"|transcriber|^\[illustration|^\+-{3}"  # transcriber's notes, captions, boxed notes
    r"|^<<.*>>$"  # the World Library notice repeated between scenes
    r"|^\[\"small print\" v\.",
    re.I,
)
#: Transcription credits at the head of a book ("Produced by David Widger").
_CREDITS = re.compile(
    r"^(produced by|e-?text prepared by|this e-?(text|book) was|transcribed from|prepared by"
    r"|(online )?distributed proofread)",
    re.I,
)
#: How many leading paragraphs of a book are checked for credits.
_CREDIT_WINDOW = 5


def clean_text(text: str) -> str:
    """Remove WikiExtractor residue (placeholders, stray tags, empty parentheses)."""
    text = _PLACEHOLDER.sub(" ", text)
    text = _TAG.sub(" ", text)
    text = _EMPTY_PARENS.sub(" ", text)
    return _SPACE.sub(" ", text).strip()


def wikiextractor_paragraphs(lines: Iterable[str]) -> Iterator[str]:
    """Yield the cleaned paragraphs of WikiExtractor output lines."""
    expect_title = False
    for line in lines:
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


def gutenberg_paragraphs(lines: Iterable[str], source: str = "<text>") -> Iterator[str]:
    """Yield the paragraphs of a Project Gutenberg book between its start and end markers.

    Arguments:
        lines: the book's lines.
        source: the file name, for the warning when no start marker is found.
    """
    inside = False
    kept = 0  # paragraphs seen after the start marker, for the credit window
    paragraph: list[str] = []

    def flush() -> str | None:
        nonlocal kept
        text = _SPACE.sub(" ", " ".join(paragraph)).strip()
        paragraph.clear()
        kept += 1
        if len(text.split()) < 3 or _BOILERPLATE.search(text):
            return None
        if kept <= _CREDIT_WINDOW and _CREDITS.match(text):
            return None
        return text

    for line in lines:
        if not inside:
            inside = bool(_GUTENBERG_START.match(line))
            continue
        if _GUTENBERG_END.match(line):
            break
        stripped = line.strip()
        if stripped:
            paragraph.append(stripped)
        elif paragraph and (text := flush()) is not None:
            yield text
    if paragraph and inside and (text := flush()) is not None:
        yield text
    if not inside:
        warnings.warn(f"{source}: no Project Gutenberg start marker "
                      "('*** START OF', '*END*THE SMALL PRINT!'); file skipped", stacklevel=2)
