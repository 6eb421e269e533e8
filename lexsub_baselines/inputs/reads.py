"""Reading an input by its path, and the check before a build: the layer's entry points for
code that holds a path rather than an id.

A path is the manifest entry it lies where: a file whose path ends with an entry's path
(`.../resources/roget/pg10681.txt`, `.../semeval2007/key/gold` under any data root), a file
under a folder entry (`.../corpora/enwiki-2015/AA/wiki_00.xz`), or a Debian package's member
(`/usr/share/wordnet/data.noun`). That entry is checked (`Inputs.check`: refused when it is
not the recorded bytes; declared when read in a keyed computation), so a copy laid out as a
recorded input is that input wherever it lies. Any other path is a file of one's own
(`Inputs.own`): read as it is, its digest recorded.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.inputs.layer import Input, InputMismatchError, Inputs, inputs
from lexsub_baselines.inputs.manifest import Manifest, Resource

__all__ = ["RUN_GROUP", "check_path", "check_run_inputs", "open_path", "read_path"]

#: The group of the inputs `make baselines` reads.
RUN_GROUP = "baselines"


def _where(resource: Resource, path: Path, cache: Path) -> tuple[Roots, str | None] | None:
    """Return the roots under which `resource` lies at `path` and the name of `path` in it
    (None: the entry's file itself), or None when `path` is not (in) that entry."""
    text = path.absolute().as_posix()
    if resource.kind == "debian":
        return (resolve_roots(cache=cache), text) if text in resource.members else None
    if resource.kind == "folder":
        marker = f"/{resource.path}/"
        if marker not in text:
            return None
        shared = Path(text[: text.index(marker)])
        return Roots(shared, shared / "data", cache), text[text.index(marker) + len(marker):]
    relative = resource.path.removeprefix("data/")
    if resource.kind != "file" or not text.endswith(f"/{relative}"):
        return None
    base = Path(text[: -len(relative) - 1])
    if resource.path.startswith("data/"):
        return Roots(base.parent, base, cache), None
    return Roots(base, base / "data", cache), None


def check_path(path: Path, roots: Roots | None = None) -> tuple[Input, str | None]:
    """Return the checked input `path` is (or lies in) and its name in it, or, when it is no
    recorded input, the file as one's own (name None).

    Raises:
        InputMismatchError: it lies as a recorded input does and is not its bytes.
        UndeclaredInputError: a keyed computation that did not declare it reads it.
    """
    roots = roots or resolve_roots()
    layer = inputs(roots)
    for resource in layer.manifest.resources:
        if (found := _where(resource, path, roots.cache)) is not None:
            there, name = found
            return Inputs(there, layer.manifest).check(resource.id), name
    return layer.own(path), None


@contextlib.contextmanager
def open_path(path: Path, roots: Roots | None = None, **options: Any) -> Iterator[IO[Any]]:
    """Open the input at `path` (`check_path`) for reading; `options` as `Inputs.open`."""
    roots = roots or resolve_roots()
    source, name = check_path(path, roots)
    with inputs(roots).open(source, name, **options) as handle:
        yield handle


def read_path(path: Path, roots: Roots | None = None) -> bytes:
    """Return the checked bytes of the input at `path` (`check_path`): a recorded input's, or
    a file of one's own (a system's answers, a gold given by path)."""
    with open_path(path, roots) as handle:
        data: bytes = handle.read()
    return data


def check_run_inputs(roots: Roots, manifest: Manifest | None = None) -> dict[str, str]:
    """Check every present input a build or run may read (the `baselines` group and every
    file of the task data); return id -> digest (recorded as `input:<id>` in the run's
    settings). Absent inputs are left out: what needs them says so when it runs. The verdict
    is the one `lexsub resources --verify` prints (`inputs.verify.status`).

    Raises:
        InputMismatchError: the first input that is not the recorded one.
    """
    layer = Inputs(roots, manifest) if manifest is not None else inputs(roots)
    found: dict[str, str] = {}
    for resource in layer.manifest.resources:
        if resource.kind == "pypi" or not (RUN_GROUP in resource.groups
                                           or resource.path.startswith("data/")):
            continue
        seen = layer.status(resource.id)
        if seen.status in ("missing", "unused"):
            continue
        if not seen.usable:
            raise InputMismatchError(seen.location, resource, seen.digest,
                                     seen.detail if resource.kind != "file" else "")
        found[resource.id] = seen.digest
    return found
