"""Atomic, checksummed cache files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lexsub_baselines.core.cache import atomic_path, atomic_write_text, seal, verified


def test_atomic_writes_get_normal_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    atomic_write_text(target, "x\n")
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary left behind


def test_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "table.bin"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("interrupted")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.bin"]


def test_sealed_file_is_verified_until_it_changes(tmp_path: Path) -> None:
    target = tmp_path / "counts.npz"
    atomic_write_text(target, "data")
    assert not verified(target)  # no checksum yet
    seal(target)
    assert verified(target)
    target.write_text("tampered", encoding="utf-8")
    assert not verified(target)
