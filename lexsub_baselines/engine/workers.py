"""The check of a remote Dask cluster's workers: before any work, and as each one joins.

A worker must see what the client sees and compute what it would, or it writes results the
client never reads or that do not match the keys. The check proves it, in one line naming the
worker, what differs and the fix (docs/cluster.md, "What is checked, before any work"): the
cache is shared (a token written by the client reads back); the inputs are the client's (the one
verifier's listing, `inputs.verify`); the code is the client's snapshot (`run_from`: a
worker that imported the package from elsewhere is refused, not restarted: a hand-started
cluster may serve other clients); the versions of the package, the libraries, Python, its
Unicode database and the KenLM tools are the client's; the numeric kernels are the client's
pin; one thread per worker. `check_workers` checks the workers there at the start; a worker
that joins later is checked before it can start a task and retired when it fails
(`engine.late_workers`). The check's code is sent by value (`ship_by_value`), so a worker of
another version is judged by the client's code.
"""

from __future__ import annotations

import importlib
import platform
import unicodedata
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.kernels import describe, expected_kernels
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.snapshot_check import run_from

__all__ = ["Expected", "Facts", "check_workers", "expected_facts", "judge", "run_from",
           "ship_by_value", "unable", "worker_facts", "write_token"]

#: The libraries a worker must share with the client besides `LIBRARIES`: the scheduler's,
#: which shape no result but must speak the client's protocol.
SCHEDULING: tuple[str, ...] = ("dask", "distributed")


@dataclass(frozen=True)
class Facts:
    """What one machine sees: the trees' listings, its code, the cache's token, its threads."""

    shared: dict[str, str]
    data: dict[str, str] | None  # the data root's, when it is outside the shared root
    code: tuple[str, ...]  # where it runs the package from, when not the snapshot (`run_from`)
    versions: dict[str, str]
    token: str
    threads: int
    kernels: str = ""  # core.kernels.describe() in the worker's process


@dataclass(frozen=True)
class Expected:
    """The client's facts, and where a worker finds what it must compare."""

    shared_root: str
    data_root: str | None
    cache: str
    token_path: str
    scheduler: str
    facts: Facts
    snapshot: str = ""  # the client's code snapshot (`inputs.snapshot`)


def _versions() -> dict[str, str]:
    # imported when called: this code is sent by value, and must import nothing of the
    # package before `run_from` pointed the worker at the snapshot
    from lexsub_baselines.core.version import __version__
    from lexsub_baselines.inputs.kenlm_tools import tools_identity
    from lexsub_baselines.inputs.libraries import LIBRARIES, library_version

    return {"lexsub_baselines": __version__, "python": platform.python_version(),
            "unicode": unicodedata.unidata_version, "kenlm-tools": tools_identity(),
            **{name: library_version(name) for name in (*LIBRARIES, *SCHEDULING)}}


def inputs_listing(roots: Roots) -> dict[str, str]:
    """Return where -> what of every input of the manifest under `roots`, as the one verifier
    sees it (`inputs.verify.verify`): each of its files' sha256 (named by the manifest's path
    and the file's name in it), or its status when it has no files (`missing`, `unused`)."""
    from lexsub_baselines.inputs.verify import verify  # the snapshot's, on a worker

    listing: dict[str, str] = {}
    for status in verify(roots):
        if status.resource.kind == "pypi":  # a build tool's source, no input of a run
            continue
        if not status.files:
            listing[status.resource.path] = status.status
        for name, digest in status.files:
            where = name if name.startswith("/") or status.resource.kind == "file" else (
                f"{status.resource.path}/{name}")
            listing[status.resource.path if status.resource.kind == "file" else where] = digest
    return listing


def worker_facts(shared_root: str, data_root: str | None, cache: str, token_path: str,
                 snapshot: str, dask_worker: Any = None) -> Facts:
    """Return what this machine sees (on a worker: `Client.run` passes it as `dask_worker`),
    once it runs the code snapshot `snapshot` (`run_from`)."""
    code = run_from(snapshot) if snapshot else ()
    try:
        token = Path(token_path).read_text(encoding="utf-8")
    except OSError as error:
        token = f"unreadable: {error.strerror}"
    from lexsub_baselines.core.paths import resolve_roots

    roots = resolve_roots(shared_root, data_root or str(Path(shared_root) / "data"), cache)
    return Facts(inputs_listing(roots), None, code, _versions(), token,
                 dask_worker.state.nthreads if dask_worker is not None else 1, describe())


def first_difference(ours: Mapping[str, str], theirs: Mapping[str, str]) -> str | None:
    """Return where `theirs` (a worker's listing) first differs from `ours` (the client's), in
    a few words, with how many more differ; None when they are equal.

    >>> first_difference({"a": "0" * 64}, {"a": "missing"})
    'a: missing there, sha256 000000000000 here'
    """
    differing = sorted(path for path in {*ours, *theirs} if ours.get(path) != theirs.get(path))
    if not differing:
        return None
    path = differing[0]
    more = f"; {len(differing) - 1} more differ" if len(differing) > 1 else ""
    return f"{path}: {_say(theirs.get(path))} there, {_say(ours.get(path))} here{more}"


