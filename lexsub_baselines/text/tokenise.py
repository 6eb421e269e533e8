"""Tokenise corpus text the way the SemEval-2007 Task 10 contexts are tokenised.

The task's contexts (`lexsub_trial.xml`, `lexsub_test.xml`) are in a Penn-Treebank-like
tokenisation: clitics split off (`did n't`, `Zeldman 's`, `they 're`), punctuation separated
(`, . ; : ! ? ( ) [ ] "`), `--` and `...` as tokens, straight double quotes kept as `"` (not
PTB's ```` `` ````/`''`), hyphenated words and abbreviations with inner periods kept whole
(`back-end`, `U.S.`, `e.g.`, `Mr.`). An n-gram model only helps if its training text looks like
the text it scores, so the corpus is tokenised the same way, one sentence per line.

This is our own regular-expression tokeniser (its code is part of the LM's cache key, through
`inputs.code_identity`); it is not a port of any other tokeniser. Differences from the task's
text that remain: the task data has a few mojibake tokens (`itÃ¢Â€Â™s`) that no corpus contains.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = [
    "normalise_token",
    "split_sentences",
    "tokenise",
    "tokenise_paragraph",
]

#: Bump when the output of `tokenise` or `split_sentences` changes (it keys the LM cache).

# Characters mapped before tokenising: curly quotes and primes to ASCII, dashes to "--".
_TRANSLATE = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2014": " -- ", "\u2013": " -- ", "\u2026": " ... ", "\u00a0": " ",
})

# Abbreviations that keep their final period (besides single letters and words with an inner
# period such as U.S., e.g., a.m., which are kept by rule).
_ABBREVIATIONS = frozenset({
    "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "gen", "gov", "sen", "rep", "col", "lt",
    "sgt", "capt", "cmdr", "adm", "rev", "hon", "messrs", "mt", "ft", "vs", "etc", "inc", "ltd",
    "co", "corp", "bros", "no", "vol", "ch", "fig", "pp", "ed", "eds", "jan", "feb", "mar",
    "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "approx", "dept", "est",
})

# One pass over the text: URLs/e-mails, numbers with separators, words with inner apostrophes
# or hyphens or periods, clitics, multi-character punctuation, then any other single character.
_TOKEN = re.compile(
    r"""
    (?:https?://|www\.)\S+[^\s.,;:!?)\]"']       # URLs (trailing punctuation left out)
  | [\w.+-]+@[\w-]+(?:\.[\w-]+)+                   # e-mail addresses
  | \d+(?:[.,:/]\d+)+                               # 3.5  20,000  2:57  12/31/04
  | (?:[^\W\d_]\.){2,}                              # U.S.  e.g.  a.m.
  | \w+(?=n't\b)                                    # did|n't  (the clitic comes next)
  | n't\b | 's\b | 're\b | 've\b | 'm\b | 'll\b | 'd\b     # clitics, PTB style
  | \w+(?:[-'&/]\w+)*(?:\.(?!\.))?                   # back-end O'Neill AT&T and/or (+ period)
  | \.{2,} | -{2,} | [?!]+                          # ... -- ?!
  | \S                                              # any other character on its own
    """,
    re.VERBOSE,
)

_CLITIC_PREFIX = re.compile(r"(?i)^(\w+)(n't|'s|'re|'ve|'m|'ll|'d)$")
_SENTENCE_END = frozenset({".", "!", "?", "...", "?!", "!?", "!!", "??"})
_CLOSERS = frozenset({'"', "'", ")", "]", "}"})
_OPENERS = frozenset({'"', "(", "[", "{"})
_UNDERSCORE_EMPHASIS = re.compile(r"(?<!\w)_+|_+(?!\w)")  # Gutenberg's _italic_ markup


def _split_final_period(token: str) -> list[str]:
    """Return `token` with a sentence period split off unless it is an abbreviation."""
    if len(token) < 2 or not token.endswith(".") or token.endswith(".."):
        return [token]
    stem = token[:-1]
    if (len(stem) == 1 and stem.isalpha()) or "." in stem:  # initials J. C.; U.S. e.g.
        return [token]
    if stem.lower() in _ABBREVIATIONS:
        return [token]
    return [stem, "."]


def tokenise(text: str) -> list[str]:
    """Return the PTB-like tokens of one piece of text (a sentence or a paragraph).

    >>> print(" ".join(tokenise("He didn't say, \\u201cDr. Smith's U.S. back-end works.\\u201d")))
    He did n't say , " Dr. Smith 's U.S. back-end works . "
    """
    text = _UNDERSCORE_EMPHASIS.sub(" ", text.translate(_TRANSLATE))
    tokens: list[str] = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        clitic = _CLITIC_PREFIX.match(token)
        if clitic and clitic.group(2).lower() != "n't":  # John's -> John 's (words may glue)
            tokens.append(clitic.group(1))
            tokens.append(clitic.group(2))
            continue
        if token.endswith("."):
            tokens.extend(_split_final_period(token))
        else:
            tokens.append(token)
    return tokens


def split_sentences(tokens: list[str]) -> Iterator[list[str]]:
    """Yield the sentences of a tokenised paragraph.

    A sentence ends at `.`, `!`, `?` or `...` (with any closing quotes or brackets that
    follow) when the next token starts with an upper-case letter, a digit or an opening
    quote or bracket. A straight `"` closes a quotation when an odd number of them came
    before it in the paragraph, and opens one otherwise.
    """
    start = 0
    i = 0
    n = len(tokens)
    quotes = 0
    while i < n:
        if tokens[i] == '"':
            quotes += 1
        elif tokens[i] in _SENTENCE_END:
            end = i + 1
            while end < n and tokens[end] in _CLOSERS:
                if tokens[end] == '"':
                    if quotes % 2 == 0:  # an opening quote: the next sentence's
                        break
                    quotes += 1
                end += 1
            if end >= n:
                break
            following = tokens[end]
            if following[0].isupper() or following[0].isdigit() or following in _OPENERS:
                yield tokens[start:end]
                start = end
                i = end
                continue
            i = end
            continue
        i += 1
    if start < n:
        yield tokens[start:]


def tokenise_paragraph(paragraph: str) -> Iterator[str]:
    """Yield the sentences of a paragraph, each as one line of space-separated tokens."""
    for sentence in split_sentences(tokenise(paragraph)):
        yield " ".join(sentence)


def normalise_token(token: str) -> str:
    """Return an instance token as the LM saw such tokens (curly quotes and dashes mapped).

    The task's tokens are already split; only characters are mapped, and a token that the
    mapping turns into white space becomes `--` or `...` as in `tokenise`.
    """
    mapped = token.translate(_TRANSLATE).strip()
    return mapped.split()[0] if mapped else token


def tokenised_lines(paragraphs: Iterable[str]) -> Iterator[str]:
    """Yield one tokenised sentence per line for every paragraph."""
    for paragraph in paragraphs:
        yield from tokenise_paragraph(paragraph)
