"""What runs inside a build task on a Dask worker: the client's code, warnings and progress.

Every task of the build graph (`engine.graph`) runs inside `in_task`, which first checks that
its process runs the build's code snapshot (`inputs.snapshot`; a process that imported the
package from elsewhere refuses the task in one line), runs the task as the keyed computation
of its stage (`inputs.layer.declared`: a read of an input the stage did not declare is
refused), then forwards the warnings it issues to the client as Dask events
(`WARNING_TOPIC`); a long task may report its progress with `report_progress`
(`PROGRESS_TOPIC`). Outside a Dask task both do the plain thing (warn, nothing), so the same
functions run unchanged in a test.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.engine.snapshot_check import run_from
from lexsub_baselines.inputs.layer import declared
from lexsub_baselines.inputs.trace import watch

__all__ = ["PROGRESS_TOPIC", "WARNING_TOPIC", "in_task", "report_progress"]

T = TypeVar("T")

#: Dask event topics: warnings issued in tasks, and progress reported by long tasks.
WARNING_TOPIC = "lexsub-warning"
PROGRESS_TOPIC = "lexsub-progress"


def _worker() -> Any:
    try:
        from distributed import get_worker

        return get_worker()
    except (ImportError, ValueError):  # not inside a Dask task
        return None


def report_progress(stage: str, done: float, total: float | None = None) -> None:
    """From inside a task: tell the client that `done` (of `total`) units of `stage` are done.

    Outside a Dask task this does nothing, so the same function runs unchanged in a test.
    """
    worker = _worker()
    if worker is not None:
        worker.log_event(PROGRESS_TOPIC, {"stage": stage, "done": done, "total": total})


def in_task(run: str, stage: str | None, code: str | None,
            inputs: tuple[str, tuple[str, ...]] | None, function: Callable[..., T],
            *args: Any, **kwargs: Any) -> T:
    """Run `function` in a worker on the code snapshot `code` (None: the process's own code),
    as the keyed computation `inputs` = (name, declared input ids) (None: no declaration),
    forwarding its warnings to the client of build `run` (and, for a task of `stage`, that it
    has started: the client records when a stage's first task ran, and holds other stages
    back until the critical one's has).

    Raises:
        LexsubError: this process runs the package from elsewhere than the snapshot (it
            imported it for an earlier build, or at its start).
        UndeclaredInputError: the task read an input its stage does not declare.
    """
    watch()  # what a process read is in the trace of what it answers later (inputs.trace)
    worker = _worker()
    if code is not None and (other := run_from(code)):
        where = f"Dask worker {worker.address}" if worker is not None else "this process"
        raise LexsubError(f"{where} runs other code than this build's (it imported "
                          f"lexsub_baselines from {other[0]}): restart it")
    if stage is not None and worker is not None:
        worker.log_event(PROGRESS_TOPIC, {"run": run, "stage": stage, "started": True})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if inputs is None:
            result = function(*args, **kwargs)
        else:
            with declared(*inputs):
                result = function(*args, **kwargs)
    for warning in caught:
        if worker is None:
            warnings.warn_explicit(warning.message, warning.category, warning.filename,
                                   warning.lineno)
        else:
            worker.log_event(WARNING_TOPIC, {"run": run, "message": str(warning.message)})
    return result
