"""Caches that fail safe: neighbour lists under concurrent runs, corpus identity in the relation
keys, the parser folder sealed and swapped atomically, a stage re-checked after its lock."""

from __future__ import annotations

import asyncio
import dataclasses
import multiprocessing
import shutil
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.core.cache import install_folder, verified_folder
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.distributional.neighbour_cache import NeighbourCache
from lexsub_baselines.distributional.neighbours import Neighbour
from lexsub_baselines.distributional.relation_store import counts_stem, shards_dir
from lexsub_baselines.engine.context import BuildContext
from lexsub_baselines.engine.graph import Stage, run_graph
from lexsub_baselines.engine.progress import Progress


def _fill(folder: str, start: int) -> None:
    cache = NeighbourCache(Path(folder), "counts", "lin", 20.0)
    for number in range(start, start + 40):
        cache.put(f"w{number}", "n", 10, [Neighbour(f"n{number}", 0.5)])


def test_two_runs_filling_one_neighbour_cache_lose_nothing(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    runs = [context.Process(target=_fill, args=(str(tmp_path), start)) for start in (0, 20)]
    for run in runs:
        run.start()
    for run in runs:
        run.join(60)
    cache = NeighbourCache(tmp_path, "counts", "lin", 20.0)
    for number in range(60):  # both runs' targets, the 20 they share included
        assert cache.get(f"w{number}", "n", 10) == [Neighbour(f"n{number}", 0.5)], number


def test_a_new_target_costs_its_own_file_only(tmp_path: Path) -> None:
    cache = NeighbourCache(tmp_path, "counts", "lin", 20.0)
    for number in range(50):
        cache.put(f"w{number}", "n", 10, [])
    before = {p: p.stat().st_mtime_ns for p in cache.path.iterdir()}
    time.sleep(0.01)
    cache.put("new", "n", 10, [Neighbour("x", 1.0)])
    after = {p: p.stat().st_mtime_ns for p in cache.path.iterdir()}
    assert {p for p in after if after[p] != before.get(p)} == {
        cache.file("new", "n"), cache.file("new", "n").with_name(
            cache.file("new", "n").name + ".sha256")}
    cache.file("w3", "n").write_text("{}")  # edited since it was sealed: not trusted
    assert cache.get("w3", "n", 10) is None and cache.get("w4", "n", 10) == []


def test_relation_keys_follow_the_corpus_content_not_its_times(
    tiny_shared: Roots, tmp_path: Path
) -> None:
    from lexsub_baselines.distributional.build import RelationSettings

    settings = RelationSettings()
    stem, shards = counts_stem(tiny_shared, "p", settings), shards_dir(tiny_shared, "p", settings)
    # a copy of the same files (new times, new inodes: a restored or re-synced share) keeps them
    copy = tmp_path / "shared"
    shutil.copytree(tiny_shared.shared, copy, symlinks=True)
    copied = dataclasses.replace(tiny_shared, shared=copy)
    assert counts_stem(copied, "p", settings).name == stem.name
    assert shards_dir(copied, "p", settings).name == shards.name
    # the same names with other content (a corpus downloaded again) get new keys
    corpus = sorted((copy / "corpora").rglob("*.xz"))[0]
    data = corpus.read_bytes()
    corpus.unlink()  # the copy may be a link into the real share: never write through it
    corpus.write_bytes(data + b"\0")
    assert counts_stem(copied, "p", settings).name != stem.name
    assert shards_dir(copied, "p", settings).name != shards.name


def test_an_in_place_edit_keeping_size_and_times_changes_the_corpus_identity(
        tiny_shared: Roots, tmp_path: Path) -> None:
    """A long-lived worker memoises file digests; the memo's key holds the change time, which
    no call sets back, so an edit that keeps the inode, the size and the modification time
    (set back) is read again, never served the old digest."""
    import os

    from lexsub_baselines.core import digests
    from lexsub_baselines.inputs.layer import inputs
    from lexsub_baselines.text.corpora import corpus_inputs

    def corpus_identity(roots: Roots, names: tuple[str, ...]) -> str:
        return str(inputs(roots).digests(corpus_inputs(names)))

    copy = tmp_path / "shared"
    shutil.copytree(tiny_shared.shared, copy, symlinks=True)
    roots = dataclasses.replace(tiny_shared, shared=copy)
    corpus = sorted((copy / "corpora").rglob("*.xz"))[0]
    old = corpus.stat().st_mtime_ns - 10**10
    os.utime(corpus, ns=(old, old))
    first = corpus_identity(roots, ("enwiki",))
    time.sleep(2.1)  # past the window of a clock tick: now the digests are memoised
    assert corpus_identity(roots, ("enwiki",)) == first
    assert digests._memo(roots.cache)[str(corpus)][:-1] == digests._version(corpus.stat())
    data = bytearray(corpus.read_bytes())
    data[-1] ^= 1
    with open(corpus, "r+b") as handle:  # in place: the same inode and size
        handle.write(bytes(data))
    os.utime(corpus, ns=(old, old))  # and the modification time set back
    assert corpus_identity(roots, ("enwiki",)) != first


def test_a_folder_is_sealed_and_swapped_atomically(tmp_path: Path) -> None:
    final = tmp_path / "parser"
    first = tmp_path / "work1"
    first.mkdir()
    (first / "model").write_text("one")
    sealed = install_folder(first, final)
    assert verified_folder(final) and (final / "model").read_text() == "one"
    reader = open(sealed / "model")  # noqa: SIM115 (another process reading the old model)
    second = tmp_path / "work2"
    second.mkdir()
    (second / "model").write_text("two")
    install_folder(second, final)
    assert (final / "model").read_text() == "two"
    # the old folder stays, whole, for whoever still reads it (pruned by hand: docs/baselines.md)
    assert reader.read() == "one" and (sealed / "model").read_text() == "one"
    reader.close()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".link")]
    (final / "model").write_text("edited")
    assert not verified_folder(final)  # its seal no longer matches: rebuilt, not trusted


