"""The check of a remote Dask cluster's workers, before any work is sent to them.

A worker of an existing cluster must see what the client sees and compute what the client
would, or it writes results the client never reads (its own disk) or results that do not
match the cache keys (other library versions). `check_workers` proves it rather than trusting
the paths' names:

- **the cache is shared**: the client writes a token file with random content into the
  cache; every worker must read the same content back from the same absolute path (a worker
  that does not mount the cache there finds no file, or another; it creates nothing);
- **the shared root is the same**: every worker computes the fingerprint of the shared
  root's listing (names, sizes, times of its top two levels) that the client computed;
- **the code is the same**: the package's version and a digest of its source files, and the
  versions of the libraries the cache keys and the results depend on (spaCy, gensim, NumPy,
  SciPy, NLTK, lemminflect, KenLM, Dask);
- **one thread per worker**: the tasks are not thread-safe (the parser is shared within a
  process, warnings are caught per process) and a spaCy parse owns its core; a worker with
  more threads is refused, with the fix named.

Every failure is one error naming the worker and what to do. The roots sent to tasks are
absolute (`paths.resolve_roots`), so a worker started in another folder reads the same files.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from importlib import metadata
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots

__all__ = ["LIBRARIES", "check_workers", "code_facts", "tree_fingerprint", "worker_facts"]

#: The libraries whose versions a worker must share with the client.
LIBRARIES: tuple[str, ...] = ("spacy", "gensim", "numpy", "scipy", "nltk", "lemminflect",
                              "kenlm", "dask", "distributed")


def tree_fingerprint(root: str) -> str:
    """Return a digest of `root`'s top two levels: names, sizes and modification times."""
    digest = hashlib.sha256()
    base = Path(root)
    if not base.is_dir():
        return "missing"
    for path in sorted([*base.iterdir(), *(p for d in base.iterdir() if d.is_dir()
                                           for p in d.iterdir())]):
        status = path.stat()
        digest.update(f"{path.relative_to(base)}\t{status.st_size}\t"
                      f"{int(status.st_mtime)}\n".encode())
    return digest.hexdigest()[:16]


def code_facts() -> dict[str, str]:
    """Return the package's version and source digest and the libraries' versions."""
    from lexsub_baselines.core.version import __version__

    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    facts = {"lexsub_baselines": f"{__version__} (source {digest.hexdigest()[:12]})"}
    for name in LIBRARIES:
        try:
            facts[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            facts[name] = "absent"
    return facts


def worker_facts(shared: str, token_path: str, dask_worker: Any = None) -> dict[str, Any]:
    """Run on each worker (`Client.run`, which passes the worker as `dask_worker`): what it
    sees of the shared root and the cache's token, its code, and its number of threads."""
    try:
        token = Path(token_path).read_text(encoding="utf-8")
    except OSError as error:
        token = f"unreadable: {error.strerror}"
    return {"shared": tree_fingerprint(shared), "token": token, "code": code_facts(),
            "threads": dask_worker.state.nthreads if dask_worker is not None else 1,
            "cwd": os.getcwd()}


async def check_workers(client: Any, roots: Roots, address: str) -> None:
    """Check every worker of the cluster at `address` (see the module docstring).

    Raises:
        LexsubError: a worker does not share the cache or the shared root, runs other code,
            or has more than one thread; the message names it and the fix.
    """
    cache = roots.cache.absolute()
    try:
        cache.mkdir(parents=True, exist_ok=True)
        token_path = cache / f".worker-check-{uuid.uuid4().hex}"
        token = uuid.uuid4().hex
        token_path.write_text(token, encoding="utf-8")
    except OSError as error:
        raise LexsubError(f"cannot write the cache {cache} ({error.strerror}); give a "
                          "writable --cache-dir") from None
    try:
        facts = await client.run(worker_facts, str(roots.shared.absolute()), str(token_path))
    finally:
        token_path.unlink(missing_ok=True)
    shared, code = tree_fingerprint(str(roots.shared.absolute())), code_facts()
    for worker, seen in sorted(facts.items()):
        if seen["token"] != token:
            raise LexsubError(
                f"Dask worker {worker} does not share the cache {cache} (a token written there "
                f"reads back as {seen['token'][:40]!r}): mount the cache at the same path on "
                "every worker (a shared file system)")
        if seen["shared"] != shared:
            raise LexsubError(
                f"Dask worker {worker} sees another shared root at {roots.shared} (or none): "
                "mount the same shared root at the same path on every worker")
        differ = {name: (value, code.get(name)) for name, value in seen["code"].items()
                  if code.get(name) != value}
        if differ:
            named = "; ".join(f"{name} {theirs} there, {ours} here"
                              for name, (theirs, ours) in differ.items())
            raise LexsubError(f"Dask worker {worker} runs other code ({named}): install the "
                              "same package and library versions there (`make setup` in the "
                              "same checkout)")
        if seen["threads"] != 1:
            raise LexsubError(f"Dask worker {worker} has {seen['threads']} threads; the build "
                              "tasks need one thread per worker: start it with `dask worker "
                              f"{address} --nthreads 1` (and --nworkers N for N cores)")
