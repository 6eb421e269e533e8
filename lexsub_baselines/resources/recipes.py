"""The downloads of one `lexsub fetch` run and the recipes that make each file from one.

`Downloads` fetches each upstream URL once per run into `<cache>/downloads/` (through the
mirror, capped at the entry's `Resource.download_limit`, redirected only to its URL's host,
its `redirect_hosts` or the mirror's: see `download`), and deletes them, with their
validators and staging folders, once the input's files are in place or it failed. `make`
writes one file by its recipe (`FETCH_RECIPES`) from its download and checks it against the
recorded digest.
"""

from __future__ import annotations

import hashlib
import lzma
import shutil
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import Resource
from lexsub_baselines.inputs.verify import accepted
from lexsub_baselines.resources.download import (
    FetchError,
    Interrupted,
    download,
    mirrored,
    validator_path,
)
from lexsub_baselines.resources.fetch_report import Partial
from lexsub_baselines.resources.unpack import Member

__all__ = ["Downloads", "make"]


class Downloads:
    """The downloads of one run, each once, deleted when the run has laid out their files."""

    def __init__(self, roots: Roots, mirror: str | None, progress: bool) -> None:
        self.folder = roots.cache / "downloads"
        self.mirror = mirror
        self.progress = progress
        self.done: dict[str, Path] = {}
        self.bytes = 0  # taken over the network in this run
        self.resumed = 0  # of partials kept by an earlier run, continued in this one
        self.trusted: dict[str, bool] = {}  # url -> a recorded digest vouches for its bytes

    def part(self, url: str) -> Path:
        key = hashlib.sha256(url.encode()).hexdigest()[:12]
        return self.folder / f"{url.rsplit('/', 1)[-1]}.{key}.part"

    def get(self, resource: Resource) -> Path:
        url = resource.upstream_url
        if url not in self.done:
            part = self.part(url)
            limit = resource.download_limit()
            self.trusted[url] = bool(resource.upstream_sha256) and not resource.upstream_unverified
            if not limit:
                raise FetchError(f"{resource.id}: the manifest records no upstream_bytes (the "
                                 f"most a fetch may read from {url}); nothing was downloaded: "
                                 "regenerate the manifest with scripts/make_manifest.py")
            try:
                done = download(mirrored(url, self.mirror), part, max_bytes=limit,
                                # an unverified record is not the truth: each member's digest is
                                expected_sha256="" if resource.upstream_unverified
                                else resource.upstream_sha256,
                                head=resource.fetch == "head",
                                hosts=(*resource.redirect_hosts, urlsplit(url).hostname or ""),
                                label=url.rsplit("/", 1)[-1], progress=self.progress)
            except Interrupted as error:
                self.bytes += error.transferred
                raise
            self.bytes += done.transferred
            self.resumed += done.resumed_from
            self.done[url] = part
        return self.done[url]

    def interrupted(self, urls: set[str]) -> list[Partial]:
        """Keep the partial downloads of `urls` whose bytes can be checked (a recorded digest,
        or the host's validator), delete the others and the staging folders; return them."""
        partials = []
        for url in sorted(urls):
            shutil.rmtree(self.staging(url), ignore_errors=True)
            part = self.part(url)
            if url not in self.trusted or not part.exists():
                continue  # not started in this run
            size = part.stat().st_size
            kept = bool(self.trusted.get(url)) or validator_path(part).exists()
            if not kept:
                part.unlink(missing_ok=True)
            partials.append(Partial(mirrored(url, self.mirror), part, size, kept))
        return partials

    def staging(self, url: str) -> Path:
        """Return the folder the members of the archive at `url` are copied to."""
        return self.part(url).with_suffix(".staging")

    def clean(self, urls: set[str], keep_partials: bool = False) -> bool:
        """Delete the downloads of `urls` (unless `keep_partials`) and their staging; return
        whether a download was deleted."""
        deleted = False
        for url in urls:
            shutil.rmtree(self.staging(url), ignore_errors=True)
            self.done.pop(url, None)
            if not keep_partials:
                deleted |= self.part(url).exists()
                self.part(url).unlink(missing_ok=True)
                validator_path(self.part(url)).unlink(missing_ok=True)
        return deleted


def _head(source: Path, size: int, target: Path) -> None:
    with open(source, "rb") as read, open(target, "wb") as write:
        write.write(read.read(size))


def make(resource: Resource, source: Callable[[], Path], target: Path,
         members: Callable[[Resource], list[Member]]) -> None:
    """Write the file of `resource` to `target` (a temp) from its checked download `source()`.

    Raises:
        FetchError: the recipe gives another file than the recorded one (nothing is written).
    """
    how, _, argument = resource.fetch.partition(":")
    if how == "archive":
        found = members(resource)
        right = [m for m in found if m.sha256 == resource.sha256]
        if not right:
            seen = "; ".join(f"{m.name} has sha256 {m.sha256}" for m in found)
            raise FetchError(f"{resource.path}: the archive {resource.upstream_url} holds no "
                             f"member {argument!r} with the recorded sha256 {resource.sha256} "
                             f"({seen or 'no member of that name'}); nothing was written")
        shutil.copyfile(right[0].path, target)
        return
    if how == "file":
        shutil.copyfile(source(), target)
    elif how == "xz":
        with open(source(), "rb") as read, lzma.open(target, "wb", preset=6) as write:
            shutil.copyfileobj(read, write, 1 << 20)
    else:
        served = source().stat().st_size
        if served < resource.bytes:
            raise FetchError(f"{resource.path}: {resource.upstream_url} served {served:,} bytes, "
                             f"fewer than the {resource.bytes:,} the file is the start of (an "
                             "error page?); nothing was written")
        _head(source(), resource.bytes, target)
    digest = file_sha256(target)
    if not accepted(resource, target, digest):
        raise FetchError(f"{resource.path}: made from {resource.upstream_url} by "
                         f"{resource.fetch!r}, it has sha256 {digest}, but the manifest records "
                         f"{resource.sha256}; nothing was written")
