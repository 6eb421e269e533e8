"""One way in: no module of the package opens an input outside the input layer (`inputs/`).

The test walks every module's syntax tree and fails on a read of a file — `open` in a read
mode, `Path.read_text`/`read_bytes`/`.open`, the gzip/bz2/lzma/tar/zip openers, `np.load`,
`load_npz`, `pickle.load`, `os.fdopen` — anywhere but in the modules listed in `ALLOWED`,
each with why it may: the layer itself, the cache's own outputs, the package's own code
and data, the results a run wrote, the machine's state, and the fetch that lays inputs out
(it reads downloads, and checks every file it places by its sha256). A new read of an input
elsewhere fails here, naming the module and the line: read it through the layer
(`inputs.layer.Inputs`, `inputs.reads.read_path`, `Dataset.read`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "lexsub_baselines"

#: Why a module may open files itself.
LAYER = "the input layer"
CACHE = "the cache's own outputs (sealed, checked when read back)"
CODE = "the package's own code and data"
RESULTS = "the results a run wrote (vouched for by runs.json) or the report's own files"
MACHINE = "the machine's state (/proc, locks, the blis library)"
FETCH = "fetching: reads its downloads; every file it places is checked by its sha256"
STREAM = "standard input, a device or a pipe: a stream, not a file"
PLUGIN = "a plug-in's own code (the digest a run records of it)"
PEEK = ("the start of a system's file, to choose its protocol (the scorer reads it through "
        "the layer)")

ALLOWED: dict[str, str] = {
    "inputs/layer.py": LAYER, "inputs/manifest.py": LAYER, "core/digests.py": LAYER,
    "core/cache.py": CACHE, "core/sparse.py": CACHE, "builds/corpus.py": CACHE,
    "distributional/build.py": CACHE, "distributional/embeddings.py": CACHE,
    "distributional/neighbour_cache.py": CACHE, "distributional/parser.py": CACHE,
    "lm/cooccurrence.py": CACHE, "lm/corpus_text.py": CACHE,
    "lm/model.py": CACHE, "resources/corpus_counts.py": CACHE, "runs/provenance.py": CACHE,
    "runs/significance_marks.py": CACHE, "runs/result_cache.py": CACHE,
    "runs/closure.py": CODE,
    "inputs/snapshot.py": CODE, "inputs/code_identity.py": CODE,
    "inputs/package_data.py": CODE, "core/paths.py": CODE, "core/extras.py": CODE,
    "engine/snapshot_check.py": CODE,
    "runs/digest.py": CODE, "analysis/explorer.py": CODE, "cli/kernels_cmd.py": CODE,
    "runs/shipped.py": CODE, "runs/ship.py": RESULTS,
    "runs/store.py": RESULTS, "runs/runner.py": RESULTS, "analysis/browser.py": RESULTS,
    "analysis/candidates.py": RESULTS,
    "core/kernels.py": MACHINE, "engine/locks.py": MACHINE, "engine/softlock.py": MACHINE,
    "engine/workers.py": MACHINE,
    "resources/download.py": FETCH, "resources/recipes.py": FETCH, "resources/unpack.py": FETCH,
    "resources/ar.py": FETCH, "resources/mirror.py": FETCH, "resources/archive_limits.py": FETCH,
    "scoring/input_files.py": STREAM, "scoring/choose.py": PEEK, "plugins.py": PLUGIN,
}

_READERS = {"read_text", "read_bytes", "load_npz", "fdopen", "ZipFile"}
_MODULE_OPENERS = {"gzip", "bz2", "lzma", "tarfile", "zipfile", "np", "numpy", "pickle",
                   "marshal"}


def _mode(call: ast.Call, position: int = 1) -> str | None:
    """Return the mode literal of an `open` call ("r" when none is given; None: not literal);
    `position`: the mode's place among the arguments (0 for `Path.open`)."""
    given = call.args[position] if len(call.args) > position else next(
        (k.value for k in call.keywords if k.arg == "mode"), None)
    if given is None:
        return "r"
    return given.value if isinstance(given, ast.Constant) and isinstance(given.value, str) \
        else None


def reads(tree: ast.AST) -> list[tuple[int, str]]:
    """Return (line, what) of every file read in a module's tree."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            mode = _mode(node)
            if mode is None or not set(mode) & set("wax") or "+" in mode:
                found.append((node.lineno, f"open(..., {mode!r})"))
        elif isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else ""
            first = node.args[0] if node.args else None
            path_like = first is None or (isinstance(first, ast.Constant)
                                          and isinstance(first.value, str))
            if func.attr in _READERS and (path_like or func.attr in ("load_npz", "ZipFile")):
                found.append((node.lineno, f".{func.attr}()"))  # not the layer's (an Input)
            elif func.attr in ("open", "load") and owner in _MODULE_OPENERS:
                found.append((node.lineno, f"{owner}.{func.attr}()"))
            elif func.attr == "open" and owner not in ("os", "webbrowser") and path_like:
                mode = _mode(node, 0)
                if mode is None or not set(mode) & set("wax"):
                    found.append((node.lineno, f"{owner or '<expr>'}.open()"))
    return found


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_module_reads_a_file_outside_the_layer() -> None:
    offending = []
    for path in _modules():
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in ALLOWED:
            continue
        for line, what in reads(ast.parse(path.read_bytes())):
            offending.append(f"lexsub_baselines/{relative}:{line}: {what}")
    assert not offending, ("files read outside the input layer (read them through "
                           "inputs.layer / inputs.reads, or say in ALLOWED why the module "
                           "may):\n" + "\n".join(offending))


def test_every_allowed_module_exists_and_reads() -> None:
    """The list holds no stale entry: each module is there and does read a file."""
    for relative in ALLOWED:
        path = PACKAGE / relative
        assert path.is_file(), relative
        assert reads(ast.parse(path.read_bytes())), f"{relative} reads nothing: remove it"


@pytest.mark.parametrize("source, caught", [
    ("open(p)", True), ("open(p, 'rb')", True), ("open(p, 'w')", False),
    ("p.read_text()", True), ("gzip.open(p)", True), ("np.load(p)", True),
    ("path.open('rb')", True), ("path.open('w')", False), ("os.open(p, 0)", False),
    ("json.loads(text)", False), ("layer.read_bytes(source)", False),
    ("layer.open(source, name)", False), ("path.read_text('utf-8')", True),
])
def test_the_walk_finds_reads(source: str, caught: bool) -> None:
    assert bool(reads(ast.parse(source))) is caught
