"""The public API: the README's 20-line example runs as shown, plug-ins load (or fail clearly)."""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tiny_corpus import sample_coinco

import lexsub_baselines
from lexsub_baselines import Candidate, Instance, LexsubError, PluginError, load_plugins
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import MANIFEST_ENV

PROJECT = Path(__file__).resolve().parent.parent
EXAMPLE = PROJECT / "scripts" / "example_system.py"


def _env(roots: Roots) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(PROJECT), "LEXSUB_SHARED_ROOT": str(roots.shared),
            "LEXSUB_DATA_ROOT": str(roots.data), "LEXSUB_CACHE_DIR": str(roots.cache)}


def _lexsub(args: list[str], roots: Roots, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexsub_baselines", *args], cwd=cwd,
                          env=_env(roots), capture_output=True, text=True, timeout=300)


def test_every_public_name_loads() -> None:
    assert sorted(lexsub_baselines.__all__) == sorted(["__version__", *lexsub_baselines._EXPORTS])
    for name in lexsub_baselines.__all__:
        assert getattr(lexsub_baselines, name) is not None, name
    assert "emb:baladd" in lexsub_baselines.RANKERS  # the registries come filled
    assert "wordnet+emb:baladd" in lexsub_baselines.system_names()
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        lexsub_baselines.nothing  # noqa: B018


def test_unknown_component_names_list_the_known_ones(roots: Roots) -> None:
    with pytest.raises(LexsubError, match=r"unknown ranker 'lmm'; known: .*\blm\b"):
        lexsub_baselines.ranker("lmm", roots)
    with pytest.raises(LexsubError, match=r"unknown generator 'wordnett'; known: .*wordnet"):
        lexsub_baselines.generator("wordnett", roots)
    assert lexsub_baselines.ranker("identity", roots).name == "identity"


def test_readme_example_is_the_script_and_at_most_20_lines() -> None:
    code = EXAMPLE.read_text(encoding="utf-8")
    assert len(code.splitlines()) <= 20
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    assert f"```python\n{code}```" in readme, "README's example differs from the script"


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_example_runs_and_prints_what_the_scorer_gives(shared: Roots, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], cwd=tmp_path, env=_env(shared),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    pattern = r"^(best|oot) P ([\d.]+) R ([\d.]+) ModeP ([\d.]+) ModeR ([\d.]+)$"
    printed = {kind: tuple(map(float, figures))
               for kind, *figures in re.findall(pattern, done.stdout, flags=re.M)}
    assert set(printed) == {"best", "oot"}, done.stdout
    folder = tmp_path / "example" / "semeval2007-trial"
    for kind in ("best", "oot"):  # the printed figures are the scorer's, on the written files
        main = lexsub_baselines.score(folder / f"wordnet+short-first.{kind}",
                                      "semeval2007-trial", kind, roots=shared).to_json()["all"]
        assert printed[kind] == (main["precision"], main["recall"], main["mode_precision"],
                                 main["mode_recall"])
        assert main["recall"] > 0
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    assert done.stdout in readme, "README's output of the example is stale"


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.needs("wordnet")
def test_the_readme_plugin_commands_run_as_written(built_roots: Roots, tmp_path: Path) -> None:
    """The README's example saved without its last four lines as `my_systems.py`, and its
    three plug-in commands (the tables, SWORDS, CoInCo under LexSubGen's protocol) run as
    written, by the installed `lexsub` script, from that folder (the tiny corpus's resources,
    built once in the session: the commands, not the figures, are tested)."""
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"`(lexsub [^`]*--plugin\s+my_systems[^`]*)`", readme)
    assert len(commands) == 3, commands
    assert "Saved without its last four lines as a module" in " ".join(readme.split())
    code = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert code[-4].startswith("if __name__ == ")
    (tmp_path / "my_systems.py").write_text("\n".join(code[:-4]) + "\n", encoding="utf-8")
    script = Path(sys.executable).with_name("lexsub")
    lexsub = str(script) if script.is_file() else shutil.which("lexsub")
    if lexsub is None:
        pytest.skip("the lexsub script is not installed (`make setup` installs it)")
    # CoInCo cut to 40 instances (as tests/test_report_default.py): the commands run every
    # protocol as written, and the whole of CoInCo's 15,415 instances would test nothing more
    data = tmp_path / "root" / "data"
    data.parent.mkdir()
    manifest = sample_coinco(built_roots.data, data, 40)
    env = {k: v for k, v in _env(dataclasses.replace(built_roots, data=data)).items()
           if k != "PYTHONPATH"} | {MANIFEST_ENV: str(manifest)}
    for command in commands:
        words = shlex.split(command)
        done = subprocess.run([lexsub, *words[1:]], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=900)
        assert done.returncode == 0, (command, done.stderr[-2000:])
        assert "Traceback" not in done.stderr
    results = tmp_path / "results"
    assert "| `wordnet+short-first` |" in (results / "tables.md").read_text(encoding="utf-8")
    assert (tmp_path / "mine" / "swords-test" / "wordnet+short-first.lsr.json").is_file()
    result = tmp_path / "mine" / "coinco-all" / "wordnet+short-first+fill.lexsubgen.json"
    assert len(json.loads(result.read_text(encoding="utf-8"))) == 40  # LexSubGen's protocol
    assert (result.parent / "wordnet+short-first+fill.pool.json").is_file()


