"""Corpus readers: Gutenberg and WikiExtractor cleaners, damaged files, missing folders."""

from __future__ import annotations

import lzma
import warnings
from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.text.corpora import (
    clean_text,
    corpus_files,
    file_paragraphs,
    gutenberg_paragraphs,
    iter_paragraphs,
    parse_token_budget,
    wikiextractor_paragraphs,
)


def lines(text: str) -> list[str]:
    return [line + "\n" for line in text.split("\n")]


MODERN = """The Project Gutenberg EBook of Tales, by Someone

This eBook is for the use of anyone anywhere at no cost.

*** START OF THIS PROJECT GUTENBERG EBOOK TALES ***

Produced by Jane Doe and the Online Distributed
Proofreading Team at http://www.pgdp.net

[Illustration: A FINE PICTURE OF A HOUSE]

The house stood on
a hill above the town.

Nobody had lived in it for years.

End of the Project Gutenberg EBook of Tales, by Someone

*** END OF THIS PROJECT GUTENBERG EBOOK TALES ***

Licence text that must not appear in the output.
"""

SMALL_PRINT = """The Project Gutenberg Etext of Old Tales
*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*

The knight rode out at dawn.

End of this Project Gutenberg Etext of Old Tales
More licence text here.
"""

SMALL_PRINT_SPACED = """***START**THE SMALL PRINT!**FOR PUBLIC DOMAIN ETEXTS**START***
Why is this "Small Print!" statement here?  You know: lawyers.
*END THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.07.00*END*

The ships sailed at night.
"""

WORLD_LIBRARY = """***** SMALL PRINT! for COMPLETE SHAKESPEARE *****
Licence paragraph that must go.
****   SMALL PRINT! FOR __ COMPLETE SHAKESPEARE ****
["Small Print" V.12.08.93]

<<THIS ELECTRONIC VERSION OF THE COMPLETE WORKS OF WILLIAM
SHAKESPEARE IS COPYRIGHT 1990-1993 BY WORLD LIBRARY, INC.>>

PORTIA. The quality of mercy is not strain'd.

<<THIS ELECTRONIC VERSION OF THE COMPLETE WORKS OF WILLIAM
SHAKESPEARE IS COPYRIGHT 1990-1993 BY WORLD LIBRARY, INC.>>

SHYLOCK. I am content, and so I go.

End of this Etext of The Complete Works of William Shakespeare
The Merchant of Venice
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (MODERN, ["The house stood on a hill above the town.",
                  "Nobody had lived in it for years."]),
        (SMALL_PRINT, ["The knight rode out at dawn."]),
        (SMALL_PRINT_SPACED, ["The ships sailed at night."]),
        (WORLD_LIBRARY, ["PORTIA. The quality of mercy is not strain'd.",
                         "SHYLOCK. I am content, and so I go."]),
    ],
    ids=["modern", "small-print", "small-print-spaced", "world-library"],
)
def test_gutenberg_keeps_only_the_text(text: str, expected: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(gutenberg_paragraphs(lines(text))) == expected


def test_gutenberg_without_start_marker_warns_and_yields_nothing() -> None:
    with pytest.warns(UserWarning, match=r"book\.txt: no Project Gutenberg start marker"):
        assert list(gutenberg_paragraphs(lines("Just some text here.\n"), "book.txt")) == []


def test_wikiextractor_strips_markup() -> None:
    text = """<doc id="12" url="http://en.wikipedia.org/wiki?curid=12" title="Anarchism">
Anarchism

