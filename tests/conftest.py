"""Shared fixtures: the resolved roots, and skipping of real-data tests when ../shared is absent."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from tiny_corpus import make_tiny_shared, seed_parser

from lexsub_baselines.distributional.parser import ParserModel, TrainingSettings, train_parser
from lexsub_baselines.paths import Roots, resolve_roots


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