def _say(value: str | None) -> str:
    if value is None:
        return "absent"
    return f"sha256 {value[:12]}" if len(value) == 64 and value.isalnum() else value


def expected_facts(roots: Roots, token_path: Path, scheduler: str, snapshot: Path
                   ) -> Expected:
    """Return the client's facts (after `write_token` wrote `token_path`; the client runs the
    code of `snapshot`, which it wrote)."""
    shared, data, cache = roots.shared.absolute(), roots.data.absolute(), roots.cache.absolute()
    data_root = None if data.is_relative_to(shared) else str(data)
    facts = replace(worker_facts(str(shared), data_root, str(cache), str(token_path), ""),
                    kernels=expected_kernels())
    return Expected(str(shared), data_root, str(cache), str(token_path), scheduler, facts,
                    str(snapshot))


def judge(expected: Expected, seen: Facts, worker: str) -> str | None:
    """Return the one line saying how `worker`'s facts fail the check, or None."""
    ours = expected.facts
    if seen.token != ours.token:
        return (f"Dask worker {worker} does not share the cache {expected.cache} (a token "
                f"written there reads back as {seen.token[:40]!r}): mount the cache at the same "
                "path on every worker (a shared file system)")
    differ = first_difference(ours.shared, seen.shared)
    if differ:
        return (f"Dask worker {worker} sees other inputs under the shared root "
                f"{expected.shared_root} ({differ}): mount the same shared root (and data "
                "root) at the same paths on every worker")
    if (line := _other_code(ours, seen, worker, expected.scheduler)) is not None:
        return line
    if seen.kernels != ours.kernels:
        return (f"Dask worker {worker} computes with other numeric kernels ({seen.kernels} "
                f"there, {ours.kernels} here), so its floats differ: start it under the same "
                "pin, `env $(lexsub kernels --env) dask worker ...`")
    if seen.threads != 1:
        return (f"Dask worker {worker} has {seen.threads} threads; the build tasks need one "
                f"thread per worker: start it with `dask worker {expected.scheduler} "
                "--nthreads 1` (and --nworkers N for N cores)")
    return None


def _other_code(ours: Facts, seen: Facts, worker: str, scheduler: str) -> str | None:
    """Return the line of a worker whose code or libraries are not the client's (`ours`)."""
    named = [f"{name} {theirs} there, {ours.versions.get(name)} here"
             for name, theirs in seen.versions.items() if ours.versions.get(name) != theirs]
    if not seen.code and not named:
        return None
    remedy = ("install the same package and library versions there (`make setup` in the same "
              "checkout)")
    if seen.code:
        named.append(f"it imported lexsub_baselines from {seen.code[0]}, not from this "
                     "build's code snapshot")
        remedy = (f"restart the worker (`dask worker {scheduler} --nthreads 1`): a process "
                  "runs the code it imported, and this build's code is another")
    return f"Dask worker {worker} runs other code ({'; '.join(named)}): {remedy}"


def unable(worker: str, error: BaseException) -> str:
    """Return the line of a worker that cannot even run the check (its package differs)."""
    return (f"Dask worker {worker} cannot run the check ({type(error).__name__}: {error}): "
            "it runs other code; install the same package and library versions there "
            "(`make setup` in the same checkout)")


def write_token(roots: Roots) -> Path:
    """Write a token file with random content into the cache (for as long as the client uses
    the cluster: a worker that joins later reads it too); return its path.

    Raises:
        LexsubError: the cache cannot be written.
    """
    cache = roots.cache.absolute()
    token_path, token = cache / f".worker-check-{uuid.uuid4().hex}", uuid.uuid4().hex
    try:
        cache.mkdir(parents=True, exist_ok=True)
        token_path.write_text(token, encoding="utf-8")
    except OSError as error:
        raise LexsubError(f"cannot write the cache {cache} ({error.strerror}); give a "
                          "writable --cache-dir") from None
    return token_path


def ship_by_value(*modules: str) -> None:
    """Have Dask send the code of these modules with what is pickled from them (cloudpickle
    by value) rather than a reference to the worker's own copy: the check that runs on a
    worker is then the client's, even on a worker whose package is another version (or
    lacks the check), which it therefore judges as it should. The code must look up anything
    else of the package when called (`inputs_listing`), since that is the worker's."""
    import cloudpickle

    for name in modules:
        cloudpickle.register_pickle_by_value(importlib.import_module(name))


async def check_workers(client: Any, expected: Expected) -> None:
    """Check every worker there now (see the module docstring).

    Raises:
        LexsubError: the first worker that fails, in one line naming it and the fix.
    """
    ship_by_value("lexsub_baselines.core.kernels", "lexsub_baselines.engine.snapshot_check",
                  __name__)
    # first alone: `run_from` refers to nothing of the package, so a worker that has not
    # imported it yet imports all of it from the snapshot (the facts' code refers to some)
    await client.run(run_from, expected.snapshot, on_error="return")
    seen = await client.run(worker_facts, expected.shared_root, expected.data_root,
                            expected.cache, expected.token_path, expected.snapshot,
                            on_error="return")
    for worker, facts in sorted(seen.items()):
        if isinstance(facts, BaseException):
            raise LexsubError(unable(worker, facts))
        if (line := judge(expected, facts, worker)) is not None:
            raise LexsubError(line)
