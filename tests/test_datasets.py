"""The data layer: lenient XML reading, gold reading, the dataset registry."""

from __future__ import annotations

import pytest
from lemminflect import getAllInflections

from lexsub_baselines.core.errors import DataFormatError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets import load_dataset, split_lexelt
from lexsub_baselines.datasets.gold import parse_gold_line, read_gold
from lexsub_baselines.datasets.semeval_xml import decode_entities, parse_semeval_xml


def test_split_lexelt_takes_the_last_pos_tag() -> None:
    assert split_lexelt("bar.n.v") == ("bar", "v")
    assert split_lexelt("wild.a.n") == ("wild", "n")
    assert split_lexelt("bright.a") == ("bright", "a")


def test_entities_with_a_space_before_the_semicolon_are_decoded() -> None:
    assert decode_entities("a&#8211 ;b &#8220;c&#8221 ; d&apos;e") == "a–b “c” d'e"
    assert decode_entities("x&#150;y") == "x–y"  # windows-1252 code point


def test_parse_locates_the_target_and_keeps_tokens() -> None:
    text = (
        '<corpus><lexelt item="bar.n.v"><instance id="7"><context>They <head>barred</head> '
        "the door&#8211 ; twice .</context></instance></lexelt></corpus>"
    )
    (instance,) = list(parse_semeval_xml(text))
    assert (instance.id, instance.lemma, instance.pos) == ("7", "bar", "v")
    assert instance.target == "barred"
    assert instance.tokens[instance.target_index] == "barred"
    assert instance.right == ("the", "door–", "twice", ".")


def test_instance_without_head_is_skipped_with_a_warning() -> None:
    text = ('<lexelt item="a.n">\n<instance id="0"><context>a <head>b</head></context>'
            '</instance>\n<instance id="1"><context>no head</context></instance></lexelt>')
    with pytest.warns(UserWarning, match=r"^x.xml:3: instance 1 has no <head>"):
        assert [i.id for i in parse_semeval_xml(text, "x.xml")] == ["0"]


def test_document_without_lexelt_is_a_clear_error() -> None:
    with pytest.raises(DataFormatError, match="no <lexelt"):
        list(parse_semeval_xml("<corpus/>", "empty.xml"))


def test_gold_line_parsing_keeps_raw_entries() -> None:
    expected = ("side.n", "302", ("for us 1", "ally 1"))
    assert parse_gold_line("side.n 302 :: for us 1;ally 1;") == expected
    assert parse_gold_line("garbage") is None


def test_gold_reader_warns_on_bad_lines(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "gold"
    path.write_text("a.n 1 :: b 2;c 1;\nnot a line\na.n 1 :: d 9;\n", encoding="utf-8")
    with pytest.warns(UserWarning, match=r"gold:2"):
        gold = read_gold(path.read_bytes(), str(path))
    assert gold["1"].entries == (("b", 2), ("c", 1))  # first line per id wins
    assert gold["1"].total == 3


def test_missing_file_names_path_and_remedy(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dataset = load_dataset("semeval2007-test", resolve_roots(tmp_path, tmp_path, tmp_path))
    with pytest.raises(MissingResourceError, match="LEXSUB_DATA_ROOT") as error:
        dataset.instances()
    assert "lexsub_test.xml" in str(error.value)
    assert "run `lexsub fetch semeval2007` to download it" in str(error.value)


def test_unknown_dataset_lists_known_ones(roots: Roots) -> None:
    with pytest.raises(UnknownNameError, match="semeval2007-trial"):
        load_dataset("semeval2008", roots)


@pytest.mark.parametrize(("name", "count", "gold_count"),
                         [("semeval2007-trial", 300, 300), ("semeval2007-test", 1710, 1703)])
def test_all_real_instances_load_with_their_target(shared: Roots, name: str, count: int,
                                                    gold_count: int) -> None:
    dataset = load_dataset(name, shared)
    instances = dataset.instances()
    assert len(instances) == count
    assert len({i.id for i in instances}) == count
    assert dataset.instance_ids() == {i.id for i in instances}  # the scorer's ids, unparsed
    assert len(dataset.gold()) == gold_count
    for instance in instances:
        assert instance.pos in "nvar"
        target = instance.tokens[instance.target_index].lower()
        # the head is an inflected form of the lemma (lemminflect knows the irregular ones:
        # told, thought) or a derived spelling sharing its stem (brighter, lightly)
        forms = {f.lower() for fs in getAllInflections(instance.lemma).values() for f in fs}
        assert target in forms | {instance.lemma} or target.startswith(instance.lemma[:3]), instance


def test_real_trial_instance_one(shared: Roots) -> None:
    first = load_dataset("semeval2007-trial", shared).instances()[0]
    assert (first.id, first.lexelt, first.target) == ("1", "bright.a", "bright")
    assert first.left[-3:] == ("who", "was", "a")

