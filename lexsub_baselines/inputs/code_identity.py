"""The identity of the code behind a figure or a cached resource: a digest of the package.

`code_digest(modules)` answers *could this code compute other bytes?* (docs/building.md,
"Caches"): the given modules and every module of the package they import, at any depth, each
normalised to its syntax tree without docstrings; the package's data files their sources
name that can change a result (`inputs.package_data`); the versions of the libraries they
import (`inputs.libraries`, the loaded modules'); the Python that runs them and its Unicode
database. Plumbing that moves, names or schedules bytes without computing them is left out
(`PLUMBING`), so an error message, a lock or the scheduler rebuilds nothing. Inside a build
the files digested are the code snapshot's (`inputs.snapshot`), which every process of it
runs. A module's digest and imports are memoised in `<cache>/code/digests-<tag>.json` by the
sha256 of its bytes (the tag: Python's version and this module's own digest).
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import platform
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.inputs.package_data import data_digest, data_files
from lexsub_baselines.inputs.snapshot import PACKAGE_DIR, snapshot_files

__all__ = ["PACKAGE", "PACKAGE_DIR", "PLUMBING", "RUNTIME", "code_digest", "import_graph",
           "normalised_digest", "package_identity"]

PACKAGE = "lexsub_baselines"
#: Modules (and prefixes) left out of `code_digest`: they move, name or schedule bytes but do
#: not compute them. A module listed here must not change any built byte or any answer.
#: `core.kernels` chooses the numeric kernels, which are not code: their level is a run
#: setting and keeps caches of its own (`core.paths.kernels_subfolder`).
#: The input layer (`inputs`) hands out a file's bytes as they are (decompressed by the
#: standard library's codecs when asked) and checks them: what it read is in every key by its
#: digest, so its code is not.
PLUMBING: tuple[str, ...] = ("core.errors", "core.paths", "core.registry", "core.cache",
                             "core.atomic", "core.digests", "inputs.code_identity",
                             "inputs.snapshot", "inputs.package_data", "inputs.libraries",
                             "core.kernels", "engine", "inputs", "layers")
#: The Python that runs the code, in every digest: its version and its Unicode database's
#: (`str.isalpha` holds 131,756 code points on 3.11, 136,104 on 3.12).
RUNTIME = (f"{platform.python_implementation()} {platform.python_version()}, unicode "
           f"{unicodedata.unidata_version}")
_MEMO_ENTRIES = 5000  # about twenty versions of the package


def _module_name(relative: str) -> str:
    parts = [PACKAGE, *Path(relative).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _module_files(root: Path) -> dict[str, Path]:
    return {_module_name(path.relative_to(root).as_posix()): path
            for path in sorted(root.rglob("*.py"))}


def _imports(module: str, path: Path, tree: ast.AST, modules: Iterable[str]) -> dict[str, int]:
    """Return {imported module of the package: first line} of one module's tree."""
    known = set(modules)
    found: dict[str, int] = {}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def add(name: str, line: int) -> None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.setdefault(name, line)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base, node.lineno)
    return found


def _externals(tree: ast.AST) -> list[str]:
    """Return the top-level names of the modules outside the package that a tree imports."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return sorted(found - {PACKAGE})


def import_graph(root: Path = PACKAGE_DIR) -> dict[str, dict[str, int]]:
    """Return module -> {imported module of the package: first line}, for every module.

    Imports at the top, inside functions and under `TYPE_CHECKING` all count; `from pkg
    import name` is an import of `pkg.name` when that is a module, else of `pkg`; the
    implicit import of a parent package's `__init__` does not count (as in grimp).
    """
    modules = _module_files(root)
    return {module: _imports(module, path, ast.parse(path.read_bytes()), modules)
            for module, path in modules.items()}


def _plumbing(module: str) -> bool:
    name = module.removeprefix(PACKAGE + ".")
    return any(name == p or name.startswith(p + ".") for p in PLUMBING)


class _StripDocstrings(ast.NodeTransformer):
    def _strip(self, node: ast.AST) -> ast.AST:
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
        self.generic_visit(node)
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _strip


def normalised_digest(source: bytes | Path) -> str:
    """Return the sha256 of a Python source's syntax tree without docstrings: what of it can
    change an output (no comments, no layout, no docstring)."""
    data = source.read_bytes() if isinstance(source, Path) else source
    tree = _StripDocstrings().visit(ast.parse(data))
    dumped = ast.dump(tree, annotate_fields=False, include_attributes=False)
    return hashlib.sha256(dumped.encode("utf-8")).hexdigest()


def _memo_tag() -> str:
    """Return the memo's tag: this Python's version and the digest of this module's source."""
    own = Path(__file__).read_bytes()
    return hashlib.sha256(sys.version.encode() + b"\0" + own).hexdigest()[:16]


