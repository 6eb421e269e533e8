"""The scoring install: the wheel without the `baselines` extra, outside a checkout, mirrors,
fetches, scores every protocol and refuses a damaged gold.

The wheel is built from a copy of the sources (no build isolation, no index: the dev
environment has the build backend) and installed with `--no-deps` into a fresh venv that sees
one library of the dev environment, tqdm (the scoring install's only dependency), through a
`.pth` line to a folder holding it alone: numpy, spaCy, Dask, NLTK... are not importable
there, as after `pip install lexsub_baselines`. With HOME in a temporary folder, no LEXSUB_*
variable and the working folder elsewhere (an empty `shared/` beside it, which the roots rule
ignores), the installed `lexsub mirror` makes a mirror of ../shared, `python3 -m http.server`
serves it, `lexsub fetch` fills the per-user folder from it with the shipped manifest, and
`lexsub score` then scores SemEval-2007, SWORDS, LexSubGen's protocol and TSAR-2022 exactly as
the checkout scores them, `--compare` included.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tiny_corpus import TinyRun

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import PROJECT_DIR, Roots
from lexsub_baselines.runs.ship import ship

pytestmark = [pytest.mark.slow, pytest.mark.needs("wordnet")]


def _build_and_install(tmp_path: Path, results: Path | None = None) -> Path:
    """Build the wheel from a copy of the sources (with `results`, the answers of that run's
    rows of the README's tables shipped into it, as scripts/ship_answers.py ships them) and
    install it into a fresh venv; return the venv."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(PROJECT_DIR / name, source / name)
    shutil.copytree(PROJECT_DIR / "lexsub_baselines", source / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if results is not None:
        ship(results, source / "lexsub_baselines" / "shipped",
             (PROJECT_DIR / "README.md").read_text(encoding="utf-8"), allow_missing=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(tmp_path / "dist"), str(source)], check=True, cwd=tmp_path)
    [wheel] = (tmp_path / "dist").glob("lexsub_baselines-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run([*pip, "--python", str(venv / "bin" / "python"), "install", "--no-deps",
                    "--no-index", str(wheel)], check=True)
    alone = tmp_path / "core-dependencies"  # tqdm, and nothing else of the dev environment
    alone.mkdir()
    (alone / "tqdm").symlink_to(Path(sysconfig.get_paths()["purelib"]) / "tqdm")
    [site] = (venv / "lib").glob("python3*/site-packages")
    (site / "zz-core-dependencies.pth").write_text(f"{alone}\n", encoding="utf-8")
    return venv


@contextmanager
def _http_server(folder: Path) -> Iterator[str]:
    """Serve `folder` with `python3 -m http.server` on a port it picks; yield its URL."""
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind",
                               "127.0.0.1", "-d", str(folder)], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        port = re.search(r"port (\d+)", server.stdout.readline())
        assert port is not None, "http.server printed no port"
        yield f"http://127.0.0.1:{port.group(1)}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def _checkout_output(capsys: pytest.CaptureFixture[str], shared: Roots, *args: str) -> str:
    capsys.readouterr()
    assert main(["--shared-root", str(shared.shared), "score", *args]) == 0
    return capsys.readouterr().out


