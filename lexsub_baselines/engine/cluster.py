"""Where the heavy work runs: an embedded Dask `LocalCluster`, or an existing Dask cluster.

Every resource build goes through `dask.distributed`. By default `open_engine` starts a
`LocalCluster` inside the command (one single-threaded worker process per core, so a spaCy
parse or a gensim run owns its core) and stops it on exit: there is nothing for the user to
start. With a scheduler address (`--scheduler`, or `LEXSUB_SCHEDULER`) it connects to a running
cluster instead (`dask scheduler` + `dask worker ADDRESS` on any machines); the workers need
this package installed (the same library versions), the shared root and cache at the same
paths as the client (a shared file system) and one thread each, which `open_engine` proves
before any work starts (`engine.workers`), and again for each worker that joins while the
client uses the cluster, before it can start a task (`engine.late_workers`).

Either way the workers run the client's code: `open_engine` writes the client's code snapshot
into the cache first (`inputs.snapshot.write_snapshot`); the embedded cluster's workers are spawned
with it first on their `sys.path` (a spawned process takes its parent's), so they import the
whole package from it, never from the checkout, which may be edited while the build runs;
another cluster's workers are pointed at it by the worker check.

Results never depend on the engine: every build is a deterministic function of its inputs, so
a local cluster, a remote one and a single worker write byte-identical caches.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.kernels import pinned_environment
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.workers import check_workers, expected_facts, write_token
from lexsub_baselines.inputs.snapshot import write_snapshot

__all__ = ["SCHEDULER_ENV", "EngineSettings", "open_engine"]

#: The environment variable naming a Dask scheduler to run builds on.
SCHEDULER_ENV = "LEXSUB_SCHEDULER"

#: How long to wait for a scheduler's first worker.
WORKER_TIMEOUT = 30.0

#: Dask settings of the embedded cluster's workers, chosen on the parse (about +10% words/s
#: together, scripts/bench_parse.py): no statistical profiler (it samples the task thread's
#: stack every 10 ms), glibc's own malloc trimming instead of the nanny's 64 KiB threshold
#: (spaCy makes many small allocations), and system and memory monitors every 5 s.
LOCAL_CONFIG: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "5s",
}


@dataclass(frozen=True)
class EngineSettings:
    """Which Dask cluster runs the builds.

    Attributes:
        scheduler: a scheduler address (`tcp://host:8786`); None starts an embedded
            `LocalCluster` for the duration of the command.
        workers: worker processes of the embedded cluster (None: one per core).
        connect_timeout: seconds to keep trying to reach the scheduler.
    """

    scheduler: str | None = None
    workers: int | None = None
    connect_timeout: float = 10.0

    @classmethod
    def from_env(cls, scheduler: str | None = None, workers: int | None = None
                 ) -> EngineSettings:
        """Return the settings of an explicit address, else `LEXSUB_SCHEDULER`, else local."""
        address = scheduler or os.environ.get(SCHEDULER_ENV, "").strip() or None
        return cls(scheduler=address, workers=workers)

    def local_workers(self) -> int:
        """Return how many worker processes the embedded cluster starts."""
        return self.workers or max(1, len(os.sched_getaffinity(0)))

    def label(self) -> str:
        """Return a short description for records: `local:2` or the scheduler address."""
        return self.scheduler or f"local:{self.local_workers()}"


def _quiet_teardown() -> None:
    """Silence distributed's own logging in a worker of the embedded cluster before it closes."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL)


def _unreachable(address: str, error: BaseException) -> LexsubError:
    return LexsubError(
        f"cannot reach the Dask scheduler at {address} ({error}). Start one with "
        f"`dask scheduler` and its workers with `dask worker {address}` (docs/cluster.md), "
        f"or leave out --scheduler and {SCHEDULER_ENV} to use the embedded local cluster")


#: Why the embedded cluster's workers may not start, and the fix.
_GUARD = ("each worker process imports the script that started the cluster again (Python's "
          "`spawn`), so a script must do its work under `if __name__ == \"__main__\":`, as "
          "scripts/example_system.py does; or run the builds on a cluster you started "
          f"(--scheduler, {SCHEDULER_ENV})")


