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
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.file_digests import known_sha256
from lexsub_baselines.resources.manifest import Manifest, Resource, load_manifest

__all__ = ["InputMismatchError", "data_entry", "verified_input"]


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
        super().__init__(
            f"{path}: sha256 {found} is not the recorded {resource.sha256} "
            f"({resource.id}: {resource.what}); the file is damaged or another version: "
            f"move it away, then {_remedy(resource)}")

    def __reduce__(self) -> tuple[type, tuple[Path, Resource, str]]:
        return type(self), (self.path, self.resource, self.found)


def _remedy(resource: Resource) -> str:
    if resource.fetch:
        return f"run `lexsub fetch {resource.input or resource.id}` to get the recorded one"
    where = resource.upstream_url or "its source"
    return f"get the recorded file again from {where}"


@lru_cache(maxsize=1)
def _shipped() -> Manifest:
    return load_manifest()


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
