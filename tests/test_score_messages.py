"""Every bad input to the scorer, one row each, through both entry points: `lexsub score` and
Python's `score()` give the same verdict (docs/semeval.md lists every message).

A row gives a system file, the gold it is scored against (a tiny gold written here, or a
dataset of ../shared), the answer kind, and what must come of it: the official scorer's
figures unchanged (then one signature line per block) and exactly the warnings given, one line
per kind of problem (exit 0; in Python, the report and its `messages`); or a refusal, one
line (exit 2 with nothing on stdout; in Python, `ScoreRefusedError` carrying the same line).
The lines are written as the command line words them; in Python the hints name keywords
instead of flags (`as_python`). `<SYS>` stands for the system file's path, `<GOLD>` for the
gold's name in messages, `<GOLD_FILE>` for its path.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import logging
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import LexsubError, ScoreRefusedError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.scoring import score
from lexsub_baselines.scoring.diagnose import CAUSES, VALID_LINE, valid_line

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


#: What a row of another protocol scored (exit 0) expects of stdout: figures, unchecked.
SCORED = "<scored>"
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
        kind: the answer kind (`-t`, `kind=`; None: not given).
        gold: `tiny` (GOLD above) or a dataset name.
        args: further arguments (flags; `keywords` turns them into `score()`'s).
        swapped: the dataset is given first, then the file (`lexsub score DATASET FILE`).
        suffix: the system file's name ends so.
        gold_bytes: the tiny gold's bytes, where another than `GOLD` (a damaged one).
    """

    name: str
    system: bytes
    stdout: str
    stderr: tuple[str, ...]
    kind: str | None = "best"
    gold: str = "tiny"
    args: tuple[str, ...] = field(default=())
    swapped: bool = False
    suffix: str = ""
    gold_bytes: bytes = b""


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
    Case("lexelt-mismatch", b"bright.a 1 :: team\nbright.a 2 :: x\nbright.a 3 :: y\n",
         _official(3, "25.00", "25.00", 3, "33.33", "33.33"),
         ("lexsub: warning: <SYS>:1: lexelt bright.a for id 1, the gold has side.n (the id "
          "decides; scored); write the gold's lexelt beside each id",)),
    # --- written in a shape no scorer credits: said, or refused when most lines are ---------
    Case("a-line-with-counts", b"side.n 1 :: team\nbright.a 2 :: clever 2\n",
         _official(2, "37.50", "25.00", 2, "50.00", "33.33"),
         ("lexsub: warning: <SYS>:2: the answers of id 2 end in counts (`clever 2`), as a gold "
          "line's entries do; an answer with its count earns nothing; write the answers alone "
          "(`clever`): the counts are the gold's",)),
    Case("a-line-with-commas", b"side.n 1 :: team\nbright.a 2 :: clever, smart\n",
         _official(2, "37.50", "25.00", 2, "50.00", "33.33"),
         ("lexsub: warning: <SYS>:2: answer `clever, smart` for id 2 holds commas; answers are "
          "separated by `;`, so it is one answer, which earns nothing; separate the answers "
          "with `;` (`clever;smart`)",)),
    Case("a-million-best-answers", b"side.n 1 :: " + b";".join([b"team"] * 1_000_000) + b"\n",
         _official(*ONE),
         ("lexsub: warning: <SYS>:1: 1,000,000 answers for id 1 on a best line (999,999 of them "
          "repeats); score.pl divides the item's credit among them and credits a repeated "
          "answer each time; a best line gives the system's best guess (or a few, best first); "
          "more than 10 belong on an oot line",)),
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
    Case("written-as-the-gold", GOLD.encode(), "",
         ("lexsub: error: <SYS>: 3 of its 3 lines give answers with counts (`team 3`), as a gold "
          "file's lines do (was the gold scored as a system?): write the answers alone, without "
          f"counts; {BEST}",)),
    Case("oot-answers-separated-by-commas", b"side.n 1 ::: team, thing, good\n", "",
         ("lexsub: error: <SYS>: 1 of its 1 lines separate their answers with commas (`team, "
          "thing, good`), so each line is one answer, which earns nothing: separate the answers "
          f"with `;`; {OOT}",), kind="oot"),
    Case("bare-cr-line-ends", b"side.n 1 :: team\rbright.a 2 :: clever\rbright.a 3 :: bright "
         b"light\r", "",
         ("lexsub: error: <SYS>:1: its lines end in a bare CR (classic Mac OS line ends), not "
          "LF: score.pl splits lines on LF, so it reads its 3 lines as 1: nothing to score; "
          "convert the line ends to LF (`tr '\\r' '\\n' < <SYS> > <SYS>.lf`)",)),
    Case("utf-16", "side.n 1 :: team\nbright.a 2 :: clever\n".encode("utf-16"), "",
         ("lexsub: error: <SYS>: UTF-16, not UTF-8 as a best answer file is: nothing to score; "
          "save it as UTF-8: `iconv -f UTF-16 -t UTF-8 <SYS> > <SYS>.utf8`",)),
    Case("another-dataset", b"bright.a 1 :: team\nbright.a 2 :: clever\nside.n 3 :: bright\n",
         "", ("lexsub: error: <SYS>: for 2 of its 3 lines the gold <GOLD> has another lexelt "
              "under the same id (line 1: lexelt bright.a for id 1, the gold has side.n): was it "
              "made for another dataset?",)),
    Case("junk-where-the-id-goes", b"x.n ;;;;;;;;;;;;;;;;;;;;;;;;;;;;;; :: ;;;\n", "",
         ("lexsub: error: <SYS>: none of its 1 lines has an instance id (a number, as the "
          "gold's 1–3) where the id goes (line 1: `;;;;;;;;;;;;;;;;;;;;…`): nothing to score; "
          f"{BEST}",)),
    Case("a-damaged-gold", b"side.n 1 :: team\n", "",
         ("lexsub: error: <GOLD_FILE>: the gold looks damaged: 2 of its 3 lines are not UTF-8 "
          "and hold control characters (first: line 2): score against a sound copy (`lexsub "
          "fetch` gets a dataset's recorded gold)",),
         gold_bytes=GOLD.encode().replace(b"clever", b"cl\x81\x02ver")
         .replace(b"luminous", b"\xfe\x9flum")),
    Case("a-latin-1-gold", b"side.n 1 :: team\n", _official(*ONE),
         ("lexsub: warning: <GOLD_FILE>:2: not valid UTF-8; read as Latin-1; save the gold as "
          "UTF-8", "lexsub: hint: the gold <GOLD_FILE> has non-ASCII substitutes on 1 of its 3 "
          "lines (e.g. `sér 1`), but profile official is for English (SemEval-2007) gold; for "
          "Spanish (SemEval-2010 Task 2) gold use --profile clls2010-official"),
         gold_bytes=GOLD.encode().replace(b"smart", b"s\xe9r")),
    Case("another-split", b"side.n 301 :: team\nbright.a 302 :: clever\n", "",
         ("lexsub: error: <SYS>: none of its 2 ids is in the gold <GOLD> (the file's ids: "
          "301–302; the gold's: 1–3): was it made for another split?",)),
    Case("mw-no-answer-line", b"cross.n x :: cross section\n", "",
         (f"lexsub: error: <SYS>: none of its 1 lines is a mw answer line (line 1: not a mw "
          f"answer line: not `lexelt id :: answers`): nothing to score; {valid_line('mw')}",),
         kind="mw"),
    # --- the other directions: an mw file as best or oot -----------------------------------
    Case("mw-file-as-best", b"side.n 1 :: on our side\nbright.a 2 :: bright eyed\n"
         b"bright.a 3 :: bright spark\n", "",
         ("lexsub: error: <SYS>: 3 of its 3 lines name one multiword holding the target word "
          f"(`{VALID_LINE['mw']}`), as the lines of an mw file do: did you mean -t mw?",)),
    Case("mw-file-as-oot", b"side.n 1 :: on our side\nbright.a 2 :: bright eyed\n"
         b"bright.a 3 :: bright spark\n", "",
         ("lexsub: error: <SYS>: 3 of its 3 lines name one multiword holding the target word "
          f"(`{VALID_LINE['mw']}`), as the lines of an mw file do: did you mean -t mw?",),
         kind="oot"),
    # --- the arguments the other way round ----------------------------------------------------
    Case("dataset-then-file", b"side.n 1 :: team\n", "",
         ("lexsub: error: semeval2007-test is a dataset and <SYS> a file: the system file comes "
          "first, then the dataset: `lexsub score <SYS> semeval2007-test`",),
         gold="semeval2007-test", swapped=True),
    Case("tsar-dataset-then-file", b"The cat .\tcat\tpet\n", "",
         ("lexsub: error: tsar2022-en-test is a dataset and <SYS> a file: the system file comes "
          "first, then the dataset: `lexsub score <SYS> tsar2022-en-test`",),
         kind=None, gold="tsar2022-en-test", swapped=True),
]

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



