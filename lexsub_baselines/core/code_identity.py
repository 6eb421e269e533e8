"""The identity of the code behind a figure or a cached resource: digests of the package.

Two digests, for two questions:

- `code_digest(modules)`: *could this code compute other bytes?* The sources of the given
  modules and of every module of the package they import, at any depth (imports inside
  functions count), each normalised so that only what runs counts: a Python file is its
  syntax tree without docstrings (comments and layout are not in the tree); a data file of
  the package that can change a result (`core.package_data`: `parser.cfg`, the tuned
  weights, the manifest without its prose; not `runs/reference.json` nor the explorer's
  page) counts for every module whose source names it; so do the versions of the libraries
  these modules import (`core.libraries`: numpy's for a module that imports scipy).
  Plumbing that moves, names or schedules bytes but does not compute them is left out, so
  that a change to an error message, a lock or the scheduler rebuilds nothing: `core.errors`,
  `core.paths`, `core.registry`, `core.cache` (atomic writes and seals), the identity's own
  modules, `core.kernels` (the kernels' level: a run setting, with caches of its own) and
  the `engine` (`PLUMBING`). A cached resource is keyed by the digest of the module that
  builds it, so a change to that code rebuilds it and nothing else; `package_identity()` is
  the same over the whole package, and every row of a table and every score's signature
  carries it (or its scorer's).
- `process_code()`: *what code does this process run?* Each module's source as this process
  imported it (`core.loaded_code`), or, for one it has not imported, as it first read it
  here or as the file is now, and the data files that count, by sha256: what the worker
  check compares between a Dask worker and its client (`engine.workers`).

Each file is read once per process, and a module the process imported is read as it was
imported (`core.loaded_code`: the code it runs, whatever the file holds since); its
normalised digest and imports are kept in `<cache>/code/digests.json` by the sha256 of its
bytes, so a process does not parse the package again. The syntax tree depends on Python's
minor version, so normalised digests are compared between runs of the same minor version
(runs record it beside the digest).
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.core.cache import memo_sha256
from lexsub_baselines.core.libraries import libraries_imported_by, library_version
from lexsub_baselines.core.loaded_code import loaded_source
from lexsub_baselines.core.package_data import data_digest, data_files

__all__ = ["PACKAGE", "PACKAGE_DIR", "PLUMBING", "changed_code", "code_digest", "import_graph",
           "normalised_digest", "package_identity", "process_code"]

PACKAGE = "lexsub_baselines"
#: The package's folder (`lexsub_baselines/`).
PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: Modules (and prefixes) left out of `code_digest`: they move, name or schedule bytes but do
#: not compute them. A module listed here must not change any built byte or any answer.
#: `core.kernels` chooses the numeric kernels, which are not code: their level is a run
#: setting and keeps caches of its own (`core.paths.kernels_subfolder`).
PLUMBING: tuple[str, ...] = ("core.errors", "core.paths", "core.registry", "core.cache",
                             "core.code_identity", "core.loaded_code", "core.package_data",
                             "core.libraries", "core.kernels", "engine", "layers")
_MEMO = Path("code") / "digests.json"
_MEMO_ENTRIES = 5000  # about twenty versions of the package


def _module_files(root: Path) -> dict[str, Path]:
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = [PACKAGE, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


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


@dataclass
class _Package:
    """One package folder as this process reads it: each module read once, on demand."""

    root: Path
    memo_file: Path | None
    modules: dict[str, Path] = field(init=False)
    memo: dict[str, list[object]] = field(init=False)
    read: dict[str, tuple[bytes, str, dict[str, int], list[str]]] = field(default_factory=dict)
    dirty: bool = False

    def __post_init__(self) -> None:
        self.modules = _module_files(self.root)
        self.memo = {}
        if self.memo_file is not None:
            with contextlib.suppress(OSError, ValueError):
                stored = json.loads(self.memo_file.read_text(encoding="utf-8"))
                self.memo = stored if isinstance(stored, dict) else {}

    def module(self, name: str) -> tuple[bytes, str, dict[str, int], list[str]]:
        """Return a module's bytes (as imported, else as first read), normalised digest,
        imports of the package and top-level imports of other modules (read once)."""
        found = self.read.get(name)
        if found is None:
            path = self.modules[name]
            data = loaded_source(path)
            if data is None:
                data = path.read_bytes()
            raw = hashlib.sha256(data).hexdigest()
            stored = self.memo.get(raw)
            if (isinstance(stored, list) and len(stored) == 3 and isinstance(stored[0], str)
                    and isinstance(stored[1], dict) and isinstance(stored[2], list)):
                digest, imports = stored[0], {str(k): int(v) for k, v in stored[1].items()}
                externals = [str(name) for name in stored[2]]
            else:
                tree = ast.parse(data)
                imports = _imports(name, path, tree, self.modules)
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


#: package folder -> the package as this process reads it.
_LOADED: dict[Path, _Package] = {}


def _package(root: Path, memo: Path | None) -> _Package:
    root = root.resolve()
    found = _LOADED.get(root)
    if found is None:
        if memo is None:
            memo = _default_memo()
        found = _LOADED[root] = _Package(root, None if memo is None else memo / _MEMO)
    return found


def _default_memo() -> Path | None:
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.core.paths import resolve_roots

    try:
        return resolve_roots().cache
    except LexsubError:
        return None


def code_digest(*modules: str, root: Path = PACKAGE_DIR, memo: Path | None = None,
                libraries: bool = True) -> str:
    """Return the normalised digest of `modules` and what they import (see the module doc).

    Arguments:
        modules: dotted names (`lexsub_baselines.lm.cooccurrence`); plumbing ones are allowed
            but do not count.
        root: the package folder (a copy of the package, in tests).
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
    digest = hashlib.sha256()
    for name in names:
        digest.update(f"{name}\0{package.module(name)[1]}\n".encode())
    for relative, path in data_files(package.root).items():
        if any(path.name.encode() in package.module(name)[0] for name in names):
            digest.update(f"{relative}\0{data_digest(relative, path)}\n".encode())
    externals = {external for name in names for external in package.module(name)[3]}
    for library in libraries_imported_by(externals) if libraries else ():
        digest.update(f"library {library}\0{library_version(library)}\n".encode())
    package.save()
    return digest.hexdigest()[:16]


