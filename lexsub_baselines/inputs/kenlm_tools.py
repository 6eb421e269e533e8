"""Find (and if needed build) KenLM's `lmplz` and `build_binary` executables.

The tools are compiled from the C++ source in the PyPI `kenlm` source distribution by
`scripts/build_kenlm.sh` (run by `make setup` and `make kenlm`) into
`resources/build/kenlm/bin`. They are looked for, in order, in the folder named by the
environment variable `LEXSUB_KENLM_BIN`, in that build folder of the checkout, and on `PATH`.
The bytes of the two found are the LM's identity (`tools_identity`): in its cache key, its
meta, the settings of every row that reads it and the worker check (two tool folders, two
keys).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.digests import sha256
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import PROJECT_DIR

__all__ = ["KENLM_BIN_ENV", "KenLMTools", "build_tools", "locate_tools", "tools_identity"]

KENLM_BIN_ENV = "LEXSUB_KENLM_BIN"
BUILD_SCRIPT = PROJECT_DIR / "scripts" / "build_kenlm.sh"
DEFAULT_BIN = PROJECT_DIR / "resources" / "build" / "kenlm" / "bin"
_REMEDY = (f"run `make kenlm` (scripts/build_kenlm.sh) in the checkout, or point {KENLM_BIN_ENV} "
           "at a folder holding KenLM's lmplz and build_binary")


@dataclass(frozen=True)
class KenLMTools:
    """The two KenLM executables the LM build runs.

    Attributes:
        lmplz: estimates a modified Kneser-Ney ARPA model from text on stdin.
        build_binary: converts an ARPA file to KenLM's binary (trie or probing) format.
    """

    lmplz: Path
    build_binary: Path

    def identity(self) -> str:
        """Return the tools' identity: the first 12 hex of each one's sha256."""
        return (f"lmplz {sha256(self.lmplz)[:12]}, build_binary "
                f"{sha256(self.build_binary)[:12]}")


def _folders() -> list[Path]:
    folders: list[Path] = []
    if os.environ.get(KENLM_BIN_ENV):
        folders.append(Path(os.environ[KENLM_BIN_ENV]).expanduser())
    folders.append(DEFAULT_BIN)
    return folders


def _usable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def locate_tools() -> KenLMTools:
    """Return the lmplz and build_binary to use.

    Raises:
        MissingResourceError: neither folder nor PATH holds both tools; the message says how
            to build them.
    """
    for folder in _folders():
        lmplz, build_binary = folder / "lmplz", folder / "build_binary"
        if _usable(lmplz) and _usable(build_binary):
            return KenLMTools(lmplz=lmplz, build_binary=build_binary)
    on_path = shutil.which("lmplz"), shutil.which("build_binary")
    if on_path[0] and on_path[1]:
        return KenLMTools(lmplz=Path(on_path[0]), build_binary=Path(on_path[1]))
    raise MissingResourceError("KenLM lmplz and build_binary", _folders()[0], _REMEDY)


def tools_identity() -> str:
    """Return the identity of the tools `locate_tools` finds (`lmplz 1a2b…, build_binary
    3c4d…`), or `absent`."""
    try:
        return locate_tools().identity()
    except (MissingResourceError, OSError):
        return "absent"


def build_tools() -> KenLMTools:
    """Return the tools, compiling them with scripts/build_kenlm.sh first when absent.

    Raises:
        MissingResourceError: the tools are absent and this is not a checkout with the script.
        LexsubError: the build script failed (its message and log path are in the error).
    """
    try:
        return locate_tools()
    except MissingResourceError:
        if not BUILD_SCRIPT.is_file():
            raise
    result = subprocess.run(["bash", str(BUILD_SCRIPT)], cwd=PROJECT_DIR, check=False,
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise LexsubError(f"building KenLM failed ({BUILD_SCRIPT}): {' | '.join(tail)}")
    return locate_tools()
