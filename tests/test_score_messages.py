"""Every bad input to `lexsub score`, one row each: exit status, stdout, and the one line that
explains it (docs/scorer.md lists every message).

A row gives a system file, the gold it is scored against (a tiny gold written here, or a
dataset of ../shared), the answer kind, and what the command must do: exit 0 with the official
scorer's stdout unchanged (then one signature line per block) and exactly the warnings given,
one line per kind of problem; or exit 2 with nothing on stdout and exactly one error line.
`<SYS>` stands for the system file's path, `<GOLD>` for the gold's name in messages.
"""

from __future__ import annotations

import gzip
import io
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.scoring.diagnose import CAUSES, valid_line

#: The tiny gold: three items of T, each with a mode (team, clever, luminous).
GOLD = ("side.n 1 :: team 3;party 1;\nbright.a 2 :: clever 2;smart 1;\n"
        "bright.a 3 :: luminous 2;shining 1;\n")
BEST = valid_line("best")
OOT = valid_line("oot")


def _official(attempted: int, p: str, r: str, mode_attempted: int, mp: str, mr: str,
              errors: tuple[int, ...] = (), oot: bool = False) -> str:
    lines = [f"Error in <SYS> on line {n}" for n in errors]
    lines += [f"Total = 3, attempted = {attempted}", f"precision = {p}, recall = {r}",
              f"Total with mode 3 attempted {mode_attempted}",
              f"{'' if oot else 'Mode '}precision = {mp}, {'' if oot else 'Mode '}recall = {mr}"]
    return "".join(line + "\n" for line in lines)


#: `side.n 1 :: team` and nothing else of use: 3/4 on one item of three, its mode found.
ONE = (1, "75.00", "25.00", 1, "100.00", "33.33")


@dataclass(frozen=True)
class Case:
    """One input to `lexsub score` and what must come of it.

    Attributes:
        name: the test id.
        system: the system file's bytes.
        stdout: the official lines (exit 0), or "" (refused: exit 2).
        stderr: the lines on stderr, exactly (`lexsub: warning: …` or one `lexsub: error: …`).
        kind: the answer kind (`-t`).
        gold: `tiny` (GOLD above) or a dataset name.
        args: further arguments.
    """

    name: str
    system: bytes
    stdout: str
    stderr: tuple[str, ...]
    kind: str = "best"
    gold: str = "tiny"
    args: tuple[str, ...] = field(default=())


def _malformed(name: str, line: str, cause: str) -> Case:
    """A best file whose second line is malformed by `cause`."""
    return Case(f"malformed-{name}", f"side.n 1 :: team\n{line}\n".encode(),
                _official(*ONE, errors=(2,)),
                (f"lexsub: warning: <SYS>:2: not a best answer line: {cause}; skipped; {BEST}",))


