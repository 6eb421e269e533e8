"""The scorer's regular expressions: the same matches as score.pl's, in linear time.

score.pl's expressions are kept here verbatim (in Python syntax) as the reference; the
package's forms add lookbehinds and possessive quantifiers so that a long line that does not
match costs linear, not quadratic, time. Hypothesis compares the two on random lines built from
the pieces that matter (word runs, dots, spaces, colons, counts, CR, non-ASCII letters).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_baselines.scoring import score
from lexsub_baselines.scoring.normalise import _FIRST_COUNT, _GOLD_ENTRY
from lexsub_baselines.scoring.profile_clls import _EDGE_NON_WORD, _TRAILING_NON_WORD
from lexsub_baselines.scoring.profiles import LENIENT_LINES, OFFICIAL_LINES

# The reference forms (score.pl; the lenient ones as first written in this package).
PERL = {
    "best": re.compile(r"([\w.]+) (\S+) :: (.*)", re.ASCII),
    "oot": re.compile(r"([\w.]+) (\S+) ::: (.*)", re.ASCII),
    "mw": re.compile(r"([\w.]+)\s+(\d+)\s*::\s*(.*)", re.ASCII),
    "first": re.compile(r"[\w'\s-]+ (\d+)", re.ASCII),
    "entry": re.compile(r"(\w[\w'\s-]+) (\d+)", re.ASCII),
}
LENIENT = {
    "best": re.compile(r"^\s*(\S+)\s+(\S+)\s*::(?!:)\s*(.*?)\s*$"),
    "oot": re.compile(r"^\s*(\S+)\s+(\S+)\s*:::\s*(.*?)\s*$"),
    "mw": re.compile(r"^\s*(\S+)\s+(\S+)\s*::(?!:)\s*(.*?)\s*$"),
}
PIECES = ["side.n", "x", "a.b.", "301", "12", " ", "  ", "\t", "::", ":::", ":", " :: ",
          " ::: ", ";", "'", "-", "team 3", "é", "ñ", "\r", "!", "..", "_", "pn"]
lines = st.lists(st.sampled_from(PIECES), max_size=14).map("".join)


def _groups(match: re.Match[str] | None) -> tuple[str | None, ...] | None:
    return None if match is None else match.groups()


@settings(max_examples=1500, deadline=None)
@given(line=lines)
def test_official_line_patterns_match_as_perl_does(line: str) -> None:
    for kind in ("best", "oot", "mw"):
        assert _groups(OFFICIAL_LINES.for_kind(kind).search(line)) == \
            _groups(PERL[kind].search(line)), kind


@settings(max_examples=1500, deadline=None)
@given(entry=lines)
def test_gold_entry_patterns_match_as_perl_does(entry: str) -> None:
    assert _groups(_FIRST_COUNT.search(entry)) == _groups(PERL["first"].search(entry))
    assert _groups(_GOLD_ENTRY.search(entry)) == _groups(PERL["entry"].search(entry))


@settings(max_examples=1000, deadline=None)
@given(line=lines)
def test_lenient_patterns_give_the_same_answers_text(line: str) -> None:
    for kind in ("best", "oot", "mw"):
        new, old = LENIENT_LINES.for_kind(kind).search(line), LENIENT[kind].search(line)
        assert (new is None) == (old is None), kind
        if new is not None and old is not None:
            assert new.groups()[:2] == old.groups()[:2]
            assert new.group(3).strip() == old.group(3)  # the profiles strip the text


@settings(max_examples=1000, deadline=None)
@given(text=st.text(alphabet="ab_1 !.é¿?-", max_size=20))
def test_non_word_stripping_is_unchanged(text: str) -> None:
    assert _TRAILING_NON_WORD.sub("", text) == re.sub(r"\W+\Z", "", text, flags=re.ASCII)
    assert _EDGE_NON_WORD.sub("", text) == re.sub(r"^\W+|\W+\Z", "", text)


GOLD = "side.n 301 :: team 3;party 1;\nbright.a 302 :: clever 2;smart 1;\n"
LONG = 100_000


@pytest.mark.parametrize("profile", ["official", "corrected", "clls2010-official",
                                     "clls2010-corrected"])
@pytest.mark.parametrize("kind", ["best", "oot", "mw"])
def test_pathological_lines_finish_and_score(tmp_path_factory: pytest.TempPathFactory,
                                             kind: str, profile: str) -> None:
    """A 100,000-character answer, a 10,000-answer line and a long line of the wrong kind.

    Each took minutes with the plain regular expressions (quadratic backtracking); the speed
    itself is measured in scripts/bench_scorer.py.
    """
    gold = tmp_path_factory.mktemp("g") / "gold"
    gold.write_text(GOLD)
    separator = {"best": "::", "oot": ":::", "mw": "::"}[kind]
    other = ":::" if separator == "::" else "::"
    system = [
        f"side.n 301 {separator} " + "a" * LONG,
        f"bright.a 302 {separator} " + ";".join(["clever"] * 10_000),
        f"side.n 303 {other} " + "b" * LONG,  # malformed for best/oot
        "bright.a 304 " + "c!" * (LONG // 2),
    ]
    report = score(system, gold, kind, profile, warn=False)
    block = report.to_json()["all"]
    if kind == "mw":
        # score.pl's mw pattern also reads `:::` as `::` (the text is then `: bbb…`); the
        # lenient one does not
        assert block["mw_found"] == (3 if profile.endswith("official") else 2)
    else:
        assert block["total"] == 2 and block["attempted"] == 2
        # 302: every answer is `clever` (2/3): best 2/3 per item; oot keeps 10, each 2/3
        expected = 100 * (2 / 3) / 2 if kind == "best" else 100 * (10 * 2 / 3) / 2
        if profile.endswith("official"):
            assert block["recall"] == pytest.approx(expected, abs=0.005)
        malformed = [p.line for p in report.problems if p.code == "malformed"]
        assert malformed == [3, 4]
