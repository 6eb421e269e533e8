"""The code behind a figure: edit a builder, and exactly the caches it builds get new keys.

Each test edits a copy of the package (`lexsub_baselines/` copied under tmp) and compares
digests, or cache paths computed by a process that imports the copy, with the original's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_baselines.core.cache import folder_digest
from lexsub_baselines.inputs.code_identity import (
    PACKAGE_DIR,
    code_digest,
    package_identity,
)

pytestmark = pytest.mark.slow  # real processes and clusters (tests/conftest.py)

#: The module that builds each cached resource (what its key's `code` part digests).
BUILDERS = {
    "corpus-plan": "lexsub_baselines.text.corpora",
    "parser": "lexsub_baselines.distributional.parser",
    "relations": "lexsub_baselines.distributional.build",
    "neighbours": "lexsub_baselines.distributional.neighbours",
    "corpus-counts": "lexsub_baselines.resources.corpus_counts",
    "lm-text": "lexsub_baselines.lm.corpus_text",
    "lm": "lexsub_baselines.lm.model",
    "bow": "lexsub_baselines.lm.cooccurrence",
    "word2vec": "lexsub_baselines.distributional.word2vec",
    "embeddings": "lexsub_baselines.distributional.embeddings",
}


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A copy of the package, without bytecode."""
    target = tmp_path / "src" / "lexsub_baselines"
    shutil.copytree(PACKAGE_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _digests(root: Path, memo: Path) -> dict[str, str]:
    """Return each stage's builder digest, as a new process reading `root` would compute it
    (a process reads each module once: the code it runs)."""
    _forget(root)
    return {stage: code_digest(module, root=root, memo=memo) for stage, module in BUILDERS.items()}


def _forget(root: Path) -> None:
    """Have this process read a copy of the package again, as a new process would."""
    from lexsub_baselines.inputs import code_identity

    for key in [key for key in code_identity._LOADED if key[0] == root.resolve()]:
        del code_identity._LOADED[key]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_docstring_or_comment_edit_changes_no_key(copy: Path, tmp_path: Path) -> None:
    before = _digests(PACKAGE_DIR, tmp_path / "memo")
    target = copy / "lm" / "cooccurrence.py"
    text = target.read_text(encoding="utf-8")
    first = text.index('"""', text.index("def cooccurrence_stem"))
    target.write_text(text[:first + 3] + "Reworded. " + text[first + 3:] + "\n# a comment\n",
                      encoding="utf-8")
    assert _digests(copy, tmp_path / "memo") == before
    assert folder_digest(copy) != folder_digest(PACKAGE_DIR)  # the bytes differ


def test_a_code_edit_changes_exactly_the_keys_of_what_it_builds(copy: Path,
                                                               tmp_path: Path) -> None:
    before = _digests(PACKAGE_DIR, tmp_path / "memo")
    _edit(copy / "lm" / "cooccurrence.py", "def cooccurrence_stem(",
          "_EDITED = 1\n\n\ndef cooccurrence_stem(")
    after = _digests(copy, tmp_path / "memo")
    assert {stage for stage in BUILDERS if after[stage] != before[stage]} == {"bow"}
    # the cleaner feeds every corpus-built resource, but not the parser's training
    _edit(copy / "text" / "cleaning.py", "import re\n", "import re\n_EDITED = 2\n")
    again = _digests(copy, tmp_path / "memo")
    assert {stage for stage in BUILDERS if again[stage] != after[stage]} == {
        "corpus-plan", "relations", "corpus-counts", "lm-text", "lm", "bow", "word2vec",
        "embeddings"}


def test_a_data_file_counts_for_the_modules_that_name_it(copy: Path, tmp_path: Path) -> None:
    before = _digests(PACKAGE_DIR, tmp_path / "memo")
    cfg = copy / "distributional" / "parser.cfg"
    cfg.write_text(cfg.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after = _digests(copy, tmp_path / "memo")
    assert {stage for stage in BUILDERS if after[stage] != before[stage]} == {
        "parser", "relations"}  # the parse loads the trained model through parser.py


def test_plumbing_changes_no_key(copy: Path, tmp_path: Path) -> None:
    before = _digests(PACKAGE_DIR, tmp_path / "memo")
    _edit(copy / "engine" / "graph.py", "import asyncio\n", "import asyncio\n_EDITED = 3\n")
    _edit(copy / "core" / "errors.py", "from __future__ import annotations\n",
          "from __future__ import annotations\n_EDITED = 4\n")
    assert _digests(copy, tmp_path / "memo") == before
    assert package_identity(copy, tmp_path / "memo") == package_identity(
        PACKAGE_DIR, tmp_path / "memo")


def test_the_memo_gives_the_digests_parsing_gives(copy: Path, tmp_path: Path) -> None:
    from lexsub_baselines.inputs import code_identity

    fresh = _digests(copy, tmp_path / "memo")
    [memo] = (tmp_path / "memo" / "code").glob("digests-*.json")
    assert len(json.loads(memo.read_text())) > 20  # the closures read
    _forget(copy)  # a new process: read back from the memo
    parse = code_identity.normalised_digest
    code_identity.normalised_digest = None  # type: ignore[assignment]  # must not be needed
    try:
        assert _digests(copy, tmp_path / "memo") == fresh
    finally:
        code_identity.normalised_digest = parse


_PATHS = """
import json, sys
from pathlib import Path
from lexsub_baselines.builds.settings import ResourceSettings
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.distributional.embeddings import embeddings_path
from lexsub_baselines.distributional.neighbour_cache import NeighbourCache
from lexsub_baselines.distributional.parser import parser_dir
from lexsub_baselines.distributional.relation_store import counts_stem
from lexsub_baselines.distributional.word2vec import word2vec_path
from lexsub_baselines.lm.cooccurrence import cooccurrence_stem
from lexsub_baselines.lm.corpus_text import corpus_text_path
from lexsub_baselines.lm.model import _paths as lm_paths
from lexsub_baselines.resources.corpus_counts import CORPUS_NAMES, corpus_counts_path
from lexsub_baselines.builds import corpus

roots, s = resolve_roots(), ResourceSettings()
text = corpus_text_path(roots, s.lm.corpora, s.lm.max_tokens)
print(json.dumps({
    "corpus-plan": str(corpus._plan_path(roots, corpus._corpora(s))[0]),
    "parser": str(parser_dir(roots, s.parser)[0]),
    "relations": str(counts_stem(roots, "parser-content", s.relations)),
    "neighbours": str(NeighbourCache(roots.cache, "counts", "lin", 14).path),
    "corpus-counts": str(corpus_counts_path(roots, CORPUS_NAMES, None)),
    "lm-text": str(text),
    "lm": str(lm_paths(roots, s.lm)[0]),
    "bow": str(cooccurrence_stem(roots.cache, text, s.bow)),
    "word2vec": str(word2vec_path(roots, s.word2vec)),
    "embeddings": str(embeddings_path(roots, s.embeddings)),
}))
"""


def _roots_env(roots: object, tmp_path: Path) -> dict[str, str]:
    """The roots of a process running a copy of the package, and the KenLM tools this one
    finds (a copy's checkout has none: another LM key, as it should)."""
    from lexsub_baselines.core.paths import Roots
    from lexsub_baselines.inputs.kenlm_tools import locate_tools

    assert isinstance(roots, Roots)
    return {"LEXSUB_SHARED_ROOT": str(roots.shared), "LEXSUB_DATA_ROOT": str(roots.data),
            "LEXSUB_CACHE_DIR": str(tmp_path / "cache"),
            "LEXSUB_KENLM_BIN": str(locate_tools().lmplz.parent)}


def _cache_paths(package_parent: Path, roots_env: dict[str, str]) -> dict[str, str]:
    env = {**os.environ, **roots_env, "PYTHONPATH": str(package_parent)}
    done = subprocess.run([sys.executable, "-c", _PATHS], env=env, capture_output=True,
                          text=True, check=False, cwd=package_parent)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout))


