"""The UD English-EWT treebank: read it into spaCy `Doc`s with gold, score a parser on it.

Also `forget_training_paths`, which leaves the saved pipeline no trace of the build's files.

The parser's training data (`distributional.parser`): `<shared>/resources/ud-english-ewt/
en_ewt-ud-{train,dev,test}.conllu.xz`.
"""

from __future__ import annotations

import lzma
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.layer import inputs

__all__ = ["EWT_INPUTS", "SPLITS", "evaluate_parser", "ewt_path", "ewt_text",
           "forget_training_paths", "read_conllu_docs", "score_model", "write_docbin"]

_EWT_FOLDER = ("resources", "ud-english-ewt")
#: The treebank's splits.
SPLITS = ("train", "dev", "test")


#: The manifest id of each split's file (`inputs.layer`).
EWT_INPUTS = {split: f"ud-ewt-{split}" for split in SPLITS}


def ewt_path(roots: Roots, split: str) -> Path:
    """Return the treebank file of `split` under the shared root (error when absent)."""
    return roots.shared_path(
        *_EWT_FOLDER, f"en_ewt-ud-{split}.conllu.xz",
        what=f"UD English-EWT {split} treebank", fetch="ud-ewt",
    )


def ewt_text(roots: Roots, split: str) -> str:
    """Return the CoNLL-U text of the treebank's `split`, read through the input layer (the
    file checked against the manifest; in a keyed build, declared).

    Raises:
        MissingResourceError: the file is absent.
        DataFormatError: it cannot be decompressed.
    """
    path = ewt_path(roots, split)
    layer = inputs(roots)
    source = layer.check(EWT_INPUTS[split])
    try:
        with layer.open(source, compression="xz", encoding="utf-8") as handle:
            text: str = handle.read()
    except (lzma.LZMAError, EOFError, UnicodeDecodeError) as error:
        raise DataFormatError(path, None, f"cannot decompress the treebank ({error})",
                              "restore the file from the UD English-EWT release") from error
    return text


def _sentences(text: str) -> Iterator[str]:
    """Yield the CoNLL-U sentence blocks of `text` (comment lines kept)."""
    block: list[str] = []
    for line in text.splitlines():
        if line.strip():
            block.append(line)
        elif block:
            yield "\n".join(block)
            block = []
    if block:
        yield "\n".join(block)


def read_conllu_docs(text: str, limit: int | None = None, n_sents: int = 10,
                     *, features: bool = True, where: str = "<conllu>") -> list[Any]:
    """Read CoNLL-U text (`ewt_text`) into spaCy `Doc`s with gold annotation.

    Multiword-token ranges ("don't" = do + n't) and enhanced empty nodes are dropped by spaCy's
    converter, so tokens are the syntactic words, as spaCy's English tokenizer splits them.

    Arguments:
        text: the treebank's text.
        limit: keep only the first `limit` sentences (None: all).
        n_sents: sentences per Doc (spaCy's `convert -n`).
        features: keep the morphological features (False: UPOS only, as the parser's
            morphologizer is trained).
        where: the file, for messages.

    Returns:
        The Docs, with tags, UPOS, morphology, lemmas, heads and dependency labels set.

    Raises:
        DataFormatError: the text holds no sentence, or is not CoNLL-U.
    """
    from spacy.training.converters import conllu_to_docs

    blocks = list(_sentences(text))
    if limit is not None:
        blocks = blocks[:limit]
    if not blocks:
        raise DataFormatError(where, None, "no CoNLL-U sentence found")
    try:
        docs = list(conllu_to_docs("\n\n".join(blocks) + "\n\n", n_sents=n_sents,
                                   no_print=True))
    except (ValueError, IndexError, KeyError) as error:
        raise DataFormatError(where, None, f"not valid CoNLL-U ({error})") from error
    if not features:
        for doc in docs:
            for token in doc:
                token.set_morph(None)
    return docs


def write_docbin(docs: list[Any], target: Path) -> None:
    """Write gold Docs as a spaCy DocBin (the training and evaluation files)."""
    from spacy.tokens import DocBin

    DocBin(docs=docs, store_user_data=False).to_disk(target)


def evaluate_parser(nlp: Any, docs: list[Any]) -> dict[str, float]:
    """Score a pipeline on gold Docs; return UAS/LAS and UPOS/lemma accuracy (0-1).

    The pipeline re-tokenises nothing: each gold Doc's words are given to it as they are.
    Lemma accuracy is over every token, as spaCy's lemmatizer scorer counts it.
    """
    from spacy.scorer import Scorer
    from spacy.tokens import Doc, DocBin
    from spacy.training import Example

    # round-trip through a DocBin so the gold Docs' strings (morph features) live in nlp.vocab
    gold = list(DocBin(docs=docs, store_user_data=False).get_docs(nlp.vocab))
    examples = [Example(Doc(nlp.vocab, words=[t.text for t in doc],
                            spaces=[bool(t.whitespace_) for t in doc]), doc) for doc in gold]
    started = time.perf_counter()
    for example, parsed in zip(examples, nlp.pipe(eg.predicted for eg in examples), strict=True):
        example.predicted = parsed
    seconds = time.perf_counter() - started
    scores = dict(Scorer(nlp).score(examples))
    scores.update(Scorer.score_token_attr(examples, "lemma"))  # our lookup has no own scorer
    scores["speed"] = sum(len(eg.predicted) for eg in examples) / max(seconds, 1e-9)
    names = ("dep_uas", "dep_las", "pos_acc", "lemma_acc", "speed")
    return {name: float(scores[name]) for name in names if scores.get(name) is not None}


def score_model(model: Path, docs: list[Any]) -> dict[str, float]:
    """Load the model at `model` (with the lookup lemmatizer) and score it on `docs`."""
    import spacy

    from lexsub_baselines.distributional.lemmatizer import add_lemmatizer

    return evaluate_parser(add_lemmatizer(spacy.load(model)), docs)


def forget_training_paths(config_path: Path) -> None:
    """Set the saved pipeline's `[paths] train/dev` to null, as in spaCy's packaged models.

    They named this build's temporary files, so two identical trainings (same weights, byte
    for byte) differed in this one file, and so did the model's checksum a run records.
    """
    from thinc.api import Config

    config = Config().from_disk(config_path, interpolate=False)
    for name in ("train", "dev"):
        if name in config.get("paths", {}):
            config["paths"][name] = None
    config.to_disk(config_path)
