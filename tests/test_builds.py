"""The build graph on Dask: local and remote clusters give byte-identical caches, killed builds
resume, bad input is reported; on a tiny real corpus with a parser trained for seconds."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from processes import DASK, free_port, start_scheduler, stop_in_order
from tiny_corpus import make_tiny_shared, seed_parser

from lexsub_baselines.builds import ResourceSettings, build
from lexsub_baselines.core.cache import verified
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots, kernels_subfolder, resolve_roots
from lexsub_baselines.distributional.build import RelationSettings, counts_stem, shards_dir
from lexsub_baselines.distributional.parser import ParserModel
from lexsub_baselines.engine.cluster import EngineSettings
from lexsub_baselines.engine.progress import Progress
from lexsub_baselines.text.corpora import corpus_plan, file_words, iter_paragraphs
from lexsub_baselines.text.shards import plan_shards

VENV_BIN = Path(sys.executable).parent
QUIET = Progress(enabled=False, stream=io.StringIO())

pytestmark = [pytest.mark.shared, pytest.mark.slow]


@pytest.fixture(scope="module")
def small_shared(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Roots:
    """Half the session's tiny corpus: three Wikipedia files and three books, about 27k words
    in six shards: the module parses the whole of it seven times."""
    return make_tiny_shared(shared, tmp_path_factory.mktemp("small"), n_wiki=3, n_books=3,
                            wiki_lines=60, book_lines=500)


def _roots(small_shared: Roots, tiny_parser: ParserModel, cache: Path) -> Roots:
    """The tiny roots with the parser seeded where a `lexsub --cache-dir CACHE` reads it: in
    the kernel level's own sub-folder (`kernels-x86-64-v2/` under `LEXSUB_KERNELS=x86-64-v2`)."""
    return seed_parser(tiny_parser, dataclasses.replace(small_shared,
                                                        cache=cache / kernels_subfolder()))


def _relation_files(roots: Roots) -> dict[str, bytes]:
    """The final relation counts of a cache (npz and json), by file name."""
    folder = roots.cache / "relations"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("gr-*"))
            if p.suffix in (".npz", ".json") and not p.name.endswith(".build.json")}


def _lexsub(roots: Roots, *args: str) -> list[str]:
    """`lexsub` on `roots` (its cache given as the folder `lexsub` adds the level's to)."""
    cache = roots.cache.parent if kernels_subfolder() == roots.cache.name else roots.cache
    return [str(VENV_BIN / "lexsub"), "--shared-root", str(roots.shared), "--cache-dir",
            str(cache), *args]


@dataclasses.dataclass(frozen=True)
class Reference:
    """A clean in-process build of the relation counts and corpus counts on one worker."""

    relations: dict[str, bytes]
    counts: list[bytes]


