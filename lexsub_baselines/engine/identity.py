"""The content identity of a folder tree, at any depth: what the worker check compares.

`tree_identity` lists every regular file under a folder (symbolic links followed, as the
build follows them) by its relative path and the sha256 of its bytes (`core.digests.sha256`:
hashed once per process and file version, so a long-lived worker re-reads only what
changed). What cannot be read is part of the identity rather than an error: a dangling link
(`dangling link to TARGET`), a file or folder this user cannot read (`unreadable (...)`), a
link that leads back into its own ancestors (`link cycle`). Two machines see the same tree
when their listings are equal; `first_difference` names the first path where they are not.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

__all__ = ["first_difference", "tree_identity"]

_HEX = re.compile(r"[0-9a-f]{64}")


def tree_identity(root: Path, skip: Callable[[str], bool] = lambda relative: False
                  ) -> dict[str, str]:
    """Return relative path -> sha256 (or what stands in for it) of every file under `root`.

    Arguments:
        root: the folder (a missing one gives {".": "missing"}).
        skip: a relative path (POSIX, no leading slash) for which this returns True is left
            out, with everything below it.
    """
    listing: dict[str, str] = {}
    try:
        top = os.stat(root)
    except OSError as error:
        return {".": f"missing ({error.strerror})"}
    if not stat.S_ISDIR(top.st_mode):
        return {".": "not a folder"}
    _visit(root, "", {(top.st_dev, top.st_ino)}, skip, listing)
    return dict(sorted(listing.items()))


def _visit(folder: Path, relative: str, ancestors: set[tuple[int, int]],
           skip: Callable[[str], bool], listing: dict[str, str]) -> None:
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
    except OSError as error:
        listing[f"{relative or '.'}/"] = f"unreadable folder ({error.strerror})"
        return
    for entry in entries:
        name = f"{relative}/{entry.name}" if relative else entry.name
        if skip(name):
            continue
        try:
            status = os.stat(entry.path)  # through links, as the build reads
        except FileNotFoundError:
            listing[name] = _dangling(entry.path)
            continue
        except OSError as error:
            listing[name] = f"unreadable ({error.strerror})"
            continue
        if stat.S_ISDIR(status.st_mode):
            identity = (status.st_dev, status.st_ino)
            if identity in ancestors:
                listing[f"{name}/"] = "link cycle"
            else:
                _visit(Path(entry.path), name, ancestors | {identity}, skip, listing)
        elif stat.S_ISREG(status.st_mode):
            try:
                listing[name] = _sha256(Path(entry.path))
            except OSError as error:
                listing[name] = f"unreadable ({error.strerror})"
        else:
            listing[name] = "not a regular file"


def _sha256(path: Path) -> str:
    # looked up when called: this module's code is sent by value to workers that may run
    # another version of the package (`engine.late_workers`), whose own memo it then uses
    from lexsub_baselines.core import digests

    return digests.sha256(path)


def _dangling(path: str) -> str:
    try:
        return f"dangling link to {os.readlink(path)}"
    except OSError:
        return "vanished while listed"


def first_difference(ours: Mapping[str, str], theirs: Mapping[str, str]) -> str | None:
    """Return where `theirs` (a worker's listing) first differs from `ours` (the client's), in
    a few words, with how many more paths differ; None when they are equal."""
    differing = sorted(path for path in {*ours, *theirs} if ours.get(path) != theirs.get(path))
    if not differing:
        return None
    path = differing[0]
    more = f"; {len(differing) - 1} more differ" if len(differing) > 1 else ""
    return f"{path}: {_say(theirs.get(path))} there, {_say(ours.get(path))} here{more}"


def _say(value: str | None) -> str:
    if value is None:
        return "absent"
    return f"sha256 {value[:12]}" if _HEX.fullmatch(value) else value