CASES = [
    # --- the official figures stay, one explaining line per kind of problem ---------------
    _malformed("tab", "bright.a 2\tclever", "a tab where the line needs ` :: `"),
    _malformed("colon", "bright.a 2 : clever", "` : ` (one colon) where the line needs ` :: `"),
    _malformed("arrow", "bright.a 2 => clever",
               "an arrow (`=>` or `->`) where the line needs ` :: `"),
    _malformed("no-space", "bright.a 2 ::clever", "`::` without exactly one space on each side"),
    _malformed("two-spaces", "bright.a 2  :: clever",
               "`::` without exactly one space on each side"),
    _malformed("no-id", "bright.a :: clever", "no `lexelt id` before the separator"),
    _malformed("no-separator", "bright.a 2 clever", "not `lexelt id :: answers`"),
    Case("one-line-per-kind", b"side.n 1 :: team\n" + b"x.n 9\tx\n" * 7 + b"x.n 9 : x\n",
         _official(*ONE, errors=tuple(range(2, 10))),
         (f"lexsub: warning: <SYS>:2: not a best answer line: a tab where the line needs ` :: `; "
          f"skipped (7 lines: 2, 3, 4, 5, 6, …); {BEST}",
          f"lexsub: warning: <SYS>:9: not a best answer line: ` : ` (one colon) where the line "
          f"needs ` :: `; skipped; {BEST}")),
    Case("stray-oot-line", b"side.n 1 :: team\nbright.a 2 ::: clever\n",
         _official(*ONE, errors=(2,)),
         ("lexsub: warning: <SYS>:2: not a best answer line (it has the oot separator `:::`); "
          f"skipped; score an oot file with -t oot; {BEST}",)),
    Case("duplicate-id", b"side.n 1 :: team\nside.n 1 :: party\n", _official(*ONE),
         ("lexsub: warning: <SYS>:2: id 1 already answered on line 1; this line is ignored; only "
          "the first line of an id counts, as in score.pl: put all its answers on that line",)),
    Case("blank-answers", b"side.n 1 :: team\nbright.a 2 :: \n", _official(*ONE),
         ("lexsub: warning: <SYS>:2: nothing after the separator for id 2: unattempted (score.pl "
          "would re-use the previous line's answers); leave out the line of an item without "
          "answers, as `lexsub run` does",)),
    Case("crlf", b"side.n 1 :: team\r\n", _official(1, "0.00", "0.00", 1, "0.00", "0.00"),
         ("lexsub: warning: <SYS>:1: CRLF line end; the CR stays in the last answer, which then "
          "gets no credit, as in the official scorer (use --profile corrected); convert the "
          "file to LF line ends (`dos2unix FILE` or `sed -i 's/\\r$//' FILE`)",)),
    Case("latin-1", b"side.n 1 :: team;caf\xe9\n",
         _official(1, "37.50", "12.50", 1, "100.00", "33.33"),
         ("lexsub: warning: <SYS>:1: not valid UTF-8; read byte for byte; save the file as "
          "UTF-8",)),
    Case("capital-letter", b"side.n 1 :: Team\n",
         _official(1, "0.00", "0.00", 1, "0.00", "0.00"),
         ("lexsub: warning: <SYS>:1: answer `Team` for id 1 earns nothing; the gold has `team`; "
          "write the answers in the gold's letter case (lower case): the official scorer "
          "compares them case-sensitively (`--profile corrected` does not)",)),
    Case("space-after-semicolon", b"side.n 1 :: party; team\n",
         _official(1, "12.50", "4.17", 1, "0.00", "0.00"),
         ("lexsub: warning: <SYS>:1: answer ` team` for id 1 has blanks around it, so it earns "
          "nothing; `team` would earn credit; write the answers without blanks around them "
          "(`a;b`, not `a; b`): the official scorer does not trim them",)),
    Case("leading-space", b"side.n 1 ::  team\n",
         _official(1, "0.00", "0.00", 1, "0.00", "0.00"),
         ("lexsub: warning: <SYS>:1: answer ` team` for id 1 has blanks around it, so it earns "
          "nothing; `team` would earn credit; write the answers without blanks around them "
          "(`a;b`, not `a; b`): the official scorer does not trim them",)),
    Case("eleven-oot-answers", b"side.n 1 ::: a;b;c;d;e;f;g;h;i;j;team\n",
         _official(1, "0.00", "0.00", 1, "0.00", "0.00", oot=True),
         ("lexsub: warning: <SYS>:1: 11 answers for id 1; the scorer keeps the first 10 (from "
          "`team` on, ignored); write at most 10 answers on an oot line, best first",),
         kind="oot"),
    Case("unknown-id", b"side.n 1 :: team\nx.n 99 :: foo\n", _official(*ONE),
         ("lexsub: warning: <SYS>:2: id 99 is not in the gold; ignored; the gold's ids are 1–3: "
          "check that the file was made for this gold's split",)),
    Case("lexelt-mismatch", b"bright.a 1 :: team\n", _official(*ONE),
         ("lexsub: warning: <SYS>:1: lexelt bright.a for id 1, the gold has side.n (the id "
          "decides; scored); write the gold's lexelt beside each id",)),
    # --- nothing useful can come out: refused, one line, exit 2 ---------------------------
    Case("empty", b"", "", (f"lexsub: error: <SYS>: empty: no answer line: nothing to score; "
                            f"{BEST}",)),
    Case("blank-lines-only", b"\n \n\n", "",
         (f"lexsub: error: <SYS>: empty: no answer line: nothing to score; {BEST}",)),
    Case("no-answer-line", b"bright.a 1\tclever\nbright.a 2\tsmart\n", "",
         ("lexsub: error: <SYS>: none of its 2 lines is a best answer line (line 1: not a best "
          "answer line: a tab where the line needs ` :: `): nothing to score; a best line is "
          "`bright.a 1 :: luminous;shining` (lexelt, id, ` :: ` with one space each side, then "
          "the answers separated by `;`)",)),
    Case("oot-file-as-best", b"side.n 1 ::: team;party\nbright.a 2 ::: clever\n", "",
         ("lexsub: error: <SYS>: 2 of its 2 lines are oot lines (`:::`), none is a best line: "
          "did you mean -t oot?",)),
    Case("best-file-as-oot", b"side.n 1 :: team\nbright.a 2 :: clever\n", "",
         ("lexsub: error: <SYS>: 2 of its 2 lines are best lines (`::`), none is an oot line: "
          "did you mean -t best?",), kind="oot"),
    Case("swords-result", json.dumps({"substitutes_lemmatized": True, "substitutes": {
        "t:0123": [["team", 1.0]]}}).encode(), "",
         ("lexsub: error: <SYS>: a SWORDS result (JSON), not a best answer file: nothing to "
          "score; score it against swords-dev or swords-test: `lexsub score <SYS> swords-dev`",)),
    Case("other-json", b'[{"id": 1, "answers": ["team"]}]\n', "",
         (f"lexsub: error: <SYS>: JSON, not a best answer file: nothing to score; {BEST}",)),
    Case("gzip", gzip.compress(b"side.n 1 :: team\n", mtime=0), "",
         ("lexsub: error: <SYS>: gzip-compressed, not a best answer file: nothing to score; "
          "decompress it first (`gunzip -k <SYS>`) and score the file that gives",)),
    Case("binary", bytes(range(256)) * 4, "",
         (f"lexsub: error: <SYS>: a binary file, not a best answer file: nothing to score; "
          f"{BEST}",)),
    Case("another-split", b"side.n 301 :: team\nbright.a 302 :: clever\n", "",
         ("lexsub: error: <SYS>: none of its 2 ids is in the gold <GOLD> (the file's ids: "
          "301–302; the gold's: 1–3): was it made for another split?",)),
    Case("mw-no-answer-line", b"cross.n x :: cross section\n", "",
         (f"lexsub: error: <SYS>: none of its 1 lines is a mw answer line (line 1: not a mw "
          f"answer line: not `lexelt id :: answers`): nothing to score; {valid_line('mw')}",),
         kind="mw"),
]


