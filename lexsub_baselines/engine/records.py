"""What the build graph reports of each stage: when it ran and how it ended, or why it failed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexsub_baselines.core.errors import LexsubError

__all__ = ["StageFailure", "StageRecord"]


@dataclass(frozen=True)
class StageRecord:
    """When a stage ran and how it ended.

    Attributes:
        name: the stage.
        status: built, cached or failed.
        started: when the stage began to build (submitted its work), seconds from the start.
        seconds: how long it took from then.
        note: what it made, or why it failed.
        first_task: when its first task started running on a worker, seconds from the start
            (None: no task ran, e.g. cached).
    """

    name: str
    status: str
    started: float
    seconds: float
    note: str = ""
    first_task: float | None = None

    @property
    def queued(self) -> float | None:
        """Return how long its first task waited for a worker after submission."""
        return None if self.first_task is None else max(0.0, self.first_task - self.started)

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (seconds rounded to 0.1)."""
        queued, first = self.queued, self.first_task
        return {"stage": self.name, "status": self.status, "started": round(self.started, 1),
                "first_task_started": None if first is None else round(first, 1),
                "queued": None if queued is None else round(queued, 1),
                "seconds": round(self.seconds, 1), "note": self.note}


@dataclass(frozen=True)
class StageFailure:
    """A stage that could not be built, and why."""

    stage: str
    error: LexsubError
