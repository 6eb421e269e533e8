"""The content identity the worker check compares: every file at any depth, by its bytes;
what cannot be read is part of the identity (a dangling link, an unreadable file, a link
cycle), never a traceback; the package's identity covers every file but compiled ones."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lexsub_baselines.core import digests
from lexsub_baselines.engine.identity import first_difference, tree_identity


def _tree(root: Path) -> Path:
    (root / "corpora" / "enwiki" / "AA").mkdir(parents=True)
    (root / "corpora" / "enwiki" / "AA" / "wiki_00").write_bytes(b"text")
    (root / "data").mkdir()
    (root / "data" / "gold").write_text("gold")
    return root


def test_a_difference_at_any_depth_is_seen_and_named(tmp_path: Path) -> None:
    ours, theirs = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert tree_identity(ours) == tree_identity(theirs)
    deep = theirs / "corpora" / "enwiki" / "AA" / "wiki_00"
    status = deep.stat()
    deep.write_bytes(b"TEXT")  # same size, and the same times set back
    os.utime(deep, ns=(status.st_atime_ns, status.st_mtime_ns))
    said = first_difference(tree_identity(ours), tree_identity(theirs))
    assert said is not None and said.startswith("corpora/enwiki/AA/wiki_00: sha256 ")
    (theirs / "data" / "gold").unlink()
    said = first_difference(tree_identity(ours), tree_identity(theirs))
    assert said is not None and "; 1 more differ" in said
    assert first_difference(tree_identity(theirs), tree_identity(ours)) is not None


def test_what_cannot_be_read_is_part_of_the_identity(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(tmp_path / "root")
    (root / "data" / "gone").symlink_to(root / "nowhere")
    (root / "corpora" / "loop").symlink_to(root / "corpora", target_is_directory=True)
    locked = root / "data" / "locked"
    locked.write_text("secret")
    real = digests.sha256

    def deny(path: Path) -> str:  # as for a file of another user (the tests may run as root)
        if path == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(digests, "sha256", deny)
    listing = tree_identity(root)
    assert listing["data/gone"] == f"dangling link to {root / 'nowhere'}"
    assert listing["corpora/loop/"] == "link cycle"
    assert listing["data/locked"] == "unreadable (Permission denied)"
    assert tree_identity(tmp_path / "absent") == {".": "missing (No such file or directory)"}
    said = first_difference({"data/gone": "0" * 64}, {"data/gone": listing["data/gone"]})
    assert said == f"data/gone: dangling link to {root / 'nowhere'} there, sha256 000000000000 here"


def test_a_skipped_folder_is_left_out(tmp_path: Path) -> None:
    root = _tree(tmp_path / "root")
    (root / "cache" / "x").mkdir(parents=True)
    (root / "cache" / "x" / "built").write_text("changes as the build runs")
    listing = tree_identity(root, lambda relative: relative == "cache")
    assert not [path for path in listing if path.startswith("cache")]
