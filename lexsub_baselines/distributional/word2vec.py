"""word2vec over the project corpus, and a generator of its nearest same-PoS neighbours.

An extra, modern distributional generator beside the five classic measures (not one of the
published baselines). The model is trained with gensim on the same corpora as the relation
counts (`corpora.iter_paragraphs`), lower-cased and cut into word tokens by a simple regular
expression (letters, with inner hyphens and apostrophes; no lemmatisation, so "lights" and
"light" are separate words). A target (lemma, PoS) is looked up as its lemma, or failing that
as its most frequent inflection in the model (lemminflect); its nearest words are mapped back
to lemmas of the target's PoS with lemminflect's lexicon (`getAllLemmas`), and words that have
no reading with that PoS (or that lemminflect does not know) are dropped.

Determinism: gensim seeds the initial vectors from `seed` (not from Python's `hash` since
gensim 4), but with several worker threads the order of updates depends on thread scheduling,
so the vectors differ run to run. Training therefore uses one worker by default, which makes
the model file byte-identical run to run (at the cost of speed: about twice as slow as two
workers on this machine). `workers` is a setting and part of the cache key; choosing more
workers trades that reproducibility for speed.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from lexsub_baselines.core.cache import atomic_path, atomic_write_text, seal, verified
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.pos import UPOS_OF_POS
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.text.corpora import CORPORA, corpus_inputs

__all__ = [
    "UPOS_OF_POS",
    "Word2VecGenerator",
    "Word2VecSettings",
    "build_word2vec",
    "corpus_word2vec_generator",
    "load_word2vec",
    "tokenise",
    "train_model",
    "train_word2vec",
    "word2vec_path",
]

#: Bump when `tokenise` changes; it is part of the model's cache key.

_TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def tokenise(text: str) -> list[str]:
    """Return the lower-cased word tokens of `text` (letters, inner hyphens/apostrophes).

    >>> tokenise("The bright-eyed child's 2 LIGHTS.")
    ['the', 'bright-eyed', "child's", 'lights']
    """
    return [token.replace("’", "'") for token in _TOKEN.findall(text.lower())]


@dataclass(frozen=True)
class Word2VecSettings:
    """Corpus sample and training parameters (all part of the cache key).

    Attributes:
        corpora: corpus names (`corpora.CORPORA`).
        max_tokens: white-space tokens of corpus to read (None: all of it). The default 20M
            is read in the same file order as the parsed relation counts: the same sample as
            their default (training takes a few CPU minutes on one worker).
        vector_size, window, min_count, sg, negative, epochs, seed, workers: gensim's
            `Word2Vec` parameters (CBOW by default, gensim's own default).
    """

    corpora: tuple[str, ...] = ("enwiki", "gutenberg")
    max_tokens: int | None = 20_000_000
    vector_size: int = 100
    window: int = 5
    min_count: int = 5
    sg: int = 0
    negative: int = 5
    epochs: int = 5
    seed: int = 1
    workers: int = 1

    def key(self, roots: Roots, builder: str = "lexsub_baselines.distributional.word2vec"
            ) -> str:
        """Return the cache key of a model trained with these settings by `builder` on the
        corpora under `roots`: the builder's code (and gensim's version), the settings and
        the corpora's content (`inputs.keys.computation_key`)."""
        # a name that is no corpus of `CORPORA` names the text given to `build_word2vec`
        # (`paragraphs`, a test's): its key holds the name, the caller vouches for the text
        known = [name for name in self.corpora if name in CORPORA]
        return computation_key(roots, builder.rpartition(".")[2], code=(builder,),
                               inputs=corpus_inputs(known), settings=asdict(self))


class _EpochProgress:
    """A gensim callback showing one tqdm step per finished epoch."""

    def __init__(self, epochs: int, progress: bool) -> None:
        self.bar = tqdm(total=epochs, desc="word2vec epochs", unit="epoch", leave=False,
                        disable=not progress)

    def on_epoch_end(self, model: Any) -> None:
        self.bar.update(1)

    def __getattr__(self, name: str) -> Callable[..., None]:  # the other callback hooks
        return lambda *args, **kwargs: None


def train_word2vec(paragraphs: Iterable[str], settings: Word2VecSettings,
                   workdir: Path | None = None, progress: bool = True) -> Any:
    """Train word2vec on `paragraphs` (one sentence per paragraph) and return its vectors.

    Returns:
        gensim `KeyedVectors` (the input vectors of `train_model`'s model).
    """
    return train_model(paragraphs, settings, workdir, progress).wv


def train_model(paragraphs: Iterable[str], settings: Word2VecSettings,
                workdir: Path | None = None, progress: bool = True) -> Any:
    """Train word2vec on `paragraphs` (one sentence per paragraph) and return the model.

    The tokens are written once to a temporary file in `workdir` and streamed from there
    for every epoch. The model keeps its output vectors (`syn1neg` with negative sampling):
    the context embeddings of `distributional.embeddings`.

    Returns:
        gensim `Word2Vec`.

    Raises:
        LexsubError: no word reaches `min_count` (the corpus is too small).
    """
    from gensim.models import Word2Vec
    from gensim.models.word2vec import LineSentence

    with tempfile.TemporaryDirectory(dir=workdir, prefix=".w2v-tokens-") as tmp:
        tokens_path = Path(tmp) / "tokens.txt"
        with open(tokens_path, "w", encoding="utf-8", newline="\n") as handle:
            for paragraph in tqdm(paragraphs, desc="word2vec corpus", unit="par", leave=False,
                                  mininterval=1.0, disable=not progress):
                tokens = tokenise(paragraph)
                if tokens:
                    handle.write(" ".join(tokens) + "\n")
        model = Word2Vec(vector_size=settings.vector_size, window=settings.window,
                         min_count=settings.min_count, sg=settings.sg,
                         negative=settings.negative, seed=settings.seed,
                         workers=settings.workers)
        sentences = LineSentence(str(tokens_path))
        model.build_vocab(sentences)
        if not model.wv.index_to_key:
            raise LexsubError(f"no word occurs {settings.min_count} times in the word2vec "
                              "corpus; use more text (max_tokens) or a lower min_count")
        model.train(sentences, total_examples=model.corpus_count, epochs=settings.epochs,
                    callbacks=[_EpochProgress(settings.epochs, progress)])
    return model


