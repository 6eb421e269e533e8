"""SemEval-2010 Task 2 (CLLS) data: registry entries, the project's fixture, encodings."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.datasets.catalog import dataset_names
from lexsub_baselines.datasets.clls import (
    CLLS_UPSTREAM_URL,
    clls_available,
    crosslingual_target,
    decode_lines,
    read_clls_gold,
)

FIXTURE_ROOT = Path(__file__).parent / "fixtures"


@pytest.fixture()
def fixture_roots(tmp_path: Path) -> Roots:
    """Roots whose data root is the made-up CLLS fixture."""
    return resolve_roots(shared=tmp_path, data=FIXTURE_ROOT, cache=tmp_path / "cache")


def test_clls_datasets_are_registered_with_upstream_and_spanish() -> None:
    assert {"clls2010-trial", "clls2010-test"} <= set(dataset_names())
    spec = load_dataset("clls2010-test", resolve_roots()).spec
    assert spec.language == "es"
    assert spec.upstream_url == CLLS_UPSTREAM_URL
    assert spec.relpath("gold") == "clls2010/test/gold"


def test_fixture_instances_read_with_the_2007_reader(fixture_roots: Roots) -> None:
    instances = load_dataset("clls2010-test", fixture_roots).instances()
    assert [i.id for i in instances] == ["1", "2", "3", "4", "5", "10", "11", "6", "7", "8", "9"]
    severely = instances[2]
    assert (severely.lexelt, severely.lemma, severely.pos) == ("severely.r", "severely", "r")
    assert severely.target == "severely"
    assert "–" in severely.tokens  # `&#8211 ;` decoded as in the 2007 files


def test_fixture_gold_keeps_accents_and_multiwords(fixture_roots: Roots) -> None:
    gold = read_clls_gold(load_dataset("clls2010-test", fixture_roots).path("gold"))
    assert len(gold) == 11
    assert gold["6"].entries == (("pequeño", 3), ("chico", 2), ("más grande", 2), ("menudo", 1))
    assert gold["9"].raw[1] == "medio-ambiente 1"
    assert gold["6"].total == 8
    # the registry's generic reader gives the same items
    assert load_dataset("clls2010-test", fixture_roots).gold()["6"].entries == gold["6"].entries


def test_trial_fixture_and_presence_detection(fixture_roots: Roots, tmp_path: Path) -> None:
    assert clls_available(fixture_roots, "trial")
    assert clls_available(fixture_roots, "test")
    target = crosslingual_target(fixture_roots)
    assert (target.dataset, target.score) == ("clls2010-test", True)
    empty = resolve_roots(shared=tmp_path, data=tmp_path, cache=tmp_path)
    assert not clls_available(empty)
    fallback = crosslingual_target(empty)
    assert (fallback.dataset, fallback.score) == ("semeval2007-test", False)
    assert "clls2010/test/clls_test.xml" in fallback.note and "\n" not in fallback.note


def test_missing_clls_data_says_where_and_how_in_one_line(tmp_path: Path) -> None:
    dataset = load_dataset("clls2010-test", resolve_roots(tmp_path, tmp_path, tmp_path))
    with pytest.raises(MissingResourceError) as error:
        dataset.instances()
    message = str(error.value)
    assert "\n" not in message
    assert "clls2010/test/clls_test.xml" in message and "LEXSUB_DATA_ROOT" in message
    assert CLLS_UPSTREAM_URL in message
    with pytest.raises(MissingResourceError, match="clls2010/test"):
        read_clls_gold(tmp_path / "clls2010" / "test" / "gold")


def test_latin1_gold_is_read_with_a_warning_naming_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "gold"
    path.write_bytes(b"a.n 1 :: lado 2;costado 1;\n"
                     + "a.n 2 :: pequeño 3;más 1;\n".encode("latin-1"))
    with pytest.warns(UserWarning, match=r"gold:2: not valid UTF-8; read as Latin-1 \(1 such"):
        gold = read_clls_gold(path)
    assert gold["2"].entries == (("pequeño", 3), ("más", 1))
    assert gold["1"].entries == (("lado", 2), ("costado", 1))


def test_decode_lines_keeps_utf8_and_cr() -> None:
    assert decode_lines("año\r\nb\n".encode(), "x") == ["año\r", "b"]
