"""The package's imports and modules: no circles, no import up a layer, docstrings, sizes.

Walks every module with `ast`: imports at the top, inside functions and under
`TYPE_CHECKING` all count. `from pkg import name` counts as an import of `pkg.name` when that
is a module, else of `pkg`. The implicit import of a parent package's `__init__` does not
count (as in grimp / import-linter). The walker is `inputs.imports`, the one the code
identity follows.
"""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

import pytest

from lexsub_baselines.inputs.code_identity import PACKAGE_DIR
from lexsub_baselines.inputs.imports import (  # the walker the code identity uses too
    import_graph,
    imports,
    module_files,
)
from lexsub_baselines.layers import LAYERS, layer_of

ROOT = PACKAGE_DIR


def _modules() -> dict[str, Path]:
    return module_files(ROOT)


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """Return one import circle as [a, b, ..., a], or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if state.get(start):
            continue
        path = [start]
        stack = [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            following = next(stack[-1], None)
            if following is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(following) == 1:
                return [*path[path.index(following):], following]
            elif not state.get(following):
                state[following] = 1
                path.append(following)
                stack.append(iter(sorted(graph[following])))
    return None


def _chain(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    return " -> ".join(f"{a} (line {graph[a][b]})" for a, b in pairwise(cycle)) \
        + f" -> {cycle[-1]}"


def test_every_module_has_a_layer() -> None:
    missing = [m for m in _modules() if layer_of(m) is None]
    assert not missing, f"modules outside every layer of lexsub_baselines.layers: {missing}"


def test_no_import_circles() -> None:
    graph = import_graph(ROOT)
    cycle = find_cycle(graph)
    assert cycle is None, f"import circle: {_chain(graph, cycle or [])}"


def test_no_import_runs_up_a_layer() -> None:
    graph = import_graph(ROOT)
    upward = []
    for module, imported in sorted(graph.items()):
        own = layer_of(module)
        for target, line in sorted(imported.items()):
            theirs = layer_of(target)
            if own is not None and theirs is not None and theirs > own:
                upward.append(f"{module} (layer {LAYERS[own][0]!r}) imports {target} "
                              f"(layer {LAYERS[theirs][0]!r}) at line {line}")
    assert not upward, "imports up a layer:\n" + "\n".join(upward)


def test_the_walker_finds_a_circle_and_an_upward_import(tmp_path: Path) -> None:
    graph = {"a": {"b": 3}, "b": {"c": 5}, "c": {"a": 7}, "d": {}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert _chain(graph, ["a", "b", "c", "a"]) == "a (line 3) -> b (line 5) -> c (line 7) -> a"
    assert find_cycle({"a": {"b": 1}, "b": {}}) is None
    modules = {"lexsub_baselines.resources.x": tmp_path / "x.py",
               "lexsub_baselines.distributional.y": tmp_path / "y.py"}
    (tmp_path / "x.py").write_text("def f():\n    from lexsub_baselines.distributional.y "
                                   "import z\n")
    found = imports("lexsub_baselines.resources.x", tmp_path / "x.py",
                     ast.parse((tmp_path / "x.py").read_text()), modules)
    assert found == {"lexsub_baselines.distributional.y": (2, "function")}
    assert layer_of("lexsub_baselines.resources.x") < layer_of(  # type: ignore[operator]
        "lexsub_baselines.distributional.y")


@pytest.mark.parametrize("module", sorted(_modules()))
def test_module_says_what_it_does_in_its_first_line(module: str) -> None:
    path = _modules()[module]
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert docstring and docstring.split("\n")[0].strip(), f"{path}: no module docstring"


#: Modules stay small (house style: about 300 lines at most).
MAX_LINES = 320


def test_modules_stay_near_300_lines() -> None:
    long = {module: n for module, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (split them): {long}"