#: A predictions line of TSAR-2022, for its messages.
TSAR_LINE = ("a predictions line is `sentence<TAB>complex word<TAB>substitute<TAB>...`, best "
             "first, the sentence and word copied unchanged from the dataset's _none file")
TEN = [[word, 10 - place] for place, word in enumerate("abcdefghij")]

#: The test key, whose first answers make an LS07 file.
KEY = resolve_roots().data / "semeval2007" / "key" / "gold"


def _first_answers(gold: Path) -> bytes:
    """Return a best file of the first substitute of each line of a gold file."""
    return "".join(f"{line.split(' :: ')[0]} :: {line.split(' :: ')[1].split()[0]}\n"
                   for line in gold.read_text(encoding="utf-8").splitlines()
                   if " :: " in line).encode()


#: The datasets' rows: they need ../shared (SWORDS also WordNet, for its lemmatiser).
DATA_CASES = [
    *(Case(c.name, c.system, c.stdout, c.stderr, None, "swords-dev", suffix=".lsr.json")
      for c in SWORDS_CASES),
    Case("tsar-a-best-file", b"side.n 1 :: team\n", "",
         ("lexsub: error: <SYS>:1: a SemEval answer line (`lexelt id :: answers`), not a "
          "TSAR-2022 line (tsar_eval.py finds no complex word on it and stops: IndexError) "
          f"({TSAR_LINE})",), None, "tsar2022-en-test", suffix=".tsv"),
    Case("tsar-comma-separated", b"A cat sat on the mat .,sat,rested,perched\n", "",
         ("lexsub: error: <SYS>:1: no tab but commas: the fields are separated by commas where "
          "TSAR-2022 separates them by tabs (tsar_eval.py finds no complex word on it and "
          f"stops: IndexError) ({TSAR_LINE})",), None, "tsar2022-en-test", suffix=".tsv"),
    Case("tsar-utf-16", "A cat sat .\tsat\trested\n".encode("utf-16"), "",
         ("lexsub: error: <SYS>: UTF-16, not UTF-8 (save it as UTF-8: `iconv -f UTF-16 -t "
          "UTF-8 <SYS> > <SYS>.utf8`)",), None, "tsar2022-en-test", suffix=".tsv"),
    Case("lexsubgen-ids-with-their-lexelt", json.dumps({"bright.a 1": TEN}).encode(), "",
         ("lexsub: error: <SYS>: none of its 1 instance ids is in semeval2007-all (first: "
          "bright.a 1): its ids are written `lexelt id`, and the dataset's ids are bare: key "
          "the result by the instance id alone (`1`, not `bright.a 1`)",),
         None, "semeval2007-all", suffix=".json"),
    Case("lexsubgen-repeated-words", json.dumps({"1": [["a", 3], ["a", 2], *TEN]}).encode(),
         SCORED, ("lexsub: note: <SYS>: 1 instances list a word more than once in their first 10 "
                  "(first: 1, `a` 3 times): LexSubGen counts a repeated word as a hit each "
                  "time, so P@k and R@k count it again (R@10 can pass 100); list each word "
                  "once",), None, "semeval2007-all", ("--only-listed",), suffix=".json"),
    Case("lexsubgen-constant-scores", json.dumps({"1": [[w, 0] for w in "abcdefghij"]}).encode(),
         SCORED, ("lexsub: note: <SYS>: 1 instances give every word of their list the same "
                  "score (first: 1): GAP ranks the lemma's pool by the scores, ties in "
                  "alphabetical order, so their GAP reads the alphabet, not the list's order; "
                  "give scores that fall with the rank (or bare words, scored by their place)",),
         None, "semeval2007-all", ("--only-listed",), suffix=".json"),
    Case("tsar-empty", b"", "", ("lexsub: error: <SYS>: lists no instance: nothing to score "
                                 "(the task's evaluator divides by zero here)",),
         None, "tsar2022-en-test", suffix=".tsv"),
    Case("tsar-no-substitute", b"The cat .\tcat\n", "",
         ("lexsub: error: <SYS>: no line has a substitute after the sentence and the complex "
          "word (the dataset's _none file?): nothing to score; a predictions line is "
          "sentence<TAB>complex word<TAB>substitute<TAB>..., best first",),
         None, "tsar2022-en-test", suffix=".tsv"),
    Case("lexsubgen-missing-instance", json.dumps({"5": TEN}).encode(), "",
         ("lexsub: error: <SYS>: instance 1 (bright.a) is not in the result; LexSubGen's "
          "evaluation predicts all 2003 instances (score only the listed ones with "
          "--only-listed, or use --profile lexsubgen-padded, which reads it as an empty list)",),
         None, "semeval2007-all", suffix=".json"),
    Case("lexsubgen-short-list", json.dumps({"1": TEN[:2]}).encode(), "",
         ("lexsub: error: <SYS>: instance 1 (bright.a) lists 2 substitutes; LexSubGen's "
          "evaluation stops on it (Couldn't take top 3 from 2 substitues): give at least 10 "
          "per instance, or use --profile lexsubgen-padded (short lists padded with wrong "
          "guesses)",), None, "semeval2007-all", ("--only-listed",), suffix=".json"),
    Case("lexsubgen-not-json", b'{"1": [["a", 1.0]], ', "",
         ("lexsub: error: <SYS>:1: not JSON (Expecting property name enclosed in double "
          "quotes) (a result is a JSON object {instance id: [[word, score], ...]}, each list "
          "in ranked order)",), None, "coinco-all", ("--protocol", "lexsubgen"),
         suffix=".json"),
    Case("trial-file-against-test", _first_answers(KEY.parent.parent / "trial" / "gold.trial")
         if (KEY.parent.parent / "trial" / "gold.trial").is_file() else b"",
         "", ("lexsub: error: <SYS>: none of its 300 ids is in the gold semeval2007-test (the "
              "file's ids: 1–300; the gold's: 301–2010): was it made for another split?",),
         gold="semeval2007-test"),
    # an LS07 file against CoInCo (ids 1-15,960 too): refused in one line, and not a word on
    # the recorded CoInCo gold's one Latin-1 line (the manifest's bytes: no news to anyone)
    Case("ls07-file-against-coinco", _first_answers(KEY) if KEY.is_file() else b"", "",
         ("lexsub: error: <SYS>: for 1624 of its 1703 lines the gold coinco-all has another "
          "lexelt under the same id (line 1: lexelt side.n for id 301, the gold has share.n): "
          "was it made for another dataset?",), gold="coinco-all"),
]