def process_code(root: Path = PACKAGE_DIR) -> dict[str, str]:
    """Return module name (and data file's relative path) -> sha256 of the code this process
    runs: a module's source as imported here (`core.loaded_code`), else as `code_digest`
    first read it here, else as its file is now; a data file that counts as it is now."""
    code = {name: hashlib.sha256(data).hexdigest() if data is not None else memo_sha256(path)
            for name, path, data in _process_sources(root)}
    code.update({relative: data_digest(relative, path)
                 for relative, path in data_files(root.resolve()).items()})
    return code


def changed_code(root: Path = PACKAGE_DIR) -> list[str]:
    """Return the modules (sorted) this process imported or read before their file changed
    (or went): the code it runs, or keys by, is not what the file holds now."""
    changed = []
    for name, path, data in _process_sources(root):
        try:
            now = memo_sha256(path)
        except OSError:
            now = None
        if data is not None and now != hashlib.sha256(data).hexdigest():
            changed.append(name)
    return changed


def _process_sources(root: Path) -> Iterator[tuple[str, Path, bytes | None]]:
    """Yield (module, path, the bytes this process imported or read, or None) of every
    module of the package."""
    root = root.resolve()
    package = _LOADED.get(root)
    for name, path in _module_files(root).items():
        data = loaded_source(path)
        if data is None and package is not None and name in package.read:
            data = package.read[name][0]
        yield name, path, data


def package_identity(root: Path = PACKAGE_DIR, memo: Path | None = None) -> str:
    """Return the normalised digest of the whole package (plumbing left out): the code of
    every row of a table."""
    return code_digest(*_package(root, memo).modules, root=root, memo=memo)
