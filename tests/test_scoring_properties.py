"""Property-based tests: random and corrupted answer files never break reader or scorer."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexsub_baselines.scoring import ScoreRefusedError, get_profile, parse_answer_lines, score
from lexsub_baselines.scoring.answers_reader import read_answers
from lexsub_baselines.scoring.normalise import official_answer, unchanged_test

GOLD = """\
side.n 1 :: team 3;party 1;well-lit 1;
side.n 2 :: well-lit 3;bright 1;
bright.a 3 :: clever 2;smart 2;
go.v 7 :: leave 2;depart 1;non-stop 1;
"""
WORDS = ["team", "Team", "party", "well-lit", "well lit", "clever", "smart", "leave", "x",
         "non-stop", "non stop", "d'epart", "", " ", "café"]

answer = st.sampled_from(WORDS) | st.text(max_size=12)
good_line = st.builds(
    lambda lexelt, item, sep, answers: f"{lexelt} {item} {sep} {';'.join(answers)}",
    st.sampled_from(["side.n", "bright.a", "go.v", "x.r"]),
    st.sampled_from(["1", "2", "3", "7", "99", "1"]),
    st.sampled_from(["::", ":::", ": :"]),
    st.lists(answer, max_size=14),
)
raw_line = good_line.map(lambda s: s.encode("utf-8")) | st.binary(max_size=40)
corruption = st.sampled_from([b"", b"\r", b"\xe9", b"\x00", b";", b" :: "])


@pytest.fixture(scope="module")
def gold(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("gold") / "gold"
    path.write_text(GOLD)
    return path


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.tuples(raw_line, corruption), max_size=12),
       kind=st.sampled_from(["best", "oot", "mw"]),
       profile=st.sampled_from(["official", "corrected"]))
def test_scorer_refuses_or_gives_sane_values(gold: Path, lines: list[tuple[bytes, bytes]],
                                            kind: str, profile: str) -> None:
    """Any input is refused (`ScoreRefusedError`, the line of `report.unusable`) or scored
    with sane values; nothing else is raised."""
    raw = [line + extra for line, extra in lines]
    measures = ("jabbari",) if kind != "mw" else ()
    report = score(raw, gold, kind, profile, by_pos=kind != "mw", measures=measures,
                   warn=False, refuse=False)
    if report.unusable:
        with pytest.raises(ScoreRefusedError) as refused:
            score(raw, gold, kind, profile, by_pos=kind != "mw", measures=measures, warn=False)
        assert str(refused.value) == report.unusable
    block = report.to_json()["all"]
    assert all(v >= 0 for v in block.values())
    if kind == "mw":
        assert block["mw_genuine"] <= block["mw_total"]
        assert block["detection_recall"] <= 100 and block["identification_recall"] <= 100
        if profile == "corrected":
            # `official` keeps score.pl's quirk: an empty line on a gold multiword item is a
            # genuine detection but not a found one, so detection precision can pass 100.
            assert block["mw_genuine"] <= block["mw_found"]
            assert block["detection_precision"] <= 100
    else:
        assert block["attempted"] <= block["total"] == 4
        assert block["attempted_mode"] <= block["total_mode"]
        assert block["mode_precision"] <= 100 and block["mode_recall"] <= 100
        if kind == "best":
            assert block["precision"] <= 100
        if profile == "corrected":
            assert block["precision"] <= 100  # duplicates credited once
    assert report.official_text().count("\n") >= 4
    for problem in report.problems:
        assert problem.line >= 0 and problem.path


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300), kind=st.sampled_from(["best", "oot", "mw"]),
       profile=st.sampled_from(["official", "corrected"]))
def test_reader_accounts_for_every_non_blank_line(data: bytes, kind: str, profile: str) -> None:
    lines = data.split(b"\n")
    answers = parse_answer_lines(lines, kind, get_profile(profile), "f")
    parsed = {line.line for line in answers.lines}
    malformed = set(answers.malformed_lines)
    assert not parsed & malformed
    for number, line in enumerate(lines, start=1):
        if number not in parsed and line.strip(b" \t\r\f\v"):
            assert number in malformed


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.tuples(raw_line, corruption), max_size=12), newline=st.booleans(),
       kind=st.sampled_from(["best", "oot", "mw"]),
       profile=st.sampled_from(["official", "corrected", "clls2010-official"]))
def test_a_file_reads_as_its_lines_do(tmp_path: Path, lines: list[tuple[bytes, bytes]],
                                      newline: bool, kind: str, profile: str) -> None:
    # read_answers decodes a UTF-8 file at once; parse_answer_lines decodes line by line
    data = b"\n".join(line + extra for line, extra in lines) + (b"\n" if newline else b"")
    path = tmp_path / "system"
    path.write_bytes(data)
    chosen = get_profile(profile)
    from_file = read_answers(path, kind, chosen)
    raw = data.split(b"\n")
    from_lines = parse_answer_lines(raw[:-1] if newline else raw, kind, chosen, str(path))
    assert from_file == from_lines
    assert [p.line for p in from_file.problems] == sorted(p.line for p in from_file.problems)


@settings(max_examples=300, deadline=None)
@given(answers=st.lists(st.sampled_from(WORDS) | st.text(max_size=12), max_size=10))
def test_the_official_shortcut_never_skips_a_change(answers: list[str]) -> None:
    unchanged = unchanged_test(official_answer)
    assert unchanged is not None
    if unchanged(";".join(answers)):
        assert [official_answer(a) for a in answers] == answers


def test_a_profile_with_its_own_normaliser_has_no_shortcut() -> None:
    # clls2010-official derives from official but normalises answers its own way
    clls = get_profile("clls2010-official")
    assert clls.normalise_answer is not official_answer
    assert unchanged_test(clls.normalise_answer) is None
