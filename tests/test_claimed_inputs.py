"""A damaged input is refused by one rule, whatever the data root (issue 54).

A gold file given by its path that ends as a recorded dataset gold's path (`key/gold`,
`test/tsar2022_en_test_gold.tsv`, ...) claims to be that gold: it is scored only with the
recorded bytes, wherever it lies (the data root, a copy of the organisers' folders, a
download folder); any other gold file is one's own, signed with its digest. The command line
and Python give the same verdict. TSAR-2022's `--compare` reads the extended results table
only once it is checked against the manifest, as the official one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.scoring import score
from lexsub_baselines.scoring.gold_source import ClaimedGoldError, claimed_entry

pytestmark = pytest.mark.shared

BEST = Path("scorer-vectors") / "systems" / "s000_test_hedge.best"
TSAR = Path("tsar2022-vectors") / "systems" / "en-test-oracle.tsv"


def _damaged(source: Path, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    data = bytearray(source.read_bytes())
    data[len(data) // 2] ^= 1
    target.write_bytes(bytes(data))
    return target


def _verdict(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["score", *args])
    captured = capsys.readouterr()
    return status, captured.err if status else captured.out


def test_a_damaged_gold_named_as_a_recorded_one_is_refused_wherever_it_lies(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = shared.data / "semeval2007" / "key" / "gold"
    system = str(shared.shared / BEST)
    at_root = _damaged(key, tmp_path / "data" / "semeval2007" / "key" / "gold")
    downloaded = _damaged(key, tmp_path / "Downloads" / "task10data" / "key" / "gold")
    for gold in (at_root, downloaded):
        status, error = _verdict(capsys, system, str(gold))
        assert status == 2 and error.count("\n") == 1, error
        assert "is not the recorded 4e27e4ab" in error and "claims to be that gold" in error
        with pytest.raises(ClaimedGoldError) as raised:  # Python: the same line
            score(system, gold)
        assert f"lexsub: error: {raised.value}\n" == error
    # the same bytes under another name: a gold of one's own, scored and signed by its digest
    mine = tmp_path / "mine" / "edited-gold"
    mine.parent.mkdir()
    shutil.copyfile(downloaded, mine)
    status, out = _verdict(capsys, system, str(mine))
    assert status == 0 and "gold:mine/edited-gold#" in out and "semeval2007-test" not in out
    # the recorded bytes where a download put them: the dataset's gold, signed as it
    intact = tmp_path / "Downloads" / "copy" / "key" / "gold"
    intact.parent.mkdir(parents=True)
    shutil.copyfile(key, intact)
    status, out = _verdict(capsys, system, str(intact))
    assert status == 0 and "gold:semeval2007-test#4e27e4ab" in out


def test_every_recorded_gold_names_its_claim() -> None:
    assert claimed_entry(Path("x/trial/gold.trial")) is not None
    assert claimed_entry(Path("x/key/mwgold")) is not None
    assert claimed_entry(Path("x/swords/swords-v1.1_test.json.gz")) is not None
    found = claimed_entry(Path("y/test/tsar2022_es_test_gold.tsv"))
    assert found is not None and found[1] == "tsar2022-es-test"
    assert claimed_entry(Path("gold")) is None and claimed_entry(Path("x/mine/gold")) is None


def test_a_damaged_tsar_gold_is_refused_by_the_same_rule(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = shared.data / "tsar2022" / "datasets" / "test" / "tsar2022_en_test_gold.tsv"
    copy = _damaged(gold, tmp_path / "elsewhere" / "test" / gold.name)
    status, error = _verdict(capsys, str(shared.shared / TSAR), str(copy))
    assert status == 2 and "claims to be that gold" in error, error


def test_compare_checks_the_extended_results_table_as_the_official_one(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    shutil.copytree(shared.data / "tsar2022", data / "tsar2022")
    extended = data / "tsar2022" / "results" / "extended" / \
        "TSAR2022_test_results_extended_en.csv"
    text = extended.read_text(encoding="utf-8")
    extended.write_text(text.replace("0.8096", "0.9096", 1), encoding="utf-8")  # a forged row
    monkeypatch.chdir(tmp_path)
    roots = resolve_roots(shared.shared, data, tmp_path / "cache")
    options = ["--shared-root", str(roots.shared), "--data-root", str(data), "--cache-dir",
               str(tmp_path / "cache")]
    capsys.readouterr()
    assert main([*options, "score", str(shared.shared / TSAR), "tsar2022-en-test"]) == 0
    assert main([*options, "score", str(shared.shared / TSAR), "tsar2022-en-test",
                 "--compare"]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.startswith(f"lexsub: error: {extended}: sha256 ")
    assert "is not the recorded" in error
