"""The package's data files that can change a result, and their digests (prose left out).

`parser.cfg`, the tuned weights of cmlc (`rankers/*.json`) and the resource manifest count
in the code identity (`core.code_identity`) of the modules whose source names them. What
computes nothing does not: `runs/reference.json` (the digests of the README's run, rewritten
after the run it describes: `NOT_CODE`), the explorer's page, style and script (no data
suffix: they render a page), and the manifest's prose for people (`PROSE`: what a file is,
its licence, notes on fetching it, which module uses it).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

__all__ = ["NOT_CODE", "PROSE", "data_digest", "data_files"]

_SUFFIXES = (".cfg", ".json")
#: Data files of the package that compute nothing, left out of every digest (relative paths).
NOT_CODE: tuple[str, ...] = ("runs/reference.json",)
#: Data files (JSON) -> the keys whose values are prose for people, left out where they are.
PROSE: dict[str, frozenset[str]] = {
    "resources/manifest.json": frozenset({"what", "note", "licence", "used_by"})}


def data_files(root: Path) -> dict[str, Path]:
    """Return relative path -> path of the data files under the package folder `root` that
    can change a result, sorted."""
    found: dict[str, Path] = {}
    # os.walk, not rglob: the suffix is checked before the file is stat-ed (`code_digest`
    # runs this for every signature a scorer makes; rglob stat-ed every file: 4.3 ms
    # a signature then, 1.1 ms now)
    for folder, children, names in os.walk(root):
        children[:] = [name for name in children if name != "__pycache__"]
        for name in names:
            if os.path.splitext(name)[1] in _SUFFIXES and (path := Path(folder, name)).is_file():
                found[path.relative_to(root).as_posix()] = path
    return {relative: found[relative] for relative in sorted(found) if relative not in NOT_CODE}


def data_digest(relative: str, path: Path) -> str:
    """Return the sha256 of a data file's bytes, or of its JSON without its prose (`PROSE`)."""
    data = path.read_bytes()
    if relative in PROSE:
        with contextlib.suppress(ValueError):  # not JSON: its bytes count as they are
            kept = _without(json.loads(data), PROSE[relative])
            data = json.dumps(kept, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def _without(value: object, prose: frozenset[str]) -> object:
    if isinstance(value, dict):
        return {k: _without(v, prose) for k, v in value.items() if k not in prose}
    if isinstance(value, list):
        return [_without(item, prose) for item in value]
    return value