#: Every row, each with the parts it needs.
TABLE = [*(pytest.param(case, id=case.name) for case in CASES),
         *(pytest.param(case, id=case.name, marks=[pytest.mark.shared,
                                                   *([pytest.mark.needs("wordnet")]
                                                     if case.gold.startswith("swords") else [])])
           for case in DATA_CASES)]


def _files(case: Case, tmp_path: Path) -> tuple[Path, str, dict[str, str]]:
    """Write the system file (and the tiny gold); return it, the gold and the names."""
    gold = case.gold
    names = {"<GOLD>": case.gold}
    if case.gold == "tiny":
        (tmp_path / "gold").write_bytes(case.gold_bytes or GOLD.encode())
        gold = str(tmp_path / "gold")
        names = {"<GOLD>": f"{tmp_path.name}/gold", "<GOLD_FILE>": gold}
    elif not case.swapped and not (resolve_roots().data / case.gold.split("-")[0]).is_dir() \
            and case.gold not in ("semeval2007-all", "coinco-all"):
        pytest.skip(f"the data of {case.gold} not found under {resolve_roots().data}")
    system = tmp_path / f"sys{case.suffix or '.' + (case.kind or 'best')}"
    system.write_bytes(case.system)
    return system, gold, {"<SYS>": str(system), **names}