@pytest.fixture(scope="module")
def reference(small_shared: Roots, tiny_parser: ParserModel,
              tmp_path_factory: pytest.TempPathFactory) -> Reference:
    """The counts every build of this module must reproduce byte for byte, built once (one
    worker, in this process) instead of once per test: whatever builds them gives the same
    bytes (`test_local_builds_match_one_worker_and_are_reused` compares two engines)."""
    roots = _roots(small_shared, tiny_parser, tmp_path_factory.mktemp("reference"))
    report = build(roots, ["relations", "corpus-counts"], ResourceSettings(),
                   EngineSettings(workers=1), QUIET)
    assert not report.failures()
    counts = sorted((roots.cache / "frequency").glob("corpus-counts-*.npz"))
    return Reference(_relation_files(roots), [p.read_bytes() for p in counts])


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A real `dask scheduler` and two `dask worker` processes on 127.0.0.1, started once for
    the module's remote tests: a build on it, then one that loses a worker (the last to use
    it: its `w0` is killed)."""
    folder = tmp_path_factory.mktemp("dask")
    log = open(folder / "dask.log", "wb")  # noqa: SIM115 (closed below)
    scheduler, address = start_scheduler(folder, log)
    workers = [subprocess.Popen([DASK, "worker", address, "--nthreads", "1",
                                 "--no-dashboard", "--no-nanny", "--name", f"w{number}"],
                                stdout=log, stderr=log)
               for number in range(2)]
    try:
        yield address, workers
    finally:
        stop_in_order([*workers, scheduler])
        log.close()


def _wait_for_shards(folder: Path, process: subprocess.Popen[bytes], at_least: int = 1) -> None:
    deadline = time.monotonic() + 120
    while len(list(folder.glob("shard-*.tsv.gz.sha256"))) < at_least:
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError("the build ended (or hung) before writing a shard")
        time.sleep(0.01)


# --- the corpus plan ----------------------------------------------------------------------------

def test_shards_hold_exactly_the_budgeted_sample(small_shared: Roots) -> None:
    files = [(kind, path, str(path.relative_to(small_shared.shared)),
              file_words(kind, path, small_shared))
             for kind, path in corpus_plan(small_shared, ("enwiki", "gutenberg"))]
    total = sum(words for *_, words in files)
    for budget in (None, 1000, files[0][3], total // 2, total + 10):
        shards = [replace(shard, roots=small_shared) for shard in plan_shards(files, budget)]
        sample = [p for shard in shards for p in shard.paragraphs()]
        assert sample == list(iter_paragraphs(small_shared, max_tokens=budget)), budget
    assert len({shard.label for shard in plan_shards(files, None)}) == len(files)


# --- local cluster ------------------------------------------------------------------------------

def test_local_builds_match_one_worker_and_are_reused(small_shared: Roots,
                                                      tiny_parser: ParserModel,
                                                      reference: Reference,
                                                      tmp_path: Path) -> None:
    two = _roots(small_shared, tiny_parser, tmp_path / "two")
    targets = ["relations", "corpus-counts"]
    first = build(two, targets, ResourceSettings(), EngineSettings(workers=2), QUIET)
    assert not first.failures() and first.engine == "local:2"
    assert {r.name: r.status for r in first.records} == {
        "parser": "cached", "corpus-plan": "built", "relations": "built",
        "corpus-counts": "built"}
    # `reference`: the same targets built by one worker
    assert _relation_files(two) == reference.relations and len(reference.relations) == 2
    counts = sorted((two.cache / "frequency").glob("corpus-counts-*.npz"))
    assert [p.read_bytes() for p in counts] == reference.counts
    facts = json.loads(next((two.cache / "relations").glob("gr-*.build.json")).read_text())
    assert facts["engine"] == "local:2" and facts["parsed_words"] == facts["words"] > 20_000

    again = build(two, targets, ResourceSettings(), EngineSettings(workers=2), QUIET)
    assert again.engine == "" and {r.status for r in again.records} == {"cached"}


def test_a_larger_budget_reuses_the_smaller_ones_shards(small_shared: Roots,
                                                         tiny_parser: ParserModel,
                                                         tmp_path: Path) -> None:
    roots = _roots(small_shared, tiny_parser, tmp_path)
    small = ResourceSettings(relations=RelationSettings(max_tokens=10_000))
    one = EngineSettings(workers=1)  # the reuse is the point, not the parallel parse
    build(roots, ["relations"], small, one, QUIET)
    build(roots, ["relations"], ResourceSettings(), one, QUIET)
    stems = [counts_stem(roots, tiny_parser_key(roots), s.relations)
             for s in (small, ResourceSettings())]
    facts = [json.loads(stem.with_suffix(".build.json").read_text()) for stem in stems]
    assert facts[0]["words"] >= 10_000 and facts[1]["words"] > facts[0]["words"]
    assert facts[1]["parsed_words"] < facts[1]["words"]  # whole files of the 20k build reused


def tiny_parser_key(roots: Roots) -> str:
    from lexsub_baselines.builds.parsing import parser_identity
    from lexsub_baselines.distributional.parser import FULL_TRAINING

    return parser_identity(roots, FULL_TRAINING)


# --- remote cluster -----------------------------------------------------------------------------

def test_remote_scheduler_builds_byte_identical_counts(
        small_shared: Roots, tiny_parser: ParserModel, reference: Reference, tmp_path: Path,
        dask_cluster: tuple[str, list[subprocess.Popen[bytes]]]) -> None:
    address, _ = dask_cluster
    remote = _roots(small_shared, tiny_parser, tmp_path / "remote")
    done = subprocess.run(_lexsub(remote, "build", "relations", "--scheduler", address,
                                  "--no-progress"), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"on {address}" in done.stderr
    assert _relation_files(remote) == reference.relations != {}  # a local cluster's bytes


def _shard_running_on(address: str, name: str, build: subprocess.Popen[bytes],
                      deadline: float = 120.0) -> str:
    """Return the key of a `relations` shard task the worker `name` is running (waiting)."""
    from distributed import Client

    with Client(address, timeout="60s") as watcher:  # a loaded machine starts it slowly
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            if build.poll() is not None:
                _, stderr = build.communicate()
                raise AssertionError(f"the build ended ({build.returncode}) before worker "
                                     f"{name} ran a shard:\n{stderr.decode()}")
            workers = watcher.scheduler_info()["workers"]
            address_of = {info["name"]: worker for worker, info in workers.items()}
            running = watcher.processing().get(address_of.get(name, ""), ())
            shards = [key for key in running if str(key).startswith("relations:parse_shard")]
            if shards:
                return str(shards[0])
            time.sleep(0.02)
    raise AssertionError(f"worker {name} never ran a shard")


def test_a_worker_killed_mid_shard_has_it_retried_losing_and_doubling_nothing(
        small_shared: Roots, tiny_parser: ParserModel, reference: Reference, tmp_path: Path,
        dask_cluster: tuple[str, list[subprocess.Popen[bytes]]]) -> None:
    address, workers = dask_cluster
    roots = _roots(small_shared, tiny_parser, tmp_path / "killed")
    client = subprocess.Popen(_lexsub(roots, "build", "relations", "--scheduler", address,
                                      "--no-progress"), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    folder = shards_dir(roots, tiny_parser_key(roots), RelationSettings())
    key = _shard_running_on(address, "w0", client)  # a shard is running on w0 at this moment
    before = {p.name for p in folder.glob("shard-*.tsv.gz")}
    workers[0].kill()
    _, stderr = client.communicate(timeout=300)
    assert client.returncode == 0, stderr.decode()
    after = {p.name for p in folder.glob("shard-*.tsv.gz")}
    # the killed shard was not written by w0; the survivor retried it: every shard is there
    assert len(after) == len(plan_shards_of(roots)) > len(before), key
    assert _relation_files(roots) == reference.relations != {}  # a clean build's bytes


def plan_shards_of(roots: Roots) -> list[object]:
    """Return the shards of the relations stage's plan for `roots` (every corpus file)."""
    files = corpus_plan(roots, RelationSettings().corpora)
    return list(files)


