"""The `Scorer` object (issue 16.2) and the hints (16.3): fresh gold, dataset names and their
default profiles, per-item credits that add up to the official recall, hints on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import GoldItem
from lexsub_baselines.scoring import (
    Scorer,
    ScoreRefusedError,
    ScoreReport,
    SubstitutionScore,
    score,
)

FIXTURES = Path(__file__).parent / "fixtures"
CLLS_BEST = FIXTURES / "clls2010" / "systems" / "fixture.best"


def _recall(report: ScoreReport) -> float:
    assert isinstance(report.main, SubstitutionScore)
    return report.main.recall


def _item(item_id: str, lexelt: str, *entries: tuple[str, int]) -> GoldItem:
    return GoldItem(item_id, lexelt, entries, tuple(f"{s} {n}" for s, n in entries))


def test_a_changed_gold_mapping_gives_the_fresh_figure() -> None:
    """The issue's two-item example: 70.83 before the change, 37.50 after (not 70.83 again)."""
    gold = {"1": _item("1", "side.n", ("team", 3), ("party", 1)),
            "2": _item("2", "bright.a", ("clever", 2), ("smart", 1))}
    answers = {"1": ["team"], "2": ["clever"]}
    assert _recall(score(answers, gold)) == 70.83  # (3/4 + 2/3) / 2
    gold["2"] = _item("2", "bright.a", ("shiny", 2), ("smart", 1))
    assert _recall(score(answers, gold)) == 37.50  # (3/4 + 0) / 2
    # A Scorer takes a snapshot: the gold it was made with, whatever happens to the dict.
    scorer = Scorer(gold)
    gold["1"] = _item("1", "side.n", ("edge", 3), ("party", 1))
    assert _recall(scorer.score(answers)) == 37.50


def test_one_scorer_many_systems_and_per_item_credits() -> None:
    gold = {"1": _item("1", "side.n", ("team", 3), ("party", 1)),
            "2": _item("2", "bright.a", ("clever", 2), ("smart", 2)),
            "3": _item("3", "go.v", ("leave", 2), ("depart", 1))}
    scorer = Scorer(gold)
    first = scorer.score({"1": ["team", "party"], "3": ["depart"]}, "best")
    second = scorer.score({"2": ["smart"]}, "best", warn=False)
    assert scorer.gold() is scorer.gold()  # built once
    assert (_recall(first), _recall(second)) == (27.78, 16.67)
    credits = scorer.item_credits({"1": ["team", "party"], "3": ["depart"]}, "best")
    assert credits.credit == {"1": pytest.approx(0.5), "2": 0.0, "3": pytest.approx(1 / 3)}
    assert credits.bound == {"1": 0.75, "2": 0.5, "3": pytest.approx(2 / 3)}
    assert credits.normalised["1"] == pytest.approx(2 / 3) and credits.attempted == {"1", "3"}
    assert credits.first == {"1": "team", "3": "depart"}
    # the credits are the official ones: their mean over T is the printed recall
    assert round(100 * sum(credits.credit.values()) / 3, 2) == _recall(first)


@pytest.mark.shared
def test_a_dataset_name_is_a_gold(shared: Roots) -> None:
    answers = {"1": ["bright"], "2": ["clear"]}
    by_name = score(answers, "semeval2007-trial", warn=False, roots=shared)
    by_path = score(answers, shared.data / "semeval2007" / "trial" / "gold.trial", warn=False)
    assert by_name.to_json()["all"] == by_path.to_json()["all"]
    assert by_name.signature.gold.startswith("semeval2007-trial#")
    assert by_name.signature.profile == "official" and not by_name.hints


def test_a_cross_lingual_dataset_is_scored_with_its_own_profile(roots: Roots) -> None:
    fixtures = Roots(roots.shared, FIXTURES, roots.cache)
    report = score(CLLS_BEST, "clls2010-test", warn=False, roots=fixtures)
    assert report.profile == "clls2010-official" and _recall(report) == 26.17
    # The same gold given as a file is English-scored, with a hint, and the figures stay
    # the official profile's (9.00, as the issue measured).
    as_file = score(CLLS_BEST, FIXTURES / "clls2010" / "test" / "gold", warn=False)
    assert as_file.profile == "official" and _recall(as_file) == 9.00
    assert len(as_file.hints) == 1 and 'profile="clls2010-official"' in as_file.hints[0]
    assert "pequeño" in as_file.hints[0]