@pytest.mark.shared
def test_an_edited_builder_gets_exactly_its_stage_rebuilt(copy: Path, tiny_shared: object,
                                                          tmp_path: Path) -> None:
    """Every stage's cache path, computed by a process running the package, then by one
    running an edited copy: only the edited builder's stage looks in a new place (so only it
    is rebuilt), as the cache lookups of `lexsub build` would see it."""
    from lexsub_baselines.core.paths import Roots

    assert isinstance(tiny_shared, Roots)
    env = _roots_env(tiny_shared, tmp_path)
    original = _cache_paths(PACKAGE_DIR.parent, env)
    assert set(original) == set(BUILDERS)
    _edit(copy / "distributional" / "word2vec.py", "def word2vec_path(",
          "_EDITED = 5\n\n\ndef word2vec_path(")
    edited = _cache_paths(copy.parent, env)
    assert {stage for stage in original if edited[stage] != original[stage]} == {"word2vec",
                                                                                 "embeddings"}


@pytest.mark.shared
def test_an_edited_plan_gets_the_relation_and_corpus_counts_new_keys(
        copy: Path, tiny_shared: object, tmp_path: Path) -> None:
    """The plan of a build (which corpus files, in which order, fill a token budget) decides
    what the relation counts and the corpus counts hold, so it is in their keys, and only
    in theirs."""
    from lexsub_baselines.core.paths import Roots

    assert isinstance(tiny_shared, Roots)
    env = _roots_env(tiny_shared, tmp_path)
    original = _cache_paths(PACKAGE_DIR.parent, env)
    _edit(copy / "text" / "shards.py", "    return [plan[path] for _, path in corpus_plan(",
          "    return [plan[path] for _, path in reversed(corpus_plan(")
    _edit(copy / "text" / "shards.py", "roots, corpora)]", "roots, corpora))]")
    edited = _cache_paths(copy.parent, env)
    assert {stage for stage in original if edited[stage] != original[stage]} == {
        "relations", "corpus-counts"}


