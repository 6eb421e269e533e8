"""The Python API prints nothing: `Scorer` and `score()` return their messages and log them to
a logger that prints only when the application configures logging; `lexsub score` prints.

Run in a process of its own, so that stderr is the process's own (no pytest capture between):
the 45 TSAR-2022 reference files of ../shared, the SemEval-2007 reference files (messy ones
among them, with warnings), a LexSubGen-protocol result with notes and a refused file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_baselines.core.paths import Roots

pytestmark = pytest.mark.shared

#: Scores every reference file through the API; prints how many reports, messages, refusals.
SCRIPT = """
import json, logging, sys
from pathlib import Path
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.scoring import Scorer, score

if sys.argv[2] == "logging":
    logging.basicConfig(format="%(message)s")
shared = Path(sys.argv[1])
found = {"reports": 0, "messages": 0, "refused": 0}
scorers = {}
for line in (shared / "tsar2022-vectors" / "cases.jsonl").read_text().splitlines():
    case = json.loads(line)
    gold = f"tsar2022-{case['lang']}-{case['split']}"
    scorer = scorers.setdefault(gold, Scorer(gold))
    try:
        report = scorer.score(shared / "tsar2022-vectors" / case["system_file"])
    except LexsubError:
        found["refused"] += 1
        continue
    found["reports"] += 1
    found["messages"] += len(report.messages)
test = Scorer("semeval2007-test")
for path in sorted((shared / "scorer-vectors" / "systems").glob("s*_test_*")):
    report = test.score(path, path.suffix[1:])
    found["reports"] += 1
    found["messages"] += len(report.messages)
lexsubgen = {"301": [[w, 0] for w in "abcdefghij"]}
report = score(lexsubgen, "semeval2007-all", only_listed=True)
found["messages"] += len(report.messages)
try:
    score([b"side.n 301 ::: team"], "semeval2007-test")
except LexsubError:
    found["refused"] += 1
print(json.dumps(found))
"""


def _run(shared: Roots, tmp_path: Path, mode: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEXSUB_")}
    env["LEXSUB_SHARED_ROOT"] = str(shared.shared)
    return subprocess.run([sys.executable, "-c", SCRIPT, str(shared.shared), mode],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)


def test_scoring_many_files_through_the_api_prints_nothing(shared: Roots,
                                                            tmp_path: Path) -> None:
    if not (shared.shared / "tsar2022-vectors" / "cases.jsonl").is_file() \
            or not (shared.shared / "scorer-vectors" / "systems").is_dir():
        pytest.skip("the TSAR-2022 and scorer vectors of ../shared are absent")
    done = _run(shared, tmp_path, "plain")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    found = json.loads(done.stdout)
    assert found["reports"] >= 45 + 20 and found["refused"] >= 1
    assert found["messages"] >= 45  # what the issue saw printed (49 lines) is returned
    # the messages are logged: an application that configures logging sees each of them
    shown = _run(shared, tmp_path, "logging")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stderr.splitlines()
    assert len(lines) == found["messages"] and all(line.startswith("lexsub: ") for line in lines)