def _refuse_a_second_start() -> None:
    """Stop a worker process of the embedded cluster that, importing its parent's script
    again, reached the script's own start of a cluster: one line, no traceback (the parent
    then says which workers did not start). Python's `spawn` runs the script as `__mp_main__`
    (`multiprocessing.spawn._fixup_main_from_path`), `__main__` its own until it is done."""
    importing = sys.modules.get("__mp_main__")
    if importing is not None and importing is not sys.modules.get("__main__"):
        raise SystemExit(f"lexsub: a worker of the embedded Dask cluster ran the script's top "
                         f"level: {_GUARD}")


async def _wait_for_workers(client: Any, address: str) -> None:
    try:
        await client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
    except TimeoutError:
        raise LexsubError(f"the Dask scheduler at {address} has no worker after "
                          f"{WORKER_TIMEOUT:.0f} s; start one with `dask worker {address} "
                          "--nthreads 1`") from None


@contextmanager
def _first_on_path(folder: Path) -> Iterator[None]:
    """Put `folder` first on `sys.path` for the block (the processes spawned meanwhile import
    from it: their `sys.path` is this one's); nothing of this process changes, the package
    being imported already."""
    sys.path.insert(0, str(folder))
    try:
        yield
    finally:
        if str(folder) in sys.path:
            sys.path.remove(str(folder))


@asynccontextmanager
async def open_engine(settings: EngineSettings, roots: Roots) -> AsyncIterator[Any]:
    """Yield an asynchronous `distributed.Client` on the chosen cluster, whose workers run the
    code snapshot `inputs.snapshot.write_snapshot(roots.cache)`; close it on exit.

    Raises:
        LexsubError: the scheduler cannot be reached, has no worker, or a worker lacks the
            package, the shared root or a writable cache.
    """
    import dask
    from distributed import Client, LocalCluster

    try:
        code = write_snapshot(roots.cache)
    except OSError as error:
        raise LexsubError(f"cannot write the code's snapshot into the cache {roots.cache} "
                          f"({error.strerror}); give a writable --cache-dir") from None
    if settings.scheduler is None:
        # read by the nannies when they spawn workers; the kernels' pin among the variables
        # set before a worker process starts (glibc reads its own only then)
        pin = {f"distributed.nanny.pre-spawn-environ.{name}": value
               for name, value in pinned_environment().items()}
        _refuse_a_second_start()
        with dask.config.set({**LOCAL_CONFIG, **pin}), _first_on_path(code):
            async with AsyncExitStack() as stack:
                try:
                    cluster = await stack.enter_async_context(LocalCluster(
                        n_workers=settings.local_workers(), threads_per_worker=1,
                        processes=True, dashboard_address=":0", silence_logs=logging.ERROR,
                        asynchronous=True))
                except RuntimeError as error:  # "Nanny failed to start": a worker died
                    raise LexsubError(f"the embedded Dask cluster could not start its workers "
                                      f"({error}); {_GUARD}") from None
                client = await stack.enter_async_context(Client(cluster, asynchronous=True))
                yield client
                # the work is over: a worker whose heartbeat meets the closing scheduler
                # would log a traceback (distributed's "Failed to communicate with scheduler
                # during heartbeat"), which says nothing about the run
                await client.run(_quiet_teardown)
        return
    try:
        client = await Client(settings.scheduler, asynchronous=True,
                              timeout=f"{settings.connect_timeout}s")
    except (OSError, TimeoutError, ValueError) as error:
        raise _unreachable(settings.scheduler, error) from None
    from lexsub_baselines.engine.late_workers import late_checks

    token_path = None
    try:
        await _wait_for_workers(client, settings.scheduler)
        token_path = write_token(roots)
        expected = expected_facts(roots, token_path, settings.scheduler, code)
        await check_workers(client, expected)
        async with late_checks(client, expected):
            yield client
    finally:
        if token_path is not None:
            token_path.unlink(missing_ok=True)
        await client.close()
