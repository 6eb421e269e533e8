"""Reading the scorer's input files, with messages that say what a path is when it is no file.

score.pl opens whatever it is given; a directory reads as nothing, and so does `/dev/null`.
Here a directory is an error naming the files in it that could be meant, a path that does
not exist is a `MissingResourceError`, and a device or pipe (`/dev/null`, `<(…)`) is read as
a stream, its kind named when it gives no lines; `-` is standard input.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.inputs.reads import read_path

__all__ = ["path_kind", "read_input"]

_KINDS = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISDIR, "a directory"), (stat.S_ISREG, "a file"))


def path_kind(path: Path) -> str:
    """Return what `path` is: `a file`, `a directory`, `a character device`, … or `missing`.

    >>> path_kind(Path("/dev/null")), path_kind(Path("/")), path_kind(Path("/no/such"))
    ('a character device', 'a directory', 'missing')
    """
    try:
        mode = path.stat().st_mode
    except OSError:
        return "missing"
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_input(path: Path, what: str, remedy: str = "check the path") -> bytes:
    """Return the bytes of an input file (or of a device or pipe, read as a stream).

    Arguments:
        path: the file.
        what: what the file should be (`best answer file`, `gold file`), for messages.
        remedy: how to get the file, for the error when it does not exist.

    `-` is standard input (as Perl's `open(SYS, "-")` in score.pl reads it).

    Raises:
        MissingResourceError: nothing exists at `path`.
        LexsubError: `path` is a directory (the message names files inside it that could be
            meant) or cannot be read.
    """
    if str(path) == "-":
        return sys.stdin.buffer.read()
    kind = path_kind(path)
    if kind == "missing":
        raise MissingResourceError(what, path, remedy)
    if kind == "a directory":
        word = what.split()[0]  # best, oot, mw, gold
        inside = sorted(p.name for p in path.iterdir() if word in p.name and p.is_file())[:3]
        hint = f" (it holds {', '.join(inside)})" if inside else ""
        raise LexsubError(f"{path} is a directory, not a {what}: pass the file itself{hint}")
    try:
        if kind != "a file":  # a device or a pipe: a stream, read once
            with open(path, "rb") as stream:
                return stream.read()
        return read_path(path)  # the input layer: a file where the manifest puts one is it
    except OSError as error:
        raise LexsubError(f"cannot read the {what} {path} ({kind}): "
                          f"{error.strerror or error}") from None
