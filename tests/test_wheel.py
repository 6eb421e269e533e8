"""The package installed as a wheel, outside a checkout, scores after a fetch.

The wheel is built from a copy of the sources (no build isolation, no index: the dev
environment has the build backend) and installed with `--no-deps` into a fresh venv that sees
the dev environment's packages through a `.pth` line (so nothing is downloaded). With HOME in
a temporary folder, no LEXSUB_* variable and the working folder elsewhere (an empty `shared/`
beside it, which the roots rule ignores), `lexsub fetch
scoring` fills the per-user folder from the local mirror (`fetch_mirror`), and `lexsub score`
then scores a SemEval-2007 and a SWORDS file exactly as the checkout scores them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from fetch_mirror import serving, upstream_files, with_built_archives

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import PROJECT_DIR, Roots
from lexsub_baselines.resources.manifest import load_manifest

pytestmark = [pytest.mark.slow, pytest.mark.needs("wordnet")]


def _build_and_install(tmp_path: Path) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(PROJECT_DIR / name, source / name)
    shutil.copytree(PROJECT_DIR / "lexsub_baselines", source / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(tmp_path / "dist"), str(source)], check=True, cwd=tmp_path)
    [wheel] = (tmp_path / "dist").glob("lexsub_baselines-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run([*pip, "--python", str(venv / "bin" / "python"), "install", "--no-deps",
                    "--no-index", str(wheel)], check=True)
    purelib = Path(sysconfig.get_paths()["purelib"])  # the dev environment's packages
    [site] = (venv / "lib").glob("python3*/site-packages")
    (site / "zz-dev-packages.pth").write_text(f"{purelib}\n", encoding="utf-8")
    return venv


def _checkout_output(capsys: pytest.CaptureFixture[str], shared: Roots, *args: str) -> str:
    capsys.readouterr()
    assert main(["--shared-root", str(shared.shared), "score", *args]) == 0
    return capsys.readouterr().out


def test_wheel_in_a_fresh_venv_fetches_then_scores_from_any_folder(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    venv = _build_and_install(tmp_path)
    home, work = tmp_path / "home", tmp_path / "elsewhere" / "work"
    work.mkdir(parents=True)
    (work.parent / "shared").mkdir()  # a folder beside the working one takes nothing over
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LEXSUB_", "XDG_")) and k != "PYTHONPATH"}  # the wheel's copy
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")

    def lexsub(*args: str, rc: int = 0) -> str:
        done = subprocess.run(["lexsub", *args], cwd=work, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == rc, done.stderr
        return done.stdout if rc == 0 else done.stderr

    def refused(*args: str, fetch: str) -> None:
        """One line naming the fetch that helps; no traceback, no `make` (issue 40's trial)."""
        error = lexsub(*args, rc=2)
        assert error.count("\n") == 1 and error.startswith("lexsub: error: "), error
        assert f"run `lexsub fetch {fetch}` to download it" in error and "make" not in error

    where = subprocess.run([venv / "bin" / "python", "-c", "import lexsub_baselines as p; "
                            "print(p.__file__)"], env=env, cwd=work, capture_output=True,
                           text=True, check=True).stdout
    assert where.startswith(str(venv)), where  # the wheel, not the checkout
    best = shared.shared / "scorer-vectors" / "systems" / "s000_test_hedge.best"
    swords = shared.shared / "swords-vectors" / "systems" / "test-reversed.lsr.json"
    tsar = shared.shared / "tsar2022-vectors" / "systems" / "en-test-complex-first.tsv"
    if not all(path.is_file() for path in (best, swords, tsar)):
        pytest.skip("the scorer, SWORDS and TSAR-2022 vectors of ../shared are absent")
    for path in (best, swords, tsar):
        shutil.copyfile(path, work / path.name)
    refused("score", best.name, "semeval2007-test", fetch="semeval2007")  # nothing fetched yet
    refused("score", swords.name, "swords-test", fetch="swords")
    refused("score", tsar.name, "tsar2022-en-test", fetch="tsar2022")
    helped = lexsub("score", "--help")
    assert "\nexamples:\n  # " in helped and helped.rstrip().splitlines()[-1].startswith(
        "  lexsub score ") and "make" not in helped
    manifest = load_manifest()
    files = upstream_files(shared.shared, manifest)
    (tmp_path / "manifest.json").write_text(with_built_archives(manifest, files).to_text(),
                                            encoding="utf-8")
    with serving(files) as mirror:
        fetched = lexsub("fetch", "scoring", "--mirror", mirror.url, "--manifest",
                         str(tmp_path / "manifest.json"))
    user_data = home / ".local" / "share" / "lexsub_baselines"
    assert f"data root {user_data / 'data'} (the per-user default)" in fetched
    assert (user_data / "data" / "semeval2007" / "key" / "gold").is_file()

    semeval = lexsub("score", best.name, "semeval2007-test", "-t", "best")
    expected = json.loads((best.parent.parent / "cases.jsonl").open().readline())["expected"]
    assert f"precision = {expected['all']['precision']:.2f}, " \
           f"recall = {expected['all']['recall']:.2f}" in semeval
    assert semeval == _checkout_output(capsys, shared, str(best), "semeval2007-test", "-t",
                                       "best")
    scored = lexsub("score", swords.name, "swords-test")
    assert scored == _checkout_output(capsys, shared, str(swords), "swords-test")
    figures = json.loads(lexsub("score", tsar.name, "tsar2022-en-test", "--format", "json"))
    [case] = [json.loads(line) for line in (tsar.parent.parent / "cases.jsonl").open()
              if json.loads(line)["system_file"] == f"systems/{tsar.name}"]
    assert figures["metrics"]["MAP@10"] == case["metrics"]["MAP@10"]
    refused("score", best.name, "semeval2007-all", fetch="lst-candidates")  # not in scoring
    assert (home / ".cache" / "lexsub_baselines").is_dir()  # the per-user cache, not the checkout's
