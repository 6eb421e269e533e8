"""The one import walker: which modules of the package a module imports, and how each import
is reached (at the module's top, inside a function, under `TYPE_CHECKING`).

The code identity (`inputs.code_identity`) follows the imports that run; the layers' test
(`tests/test_imports.py`) reads every import, annotations' included. `from pkg import name`
is an import of `pkg.name` when that is a module, else of `pkg`; the implicit import of a
parent package's `__init__` does not count (as in grimp and import-linter). `entry_modules`
reads the same off a live object (a registry entry): the modules its code imports and names.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import types
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["FUNCTION", "PACKAGE", "TOP", "TYPING", "entry_modules", "externals", "import_graph",
           "imports", "module_files", "module_name"]

PACKAGE = "lexsub_baselines"
#: How an import is reached: at a module's top, inside a function, under TYPE_CHECKING.
TOP, FUNCTION, TYPING = "top", "function", "typing"


def module_name(relative: str) -> str:
    parts = [PACKAGE, *Path(relative).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def module_files(root: Path) -> dict[str, Path]:
    return {module_name(path.relative_to(root).as_posix()): path
            for path in sorted(root.rglob("*.py"))}


def _typing_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _statements(tree: ast.AST, where: str = TOP) -> Iterator[tuple[ast.AST, str]]:
    """Yield every node below a tree's with how it is reached (`TOP`, `FUNCTION`, `TYPING`):
    the body of an `if TYPE_CHECKING:` never runs, a function's body runs when it is called."""
    for child in ast.iter_child_nodes(tree):
        if _typing_block(child):
            yield child.test, where  # type: ignore[attr-defined]
            for statement in child.body:  # type: ignore[attr-defined]
                yield from ((node, TYPING) for node in ast.walk(statement))
            for statement in child.orelse:  # type: ignore[attr-defined]
                yield statement, where
                yield from _statements(statement, where)
            continue
        inner = FUNCTION if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                               ast.Lambda)) else where
        yield child, inner
        yield from _statements(child, inner)


def imports(module: str, path: Path, tree: ast.AST, modules: Iterable[str]
             ) -> dict[str, tuple[int, str]]:
    """Return {imported module of the package: (first line, how it is reached)} of a tree.

    `from pkg import name` is an import of `pkg.name` when that is a module, else of `pkg`;
    the implicit import of a parent package's `__init__` does not count (as in grimp)."""
    known = set(modules)
    found: dict[str, tuple[int, str]] = {}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    rank = {TOP: 0, FUNCTION: 1, TYPING: 2}

    def add(name: str, line: int, where: str) -> None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module and (name not in found
                                        or rank[where] < rank[found[name][1]]):
            found[name] = (line, where)

    for node, where in _statements(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    add(alias.name, node.lineno, where)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base, node.lineno, where)
    return found


def externals(tree: ast.AST) -> list[str]:
    """Return the top-level names of the modules outside the package that a tree imports."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return sorted(found - {PACKAGE})


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """Return module -> {imported module of the package: first line}, for every module,
    imports under `TYPE_CHECKING` included (the layers' rule holds for annotations too)."""
    modules = module_files(root)
    return {module: {name: line for name, (line, _) in
                     imports(module, path, ast.parse(path.read_bytes()), modules).items()}
            for module, path in modules.items()}


def entry_modules(item: object, modules: Iterable[str]) -> set[str]:
    """Return the modules whose code a registry entry (a factory, a class, an object) can
    run: the module of each function it is or holds, each module a function's code imports
    (an import inside a function is read off its bytecode: the module's dotted name among
    the names the code uses), the module of each class, function or module its code names
    at its module's top, and, recursively, the functions of its own module it names, the
    values in its closure cells and defaults, a partial's function and arguments, a bound
    method's object and a dataclass's fields.

    Arguments:
        item: the entry.
        modules: the dotted names of the package's modules (`module_files`).

    >>> import json
    >>> sorted(entry_modules(json.dumps, []))
    ['json', 'json.encoder']
    """
    known = set(modules)
    found: set[str] = set()
    seen: set[int] = set()

    def codes(code: types.CodeType) -> Iterator[types.CodeType]:
        yield code
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                yield from codes(constant)

    def visit(value: object) -> None:
        if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, type(None))):
            return
        seen.add(id(value))
        if isinstance(value, functools.partial):
            visit([value.func, value.args, value.keywords])
        elif isinstance(value, types.MethodType):
            visit([value.__func__, value.__self__])
        elif isinstance(value, types.FunctionType):
            found.add(value.__module__)
            for code in codes(value.__code__):
                for name in code.co_names:
                    if name in known:
                        found.add(name)
                    bound = value.__globals__.get(name)
                    if isinstance(bound, types.ModuleType):
                        found.add(bound.__name__)
                    elif isinstance(bound, types.FunctionType) \
                            and bound.__module__ == value.__module__:
                        visit(bound)
                    elif isinstance(bound, (type, types.FunctionType)):
                        found.add(bound.__module__)
            visit([*(c.cell_contents for c in value.__closure__ or () if _filled(c)),
                   value.__defaults__, value.__kwdefaults__])
        elif isinstance(value, (tuple, list, set, frozenset)):
            for inner in value:
                visit(inner)
        elif isinstance(value, dict):
            visit(list(value.values()))
        elif isinstance(value, types.ModuleType):
            found.add(value.__name__)
        elif isinstance(value, type):
            found.add(value.__module__)
        else:
            found.add(type(value).__module__)
            if dataclasses.is_dataclass(value):
                visit([getattr(value, f.name) for f in dataclasses.fields(value)])

    visit(item)
    return found


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018  (an empty cell raises)
    except ValueError:
        return False
    return True
