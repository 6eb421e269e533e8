"""The code a key names is the code that ran: the issue's sequences, with real processes.

Each test runs a copy of the package (`lexsub_baselines/` copied under tmp) in child
processes, and edits the copy's `text/cleaning.py` so that `clean_text("a  (  )  b")` gives
`'a ( ) b'` instead of `'a b'` (its empty-parentheses rule no longer matches), in bytes of
the same size:

- an edit while a build runs, on the embedded cluster and on a real `dask worker`: the task
  that first imports the module on the worker runs the code the client keyed (the
  snapshot), not the edited file, and its key is the client's;
- a revert after it: the entry keyed by the old code holds what the old code computes, so
  the old key, met again, serves the right bytes;
- a same-size edit with the modification time set back, over a `.pyc` of the old bytes: the
  process runs the bytes it records;
- a process that imported other bytes refuses a task of the snapshot in one line (a
  long-lived worker: tests/test_workers.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from processes import DASK, start_scheduler, stop_in_order

from lexsub_baselines.core.kernels import pinned_environment

pytestmark = pytest.mark.slow  # real processes and clusters (tests/conftest.py)

PACKAGE = Path(__file__).resolve().parent.parent / "lexsub_baselines"
OLD_RULE = r'_EMPTY_PARENS = re.compile(r"\(\s*[,;]?\s*\)")'
NEW_RULE = r'_EMPTY_PARENS = re.compile(r"\[\s*[,;]?\s*\]")'  # the same size


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A copy of the package (its parent folder, for PYTHONPATH), without bytecode."""
    shutil.copytree(PACKAGE, tmp_path / "src" / "lexsub_baselines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path / "src"


def _cleaning(copy: Path) -> Path:
    return copy / "lexsub_baselines" / "text" / "cleaning.py"


def _edit(copy: Path, old: str = OLD_RULE, new: str = NEW_RULE) -> None:
    """Edit the rule in place, keeping the size, the inode and the modification time."""
    path = _cleaning(copy)
    status = path.stat()
    text = path.read_text(encoding="utf-8")
    assert old in text
    with open(path, "r+b") as handle:
        handle.write(text.replace(old, new, 1).encode("utf-8"))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert path.stat().st_size == status.st_size


_PROBE = """
import json, sys
from pathlib import Path
from lexsub_baselines.core.code_identity import code_digest
from lexsub_baselines.text.cleaning import clean_text
print(json.dumps({"key": code_digest("lexsub_baselines.text.cleaning", memo=Path(sys.argv[1])),
                  "clean": clean_text("a  (  )  b")}))
"""


def _run(copy: Path, script: str, *args: str, env: dict[str, str] | None = None
         ) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, timeout=300, cwd=copy,
                          env={**os.environ, "PYTHONPATH": str(copy), **(env or {})})
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


# A client that opens a cluster, is sent the signal to edit the checkout once its workers
# run, then runs a task that imports text.cleaning for the first time on its worker and
# writes its answer into the cache under the key of the code (if not there yet).
_CLIENT = """
import asyncio, json, sys
from pathlib import Path
from lexsub_baselines.core.code_identity import code_digest
from lexsub_baselines.core.loaded_code import snapshot
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.cluster import EngineSettings, open_engine
from lexsub_baselines.engine.context import BuildContext
from lexsub_baselines.engine.progress import Progress

def answer(cache):
    import lexsub_baselines
    import lexsub_baselines.text.cleaning as cleaning
    from lexsub_baselines.core.code_identity import code_digest
    key = code_digest("lexsub_baselines.text.cleaning", memo=Path(cache))
    entry = Path(cache) / f"clean-{key}.txt"
    if not entry.exists():
        entry.write_text(cleaning.clean_text("a  (  )  b"))
    return {"key": key, "clean": cleaning.clean_text("a  (  )  b"), "file": cleaning.__file__,
            "package": lexsub_baselines.__file__}

async def main():
    cache = Path(sys.argv[1])
    roots = Roots(cache, cache, cache)
    key = code_digest("lexsub_baselines.text.cleaning", memo=cache)
    engine = EngineSettings(scheduler=sys.argv[2] or None, workers=1)
    async with open_engine(engine, roots) as client:
        print("edit now", flush=True)
        sys.stdin.readline()  # the test edits the checkout, then says go on
        ctx = BuildContext(client, roots, None, Progress(False), code=str(snapshot(cache)))
        ran = await ctx.task("probe", answer, str(cache))
    print(json.dumps({**ran, "client_key": key}))

if __name__ == "__main__":
    asyncio.run(main())
"""


