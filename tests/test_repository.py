"""Nothing of one machine in the repository: what git tracks works in any clone, anywhere."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent


def _tracked() -> list[tuple[str, str]]:
    """Return (mode, path) of every file git tracks here (skips outside a git checkout)."""
    if shutil.which("git") is None or not (PROJECT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(["git", "ls-files", "-s", "-z"], cwd=PROJECT, check=True,
                            capture_output=True).stdout.decode("utf-8", "surrogateescape")
    found = []
    for entry in filter(None, listed.split("\0")):
        meta, _, path = entry.partition("\t")
        found.append((meta.split()[0], path))
    return found


def test_no_tracked_symlink_leaves_the_repository() -> None:
    """A tracked link to an absolute path, or out of the checkout, breaks every other clone
    (`resources/cache` once pointed at one machine's folder: `make baselines` failed at once
    on every fresh clone)."""
    leaving = []
    for mode, path in _tracked():
        if mode != "120000":
            continue
        target = os.readlink(PROJECT / path) if (PROJECT / path).is_symlink() else "?"
        resolved = (PROJECT / path).parent.joinpath(target).resolve()
        if os.path.isabs(target) or not resolved.is_relative_to(PROJECT):
            leaving.append(f"{path} -> {target}")
    assert not leaving, f"tracked symlinks leave the repository: {leaving}"


def test_the_ignored_build_folders_match_links_too() -> None:
    """`.gitignore`'s `resources/cache/` (with the slash) matched folders only, so a link there
    could be committed; git then replaced a real cache folder by the link on checkout."""
    for name in ("resources/cache", "resources/build"):
        checked = subprocess.run(["git", "check-ignore", "--no-index", "-q", name],
                                 cwd=PROJECT, check=False)
        if checked.returncode == 128:
            pytest.skip("not a git checkout")
        assert checked.returncode == 0, f"{name} (a file or a link) is not ignored"
