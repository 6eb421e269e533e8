"""Setup without root: the package check says which part needs which package, and goes on.

`scripts/debian_packages.sh` runs with fake `dpkg-query` (nothing installed), `id` (not root)
and `sudo` (refused) on PATH; it must name each missing group and what works without it,
install nothing, and exit 0 so that `make setup` goes on with the venv. The tests of the
parts that need a missing package are then skipped by `needs(...)`, naming the package.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "debian_packages.sh"


def _fake(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


def test_without_root_the_missing_packages_are_explained_and_setup_goes_on(
        tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _fake(bin_dir, "dpkg-query", "exit 1")  # nothing installed
    _fake(bin_dir, "id", 'echo 1000')
    _fake(bin_dir, "sudo", "exit 1")  # no sudo rights
    _fake(bin_dir, "apt-get", f"touch {tmp_path}/apt-was-called; exit 1")
    done = subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, check=False,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "apt-was-called").exists()
    err = done.stderr
    assert "without root (or sudo) these Debian packages cannot be installed" in err
    for needed in ("wordnet-base, wordnet-sense-index: WordNet 3.0",
                   "dict-freedict-eng-spa: FreeDict", "KenLM's lmplz",
                   "chromium: only the browser checks", "qemu-user: only scripts/lower_machine.py"):
        assert needed in err
    assert "no SWORDS evaluation" in err and "make test skips what does" in err


def test_a_test_that_needs_a_missing_part_is_skipped_naming_it(
        monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    import conftest

    monkeypatch.setitem(conftest.NEEDS, "wordnet", (lambda: False, "WordNet 3.0 not installed"))
    item = request.node
    item.add_marker(pytest.mark.needs("wordnet"))
    with pytest.raises(pytest.skip.Exception, match=r"WordNet 3\.0 not installed"):
        conftest.pytest_runtest_setup(item)
    monkeypatch.setitem(conftest.NEEDS, "wordnet", (lambda: True, "unused"))
    conftest.pytest_runtest_setup(item)  # installed: runs