def test_cli_dataset_profile_and_unknown_gold(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-root", str(FIXTURES), "score", str(CLLS_BEST), "clls2010-test"]) == 0
    captured = capsys.readouterr()
    assert "recall = 26.17, precision = 29.07" in captured.out
    assert "|profile:clls2010-official|" in captured.out and "hint" not in captured.err
    assert main(["score", str(CLLS_BEST), "semeval2007-tset"]) == 2
    err = capsys.readouterr().err
    assert "semeval2007-tset: it is neither a file nor a dataset name (did you mean " \
        "semeval2007-test? semeval2007 has semeval2007-trial, semeval2007-test, " \
        "semeval2007-all; datasets: semeval2007-trial, semeval2007-test, clls2010-trial" in err
    assert ", semeval2007-all); " in err  # LexSubGen's names too
    with pytest.raises(MissingResourceError, match="coinco-dev"):
        score(CLLS_BEST, "no-such-gold")


GOLD = "side.n 1 :: team 3;party 1;\nbright.a 2 :: clever 2;smart 1;\n"


@pytest.mark.parametrize(("text", "kind", "meant"), [
    ("side.n 1 ::: team;party\nbright.a 2 ::: clever\n", "best", "oot"),
    ("side.n 1 :: team\nbright.a 2 :: clever\n", "oot", "best"),
])
def test_wrong_kind_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                         kind: str, meant: str) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    system = tmp_path / f"sys.{meant}"
    system.write_text(text)
    # the figures are score.pl's: every line an `Error in` line, nothing attempted; the
    # report says why, and `score()` and `lexsub score` refuse the file with that one line,
    # naming the keyword or the flag
    separator = ":::" if meant == "oot" else "::"
    report = score(system, gold, kind, warn=False, refuse=False)
    assert report.official_text().startswith(
        f"Error in {system} on line 1\nError in {system} on line 2\nTotal = 2, attempted = 0\n")
    assert report.hints == (f"2 lines of {system} are {meant} lines (`{separator}`) and 0 are "
                            f'{kind} lines; did you mean kind="{meant}"?',)
    with pytest.raises(ScoreRefusedError, match=f'did you mean kind="{meant}"'):
        score(system, gold, kind)
    assert main(["score", str(system), str(gold), "-t", kind]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"lexsub: error: {system}: 2 of its 2 lines are {meant} lines "
                            f"(`{separator}`), none is "
                            f"{'a' if kind == 'best' else 'an'} {kind} line: did you mean "
                            f"-t {meant}?\n")
    # the right kind: no hint
    assert main(["score", str(system), str(gold), "-t", meant]) == 0
    assert "hint" not in capsys.readouterr().err


def test_one_stray_line_of_the_other_kind_is_a_warning_not_a_hint(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The warning is shown every time the file is scored (not once per place in the code,
    as Python's warnings filter would), and names the keyword a Python caller types."""
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    said = ("<lines>:3: not an oot answer line (it has the best separator `::`); skipped; score "
            'a best file with kind="best"; an oot line is `bright.a 1 ::: luminous;shining;clear` '
            "(lexelt, id, ` ::: ` with one space each side, then the answers separated by `;`)")
    for _ in range(2):  # the same call twice, as in a loop
        report = score(["side.n 1 ::: team", "bright.a 2 ::: clever", "go.v 3 :: x"], gold,
                       "oot")
        assert not report.hints
        assert [str(message) for message in report.messages] == [f"warning: {said}"]
    assert caplog.messages == [f"lexsub: warning: {said}"] * 2


def test_english_gold_gives_no_language_hint(tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD + "cafe.n 3 :: coffee house 2;café 1;\n" * 1 +
                    "".join(f"x.n {i} :: aa 2;bb 1;\n" for i in range(10, 60)))
    report = score({"1": ["team"]}, gold, warn=False)
    assert not report.hints  # 1 line in 53 (under 2%) with a non-ASCII letter


def test_a_gold_file_is_built_once_and_again_when_it_changes(tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    answers = {"1": ["team"], "2": ["clever"]}
    assert _recall(score(answers, gold, warn=False)) == 70.83
    assert Scorer(gold).gold() is Scorer(gold).gold()  # shared between scorers of one file
    gold.write_text(GOLD.replace("clever 2", "shiny 2"))  # another size: another file state
    assert _recall(score(answers, gold, warn=False)) == 37.50
    assert Scorer(gold, "corrected").gold() is not Scorer(gold).gold()  # per profile
