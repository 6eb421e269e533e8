"""Shared fixtures: the resolved roots, and skipping of real-data tests when ../shared is absent."""

from __future__ import annotations

import pytest

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
