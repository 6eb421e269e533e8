"""The code behind a system's results: a digest of exactly what its answering can run.

A module's whole digest (`inputs.code_identity.code_digest`: its syntax tree and everything of
the package it imports) is the right grain for a component (`rankers/lm.py`), whose imports
are few. It is the wrong one for the modules that compose them: `catalog` imports every
generator and ranker (an edit of one ranker would re-answer every system), the builds'
package every builder, and the running layer imports the catalog. So the modules at or above
the builds' layer (`layers.py`) are digested **function by function** (`Fingerprints`): a
function or class of such a module counts as its own syntax tree (`ast.unparse`, then
`code_identity.normalised_digest`: no docstring, comment or layout), and the package's data
files its text names, plus what each name it uses is bound to at its module's top
level — a function or class (the same, recursively), a module-level value (the statement that
assigns it, and what that uses), an imported name (from a component module: that module's
whole `code_digest`; from another of these modules: recursively) — plus, for a function
object, the values in its closure cells and its defaults. A name computed at run time is not
followed: a function of these modules that uses `globals`, `vars`, `eval`, `exec`,
`__import__` or `importlib` counts as its whole module's `code_digest` instead.

What a function reaches through a registry by a name held in data (`SYSTEMS.get(name)`,
the fill chain's generators) is found where it happens: every `Registry.get` of a unit is
recorded (`core.registry.recording_lookups`) and each entry looked up counts by value
(`Fingerprints.value`: the factory function or object, with its closure and defaults). The
recorded lookups are the unit's discovered dependencies (a depfile, as Bazel's and ninja's
discovered inputs): `runs.result_cache` keeps them in the entry and digests them again, with
the code of the process that looks the entry up, before it serves it.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import importlib
import importlib.util
import sys
import types
from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import Any

from lexsub_baselines.core.registry import Registry
from lexsub_baselines.inputs.code_identity import PACKAGE, code_digest, normalised_digest
from lexsub_baselines.inputs.package_data import data_digest, data_files
from lexsub_baselines.inputs.snapshot import PACKAGE_DIR, snapshot_files
from lexsub_baselines.runs.code_nodes import (
    DYNAMIC,
    definitions,
    digest_lines,
    filled,
    fine_grained,
    is_module,
    top_bindings,
    uses,
)

__all__ = ["Fingerprints", "lookups_digest"]


@dataclasses.dataclass
class _Module:
    """One fine-grained module as this process runs it: its tree and top-level bindings."""

    name: str
    tree: ast.Module
    namespace: dict[str, Any]
    bindings: dict[str, list[ast.AST]]  # top-level name -> the nodes that bind it


class Fingerprints:
    """Digests of code and values, memoised for the life of the object (one lookup pass).

    Arguments:
        root: another package folder whose code to digest (a test's copy); None: the code
            this process runs.
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = root
        self._modules: dict[str, _Module] = {}
        self._digests: dict[str, str] = {}  # whole-module code digests
        self._done: dict[tuple[str, str], str] = {}  # (module, binding) -> digest
        self._values: dict[int, str] = {}
        self._held: list[Any] = []  # keeps the objects memoised by id alive
        self._data_files: list[str] | None = None

    # -- the whole-module grain ---------------------------------------------------------

    def module_digest(self, module: str) -> str:
        """Return `code_digest(module)` (memoised)."""
        if module not in self._digests:
            self._digests[module] = code_digest(module, root=self.root)
        return self._digests[module]

    def _module_ref(self, module: str) -> str:
        """Return the digest of a package module used whole, or of an outside one's name."""
        if module == PACKAGE or module.startswith(PACKAGE + "."):
            try:
                return f"module {module} {self.module_digest(module)}"
            except KeyError:  # a package folder without code of its own
                return f"module {module} absent"
        return f"external {module.partition('.')[0]}"

    # -- the fine grain -----------------------------------------------------------------

    def _module(self, name: str) -> _Module:
        found = self._modules.get(name)
        if found is None:
            module = importlib.import_module(name)
            relative = name.removeprefix(PACKAGE + ".").replace(".", "/")
            relative += "/__init__.py" if hasattr(module, "__path__") else ".py"
            data = (self.root or PACKAGE_DIR).joinpath(relative).read_bytes()
            tree = ast.parse(data)
            bindings: dict[str, list[ast.AST]] = {}
            for statement in tree.body:
                for bound, nodes in top_bindings(statement):
                    bindings.setdefault(bound, []).extend(nodes)
            found = self._modules[name] = _Module(name, tree, vars(module), bindings)
        return found

    def binding(self, module: str, name: str) -> str:
        """Return the digest of the top-level binding `name` of a fine-grained module: the
        statements that bind it and, recursively, the bindings they use."""
        key = (module, name)
        if key in self._done:
            return self._done[key]
        self._done[key] = f"cycle {module}.{name}"  # a recursion reaching itself
        mod = self._module(module)
        statements = mod.bindings.get(name)
        if not statements:
            value = mod.namespace.get(name)
            found = (self.value(value) if name in mod.namespace
                     else f"unbound {module}.{name}")
        else:
            found = digest_lines([f"binding {module}.{name}",
                          *(self._node(mod, statement, own=name) for statement in statements)])
        self._done[key] = found
        return found

    def _node(self, mod: _Module, node: ast.AST, own: str | None = None) -> str:
        """Return the digest of one syntax node of a fine-grained module: its normalised
        tree and what the names it uses are bound to."""
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return digest_lines(self._imports(mod, node, wanted=own))
        text = ast.unparse(node)
        try:
            tree_digest = normalised_digest(text.encode("utf-8"))
        except SyntaxError:  # a lambda alone: an expression
            tree_digest = normalised_digest(f"({text})".encode())
        names, attributes, imports = uses(node)
        if names & DYNAMIC:
            return digest_lines([tree_digest, self._module_ref(mod.name)])
        parts = [tree_digest, *self._data(text)]
        for name in sorted(names - {own} if own else names):
            if name in mod.bindings or name in mod.namespace:
                value = mod.namespace.get(name)
                if isinstance(value, types.ModuleType):
                    parts += self._module_attributes(value, attributes.get(name, set()))
                else:
                    parts.append(f"{name} {self.binding(mod.name, name)}")
        for statement in imports:
            parts += self._imports(mod, statement)
        return digest_lines(parts)

    def _data(self, text: str) -> list[str]:
        """Return the digests of the package's data files (`inputs.package_data`) that a node's
        text names, as `code_digest` counts them for a module that names them."""
        if self._data_files is None:
            self._data_files = data_files(snapshot_files(self.root or PACKAGE_DIR))
        return [f"data {relative} " + data_digest(
                    relative, (self.root or PACKAGE_DIR).joinpath(relative).read_bytes())
                for relative in self._data_files if Path(relative).name in text]

    def _module_attributes(self, module: types.ModuleType, attributes: set[str]) -> list[str]:
        if not fine_grained(module.__name__) or not attributes:
            return [self._module_ref(module.__name__)]
        return [f"{module.__name__}.{attribute} {self._attribute(module, attribute)}"
                for attribute in sorted(attributes)]

    def _attribute(self, module: types.ModuleType, attribute: str) -> str:
        """Return the digest of `module.attribute` (a fine-grained module's binding, or a
        submodule used whole)."""
        value = getattr(module, attribute, None)
        if isinstance(value, types.ModuleType):
            return self._module_ref(value.__name__)
        return self.binding(module.__name__, attribute)

    def _imports(self, mod: _Module, node: ast.Import | ast.ImportFrom,
                 wanted: str | None = None) -> list[str]:
        """Return the digests of what an import statement binds (only `wanted` when given)."""
        if isinstance(node, ast.Import):
            return [self._module_ref(alias.name) for alias in node.names
                    if wanted is None or (alias.asname or alias.name.partition(".")[0]) == wanted]
        base = node.module or ""
        if node.level:
            package = mod.name if hasattr(sys.modules.get(mod.name), "__path__") \
                else mod.name.rpartition(".")[0]
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, *([base] if base else [])])
        parts = []
        for alias in node.names:
            if wanted is not None and (alias.asname or alias.name) != wanted:
                continue
            if not (base == PACKAGE or base.startswith(PACKAGE + ".")):
                parts.append(f"external {base.partition('.')[0]}")
            elif f"{base}.{alias.name}" in sys.modules or is_module(f"{base}.{alias.name}"):
                parts.append(self._module_ref(f"{base}.{alias.name}"))
            elif fine_grained(base):
                parts.append(f"{base}.{alias.name} {self.binding(base, alias.name)}")
            else:
                parts.append(self._module_ref(base))
        return parts

    # -- values -------------------------------------------------------------------------

    def value(self, value: Any) -> str:
        """Return the digest of a value: a function or class by its code (fine-grained or
        whole-module) with its closure and defaults, data by its content, a registry by its
        kind (its entries count where they are looked up)."""
        if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
            return repr(value)
        key = id(value)
        if key in self._values:
            return self._values[key]
        self._values[key] = f"cycle {type(value).__qualname__}"
        self._held.append(value)
        found = self._value(value)
        self._values[key] = found
        return found

    def _value(self, value: Any) -> str:
        if isinstance(value, enum.Enum):
            return repr(value)
        if isinstance(value, PurePath):
            return f"path {value}"
        if isinstance(value, (tuple, list)):
            return digest_lines([type(value).__name__, *(self.value(item) for item in value)])
        if isinstance(value, (set, frozenset)):
            return digest_lines(["set", *sorted(self.value(item) for item in value)])
        if isinstance(value, dict):
            return digest_lines(["dict", *sorted(f"{self.value(k)}={self.value(v)}"
                                         for k, v in value.items())])
        if isinstance(value, Registry):
            return f"registry {value.kind}"
        if isinstance(value, types.ModuleType):
            return self._module_ref(value.__name__)
        if isinstance(value, functools.partial):
            return digest_lines(["partial", self.value(value.func), self.value(value.args),
                         self.value(value.keywords)])
        if isinstance(value, types.MethodType):
            return digest_lines(["method", self.value(value.__func__), self.value(value.__self__)])
        if isinstance(value, types.FunctionType):
            return self._function(value)
        if isinstance(value, type):
            return self._class(value)
        return self._instance(value)

    def _function(self, function: types.FunctionType) -> str:
        module = function.__module__ or ""
        parts = [f"function {module}.{function.__qualname__}"]
        if fine_grained(module):
            mod = self._module(module)
            nodes = definitions(mod.tree, function.__code__)
            parts += ([self._node(mod, node) for node in nodes] if nodes
                      else [self._module_ref(module)])
        else:
            parts.append(self._module_ref(module))
        cells = function.__closure__ or ()
        parts += [f"cell {name} {self.value(cell.cell_contents)}"
                  for name, cell in zip(function.__code__.co_freevars, cells, strict=False)
                  if filled(cell)]
        parts.append(f"defaults {self.value(function.__defaults__)}")
        parts.append(f"kwdefaults {self.value(function.__kwdefaults__)}")
        return digest_lines(parts)

    def _class(self, cls: type) -> str:
        module = cls.__module__ or ""
        if fine_grained(module):
            return f"class {module}.{cls.__qualname__} {self.binding(module, cls.__name__)}"
        return f"class {module}.{cls.__qualname__} {self._module_ref(module)}"

    def _instance(self, value: Any) -> str:
        cls = type(value)
        parts = [self._class(cls)]
        if dataclasses.is_dataclass(value):
            parts += [f"{field.name}={self.value(getattr(value, field.name))}"
                      for field in dataclasses.fields(value)]
        elif (cls.__module__ or "").startswith(PACKAGE):
            state = getattr(value, "__dict__", None)
            if isinstance(state, dict):
                parts.append(self.value(state))
        return digest_lines(parts)


def lookups_digest(lookups: Iterable[tuple[str, str]], registries: dict[str, Registry[Any]],
                   prints: Fingerprints | None = None) -> str | None:
    """Return the digest of the registry entries `lookups` ((kind, name), as recorded) with
    the code of this process, or None when one of them is not registered here (a plug-in not
    loaded: the entry cannot be vouched for).

    Arguments:
        registries: kind -> registry, of the registries whose entries count (the others'
            entries are code of the modules that fill them, which the unit's code covers).
    """
    prints = prints or Fingerprints()
    parts = []
    for kind, name in sorted(set(lookups)):
        registry = registries.get(kind)
        if registry is None:
            continue
        if name not in registry:
            return None
        parts.append(f"{kind}:{name} {prints.value(registry.get(name))}")
    return digest_lines(parts)
