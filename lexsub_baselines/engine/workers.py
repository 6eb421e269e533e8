"""The check of a remote Dask cluster's workers: before any work, and as each one joins.

A worker of an existing cluster must see what the client sees and compute what the client
would, or it writes results the client never reads (its own disk) or results that do not
match the cache keys (other code). The check proves it rather than trusting the paths' names:

- **the cache is shared**: the client writes a token file with random content into the
  cache; every worker must read the same content back from the same absolute path (a worker
  that does not mount the cache there finds no file, or another; it creates nothing);
- **the shared root is the same**: every worker lists every file under the shared root (and
  the data root, when it is elsewhere), at any depth, with the sha256 of its content
  (`identity.tree_identity`), and the listing must be the client's;
- **the code is the same**: the code each worker *runs*, not the files it has: the source of
  every module of the package as the worker's process imported it (`core.loaded_code`; a
  module it has not imported yet, as its file is now) and the data files that compute
  (`core.code_identity.process_code`), by sha256, must be the client's (its own process's,
  by the same rule: the code its cache keys digest); so must the package's version and the
  versions of the libraries (`core.libraries.LIBRARIES`, and the scheduler's `dask` and
  `distributed`). A long-lived worker that imported a module before an edit runs the old
  code whatever its files say: it is refused, in one line naming the module, with the
  remedy (restart it). It is refused rather than restarted through its nanny: a cluster
  started by hand may serve other clients, whose tasks a restart would kill, and a worker
  without a nanny cannot be restarted;
- **the same numeric kernels**: the worker's `core.kernels.describe()` (the level pinned in
  its environment, the BLIS configurations its blis holds, its libc) must be what the
  client's pin gives; a worker started without the pin computes other floats;
- **one thread per worker**: the tasks are not thread-safe (the parser is shared within a
  process, warnings are caught per process) and a spaCy parse owns its core.

Each failure is one line naming the worker, what differs (the first differing file) and the
fix. `check_workers` checks the workers there at the start and raises on the first failure.
A worker that joins later is checked before it can start a task, and retired when it fails,
in one line printed by the client (`engine.late_workers`). The check's code is sent to the
workers by value (`ship_by_value`), so that a worker running another version of the package
(or one from before the check) is judged by the client's code, not its own. The roots sent
to tasks are absolute (`paths.resolve_roots`), so a worker started in another folder reads
the same files.
"""

from __future__ import annotations

import importlib
import os
import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lexsub_baselines.core.code_identity import changed_code, process_code
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.kernels import describe, expected_kernels
from lexsub_baselines.core.libraries import LIBRARIES, library_version
from lexsub_baselines.core.loaded_code import loaded_modules
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.identity import first_difference, tree_identity

__all__ = ["Expected", "Facts", "check_code", "check_workers", "code_facts", "expected_facts",
           "judge", "ship_by_value", "unable", "worker_facts", "write_token"]

#: The libraries a worker must share with the client besides `LIBRARIES`: the scheduler's,
#: which shape no result but must speak the client's protocol.
SCHEDULING: tuple[str, ...] = ("dask", "distributed")


@dataclass(frozen=True)
class Facts:
    """What one machine sees: the trees' listings, its code, the cache's token, its threads."""

    shared: dict[str, str]
    data: dict[str, str] | None  # the data root's, when it is outside the shared root
    code: dict[str, str]  # core.code_identity.process_code() in its process
    versions: dict[str, str]
    token: str
    threads: int
    kernels: str = ""  # core.kernels.describe() in the worker's process
    loaded: tuple[str, ...] = ()  # the modules of the package its process imported
    stale: tuple[str, ...] = ()  # modules whose file changed since (code_identity.changed_code)


@dataclass(frozen=True)
class Expected:
    """The client's facts, and where a worker finds what it must compare."""

    shared_root: str
    data_root: str | None
    cache: str
    token_path: str
    scheduler: str
    facts: Facts


def _versions() -> dict[str, str]:
    from lexsub_baselines.core.version import __version__

    return {"lexsub_baselines": __version__,
            **{name: library_version(name) for name in (*LIBRARIES, *SCHEDULING)}}


def worker_facts(shared_root: str, data_root: str | None, cache: str, token_path: str,
                 dask_worker: Any = None) -> Facts:
    """Return what this machine sees (on a worker: `Client.run` passes it as `dask_worker`).
    The cache is left out of the trees when it lies inside them (it changes as the build
    runs)."""
    try:
        token = Path(token_path).read_text(encoding="utf-8")
    except OSError as error:
        token = f"unreadable: {error.strerror}"

    def tree(root: str) -> dict[str, str]:
        inside = os.path.relpath(cache, root)
        if inside == "." or inside.startswith(".."):
            return tree_identity(Path(root))
        return tree_identity(Path(root), lambda relative: relative == Path(inside).as_posix())

    return replace(code_facts(), shared=tree(shared_root),
                   data=tree(data_root) if data_root else None, token=token,
                   threads=dask_worker.state.nthreads if dask_worker is not None else 1,
                   kernels=describe())


