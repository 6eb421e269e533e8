"""Build locks that cannot hang: real holder processes, killed ones included.

A holder is another Python process taking the lock through `stage_lock`, as a build does.
A soft lock whose holder was killed (SIGKILL) is broken at the next attempt, in one line; one
whose holder runs on another host is kept while its heartbeat comes and broken once it stops
for the lease (at most `MAX_LEASE`, whatever the file says); one whose content is garbage is
broken after the lease, and its holder's heartbeat lives on; a killed flock holder is
released by the kernel. Locks are per cache key, and
one mechanism serves a cache: the one recorded on its first lock.
"""

from __future__ import annotations

import asyncio
import errno
import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from lock_holder import holder as _holder

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.engine import softlock
from lexsub_baselines.engine.context import BuildContext
from lexsub_baselines.engine.graph import Stage, run_graph
from lexsub_baselines.engine.locks import stage_lock
from lexsub_baselines.engine.progress import Progress
from lexsub_baselines.engine.softlock import MAX_LEASE, SoftLock, bounded_lease


def _soft(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mechanism").write_text("softlock\n")
    return folder


async def _take(folder: Path, name: str, said: list[str], key: str | None = None,
                lease: float = 60.0) -> bool:
    async with stage_lock(folder, name, said.append, poll=0.1, key=key, lease=lease) as waited:
        return waited


def test_a_soft_lock_of_a_killed_build_is_broken_in_one_line(tmp_path: Path) -> None:
    folder = _soft(tmp_path / "locks")
    with _holder(folder, "parser") as holder:
        holder.kill()
        holder.wait()
        said: list[str] = []
        started = time.monotonic()
        assert asyncio.run(_take(folder, "parser", said)) is False
    assert time.monotonic() - started < 5  # not the lease (60 s): its pid no longer runs
    assert len(said) == 1 and "broke the lock" in said[0] and "parser.softlock" in said[0]
    assert f"pid {holder.pid} on host" in said[0] and "no longer runs" in said[0]
    assert not (folder / "parser.softlock").exists()  # released in turn


@pytest.mark.slow
def test_a_soft_lock_of_another_host_is_kept_while_it_beats_and_broken_after_its_lease(
        tmp_path: Path) -> None:
    folder = _soft(tmp_path / "locks")
    with _holder(folder, "relations", host="elsewhere", lease=2.0) as holder:
        said: list[str] = []
        with pytest.raises(TimeoutError):  # two leases and more: its heartbeat keeps it
            asyncio.run(asyncio.wait_for(_take(folder, "relations", said), timeout=5))
        assert len(said) == 1 and f"pid {holder.pid} on host" in said[0]
        assert "waiting to reuse its result" in said[0]
        holder.kill()  # the host is gone: its pid cannot be checked from here
        holder.wait()
        said.clear()
        started = time.monotonic()
        asyncio.run(_take(folder, "relations", said))
    waited = time.monotonic() - started
    assert 1.9 < waited < 6
    assert len(said) == 2 and "broke the lock" in said[1]
    assert f"no heartbeat from pid {holder.pid} on host" in said[1] and "for 2 s" in said[1]


def test_a_killed_flock_holder_is_released_by_the_kernel(tmp_path: Path) -> None:
    folder = tmp_path / "locks"
    with _holder(folder, "word2vec") as holder:
        said: list[str] = []
        with pytest.raises(TimeoutError):
            asyncio.run(asyncio.wait_for(_take(folder, "word2vec", said), timeout=1))
        assert f"pid {holder.pid}" in said[0]  # the holder's facts, read from the lock file
        holder.kill()
        holder.wait()
        said.clear()
        assert asyncio.run(_take(folder, "word2vec", said)) is False and said == []
    assert (folder / "mechanism").read_text() == "flock\n"


def test_locks_are_per_cache_key(tmp_path: Path) -> None:
    """A build of the relation counts of one corpus sample does not wait for a build of
    another's; a build of the same one does (and reuses its result)."""
    folder = tmp_path / "locks"
    store: dict[str, str] = {}

    async def build(ctx: Any, inputs: Mapping[str, Any]) -> str:
        store[ctx.settings] = "ours"
        return "ours"

    stages: Registry[Stage[str]] = Registry("stage")
    stages.add("relations", Stage("relations", (), "", lambda ctx: store.get(ctx.settings),
                                  build, lock_key=lambda ctx: f"counts-{ctx.settings}"))

    class Quiet:
        def subscribe_topic(self, *args: Any) -> None:
            pass

        async def get_events(self, topic: str) -> list[Any]:
            return []

    def run(sample: str) -> tuple[float, str]:
        ctx: BuildContext[str] = BuildContext(Quiet(), None, sample, Progress(False),
                                              lock_dir=folder)
        started = time.monotonic()
        results, _ = asyncio.run(run_graph(stages, ["relations"], ctx))
        return time.monotonic() - started, results["relations"]

    with _holder(folder, "relations", key="counts-enwiki-10M", seconds=3):
        other, _ = run("enwiki-20M")
        same, _ = run("enwiki-10M")
    assert other < 1.0 and same > 1.5
    assert len(list(folder.glob("relations-*.lock"))) == 2


@pytest.mark.parametrize("recorded", [None, "flock", "softlock"])
def test_one_mechanism_per_cache(tmp_path: Path, recorded: str | None,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system that refuses flock: the first lock of a cache records the soft lock (one
    line); a cache that records flock fails the stage in one line with the remedy, rather
    than lock in a way the other hosts would not see; a cache that records the soft lock
    uses it even where flock works."""
    import fcntl

    folder = tmp_path / "locks"
    folder.mkdir()
    if recorded is not None:
        (folder / "mechanism").write_text(recorded + "\n")
    if recorded != "softlock":
        def refuse(fd: int, operation: int) -> None:
            raise OSError(errno.ENOLCK, "No locks available")

        monkeypatch.setattr(fcntl, "flock", refuse)
    said: list[str] = []

    async def hold() -> bool:
        async with stage_lock(folder, "relations", said.append) as waited:
            assert (folder / "relations.softlock").exists()
            return waited

    if recorded == "flock":
        with pytest.raises(LexsubError, match=r"^relations: the file system refuses a lock on "
                           r".*relations\.lock \(No locks available\) here, and this cache's "
                           r"builds lock with flock .*mechanism\): mount the cache with "
                           r"working locks"):
            asyncio.run(hold())
        return
    assert asyncio.run(hold()) is False
    assert (folder / "mechanism").read_text() == "softlock\n"
    if recorded is None:
        assert len(said) == 1 and "refuses a lock" in said[0] and "relations.softlock" in said[0]
    else:
        assert said == [] and not (folder / "relations.lock").exists()


def test_an_unwritable_lock_is_one_error_naming_it(tmp_path: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    real_open = os.open

    def deny(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".lock"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)

    async def hold() -> None:
        async with stage_lock(tmp_path, "parser", print):
            pass

    with pytest.raises(LexsubError, match=r"parser: cannot lock .*parser\.lock \(Permission "
                                          r"denied\): make .* writable for every user"):
        asyncio.run(hold())


def test_a_garbage_soft_lock_is_broken_after_the_lease_in_one_line(tmp_path: Path) -> None:
    """Non-UTF-8 bytes (a torn write, another program's file): no UnicodeDecodeError; the
    waiter says it waits, then breaks the file once it did not change for the lease."""
    folder = _soft(tmp_path / "locks")
    (folder / "parser.softlock").write_bytes(b"\xff\xfe{\"pid\": \x00\x9c")
    said: list[str] = []
    started = time.monotonic()
    assert asyncio.run(_take(folder, "parser", said, lease=1.0)) is True
    assert 0.9 < time.monotonic() - started < 5
    assert len(said) == 2 and "waiting" in said[0]
    assert said[1] == (f"lexsub: parser: broke the lock {folder / 'parser.softlock'} of a build "
                       "that is gone (its content names no holder, and it did not change for "
                       "1 s)")
    assert not (folder / "parser.softlock").exists()


def test_the_heartbeat_survives_garbage_in_its_lock(tmp_path: Path) -> None:
    said: list[str] = []
    lock = SoftLock(_soft(tmp_path / "locks") / "lm.softlock", "lm", said.append, lease=0.3)
    assert lock.try_acquire()
    lock.path.write_bytes(b"\x80\x81 not a lock")
    time.sleep(0.5)  # ten heartbeats
    assert lock._beat is not None and lock._beat.is_alive()
    assert said == [f"lexsub: lm: lost the lock {lock.path} (another build took it, judging "
                    "this one dead); it may build the same result"]
    lock.release()
    assert lock.path.read_bytes() == b"\x80\x81 not a lock"  # not ours: left to its judge


def test_a_lease_is_bounded_whatever_the_file_says(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Another host's lock stating a lease of 1e9 s is broken after `MAX_LEASE` without a
    heartbeat (the waiter's clock moved on by monkeypatching `time.monotonic`)."""
    assert [bounded_lease(v) for v in (1e9, 2, 0, -5.0, float("nan"), float("inf"), "60",
                                       True, None)] == [MAX_LEASE, 2.0, *[60.0] * 7]
    path = _soft(tmp_path / "locks") / "relations.softlock"
    path.write_text(json.dumps({"host": "elsewhere", "machine": "elsewhere", "pid": 4242,
                                "lease": 1e9, "nonce": "theirs"}))
    said: list[str] = []
    lock = SoftLock(path, "relations", said.append)
    clock = time.monotonic()
    monkeypatch.setattr(softlock.time, "monotonic", lambda: clock)
    assert not lock.try_acquire()
    clock += MAX_LEASE - 1
    assert not lock.try_acquire() and said == []
    clock += 2
    assert lock.try_acquire()
    assert said == [f"lexsub: relations: broke the lock {path} of a build that is gone (no "
                    f"heartbeat from pid 4242 on host elsewhere for {MAX_LEASE:.0f} s)"]
    lock.release()
    assert SoftLock(path, "x", print, lease=1e9).lease == MAX_LEASE  # nor our own, unbounded


def test_a_garbage_mechanism_record_is_one_error_naming_it(tmp_path: Path) -> None:
    folder = tmp_path / "locks"
    folder.mkdir()
    (folder / "mechanism").write_bytes(b"\xff\xfesoft\n")
    with pytest.raises(LexsubError, match=r"mechanism names no lock mechanism .*: delete it "
                                          r"while no build runs"):
        asyncio.run(_take(folder, "parser", []))