_SETTINGS = """
import json
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.runs.provenance import collect_settings

settings = collect_settings(resolve_roots(), {}).as_dict()
settings.pop("cache")
print(json.dumps(settings))
"""


@pytest.mark.shared
def test_files_that_compute_nothing_move_no_key_and_no_row_setting(
        copy: Path, tiny_shared: object, tmp_path: Path) -> None:
    """`runs/reference.json` (rewritten after the run it describes), the explorer's style and
    the manifest are outside the code identity: no cache key and no setting of a row moves
    when they change (the manifest is the record the input layer checks inputs by: what a
    computation read is in its key by the inputs' own digests)."""
    from lexsub_baselines.core.paths import Roots

    assert isinstance(tiny_shared, Roots)
    env = _roots_env(tiny_shared, tmp_path)

    def settings(parent: Path) -> dict[str, str]:
        done = subprocess.run([sys.executable, "-c", _SETTINGS], capture_output=True,
                              text=True, cwd=parent,
                              env={**os.environ, **env, "PYTHONPATH": str(parent)})
        assert done.returncode == 0, done.stderr[-2000:]
        return dict(json.loads(done.stdout))

    paths, rows = _cache_paths(PACKAGE_DIR.parent, env), settings(PACKAGE_DIR.parent)
    reference = copy / "runs" / "reference.json"
    reference.write_text(reference.read_text().replace('"rows": {', '"rows": {"x/y": "0",', 1))
    css = copy / "analysis" / "assets" / "explorer.css"
    css.write_text(css.read_text() + "\nbody { color: red; }\n")
    manifest = copy / "inputs" / "manifest.json"
    _edit(manifest, '"note": "', '"note": "Reworded. ')
    assert _cache_paths(copy.parent, env) == paths and settings(copy.parent) == rows
    _edit(manifest, '"bytes": 70288,', '"bytes": 70289,')  # its data too
    assert settings(copy.parent)["code"] == rows["code"]


