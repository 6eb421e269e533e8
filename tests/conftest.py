"""Shared fixtures: the resolved roots, and skipping of tests whose data or package is absent.

Real-data tests skip when ../shared is absent (`shared`); a test marked `needs("wordnet")`
(or kenlm, freedict, chromium) skips, naming the Debian package, when that part is not
installed: `make setup` without root goes on without it (scripts/debian_packages.sh), and
`make test` then reports those tests as skipped, never as passed or failed. pytest runs under
the numeric kernels' pin (tests/kernel_pin.py: re-executed once, as `lexsub` is).
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from fetch_mirror import upstream_files, with_built_archives
from kernel_pin import pin_test_process
from tiny_corpus import make_tiny_shared, seed_parser

from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.distributional.parser import ParserModel, TrainingSettings, train_parser
from lexsub_baselines.resources.manifest import Manifest, load_manifest


def _wordnet() -> bool:
    from lexsub_baselines.resources.wordnet_nltk import wordnet_location

    folder, page = wordnet_location()
    return (folder / "data.noun").is_file() and page.is_file()


def _kenlm() -> bool:
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.lm.kenlm_tools import locate_tools

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
}


def pytest_configure(config: pytest.Config) -> None:
    """Pin the numeric kernels (re-executing pytest once); register the `needs` marker."""
    pin_test_process(config)
    config.addinivalue_line("markers", "needs(part, ...): skip, naming the Debian package, "
                            f"when one of {', '.join(NEEDS)} is not installed")


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
    """What the upstream URLs serve (from ../shared) for the fetch tests, and the manifest
    with the archives built here (`fetch_mirror`)."""
    manifest = load_manifest()
    files = upstream_files(shared.shared, manifest)
    return files, with_built_archives(manifest, files)


#: A parser trained in seconds (500 EWT sentences, 60 updates) for the build tests.
TINY_PARSER = TrainingSettings(max_steps=60, eval_frequency=60, train_sentences=500,
                               eval_sentences=100)


@pytest.fixture(scope="session")
def tiny_shared(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Roots:
    """A shared root of twelve real corpus heads (about 60k words); data and resources linked."""
    return make_tiny_shared(shared, tmp_path_factory.mktemp("tiny"), n_wiki=6, n_books=6,
                            wiki_lines=60, book_lines=500)


@pytest.fixture(scope="session")
def tiny_parser(tiny_shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> ParserModel:
    """The tiny parser, trained once per session."""
    roots = dataclasses.replace(tiny_shared, cache=tmp_path_factory.mktemp("parser-cache"))
    return train_parser(roots, TINY_PARSER, quiet=True)


@pytest.fixture()
def seeded_roots(tiny_shared: Roots, tiny_parser: ParserModel, tmp_path: Path) -> Roots:
    """The tiny shared root with an empty cache of the test's own, seeded with the parser."""
    return seed_parser(tiny_parser, dataclasses.replace(tiny_shared, cache=tmp_path / "cache"))
