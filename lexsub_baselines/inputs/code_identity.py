"""The identity of the code behind a figure or a cached result: digests of the package's modules.

One rule, one grain: a module's identity (`module_identity`) is the sha256 of its syntax tree
without docstrings (no comment, layout or docstring counts), with the package's data files
that its source names (`inputs.package_data`). `code_digest(modules)` is the identity of the
modules, of every module of the package they import at any depth (the one import walker:
`imports`), of the libraries they import (their versions: `inputs.libraries`) and of the
Python that runs them. Plumbing that moves, names or schedules bytes without computing them
(`PLUMBING`) neither counts nor is walked through, so an error message, a lock or the
scheduler rebuilds nothing.

The walker follows the imports that run: at the top of a module and inside its functions, not
those under `if TYPE_CHECKING:` (annotations). One exception, where the registries are filled
(`catalog`): an import inside a catalog function belongs to that function, a registry entry's
factory, and counts where the entry is looked up (`entry_modules`). Inside a build the files
digested are the code snapshot's (`inputs.snapshot`), which every process of it runs. A
module's identity and imports are memoised in `<cache>/code/digests-<tag>.json` by the sha256
of its bytes (the tag: Python's version and this module's own digest).
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
from typing import Any

from lexsub_baselines.inputs.imports import (
    FUNCTION,
    PACKAGE,
    TOP,
    externals,
    imports,
    module_name,
)
from lexsub_baselines.inputs.package_data import data_files
from lexsub_baselines.inputs.snapshot import PACKAGE_DIR, snapshot_files

__all__ = [
    "PACKAGE",
    "PACKAGE_DIR",
    "PLUMBING",
    "RUNTIME",
    "closure",
    "code_digest",
    "module_identity",
    "normalised_digest",
    "package_identity",
    "package_modules",
]

#: Modules (and prefixes) that move, name or schedule bytes but do not compute them: left out
#: of every digest, and not walked through. `core.kernels` chooses the numeric kernels, which
#: are a run setting (`core.paths.kernels_subfolder`). The input layer (`inputs`) hands out a
#: file's bytes as they are and checks them: what it read is in every key by its digest.
PLUMBING: tuple[str, ...] = ("core.errors", "core.paths", "core.registry", "core.cache",
                             "core.atomic", "core.digests", "core.kernels", "engine", "inputs",
                             "layers")
#: Where the registries are filled: an import in one of its functions is that entry's.
CATALOG = "catalog"
#: The Python that runs the code, in every digest: its version and its Unicode database's
#: (`str.isalpha` holds 131,756 code points on 3.11, 136,104 on 3.12).
RUNTIME = (f"{platform.python_implementation()} {platform.python_version()}, unicode "
           f"{unicodedata.unidata_version}")
_MEMO_ENTRIES = 5000  # about twenty versions of the package


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
    data: list[str] = field(init=False)
    modules: dict[str, str] = field(init=False)  # module -> relative path
    memo: dict[str, list[object]] = field(init=False)
    read: dict[str, tuple[str, dict[str, tuple[int, str]], list[str]]] = field(
        default_factory=dict)
    identities: dict[str, str] = field(default_factory=dict)
    dirty: bool = False

    def __post_init__(self) -> None:
        self.files = snapshot_files(self.root)
        self.data = data_files(self.files)
        self.modules = {module_name(relative): relative for relative in self.files
                        if relative.endswith(".py")}
        self.memo = {}
        if self.memo_file is not None:
            with contextlib.suppress(OSError, ValueError):
                stored = json.loads(self.memo_file.read_text(encoding="utf-8"))
                self.memo = stored if isinstance(stored, dict) else {}

    def module(self, name: str) -> tuple[str, dict[str, tuple[int, str]], list[str]]:
        """Return a module's normalised digest, imports of the package and top-level imports
        of other modules (read once)."""
        found = self.read.get(name)
        if found is None:
            relative = self.modules[name]
            data = (self.root / relative).read_bytes()
            raw = hashlib.sha256(data).hexdigest()
            stored: Any = self.memo.get(raw)
            try:
                digest = str(stored[0])
                reached = {str(k): (int(v[0]), str(v[1])) for k, v in stored[1].items()}
                outside = [str(e) for e in stored[2]]
            except (TypeError, ValueError, AttributeError, IndexError, KeyError):
                tree = ast.parse(data)
                reached = imports(name, Path(relative), tree, self.modules)
                outside = externals(tree)
                digest = normalised_digest(data)
                self.memo[raw] = [digest, {k: list(v) for k, v in reached.items()}, outside]
                self.dirty = True
            found = self.read[name] = (digest, reached, outside)
            named = [r for r in self.data if Path(r).name.encode() in data]
            files = "".join(  # the data files its source names, by their sha256
                f"\n{r}\0{hashlib.sha256((self.root / r).read_bytes()).hexdigest()}"
                for r in named)
            self.identities[name] = hashlib.sha256((found[0] + files).encode()).hexdigest()
        return found

    def closure(self, names: Iterable[str]) -> set[str]:
        """Return the modules `names` and those they import that run, at any depth, through
        no plumbing (see the module's doc)."""
        seen: set[str] = set()
        todo = list(names)
        while todo:
            name = todo.pop()
            if name not in self.modules:
                raise KeyError(f"{name} is not a module of {PACKAGE}")
            if name in seen or _plumbing(name):
                continue
            seen.add(name)
            catalog = name.removeprefix(PACKAGE + ".").split(".")[0] == CATALOG
            todo.extend(target for target, (_, where) in self.module(name)[1].items()
                        if where == TOP or (where == FUNCTION and not catalog))
        return seen

    def save(self) -> None:
        if not self.dirty or self.memo_file is None:
            return
        from lexsub_baselines.core.atomic import atomic_write_text

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


def closure(*modules: str, root: Path | None = None, memo: Path | None = None) -> set[str]:
    """Return the modules of the package whose code `modules` can run: themselves and what
    they import, at any depth, plumbing left out (see the module's doc).

    Raises:
        KeyError: a name is not a module of the package.
    """
    package = _package(root, memo)
    found = package.closure(modules)
    package.save()
    return found


def package_modules(root: Path | None = None, memo: Path | None = None) -> list[str]:
    """Return the dotted names of the package's modules (of the code this process runs)."""
    return list(_package(root, memo).modules)


def module_identity(module: str, root: Path | None = None, memo: Path | None = None) -> str:
    """Return a module's own identity: its normalised digest with the data files it names.

    Raises:
        KeyError: it is not a module of the package.
    """
    package = _package(root, memo)
    package.module(module)
    package.save()
    return package.identities[module]


def code_digest(*modules: str, root: Path | None = None, memo: Path | None = None,
                libraries: bool = True) -> str:
    """Return the identity of `modules` and what they import (see the module's doc).

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
    names = sorted(package.closure(modules))
    digest = hashlib.sha256(f"python {RUNTIME}\n".encode())
    for name in names:
        package.module(name)
        digest.update(f"{name}\0{package.identities[name]}\n".encode())
    if libraries:
        from lexsub_baselines.inputs.libraries import libraries_imported_by, library_version
        externals = {external for name in names for external in package.module(name)[2]}
        for library in libraries_imported_by(externals):
            digest.update(f"library {library}\0{library_version(library)}\n".encode())
    package.save()
    return digest.hexdigest()[:16]


def package_identity(root: Path | None = None, memo: Path | None = None) -> str:
    """Return the identity of the whole package (plumbing left out): the code of every row
    of a table."""
    return code_digest(*_package(root, memo).modules, root=root, memo=memo)
