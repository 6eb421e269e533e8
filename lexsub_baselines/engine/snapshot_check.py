"""Whether this process runs a build's code snapshot (`inputs.snapshot`), by the standard
library alone: sent by value to a Dask worker (`engine.workers.ship_by_value`), it runs there
before anything of the worker's own package (the marker's name goes with it, a string), and
every task checks it again (`engine.tasks`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lexsub_baselines.core.paths import SNAPSHOT_MARKER

__all__ = ["run_from"]


def run_from(snapshot: str) -> tuple[str, ...]:
    """Make this process run the code snapshot `snapshot` (`inputs.snapshot`): a process that
    has not imported the package imports it from there (the snapshot first on `sys.path`);
    return () when it runs the snapshot's package, else (the folder it runs the package from
    instead,): a process runs the code it imported, and cannot change it.

    Sent by value (`ship_by_value`), so it runs before anything of the worker's own package."""
    module = sys.modules.get("lexsub_baselines")
    if module is None:
        if snapshot not in sys.path:
            sys.path.insert(0, snapshot)
        return ()
    where = Path(module.__file__ or "").resolve().parent  # its package folder
    if where == (Path(snapshot) / where.name).resolve():
        return ()
    # another snapshot of the same files (another cache folder's) runs the same code
    files = _snapshot_files(Path(snapshot))
    return () if files is not None and files == _snapshot_files(where.parent) else (str(where),)


def _snapshot_files(folder: Path) -> object:
    """Return the files (name -> sha256) the snapshot `folder` holds, None if it is none."""
    try:
        return json.loads((folder / SNAPSHOT_MARKER).read_text("utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
