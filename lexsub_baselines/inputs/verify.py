"""The one verifier of inputs: `status(resource, roots)` -> `ResourceStatus`.

`lexsub resources --verify` prints the status of every manifest entry; the check before a
build or a run (`inputs.reads.check_run_inputs`) and every read of an input
(`inputs.layer.Inputs.check`) take the same verdicts from the same function, so the two
can never disagree at an edge. A status is `ok`, `own` (a corpus of one's own: a folder with
no public download whose files are not the recorded ones; its digest is recorded, not
refused), `found` (present; checksums not asked for), `missing`, `mismatch`,
`version-differs` (a Debian package of another version than the manifest's whose files are
not the recorded ones) or `unused` (nothing reads it here: the WordNet route the readers do
not take, and, for an installed package, KenLM's sdist, which a checkout builds).

A file is the recorded one when its sha256 is the manifest's, or, for an entry that `lexsub
fetch` compresses itself (recipe `xz`), when its uncompressed content has the upstream digest:
other xz settings give other bytes for the same content (`accepted`). A folder's or a
package's digest is `core.digests.tree` over its files' sha256. Every sha256 is taken once per
file version (`core.digests.sha256`, memoised across processes in the cache).
"""

from __future__ import annotations

import lzma
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core import digests
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import DATA_ENV, SHARED_ENV, Roots, in_checkout
from lexsub_baselines.inputs.manifest import BUILD_ROOT, Manifest, Resource, load_manifest
from lexsub_baselines.inputs.wordnet_files import DEBIAN_WORDNET_DIR, find_wordnet

__all__ = ["STATUSES", "ResourceStatus", "accepted", "locate", "status", "verify"]

STATUSES: tuple[str, ...] = ("ok", "own", "found", "missing", "mismatch", "version-differs",
                             "unused")


def locate(resource: Resource, roots: Roots, build_root: Path = BUILD_ROOT) -> Path:
    """Return where `resource` is expected under the current roots (it may not exist)."""
    if resource.kind == "debian":
        return Path(resource.path)
    if resource.kind == "pypi":
        name = f"{resource.package}-{resource.version}.tar.gz"
        return build_root / resource.package / "dist" / name
    if resource.path.startswith("data/"):
        return roots.data / resource.path.removeprefix("data/")
    return roots.shared / resource.path


def accepted(resource: Resource, path: Path, digest: str | None = None,
             cache: Path | None = None) -> bool:
    """True when the file at `path` (of sha256 `digest`, computed when None) is `resource`'s."""
    if (digest or digests.sha256(path, cache)) == resource.sha256:
        return True
    if resource.fetch != "xz" or not resource.upstream_sha256:
        return False
    try:
        return digests.sha256(path, cache, xz=True) == resource.upstream_sha256
    except (OSError, EOFError, ValueError, lzma.LZMAError):  # not an xz file
        return False


@dataclass(frozen=True)
class ResourceStatus:
    """The state of one manifest entry under the current roots.

    Attributes:
        resource: the entry.
        status: one of `STATUSES`.
        location: where it was looked for.
        detail: what differs, or the remedy for a missing entry ("" when ok).
        found_version: the installed version (debian, pypi), "" otherwise.
        digest: the digest it was compared by (the recorded one when `ok`; the files' own
            when `own` or `mismatch`; "" when not computed).
        files: (name, sha256) of each file read (a folder's or package's; a file's own).
    """

    resource: Resource
    status: str
    location: Path
    detail: str = ""
    found_version: str = ""
    digest: str = ""
    files: tuple[tuple[str, str], ...] = ()

    @property
    def failed(self) -> bool:
        """True when the entry is present but is not the recorded input."""
        return self.status in ("mismatch", "version-differs")

    @property
    def usable(self) -> bool:
        """True when the entry may be read: the recorded input, or a corpus of one's own."""
        return self.status in ("ok", "own")

    def to_json(self) -> dict[str, Any]:
        """Return the status as a JSON object (id, kind, location, status, detail, versions)."""
        return {"id": self.resource.id, "kind": self.resource.kind,
                "location": str(self.location), "status": self.status, "detail": self.detail,
                "version": self.resource.version, "found_version": self.found_version,
                "upstream_url": self.resource.upstream_url}


def _unused(resource: Resource, roots: Roots) -> str:
    """Return why nothing reads `resource` here ("" when something may): WordNet's route the
    readers do not take, KenLM's sdist for an installed package."""
    if resource.kind == "pypi" and not in_checkout():
        return ("an installed package builds no LM; a checkout builds KenLM's tools from "
                "this sdist (`make kenlm`), or LEXSUB_KENLM_BIN names a folder holding "
                "lmplz and build_binary (lm.kenlm_tools)")
    if resource.input == "mythes":  # Debian's thesauri when installed, else the fetched ones
        debian = [r for r in load_manifest().resources
                  if r.input == "mythes" and r.kind == "debian"]
        installed = all(Path(m).is_file() for r in debian for m in r.members)
        if (resource.kind == "debian") != installed:
            return "the thesauri are read from " + (debian[0].path if installed
                                                    else "the data root")
        return ""
    if resource.input != "wordnet":
        return ""
    try:
        folder = find_wordnet(data_root=roots.data)[0]
    except MissingResourceError:
        return ""
    if (resource.kind == "debian") != (folder == DEBIAN_WORDNET_DIR):
        return f"WordNet is read from {folder}"
    return ""


