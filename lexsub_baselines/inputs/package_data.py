"""The package's data files that can change a result, and their digests.

`parser.cfg` and the tuned weights of cmlc (`rankers/*.json`) count in the code identity
(`inputs.code_identity`) of the modules whose source names them (the resource manifest is
the input layer's, plumbing: what it records is in every key by the inputs' digests). What
computes nothing does not: `runs/reference.json` (the digests of the README's run, rewritten
after the run it describes) and the shipped answers (`NOT_CODE`), the explorer's page, style
and script (no data suffix: they render a page). A data file a computation opens is in its
trace besides (`inputs.trace`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

__all__ = ["NOT_CODE", "PACKAGE_DIR", "data_files", "package_file"]

#: The package's folder (inside a build: the immutable code snapshot the process runs from).
PACKAGE_DIR = Path(__file__).resolve().parent.parent

_SUFFIXES = (".cfg", ".json")
#: Data files of the package that compute nothing, left out of every digest (relative paths;
#: `shipped/`: the baselines' answers shipped with the package, outputs of a run, not code).
NOT_CODE: tuple[str, ...] = ("runs/reference.json", "shipped/")


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