def test_an_unsealed_folder_is_moved_aside_and_links_are_named_by_host_pid_and_chance(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import socket

    final = tmp_path / "parser"
    final.mkdir()
    (final / "model").write_text("old layout")
    links: list[str] = []
    real_symlink = os.symlink

    def symlink(target: str, link: Path) -> None:
        links.append(Path(link).name)
        real_symlink(target, link)

    monkeypatch.setattr(os, "symlink", symlink)
    for number in range(2):
        work = tmp_path / f"work{number}"
        work.mkdir()
        (work / "model").write_text(f"new {number}")
        install_folder(work, final)
    assert (final / "model").read_text() == "new 1"
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("parser.unsealed-")]
    assert len(aside) == 1 and (aside[0] / "model").read_text() == "old layout"
    # two hosts (or two runs) installing into one shared cache never take each other's link
    prefix = f".parser.{socket.gethostname()}.{os.getpid()}."
    assert all(name.startswith(prefix) for name in links) and len(set(links)) == 2


def test_a_stage_built_meanwhile_is_reused_not_rebuilt(tmp_path: Path) -> None:
    """Stage `late` needs `early`; while `early` builds, another build finishes `late`."""
    built: list[str] = []
    store: dict[str, Any] = {}

    async def build_early(ctx: Any, inputs: Mapping[str, Any]) -> str:
        await asyncio.sleep(0.2)
        store["late"] = "made by another build"  # finished elsewhere meanwhile
        built.append("early")
        return "early"

    async def build_late(ctx: Any, inputs: Mapping[str, Any]) -> str:
        built.append("late")
        return "ours"

    stages: Registry[Stage[None]] = Registry("stage")
    stages.add("early", Stage("early", (), "", lambda ctx: None, build_early))
    stages.add("late", Stage("late", ("early",), "", lambda ctx: store.get("late"),
                             build_late))

    class Quiet:
        def subscribe_topic(self, *args: Any) -> None:
            pass

        async def get_events(self, topic: str) -> list[Any]:
            return []

    ctx: BuildContext[None] = BuildContext(Quiet(), None, None, Progress(False),
                                           lock_dir=tmp_path / "locks")
    results, records = asyncio.run(run_graph(stages, ["late"], ctx))
    assert results["late"] == "made by another build" and built == ["early"]
    assert any(r.name == "late" and r.status == "cached" for r in records)
