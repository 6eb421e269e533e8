"""Unit tests of the scorer on tiny inline gold and answers: each official quirk, each fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import LexsubError, MissingResourceError, UnknownNameError
from lexsub_baselines.datasets.gold import read_gold
from lexsub_baselines.scoring import (
    ScoreRefusedError,
    build_gold,
    build_mw_gold,
    get_profile,
    parse_answer_lines,
    perl_round,
    read_answers,
    score,
    upper_bounds,
)
from lexsub_baselines.scoring.normalise import corrected_answer, official_answer, perl_split
from lexsub_baselines.scoring.subsets import further_analysis_subsets

OFFICIAL = get_profile("official")
CORRECTED = get_profile("corrected")

GOLD = """\
side.n 1 :: team 3;party 1;well-lit 1;
side.n 2 :: well-lit 3;bright 1;
bright.a 3 :: clever 2;smart 2;
bright.a 4 :: shiny 1;
quick.r 5 :: fast 1;pn 1;
quick.r 6 :: sterling 1;pn 2;happy 1;
go.v 7 :: leave 2;depart 1;
"""


@pytest.fixture
def gold_path(tmp_path: Path) -> Path:
    path = tmp_path / "gold"
    path.write_text(GOLD)
    return path


def _score(lines: list[str], gold: Path, kind: str = "best", profile: str = "official",
           **kwargs: object) -> dict[str, object]:
    report = score(lines, gold, kind, profile, warn=False, **kwargs)  # type: ignore[call-overload]
    result: dict[str, object] = report.to_json()
    return result


def test_perl_round_is_half_up_on_the_binary_value() -> None:
    # 1/32 = 3.125 %: score.pl myround gives 3.13; Python round() and printf %.2f give 3.12.
    assert perl_round(1, 32) == 313
    assert round(100 / 32, 2) == 3.12
    assert perl_round(2, 3) == 6667
    assert perl_round(0, 5) == 0
    assert perl_round(3, 0) == 0  # the original dies; we report 0


def test_official_answer_normalisation_mirrors_fixmisc() -> None:
    assert official_answer("non-alcoholic") == "nonalcoholic"
    assert official_answer("non alcoholic") == "nonalcoholic"
    assert official_answer("d'ivid'ing-line") == "divid'ing line"
    assert official_answer("Team ") == "Team "  # no lower-casing, no trimming
    assert official_answer("color") == "color"  # the spelling map is a no-op in score.pl
    assert perl_split(";a;;b;;") == ["", "a", "", "b"]


def test_corrected_answer_normalisation() -> None:
    assert corrected_answer(" Team\r") == "team"
    assert corrected_answer("Well-Lit") == "well lit"
    assert corrected_answer("organize") == "organise"
    assert corrected_answer("size") == "size"


def test_gold_items_modes_and_proper_names(gold_path: Path) -> None:
    gold = build_gold(read_gold(gold_path.read_bytes(), str(gold_path)), OFFICIAL)
    # item 4 has one response; item 5 has one after `pn` removal.
    assert list(gold.items) == ["1", "2", "3", "6", "7"]
    assert gold.items["1"].mode == "team"
    assert gold.items["3"].mode is None  # tied counts: no mode
    assert gold.items["2"].mode == "well-lit"  # the mode keeps its hyphen
    assert gold.items["2"].credit["well lit"] == gold.items["2"].credit["well-lit"] == 0.75
    assert gold.items["6"].entries == (("sterling", 1), ("happy", 1))
    assert gold.total_mode == 3


def test_best_credit_mode_and_attempted(gold_path: Path) -> None:
    got = _score(["side.n 1 :: team;party", "bright.a 3 :: clever", "x.v 7 :: nothing"],
                 gold_path)
    # item 1: (3+1)/2/5 = 0.4 ; item 3: 2/4 = 0.5 ; item 7: 0 ; Σ = 0.9
    assert got["all"] == {"total": 5, "attempted": 3, "precision": 30.0, "recall": 18.0,
                          "total_mode": 3, "attempted_mode": 2, "mode_precision": 50.0,
                          "mode_recall": 33.33}


def test_hyphenated_mode_never_matches_officially_but_does_when_corrected(
    gold_path: Path,
) -> None:
    lines = ["side.n 2 :: well-lit"]
    official = _score(lines, gold_path)["all"]
    corrected = _score(lines, gold_path, profile="corrected")["all"]
    assert isinstance(official, dict) and isinstance(corrected, dict)
    assert official["precision"] == 75.0 and official["mode_precision"] == 0.0
    assert corrected["precision"] == 75.0 and corrected["mode_precision"] == 100.0


def test_case_spaces_and_crlf_get_credit_only_when_corrected(gold_path: Path) -> None:
    lines = ["side.n 1 :: Team \r\n"]
    assert _score(lines, gold_path)["all"]["precision"] == 0.0  # type: ignore[index]
    assert _score(lines, gold_path, profile="corrected")["all"]["precision"] == 60.0  # type: ignore[index]


def test_oot_duplicates_counted_officially_once_when_corrected(gold_path: Path) -> None:
    lines = ["side.n 1 ::: team;team;team;party"]
    assert _score(lines, gold_path, "oot")["all"]["precision"] == 200.0  # type: ignore[index]
    assert _score(lines, gold_path, "oot", "corrected")["all"]["precision"] == 80.0  # type: ignore[index]


def test_oot_keeps_the_first_ten_answers(gold_path: Path) -> None:
    lines = ["side.n 1 ::: " + ";".join(["x"] * 10 + ["team"])]
    got = _score(lines, gold_path, "oot")["all"]
    assert isinstance(got, dict)
    assert got["attempted"] == 1 and got["precision"] == 0.0 and got["mode_precision"] == 0.0


def test_only_the_first_line_of_an_id_counts(gold_path: Path) -> None:
    answers = parse_answer_lines(["side.n 1 :: party", "side.n 1 :: team"], "best", OFFICIAL)
    assert [p.code for p in answers.problems] == ["duplicate-id"]
    assert _score(["side.n 1 :: party", "side.n 1 :: team"], gold_path)["all"][  # type: ignore[index]
        "precision"] == 20.0


def test_blank_answers_are_unattempted_with_a_warning(gold_path: Path) -> None:
    # score.pl would credit item 3 with the previous line's answers (`@res` is not reset).
    lines = ["side.n 1 :: team", "bright.a 3 :: "]
    answers = parse_answer_lines(lines, "best", OFFICIAL, "sys.best")
    assert [str(p) for p in answers.problems] == [
        "sys.best:2: nothing after the separator for id 3: unattempted (score.pl would re-use "
        "the previous line's answers)"]
    got = _score(lines, gold_path)["all"]
    assert isinstance(got, dict)
    assert got["attempted"] == 1 and got["attempted_mode"] == 1


def test_malformed_lines_are_reported_with_their_line(tmp_path: Path, gold_path: Path) -> None:
    system = tmp_path / "sys.best"
    system.write_bytes(b"side.n 1 :: team\ngarbage\n\nside.n  3 :: x\nbright.a 3:: clever\n")
    answers = read_answers(system, "best", OFFICIAL)
    assert answers.malformed_lines == (2, 4, 5)
    report = score(system, gold_path, "best", warn=False)
    assert report.official_text().startswith(f"Error in {system} on line 2\n")


def test_latin1_and_empty_files_do_not_raise(tmp_path: Path, gold_path: Path) -> None:
    system = tmp_path / "latin.best"
    system.write_bytes(b"side.n 1 :: caf\xe9;team\n")
    answers = read_answers(system, "best", CORRECTED)
    assert answers.lines[0].answers == ("café", "team")
    assert [p.code for p in answers.problems] == ["encoding"]
    empty = tmp_path / "empty.best"
    empty.write_bytes(b"")
    with pytest.raises(ScoreRefusedError, match="empty: no answer line: nothing to score"):
        score(empty, gold_path)  # refused, as `lexsub score` refuses it
    report = score(empty, gold_path, refuse=False, warn=False)  # its zeros, asked for
    assert report.unusable.startswith(f"{empty}: empty: no answer line: nothing to score")
    assert report.to_json()["all"]["attempted"] == 0
    assert any("no item attempted" in note for note in report.notes)


def test_missing_files_raise_missing_resource(tmp_path: Path, gold_path: Path) -> None:
    with pytest.raises(MissingResourceError, match=r"task10data\.tar\.gz"):
        score(["side.n 1 :: team"], tmp_path / "nogold")
    with pytest.raises(MissingResourceError, match=str(tmp_path / "nosys")):
        score(tmp_path / "nosys", gold_path)
    with pytest.raises(UnknownNameError, match="official"):
        score(["side.n 1 :: team"], gold_path, profile="nope")
    with pytest.raises(LexsubError, match="unknown answer kind"):
        score(["side.n 1 :: team"], gold_path, kind="top3")


def test_in_memory_answers_score_like_a_file(tmp_path: Path, gold_path: Path) -> None:
    system = tmp_path / "sys.oot"
    system.write_text("side.n 1 ::: team;party\nbright.a 3 ::: smart\n")
    from_file = score(system, gold_path, "oot", warn=False).to_json()
    from_memory = score({"1": ["team", "party"], "3": ["smart"], "7": []}, gold_path, "oot",
                        warn=False).to_json()
    assert from_file["all"] == from_memory["all"]


def test_signature_fields_and_string(gold_path: Path) -> None:
    report = score(["side.n 1 ::: team"], gold_path, "oot", "corrected", warn=False)
    fields = report.to_json()["signature_fields"]
    assert fields["measure"] == "oot" and fields["profile"] == "corrected"
    assert fields["T"] == "5" and fields["TM"] == "3" and fields["dups"] == "once"
    assert fields["gold"].startswith(f"{gold_path.parent.name}/gold#")
    assert str(report.signature).startswith("oot|profile:corrected|gold:")
    assert "dev:lowercase+trim+oot-dedupe" in str(report.signature)


def test_by_pos_splits_the_items(gold_path: Path) -> None:
    got = _score(["side.n 1 :: team", "go.v 7 :: leave"], gold_path, by_pos=True)
    by_pos = got["by_pos"]
    assert isinstance(by_pos, dict)
    assert {pos: v["total"] for pos, v in by_pos.items()} == {"n": 2, "v": 1, "a": 1, "r": 1}
    assert by_pos["v"]["precision"] == 66.67


def test_upper_bounds(gold_path: Path) -> None:
    bounds = upper_bounds(build_gold(read_gold(gold_path.read_bytes()), OFFICIAL))
    # best: (3/5 + 3/4 + 2/4 + 1/2 + 2/3) / 5
    assert bounds.best == 60.33
    assert bounds.oot_with_duplicates == 603.33
    assert bounds.oot_without_duplicates == 100.0


def test_mw_scoring_and_the_blank_line_quirk(tmp_path: Path) -> None:
    mwgold = tmp_path / "mwgold"
    mwgold.write_text("a.n 1 :: ice cream 2;ice 1;\nb.n 2 :: take off 2;\nc.n 3 :: x y 1;\n")
    items = read_gold(mwgold.read_bytes(), str(mwgold))
    assert dict(build_mw_gold(items, OFFICIAL).modes) == {"1": "ice cream", "2": "take off"}
    lines = ["a.n 1 :: ice cream", "b.n 2 :: ", "z.n 9 :: foo bar"]
    official = _score(lines, mwgold, "mw")["all"]
    corrected = _score(lines, mwgold, "mw", "corrected")["all"]
    assert official == {"mw_total": 2, "mw_found": 2, "mw_genuine": 2, "detection_precision":
                        100.0, "detection_recall": 100.0, "identification_precision": 50.0,
                        "identification_recall": 50.0}
    assert isinstance(corrected, dict) and corrected["mw_genuine"] == 1


def test_subsets_filter_items_and_entries(tmp_path: Path, gold_path: Path) -> None:
    (tmp_path / "mwids").write_text("1  well lit\n\n")
    (tmp_path / "MRsamples").write_text("bright;a.man\n")
    got = _score(["side.n 2 :: well-lit", "bright.a 3 :: clever"], gold_path, subsets=True)
    assert [k for k in got if k.isupper() or k == "all"] == ["all", "NMWT", "NMWS", "RAND",
                                                             "MAN"]
    assert got["NMWT"]["total"] == 4  # type: ignore[index]
    assert got["MAN"]["total"] == 1 and got["RAND"]["total"] == 4  # type: ignore[index]
    # NMWS: "well-lit" becomes the multiword answer "well lit", which is dropped.
    assert got["NMWS"]["attempted"] == 1  # type: ignore[index]
    subsets = further_analysis_subsets(frozenset(), frozenset())
    assert subsets[3].header("oot") == " FURTHER ANALYSIS Scoring just items selected manually"


def test_missing_subset_files_are_noted(tmp_path: Path) -> None:
    gold = tmp_path / "g"
    gold.write_text(GOLD)
    report = score(["side.n 1 :: team"], gold, subsets=True, warn=False)
    assert [b.name for b in report.blocks] == ["all", "NMWS"]
    assert any("NMWT not computed" in n for n in report.notes)


def test_cli_warns_and_exits_zero_on_bad_input(tmp_path: Path, gold_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    system = tmp_path / "bad.best"
    system.write_bytes(b"side.n 1 :: team\r\nnonsense\nside.n 1 :: party\n\xff\xfe 2 :: x\n")
    assert main(["score", str(system), str(gold_path), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["all"]["attempted"] == 1
    assert f"{system}:1: CRLF line end" in captured.err
    assert f"{system}:2: not a best answer line" in captured.err
    assert f"{system}:3: id 1 already answered on line 1" in captured.err
    assert "Traceback" not in captured.err
    assert main(["score", str(system), str(tmp_path / "missing")]) == 2
    assert "gold file not found at" in capsys.readouterr().err