def word2vec_path(roots: Roots, settings: Word2VecSettings | None = None) -> Path:
    """Return where the vectors for `settings` are cached (`word2vec/w2v-KEY.bin`)."""
    return roots.cache / "word2vec" / f"w2v-{(settings or Word2VecSettings()).key(roots)}.bin"


def build_word2vec(roots: Roots, settings: Word2VecSettings | None = None,
                   paragraphs: Iterable[str] | None = None, progress: bool = True) -> Path:
    """Train the vectors for `settings` and cache them, unless cached (the `word2vec` task).

    Arguments:
        roots: the cache (and, unless `paragraphs` is given, the corpora) location.
        settings: training settings (default `Word2VecSettings()`).
        paragraphs: the training text; None reads `settings.corpora` from the shared root.
            (When given, the caller is responsible for it matching the settings' key.)
        progress: show tqdm bars on stderr.

    Returns:
        The model file (word2vec binary format, sealed), with `w2v-KEY.json` beside it
        describing the settings and the vocabulary size.
    """
    settings = settings or Word2VecSettings()
    path = word2vec_path(roots, settings)
    if verified(path):
        return path
    if paragraphs is None:
        from lexsub_baselines.text.corpora import iter_paragraphs

        paragraphs = iter_paragraphs(roots, settings.corpora, settings.max_tokens)
    path.parent.mkdir(parents=True, exist_ok=True)
    vectors = train_word2vec(paragraphs, settings, workdir=path.parent, progress=progress)
    with atomic_path(path) as tmp:
        vectors.save_word2vec_format(str(tmp), binary=True)
    seal(path)
    atomic_write_text(path.with_suffix(".json"), json.dumps(
        {"settings": asdict(settings), "code": code_digest(__name__),
         "vocabulary": len(vectors.index_to_key)}, indent=1, sort_keys=True) + "\n")
    return path


def load_word2vec(roots: Roots, settings: Word2VecSettings | None = None) -> Any:
    """Return the cached vectors (gensim `KeyedVectors`).

    Raises:
        MissingResourceError: not built yet (`lexsub build word2vec` builds them).
    """
    from gensim.models import KeyedVectors

    path = word2vec_path(roots, settings)
    if not verified(path):
        raise MissingResourceError("word2vec vectors", path, "run `lexsub build word2vec`")
    return KeyedVectors.load_word2vec_format(str(path), binary=True)


@dataclass
class Word2VecGenerator:
    """Proposes the `k` nearest word2vec neighbours of the target that have its PoS.

    Arguments:
        vectors: gensim `KeyedVectors`, or a function returning them (called on first need).
        k: how many candidates to return.
        pool: how many nearest words to look at before the PoS filter.
    """

    vectors: Any
    k: int = 10
    pool: int = 200
    name: str = "word2vec"
    _loaded: Any = field(default=None, init=False, repr=False)

    def _vectors(self) -> Any:
        if self._loaded is None:
            self._loaded = self.vectors() if callable(self.vectors) else self.vectors
        return self._loaded

    def _key(self, lemma: str, upos: str) -> str | None:
        from lemminflect import getAllInflections

        vectors = self._vectors()
        lemma = lemma.lower()
        if lemma in vectors.key_to_index:
            return lemma
        forms = {form.lower() for group in getAllInflections(lemma, upos).values()
                 for form in group}
        present = [form for form in forms if form in vectors.key_to_index]
        return min(present, key=vectors.key_to_index.__getitem__) if present else None

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return up to `k` same-PoS neighbour lemmas, nearest first ([] when unknown)."""
        from lemminflect import getAllLemmas

        upos = UPOS_OF_POS.get(instance.pos)
        if upos is None:
            return []
        key = self._key(instance.lemma, upos)
        if key is None:
            return []
        target = instance.lemma.lower()
        seen: set[str] = {target}
        found: list[Candidate] = []
        for word, similarity in self._vectors().most_similar(key, topn=self.pool):
            lemmas = getAllLemmas(word).get(upos)
            if not lemmas or lemmas[0].lower() in seen:
                continue
            lemma = lemmas[0].lower()
            seen.add(lemma)
            found.append(Candidate(lemma, provenance=(
                ("model", "word2vec"), ("word", word), ("similarity", f"{similarity:.6g}")),
                score=float(similarity)))
            if len(found) == self.k:
                break
        return found


def corpus_word2vec_generator(roots: Roots,
                              settings: Word2VecSettings | None = None) -> Word2VecGenerator:
    """Return the registered `word2vec` generator (the model is loaded on first need)."""
    return Word2VecGenerator(lambda: load_word2vec(roots, settings))
