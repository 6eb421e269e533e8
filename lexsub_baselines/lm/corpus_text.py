"""The tokenised corpus sample that the n-gram LM and the bag-of-words counts are built from.

One sentence per line, tokens separated by single spaces, tokenised like the task's contexts
(`lexsub_baselines.text.tokenise`), case kept. The sample is the first `max_tokens`
white-space tokens of `corpora.iter_paragraphs` (files alternating between the corpora, so it
is deterministic and mixes Wikipedia and Gutenberg). Cached under `<cache>/lm/` by its inputs
(corpora, max_tokens, tokeniser and corpus-cleaner versions), written atomically and sealed
with a checksum, with a small JSON sidecar of counts.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.cache import atomic_path, atomic_write_text, seal, verified
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.text.corpora import CORPORA, corpus_inputs, iter_paragraphs
from lexsub_baselines.text.tokenise import tokenise_paragraph

__all__ = ["CorpusText", "corpus_text", "corpus_text_path", "find_corpus_text"]


@dataclass(frozen=True)
class CorpusText:
    """A cached tokenised corpus sample.

    Attributes:
        path: the text file (one tokenised sentence per line).
        corpora: the corpus names it was drawn from.
        max_tokens: the white-space token budget (None: the whole corpora).
        tokens: tokens written (after tokenisation, so a little more than the budget).
        sentences: lines written.
    """

    path: Path
    corpora: tuple[str, ...]
    max_tokens: int | None
    tokens: int
    sentences: int

    @property
    def label(self) -> str:
        """Return a short description for signatures: `enwiki+gutenberg:50M`."""
        size = "all" if self.max_tokens is None else _millions(self.max_tokens)
        return f"{'+'.join(self.corpora)}:{size}"


def _millions(n: int) -> str:
    return f"{n / 1e6:g}M" if n >= 1_000_000 else str(n)


def corpus_text_path(roots: Roots, corpora: Sequence[str] = ("enwiki", "gutenberg"),
                     max_tokens: int | None = None) -> Path:
    """Return where the sample is cached (its `.json` sidecar beside it).

    Raises:
        LexsubError: an unknown corpus name, or a non-positive budget.
    """
    unknown = [name for name in corpora if name not in CORPORA]
    if unknown or not corpora:
        raise LexsubError(f"unknown corpus {', '.join(unknown) or '(none given)'}; "
                          f"known: {', '.join(CORPORA)}")
    if max_tokens is not None and max_tokens <= 0:
        raise LexsubError(f"max_tokens must be positive, not {max_tokens}")
    key = computation_key(roots, "corpus-text", code=(__name__,),
                          inputs=corpus_inputs(corpora), corpora=tuple(corpora),
                          max_tokens=max_tokens)
    return roots.cache / "lm" / f"text-{key}.txt"


def find_corpus_text(roots: Roots, corpora: Sequence[str] = ("enwiki", "gutenberg"),
                     max_tokens: int | None = None) -> CorpusText | None:
    """Return the cached sample, or None when it is not built (or fails its checksum)."""
    path = corpus_text_path(roots, corpora, max_tokens)
    meta_path = path.with_suffix(".json")
    if not (verified(path) and verified(meta_path)):
        return None
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    return CorpusText(path, tuple(corpora), max_tokens, int(meta["tokens"]),
                      int(meta["sentences"]))


def corpus_text(roots: Roots, corpora: Sequence[str] = ("enwiki", "gutenberg"),
                max_tokens: int | None = None, progress: bool = True) -> CorpusText:
    """Return the tokenised sample, building and caching it when absent (the `lm-text` task).

    Arguments:
        roots: where the corpora are and where the cache is.
        corpora: names from `lexsub_baselines.text.corpora.CORPORA`.
        max_tokens: white-space token budget; None for the whole corpora.
        progress: show a tqdm bar on stderr while tokenising.

    Raises:
        LexsubError: an unknown corpus name, or a non-positive budget.
        MissingResourceError: a corpus folder is absent.
    """
    names = tuple(corpora)
    path = corpus_text_path(roots, names, max_tokens)
    meta_path = path.with_suffix(".json")
    found = find_corpus_text(roots, names, max_tokens)
    if found is not None:
        return found

    from tqdm import tqdm

    tokens = sentences = 0
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as out, \
            tqdm(total=max_tokens, unit="tok", unit_scale=True, file=sys.stderr,
                 disable=not progress, desc="tokenising corpus") as bar:
        for paragraph in iter_paragraphs(roots, names, max_tokens):
            for line in tokenise_paragraph(paragraph):
                out.write(line)
                out.write("\n")
                tokens += line.count(" ") + 1
                sentences += 1
            bar.update(paragraph.count(" ") + 1)
    if sentences == 0:
        path.unlink(missing_ok=True)
        raise LexsubError(f"corpora {', '.join(names)} under {roots.shared} yielded no text")
    atomic_write_text(meta_path, json.dumps(
        {"corpora": names, "max_tokens": max_tokens, "code": code_digest(__name__),
         "tokens": tokens, "sentences": sentences}, indent=1, sort_keys=True) + "\n")
    seal(path)
    seal(meta_path)
    return CorpusText(path, names, max_tokens, tokens, sentences)