def test_a_library_upgrade_changes_the_keys_of_the_code_that_imports_it(
        copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The versions of the libraries a builder's modules import are in its key (numpy's for
    the bag-of-words counts, which import scipy and numpy), and only there: the corpus plan
    imports neither, and neither imports wordfreq."""
    from lexsub_baselines.inputs import libraries

    before = _digests(copy, tmp_path / "memo")
    installed = libraries.library_version

    def upgraded(name: str) -> str:
        return "99.0" if name == "numpy" else installed(name)

    monkeypatch.setattr(libraries, "library_version", upgraded)
    after = _digests(copy, tmp_path / "memo")
    moved = {stage for stage in BUILDERS if after[stage] != before[stage]}
    assert "bow" in moved and "relations" in moved and "corpus-plan" not in moved
    monkeypatch.setattr(libraries, "library_version",
                        lambda name: "99.0" if name == "wordfreq" else installed(name))
    again = _digests(copy, tmp_path / "memo")
    assert again["bow"] == before["bow"] and again["corpus-plan"] == before["corpus-plan"]


def test_the_serialisers_of_built_data_are_in_the_keys(copy: Path, tmp_path: Path) -> None:
    """What writes the relation counts' and the co-occurrence counts' bytes (`core.sparse`)
    counts for them: storing float32 moves those keys (it moved none while the serialisers
    were counted as `core.cache`'s plumbing)."""
    before = _digests(copy, tmp_path / "memo")
    _edit(copy / "core" / "sparse.py", "matrix.tocsr()", 'matrix.tocsr().astype("float32")')
    after = _digests(copy, tmp_path / "memo")
    assert {stage for stage in BUILDERS if after[stage] != before[stage]} >= {"relations", "bow"}
    assert after["parser"] == before["parser"] and after["lm"] == before["lm"]


def test_the_python_that_runs_the_code_is_in_every_key_and_in_the_memos_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another Python (or Unicode database) gives every resource another key, and reads and
    writes a memo of its own: the keys of one code never depend on which Python filled the
    memo first."""
    from lexsub_baselines.inputs import code_identity

    before = _digests(PACKAGE_DIR, tmp_path / "memo")
    memos = sorted((tmp_path / "memo" / "code").glob("digests-*.json"))
    assert code_identity.RUNTIME.startswith("CPython 3.") and ", unicode " in code_identity.RUNTIME
    monkeypatch.setattr(code_identity, "RUNTIME", "CPython 3.12.0, unicode 15.0.0")
    monkeypatch.setattr(sys, "version", "3.12.0 (another)")
    code_identity._LOADED.clear()
    after = _digests(PACKAGE_DIR, tmp_path / "memo")
    assert all(after[stage] != before[stage] for stage in BUILDERS)
    assert len(sorted((tmp_path / "memo" / "code").glob("digests-*.json"))) == len(memos) + 1
    code_identity._LOADED.clear()


def test_the_kenlm_tools_found_are_in_the_lms_key(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Two folders of KenLM tools with other bytes give the LM two keys (before: one)."""
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.inputs.kenlm_tools import KENLM_BIN_ENV, locate_tools, tools_identity
    from lexsub_baselines.lm.model import LMConfig

    pytest.importorskip("kenlm")
    try:
        found = locate_tools()
    except Exception:
        pytest.skip("KenLM's tools are not built")
    other = tmp_path / "bin"
    other.mkdir()
    for tool in (found.lmplz, found.build_binary):
        shutil.copy2(tool, other / tool.name)
    roots = resolve_roots()
    ours = (tools_identity(), LMConfig().key(roots))
    monkeypatch.setenv(KENLM_BIN_ENV, str(other))
    assert (tools_identity(), LMConfig().key(roots)) == ours  # the same bytes elsewhere: one key
    with open(other / "lmplz", "ab") as handle:
        handle.write(b"\0")
    assert tools_identity() != ours[0] and LMConfig().key(roots) != ours[1]
