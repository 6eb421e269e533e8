"""The code a key names is the code that ran: one immutable snapshot per build, with real
processes; and outside a build, the package leaves the interpreter as it found it.

Each test runs a copy of the package (`lexsub_baselines/` copied under tmp) in child
processes, and edits the copy's `text/cleaning.py` so that `clean_text("a  (  )  b")` gives
`'a ( ) b'` instead of `'a b'` (its empty-parentheses rule no longer matches), in bytes of
the same size:

- an edit while a build runs, on the embedded cluster and on a real `dask worker`: the task
  that first imports the module on the worker runs the code the client keyed (the
  snapshot), not the edited file, and its key is the client's;
- a revert after it: the entry keyed by the old code holds what the old code computes, so
  the old key, met again, serves the right bytes;
- `lexsub` re-executes a command that builds from the snapshot (its process imports the
  package from there);
- a process that imported the package from elsewhere refuses a task of the snapshot in one
  line (a long-lived worker: tests/test_workers.py), unless it is another cache folder's
  snapshot of the same files;
- importing the package installs no import hook; reload, a user's hook first on
  `sys.meta_path`, tracebacks after the checkout moved, a stray `MANIFEST.json` or an
  editor's dangling lock file behave as in any package.
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
from lexsub_baselines.inputs.snapshot import write_snapshot

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
from lexsub_baselines.inputs.code_identity import code_digest
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
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.snapshot import write_snapshot
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.cluster import EngineSettings, open_engine
from lexsub_baselines.engine.context import BuildContext
from lexsub_baselines.engine.progress import Progress

def answer(cache):
    import lexsub_baselines
    import lexsub_baselines.text.cleaning as cleaning
    from lexsub_baselines.inputs.code_identity import code_digest
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
        ctx = BuildContext(client, roots, None, Progress(False),
                           code=str(write_snapshot(cache)))
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


def test_lexsub_runs_a_command_that_builds_from_the_snapshot(copy: Path, tmp_path: Path
                                                            ) -> None:
    """`lexsub build --help` re-executes from the snapshot written into the cache: the new
    process imports the package from there, and the checkout's edits after that do not
    reach it; `lexsub score` (no build) is not re-executed."""
    cache = tmp_path / "cache"
    probe = ("import sys, lexsub_baselines.cli as c, lexsub_baselines as p; "
             "sys.argv[0] = 'lexsub'; print('FROM', p.__file__, flush=True); c.main()")
    env = {**os.environ, "PYTHONPATH": str(copy), "LEXSUB_CACHE_DIR": str(cache),
           "LEXSUB_KERNELS": "native"}
    ran = subprocess.run([sys.executable, "-c", probe, "build", "--help"], capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=120)
    assert ran.returncode == 0, ran.stderr[-2000:]
    sources = [line.split()[1] for line in ran.stdout.splitlines() if line.startswith("FROM")]
    assert len(sources) == 2 and sources[0].startswith(str(copy))  # re-executed once, from:
    assert sources[1].startswith(f"{cache}/") and "/code/" in sources[1]
    scored = subprocess.run([sys.executable, "-c", probe, "score", "--help"],
                            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert [line for line in scored.stdout.splitlines() if line.startswith("FROM")] == [
        f"FROM {copy / 'lexsub_baselines' / '__init__.py'}"]


_NO_HOOKS = """
import importlib, json, sys
before = list(sys.meta_path)
import lexsub_baselines
from lexsub_baselines.scoring import score
import lexsub_baselines.text.cleaning as cleaning
after = list(sys.meta_path)
first = cleaning.clean_text("a  (  )  b")
text = open(cleaning.__file__).read()  # read first: open(..., "w") empties the file
open(cleaning.__file__, "w").write(text.replace(sys.argv[1], sys.argv[2]))
importlib.reload(cleaning)
print(json.dumps({"same": before == after, "first": first,
                  "reloaded": cleaning.clean_text("a  (  )  b"), "file": cleaning.__file__}))