def _remedy(resource: Resource, location: Path) -> str:
    if resource.kind == "debian":
        return (f"install the Debian package {resource.package} (as root: `apt-get install "
                f"{resource.package}`" + ("; in a checkout, `make setup` does)" if in_checkout()
                                          else "; or `lexsub fetch wordnet`)"
                                          if resource.input == "wordnet" else ")"))
    if resource.kind == "pypi":
        return (f"run `make kenlm` (it fetches {resource.package}=={resource.version} from "
                f"PyPI: {resource.upstream_url})")
    root = (f"data root: {DATA_ENV} or --data-root" if resource.path.startswith("data/")
            else f"shared root: {SHARED_ENV} or --shared-root")
    if resource.fetch:
        return (f"`lexsub fetch {resource.input or resource.id}` downloads it from "
                f"{resource.upstream_url} and places it at {location} ({root})")
    source = (f"get it from {resource.upstream_url}" if resource.upstream_url
              else "no public download is recorded; copy it from a machine that has it")
    if resource.upstream_sha256:
        source += f" (sha256 {resource.upstream_sha256})"
    return f"{source} and place it at {location} ({root})"


def _dpkg_version(package: str) -> str | None:
    """Return the installed version of a Debian package, "" if not installed, None without dpkg."""
    if shutil.which("dpkg-query") is None:
        return None
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}\t${Version}", package],
                            capture_output=True, text=True, check=False)
    status, _, version = result.stdout.partition("\t")
    return version if result.returncode == 0 and status.endswith(" installed") else ""


def _present(resource: Resource, location: Path) -> bool:
    if resource.kind == "folder":
        return location.is_dir()
    if resource.kind == "debian":
        return all(Path(member).is_file() for member in resource.members)
    return location.is_file()


def own_allowed(resource: Resource) -> bool:
    """Return whether the entry may be replaced by one's own: a folder with no public
    download (the corpora: docs/fetch.md, "bring your own ..., with other figures")."""
    return resource.kind == "folder" and not resource.fetch


def _files(resource: Resource, location: Path) -> list[tuple[str, Path]]:
    if resource.kind == "folder":
        return digests.folder_files(location)
    if resource.kind == "debian":
        return [(member, Path(member)) for member in resource.members]
    return [(location.name, location)]


def status(resource: Resource, roots: Roots, *, checksums: bool = True,
           build_root: Path = BUILD_ROOT, hasher: Callable[[Path], str] | None = None,
           versions: bool = True) -> ResourceStatus:
    """Return the status of one manifest entry under `roots`: the one verdict.

    Arguments:
        resource: the entry.
        roots: where the inputs are (the cache keeps the digests' memo).
        checksums: compute and compare digests (False: presence and versions only).
        build_root: where build scripts keep PyPI downloads.
        hasher: the sha256 of a file (default: `core.digests.sha256` with the cache's memo).
        versions: ask dpkg for a Debian package's version (a subprocess; the content decides).
    """
    location = locate(resource, roots, build_root)
    if (why := _unused(resource, roots)) and not _present(resource, location):
        return ResourceStatus(resource, "unused", location, why)
    found_version = ""
    if resource.kind == "debian" and versions:
        found_version = _dpkg_version(resource.package) or ""
    if not _present(resource, location):
        return ResourceStatus(resource, "missing", location, _remedy(resource, location),
                              found_version)
    if not checksums:
        return ResourceStatus(resource, "found", location, "", found_version)
    hash_file = hasher or (lambda path: digests.sha256(path, roots.cache))
    files = tuple((name, hash_file(path)) for name, path in _files(resource, location))
    if resource.kind in ("file", "pypi"):
        if accepted(resource, location, files[0][1], roots.cache):
            return ResourceStatus(resource, "ok", location, "", found_version,
                                  resource.sha256, files)
        return ResourceStatus(resource, "mismatch", location,
                              f"sha256 {files[0][1]}, expected {resource.sha256}",
                              found_version, files[0][1], files)
    digest = digests.tree(files)
    if digest == resource.tree_sha256:
        return ResourceStatus(resource, "ok", location, "", found_version, digest, files)
    size = sum(path.stat().st_size for _, path in _files(resource, location))
    detail = (f"{len(files)} files, {size} bytes, tree sha256 {digest}; expected "
              f"{resource.file_count} files, {resource.bytes} bytes, {resource.tree_sha256}")
    if own_allowed(resource):
        return ResourceStatus(resource, "own", location, f"one's own: {detail}", "", digest,
                              files)
    if resource.kind == "debian" and found_version and found_version != resource.version:
        return ResourceStatus(resource, "version-differs", location,
                              f"{resource.package} {found_version} is installed; the manifest "
                              f"records {resource.version}", found_version, digest, files)
    return ResourceStatus(resource, "mismatch", location, detail, found_version, digest, files)


def verify(roots: Roots, ids: Sequence[str] | None = None, *, checksums: bool = True,
           manifest: Manifest | None = None, build_root: Path = BUILD_ROOT,
           progress: bool = False) -> list[ResourceStatus]:
    """Return the `status` of manifest entries (default: all, in manifest order).

    Arguments:
        roots: where the shared inputs are.
        ids: the entries to check.
        checksums: compute and compare checksums (False: presence and versions only).
        manifest: the manifest (default: the one in use).
        build_root: where build scripts keep PyPI downloads.
        progress: show a tqdm bar (bytes hashed) on stderr.

    Raises:
        UnknownNameError: an id is not in the manifest.
    """
    from tqdm import tqdm  # not on the path of the readers

    manifest = manifest or load_manifest()
    selected = [manifest.get(i) for i in ids] if ids is not None else list(manifest.resources)
    total = sum(r.bytes for r in selected) if checksums else 0
    with tqdm(total=total, unit="B", unit_scale=True, desc="verifying resources",
              disable=not (progress and checksums), leave=False) as bar:

        def hasher(path: Path) -> str:
            digest = digests.sha256(path, roots.cache)
            bar.update(path.stat().st_size)
            return digest

        return [status(r, roots, checksums=checksums, build_root=build_root, hasher=hasher)
                for r in selected]