def test_the_scoring_install_mirrors_fetches_and_scores_every_protocol(
        shared: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        wordnet_run: TinyRun) -> None:
    venv = _build_and_install(tmp_path, wordnet_run.out)  # the tiny run's answers shipped
    home, work = tmp_path / "home", tmp_path / "elsewhere" / "work"
    work.mkdir(parents=True)
    (work.parent / "shared").mkdir()  # a folder beside the working one takes nothing over
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LEXSUB_", "XDG_")) and k != "PYTHONPATH"}  # the wheel's copy
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")

    def run(*args: str, rc: int = 0, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(args, cwd=work, env=env, capture_output=True, text=True,
                              timeout=300, input=stdin)
        assert done.returncode == rc, (args, done.stdout, done.stderr)
        return done

    def lexsub(*args: str, rc: int = 0, stdin: str | None = None) -> str:
        done = run("lexsub", *args, rc=rc, stdin=stdin)
        return done.stdout if rc == 0 else done.stderr

    def one_line(*args: str, has: str) -> None:
        """One error line, naming `has`; no traceback, no `make` (a pip user has no checkout)."""
        error = lexsub(*args, rc=2)
        assert error.count("\n") == 1 and error.startswith("lexsub: error: "), error
        assert has in error and "make" not in error, error

    probe = "import lexsub_baselines as p, importlib.util as u; print(p.__file__); " \
            "print([m for m in ('numpy', 'spacy', 'dask', 'nltk') if u.find_spec(m)])"
    where, found = run(str(venv / "bin" / "python"), "-c", probe).stdout.splitlines()
    assert where.startswith(str(venv)) and found == "[]", (where, found)  # the wheel, alone

    vectors = {"best": shared.shared / "scorer-vectors" / "systems" / "s000_test_hedge.best",
               "oot": shared.shared / "scorer-vectors" / "systems" / "s002_test_oot10.oot",
               "swords": shared.shared / "swords-vectors" / "systems" / "test-reversed.lsr.json",
               "tsar": shared.shared / "tsar2022-vectors" / "systems" / "en-test-oracle.tsv",
               "lsg": shared.shared / "lexsubgen-vectors" / "semeval_all" / "systems"
                      / "semeval_all-reversed.json"}
    if not all(path.is_file() for path in vectors.values()):
        pytest.skip("the scorer, SWORDS, TSAR-2022 and LexSubGen vectors of ../shared are absent")
    for path in vectors.values():
        shutil.copyfile(path, work / path.name)
    best, oot, swords, tsar, lsg = (vectors[k].name for k in ("best", "oot", "swords", "tsar",
                                                               "lsg"))
    one_line("score", best, "semeval2007-test", has="run `lexsub fetch semeval2007`")
    one_line("score", tsar, "tsar2022-en-test", has="run `lexsub fetch tsar2022`")

    # what needs the extra says so in one line, naming the pip command that installs it from
    # the wheel this copy came from; the help marks it and keeps every description
    [wheel] = (tmp_path / "dist").glob("lexsub_baselines-*.whl")
    install = f"pip install '{wheel}[baselines]'"
    one_line("run", "wordnet", "semeval2007-trial", has=install)
    assert "Build resources and what they need" in lexsub("build", "--help")
    assert "build cached resources on a Dask cluster" in " ".join(lexsub("--help").split())
    api = run(str(venv / "bin" / "python"), "-c",
              "import lexsub_baselines as p; from lexsub_baselines import Candidate, Instance, "
              "Ranker, CandidateGenerator, Scorer, load_dataset, DATASETS\n"
              "try:\n    p.run('wordnet', 'semeval2007-trial')\n"
              "except p.LexsubError as error:\n    print(type(error).__name__, error)", rc=0)
    assert api.stdout.startswith("MissingExtraError run() needs") and install in api.stdout

    # the installed mirror command, served by a plain static server, fetched with the
    # shipped manifest (no edit: the SemEval-2007 archive is rebuilt, its members checked)
    mirror = tmp_path / "mirror"
    made = lexsub("--shared-root", str(shared.shared), "mirror", str(mirror), "semeval2007",
                  "swords", "tsar2022", "lst-candidates", "coinco", "prolex")  # WordNet:
    assert made.count(": mirrored (wrote ") == 6, made  # Debian's is read
    with _http_server(mirror) as url:
        fetched = lexsub("fetch", "scoring", "--mirror", url, "--no-progress")
    user_data = home / ".local" / "share" / "lexsub_baselines"
    assert f"data root {user_data / 'data'} (the per-user default)" in fetched
    assert "semeval2007       fetched: 8 file(s)" in fetched and "never verified" in fetched
    gold = user_data / "data" / "semeval2007" / "key" / "gold"

    # every protocol, as the checkout scores it
    semeval = lexsub("score", best, "semeval2007-test")
    assert semeval == _checkout_output(capsys, shared, str(vectors["best"]), "semeval2007-test")
    assert lexsub("score", oot, "semeval2007-test", "-t", "oot") == _checkout_output(
        capsys, shared, str(vectors["oot"]), "semeval2007-test", "-t", "oot")
    assert lexsub("score", swords, "swords-test") == _checkout_output(
        capsys, shared, str(vectors["swords"]), "swords-test")
    lexsubgen = json.loads(lexsub("score", lsg, "semeval2007-all", "--format", "json"))
    [case] = [json.loads(line) for line in (vectors["lsg"].parent.parent / "cases.jsonl").open()
              if json.loads(line).get("system_file") == f"systems/{lsg}"]
    assert lexsubgen["metrics"]["gap_normalized"] == pytest.approx(  # in percent
        100 * case["mean_metrics_unrounded"]["gap_normalized"], abs=1e-6)
    figures = json.loads(lexsub("score", "-", "tsar2022-en-test", "--format", "json",
                                stdin=vectors["tsar"].read_text(encoding="utf-8")))
    [case] = [json.loads(line) for line in (vectors["tsar"].parent.parent / "cases.jsonl").open()
              if json.loads(line)["system_file"] == f"systems/{tsar}"]
    assert (figures["metrics"]["ACC@1"], figures["metrics"]["MAP@10"]) == (
        case["metrics"]["MAP@1/Potential@1/Precision@1"], case["metrics"]["MAP@10"])
    prolex = shared.shared / "prolex-vectors" / "systems" / "test-noisy.csv"
    if prolex.is_file():  # ProLex's evaluate.py, reproduced in the scoring install too
        shutil.copyfile(prolex, work / prolex.name)
        found = json.loads(lexsub("score", prolex.name, "prolex-test", "--format", "json"))
        [case] = [c for c in map(json.loads, (prolex.parent.parent / "cases.jsonl").open())
                  if (c["file"], c["aspect"], c["topk"]) == (prolex.name, "prof", 10)]
        assert found["metrics"]["prof"]["F1@10"] == case["f1"]
    # --compare with the published fields: the 2007 teams, today's systems, the TSAR teams
    assert "| KU |" in lexsub("score", best, "semeval2007-test", "--compare")
    assert "XLNet+embs" in lexsub("score", lsg, "semeval2007-all", "--compare")
    assert "UniHD" in lexsub("score", tsar, "tsar2022-en-test", "--compare")
    # --paired (issue 55): pure Python, the checkout's figures to the bit
    other = shared.shared / "scorer-vectors" / "systems" / "s001_test_clean1.best"
    shutil.copyfile(other, work / other.name)
    tested = json.loads(lexsub("score", best, "semeval2007-test", "--paired", other.name,
                               "--format", "json"))["paired"]["tests"]
    checkout = json.loads(_checkout_output(capsys, shared, str(vectors["best"]),
                                           "semeval2007-test", "--paired", str(other),
                                           "--format", "json"))["paired"]["tests"]
    assert tested[0]["measures"] == checkout[0]["measures"]
    assert (home / ".cache" / "lexsub_baselines" / "digests").is_dir()  # the per-user cache
    # --paired ROW with no results folder (issue 59, 4): the row's answers shipped in the
    # wheel, read without the extra, within the README's 3 s; --compare places the rows
    [wheel] = (tmp_path / "dist").glob("lexsub_baselines-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {"lexsub_baselines/shipped/index.json",
            "lexsub_baselines/shipped/semeval2007-test/wordnet.best.xz"} <= set(names)
    start = time.perf_counter()
    paired = lexsub("score", best, "semeval2007-test", "--paired", "wordnet")
    seconds = time.perf_counter() - start
    assert "against semeval2007-test/wordnet (shipped with the package: the README's run" \
        in paired
    print(f"lexsub score {best} semeval2007-test --paired wordnet: {seconds:.2f} s")
    assert seconds < 10  # 3 s on an idle machine; a loaded one's margin
    assert "| wordnet | ours |" in lexsub("score", tsar, "tsar2022-en-test", "--compare")

    # a damaged gold is refused in one line naming both digests and the fetch
    data = bytearray(gold.read_bytes())
    data[5000] ^= 1
    gold.write_bytes(bytes(data))
    one_line("score", best, "semeval2007-test", has="run `lexsub fetch semeval2007`")
    one_line("score", best, str(gold), has="is not the recorded 4e27e4ab")


# --- issue 54: the README's first screen, word for word ------------------------------------

#: What the README's first-screen placeholders stand for: files of the shared vectors.
_FIRST_SCREEN_FILES = {
    "my.best": Path("scorer-vectors") / "systems" / "s000_test_hedge.best",
    "my.lsr.json": Path("swords-vectors") / "systems" / "test-reversed.lsr.json",
    "my.json": Path("lexsubgen-vectors") / "semeval_all" / "systems" / "semeval_all-reversed.json",
    "my.tsv": Path("tsar2022-vectors") / "systems" / "en-test-oracle.tsv",
}


def _first_screen() -> tuple[list[str], str]:
    """Return the commands of the README's 'score anywhere' block (comments cut) and its
    offline fetch (`lexsub fetch ... --mirror http://HOST:8000`), as the README words them."""
    text = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    after = text[text.index("Score a system's output anywhere"):]
    block = after.split("```\n", 2)[1]
    commands = [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]
    offline = re.search(r"`(lexsub fetch scoring --mirror http://HOST:8000)`", after)
    assert offline is not None, "the README's first screen names no offline fetch"
    return commands, offline.group(1)


def test_the_readmes_first_screen_word_for_word(shared: Roots, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer with a clone and the README: `python3 -m venv`, then the first screen's
    commands as written (its offline fetch from a mirror that `lexsub mirror` made of
    ../shared), one file of each protocol scored as the checkout scores it (the commands and
    their times printed)."""
    commands, offline = _first_screen()
    assert commands[:2] == ["pip install .", "lexsub fetch scoring"]
    assert [c.split()[:2] for c in commands[2:]] == [["lexsub", "score"]] * 4
    if not all((shared.shared / path).is_file() for path in _FIRST_SCREEN_FILES.values()):
        pytest.skip("the scorer, SWORDS, LexSubGen and TSAR-2022 vectors of ../shared are absent")
    clone = tmp_path / "lexsub_baselines"  # a clone: the files a checkout has
    clone.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(PROJECT_DIR / name, clone / name)
    shutil.copytree(PROJECT_DIR / "lexsub_baselines", clone / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    venv, home, work = tmp_path / "venv", tmp_path / "home", tmp_path / "work"
    work.mkdir()
    subprocess.run(["python3", "-m", "venv", str(venv)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LEXSUB_", "XDG_", "PIP_")) and k != "PYTHONPATH"}
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")

    def run(line: str, cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
        start = time.perf_counter()
        done = subprocess.run(shlex.split(line), cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=900)
        return done, time.perf_counter() - start

    timed: list[tuple[str, float]] = []
    installed, seconds = run(commands[0], clone)  # pip install . (in the clone)
    if installed.returncode and re.search(r"Could not find a version|NewConnectionError|"
                                          r"Temporary failure in name resolution",
                                          installed.stderr):
        pytest.skip(f"`pip install .` needs a package index (tqdm, setuptools): "
                    f"{installed.stderr.strip().splitlines()[-1]}")
    assert installed.returncode == 0, installed.stderr
    timed.append((commands[0], seconds))
    probe = run("python -c 'import importlib.util as u; print([m for m in (\"numpy\", "
                "\"spacy\", \"nltk\") if u.find_spec(m)])'", work)[0]
    assert probe.stdout.strip() == "[]", probe  # installed without the extra

    mirror = tmp_path / "mirror"  # the machine with the data: its lexsub mirror, served
    made = run(f"lexsub --shared-root {shared.shared} mirror {mirror}", work)[0]
    mirrored = made.stdout.count(": mirrored (wrote ")  # WordNet's packages from apt's cache,
    assert mirrored == 7 or (mirrored == 6 and made.returncode == 1  # else Debian's is read
                             and "wordnet: not mirrored" in made.stdout), made
    with _http_server(mirror) as url:
        fetched, seconds = run(offline.replace("http://HOST:8000", url), work)
    assert fetched.returncode == 0, (fetched.stdout, fetched.stderr)
    for name in ("semeval2007", "lst-candidates", "coinco", "swords", "tsar2022", "prolex"):
        assert re.search(rf"(?m)^{name} +fetched: \d+ file\(s\) checked in {home}/", fetched.stdout)
    timed.append((offline, seconds))
    for placeholder, path in _FIRST_SCREEN_FILES.items():
        shutil.copyfile(shared.shared / path, work / placeholder)
    scored = {}
    for line in commands[2:]:
        done, seconds = run(line, work)
        assert done.returncode == 0, (line, done.stderr)
        scored[line.split()[2]] = done.stdout
        timed.append((line, seconds))
    # as the checkout scores the same files, from the same folder
    monkeypatch.chdir(work)
    for placeholder in ("my.best", "my.lsr.json", "my.tsv", "my.json"):
        line = next(c for c in commands[2:] if c.split()[2] == placeholder)
        assert scored[placeholder] == _checkout_output(
            capsys, shared, placeholder, *line.split()[3:]), line
    assert "Total = 1696, attempted" in scored["my.best"]
    total = sum(seconds for _, seconds in timed)
    print(f"first screen: {len(timed)} commands, {total:.1f} s: " +
          "; ".join(f"{line} {seconds:.1f} s" for line, seconds in timed))