def code_facts() -> Facts:
    """Return the code this process runs, and only that (`Facts` with empty trees)."""
    return Facts({}, None, process_code(), _versions(), "", 1, "", tuple(loaded_modules()),
                 tuple(changed_code()))


def expected_facts(roots: Roots, token_path: Path, scheduler: str) -> Expected:
    """Return the client's facts (after `write_token` wrote `token_path`)."""
    shared, data, cache = roots.shared.absolute(), roots.data.absolute(), roots.cache.absolute()
    data_root = None if data.is_relative_to(shared) else str(data)
    facts = replace(worker_facts(str(shared), data_root, str(cache), str(token_path)),
                                kernels=expected_kernels())
    return Expected(str(shared), data_root, str(cache), str(token_path), scheduler, facts)


def judge(expected: Expected, seen: Facts, worker: str) -> str | None:
    """Return the one line saying how `worker`'s facts fail the check, or None."""
    ours = expected.facts
    if seen.token != ours.token:
        return (f"Dask worker {worker} does not share the cache {expected.cache} (a token "
                f"written there reads back as {seen.token[:40]!r}): mount the cache at the same "
                "path on every worker (a shared file system)")
    for what, root, mine, theirs in (("shared root", expected.shared_root, ours.shared,
                                      seen.shared),
                                     ("data root", expected.data_root, ours.data, seen.data)):
        differ = first_difference(mine or {}, theirs or {})
        if differ:
            return (f"Dask worker {worker} sees another {what} at {root} ({differ}): mount the "
                    f"same {what} at the same path on every worker")
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


def _other_code(ours: Facts, seen: Facts, worker: str, scheduler: str | None) -> str | None:
    """Return the line of a worker whose code or libraries are not the client's (`ours`), or
    None (`scheduler`: the address a hand-started worker joins; None: the embedded cluster)."""
    named = [f"{name} {theirs} there, {ours.versions.get(name)} here"
             for name, theirs in seen.versions.items() if ours.versions.get(name) != theirs]
    differing = sorted(name for name in {*ours.code, *seen.code}
                       if ours.code.get(name) != seen.code.get(name))
    if not differing and not named:
        return None
    remedy = ("install the same package and library versions there (`make setup` in the same "
              "checkout)")
    if differing:
        first = differing[0]
        more = f"; {len(differing) - 1} more differ" if len(differing) > 1 else ""
        named.append(f"{first}: {_code(seen, first)} there, {_code(ours, first)} here{more}")
        if first in seen.stale:
            remedy = (f"it loaded {first} before its file changed and runs the old code: "
                      f"restart the worker (`dask worker {scheduler} --nthreads 1`) or run "
                      "with the embedded cluster (no --scheduler)")
        elif first in ours.stale:
            remedy = (f"this process loaded {first} before its file changed and runs the "
                      "old code: start it again")
    return f"Dask worker {worker} runs other code ({'; '.join(named)}): {remedy}"


def _code(facts: Facts, name: str) -> str:
    value = facts.code.get(name)
    if value is None:
        return "absent"
    return f"{'imported' if name in facts.loaded else 'file'} sha256 {value[:12]}"


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
    else of the package when called (`identity._sha256`), since that is the worker's."""
    import cloudpickle

    for name in modules:
        cloudpickle.register_pickle_by_value(importlib.import_module(name))


async def check_code(client: Any) -> None:
    """Check that every worker of the embedded cluster runs this process's code: a process
    that imported a module before its file changed keys what the workers (which import the
    file as it is) build by the old code.

    Raises:
        LexsubError: the first worker that differs, in one line naming the module.
    """
    ship_by_value(__name__)
    ours = code_facts()
    seen = await client.run(code_facts, on_error="return")
    for worker, facts in sorted(seen.items()):
        if isinstance(facts, BaseException):
            raise LexsubError(unable(worker, facts))
        if (line := _other_code(ours, facts, worker, None)) is not None:
            raise LexsubError(line)


async def check_workers(client: Any, expected: Expected) -> None:
    """Check every worker there now (see the module docstring).

    Raises:
        LexsubError: the first worker that fails, in one line naming it and the fix.
    """
    ship_by_value("lexsub_baselines.engine.identity", "lexsub_baselines.core.kernels",
                  __name__)
    seen = await client.run(worker_facts, expected.shared_root, expected.data_root,
                            expected.cache, expected.token_path, on_error="return")
    for worker, facts in sorted(seen.items()):
        if isinstance(facts, BaseException):
            raise LexsubError(unable(worker, facts))
        if (line := judge(expected, facts, worker)) is not None:
            raise LexsubError(line)
