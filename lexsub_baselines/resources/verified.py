"""Input files checked against the manifest before they are read: `verified_input`.

Every dataset file a reader opens (`datasets.registry.Dataset.path`: the gold, the instances,
the further-analysis lists, the candidate pools, the TSAR results tables) and every gold file
`lexsub score` is given that lies where the manifest puts an entry is first compared with the
sha256 the manifest records. The digest is memoised by file version across processes
(`core.file_digests`), so an unchanged file is read once, ever. A file that is not the
recorded one — a byte flipped in a download, a half-copied file, another release — is
refused with `InputMismatchError`: one line naming the file, both digests and the remedy
(move it away; `lexsub fetch NAME` gets the recorded one). A file the manifest has no entry
for (the user's own gold, a dataset that is not redistributed) is read as it is; its digest
is in the score's signature all the same.

`verify_inputs` does the same for every input a build or a run may read, before it starts
(`lexsub baselines`, `run`, `build`): each present file, folder (the corpora) and Debian
package entry of the manifest, by the same memo; it returns their digests, which the run's
settings record (`input:<id>`).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.file_digests import known_sha256
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.resources.manifest import (
    MANIFEST_ENV,
    Manifest,
    Resource,
    folder_files,
    load_manifest,
    tree_sha256,
)

__all__ = ["InputMismatchError", "data_entry", "verified_input", "verify_inputs"]


class InputMismatchError(LexsubError):
    """An input file is not the one the manifest records.

    Arguments:
        path: the file.
        resource: its manifest entry.
        found: the file's sha256.
    """

    def __init__(self, path: Path, resource: Resource, found: str) -> None:
        self.path = path
        self.resource = resource
        self.found = found
        if resource.kind == "file":
            problem = (f"sha256 {found} is not the recorded {resource.sha256} ({resource.id}: "
                       f"{resource.what}); the file is damaged or another version: move it "
                       f"away, then {_remedy(resource)}")
        else:
            problem = (f"tree sha256 {found} is not the recorded {resource.tree_sha256} "
                       f"({resource.id}: {resource.what}); a file in it was changed, added or "
                       f"removed: {_remedy(resource)} (the manifest records the digest of the "
                       "whole: compare the files with a copy you trust)")
        super().__init__(f"{path}: {problem}")

    def __reduce__(self) -> tuple[type, tuple[Path, Resource, str]]:
        return type(self), (self.path, self.resource, self.found)


#: The group of the inputs `make baselines` reads.
RUN_GROUP = "baselines"


def _recorded(resource: Resource) -> str:
    return resource.sha256 if resource.kind == "file" else resource.tree_sha256


def _remedy(resource: Resource) -> str:
    if resource.kind == "debian":
        return f"reinstall the Debian package {resource.package} {resource.version}"
    if resource.kind == "folder":
        return "restore its files"
    if resource.fetch:
        return f"run `lexsub fetch {resource.input or resource.id}` to get the recorded one"
    where = resource.upstream_url or "its source"
    return f"get the recorded file again from {where}"


def _shipped() -> Manifest:
    """Return the manifest in use (`LEXSUB_MANIFEST`, else the shipped one), read once."""
    return _loaded(os.environ.get(MANIFEST_ENV, ""))


@lru_cache(maxsize=4)
def _loaded(path: str) -> Manifest:
    return load_manifest(Path(path) if path else None)


@lru_cache(maxsize=4)
def _data_entries(manifest: Manifest) -> dict[str, Resource]:
    return {r.path.removeprefix("data/"): r for r in manifest.resources
            if r.kind == "file" and r.path.startswith("data/") and r.sha256}


def data_entry(relpath: str, manifest: Manifest | None = None) -> Resource | None:
    """Return the manifest's file entry at `relpath` under the data root, or None.

    >>> data_entry("semeval2007/key/gold").id
    'semeval2007-key-gold'
    """
    return _data_entries(manifest or _shipped()).get(relpath)


def verified_input(path: Path, resource: Resource | None, cache: Path | None) -> Path:
    """Return `path` once its sha256 is `resource`'s (no check when `resource` is None).

    Arguments:
        path: the file, which exists.
        resource: its manifest entry, or None when the manifest records none.
        cache: the cache folder that keeps the digests' memo (`Roots.cache`), or None.

    Raises:
        InputMismatchError: the file's sha256 is not the recorded one.
    """
    if resource is not None:
        found = known_sha256(path, cache)
        if found != resource.sha256:
            raise InputMismatchError(path, resource, found)
    return path


def _file_digest(resource: Resource, path: Path, cache: Path | None) -> str:
    """Return the digest a file entry is compared by: the file's, or for an entry `lexsub
    fetch` compresses itself (`xz`), its content's when the file's is not the recorded one
    (other xz settings give other bytes: `verify.accepted`)."""
    digest = known_sha256(path, cache)
    if digest != resource.sha256 and resource.fetch == "xz" and resource.upstream_sha256:
        content = known_sha256(path, cache, xz=True)
        return resource.sha256 if content == resource.upstream_sha256 else digest
    return digest


def verify_inputs(roots: Roots, manifest: Manifest | None = None) -> dict[str, str]:
    """Check every present input of a build or run against the manifest; return id -> digest.

    The inputs are the entries of the `baselines` group and every file of the task data
    (`data/...`: the datasets a run answers, CoInCo and the candidate pools included).

    Files are compared by sha256, folders (the corpora) and Debian packages by the digest of
    their files (`TREE_RULE`), each file's sha256 memoised by version (`core.file_digests`:
    an unchanged input costs a `stat`). Absent inputs are left out: what needs them says so
    when it runs. The KenLM sdist is not an input of a run (its tools' digests are in the
    LM's key).

    A corpus of one's own (a folder with no public download: docs/data.md, "bring your own")
    is not refused: its digest is recorded like any other, so the run's rows say it.

    Raises:
        InputMismatchError: the first input that is not the recorded one.
    """
    from lexsub_baselines.resources.verify import locate  # here: the scorers do not need it

    found: dict[str, str] = {}
    for resource in (manifest or _shipped()).resources:
        if resource.kind == "pypi" or not (RUN_GROUP in resource.groups
                                           or resource.path.startswith("data/")):
            continue
        where = locate(resource, roots)
        if resource.kind == "file":
            if not where.is_file():
                continue
            digest = _file_digest(resource, where, roots.cache)
        else:
            files = (folder_files(where) if resource.kind == "folder" and where.is_dir() else
                     [(m, Path(m)) for m in resource.members if Path(m).is_file()]
                     if resource.kind == "debian" else [])
            if not files or (resource.kind == "debian" and len(files) < len(resource.members)):
                continue
            digest = tree_sha256(files, lambda path: known_sha256(path, roots.cache))[0]
        if digest != _recorded(resource) and not _own_allowed(resource):
            raise InputMismatchError(where, resource, digest)
        found[resource.id] = digest
    return found


def _own_allowed(resource: Resource) -> bool:
    """Return whether the entry may be replaced by one's own: a folder with no public
    download (the corpora: docs/data.md, "bring your own ..., with other figures")."""
    return resource.kind == "folder" and not resource.fetch
