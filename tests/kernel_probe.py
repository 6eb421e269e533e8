"""Everything a figure's floats go through, once, on a small sample; prints the digests.

    python tests/kernel_probe.py SHARED_ROOT WORK_FOLDER [--pin] [--sentences N --steps N
                                                               --texts N]

Trains a small parser on the first EWT sentences (spaCy/thinc: BLIS matrix products, NumPy
and libm activations, the Adam updates), parses the first corpus paragraphs with it, counts
their grammatical relations, prepares the thesauri's measure space from the counts and compares
its first words (NumPy/SciPy reductions), and trains a word2vec model on the same text (gensim:
OpenBLAS's sdot/saxpy, libm's exp table). Prints one JSON object: the sha256 of the model files,
the parses, the relation counts, the measures, the word2vec vectors, and the kernels in force.
Run by tests/test_kernels.py under two kernel settings, whose digests must be equal, and by
scripts/bench_kernels.py. Nothing is cached outside WORK_FOLDER.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from itertools import islice
from pathlib import Path
from typing import Any


def _digest(*chunks: bytes) -> str:
    digest = hashlib.sha256()
    for chunk in chunks:
        digest.update(chunk)
    return digest.hexdigest()[:16]


def probe(shared: Path, work: Path, sentences: int, steps: int, texts: int) -> dict[str, Any]:
    """Return the digests (and seconds) of each stage run on the small sample."""
    import numpy as np

    from lexsub_baselines.core.cache import folder_digest as tree_sha256
    from lexsub_baselines.core.kernels import describe
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.distributional.build import counts_from_triples
    from lexsub_baselines.distributional.measures import MEASURES, MeasureSpace, compare
    from lexsub_baselines.distributional.parser import (
        TrainingSettings,
        load_parser,
        train_parser,
    )
    from lexsub_baselines.distributional.relations import count_relations
    from lexsub_baselines.distributional.word2vec import Word2VecSettings, train_model
    from lexsub_baselines.text.corpora import iter_paragraphs

    roots = resolve_roots(shared, shared / "data", work / "cache")
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    settings = TrainingSettings(max_steps=steps, eval_frequency=steps,
                                train_sentences=sentences, eval_sentences=50)
    model = train_parser(roots, settings, quiet=True)
    seconds["train"] = time.perf_counter() - started
    model_digest = tree_sha256(model.path)[:16]  # the model files (scores.json has timings)

    paragraphs = list(islice(iter_paragraphs(roots), texts))
    started = time.perf_counter()
    nlp = load_parser(model)
    docs = list(nlp.pipe(paragraphs, batch_size=64))
    seconds["parse"] = time.perf_counter() - started
    parses = "\n".join(" ".join(f"{t.text}/{t.pos_}/{t.dep_}/{t.head.i}" for t in doc)
                       for doc in docs)
    counts = count_relations(docs)
    relations = "\n".join(f"{'/'.join(k)}\t{v}" for k, v in sorted(counts.items()))

    started = time.perf_counter()
    space = MeasureSpace.from_counts(counts_from_triples(counts, {}))
    compared = [compare(space, row, MEASURES) for row in range(min(len(space), 200))]
    seconds["measures"] = time.perf_counter() - started
    measures = _digest(*(c.values.tobytes() for result in compared for c in result.values()))

    started = time.perf_counter()
    w2v = train_model(paragraphs, Word2VecSettings(min_count=2, epochs=2, max_tokens=None),
                      workdir=work, progress=False)
    seconds["word2vec"] = time.perf_counter() - started
    vectors = np.ascontiguousarray(w2v.wv.vectors)
    return {
        "model": model_digest,
        "las": model.scores["test"]["dep_las"],
        "parses": _digest(parses.encode()),
        "relations": _digest(relations.encode()),
        "relation_count": sum(counts.values()),
        "measures": measures,
        "word2vec": _digest(vectors.tobytes(), w2v.syn1neg.tobytes()),
        "kernels": describe(),
        "seconds": {name: round(value, 2) for name, value in seconds.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", type=Path)
    parser.add_argument("work", type=Path)
    parser.add_argument("--sentences", type=int, default=400)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--texts", type=int, default=120)
    parser.add_argument("--pin", action="store_true",
                        help="pin the kernels as the lexsub command does (re-executes once)")
    args = parser.parse_args()
    if args.pin:
        from lexsub_baselines.core.pinning import reexec_pinned

        reexec_pinned()
    print(json.dumps(probe(args.shared, args.work, args.sentences, args.steps, args.texts),
                     sort_keys=True))


if __name__ == "__main__":
    main()
