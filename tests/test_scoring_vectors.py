"""Official parity: every number and every stdout line of scorer-vectors/cases.jsonl.

The cases were produced by running the SemEval-2007 key scorer (score.pl / scoreFA.pl) on
made-up system files; the `official` profile must reproduce them exactly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.scoring import score

pytestmark = pytest.mark.shared

def _cases() -> list[dict[str, Any]]:
    path = resolve_roots().shared / "scorer-vectors" / "cases.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


CASES = _cases()


def _gold(roots: Roots, case: dict[str, Any]) -> Path:
    key = roots.data / "semeval2007"
    if case["type"] == "mw":
        return key / "key" / "mwgold"
    return key / "key" / "gold" if case["split"] == "test" else key / "trial" / "gold.trial"


@pytest.mark.skipif(not CASES, reason="../shared/scorer-vectors/cases.jsonl not found")
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_number_matches_the_official_scorer(shared: Roots, case: dict[str, Any],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # the cases were scored from the vectors' folder (`Error in systems/NAME on line N`):
    # scored from there, under the same relative name, ours prints the same bytes
    monkeypatch.chdir(shared.shared / "scorer-vectors")
    system = Path(case["system"])
    subsets = set(case["expected"]) != {"all"}
    report = score(system, _gold(shared, case), case["type"], "official", subsets=subsets,
                   warn=False)
    got = report.to_json()
    for block, fields in case["expected"].items():
        assert block in got, f"block {block} not computed"
        for name, value in fields.items():
            assert got[block][name] == value, f"{block}.{name}: {got[block][name]} != {value}"
    assert report.official_text() == case["stdout"]


@pytest.mark.skipif(not CASES, reason="../shared/scorer-vectors/cases.jsonl not found")
@pytest.mark.parametrize("case", CASES[::7], ids=[c["id"] for c in CASES[::7]])
def test_cli_text_is_the_official_stdout_then_signatures(
    shared: Roots, case: dict[str, Any], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(shared.shared / "scorer-vectors")  # where the cases were scored from
    argv = ["score", case["system"], str(_gold(shared, case)), "-t", case["type"]]
    if set(case["expected"]) != {"all"}:
        argv.append("--subsets")
    assert main(argv) == 0
    out = capsys.readouterr().out
    expected = str(case["stdout"])
    assert out.startswith(expected)
    *signature_lines, explained = out[len(expected):].strip("\n").split("\n")
    assert explained.startswith("dev:blank-line-unattempted: ")  # once, after the blocks
    assert len(signature_lines) == len(case["expected"])
    for line, block in zip(signature_lines, case["expected"], strict=True):
        assert line.startswith(f"{case['type']}|profile:official|")
        assert f"|subset:{block}|" in line


@pytest.mark.skipif(not CASES, reason="../shared/scorer-vectors/cases.jsonl not found")
def test_cli_json_holds_the_expected_blocks(shared: Roots,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in CASES if c["type"] == "oot" and c["split"] == "test")
    system = shared.shared / "scorer-vectors" / case["system"]
    assert main(["score", str(system), str(_gold(shared, case)), "-t", "oot", "--subsets",
                 "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    for block, fields in case["expected"].items():
        assert got[block] == fields
    # the key's gold given as a file is named as the dataset it is the gold of
    assert got["signature"].startswith("oot|profile:official|gold:semeval2007-test#")
    assert got["signature_fields"]["T"] == "1696"
    assert got["signature_fields"]["dups"] == "counted"
    # one gold, one signature: by its path or by the dataset's name
    assert main(["score", str(system), "semeval2007-test", "-t", "oot", "--subsets",
                 "--format", "json"]) == 0
    by_name = json.loads(capsys.readouterr().out)
    assert by_name["signatures"] == got["signatures"]
