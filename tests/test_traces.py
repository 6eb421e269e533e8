"""The trace a kept result is served by: what a process reads, seen by running it.

Each test runs real reads (Python's `open`, `pathlib`, numpy, gzip, `os.open`, SQLite) in a
fresh process with the audit hook of `inputs.trace` installed, and checks what the trace
holds and when it stops holding.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import PACKAGE_DIR
from lexsub_baselines.inputs.imports import entry_modules
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.inputs.trace import Trace, changed, classify, record

#: Reads every way a library may, in a process that watches; prints what it opened.
_READS = r"""
import gzip, json, os, sqlite3, sys
from pathlib import Path
import numpy as np
from lexsub_baselines.inputs.trace import opened, watch
watch()
folder = Path(sys.argv[1])
open(folder / "a.txt").read()
(folder / "b.txt").read_text()
np.load(folder / "c.npy")
gzip.open(folder / "d.gz").read()
os.close(os.open(folder / "e.bin", os.O_RDONLY))
sqlite3.connect(folder / "f.db").close()
(folder / "written.txt").write_text("out")  # a write is no read
open(folder / "g.txt", "a").close()
print(json.dumps(sorted(Path(p).name for p in opened() if Path(p).parent == folder)))
"""


def _roots(tmp_path: Path) -> Roots:
    shared = tmp_path / "shared"
    return Roots(shared, shared / "data", tmp_path / "cache")


def test_every_way_of_reading_a_file_is_seen_and_no_write(tmp_path: Path) -> None:
    import gzip
    import sqlite3

    import numpy as np

    for name in ("a.txt", "b.txt", "e.bin"):
        (tmp_path / name).write_text("x")
    np.save(tmp_path / "c.npy", np.arange(3))
    (tmp_path / "d.gz").write_bytes(gzip.compress(b"x"))
    sqlite3.connect(tmp_path / "f.db").close()
    done = subprocess.run([sys.executable, "-c", _READS, str(tmp_path)], check=True,
                          capture_output=True, text=True)
    assert json.loads(done.stdout) == ["a.txt", "b.txt", "c.npy", "d.gz", "e.bin", "f.db"]


def test_a_read_is_named_under_its_root_and_bookkeeping_libraries_are_not(
        tmp_path: Path) -> None:
    roots = _roots(tmp_path)
    json_file = str(PACKAGE_DIR / "rankers" / "cmlc_prior.json")
    assert classify(json_file, roots) == "package:rankers/cmlc_prior.json"
    assert classify(str(PACKAGE_DIR / "rankers" / "bow.py"), roots) is None  # a module: code
    assert classify(str(roots.cache / "lm" / "model.bin"), roots) == "cache:lm/model.bin"
    assert classify(str(roots.cache / "digests" / "files.json"), roots) is None
    assert classify(str(roots.cache / "results" / "answers" / "x"), roots) is None
    assert classify(str(roots.data / "coinco" / "x.gold"), roots) == "data:coinco/x.gold"
    assert classify(str(roots.shared / "corpora" / "x.xz"), roots) == "shared:corpora/x.xz"
    assert classify(json.__file__, roots) is None  # the standard library
    assert classify(np_file(), roots) is None  # a library's own installation
    assert classify("/proc/self/status", roots) is None
    outputs = tmp_path / "out"
    assert classify(str(outputs / "a.best"), roots, [outputs]) is None
    assert classify("/usr/share/wordnet/data.noun", roots) == "/usr/share/wordnet/data.noun"


def np_file() -> str:
    import numpy

    return str(Path(numpy.__file__).parent / "version.py")


_RECORD = r"""
import json, sys
from pathlib import Path
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.trace import record, watch
watch()
folder = Path(sys.argv[1])
sys.path.insert(0, str(folder / "mine"))
import helper  # a module of the user's own
(folder / "weights.json").read_text()
roots = Roots(folder / "shared", folder / "shared" / "data", folder / "cache")
trace = record(roots, ["lexsub_baselines.core.pos"])
print(json.dumps(trace.to_json()))
"""


def test_a_trace_holds_until_a_file_a_module_or_own_code_changes(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    helper = tmp_path / "mine" / "helper.py"
    helper.write_text("SIGN = 1\n")
    weights = tmp_path / "weights.json"
    weights.write_text('{"bonus": 1}')
    done = subprocess.run([sys.executable, "-c", _RECORD, str(tmp_path)], check=True,
                          capture_output=True, text=True)
    trace = Trace.from_json(json.loads(done.stdout))
    kinds = {(kind, Path(name).name) for kind, name, _ in trace.items}
    assert {("module", "lexsub_baselines.core.pos"), ("code", "helper.py"),
            ("file", "weights.json")} <= kinds
    roots = _roots(tmp_path)
    assert changed(trace, roots) is None
    helper.write_text("# a comment changes no code\nSIGN = 1\n")
    assert changed(trace, roots) is None
    helper.write_text("SIGN = -1\n")
    assert changed(trace, roots) == f"code {helper.resolve()}"
    helper.write_text("SIGN = 1\n")
    weights.write_text('{"bonus": 2}')
    assert changed(trace, roots) == f"file {weights.resolve()}"
    weights.unlink()
    assert changed(trace, roots) == f"file {weights.resolve()}"


def test_a_module_item_follows_the_code_this_process_runs(tmp_path: Path) -> None:
    trace = record(_roots(tmp_path), ["lexsub_baselines.core.pos"])
    own = [item for item in trace.items if item[0] == "module"]
    assert own == [("module", "lexsub_baselines.core.pos", own[0][2])]
    edited = Trace(((own[0][0], own[0][1], "0" * 64),))
    assert changed(edited, _roots(tmp_path)) == "module lexsub_baselines.core.pos"
    gone = Trace((("module", "lexsub_baselines.no_such_module", "x"),))
    assert changed(gone, _roots(tmp_path)) == "module lexsub_baselines.no_such_module"


def test_an_entry_names_the_modules_its_factory_imports_and_calls() -> None:
    import lexsub_baselines.catalog  # noqa: F401  (the registries filled)
    from lexsub_baselines.inputs.code_identity import package_modules
    from lexsub_baselines.rankers.base import RANKERS

    known = package_modules()
    bow = entry_modules(RANKERS.get("bow"), known)
    assert "lexsub_baselines.rankers.bow" in bow  # imported inside the factory
    assert "lexsub_baselines.rankers.lm" not in bow
    prior = entry_modules(RANKERS.get("cmlc:prior"), known)  # calls _cmlc_ranker, _lm, _bow
    assert {"lexsub_baselines.rankers.prior", "lexsub_baselines.rankers.cmlc",
            "lexsub_baselines.rankers.lm", "lexsub_baselines.rankers.bow"} <= prior


def test_the_one_key_constructor_holds_every_part() -> None:
    one = computation_key(None, "k", code=("lexsub_baselines.core.pos",), a=1, b="x")
    assert one == computation_key(None, "k", code=("lexsub_baselines.core.pos",), b="x", a=1)
    assert one != computation_key(None, "k", code=("lexsub_baselines.core.pos",), a=2, b="x")
    assert one != computation_key(None, "other", code=("lexsub_baselines.core.pos",), a=1,
                                  b="x")
    assert one != computation_key(None, "k", code=(), a=1, b="x")
    assert len(one) == 16 and int(one, 16) >= 0


def test_a_process_that_does_not_watch_installs_no_hook() -> None:
    code = ("import sys, lexsub_baselines.inputs.trace as t, lexsub_baselines.runs.answering;"
            "print(len(t._WATCHING))")
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert done.stdout.strip() == "0"