@pytest.mark.shared
def test_a_user_ranker_that_breaks_its_contract_is_named(shared: Roots, tmp_path: Path) -> None:
    """A plug-in's ranker that returns strings, or divides by zero: `lexsub run` prints one
    error naming the system, the instance, the ranker and the rule, never a traceback."""
    (tmp_path / "broken.py").write_text(
        "from lexsub_baselines import RANKERS, compose\n"
        "class Words:\n    name = 'words'\n"
        "    def rank(self, instance, candidates):\n"
        "        return [c.lemma for c in candidates]\n"
        "class Divides:\n    name = 'divides'\n"
        "    def rank(self, instance, candidates):\n"
        "        return [c.scored(len(c.lemma) / 0) for c in candidates]\n"
        "RANKERS.add('words', lambda roots: Words())\n"
        "RANKERS.add('divides', lambda roots: Divides())\n"
        "compose('roget+words', 'roget', 'words')\n"
        "compose('roget+divides', 'roget', 'divides')\n", encoding="utf-8")
    expected = {
        "words": r"ranker words's rank\(\) returned a str \('.*'\); rank\(instance, "
                 r"candidates\) must return a list of Candidate, best first \(c.scored\(score\) "
                 r"gives a scored copy of a candidate\)",
        "divides": r"ranker divides's rank\(\) raised ZeroDivisionError: division by zero \(at "
                   r"broken.py:9, in (<listcomp>|rank)\); rank\(instance, candidates\) must "
                   r"return a list of Candidate, best first .*"}
    for ranker, message in expected.items():
        done = _lexsub(["run", f"roget+{ranker}", "semeval2007-trial", "--out", "out",
                        "--plugin", "broken"], shared, tmp_path)
        assert done.returncode == 2
        assert re.fullmatch(rf"lexsub: error: system roget\+{ranker}, instance \d+ "
                            rf"\([\w.]+\): {message}\n", done.stderr), done.stderr