"""


def test_importing_the_package_installs_no_hook_and_reload_works(copy: Path) -> None:
    """Scoring or using the package as a library leaves `sys.meta_path` as it was (before,
    two finders: the package's own, first, and the extra's); `importlib.reload` runs the
    edited bytes, as in any package (before, the bytes first read ran again)."""
    ran = _run(copy, _NO_HOOKS, OLD_RULE, NEW_RULE)
    assert ran["same"] and ran["first"] == "a b" and ran["reloaded"] == "a ( ) b"
    assert ran["file"].startswith(str(copy))


def test_a_stray_manifest_and_an_editor_lock_break_nothing(copy: Path, tmp_path: Path) -> None:
    """A `MANIFEST.json` beside the package folder (a checkout's root) and Emacs's dangling
    lock link `.#cmlc.py` neither break an import nor enter a snapshot (before: every
    import failed on the first, every build on the second)."""
    from lexsub_baselines.inputs.snapshot import running_snapshot, snapshot_files

    (copy / "MANIFEST.json").write_text('{"files": {}, "project": "x"}')
    lock = copy / "lexsub_baselines" / "rankers" / ".#cmlc.py"
    lock.symlink_to("user@host.1234:1700000000")
    assert _run(copy, _PROBE, str(tmp_path))["clean"] == "a b"
    listed = snapshot_files(copy / "lexsub_baselines")
    assert "rankers/cmlc.py" in listed and not [f for f in listed if "/.#" in f]
    tree = write_snapshot(tmp_path / "cache", copy / "lexsub_baselines")
    assert not (tree / "lexsub_baselines" / "rankers" / ".#cmlc.py").exists()
    assert running_snapshot() is None  # this test process runs the checkout


def test_a_task_on_a_process_that_runs_other_code_is_refused(tmp_path: Path) -> None:
    """`in_task` runs only in a process that imported the package from the build's snapshot;
    another (here: this test process, which runs the checkout) refuses the task in one line."""
    from lexsub_baselines.core.errors import LexsubError
    from lexsub_baselines.engine.tasks import in_task

    tree = write_snapshot(tmp_path / "cache")
    with pytest.raises(LexsubError) as refused:
        in_task("run", None, str(tree), None, print)
    assert str(refused.value) == (f"this process runs other code than this build's (it "
                                  f"imported lexsub_baselines from {PACKAGE}): restart it")


def test_a_process_of_one_snapshot_runs_another_cache_folders_snapshot_of_the_same_files(
        tmp_path: Path) -> None:
    """A worker that imported the package from one cache folder's snapshot serves a build of
    another cache folder whose snapshot holds the same files (a cluster serves two builds),
    and refuses, in one line, a snapshot of other files."""
    from lexsub_baselines.inputs.snapshot import MARKER

    first, second = write_snapshot(tmp_path / "one"), write_snapshot(tmp_path / "two")
    other = tmp_path / "three" / second.name
    shutil.copytree(second, other)
    marker = other / MARKER
    marker.chmod(0o644)
    listed = json.loads(marker.read_text())
    listed["files"]["text/cleaning.py"] = "0" * 64
    marker.write_text(json.dumps(listed))
    probe = ("import sys\nfrom lexsub_baselines.core.errors import LexsubError\n"
             "from lexsub_baselines.engine.tasks import in_task\n"
             "for code in sys.argv[1:]:\n"
             "    try:\n        print(in_task('run', None, code, None, len, 'ok'))\n"
             "    except LexsubError as error:\n        print(error)\n")
    done = subprocess.run([sys.executable, "-c", probe, str(second), str(other)],
                          env={**os.environ, "PYTHONPATH": str(first)}, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    served, refused = done.stdout.splitlines()
    assert served == "2"
    assert refused == (f"this process runs other code than this build's (it imported "
                       f"lexsub_baselines from {first / 'lexsub_baselines'}): restart it")


def test_the_snapshot_holds_the_package_read_only_and_compiled(tmp_path: Path) -> None:
    """Every file of the package, byte for byte, read-only, with bytecode of those bytes;
    written once (the same folder for the same code); a marker that no longer matches its
    folder's name makes it no snapshot."""
    from lexsub_baselines.inputs.snapshot import MARKER, _marker, snapshot_files

    tree = write_snapshot(tmp_path / "cache")
    listed = json.loads((tree / MARKER).read_text())["files"]
    assert sorted(listed) == snapshot_files() and "distributional/parser.cfg" in listed
    for relative in ("text/cleaning.py", "rankers/cmlc_lambda.json"):
        copied = tree / "lexsub_baselines" / relative
        assert copied.read_bytes() == (PACKAGE / relative).read_bytes()
        assert not os.access(copied, os.W_OK) or os.geteuid() == 0
        assert copied.stat().st_mode & 0o222 == 0
    assert list((tree / "lexsub_baselines" / "text" / "__pycache__").glob("cleaning.*.pyc"))
    assert write_snapshot(tmp_path / "cache") == tree
    other = tmp_path / "other" / "0123456789abcdef"
    shutil.copytree(tree, other)
    assert _marker(other / "lexsub_baselines") is None


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
