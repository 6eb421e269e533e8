"""The collector's schedule during a command (`core.collector`): raised, then restored."""

from __future__ import annotations

import gc

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.collector import FULL_COLLECTION_EVERY, fewer_full_collections


def test_the_schedule_is_restored_after_an_error() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), fewer_full_collections():
        assert gc.get_threshold() == (*before[:2], max(before[2], FULL_COLLECTION_EVERY))
        raise RuntimeError
    assert gc.get_threshold() == before


def test_a_rarer_schedule_in_force_is_kept() -> None:
    before = gc.get_threshold()
    gc.set_threshold(before[0], before[1], 5000)
    try:
        with fewer_full_collections():
            assert gc.get_threshold()[2] == 5000  # never more often than already set
    finally:
        gc.set_threshold(*before)


def test_a_command_runs_under_it(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []

    def run(args: object, roots: object) -> int:
        seen.append(gc.get_threshold())
        return 0

    monkeypatch.setattr("lexsub_baselines.cli.datasets_cmd.run", run)
    before = gc.get_threshold()
    assert main(["datasets"]) == 0
    assert seen == [(*before[:2], max(before[2], FULL_COLLECTION_EVERY))]
    assert gc.get_threshold() == before