def _run(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str],
         system: Path | str, gold: str) -> tuple[int, str, str]:
    status = main(["score", str(system), gold, "-t", case.kind, *case.args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _check(case: Case, status: int, out: str, err: str, names: dict[str, str]) -> None:
    def put(text: str) -> str:
        for key, value in names.items():
            text = text.replace(key, value)
        return text

    expected_err = [put(line) for line in case.stderr]
    assert err.splitlines() == expected_err
    if not case.stdout:
        assert (status, out) == (2, ""), out
        assert len(expected_err) == 1 and expected_err[0].startswith("lexsub: error: ")
        return
    assert status == 0
    official = put(case.stdout)
    assert out.startswith(official)
    signatures, *explained = out[len(official):].strip("\n").split("\n")
    assert signatures.startswith(f"{case.kind}|profile:official|")
    assert explained == ["dev:blank-line-unattempted: an answer line with nothing after `::` is "
                         "unattempted, with a warning (score.pl silently reused the previous "
                         "line's answers)"]  # the signature's code, explained once


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_lexsub_score_explains_every_bad_input(case: Case, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    system = tmp_path / f"sys.{case.kind}"
    system.write_bytes(case.system)
    status, out, err = _run(case, tmp_path, capsys, system, str(gold))
    _check(case, status, out, err, {"<SYS>": str(system), "<GOLD>": f"{tmp_path.name}/gold"})


@pytest.mark.parametrize("case", [c for c in CASES if c.name in (
    "malformed-tab", "empty", "binary")], ids=lambda c: c.name)
def test_standard_input_is_read_as_a_file(case: Case, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`-` reads standard input (score.pl's `open(<SYS>, "-")` does), named `-` in messages."""
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(case.system)))
    status, out, err = _run(case, tmp_path, capsys, "-", str(gold))
    _check(case, status, out, err, {"<SYS>": "-", "<GOLD>": f"{tmp_path.name}/gold"})


def test_dev_null_is_named_for_what_it_is(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    assert main(["score", "/dev/null", str(gold)]) == 2
    assert capsys.readouterr().err == (
        "lexsub: error: /dev/null: no answer lines: /dev/null is a character device, not an "
        f"answer file: nothing to score; {BEST}\n")


# --- the real datasets: another split, SWORDS ---------------------------------------------


@pytest.mark.shared
def test_a_trial_file_against_the_test_gold_is_refused(shared: Roots, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    gold = (shared.data / "semeval2007" / "trial" / "gold.trial").read_text(encoding="utf-8")
    system = tmp_path / "trial.best"
    system.write_text("".join(f"{line.split(' :: ')[0]} :: {line.split(' :: ')[1].split()[0]}\n"
                              for line in gold.splitlines() if " :: " in line))
    assert main(["score", str(system), "semeval2007-test"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"lexsub: error: {system}: none of its 300 ids is in the gold "
                            "semeval2007-test (the file's ids: 1–300; the gold's: 301–2010): "
                            "was it made for another split?\n")
    assert main(["score", str(system), "semeval2007-trial"]) == 0  # its own split: scored
    assert "Total = 295, attempted = 295" in capsys.readouterr().out


@pytest.mark.shared
def test_an_instance_the_key_has_no_gold_for_is_named_as_such(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The key has no line for 7 test instances (567, 773, ...): answering one is no mistake
    of the file's, and the warning says what it is."""
    from lexsub_baselines.datasets import load_dataset

    lexelts = {i.id: i.lexelt for i in load_dataset("semeval2007-test", shared).instances()}
    system = tmp_path / "some.best"
    system.write_text(f"{lexelts['567']} 567 :: around\n{lexelts['301']} 301 :: x\n")
    assert main(["score", str(system), "semeval2007-test"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Total = 1696, attempted = 1\n")
    assert captured.err.splitlines() == [
        f"lexsub: warning: {system}:1: id 567 is an instance the gold has no line for; ignored, "
        "as score.pl ignores it"]


RESULT = ('write {"substitutes_lemmatized": true|false, "substitutes": {"t:<target id>": '
          '[["substitute", score], ...]}}')

SWORDS_CASES = [
    Case("semeval-file", b"side.n 1 :: team\nbright.a 2 :: clever\n", "",
         ("lexsub: error: <SYS>: a SemEval best answer file (`bright.a 1 :: luminous;shining`), "
          "not a SWORDS result (score it against semeval2007-trial or semeval2007-test "
          "(`lexsub score <SYS> semeval2007-test -t best`); `lexsub run SYSTEM swords-dev` writes "
          "a SWORDS result)",)),
    Case("gzipped-result", gzip.compress(b'{"substitutes": {}}', mtime=0), "",
         ("lexsub: error: <SYS>: gzip-compressed, not a SWORDS result (decompress it first "
          "(`gunzip -k <SYS>`) and score the file that gives)",)),
    Case("binary", bytes(range(256)) * 4, "",
         ("lexsub: error: <SYS>: a binary file, not a SWORDS result (a SWORDS result is the JSON "
          "that `lexsub run SYSTEM swords-dev` writes)",)),
    Case("empty", b"", "", (f"lexsub: error: <SYS>: empty: no result ({RESULT})",)),
    Case("truncated", b'{"substitutes_lemmatized": true, "substitutes": {"t:1": [["wor', "",
         ("lexsub: error: <SYS>: not JSON: Unterminated string starting at line 1, column 59; "
          f"the file ends before the JSON does: was it cut short? ({RESULT})",)),
    Case("infinite-score", b'{"substitutes": {"t:1": [["word", 1e999]]}}', "",
         ("lexsub: error: <SYS>: target t:1, entry 1: the score is infinite (JSON reads a number "
          f"beyond ±1.8e308, such as 1e999, as infinity) ({RESULT})",)),
    Case("no-target", b'{"substitutes_lemmatized": true, "substitutes": {}}', "",
         (f"lexsub: error: <SYS>: lists no target: nothing to score; {RESULT}",)),
    Case("another-split", b'{"substitutes_lemmatized": true, "substitutes": {"t:nope": '
         b'["word"]}}', "", ("lexsub: error: <SYS>: none of its 1 target ids is in swords-dev "
                             "(first: t:nope): was it made for another split?",)),
    Case("numbered-ids", b'{"substitutes_lemmatized": true, "substitutes": {"target_1": '
         b'["word"]}}', "", ("lexsub: error: <SYS>: none of its 1 target ids is in swords-dev "
                             "(first: target_1): SWORDS target ids are `t:` and 40 hex digits "
                             "(the SHA1 of the target, the keys of the dataset's `targets`, e.g. "
                             "t:7f1d26dea59df9f9cbf34e416ff89ede8e0f9aea); 'target_1' is not of "
                             "that form: key the result by the dataset's ids, not by numbers of "
                             "one's own",)),
]


@pytest.mark.shared
@pytest.mark.needs("wordnet")
@pytest.mark.parametrize("case", SWORDS_CASES, ids=[c.name for c in SWORDS_CASES])
def test_lexsub_score_explains_every_bad_swords_result(
        case: Case, shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not (shared.data / "swords").is_dir():
        pytest.skip("../shared/data/swords not found")
    system = tmp_path / "sys.lsr.json"
    system.write_bytes(case.system)
    status, out, err = _run(case, tmp_path, capsys, system, "swords-dev")
    _check(case, status, out, err, {"<SYS>": str(system)})


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_swords_ids_without_their_prefix_and_compare(shared: Roots, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Ids written without `t:` are read with it (a note; the signature says so), the text
    output says how many targets the result covers, `--compare` gets its note."""
    if not (shared.data / "swords").is_dir():
        pytest.skip("../shared/data/swords not found")
    from lexsub_baselines.scoring import SwordsScorer

    scorer = SwordsScorer("swords-dev", roots=shared)
    targets = list(scorer.swords_gold.targets)[:5]
    system = tmp_path / "bare.lsr.json"
    own = scorer.swords_gold.targets[targets[0]].lemma  # only the target itself: answered,
    system.write_text(json.dumps({"substitutes_lemmatized": False,  # but nothing kept
                                  "substitutes": {t.removeprefix("t:"): [own] if t == targets[0]
                                                  else ["good", "big"] for t in targets}}))
    assert main(["score", str(system), "swords-dev", "--compare"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "t-prefix-added" in lines[-1] and lines[-1].startswith("swords|")
    assert lines[-5:-1] == [f"targets = {len(scorer.swords_gold.targets)}", "listed = 5",
                            "answered = 5", "kept = 4"]  # answered: as `lexsub run` counts
    assert [line.split(" = ")[0] for line in lines[:4]] == ["lenient_a_f@10", "lenient_c_f@10",
                                                            "strict_a_f@10", "strict_c_f@10"]
    assert (f"lexsub: note: {system}: 5 target ids lack the `t:` prefix of the dataset's ids "
            "and were read with it (the original evaluation stops on them)") in captured.err
    assert "lexsub: note: --compare does not apply to SWORDS; ignored" in captured.err


def test_docs_list_every_message() -> None:
    """docs/scorer.md's list of messages names every problem code, cause and refusal."""
    docs = (Path(__file__).resolve().parent.parent / "docs" / "scorer.md").read_text(
        encoding="utf-8")
    messages = docs[docs.index("## Messages"):]
    codes = ("malformed", "duplicate-id", "blank-answers", "crlf", "encoding", "over-cap",
             "empty-file", "format", "no-gold", "unknown-id", "lexelt-mismatch", "near-miss",
             "skipped")
    for name in (*codes, *CAUSES, "case", "space", "another split", "did you mean -t",
                 "gzip-compressed", "a SWORDS result (JSON)", "a binary file", "lists no target",
                 "cut short", "infinite", "t-prefix-added"):
        assert name in messages, name
