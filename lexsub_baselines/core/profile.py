"""The run's data profile: the whole data (`full`), or a few minutes' run of the whole path.

`LEXSUB_PROFILE=smoke` builds every resource from a small corpus sample with a parser trained
for a few steps (`builds.settings.ResourceSettings.from_env`) and answers the first
`SMOKE_SAMPLE` instances of every dataset (`LEXSUB_SAMPLE=N` alone samples the data of any
profile): what `make smoke` runs in CI, from a fresh clone, to prove the main command's path.
Both are run settings, recorded beside every figure (`runs.provenance`); a sampled run's
tables say that their figures are not the benchmarks'.
"""

from __future__ import annotations

import os

from lexsub_baselines.core.errors import LexsubError

__all__ = ["PROFILES", "PROFILE_ENV", "SAMPLE_ENV", "SMOKE_SAMPLE", "profile", "sample_size"]

PROFILE_ENV = "LEXSUB_PROFILE"
SAMPLE_ENV = "LEXSUB_SAMPLE"
#: The profiles, and what each is.
PROFILES = {"full": "the whole corpora and data (the published tables)",
            "smoke": "a corpus sample of a few ten thousand words, a parser trained for a "
                     "few steps, the first instances of every dataset"}
#: The instances per dataset a smoke run answers.
SMOKE_SAMPLE = 12


def profile() -> str:
    """Return the profile in force (`LEXSUB_PROFILE`, default `full`).

    Raises:
        LexsubError: the variable names no profile.
    """
    name = os.environ.get(PROFILE_ENV, "").strip() or "full"
    if name not in PROFILES:
        raise LexsubError(f"{PROFILE_ENV}={name!r} is no profile: use one of "
                          f"{', '.join(PROFILES)}")
    return name


def sample_size() -> int | None:
    """Return how many instances of each dataset are answered (`LEXSUB_SAMPLE`, else the
    smoke profile's `SMOKE_SAMPLE`), or None: all of them.

    Raises:
        LexsubError: the variable is not a positive whole number.
    """
    value = os.environ.get(SAMPLE_ENV, "").strip()
    if not value:
        return SMOKE_SAMPLE if profile() == "smoke" else None
    if not value.isdigit() or int(value) < 1:
        raise LexsubError(f"{SAMPLE_ENV}={value!r}: give a number of instances (1 or more), "
                          "or unset it to answer every instance")
    return int(value)