@dataclass
class _Package:
    """One package folder as this process reads it: each file read once, on demand (the
    code this process runs, or a copy of the package in a test)."""

    root: Path
    memo_file: Path | None
    files: list[str] = field(init=False)
    modules: dict[str, str] = field(init=False)  # module -> relative path
    memo: dict[str, list[object]] = field(init=False)
    read: dict[str, tuple[bytes, str, dict[str, int], list[str]]] = field(default_factory=dict)
    raw: dict[str, bytes] = field(default_factory=dict)
    dirty: bool = False

    def __post_init__(self) -> None:
        self.files = snapshot_files(self.root)
        self.modules = {_module_name(relative): relative for relative in self.files
                        if relative.endswith(".py")}
        self.memo = {}
        if self.memo_file is not None:
            with contextlib.suppress(OSError, ValueError):
                stored = json.loads(self.memo_file.read_text(encoding="utf-8"))
                self.memo = stored if isinstance(stored, dict) else {}

    def data_of(self, relative: str) -> bytes:
        """Return a file's bytes (read once)."""
        if relative not in self.raw:
            self.raw[relative] = (self.root / relative).read_bytes()
        return self.raw[relative]

    def module(self, name: str) -> tuple[bytes, str, dict[str, int], list[str]]:
        """Return a module's bytes, normalised digest, imports of the package and top-level
        imports of other modules (read once)."""
        found = self.read.get(name)
        if found is None:
            relative = self.modules[name]
            data = self.data_of(relative)
            raw = hashlib.sha256(data).hexdigest()
            stored = self.memo.get(raw)
            if (isinstance(stored, list) and len(stored) == 3 and isinstance(stored[0], str)
                    and isinstance(stored[1], dict) and isinstance(stored[2], list)):
                digest, imports = stored[0], {str(k): int(v) for k, v in stored[1].items()}
                externals = [str(name) for name in stored[2]]
            else:
                tree = ast.parse(data)
                imports = _imports(name, Path(relative), tree, self.modules)
                externals = _externals(tree)
                digest = normalised_digest(data)
                self.memo[raw] = [digest, imports, externals]
                self.dirty = True
            found = self.read[name] = (data, digest, imports, externals)
        return found

    def closure(self, names: Iterable[str]) -> set[str]:
        seen: set[str] = set()
        todo = list(names)
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            if name not in self.modules:
                raise KeyError(f"{name} is not a module of {PACKAGE}")
            seen.add(name)
            todo.extend(self.module(name)[2])
        return seen

    def save(self) -> None:
        if not self.dirty or self.memo_file is None:
            return
        from lexsub_baselines.core.cache import atomic_write_text

        kept = dict(list(self.memo.items())[-_MEMO_ENTRIES:])  # the newest entries
        with contextlib.suppress(OSError):  # a read-only cache: parsed again next time
            atomic_write_text(self.memo_file, json.dumps(kept) + "\n")
        self.dirty = False


#: (package folder, memo folder) -> the package as this process read it.
_LOADED: dict[tuple[Path, Path | None], _Package] = {}


def _package(root: Path | None, memo: Path | None) -> _Package:
    root = (root or PACKAGE_DIR).resolve()
    if memo is None:
        memo = _default_memo()
    found = _LOADED.get((root, memo))
    if found is None:
        memo_file = None if memo is None else memo / "code" / f"digests-{_memo_tag()}.json"
        found = _LOADED[(root, memo)] = _Package(root, memo_file)
    return found


def _default_memo() -> Path | None:
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.core.paths import resolve_roots

    try:
        return resolve_roots().cache
    except LexsubError:
        return None


def code_digest(*modules: str, root: Path | None = None, memo: Path | None = None,
                libraries: bool = True) -> str:
    """Return the normalised digest of `modules` and what they import (see the module doc).

    Arguments:
        modules: dotted names (`lexsub_baselines.lm.cooccurrence`); plumbing ones are allowed
            but do not count.
        root: another package folder to digest (a copy of the package, in tests); None: the
            code this process runs (inside a build, the snapshot's).
        memo: the cache folder that keeps the per-file digests (None: the default cache).
        libraries: add the versions of the libraries the modules import (False: code whose
            results no library computes, as the scorers', whose identity must not depend on
            whether the `baselines` extra is installed).

    Raises:
        KeyError: a name is not a module of the package.

    >>> code_digest("lexsub_baselines.core.pos") == code_digest("lexsub_baselines.core.pos")
    True
    """
    package = _package(root, memo)
    names = sorted(m for m in package.closure(modules) if not _plumbing(m))
    digest = hashlib.sha256(f"python {RUNTIME}\n".encode())
    for name in names:
        digest.update(f"{name}\0{package.module(name)[1]}\n".encode())
    for relative in data_files(package.files):
        if any(Path(relative).name.encode() in package.module(name)[0] for name in names):
            digest.update(f"{relative}\0{data_digest(relative, package.data_of(relative))}\n"
                          .encode())
    if libraries:  # imported here: importlib.metadata costs the scorers' start ~20 ms
        from lexsub_baselines.inputs.libraries import libraries_imported_by, library_version
        externals = {external for name in names for external in package.module(name)[3]}
        for library in libraries_imported_by(externals):
            digest.update(f"library {library}\0{library_version(library)}\n".encode())
    package.save()
    return digest.hexdigest()[:16]


def package_identity(root: Path | None = None, memo: Path | None = None) -> str:
    """Return the normalised digest of the whole package (plumbing left out): the code of
    every row of a table."""
    return code_digest(*_package(root, memo).modules, root=root, memo=memo)