def test_a_registration_run_again_replaces_itself(tmp_path: Path) -> None:
    """A notebook cell run twice registers its ranker and system again without an error;
    another module taking a name is still refused."""
    cell = ("from lexsub_baselines import RANKERS, compose\n"
            "RANKERS.add('again', lambda roots: None, 'a ranker registered twice')\n"
            "compose('wordnet+again', 'wordnet', 'again')\n")
    code = (f"exec({cell!r}); exec({cell!r})\n"
            "import lexsub_baselines as L\n"
            "print(L.system_names().count('wordnet+again'))\n"
            "try:\n    L.RANKERS.add('lm', lambda roots: None)\n"
            "except L.LexsubError as error:\n    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(PROJECT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "1", "ranker 'lm' is registered twice (by lexsub_baselines.catalog.components and by "
        "__main__): give one of them another name"]


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_score_takes_what_run_returns_and_swords_gold(shared: Roots, tmp_path: Path) -> None:
    """`score(run(...).answers, ...)` scores the answers as their files score;
    `score(path, "swords-dev")` is `Scorer("swords-dev").score(path)`; pointless runs are
    refused."""
    from lexsub_baselines import run, score
    from lexsub_baselines.scoring import SwordsReport, SwordsScorer

    result = run("wordnet+identity", "semeval2007-trial", out=tmp_path, roots=shared)
    for kind in ("best", "oot"):
        in_memory = score(result.answers, "semeval2007-trial", kind, roots=shared, warn=False)
        from_file = score(result.files[kind], "semeval2007-trial", kind, roots=shared,
                          warn=False)
        assert in_memory.to_json()["all"] == from_file.to_json()["all"]
        assert from_file.to_json()["all"]["recall"] > 0
    swords = run("wordnet+identity", "swords-dev", out=tmp_path, roots=shared)
    report = score(swords.files["lsr"], "swords-dev", roots=shared, warn=False)
    assert isinstance(report, SwordsReport)
    scorer = SwordsScorer("swords-dev", roots=shared)
    assert report.metrics == scorer.score(swords.files["lsr"], warn=False).metrics
    assert score(swords.answers, "swords-dev", roots=shared, warn=False).metrics == \
        report.metrics
    assert report.metrics["strict_c_f@10"] > 0
    with pytest.raises(LexsubError, match=r"system mw writes mw answers, which swords-dev "
                                          r"cannot score \(SWORDS scores ranked substitutes\)"):
        run("mw", "swords-dev", roots=shared)
    with pytest.raises(LexsubError, match=r"system dict:wiktionary answers in Spanish, and "
                                          r"semeval2007-trial's gold is English"):
        run("dict:wiktionary", "semeval2007-trial", roots=shared)


def test_a_missing_plugin_is_one_clear_error() -> None:
    with pytest.raises(PluginError, match=r"plugin module 'no_such_plugin_xyz' not found \(on "
                       r"the Python path or in the working folder .*\): install it, add its "
                       r"folder to PYTHONPATH"):
        load_plugins(["no_such_plugin_xyz"], installed=False)
    with pytest.raises(PluginError, match=r"plugin file '/nonexistent/mine.py' does not exist"):
        load_plugins(["/nonexistent/mine.py"], installed=False)


def test_a_plugin_that_fails_to_import_names_the_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken_plugin.py"
    broken.write_text("import lexsub_baselines\nraise RuntimeError('boom')\n")
    with pytest.raises(PluginError, match=r"plugin file '.*broken_plugin.py' failed to import: "
                       r"RuntimeError: boom \(run `python .*broken_plugin.py` to see"):
        load_plugins([str(broken)], installed=False)
    missing_dependency = tmp_path / "needs_more.py"
    missing_dependency.write_text("import not_installed_dependency_xyz\n")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(PluginError, match=r"plugin module 'needs_more' failed to import: "
                           r"ModuleNotFoundError: No module named 'not_installed_dependency_xyz'"):
            load_plugins(["needs_more"], installed=False)
    finally:
        sys.path.remove(str(tmp_path))


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_cli_plugin_joins_the_systems_and_bad_input_is_one_line(shared: Roots,
                                                                tmp_path: Path) -> None:
    listed = _lexsub(["systems", "--plugin", str(EXAMPLE)], shared, tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[-1].startswith("wordnet+short-first ")
    ran = _lexsub(["run", "wordnet+short-first", "semeval2007-trial", "--out", "out",
                   "--plugin", str(EXAMPLE)], shared, tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "out" / "semeval2007-trial" / "wordnet+short-first.oot").is_file()
    for args, message in (
            (["run", "wordnet", "semeval2007-trial", "--plugin", "no_such_plugin_xyz"],
             "plugin module 'no_such_plugin_xyz' not found"),
            (["run", "wordnet+nope", "semeval2007-trial"], "unknown ranker 'nope'; known: "),
            (["baselines", "--systems", "wordnett"], "unknown system 'wordnett'; known: "),
            (["baselines", "--systems", "x", "--plugin", "zz/none.py"],
             "plugin file 'zz/none.py' does not exist")):
        failed = _lexsub(args, shared, tmp_path)
        assert failed.returncode == 2
        assert message in failed.stderr and "Traceback" not in failed.stderr
        assert len(failed.stderr.strip().splitlines()) == 1, failed.stderr


def test_the_embedding_ranker_uses_only_the_public_contract() -> None:
    """`rankers.embedding` is built as a user would build a ranker: every name it takes from
    the package is public (`lexsub_baselines.__all__`) or the model it reads."""
    path = PROJECT / "lexsub_baselines" / "rankers" / "embedding.py"
    models = ("lexsub_baselines.distributional.",)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        module = node.module or "" if isinstance(node, ast.ImportFrom) else ""
        if module.startswith("lexsub_") and not module.startswith(models):
            for alias in node.names:  # type: ignore[attr-defined]
                assert alias.name in lexsub_baselines.__all__, (module, alias.name)


def test_public_protocols_accept_a_plain_class() -> None:
    class Mine:
        name = "mine"

        def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
            return candidates

    assert isinstance(Mine(), lexsub_baselines.Ranker)


def test_an_installed_entry_point_plugin_loads_with_the_catalog(tmp_path: Path) -> None:
    """A distribution declaring `lexsub_baselines.plugins` joins without `--plugin`."""
    (tmp_path / "my_emb_plugin.py").write_text(
        "from lexsub_baselines import RANKERS, compose\n"
        "RANKERS.add('reversed', lambda roots: __import__('lexsub_baselines').ranker("
        "'identity', roots))\n"
        "compose('wordnet+reversed', 'wordnet', 'reversed')\n")
    info = tmp_path / "my_emb_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-emb-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[lexsub_baselines.plugins]\nmine = my_emb_plugin\n")
    code = ("import lexsub_baselines as L; L.load_plugins(); "
            "print(L.system_names()[-1], 'reversed' in L.RANKERS)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": f"{tmp_path}:{PROJECT}"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["wordnet+reversed", "True"]
    (tmp_path / "my_emb_plugin.py").write_text("raise ImportError('needs torch')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": f"{tmp_path}:{PROJECT}"}, timeout=120)
    assert "PluginError: plugin entry point 'mine' (my_emb_plugin, from my-emb-plugin) failed " \
           "to load: ImportError: needs torch; fix or uninstall that distribution" in done.stderr