def _build_with_an_edit(copy: Path, cache: Path, scheduler: str = "") -> dict[str, Any]:
    """Run `_CLIENT` on a cluster, editing the copy once the cluster runs."""
    script = copy / "client.py"
    script.write_text(_CLIENT, encoding="utf-8")
    with subprocess.Popen([sys.executable, str(script), str(cache), scheduler], cwd=copy,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env={**os.environ, "PYTHONPATH": str(copy)}) as client:
        assert client.stdin is not None and client.stdout is not None
        line = client.stdout.readline()
        assert line == "edit now\n", (line, client.stderr and client.stderr.read()[-3000:])
        _edit(copy)
        out, err = client.communicate("go on\n", timeout=300)
    assert client.returncode == 0, err[-3000:]
    return dict(json.loads(out.strip().splitlines()[-1]))


def test_an_edit_during_a_build_and_a_revert_after_it(copy: Path, tmp_path: Path) -> None:
    """The embedded cluster: the edit lands after the cluster started and before the task
    that first imports the module; the task runs the keyed code, from the snapshot. Then a
    new process runs the edit (a new key), and after a revert the old key's entry holds the
    old code's answer. (Before: the task ran the edited file under the old key, 'a ( ) b',
    and the revert served those bytes.)"""
    cache = tmp_path / "cache"
    cache.mkdir()
    old = _run(copy, _PROBE, str(cache))
    assert old["clean"] == "a b"
    ran = _build_with_an_edit(copy, cache)
    assert ran["clean"] == "a b" and ran["key"] == ran["client_key"] == old["key"]
    assert f"{cache}/code/" in ran["file"]  # imported from the snapshot
    edited = _run(copy, _PROBE, str(cache))  # a new process runs (and keys) the edit
    assert edited["clean"] == "a ( ) b" and edited["key"] != old["key"]
    _edit(copy, NEW_RULE, OLD_RULE)  # the revert
    again = _run(copy, _PROBE, str(cache))
    assert again["key"] == old["key"]
    assert (cache / f"clean-{old['key']}.txt").read_text() == again["clean"] == "a b"


def test_an_edit_during_a_build_on_a_real_dask_worker(copy: Path, tmp_path: Path) -> None:
    """The same edit with `dask scheduler` and `dask worker` started by hand (the worker's
    own package is the copy, whose file is edited): the worker runs the client's code."""
    cache = tmp_path / "cache"
    cache.mkdir()
    log = open(tmp_path / "dask.log", "ab")  # noqa: SIM115 (closed below)
    scheduler, address = start_scheduler(tmp_path, log)
    worker = subprocess.Popen([DASK, "worker", address, "--no-dashboard", "--no-nanny",
                               "--nthreads", "1"], stdout=log, stderr=log, cwd=tmp_path,
                              env={**os.environ, **pinned_environment(),
                                   "PYTHONPATH": str(copy)})
    try:
        ran = _build_with_an_edit(copy, cache, address)
    finally:
        stop_in_order([worker, scheduler])
        log.close()
    assert ran["clean"] == "a b" and ran["key"] == ran["client_key"]
    assert f"{cache}/code/" in ran["file"] and f"{cache}/code/" in ran["package"]  # all of it


_IMPORTS = """
import json, sys
from lexsub_baselines.core.loaded_code import fixed_digest
from lexsub_baselines.text.cleaning import clean_text
print(json.dumps({"clean": clean_text("a  (  )  b"),
                  "recorded": fixed_digest("text/cleaning.py")}))
"""


