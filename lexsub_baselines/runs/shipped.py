"""The baselines' answers shipped with the package: the rows behind the README's tables.

`lexsub score my.best semeval2007-test --paired wordnet` and `--compare` need our rows; a
results folder of `lexsub baselines` has them, after an hour's build. The package carries the
answer files of those rows instead (`lexsub_baselines/shipped/`, written by
`scripts/ship_answers.py` from the full run behind the README's tables, `runs.ship`): each
file compressed with xz, and `index.json` naming for each its dataset, system, kind, the
sha256 of its uncompressed bytes and the settings id of its row, with the run's tables digest
and the rows' scores (what `--compare` places). A shipped file is read only when its bytes are
the ones the index names, decompressed into a folder of the process's own (removed at exit).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import lzma
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.inputs.package_data import PACKAGE_DIR

__all__ = ["INDEX", "SHIPPED_DIR", "ShippedFile", "ShippedIndex", "shipped_index",
           "shipped_scores"]

#: Where the shipped answers are (in a checkout, an installed package or a wheel).
SHIPPED_DIR = PACKAGE_DIR / "shipped"
#: The index of the shipped files.
INDEX = "index.json"


@dataclass(frozen=True)
class ShippedFile:
    """One shipped answer file.

    Attributes:
        dataset, system, kind: its row and kind (`best`, `oot`, `mw`, `lsr`, `lexsubgen`,
            `pool`, `tsar2022`), as `runs.json` names them.
        path: the compressed file, relative to the shipped folder.
        sha256: the digest of its uncompressed bytes (what `runs.json` recorded).
        settings: the settings id of its row.
    """

    dataset: str
    system: str
    kind: str
    path: str
    sha256: str
    settings: str = ""


@dataclass(frozen=True)
class ShippedIndex:
    """The shipped answers' index (`index.json`).

    Attributes:
        folder: the shipped folder.
        files: every shipped file.
        tables_digest: the digest of the run's tables (`runs.digest.tables_digest`).
        settings: the run's settings id.
        scores: dataset -> system -> kind -> the row's scores (`scores.json`'s), of the
            shipped rows.
    """

    folder: Path
    files: tuple[ShippedFile, ...]
    tables_digest: str = ""
    settings: str = ""
    scores: dict[str, Any] = field(default_factory=dict)

    def find(self, dataset: str, system: str, kind: str) -> ShippedFile | None:
        """Return the shipped file of a row and kind, or None."""
        return next((f for f in self.files if (f.dataset, f.system, f.kind)
                     == (dataset, system, kind)), None)

    def systems(self, dataset: str, kind: str) -> list[str]:
        """Return the systems with a shipped file of `kind` on `dataset`."""
        return sorted({f.system for f in self.files if (f.dataset, f.kind) == (dataset, kind)})

    def source(self) -> str:
        """Return what the shipped rows are, for messages."""
        return f"shipped with the package: the README's run, tables {self.tables_digest}"

    def path(self, file: ShippedFile) -> Path:
        """Return the uncompressed file (decompressed once a process, in a folder of its own),
        once its bytes are checked against the index.

        Raises:
            LexsubError: the compressed file is missing, not xz, or not the index's bytes.
        """
        return _decompressed(self.folder / file.path, file.sha256)


def _read_index(folder: Path) -> ShippedIndex | None:
    try:
        data = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        return None
    files = tuple(ShippedFile(**{k: str(v) for k, v in entry.items()
                                 if k in ShippedFile.__dataclass_fields__})
                  for entry in data["files"] if isinstance(entry, dict))
    return ShippedIndex(folder, files, str(data.get("tables_digest", "")),
                        str(data.get("settings", "")), dict(data.get("scores") or {}))


def shipped_index(folder: Path | None = None) -> ShippedIndex | None:
    """Return the index of the shipped answers (in `folder`, default `SHIPPED_DIR`), or None
    when none are shipped (no index, or an index of no file)."""
    index = _read_index(folder or SHIPPED_DIR)
    return index if index is not None and index.files else None


def shipped_scores(folder: Path | None = None) -> tuple[dict[str, Any], str]:
    """Return the shipped rows' scores (as `scores.json` holds them) and what they are; no
    rows and "" when none are shipped."""
    index = shipped_index(folder)
    return (index.scores, index.source()) if index is not None else ({}, "")


@cache
def _scratch() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="lexsub-shipped-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


@cache
def _decompressed(compressed: Path, sha256: str) -> Path:
    try:
        data = lzma.decompress(compressed.read_bytes())
    except (OSError, lzma.LZMAError) as error:
        raise LexsubError(f"{compressed}: a shipped answer file that cannot be read "
                          f"({error}): reinstall lexsub_baselines") from None
    found = hashlib.sha256(data).hexdigest()
    if found != sha256:
        raise LexsubError(f"{compressed}: not the shipped answers the index names (sha256 "
                          f"{found[:12]}…, the index: {sha256[:12]}…): reinstall "
                          "lexsub_baselines")
    target = _scratch() / sha256 / compressed.name.removesuffix(".xz")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target
