"""The errors of `lexsub fetch`: a fetch that did not give the recorded files, and a transfer
that stopped early (whose trusted partial is kept for the next run)."""

from __future__ import annotations

from lexsub_baselines.core.errors import LexsubError

__all__ = ["FetchError", "Interrupted"]


class FetchError(LexsubError):
    """A download or an unpacking that did not give the recorded files; says what to do."""


class Interrupted(FetchError):
    """A transfer that stopped early; its trusted partial is kept for the next run.

    Arguments:
        message: what happened and what was kept.
        transferred: the bytes this run took over the network before it stopped.
    """

    def __init__(self, message: str, transferred: int = 0) -> None:
        super().__init__(message)
        self.transferred = transferred

    def __reduce__(self) -> tuple[type, tuple[str, int]]:
        return type(self), (str(self), self.transferred)
