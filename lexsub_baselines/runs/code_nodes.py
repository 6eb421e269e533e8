"""The syntax trees `runs.closure` digests: which modules are digested function by function,
a module's top-level bindings, what a node uses, the definition a code object compiled from."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import types
from collections.abc import Iterable

from lexsub_baselines.inputs.code_identity import PACKAGE
from lexsub_baselines.layers import LAYERS, layer_of

__all__ = [
    "DEFINITIONS",
    "DYNAMIC",
    "definitions",
    "digest_lines",
    "filled",
    "fine_grained",
    "is_module",
    "top_bindings",
    "uses",
]

#: The first layer digested function by function: the builds (whose package imports every
#: builder, where a factory asks only that a resource be built, `builds.ensure`), the
#: catalog, and every layer above them.
_FINE_FROM = next(index for index, (name, _) in enumerate(LAYERS) if name == "builds")
#: Names with which a function can reach its module's globals by a computed name.
DYNAMIC = frozenset({"globals", "vars", "eval", "exec", "__import__", "importlib", "locals"})


def fine_grained(module: str) -> bool:
    """Return True for a module of the package digested function by function.

    >>> fine_grained("lexsub_baselines.catalog.components")
    True
    >>> fine_grained("lexsub_baselines.rankers.lm")
    False
    """
    if module != PACKAGE and not module.startswith(PACKAGE + "."):
        return False
    layer = layer_of(module)
    return layer is not None and layer >= _FINE_FROM


def digest_lines(parts: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogatepass") + b"\n")
    return digest.hexdigest()[:16]


def filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018  (an empty cell raises)
    except ValueError:
        return False
    return True


def is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False



#: The statements that define a name with a body of code.
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def top_bindings(statement: ast.stmt, guards: tuple[ast.AST, ...] = ()
              ) -> list[tuple[str, list[ast.AST]]]:
    """Return (name, nodes) of each name a top-level statement binds: the statement that
    binds it (a definition, an assignment, an import), with the tests of the `if` and `while`,
    and the items of the `with`, it sits under at the top level."""
    if isinstance(statement, DEFINITIONS):
        return [(statement.name, [*guards, statement])]
    if isinstance(statement, ast.Import):
        return [(alias.asname or alias.name.partition(".")[0], [*guards, statement])
                for alias in statement.names]
    if isinstance(statement, ast.ImportFrom):
        return [(alias.asname or alias.name, [*guards, statement]) for alias in statement.names]
    if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For)):
        targets = (statement.targets if isinstance(statement, ast.Assign)
                   else [statement.target])
        return [(node.id, [*guards, statement]) for target in targets
                for node in ast.walk(target) if isinstance(node, ast.Name)]
    if isinstance(statement, (ast.If, ast.Try, ast.With)):
        tests: tuple[ast.AST, ...] = (statement.test,) if isinstance(statement, ast.If) else (
            tuple(item.context_expr for item in statement.items)
            if isinstance(statement, ast.With) else ())
        nested = [*statement.body, *getattr(statement, "orelse", []),
                  *getattr(statement, "finalbody", []),
                  *(s for handler in getattr(statement, "handlers", []) for s in handler.body)]
        return [found for inner in nested for found in top_bindings(inner, (*guards, *tests))]
    return []


def uses(node: ast.AST) -> tuple[set[str], dict[str, set[str]], list[ast.Import | ast.ImportFrom]]:
    """Return the names a node reads, the attributes read of each plain name, and the import
    statements inside it."""
    names: set[str] = set()
    attributes: dict[str, set[str]] = {}
    imports: list[ast.Import | ast.ImportFrom] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            names.add(sub.id)
        elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
            attributes.setdefault(sub.value.id, set()).add(sub.attr)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)) and sub is not node:
            imports.append(sub)
    return names, attributes, imports


def definitions(tree: ast.Module, code: types.CodeType) -> list[ast.AST]:
    """Return the definition (or lambdas) of a module's tree that compiled to `code`."""
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.name == code.co_name:
            lines = {node.lineno, *(d.lineno for d in node.decorator_list)}
            if code.co_firstlineno in lines:
                found.append(node)
        elif isinstance(node, ast.Lambda) and code.co_name == "<lambda>" \
                and node.lineno == code.co_firstlineno:
            found.append(node)
    return found
