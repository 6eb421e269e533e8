"""score.pl on malformed gold files (issue 12.2), one row per case, both profiles.

Each row gives a gold file, a system file, what score.pl prints under `official` (worked out
from its `readgoldfile`/`readmwfile`/`scoreMW` as SCORING.md and the issue state them; the
arithmetic is in each row's comment) and what `corrected` gives instead. `GOLD` and `SYS`
stand for the files' paths in the printed text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.scoring import Scorer, score


@dataclass(frozen=True)
class Case:
    """One malformed-gold case.

    Attributes:
        name: the test id.
        gold: the gold (or mw gold) file's bytes.
        system: the system file's bytes, or a path (`/dev/null`; `DIR` for a directory).
        kind: best, oot or mw.
        official: score.pl's stdout (GOLD, SYS: the paths), or `error: <text>`.
        corrected: fields of the `corrected` profile's `all` block, or `error: <text>`.
        problems: problem codes expected in the gold (official).
    """

    name: str
    gold: bytes
    system: bytes | str
    kind: str
    official: str
    corrected: dict[str, float] | str
    problems: tuple[str, ...] = field(default=())


def _best(total: int, attempted: int, p: str, r: str, tm: int, tma: int, mp: str, mr: str
          ) -> str:
    return (f"Total = {total}, attempted = {attempted}\nprecision = {p}, recall = {r}\n"
            f"Total with mode {tm} attempted {tma}\nMode precision = {mp}, Mode recall = {mr}\n")


CASES = [
    # score.pl keeps both lines of id 1: T = 3; the item pools {team 3, party 2, side 2}
    # (the later `party 2` replaces `party 1`), H = 7; line 2's first entry `side` becomes the
    # mode and its tie with `party` deletes it, so TM = 1 + (1 - 1) + 1 = 2 with one mode left.
    # credit 3/7 + 2/3 = 1.0952: P = 1.0952/2 = 54.76, R = 1.0952/3 = 36.51; Mode 1/1, 1/2.
    # corrected: the first line wins: 3/4 + 2/3 over 2.
    Case("duplicate-id",
         b"side.n 1 :: team 3;party 1;\nside.n 1 :: side 2;party 2;\n"
         b"bright.a 2 :: clever 2;smart 1;\n",
         b"side.n 1 :: team\nbright.a 2 :: clever\n", "best",
         _best(3, 2, "54.76", "36.51", 2, 1, "100.00", "50.00"),
         {"total": 2, "precision": 70.83, "recall": 70.83, "total_mode": 2,
          "mode_recall": 100.0}, ("duplicate-id",)),
    # `x.n  1 ::` (two spaces) and `::aa` (no space) do not match `([\w.]+) (\S+) :: (.*)`:
    # score.pl skips them silently, T = 1 (item 3: 2/3). corrected reads all three lines.
    Case("lines-score.pl-skips",
         b"x.n  1 :: aa 2;bb 1\nx.n 2 ::aa 2;bb 1\nx.n 3 :: cc 2;dd 1\n",
         b"x.n 1 :: aa\nx.n 2 :: aa\nx.n 3 :: cc\n", "best",
         _best(1, 1, "66.67", "66.67", 1, 1, "100.00", "100.00"),
         {"total": 3, "attempted": 3, "precision": 66.67, "total_mode": 3},
         ("skipped", "skipped")),
    # `aa 1; ;` splits into (`aa 1`, ` `) and `;bb 1` into (``, `bb 1`): two responses each,
    # so both are items of T (H = 1, credit 1) before the blank entries are dropped; `cc 1;`
    # has one. T = 3 (with item 4: 2/3): Σ 2.6667 / 3 = 88.89. corrected drops blank
    # entries first: only item 4 is in T.
    Case("blank-entries-count",
         b"x.n 1 :: aa 1; ;\nx.n 2 :: ;bb 1\nx.n 3 :: cc 1;\nx.n 4 :: dd 2;ee 1;\n",
         b"x.n 1 :: aa\nx.n 2 :: bb\nx.n 3 :: cc\nx.n 4 :: dd\n", "best",
         _best(3, 3, "88.89", "88.89", 3, 3, "100.00", "100.00"),
         {"total": 1, "attempted": 1, "precision": 66.67, "total_mode": 1}),
    # CRLF: the CR stays in the entries text, so `aa 1;\r` splits into (`aa 1`, `\r`): two
    # responses, T = 2 (credit 1 + 2/3 = 83.33). corrected removes the CR: `aa 1` alone is no
    # item, T = 1.
    Case("crlf-gold",
         b"x.n 1 :: aa 1;\r\nx.n 2 :: bb 2;cc 1\r\n",
         b"x.n 1 :: aa\nx.n 2 :: bb\n", "best",
         _best(2, 2, "83.33", "83.33", 2, 2, "100.00", "100.00"),
         {"total": 1, "attempted": 1, "precision": 66.67}, ("crlf",)),
    # oot reads the same gold the same way: item 1 counted through its `\r` response.
    Case("crlf-gold-oot",
         b"x.n 1 :: aa 1;\r\nx.n 2 :: bb 2;cc 1\r\n",
         b"x.n 1 ::: aa;aa\nx.n 2 ::: bb;cc\n", "oot",
         "Total = 2, attempted = 2\nprecision = 150.00, recall = 150.00\n"
         "Total with mode 2 attempted 2\nprecision = 100.00, recall = 100.00\n",
         {"total": 1, "attempted": 1, "precision": 100.0}, ("crlf",)),
    # readmwfile's pattern wants one space after `::`: `::on top 2` is `Error in GOLD on
    # line 1` (printed before everything, as score.pl reads the gold first) and ignored.
    # |MW| = 1; found 2, genuine 1, identified 1. corrected reads both lines: |MW| = 2.
    Case("mwgold-no-space",
         b"on.r 1 ::on top 2\ntop.n 2 :: on top 2;top 1\n",
         b"on.r 1 :: on top\ntop.n 2 :: on top\n", "mw",
         "Error in GOLD on line 1\n"
         "Total MWs in GS = 1, System found 2 of which 1 were genuine\n"
         "Detection precision = 50.00, recall = 100.00\nNumber that matched GS\n"
         "Identification precision = 50.00, recall = 100.00\n",
         {"mw_total": 2, "mw_found": 2, "mw_genuine": 2, "identification_recall": 100.0},
         ("malformed",)),
    # No system multiword: score.pl does not die; its undefined $sysmwtot and precisions
    # print empty. The blank line on item 1 is still a genuine detection (1 of |MW| = 2).
    # corrected: an empty line is no detection; zeros.
    Case("mw-no-system-multiword",
         b"a.n 1 :: ice cream 2;ice 1\nb.n 2 :: take off 3;\n",
         b"a.n 1 :: \n", "mw",
         "Total MWs in GS = 2, System found  of which 1 were genuine\n"
         "Detection precision = , recall = 50.00\nNumber that matched GS\n"
         "Identification precision = , recall = 0.00\n",
         {"mw_total": 2, "mw_found": 0, "mw_genuine": 0, "detection_precision": 0.0}),
    # A directory as system file: an error naming it (score.pl would read nothing).
    Case("system-is-a-directory", b"x.n 1 :: aa 2;bb 1\n", "DIR", "best",
         "error: is a directory, not a best answer file: pass the file itself (it holds a.best)",
         "error: is a directory"),
    # /dev/null: read as an empty stream; the warning says what it is; nothing attempted.
    Case("system-is-dev-null", b"x.n 1 :: aa 2;bb 1\n", "/dev/null", "best",
         _best(1, 0, "0.00", "0.00", 1, 0, "0.00", "0.00"),
         {"total": 1, "attempted": 0}),
]


def _files(case: Case, tmp_path: Path) -> tuple[Path, Path]:
    gold = tmp_path / "gold"
    gold.write_bytes(case.gold)
    if isinstance(case.system, bytes):
        system = tmp_path / f"sys.{case.kind}"
        system.write_bytes(case.system)
    elif case.system == "DIR":
        system = tmp_path / "results"
        system.mkdir()
        (system / "a.best").write_text("")
    else:
        system = Path(case.system)
    return gold, system


@pytest.mark.parametrize("profile", ["official", "corrected"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_malformed_gold(case: Case, profile: str, tmp_path: Path) -> None:
    gold, system = _files(case, tmp_path)
    expected = case.official if profile == "official" else case.corrected
    if isinstance(expected, str) and expected.startswith("error: "):
        with pytest.raises(LexsubError, match=expected[len("error: "):].replace("(", r"\(")
                           .replace(")", r"\)")):
            score(system, gold, case.kind, profile)
        return
    # the gold is the point here: a system file refused (/dev/null) still gives its zeros
    report = score(system, gold, case.kind, profile, warn=False, refuse=False)
    if isinstance(expected, str):
        assert report.official_text() == \
            expected.replace("GOLD", str(gold)).replace("SYS", str(system))
        assert tuple(p.code for p in report.gold_problems) == case.problems
    else:
        block = report.to_json()["all"]
        assert {name: block[name] for name in expected} == expected


def test_the_real_mw_gold_with_no_system_multiword(shared: Roots, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's figures: one blank line on an item of the real mwgold (|MW| = 130)."""
    mwgold = shared.data / "semeval2007" / "key" / "mwgold"
    item_id = next(iter(Scorer(mwgold).mw_gold().modes))  # an item with a gold multiword
    system = tmp_path / "blank.mw"
    system.write_text(f"x.n {item_id} :: \n")
    assert main(["score", str(system), str(mwgold), "-t", "mw"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(
        "Total MWs in GS = 130, System found  of which 1 were genuine\n"
        "Detection precision = , recall = 0.77\nNumber that matched GS\n"
        "Identification precision = , recall = 0.00\n")
    assert "no system multiword" in captured.err and "Traceback" not in captured.err


def test_cli_names_a_directory_and_dev_null(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold"
    gold.write_text("x.n 1 :: aa 2;bb 1\n")
    assert main(["score", str(tmp_path), str(gold)]) == 2
    assert f"lexsub: error: {tmp_path} is a directory, not a best answer file" in \
        capsys.readouterr().err
    assert main(["score", "/dev/null", str(gold)]) == 2  # read, found empty: refused
    err = capsys.readouterr().err
    assert err.startswith("lexsub: error: /dev/null: no answer lines: /dev/null is a character "
                          "device, not an answer file: nothing to score; a best line is ")
    assert "not found" not in err
    assert main(["score", "/dev/null", str(tmp_path)]) == 2
    assert "is a directory, not a gold file" in capsys.readouterr().err