def _cli(case: Case, system: Path | str, gold: str, capsys: pytest.CaptureFixture[str]
         ) -> tuple[int, str, str]:
    first, second = (gold, str(system)) if case.swapped else (str(system), gold)
    status = main(["score", first, second, *(("-t", case.kind) if case.kind else ()),
                   *case.args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def keywords(args: tuple[str, ...]) -> dict[str, Any]:
    """Return `score()`'s keywords for `lexsub score`'s flags."""
    out: dict[str, Any] = {}
    words = list(args)
    while words:
        flag = words.pop(0)
        name = flag.lstrip("-").replace("-", "_")
        out[name] = True if flag == "--only-listed" else words.pop(0)
    return out


def _python(case: Case, system: Path | str, gold: str) -> tuple[int, str, str]:
    """Run `score()` as the command runs it; return what the command would have printed."""
    first, second = (gold, system) if case.swapped else (system, gold)
    try:
        report = score(first, second, case.kind, warn=False, **keywords(case.args))
    except LexsubError as error:
        if case.stdout == "":  # a refusal: of the file, so the one type
            assert isinstance(error, ScoreRefusedError) and isinstance(error, ValueError)
        return 2, "", f"lexsub: error: {error}\n"
    return 0, report.to_text(), "".join(f"lexsub: {message}\n" for message in report.messages)


#: `lexsub score`'s words -> `score()`'s (the hints name what the caller typed).
_AS_PYTHON: list[tuple[str, str]] = [
    (r"`lexsub score (\S+) (\S+) -t (\w+)`", r'`score("\1", "\2", kind="\3")`'),
    (r"`lexsub score (\S+) (\S+)`", r'`score("\1", "\2")`'),
    (r"`lexsub run SYSTEM swords-dev`", '`run(SYSTEM, "swords-dev", out=FOLDER)`'),
    (r"(?<![\w-])-t (best|oot|mw)\b", r'kind="\1"'),
    (r"--profile ([\w-]+)", r'profile="\1"'),
    (r"--only-listed", "only_listed=True"),
]


def as_python(line: str) -> str:
    """Return a line as Python words it: keywords where the command line names flags."""
    for pattern, replacement in _AS_PYTHON:
        line = re.sub(pattern, replacement, line)
    return line


@pytest.mark.parametrize("case", TABLE)
def test_lexsub_score_explains_every_bad_input(case: Case, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    system, gold, names = _files(case, tmp_path)
    _check(case, *_cli(case, system, gold, capsys), names)


@pytest.mark.parametrize("case", TABLE)
def test_python_gives_the_same_verdict(case: Case, tmp_path: Path) -> None:
    """The same row through `score()`: the same figures, or the same refusal (a
    `ScoreRefusedError` carrying the line), the same messages; hints in keywords."""
    system, gold, names = _files(case, tmp_path)
    python = dataclasses.replace(case, stderr=tuple(map(as_python, case.stderr)))
    _check(python, *_python(case, system, gold), names)


def test_python_shows_the_messages_every_time(tmp_path: Path,
                                              caplog: pytest.LogCaptureFixture) -> None:
    """Scored twice in a loop, a file's problems are shown twice (not once per place in the
    code, as Python's warnings filter shows a warning), and a refusal is raised twice."""
    (tmp_path / "gold").write_text(GOLD)
    system = tmp_path / "sys.best"
    system.write_bytes(b"side.n 1 :: Team\n")
    empty = tmp_path / "empty.best"
    empty.write_bytes(b"")
    for _ in range(2):
        report = score(system, tmp_path / "gold")
        assert report.to_json()["all"]["recall"] == 0.0
        with pytest.raises(ScoreRefusedError, match="empty: no answer line"):
            score(empty, tmp_path / "gold")
    shown = [m for m in caplog.messages if "earns nothing" in m]
    assert len(shown) == 2 and shown[0] == f"lexsub: warning: {system}:1: answer `Team` for " \
        "id 1 earns nothing; the gold has `team`; write the answers in the gold's letter case " \
        '(lower case): the official scorer compares them case-sensitively (`profile="corrected"` ' \
        "does not)"
    assert all(r.name == "lexsub_baselines.scoring" and r.levelno == logging.WARNING
               for r in caplog.records)


@pytest.mark.parametrize("case", [c for c in CASES if c.name in (
    "malformed-tab", "empty", "binary")], ids=lambda c: c.name)
@pytest.mark.parametrize("entry", ["command line", "python"])
def test_standard_input_is_read_as_a_file(case: Case, entry: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`-` reads standard input (score.pl's `open(<SYS>, "-")` does), named `-` in messages."""
    _, gold, names = _files(case, tmp_path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(case.system)))
    if entry == "python":
        case = Case(case.name, case.system, case.stdout, tuple(map(as_python, case.stderr)),
                    case.kind)
        _check(case, *_python(case, "-", gold), {**names, "<SYS>": "-"})
    else:
        _check(case, *_cli(case, "-", gold, capsys), {**names, "<SYS>": "-"})


def test_dev_null_is_named_for_what_it_is(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD)
    assert main(["score", "/dev/null", str(gold)]) == 2
    assert capsys.readouterr().err == (
        "lexsub: error: /dev/null: no answer lines: /dev/null is a character device, not an "
        f"answer file: nothing to score; {BEST}\n")
    with pytest.raises(ScoreRefusedError, match="/dev/null is a character device"):
        score("/dev/null", gold)


def _check(case: Case, status: int, out: str, err: str, names: dict[str, str]) -> None:
    def put(text: str) -> str:
        for key, value in names.items():
            text = text.replace(key, value)
        return text

    expected_err = [put(line) for line in case.stderr]
    assert err.splitlines() == expected_err
    if case.stdout == SCORED:  # another protocol's figures: scored, with these lines
        assert status == 0 and out
        return
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



# --- the real datasets: another split, SWORDS ---------------------------------------------


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


def _messages(page: str) -> str:
    """Return the "Messages" section of docs/`page`, its lines joined."""
    text = (Path(__file__).resolve().parent.parent / "docs" / page).read_text(encoding="utf-8")
    start = text.index("\n## Messages\n")
    end = text.find("\n## ", start + 1)
    return " ".join((text[start:] if end < 0 else text[start:end]).split())


def test_docs_list_every_message() -> None:
    """docs/semeval.md's list of messages names every problem code, cause and refusal of a
    SemEval answer file; docs/swords.md's, those of a SWORDS result."""
    messages = _messages("semeval.md")
    codes = ("malformed", "duplicate-id", "blank-answers", "crlf", "encoding", "over-cap",
             "empty-file", "format", "no-gold", "unknown-id", "lexelt-mismatch", "near-miss",
             "skipped", "counts", "commas", "many-answers", "bare-cr")
    for name in (*codes, *CAUSES, "case", "space", "another split", "did you mean -t",
                 "gzip-compressed", "a SWORDS result (JSON)", "a binary file", "another dataset",
                 "UTF-16", "a damaged gold", "--paired` of another kind"):
        assert name in messages, name
    swords = _messages("swords.md")
    for name in ("lists no target", "cut short", "infinite", "t-prefix-added",
                 "unknown-targets-ignored", "another split"):
        assert name in swords, name


@pytest.mark.shared
@pytest.mark.parametrize(("gold", "document", "note"), [
    ("semeval2007-all", {"1": list("abcdefghij"), "2": [[w, 1.0] for w in "abcdefghij"]},
     "<SYS>: 1 instances list words without scores (first: 1): each is scored by its place, "
     "so the list's order ranks the lemma's pool for GAP"),
    ("swords-dev", None,
     "<SYS>: 1 targets list words without scores (first: <T>): each is scored minus its "
     "place, so the list's order ranks it, as the benchmark reads a bare word"),
])
def test_plain_word_lists_are_scored_with_a_note(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str], gold: str,
        document: dict[str, Any] | None, note: str) -> None:
    """A list of words without scores is read in its order, as the protocols' own readers
    read a bare word, and said, on the command line and in Python alike."""
    target = ""
    if document is None:  # SWORDS: needs WordNet and the data
        from lexsub_baselines.resources.wordnet_nltk import wordnet_location

        if not (shared.data / "swords").is_dir() or not wordnet_location()[0].is_dir():
            pytest.skip("the SWORDS data or WordNet is absent")
        from lexsub_baselines.scoring import SwordsScorer

        target = next(iter(SwordsScorer("swords-dev", roots=shared).swords_gold.targets))
        document = {"substitutes_lemmatized": False, "substitutes": {target: ["good", "fine"]}}
    system = tmp_path / "plain.json"
    system.write_text(json.dumps(document), encoding="utf-8")
    line = f"lexsub: note: {note.replace('<SYS>', str(system)).replace('<T>', target)}"
    args = ["--only-listed"] if gold == "semeval2007-all" else []
    assert main(["score", str(system), gold, *args]) == 0
    assert line in capsys.readouterr().err.splitlines()
    report = score(system, gold, warn=False, only_listed=bool(args))
    assert line in [f"lexsub: {m}" for m in report.messages]


@pytest.mark.shared
def test_compare_outside_a_checkout_says_where_our_rows_would_come_from(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue saw --compare show only the published rows, silently, outside a checkout."""
    system = shared.shared / "tsar2022-vectors" / "systems" / "en-test-oracle.tsv"
    if not system.is_file():
        pytest.skip("../shared/tsar2022-vectors not found")
    from lexsub_baselines.runs.shipped import shipped_index

    monkeypatch.chdir(tmp_path)
    assert main(["score", str(system), "tsar2022-en-test", "--compare"]) == 0
    index = shipped_index()  # the answers shipped with the package place ours when there are
    assert (f"lexsub: note: --compare: our baselines' rows come from results/scores.json "
            f"(`lexsub baselines` writes it), which is not in {tmp_path}: only the published "
            "rows are ranked (run from a checkout that ran `make baselines` to place ours)"
            if index is None else f"lexsub: note: --compare: our rows are those "
            f"{index.source()} (no results/scores.json in {tmp_path})"
            ) in capsys.readouterr().err.splitlines()


def test_the_diagnosing_modules_examples_hold() -> None:
    """The examples in the docstrings of the modules that name a file's shape are true."""
    import doctest

    from lexsub_baselines.core import encodings
    from lexsub_baselines.scoring import answer_shapes, diagnose, gold_lines, notes
    from lexsub_baselines.scoring.lexsubgen import oddities

    for module in (encodings, answer_shapes, diagnose, gold_lines, notes, oddities):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__