Anarchism is a political philosophy (formula_3) that advocates <br> stateless societies.
History.
Early anarchists wrote codice_2 many books ( ) in France.
</doc>"""
    assert list(wikiextractor_paragraphs(lines(text))) == [
        "Anarchism is a political philosophy that advocates stateless societies.",
        "Early anarchists wrote many books in France.",
    ]
    assert clean_text("a <onlyinclude>b</onlyinclude> (;) c") == "a b c"


def _write_xz(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _tmp_roots(tmp_path: Path) -> Roots:
    return Roots(shared=tmp_path, data=tmp_path / "data", cache=tmp_path / "cache")


def test_truncated_file_is_warned_about_by_name_and_skipped(tmp_path: Path) -> None:
    body = "\n\n".join(f"Paragraph number {i} has a few words." for i in range(3000))
    book = f"*** START OF THE PROJECT GUTENBERG EBOOK X ***\n\n{body}\n"
    data = lzma.compress(book.encode("utf-8"))
    _write_xz(tmp_path / "corpora/gutenberg/a-good.txt.xz", data)
    _write_xz(tmp_path / "corpora/gutenberg/b-cut.txt.xz", data[: len(data) // 2])
    with pytest.warns(UserWarning, match=r"b-cut\.txt\.xz: corrupt or truncated"):
        paragraphs = list(iter_paragraphs(_tmp_roots(tmp_path), ("gutenberg",)))
    assert paragraphs.count("Paragraph number 0 has a few words.") == 2  # both files read
    assert 3000 < len(paragraphs) < 6000  # the cut file contributed what precedes the damage


def test_missing_corpus_folder_names_it_and_the_remedy(tmp_path: Path) -> None:
    with pytest.raises(MissingResourceError) as raised:
        corpus_files(_tmp_roots(tmp_path), "enwiki")
    message = str(raised.value)
    assert "corpus enwiki" in message
    assert "corpora/enwiki-2015" in message
    assert "LEXSUB_SHARED_ROOT" in message


def test_empty_corpus_folder_is_missing_too(tmp_path: Path) -> None:
    (tmp_path / "corpora/gutenberg").mkdir(parents=True)
    with pytest.raises(MissingResourceError, match=r"\*\.txt\.xz"):
        corpus_files(_tmp_roots(tmp_path), "gutenberg")


def test_unknown_corpus_lists_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(UnknownNameError, match="enwiki, gutenberg"):
        corpus_files(_tmp_roots(tmp_path), "bnc")


# --- real files --------------------------------------------------------------------------

MERCHANT = "09264c2e68660b11180899028ec49c06491ac3cf.txt.xz"  # World Library Shakespeare
ILIAD = "1bac75c569dd09df6cd53ff0e64dee508fc0371d.txt.xz"  # `*END THE SMALL PRINT!`
FLYING_INN = "0003ccd0c88dca9fdc3af1bdd25f20489aec05ae.txt.xz"  # modern markers


def _book(shared: Roots, name: str) -> list[str]:
    path = shared.shared / "corpora" / "gutenberg" / name
    if not path.is_file():
        pytest.skip(f"{path} not present")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return list(file_paragraphs("gutenberg", path, shared))


def test_real_world_library_shakespeare(shared: Roots) -> None:
    paragraphs = _book(shared, MERCHANT)
    assert paragraphs[0] == "THE MERCHANT OF VENICE"
    assert paragraphs[-1].endswith("So sore as keeping safe Nerissa's ring. Exeunt")
    assert not [p for p in paragraphs if "ELECTRONIC VERSION" in p or "Small Print" in p]


def test_real_small_print_etext(shared: Roots) -> None:
    paragraphs = _book(shared, ILIAD)
    assert paragraphs[0] == "THE ILIAD OF HOMER"
    assert paragraphs[-1] == "Thus held they funeral for Hector tamer of horses."


def test_real_modern_book_drops_credits_and_licence(shared: Roots) -> None:
    paragraphs = _book(shared, FLYING_INN)
    assert not [p for p in paragraphs if "Gutenberg" in p or p.startswith("Produced by")]
    words = sum(len(p.split()) for p in paragraphs)
    assert 80_000 < words < 92_000  # the manifest says 91,843 with the licence


def test_every_gutenberg_book_has_a_start_marker(shared: Roots) -> None:
    """All 375 shipped books use one of the handled layouts (reads only each book's head)."""
    books = corpus_files(shared, "gutenberg")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        missing = [p.name for p in books
                   if next(file_paragraphs("gutenberg", p, shared), None) is None]
    assert missing == []


def test_max_tokens_sample_is_deterministic(shared: Roots) -> None:
    first = list(iter_paragraphs(shared, max_tokens=2000))
    assert first == list(iter_paragraphs(shared, max_tokens=2000))
    assert 2000 <= sum(len(p.split()) for p in first) < 2000 + max(len(p.split()) for p in first)
    assert first[0].startswith("Anarchism is a political philosophy")


@pytest.mark.parametrize(("text", "expected"), [
    ("20000000", 20_000_000), ("20_000_000", 20_000_000), ("20M", 20_000_000),
    ("2.5m", 2_500_000), ("500k", 500_000), (" all ", None), ("none", None)])
def test_token_budgets_parse(text: str, expected: int | None) -> None:
    assert parse_token_budget(text) == expected


@pytest.mark.parametrize("text", ["", "0", "-5", "2.5", "1e400", "infm", "nanm", "twenty", "5G"])
def test_bad_token_budgets_are_refused_by_name(text: str) -> None:
    with pytest.raises(LexsubError, match="not a token count"):
        parse_token_budget(text)

