"""Corpus-derived models for the in-context rankers (`lm`, `bow`, `cmlc`).

May import the layers below it: `core` to `scoring`/`engine`.

- `tokenise`: PTB-like tokenisation matching the SemEval-2007 contexts.
- `corpus_text`: the cached, tokenised corpus sample (one sentence per line).
- `model`: the Kneser-Ney n-gram model (estimate, binarise, verify, cache, load, perplexity).
- `cooccurrence`: windowed co-occurrence counts for the bag-of-words ranker.
"""

__all__: list[str] = []
