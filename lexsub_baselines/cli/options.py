"""Argument types shared by the sub-commands."""

from __future__ import annotations

import argparse

from lexsub_baselines.corpora import parse_token_budget
from lexsub_baselines.errors import LexsubError

__all__ = ["token_budget"]


def token_budget(text: str) -> int | None:
    """argparse type of a corpus token budget: `50000000`, `50M`, `2.5M` or `all` (None)."""
    try:
        return parse_token_budget(text)
    except LexsubError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
