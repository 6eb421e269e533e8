"""The EWT parser: reading CoNLL-U, a tiny real training run, caching, the lookup lemmatizer.

The full parser takes ~10 minutes and is built by the `parser` build stage; here a tiny one
(500 EWT sentences, 60 updates) goes through the same training, evaluation, caching and parsing
code. The corpus count build on a cluster is tested in `test_builds.py`.
"""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest

from lexsub_baselines.core.cache import folder_digest
from lexsub_baselines.core.errors import DataFormatError, MissingResourceError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.distributional.lemmatizer import lemma_of
from lexsub_baselines.distributional.parser import (
    ParserModel,
    TrainingSettings,
    load_parser,
    parser_dir,
    read_conllu_docs,
    train_parser,
)

TINY = TrainingSettings(max_steps=60, eval_frequency=60, train_sentences=500, eval_sentences=100)

CONLLU = """# sent_id = 1
# text = I don't drink beer.
1	I	I	PRON	PRP	Case=Nom	4	nsubj	_	_
2-3	don't	_	_	_	_	_	_	_	_
2	do	do	AUX	VBP	Mood=Ind	4	aux	_	_
3	n't	not	PART	RB	_	4	advmod	_	_
4	drink	drink	VERB	VB	VerbForm=Inf	0	root	_	_
5	beer	beer	NOUN	NN	Number=Sing	4	obj	_	SpaceAfter=No
5.1	drunk	drink	VERB	VBN	_	_	_	4:conj	_
6	.	.	PUNCT	.	_	4	punct	_	_

"""


@pytest.fixture(scope="module")
def tiny_roots(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Roots:
    """The shared roots with a private, empty cache."""
    return resolve_roots(shared.shared, shared.data, tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def tiny(tiny_roots: Roots) -> ParserModel:
    """A parser trained for a few seconds on 500 EWT sentences."""
    return train_parser(tiny_roots, TINY, quiet=True)


def test_read_conllu_keeps_syntactic_words(tmp_path: Path) -> None:
    path = tmp_path / "tiny.conllu.xz"
    with lzma.open(path, "wt", encoding="utf-8") as handle:
        handle.write(CONLLU)
    (doc,) = read_conllu_docs(CONLLU)
    assert [t.text for t in doc] == ["I", "do", "n't", "drink", "beer", "."]
    assert [t.head.i for t in doc] == [3, 3, 3, 3, 3, 3]
    assert doc[4].dep_ == "obj" and doc[4].pos_ == "NOUN" and doc[4].tag_ == "NN"
    assert doc[2].lemma_ == "not"
    assert doc[0].morph.get("Case") == ["Nom"]
    (bare,) = read_conllu_docs(CONLLU, features=False)  # the morphologizer learns UPOS only
    assert str(bare[0].morph) == "" and bare[0].pos_ == "PRON"


def test_unreadable_treebank_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataFormatError, match=r"none\.conllu.*no CoNLL-U sentence"):
        read_conllu_docs("\n\n", where="none.conllu")


def test_missing_treebank_names_the_file(tmp_path: Path) -> None:
    roots = resolve_roots(tmp_path, tmp_path / "data", tmp_path / "cache")
    with pytest.raises(MissingResourceError, match=r"en_ewt-ud-train\.conllu\.xz"):
        parser_dir(roots)


@pytest.mark.slow
def test_tiny_parser_is_trained_scored_and_cached(tiny: ParserModel, tiny_roots: Roots) -> None:
    final, _ = parser_dir(tiny_roots, TINY)
    # the key downstream caches use is the model's content: the seal of its folder
    assert tiny.path == final / "model" and final.resolve().name.endswith(f".{tiny.key}")
    assert folder_digest(final.resolve()).startswith(tiny.key)
    test = tiny.scores["test"]
    for name in ("dep_uas", "dep_las", "pos_acc", "lemma_acc"):
        assert 0.0 <= test[name] <= 1.0, name
    assert test["dep_las"] <= test["dep_uas"]
    assert test["lemma_acc"] > 0.5  # the lookup gets far even with a poor tagger
    assert tiny.scores["settings"]["train_sentences"] == 500
    assert (final / "scores.json").is_file()
    # no temp dir left: the sealed folder and the link to it
    assert sorted(p.name for p in final.parent.iterdir()) == sorted(
        [final.name, final.resolve().name]) and final.is_symlink()
    stamp = (final / "model" / "meta.json").stat().st_mtime_ns
    again = train_parser(tiny_roots, TINY, quiet=True)
    assert again == tiny
    assert (final / "model" / "meta.json").stat().st_mtime_ns == stamp  # not retrained
    config = (final / "model" / "config.cfg").read_text(encoding="utf-8")
    assert "train = null" in config and ".tmp" not in config  # no trace of the build's files


def test_two_trainings_in_two_caches_give_the_same_model(tiny: ParserModel,
                                                         tiny_parser: ParserModel) -> None:
    """Training is deterministic and the saved model names no path: the checksum a run
    records for the parser is the same for every build of it."""
    from lexsub_baselines.runs.provenance import resource_fingerprint

    assert tiny.scores["settings"] == tiny_parser.scores["settings"]
    assert tiny.path != tiny_parser.path
    ours = resource_fingerprint(tiny, tiny.path.parents[2])
    theirs = resource_fingerprint(tiny_parser, tiny_parser.path.parents[2])
    assert ours is not None and theirs is not None
    assert ours.split("@")[1] == theirs.split("@")[1]


@pytest.mark.slow
def test_tiny_parser_parses_with_the_english_tokenizer(tiny: ParserModel) -> None:
    nlp = load_parser(tiny)
    doc = nlp("The students didn't drink the cold beer.")
    assert [t.text for t in doc][:4] == ["The", "students", "did", "n't"]
    assert doc.has_annotation("DEP") and doc.has_annotation("POS") and doc.has_annotation("LEMMA")


@pytest.mark.parametrize(("form", "upos", "lemma"), [
    ("saw", "VERB", "see"), ("glasses", "NOUN", "glass"), ("better", "ADJ", "good"),
    ("was", "AUX", "be"), ("earlier", "ADV", "earlier"), ("the", "DET", "the"),
    ("blorfed", "VERB", "blorf"),  # unknown words: lemminflect's rules
])
def test_lookup_lemmatizer(form: str, upos: str, lemma: str) -> None:
    assert lemma_of(form, upos) == lemma
