"""Relation extraction on hand-annotated Docs, and assembling counts into FeatureCounts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.build import GrFrequency, counts_from_triples, split_long
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.relations import GrTriple, count_relations, extract_relations

VOCAB = spacy.blank("en").vocab


def doc(rows: list[tuple[str, str, str, int, str]]) -> Doc:
    """Build a parsed Doc from (word, lemma, UPOS, head index, deprel) rows."""
    words, lemmas, pos, heads, deps = zip(*rows, strict=True)
    return Doc(VOCAB, words=list(words), lemmas=list(lemmas), pos=list(pos), heads=list(heads),
               deps=list(deps))


def triples(parsed: Doc) -> set[tuple[str, str, str, str]]:
    return {(t.lemma, t.pos, t.relation, t.other) for t in extract_relations(parsed)}


def test_object_subject_and_adjective_modifier() -> None:
    parsed = doc([
        ("People", "people", "NOUN", 1, "nsubj"),
        ("drink", "drink", "VERB", 1, "ROOT"),
        ("cold", "cold", "ADJ", 3, "amod"),
        ("beer", "beer", "NOUN", 1, "obj"),
        (".", ".", "PUNCT", 1, "punct"),
    ])
    assert triples(parsed) == {
        ("people", "n", "subj_of", "drink"), ("drink", "v", "subj", "people"),
        ("beer", "n", "amod", "cold"), ("cold", "a", "amod_of", "beer"),
        ("beer", "n", "obj_of", "drink"), ("drink", "v", "obj", "beer"),
    }


def test_passive_subject_counts_as_object_and_agent_is_ignored() -> None:
    parsed = doc([
        ("The", "the", "DET", 1, "det"),
        ("Beer", "Beer", "NOUN", 3, "nsubj:pass"),
        ("was", "be", "AUX", 3, "aux:pass"),
        ("drunk", "drink", "VERB", 3, "ROOT"),
        ("by", "by", "ADP", 5, "case"),
        ("students", "student", "NOUN", 3, "obl:agent"),
    ])
    assert triples(parsed) == {("beer", "n", "obj_of", "drink"), ("drink", "v", "obj", "beer")}


def test_proper_nouns_and_pronouns_are_skipped_predicative_adjectives_kept() -> None:
    parsed = doc([
        ("John", "John", "PROPN", 1, "nsubj"),
        ("likes", "like", "VERB", 1, "ROOT"),
        ("it", "it", "PRON", 1, "obj"),
    ])
    assert triples(parsed) == set()
    copular = doc([
        ("beer", "beer", "NOUN", 2, "nsubj"),
        ("is", "be", "AUX", 2, "cop"),
        ("cold", "cold", "ADJ", 2, "ROOT"),
    ])
    assert triples(copular) == {("cold", "a", "pred_of", "beer"), ("beer", "n", "pred", "cold")}


def test_lexicon_reads_adjectives_the_tagger_called_nouns() -> None:
    modifier = doc([
        ("two", "two", "NUM", 2, "nummod"),
        ("acute", "acute", "NOUN", 2, "compound"),
        ("angles", "angle", "NOUN", 2, "ROOT"),
    ])
    predicate = doc([
        ("competition", "competition", "NOUN", 2, "nsubj"),
        ("was", "be", "AUX", 2, "cop"),
        ("stiff", "stiff", "NOUN", 2, "ROOT"),
    ])
    noun_position = doc([
        ("acute", "acute", "NOUN", 1, "nsubj"),
        ("hurts", "hurt", "VERB", 1, "ROOT"),
    ])
    lexicon = frozenset({"acute", "stiff"})
    assert triples(modifier) == {("angle", "n", "nn", "acute")}  # the tags as they are
    assert {(t.lemma, t.pos, t.relation, t.other)
            for t in extract_relations(modifier, lexicon)} == {
        ("angle", "n", "amod", "acute"), ("acute", "a", "amod_of", "angle")}
    assert {(t.lemma, t.pos, t.relation, t.other)
            for t in extract_relations(predicate, lexicon)} == {
        ("stiff", "a", "pred_of", "competition"), ("competition", "n", "pred", "stiff")}
    assert {(t.lemma, t.pos, t.relation, t.other)
            for t in extract_relations(noun_position, lexicon)} == {
        ("acute", "n", "subj_of", "hurt"), ("hurt", "v", "subj", "acute")}


@pytest.mark.shared
def test_the_bnc_lexicon_holds_the_adjectives_ewt_lacks(shared: Roots) -> None:
    from lexsub_baselines.distributional.build import relation_lexicon

    lexicon = relation_lexicon(shared)
    assert {"acute", "stiff", "tender", "bright", "major"} <= lexicon
    assert not {"key", "light", "standard", "angle"} & lexicon  # nouns too, or nouns only
    assert 500 < len(lexicon) < 2000


def test_noun_modifiers_compound_and_prepositional() -> None:
    parsed = doc([
        ("beer", "beer", "NOUN", 1, "compound"),
        ("bottles", "bottle", "NOUN", 1, "ROOT"),
        ("of", "of", "ADP", 3, "case"),
        ("wine", "wine", "NOUN", 1, "nmod"),
        ("company", "company", "NOUN", 6, "nmod:poss"),
        ("'s", "'s", "PART", 4, "case"),
        ("profit", "profit", "NOUN", 1, "appos"),
    ])
    assert triples(parsed) == {
        ("bottle", "n", "nn", "beer"), ("bottle", "n", "nmod:of", "wine"),
        ("profit", "n", "nmod:poss", "company"),
    }


def test_adverbs_of_adjectives_and_verbs() -> None:
    parsed = doc([
        ("runs", "run", "VERB", 0, "ROOT"),
        ("very", "very", "ADV", 2, "advmod"),
        ("fast", "fast", "ADV", 0, "advmod"),
        ("and", "and", "CCONJ", 5, "cc"),
        ("really", "really", "ADV", 5, "advmod"),
        ("happy", "happy", "ADJ", 0, "conj"),
    ])
    # "very" modifies an adverb: no relation for adverb heads in the design's list
    assert triples(parsed) == {
        ("fast", "r", "advmod_of_v", "run"),
        ("happy", "a", "advmod", "really"), ("really", "r", "advmod_of_a", "happy"),
    }


def test_lemmas_without_letters_are_skipped() -> None:
    parsed = doc([("ate", "eat", "VERB", 0, "ROOT"), ("42", "42", "NOUN", 0, "obj")])
    assert triples(parsed) == set()


def test_counts_assemble_sorted_and_round_trip(tmp_path: Path) -> None:
    counts = Counter({
        GrTriple("beer", "n", "obj_of", "drink"): 3,
        GrTriple("wine", "n", "obj_of", "drink"): 2,
        GrTriple("beer", "n", "amod", "cold"): 1,
        GrTriple("drink", "v", "obj", "beer"): 3,
    })
    built = counts_from_triples(counts, {"corpora": ["test"]})
    assert built.words == (("beer", "n"), ("drink", "v"), ("wine", "n"))
    assert built.features == (("amod", "cold"), ("obj", "beer"), ("obj_of", "drink"))
    assert built.matrix[0, 2] == 3 and built.matrix[0, 0] == 1 and built.matrix[2, 2] == 2
    assert list(built.word_totals()) == [4.0, 3.0, 2.0]
    built.save(tmp_path / "gr")
    loaded = FeatureCounts.load(tmp_path / "gr")
    assert loaded is not None and loaded.words == built.words
    assert (loaded.matrix != built.matrix).nnz == 0
    assert count_relations([]) == Counter()


def test_gr_frequency_is_the_row_sum() -> None:
    built = counts_from_triples(Counter({GrTriple("beer", "n", "obj_of", "drink"): 3,
                                         GrTriple("beer", "n", "amod", "cold"): 1,
                                         GrTriple("cold", "a", "amod_of", "beer"): 1}), {})
    source = GrFrequency.from_counts(built)
    assert source.name == "gr"
    assert source.count("beer", "n") == 4.0
    assert source.count("Beer", "n") == 4.0
    assert source.count("cold", "s") == 1.0  # WordNet's satellite adjective
    assert source.count("beer", "v") == 0.0
    assert source.count("cold beer", "n") is None


@pytest.mark.parametrize(("text", "limit", "pieces"), [
    ("short text", 100, ["short text"]),
    ("One two. Three four.", 12, ["One two.", "Three four."]),
    ("aaaa bbbb cccc", 8, ["aaaa", "bbbb", "cccc"]),
    ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
])
def test_split_long(text: str, limit: int, pieces: list[str]) -> None:
    assert split_long(text, limit) == pieces
    assert all(len(piece) <= limit for piece in split_long(text, limit))


def test_gr_is_a_registered_frequency_source() -> None:
    from lexsub_baselines.catalog import FREQUENCY_SOURCES

    assert "gr" in FREQUENCY_SOURCES


def test_build_command_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_baselines.cli import main

    assert main(["build", "relations", "--corpora", "enwiki,bnc"]) == 2
    assert "unknown corpus 'bnc'; known: enwiki, gutenberg" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["build", "relations", "--max-tokens", "0"])
    assert "not a token count: '0'" in capsys.readouterr().err


def test_relations_sample_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.distributional.build import (
        DEFAULT_MAX_TOKENS,
        RELATIONS_TOKENS_ENV,
        default_max_tokens,
    )

    monkeypatch.delenv(RELATIONS_TOKENS_ENV, raising=False)
    assert default_max_tokens() == DEFAULT_MAX_TOKENS
    for value, expected in (("20M", 20_000_000), ("150k", 150_000), ("1_000", 1000),
                            ("all", None)):
        monkeypatch.setenv(RELATIONS_TOKENS_ENV, value)
        assert default_max_tokens() == expected
    monkeypatch.setenv(RELATIONS_TOKENS_ENV, "lots")
    with pytest.raises(LexsubError, match="LEXSUB_RELATIONS_TOKENS"):
        default_max_tokens()
