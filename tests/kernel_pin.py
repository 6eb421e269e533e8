"""The test suite under the kernels' pin: pytest re-executes itself once, as `lexsub` does.

Unpinned, the test process would compute with the machine's own kernels (AVX-512 on this
project's machines) while the Dask workers and the `lexsub` children it starts compute pinned:
two trainings of one parser in one session would see two kernel sets. `pin_test_process` runs
from `pytest_configure` (tests/conftest.py), before any test, and starts pytest over under the
pin (`core.pinning.pin`) unless it was started pinned; the test process, the workers and every
`lexsub` it runs then compute with the same kernels, whatever `LEXSUB_KERNELS` chooses.
"""

from __future__ import annotations

import os

import pytest

from lexsub_baselines.core.errors import KernelsError
from lexsub_baselines.core.kernels import KERNELS_ENV, LEVELS, environment
from lexsub_baselines.core.pinning import pin, pinned

#: Every variable of a pin, and the re-execution's flag.
PIN_NAMES = frozenset({*environment(LEVELS["x86-64-v2"]), KERNELS_ENV, "LEXSUB_KERNELS_REEXEC"})


def pin_test_process(config: pytest.Config) -> None:
    """Re-execute pytest under the kernels' pin unless it runs pinned (or `native`).

    Raises:
        pytest.UsageError: `LEXSUB_KERNELS` names no level this machine runs, or the pin
            cannot be set (one line, no traceback).
    """
    try:
        capture = config.pluginmanager.getplugin("capturemanager")
        if not pinned() and capture is not None:  # the new process gets the terminal
            capture.suspend_global_capture(in_=True)
        pin()  # started pinned: returns at once, dropping the re-execution's flag
    except (KernelsError, ValueError) as error:
        raise pytest.UsageError(f"the test suite's numeric kernels: {error}") from None


def unpinned_env(**extra: str) -> dict[str, str]:
    """Return this environment without any variable of the pin, with `extra` (for a child
    that must start unpinned, or choose its own level)."""
    return {**{k: v for k, v in os.environ.items() if k not in PIN_NAMES}, **extra}