def test_a_same_size_edit_with_its_time_set_back_runs_what_is_recorded(copy: Path) -> None:
    """Python runs a timestamp `.pyc` whose recorded size and whole-second time match the
    source: with the time set back after a same-size edit, it ran the old code while the
    record showed the new bytes. The package's loader runs the bytes it records."""
    import hashlib

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(copy)], check=True)
    assert _run(copy, _IMPORTS, env={"PYTHONDONTWRITEBYTECODE": "1"})["clean"] == "a b"
    _edit(copy)  # same size, same modification time: the .pyc looks current
    stale = subprocess.run(  # the control: Python's own loader runs the old bytecode
        [sys.executable, "-c", "import importlib.machinery as m, sys; "
         "print(m.SourceFileLoader('c', sys.argv[1]).load_module().clean_text('a  (  )  b'))",
         str(_cleaning(copy))], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert stale.stdout.strip() == "a b"
    ran = _run(copy, _IMPORTS)
    assert ran["clean"] == "a ( ) b"
    assert ran["recorded"] == hashlib.sha256(_cleaning(copy).read_bytes()).hexdigest()


def test_a_task_on_a_process_that_runs_other_bytes_is_refused(tmp_path: Path) -> None:
    """`in_task` points its process at the task's snapshot; a process that already ran a file
    of the package with other bytes refuses the task in one line (here: this test process,
    asked to run a snapshot in which one module differs)."""
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.core.loaded_code import MANIFEST, code_root, snapshot
    from lexsub_baselines.engine.tasks import in_task

    tree = snapshot(tmp_path / "cache")
    other = tmp_path / "other" / tree.name
    shutil.copytree(tree, other)
    manifest = json.loads((other / MANIFEST).read_text())
    manifest["files"]["engine/tasks.py"] = "0" * 64  # engine.tasks runs here
    (other / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(ImportError, match="this code snapshot was changed"):
        in_task("run", None, str(other), print)
    from lexsub_baselines.core.loaded_code import _identity

    renamed = other.with_name(_identity(manifest["files"], manifest["project"]))
    other.rename(renamed)
    with pytest.raises(LexsubError) as refused:
        in_task("run", None, str(renamed), print)
    assert str(refused.value) == ("this process runs other code than this build's (it "
                                  "imported lexsub_baselines/engine/tasks.py with other "
                                  "bytes): restart it")
    assert code_root() == PACKAGE  # refused: nothing changed where this process reads code


def test_the_snapshot_is_the_code_the_process_keys(tmp_path: Path) -> None:
    """Every file of the package, with the bytes this process holds; written once (the same
    folder for the same code), and changed files are refused when read back."""
    from lexsub_baselines.core.loaded_code import MANIFEST, package_files, snapshot, source

    tree = snapshot(tmp_path / "cache")
    listed = json.loads((tree / MANIFEST).read_text())["files"]
    assert sorted(listed) == package_files() and "parser.cfg" not in listed
    assert "distributional/parser.cfg" in listed and "core/loaded_code.py" in listed
    for relative in ("text/cleaning.py", "rankers/cmlc_lambda.json"):
        assert (tree / "lexsub_baselines" / relative).read_bytes() == source(relative)
    assert snapshot(tmp_path / "cache") == tree


def test_a_cache_that_cannot_hold_the_snapshot_is_one_line(tmp_path: Path) -> None:
    """No cluster is started when the client cannot write its code's snapshot (here the
    cache is a file): one line naming the cache and the remedy."""
    import asyncio

    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.core.paths import Roots
    from lexsub_baselines.engine.cluster import EngineSettings, open_engine

    cache = tmp_path / "cache"
    cache.write_text("not a folder")

    async def run() -> None:
        async with open_engine(EngineSettings(workers=1), Roots(tmp_path, tmp_path, cache)):
            pass

    with pytest.raises(LexsubError) as refused:
        asyncio.run(run())
    assert str(refused.value).startswith(f"cannot write the code's snapshot into the cache "
                                         f"{cache} (") and "writable --cache-dir" in str(
                                             refused.value)
