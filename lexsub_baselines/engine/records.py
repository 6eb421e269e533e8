"""What the build graph reports of each stage: when it ran and how it ended, or why it failed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexsub_baselines.errors import LexsubError

__all__ = ["StageFailure", "StageRecord"]


@dataclass(frozen=True)
class StageRecord:
    """When a stage ran and how it ended (`status`: built, cached or failed)."""

    name: str
    status: str
    started: float
    seconds: float
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (seconds rounded to 0.1)."""
        return {"stage": self.name, "status": self.status, "started": round(self.started, 1),
                "seconds": round(self.seconds, 1), "note": self.note}


@dataclass(frozen=True)
class StageFailure:
    """A stage that could not be built, and why."""

    stage: str
    error: LexsubError
