"""No stale result: each edit that changes what a system answers answers it again.

Real `lexsub baselines` processes on the tiny resources (the first instances of every dataset:
`LEXSUB_SAMPLE`), each edit one that the results cache once missed (issue 58): a package of
one's own that a plug-in imports from `PYTHONPATH`, a data file beside the plug-in, a statement
at a module's end that changes a table, a method of the object the unit is handed, a file of
one's own in the data root; and the other way, a run of fewer systems serves what a run of
more kept.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tiny_corpus import seed_built

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.inputs.code_identity import PACKAGE_DIR

pytestmark = pytest.mark.slow

PLUGIN = '''"""A plug-in whose ranker reads a package of one's own and a data file beside it."""
import json
from pathlib import Path

import signs  # a package of one's own, on PYTHONPATH

from lexsub_baselines import RANKERS, compose


class Signed:
    name = "signed"

    def rank(self, instance, candidates):
        weights = json.loads((Path(__file__).parent / "weights.json").read_text())
        sign = signs.SIGN * weights["sign"]
        scored = [c.scored(sign * (len(c.lemma) + c.tier / 10)) for c in candidates]
        return sorted(scored, key=lambda c: (-(c.score or 0), c.lemma))


RANKERS.add("signed", lambda roots: Signed(), "by length, signed")
compose("wordnet+signed", "wordnet", "signed")
'''


class Runner:
    """Runs `lexsub baselines` on a copy of the tiny resources, from a folder of its own."""

    def __init__(self, roots: Roots, folder: Path, pythonpath: list[Path]) -> None:
        self.roots, self.folder, self.pythonpath = roots, folder, pythonpath

    def __call__(self, *systems: str, plugin: str | None = None, lexsubgen: bool = False
                 ) -> str:
        """Run, and return the run's summary line (which systems were answered, and why)."""
        command = [sys.executable, "-m", "lexsub_baselines", "--shared-root",
                   str(self.roots.shared), "--data-root", str(self.roots.data), "--cache-dir",
                   str(self.roots.cache), "baselines", "--systems", *systems, "--no-tsar",
                   "--out", str(self.folder / "results"), "--no-progress"]
        if plugin:
            command += ["--plugin", plugin]
        if not lexsubgen:
            command.append("--no-lexsubgen")
        env = {**os.environ, "LEXSUB_SAMPLE": "5",
               "PYTHONPATH": os.pathsep.join(map(str, self.pythonpath))}
        done = subprocess.run(command, cwd=self.folder, env=env, capture_output=True,
                              text=True)
        assert done.returncode == 0, done.stderr[-3000:]
        return next(line for line in done.stderr.splitlines()
                    if line.startswith("lexsub: ") and "from the cache:" in line)

    def scores(self) -> dict[str, object]:
        loaded: dict[str, object] = json.loads(
            (self.folder / "results" / "scores.json").read_text(encoding="utf-8"))
        return loaded


@pytest.fixture()
def runner(tiny_shared: Roots, tiny_built: Path, tmp_path: Path) -> Runner:
    roots = seed_built(tiny_built, tiny_shared, tmp_path)
    return Runner(roots, tmp_path, [])


def test_a_plug_ins_own_package_and_data_file_are_in_its_answers_trace(runner: Runner
                                                                      ) -> None:
    plug, mine = runner.folder / "plug", runner.folder / "mine" / "signs"
    plug.mkdir()
    mine.mkdir(parents=True)
    (plug / "myplug.py").write_text(PLUGIN)
    (plug / "weights.json").write_text('{"sign": 1}')
    (mine / "__init__.py").write_text("SIGN = 1\n")
    runner.folder, runner.pythonpath = plug, [mine.parent]
    first = runner("wordnet+signed", plugin="myplug")
    assert "answered again (not cached): wordnet+signed" in first
    assert runner("wordnet+signed", plugin="myplug").endswith("from the cache: 1 system")
    best = runner.folder / "results" / "semeval2007-test" / "wordnet+signed.best"
    before = best.read_bytes()
    (mine / "__init__.py").write_text("SIGN = -1\n")  # the package of one's own
    again = runner("wordnet+signed", plugin="myplug")
    assert re.search(r"answered again \(code \S+signs/__init__\.py changed\): wordnet\+signed",
                     again), again
    assert best.read_bytes() != before
    (plug / "weights.json").write_text('{"sign": -1}')  # the data file beside it
    again = runner("wordnet+signed", plugin="myplug")
    assert re.search(r"answered again \(file \S+weights\.json changed\)", again), again
    assert best.read_bytes() == before  # -1 * -1: the first answers, made again


@pytest.fixture()
def copied(runner: Runner) -> Runner:
    """The runner, running a copy of the package (to be edited)."""
    copy = runner.folder / "src" / "lexsub_baselines"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    runner.pythonpath = [copy.parent]
    return runner


def _edit(copy: Path, relative: str, old: str, new: str) -> None:
    path = copy / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{relative}: {old!r} not found"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_module_level_mutation_and_a_handed_objects_method_answer_again(copied: Runner
                                                                         ) -> None:
    copy = copied.pythonpath[0] / "lexsub_baselines"
    first = copied("wordnet", lexsubgen=True)
    assert "answered again (not cached): wordnet" in first
    assert copied.scores().get("coinco-all")
    module = copy / "runs" / "lexsubgen_runs.py"
    original = module.read_text(encoding="utf-8")
    module.write_text(original + '\nLEXSUBGEN_DATASETS.pop("coinco-all")\n', encoding="utf-8")
    again = copied("wordnet", lexsubgen=True)
    assert "module lexsub_baselines.runs.lexsubgen_runs changed" in again, again
    assert not copied.scores().get("coinco-all")
    module.write_text(original, encoding="utf-8")
    assert copied("wordnet", lexsubgen=True).endswith("from the cache: 1 system")
    _edit(copy, "runs/lexsubgen_runs.py", "        return self._instances[dataset]",
          "        return dict(self._instances[dataset])")  # a copy: the same answers
    again = copied("wordnet", lexsubgen=True)
    assert "module lexsub_baselines.runs.lexsubgen_runs changed" in again, again


def test_a_file_of_ones_own_in_the_data_root_answers_and_scores_again(runner: Runner
                                                                      ) -> None:
    data = runner.folder / "data"
    data.mkdir()
    for child in runner.roots.data.iterdir():
        (data / child.name).symlink_to(child.resolve(), target_is_directory=child.is_dir())
    shutil.copytree(Path(__file__).parent / "fixtures" / "clls2010", data / "clls2010")
    runner.roots = Roots(runner.roots.shared, data, runner.roots.cache)
    first = runner("dict:wiktionary")
    assert "answered again (not cached): dict:wiktionary" in first
    spec = load_dataset("clls2010-trial", runner.roots).spec
    gold, xml = data / str(spec.relpath("gold")), data / str(spec.relpath("instances"))
    gold.write_text(gold.read_text(encoding="utf-8").replace(" 1;", " 2;", 1),
                    encoding="utf-8")
    again = runner("dict:wiktionary")
    assert "scored again" in again and "dict:wiktionary" in again, again
    xml.write_text(xml.read_text(encoding="utf-8").replace("<head>", "<head> ", 1),
                   encoding="utf-8")
    again = runner("dict:wiktionary")
    assert re.search(r"answered again \(file data:clls2010/trial/\S+\.xml changed\)", again), \
        again


def test_a_run_of_fewer_systems_serves_what_a_run_of_more_kept(runner: Runner) -> None:
    assert "not cached" in runner("wordnet", "mw", "lin")
    assert runner("wordnet").endswith("from the cache: 1 system")
    assert runner("lin", "mw").endswith("from the cache: 2 systems")
