"""LexSubGen's data derived from the data root: byte-equal to the files LexSubGen read.

`datasets.lexsubgen` makes LexSubGen's three files of `coinco-all` and `semeval2007-all` from
Melamud et al.'s files (nothing copied into the project); the shared vectors hold the exact
files LexSubGen read (`lexsubgen-vectors/*/lexsubgen_data`), so the derivation is checked
byte for byte, repairs included.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.lexsubgen import LEXSUBGEN_FILES, lexsubgen_files
from lexsub_baselines.scoring.lexsubgen import read_lexsubgen_data

pytestmark = [pytest.mark.shared]

_VECTORS = resolve_roots().shared / "lexsubgen-vectors"
needs_vectors = pytest.mark.skipif(not _VECTORS.is_dir(),
                                   reason="../shared/lexsubgen-vectors not found")


@needs_vectors
def test_coinco_all_is_byte_equal_to_lexsubgens_copy(shared: Roots) -> None:
    files = lexsubgen_files("coinco-all", shared)
    for role in LEXSUBGEN_FILES:
        expected = (_VECTORS / "coinco" / "lexsubgen_data" / role).read_bytes()
        assert files.file(role) == expected, role
    # the repairs LexSubGen's copy carries, each logged: two Latin-1 lines, five line repairs
    recorded = json.loads((_VECTORS / "coinco" / "datasets.json").read_text())["preparation_log"]
    assert len(files.log) == len(recorded) == 7
    assert sum("Latin-1" in line for line in files.log) == 2
    data = read_lexsubgen_data(files)
    assert len(data.instances) == 15415 and not data.without_gold


@needs_vectors
def test_semeval2007_all_gold_and_pools_are_byte_equal(shared: Roots) -> None:
    files = lexsubgen_files("semeval2007-all", shared)
    folder = _VECTORS / "semeval_all" / "lexsubgen_data"
    assert files.gold == (folder / "gold").read_bytes()
    assert files.candidates == (folder / "candidates").read_bytes()
    ours = files.sentences.decode().splitlines()
    theirs = (folder / "sentences").read_text().splitlines()
    # what the evaluation reads (lemma.pos and id) is the same on every line; Melamud et al.
    # tokenised the raw text again, so some sentences' text differs (never read by scoring)
    assert [line.split("\t")[:2] for line in ours] == [line.split("\t")[:2] for line in theirs]
    assert sum(a != b for a, b in zip(ours, theirs, strict=True)) < 0.1 * len(ours)
    data = read_lexsubgen_data(files)
    assert len(data.instances) == 2003
    assert data.without_gold == ("567", "773", "794", "804", "1298", "1886", "1937")
    assert read_lexsubgen_data(replace(files, sentences=(folder / "sentences").read_bytes())
                               ).instances == data.instances


def test_missing_data_and_bad_folders_are_one_line(tmp_path: Path) -> None:
    roots = Roots(tmp_path, tmp_path / "data", tmp_path / "cache")
    with pytest.raises(MissingResourceError) as caught:
        lexsubgen_files("coinco-all", roots)
    assert "\n" not in str(caught.value) and "coinco" in str(caught.value)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "gold").write_text("bright.a 1 :: smart 1;\n")
    with pytest.raises(LexsubError, match=r"not a LexSubGen dataset folder: sentences, "
                                          r"candidates missing"):
        lexsubgen_files(str(folder), roots)
    with pytest.raises(LexsubError, match="not 'swords-test'"):
        lexsubgen_files("swords-test", roots)


def test_missing_pools_of_semeval2007_all_name_their_fetch(shared: Roots, tmp_path: Path) -> None:
    """The trial of issue 40: `lexsub fetch scoring` does not get Melamud et al.'s pools, so
    the error scoring semeval2007-all names the input that does."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "semeval2007").symlink_to(shared.data / "semeval2007")
    roots = Roots(tmp_path, tmp_path / "data", tmp_path / "cache")
    with pytest.raises(MissingResourceError) as caught:
        lexsubgen_files("semeval2007-all", roots)
    message = str(caught.value)
    assert "\n" not in message and "lst.gold.candidates" in message
    assert "run `lexsub fetch lst-candidates` to download it" in message
    assert "make" not in message
