"""The package's data files that can change a result, and their digests (prose left out).

`parser.cfg`, the tuned weights of cmlc (`rankers/*.json`) and the resource manifest count
in the code identity (`inputs.code_identity`) of the modules whose source names them. What
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
from collections.abc import Iterable
from pathlib import Path

__all__ = ["NOT_CODE", "PACKAGE_DIR", "PROSE", "data_digest", "data_files", "package_file"]

#: The package's folder (inside a build: the immutable code snapshot the process runs from).
PACKAGE_DIR = Path(__file__).resolve().parent.parent

_SUFFIXES = (".cfg", ".json")
#: Data files of the package that compute nothing, left out of every digest (relative paths;
#: `shipped/`: the baselines' answers shipped with the package, outputs of a run, not code).
NOT_CODE: tuple[str, ...] = ("runs/reference.json", "shipped/")
#: Data files (JSON) -> the keys whose values are prose for people, left out where they are.
PROSE: dict[str, frozenset[str]] = {
    "inputs/manifest.json": frozenset({"what", "note", "licence", "used_by"})}


def data_files(relatives: Iterable[str]) -> list[str]:
    """Return those of the package's files `relatives` (relative paths) that are data files
    that can change a result, sorted."""
    return sorted(relative for relative in relatives
                  if os.path.splitext(relative)[1] in _SUFFIXES
                  and not relative.startswith(NOT_CODE))


def package_file(file: str | Path) -> bytes:
    """Return the bytes of one of the package's own files: `file` relative to the package
    (`inputs/manifest.json`), or its path (`rankers/cmlc_lambda.json` beside its module; a
    test's copy). Part of the code, read where the code runs from (inside a build, the
    immutable snapshot: `inputs.snapshot`), not an input.

    Raises:
        OSError: the file cannot be read.
    """
    return (PACKAGE_DIR / file if isinstance(file, str) else file).read_bytes()


def data_digest(relative: str, data: bytes) -> str:
    """Return the sha256 of a data file's bytes, or of its JSON without its prose (`PROSE`)."""
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
