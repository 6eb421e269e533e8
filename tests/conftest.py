"""Shared fixtures: the resolved roots, and skipping of tests whose data or package is absent.

Real-data tests skip when ../shared is absent (`shared`); a test marked `needs("wordnet")`
(or kenlm, freedict, chromium, mythes) skips, naming the Debian package, when that part is not
installed: `make setup` without root goes on without it (scripts/debian_packages.sh), and
`make test` then reports those tests as skipped, never as passed or failed. pytest runs under
the numeric kernels' pin (tests/kernel_pin.py: re-executed once, as `lexsub` is), in a test
process per core and one more (pytest-xdist, `-n auto` in pyproject.toml; `-n 0` runs in this
process), whole modules to a process, the modules with a `slow` test first. The expensive
session fixtures (the tiny corpus, its parser, its built resources) are made once for all the
processes (`once`).
"""

from __future__ import annotations

import dataclasses
import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from fetch_mirror import upstream_files
from kernel_pin import pin_test_process
from tiny_corpus import TinyRun, make_tiny_shared, seed_built, seed_parser, tiny_roots

from lexsub_baselines.cli import main
from lexsub_baselines.core.collector import rarer_full_collections
from lexsub_baselines.core.paths import Roots, kernels_subfolder, resolve_roots
from lexsub_baselines.distributional.parser import ParserModel, TrainingSettings, train_parser
from lexsub_baselines.inputs.kenlm_tools import DEFAULT_BIN, KENLM_BIN_ENV
from lexsub_baselines.inputs.manifest import Manifest, load_manifest
from lexsub_baselines.inputs.trace import READS_LOG_ENV

#: The log of every file the build of `tiny_built` read (`LEXSUB_READS_LOG`), in its folder.
READS_LOG = "reads.log"


def _wordnet() -> bool:
    from lexsub_baselines.resources.wordnet_nltk import wordnet_location

    folder, page = wordnet_location()
    return (folder / "data.noun").is_file() and page.is_file()


def _kenlm() -> bool:
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.inputs.kenlm_tools import locate_tools

    try:
        locate_tools()
    except LexsubError:
        return False
    return True


#: part -> (is it installed?, why a test that needs it is skipped)
NEEDS: dict[str, tuple[Callable[[], bool], str]] = {
    "wordnet": (_wordnet, "WordNet 3.0 not installed (Debian wordnet-base, wordnet-sense-index; "
                          "`make setup` as root, or LEXSUB_WORDNET_DIR)"),
    "kenlm": (_kenlm, "KenLM's lmplz/build_binary not built (cmake and boost: `make setup` as "
                      "root, or LEXSUB_KENLM_BIN)"),
    "freedict": (lambda: Path("/usr/share/dictd/freedict-eng-spa.index").is_file(),
                 "FreeDict eng-spa not installed (Debian dict-freedict-eng-spa)"),
    "chromium": (lambda: shutil.which("chromium") is not None,
                 "chromium not installed (Debian chromium)"),
    "mythes": (lambda: all(Path("/usr/share/mythes", name).is_file()
                           for name in ("th_es_ES_v2.dat", "th_pt_BR.dat", "th_pt_PT_v2.dat")),
               "the MyThes thesauri not installed (Debian mythes-es, mythes-pt-br, mythes-pt-pt)"),
}


def pytest_configure(config: pytest.Config) -> None:
    """Pin the numeric kernels (re-executing pytest once); collect garbage on the schedule of
    a `lexsub` command (`core.collector`: the test processes hold every module's fixtures
    and run the pipelines in process); register the `needs` marker."""
    pin_test_process(config)
    rarer_full_collections()
    # one KenLM for every process of the session: a copy of the package (or its snapshot)
    # would look for the tools beside itself, and a run's `kenlm-tools` setting would differ
    if DEFAULT_BIN.is_dir():
        os.environ.setdefault(KENLM_BIN_ENV, str(DEFAULT_BIN))
    config.addinivalue_line("markers", "needs(part, ...): skip, naming the Debian package, "
                            f"when one of {', '.join(NEEDS)} is not installed")