def test_unreachable_scheduler_is_one_clear_error(small_shared: Roots, tmp_path: Path) -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    roots = dataclasses.replace(small_shared, cache=tmp_path)
    with pytest.raises(LexsubError) as raised:
        build(roots, ["corpus-plan"], ResourceSettings(),
              EngineSettings(scheduler=address, connect_timeout=1.0), QUIET)
    message = str(raised.value)
    assert address in message and "dask scheduler" in message and "dask worker" in message


# --- interruption -------------------------------------------------------------------------------

def test_a_killed_build_resumes_without_reparsing(small_shared: Roots,
                                                  tiny_parser: ParserModel,
                                                  reference: Reference,
                                                  tmp_path: Path) -> None:
    roots = _roots(small_shared, tiny_parser, tmp_path / "resumed")
    command = _lexsub(roots, "build", "relations", "--workers", "1", "--no-progress")
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
    folder = shards_dir(roots, tiny_parser_key(roots), RelationSettings())
    _wait_for_shards(folder, first)
    os.killpg(first.pid, signal.SIGKILL)  # the client and its local cluster, at once
    first.wait(timeout=30)
    assert _relation_files(roots) == {}
    kept = {p.name for p in folder.glob("shard-*.tsv.gz") if verified(p)}
    assert kept
    for path in roots.cache.rglob("*"):  # nothing half-written is ever read as valid
        if path.is_file() and not path.name.startswith(".") and path.suffix != ".sha256" \
                and path.with_name(path.name + ".sha256").exists():
            assert verified(path), path

    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    facts = json.loads(next((roots.cache / "relations").glob("gr-*.build.json")).read_text())
    assert facts["parsed_words"] < facts["words"]  # the kept shards were read, not parsed
    assert _relation_files(roots) == reference.relations  # a clean build's bytes


