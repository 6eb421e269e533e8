"""Checks the manifest's entries against the current roots: `verify()` -> `ResourceStatus`.

A status is `ok`, `found` (present; checksums not asked for), `missing`, `mismatch`,
`version-differs` (a Debian package of another version than the manifest's) or `unused`
(nothing reads it here: the WordNet route the readers do not take — Debian's packages when
they read the fetched copy, and the reverse — and, for an installed package, KenLM's sdist,
which a checkout builds); `lexsub resources --verify` prints them. The entries themselves are
`resources.manifest`'s.

A file is the recorded one when its sha256 is the manifest's, or, for an entry that `lexsub
fetch` compresses itself (recipe `xz`), when its uncompressed content has the upstream digest:
other xz settings give other bytes for the same content (`accepted`).
"""

from __future__ import annotations

import hashlib
import lzma
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import DATA_ENV, SHARED_ENV, Roots, in_checkout
from lexsub_baselines.resources.manifest import (
    BUILD_ROOT,
    Manifest,
    Resource,
    folder_files,
    load_manifest,
    tree_sha256,
)
from lexsub_baselines.resources.mythes import DEBIAN_MYTHES_DIR
from lexsub_baselines.resources.wordnet_files import DEBIAN_WORDNET_DIR, find_wordnet

__all__ = ["STATUSES", "ResourceStatus", "accepted", "locate", "verify", "xz_content",
           "xz_content_sha256"]

STATUSES: tuple[str, ...] = ("ok", "found", "missing", "mismatch", "version-differs", "unused")


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


def xz_content(path: Path) -> tuple[str, int]:
    """Return (sha256, size) of the uncompressed content of an xz file (("", 0): not one)."""
    digest = hashlib.sha256()
    size = 0
    try:
        with lzma.open(path) as handle:
            while block := handle.read(1 << 20):
                digest.update(block)
                size += len(block)
    except (lzma.LZMAError, EOFError):
        return "", 0
    return digest.hexdigest(), size


def xz_content_sha256(path: Path) -> str:
    """Return the sha256 of the uncompressed content of an xz file ("" when it is not one)."""
    return xz_content(path)[0]


def accepted(resource: Resource, path: Path, digest: str | None = None) -> bool:
    """True when the file at `path` (of sha256 `digest`, computed when None) is `resource`'s."""
    if (digest or file_sha256(path)) == resource.sha256:
        return True
    return (resource.fetch == "xz" and bool(resource.upstream_sha256)
            and xz_content_sha256(path) == resource.upstream_sha256)


@dataclass(frozen=True)
class ResourceStatus:
    """The state of one manifest entry under the current roots.

    Attributes:
        resource: the entry.
        status: `ok`, `found` (present, not checksummed), `missing`, `mismatch`,
            `version-differs` or `unused` (nothing reads it here).
        location: where it was looked for.
        detail: what differs, or the remedy for a missing entry ("" when ok).
        found_version: the installed version (debian, pypi), "" otherwise.
    """

    resource: Resource
    status: str
    location: Path
    detail: str = ""
    found_version: str = ""

    @property
    def failed(self) -> bool:
        """True when the entry is present but is not the recorded input."""
        return self.status in ("mismatch", "version-differs")

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
        manifest = load_manifest()
        installed = all(Path(m).is_file() for r in manifest.resources
                        if r.input == "mythes" and r.kind == "debian" for m in r.members)
        if (resource.kind == "debian") != installed:
            return "the thesauri are read from " + (str(DEBIAN_MYTHES_DIR) if installed
                                                    else "the data root")
        return ""
    if resource.input != "wordnet":
        return ""
    try:
        folder = find_wordnet(data_root=roots.data)[0]
    except MissingResourceError:
        return ""
    debian = folder == DEBIAN_WORDNET_DIR
    if (resource.kind == "debian") != debian:
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


def _check(resource: Resource, location: Path, checksums: bool,
           hasher: Callable[[Path], str]) -> ResourceStatus:
    found_version = ""
    if resource.kind == "debian":
        installed = _dpkg_version(resource.package)
        found_version = installed or ""
        if installed is not None and installed != resource.version and _present(resource,
                                                                                location):
            return ResourceStatus(resource, "version-differs", location,
                                  f"{resource.package} {installed or '(not installed)'} is "
                                  f"installed; the manifest records {resource.version}",
                                  found_version)
    if not _present(resource, location):
        return ResourceStatus(resource, "missing", location, _remedy(resource, location),
                              found_version)
    if not checksums:
        return ResourceStatus(resource, "found", location, "", found_version)
    if resource.kind in ("file", "pypi"):
        digest = hasher(location)
        if not accepted(resource, location, digest):
            return ResourceStatus(resource, "mismatch", location,
                                  f"sha256 {digest}, expected {resource.sha256}", found_version)
        return ResourceStatus(resource, "ok", location, "", found_version)
    files = (folder_files(location) if resource.kind == "folder"
             else [(m, Path(m)) for m in resource.members])
    digest, count, size = tree_sha256(files, hasher)
    if digest != resource.tree_sha256:
        return ResourceStatus(resource, "mismatch", location,
                              f"{count} files, {size} bytes, tree sha256 {digest}; expected "
                              f"{resource.file_count} files, {resource.bytes} bytes, "
                              f"{resource.tree_sha256}", found_version)
    return ResourceStatus(resource, "ok", location, "", found_version)


def verify(roots: Roots, ids: Sequence[str] | None = None, *, checksums: bool = True,
           manifest: Manifest | None = None, build_root: Path = BUILD_ROOT,
           progress: bool = False) -> list[ResourceStatus]:
    """Check manifest entries against the current roots.

    Arguments:
        roots: where the shared inputs are.
        ids: the entries to check (default: all, in manifest order).
        checksums: compute and compare checksums (False: presence and versions only).
        manifest: the manifest (default: the shipped one).
        build_root: where build scripts keep PyPI downloads.
        progress: show a tqdm bar (bytes hashed) on stderr.

    Returns:
        One `ResourceStatus` per entry, in the order asked for.

    Raises:
        UnknownNameError: an id is not in the manifest.
    """
    from tqdm import tqdm  # not on the path of the readers, which import `locate`

    manifest = manifest or load_manifest()
    selected = [manifest.get(i) for i in ids] if ids is not None else list(manifest.resources)
    located = [(r, locate(r, roots, build_root)) for r in selected]
    total = sum(r.bytes for r, where in located if checksums and _present(r, where))
    with tqdm(total=total, unit="B", unit_scale=True, desc="verifying resources",
              disable=not (progress and checksums), leave=False) as bar:

        def hasher(path: Path) -> str:
            digest = file_sha256(path)
            bar.update(path.stat().st_size)
            return digest

        return [ResourceStatus(r, "unused", where, why)
                if (why := _unused(r, roots)) and not _present(r, where)
                else _check(r, where, checksums, hasher) for r, where in located]
