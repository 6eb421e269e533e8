"""Proven by running: a kept result's key and trace name the code that ran and the files read.

Every registered system's unit is answered and scored on the tiny data (the first instances
of every dataset) with a tracer that sees every function run (`tests/traced_units.py`), and
the tiny resources are built with every read logged (`LEXSUB_READS_LOG`: the `tiny_built`
fixture). The rules, by kind of file and not by module:
- the package's functions that ran while answering are in the modules the unit's trace names
  (`runs.unit_task.answering_modules`), those that ran while scoring in the scores' key's
  code (`runs.result_cache.SCORING`), plumbing apart (`inputs.code_identity.PLUMBING`);
- a file read is a recorded input (declared: a unit's key holds every input present, a build
  stage's the inputs it declares), a sealed output of the cache, the package's own data, or
  the Python and its libraries', the machine's or code (the modules loaded are items).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import READS_LOG
from tiny_corpus import seed_built

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import PACKAGE_DIR, PLUMBING, closure
from lexsub_baselines.inputs.imports import module_name
from lexsub_baselines.inputs.reads import check_path
from lexsub_baselines.inputs.trace import classify
from lexsub_baselines.runs.result_cache import SCORING

pytestmark = pytest.mark.slow
HERE = Path(__file__).resolve().parent
#: Instances of each dataset answered (enough to reach every branch a dataset's kind takes).
SAMPLE = "4"


@pytest.fixture(scope="module")
def traced(tiny_shared: Roots, tiny_built: Path, tmp_path_factory: pytest.TempPathFactory
           ) -> tuple[Roots, dict[str, Any]]:
    """Return the roots of the traced units' run, and what `traced_units.py` found (the
    units' own files under `found["out"]`)."""
    folder = tmp_path_factory.mktemp("traced")
    roots = seed_built(tiny_built, tiny_shared, folder)
    result = folder / "traced.json"
    subprocess.run([sys.executable, str(HERE / "traced_units.py"), str(roots.shared),
                    str(roots.cache), str(folder / "out"), str(result)], check=True,
                   env={**os.environ, "LEXSUB_SAMPLE": SAMPLE})
    return roots, {**json.loads(result.read_text(encoding="utf-8")), "out": str(folder / "out")}


def _package_module(filename: str) -> str | None:
    path = Path(filename).resolve()
    if not path.is_relative_to(PACKAGE_DIR):
        return None
    name = module_name(path.relative_to(PACKAGE_DIR).as_posix())
    short = name.removeprefix("lexsub_baselines.")
    return None if any(short == p or short.startswith(p + ".") for p in PLUMBING) else name


def _outside(ran: Iterable[list[Any]], covered: set[str]) -> dict[str, str]:
    """Return module -> one of its functions that ran, of the modules not in `covered`."""
    found: dict[str, str] = {}
    for filename, function, line in ran:
        module = _package_module(filename)
        if module is not None and module not in covered:
            found.setdefault(module, f"{function} (line {line})")
    return found


def test_the_code_that_answered_is_in_the_units_trace(traced: tuple[Roots, dict[str, Any]]
                                                      ) -> None:
    _, found = traced
    systems = {name: row for name, row in found.items() if name not in ("opened", "out")}
    assert len(systems) >= 30 and all(row["rows"] > 0 for row in systems.values())
    missed = {name: outside for name, row in systems.items()
              if (outside := _outside(row["answering"], set(row["trace"])))}
    assert not missed, f"code that answered, not in the trace its answers are kept by: {missed}"


def test_the_code_that_scored_is_in_the_scores_key(traced: tuple[Roots, dict[str, Any]]
                                                   ) -> None:
    _, found = traced
    scoring = closure(SCORING)
    missed = {name: outside for name, row in found.items() if name not in ("opened", "out")
              if (outside := _outside(row["scoring"], scoring))}
    assert not missed, f"code that scored, not in the scores' key: {missed}"


def _sealed(path: Path) -> bool:
    """Return True for a sealed output of the cache: a file with its `.sha256` seal (or the
    seal), or a file of a folder installed sealed (`<name>.<16 hex>`)."""
    if path.name.endswith(".sha256") or path.with_name(path.name + ".sha256").is_file():
        return True
    return any(len(part.rpartition(".")[2]) == 16 and "." in part
               for part in path.resolve().parts[:-1])


def _tools() -> set[Path]:
    """Return the tools a key holds the identity of (KenLM's, which build the LM)."""
    from lexsub_baselines.inputs.kenlm_tools import locate_tools

    tools = locate_tools()
    return {tools.lmplz.resolve(), tools.build_binary.resolve()}


def _undeclared(path: str, roots: Roots, declared: frozenset[str] | None,
                outputs: tuple[Path, ...] = ()) -> str | None:
    """Return why reading `path` breaks the rules (None: it does not); `declared`: the
    inputs of the computation that read it (None: any input of the manifest); `outputs`:
    the computation's own outputs (read back: the scoring reads the answers)."""
    name = classify(path, roots, outputs)
    if name is None or name.startswith("package:") or not Path(path).is_file():
        return None  # not traced, the package's data, or nothing read (an open that failed)
    if name.startswith("cache:"):
        return None if _sealed(Path(path)) else "an unsealed file of the cache"
    if Path(path).resolve() in _tools():
        return None
    checked, _ = check_path(Path(path), roots)
    if checked.id.startswith("own:"):
        return "no input of the manifest"
    if declared is not None and checked.id not in declared:
        return f"the input {checked.id}, not declared"
    return None


def test_every_file_a_unit_read_is_a_recorded_input_or_a_sealed_output(
        traced: tuple[Roots, dict[str, Any]]) -> None:
    roots, found = traced
    wrong = {path: why for path in found["opened"]
             if (why := _undeclared(path, roots, None, (Path(found["out"]),))) is not None}
    assert not wrong, f"files read while answering and scoring, against the rules: {wrong}"


def test_every_file_a_build_stage_read_is_one_it_declares(tiny_shared: Roots,
                                                         tiny_built: Path) -> None:
    lines = (tiny_built / READS_LOG).read_text(encoding="utf-8").splitlines()
    roots = Roots(tiny_shared.shared, tiny_shared.data, tiny_built)
    stages, wrong = set(), {}
    for line in lines:
        computation, ids, how, path = line.split("\t", 3)
        if not computation:
            continue
        stages.add(computation)
        # a digest (for a key: another stage's) is no read, but of an input all the same
        declared = None if how == "digest" else frozenset(filter(None, ids.split(",")))
        if (why := _undeclared(path, roots, declared)):
            wrong[f"{computation}: {path}"] = why
    assert {"relations", "lm", "word2vec", "neighbours"} <= stages  # the log saw the stages
    assert not wrong, f"files read by build stages, against the rules: {wrong}"