def test_two_builds_at_once_share_the_cache(small_shared: Roots, tiny_parser: ParserModel,
                                            reference: Reference, tmp_path: Path) -> None:
    roots = _roots(small_shared, tiny_parser, tmp_path / "shared-cache")
    # one worker each: the two commands' locks are the point, not their parallel parses
    command = _lexsub(roots, "build", "relations", "corpus-counts", "--workers", "1",
                      "--no-progress")
    builds = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
              for _ in range(2)]
    outputs = [build.communicate(timeout=300)[1].decode() for build in builds]
    assert [build.returncode for build in builds] == [0, 0], outputs
    assert any("another build of it is running" in text for text in outputs)
    for path in roots.cache.rglob("*"):
        if path.is_file() and path.with_name(path.name + ".sha256").exists():
            assert verified(path), path
    assert not [p for p in roots.cache.rglob(".*.tmp")]  # no temporary file left behind
    assert _relation_files(roots) == reference.relations  # a clean build's bytes


# --- bad input and progress ---------------------------------------------------------------------

def test_a_corrupt_corpus_file_is_named_once_and_skipped(small_shared: Roots,
                                                         tmp_path: Path) -> None:
    roots = make_tiny_shared(resolve_roots(small_shared.shared.resolve()), tmp_path, n_wiki=2,
                             n_books=1, wiki_lines=30, book_lines=100)
    victim = sorted((roots.shared / "corpora" / "enwiki-2015").rglob("wiki_*.xz"))[0]
    victim.write_bytes(victim.read_bytes()[: victim.stat().st_size // 2])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = build(roots, ["corpus-plan", "corpus-counts"], ResourceSettings(),
                       EngineSettings(workers=2), QUIET)
    assert not report.failures()
    named = [str(w.message) for w in caught if str(victim) in str(w.message)]
    assert len(named) == 1 and "corrupt or truncated" in named[0]


def test_plain_progress_prints_lines_not_carriage_returns() -> None:
    stream = io.StringIO()
    progress = Progress(stream=stream, interactive=False, interval=0.0)
    bar = progress.stage("relations", 1000, "word")
    for _ in range(4):
        bar.update(250)
    bar.close("ok")
    text = stream.getvalue()
    assert "\r" not in text
    lines = text.splitlines()
    assert lines[0] == "lexsub: relations: started (1.0k words)"
    assert lines[-1].startswith("lexsub: relations: done in ") and lines[-1].endswith("; ok")
    assert any("(50%)" in line and "words/s" in line for line in lines)


def test_each_stage_locks_what_it_builds(small_shared: Roots, tiny_parser: ParserModel,
                                        tmp_path: Path) -> None:
    """Every stage names its lock by its cache entry: another relation sample changes the
    locks of the relation counts and their neighbour lists, and no other stage's."""
    small_shared = _roots(small_shared, tiny_parser, tmp_path)  # the parser keys the counts
    from lexsub_baselines.builds.parsing import parser_key
    from lexsub_baselines.builds.stages import STAGES
    from lexsub_baselines.engine.graph import BuildContext

    def keys(settings: ResourceSettings) -> dict[str, str]:
        ctx = BuildContext(None, small_shared, settings, QUIET)
        found = {}
        for name in STAGES.names():
            lock_key = STAGES.get(name).lock_key
            assert lock_key is not None, name
            found[name] = lock_key(ctx)
        return found

    small = ResourceSettings(relations=RelationSettings(max_tokens=10_000))
    large = ResourceSettings(relations=RelationSettings(max_tokens=20_000))
    one, other = keys(small), keys(large)
    assert {name for name in one if one[name] != other[name]} == {"relations", "neighbours"}
    assert one == keys(small) and len(set(one.values())) == len(one)
    parser = parser_key(BuildContext(None, small_shared, small, QUIET))
    assert parser is not None
    assert one["relations"] == str(counts_stem(small_shared, parser, small.relations))