#: At most this many test processes: each test's embedded Dask cluster starts one worker per
#: core of its own, so many more processes than cores only contend.
MAX_TEST_PROCESSES = 6


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one test process per core this process may run on, and one more (at most
    six): about a fifth of the suite's time is spent waiting (for real `dask` and `lexsub`
    processes to start and stop, leases to lapse, a lock holder to let go), which the extra
    process fills. On a 2-core machine: 3 processes 188 s, 2 208 s."""
    return max(1, min(len(os.sched_getaffinity(0)) + 1, MAX_TEST_PROCESSES))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the modules that have a `slow` test first, keeping the order within each part: the
    test processes take whole modules in this order (`--dist loadfile`), so the long ones start
    at once and the short ones fill in around them, instead of one long module running alone
    at the end."""
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a test marked `needs(...)` whose part is not installed, saying which and why."""
    for mark in item.iter_markers("needs"):
        for part in mark.args:
            present, reason = NEEDS[part]
            if not present():
                pytest.skip(reason)


@pytest.fixture(scope="session")
def roots() -> Roots:
    """Return the roots resolved from the environment (default ../shared)."""
    return resolve_roots()


@pytest.fixture(scope="session")
def shared(roots: Roots) -> Roots:
    """Return the roots, skipping the test when the shared data root is absent."""
    if not (roots.data / "semeval2007").is_dir():
        pytest.skip(f"shared data root not found at {roots.data} (set LEXSUB_SHARED_ROOT)")
    return roots


@pytest.fixture(scope="session")
def upstream(shared: Roots) -> tuple[dict[str, bytes], Manifest]:
    """What the upstream URLs serve (from ../shared) for the fetch tests (`fetch_mirror`), and
    the shipped manifest they are fetched with."""
    manifest = load_manifest()
    return upstream_files(shared.shared, manifest), manifest


#: A parser trained in seconds (500 EWT sentences, 60 updates) for the build tests.
TINY_PARSER = TrainingSettings(max_steps=60, eval_frequency=60, train_sentences=500,
                               eval_sentences=100)


def once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    """Return the folder `name` of this test session, made by `make(folder)` in the first test
    process that asks for it; the others wait for it and find it made (an expensive session
    fixture is built once, not once per process). Only `make` writes into it."""
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the session's folder, above each test process's own
    folder = base / name
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when closed, or when its process dies
        if not (folder / ".made").is_file():
            shutil.rmtree(folder, ignore_errors=True)  # a process killed while making it
            folder.mkdir()
            make(folder)
            (folder / ".made").touch()
    return folder


@pytest.fixture(scope="session")
def tiny_shared(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Roots:
    """A shared root of twelve real corpus heads (about 60k words); data and resources linked.
    The root is made once per session; the cache is this test process's own (empty)."""
    folder = once(tmp_path_factory, "tiny", lambda folder: make_tiny_shared(
        shared, folder, n_wiki=6, n_books=6, wiki_lines=60, book_lines=500))
    return dataclasses.replace(tiny_roots(folder),
                               cache=tmp_path_factory.mktemp("tiny-cache"))


@pytest.fixture(scope="session")
def tiny_parser(tiny_shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> ParserModel:
    """The tiny parser, trained once per session (read from its cache by the other processes)."""
    def train(folder: Path) -> ParserModel:
        return train_parser(dataclasses.replace(tiny_shared, cache=folder), TINY_PARSER,
                            quiet=True)

    return train(once(tmp_path_factory, "parser-cache", train))


@pytest.fixture(scope="session")
def tiny_built(tiny_shared: Roots, tiny_parser: ParserModel,
               tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding every resource `lexsub build` makes of the tiny corpus (the tiny parser
    where the full one would be), built once per session: the pipeline tests start from a
    copy of it (`built_roots`, `seed_built`); the tests of the builds themselves start from
    the parser alone. Laid out as `--cache-dir FOLDER` reads it: in the kernel level's own
    sub-folder (`kernels-x86-64-v2/` under `LEXSUB_KERNELS=x86-64-v2`)."""
    def build(folder: Path) -> None:
        roots = seed_parser(tiny_parser, dataclasses.replace(
            tiny_shared, cache=folder / kernels_subfolder()))
        # a process of its own, logging every file each stage read (tests/test_what_runs.py)
        subprocess.run([sys.executable, "-m", "lexsub_baselines", "--shared-root",
                        str(roots.shared), "--cache-dir", str(folder), "build", "--no-progress"],
                       check=True, env={**os.environ, READS_LOG_ENV: str(folder / READS_LOG)})

    return once(tmp_path_factory, "tiny-built", build)


@pytest.fixture(scope="session")
def wordnet_run(tiny_shared: Roots, tiny_built: Path,
                tmp_path_factory: pytest.TempPathFactory) -> TinyRun:
    """`lexsub baselines --no-lexsubgen --systems wordnet mw` (SemEval-2007, SWORDS, TSAR-2022)
    on a copy of `tiny_built`, run once for all the test processes (tests/test_runner.py,
    tests/test_tsar_runs.py): read its results, or copy them before writing; a later run may
    use its cache (what it adds is keyed apart, under the cache's locks)."""
    def run(folder: Path) -> None:
        made = TinyRun(seed_built(tiny_built, tiny_shared, folder), folder / "results")
        assert main([*made.options(), "baselines", "--no-lexsubgen", "--systems", "wordnet",
                     "mw", "--out", str(made.out), "--no-progress"]) == 0

    folder = once(tmp_path_factory, "wordnet-run", run)
    return TinyRun(dataclasses.replace(tiny_shared, cache=folder / "cache"), folder / "results")


@pytest.fixture()
def seeded_roots(tiny_shared: Roots, tiny_parser: ParserModel, tmp_path: Path) -> Roots:
    """The tiny shared root with an empty cache of the test's own, seeded with the parser."""
    return seed_parser(tiny_parser, dataclasses.replace(tiny_shared, cache=tmp_path / "cache"))


@pytest.fixture()
def built_roots(tiny_shared: Roots, tiny_built: Path, tmp_path: Path) -> Roots:
    """The tiny shared root with a cache of the test's own holding every tiny resource (laid
    out for `lexsub --cache-dir`, `LEXSUB_CACHE_DIR`: `tiny_built`)."""
    return seed_built(tiny_built, tiny_shared, tmp_path)
