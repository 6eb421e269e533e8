"""The check of a Dask worker that joins a running build: done before it can start a task.

`late_checks` registers `LateWorkerCheck`, a worker plugin carrying the client's facts, for as
long as the client uses the cluster. The scheduler hands registered plugins to each worker in
the reply to its registration, and a worker awaits their `setup` before it reads its stream
from the scheduler, the only way a task reaches it (distributed's
`Worker._register_with_scheduler`): while the check runs, no task starts there. A worker that
fails leaves the running state, sends its line to the client (an event on `TOPIC`), has the
scheduler remove it as an expected departure, and closes with its nanny once `setup` has
returned: retired, never used. The plugin is sent by value and refers to nothing of the
package: it points the worker at the snapshot first. A plugin left by a killed client checks
nothing (its client's last event is `remove-client`) and has the scheduler drop it.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

from distributed import Status, WorkerPlugin

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.engine.workers import (
    Expected,
    judge,
    run_from,
    ship_by_value,
    unable,
    worker_facts,
)

__all__ = ["TOPIC", "LateWorkerCheck", "check_joined", "late_checks"]

#: The Dask event topic on which a late worker that fails the check reports its line.
TOPIC = "lexsub-worker-check"


class LateWorkerCheck(WorkerPlugin):
    """The check of each worker that joins while the client `client` runs (module docstring)."""

    def __init__(self, expected: Expected, client: str) -> None:
        self.expected = expected
        self.client = client
        self.name = f"lexsub-worker-check-{client}"
        self.closing: asyncio.Future[Any] | None = None  # held while it runs

    async def setup(self, worker: Any) -> None:
        """Point `worker` at the code snapshot, then check it with the snapshot's code
        (`check_joined`); when it fails, report, unregister and close it.

        Sent by value and referring to nothing of the package: the worker imports the
        package only once it is pointed at the snapshot (`workers.run_from`)."""
        import importlib

        run_from(self.expected.snapshot)
        module = importlib.import_module("lexsub_baselines.engine.late_workers")
        await module.check_joined(self, worker)


async def check_joined(plugin: LateWorkerCheck, worker: Any) -> None:
    """Check the worker that joined (`LateWorkerCheck.setup`), on its snapshot's code."""
    expected = plugin.expected
    try:
        if not await _client_connected(worker, plugin.client):
            # left by a killed client: removed from the scheduler (not awaited: the removal
            # asks this worker too, which answers once `setup` has returned)
            plugin.closing = asyncio.ensure_future(
                worker.scheduler.unregister_worker_plugin(name=plugin.name))
            return
        facts = await asyncio.get_running_loop().run_in_executor(
            None, lambda: worker_facts(expected.shared_root, expected.data_root,
                                       expected.cache, expected.token_path,
                                       expected.snapshot, worker))
        line = judge(expected, facts, worker.address)
    except Exception as error:  # a worker that cannot run the check is not used either
        line = unable(worker.address, error)
    if line is None:
        return
    # not running: a task the scheduler sent it is never started (distributed pauses a
    # worker's state machine off `Status.running`); the scheduler is told too
    worker.status = Status.closing_gracefully
    await worker.scheduler.log_event(topic=TOPIC, msg={"client": plugin.client, "line": line})
    await worker.scheduler.unregister(address=worker.address, expected=True,
                                      stimulus_id=f"lexsub-worker-check-{time.time()}")
    # closed once `setup` has returned: its nanny answers only when the worker's start,
    # which awaits `setup`, is over (awaited here, closing it would wait for ever)
    plugin.closing = asyncio.ensure_future(worker.close(reason="lexsub worker check failed"))


async def _registered(client: Any, name: str) -> bool:
    """Return True when the scheduler holds the worker plug-in `name`."""
    try:
        return name in await asyncio.wait_for(client.run_on_scheduler(
            lambda dask_scheduler: list(dask_scheduler.worker_plugins)), 5)
    except (OSError, TimeoutError):
        return False


async def _client_connected(worker: Any, client: str) -> bool:
    events = await worker.scheduler.events(topic=client)
    actions = [event.get("action") for _, event in events if isinstance(event, dict)]
    joined = [action for action in actions if action in ("add-client", "remove-client")]
    return bool(joined) and joined[-1] == "add-client"


@asynccontextmanager
async def late_checks(client: Any, expected: Expected) -> AsyncIterator[None]:
    """Check every worker that joins while the block runs (see the module docstring); print
    one line for each one retired."""
    def report(event: tuple[float, dict[str, str]]) -> None:
        if event[1].get("client") == client.id:
            print(f"lexsub: {event[1]['line']} (it joined during the build and was retired; "
                  "the build goes on without it)", file=sys.stderr, flush=True)

    client.subscribe_topic(TOPIC, report)
    ship_by_value("lexsub_baselines.core.kernels", "lexsub_baselines.engine.snapshot_check",
                  "lexsub_baselines.engine.workers", __name__)
    plugin = LateWorkerCheck(expected, client.id)
    # registered on the scheduler before it is sent to the workers there (all just checked);
    # one that joined since and fails closes during the sending, which then raises here: it
    # is retired (its line is printed), not a failure. A scheduler that cannot take the
    # plug-in (lost, or refusing it) would leave late workers unchecked: that stops the run.
    try:
        await client.register_plugin(plugin, name=plugin.name)
    except OSError as error:
        if not await _registered(client, plugin.name):
            client.unsubscribe_topic(TOPIC)
            raise LexsubError(
                f"the scheduler {expected.scheduler} did not take the check of the workers "
                f"that join later ({type(error).__name__}: {error}): check that it still "
                "runs (`dask scheduler`) and run again") from None
    try:
        yield
    finally:
        with suppress(OSError, ValueError):
            await client.unregister_worker_plugin(plugin.name)
        client.unsubscribe_topic(TOPIC)
