"""`lexsub fetch`: download the public inputs the manifest records, check them, lay them out.

Names (`inputs()`): every manifest entry's `input` (`semeval2007`, `swords`, `ud-ewt`, ...),
every entry id (`swords-dev`), the `GROUPS` (`scoring`: what `lexsub score` reads; `baselines`:
what `make baselines` reads), and inputs with no entry that users ask for (`clls2010`). Each
entry with a recipe (`Resource.fetch`) is made from its `upstream_url`:

1. A file already in place is checked (`verify.accepted`) and left alone: a second fetch
   downloads nothing. A file in place that is not the recorded one is refused, not replaced.
2. The download (one per URL, shared by the files of an archive) goes to a partial file in
   `<cache>/downloads/`, is resumed by the next run when interrupted (`download`), and must
   have `upstream_sha256` when the manifest records one.
3. Each file is made by its recipe (the file, xz-compressed, its first bytes, or an archive
   member found by base name and digest: `unpack`), checked against `sha256`, and only then
   moved into place atomically, under the data root (`data/...`) or the shared root, exactly
   where `../shared` holds it, so every reader works unchanged.

Entries without a recipe are checked for presence and otherwise named with what to do.
One line per input says what happened (`FetchResult.line`).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import lzma
import os
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.cache import atomic_path, file_sha256
from lexsub_baselines.core.errors import LexsubError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.clls import CLLS_NOTE, CLLS_UPSTREAM_URL
from lexsub_baselines.resources.download import FetchError, download, mirrored
from lexsub_baselines.resources.manifest import GROUPS, Manifest, Resource, load_manifest
from lexsub_baselines.resources.unpack import Member, extract_named
from lexsub_baselines.resources.verify import accepted, locate, verify
from lexsub_baselines.resources.wordnet_files import find_wordnet

__all__ = ["ELSEWHERE", "FetchResult", "fetch", "inputs", "select"]

#: Inputs the manifest has no entry for (nothing of them is present to measure): their note.
ELSEWHERE: dict[str, str] = {
    "clls2010": f"no public download: {CLLS_NOTE} ({CLLS_UPSTREAM_URL}; its organisers are the "
                "ones to ask)",
}


@dataclass(frozen=True)
class FetchResult:
    """What `fetch` did for one input.

    Attributes:
        name: the input's name.
        status: `ok` (in place and checked, nothing downloaded), `fetched`, `present` (no
            recipe, but found), `not fetched` (no recipe and absent) or `failed`.
        files: how many files are in place.
        downloaded: bytes downloaded in this run.
        detail: the note of an input that is not fetched, or the error of a failed one.
        where: the folder the files are in (the first one).
    """

    name: str
    status: str = "ok"
    files: int = 0
    downloaded: int = 0
    detail: str = ""
    where: str = ""

    def line(self) -> str:
        """Return the one line printed for this input."""
        if self.status in ("not fetched", "failed"):
            return f"{self.name:<17} {self.status}: {self.detail}"
        if self.status == "present":
            return f"{self.name:<17} present (no download: {self.detail})"
        size = ("nothing downloaded" if not self.downloaded else
                f"{self.downloaded / 1e3:,.0f} kB downloaded" if self.downloaded < 1e6 else
                f"{self.downloaded / 1e6:,.1f} MB downloaded")
        return f"{self.name:<17} {self.status}: {self.files} file(s) checked in {self.where} " \
               f"({size})"


def inputs(manifest: Manifest) -> dict[str, list[Resource]]:
    """Return input name -> its manifest entries, in manifest order."""
    found: dict[str, list[Resource]] = {}
    for resource in manifest.resources:
        found.setdefault(resource.input or resource.id, []).append(resource)
    return found


def select(manifest: Manifest, names: Sequence[str]) -> dict[str, list[Resource]]:
    """Return the inputs `names` ask for (groups, inputs, entry ids; `ELSEWHERE` ones empty).

    Raises:
        UnknownNameError: a name that is none of these; the message lists the known ones.
    """
    by_input = inputs(manifest)
    chosen: dict[str, list[Resource]] = {}
    for name in names:
        if name in GROUPS:
            for key, entries in by_input.items():
                members = [r for r in entries if name in r.groups]
                if members:
                    chosen.setdefault(key, []).extend(r for r in members
                                                      if r not in chosen[key])
        elif name in by_input:
            chosen[name] = by_input[name]
        elif name in manifest.ids():
            chosen.setdefault(name, [manifest.get(name)])
        elif name in ELSEWHERE:
            chosen[name] = []
        else:
            known = [*GROUPS, *by_input, *ELSEWHERE, *manifest.ids()]
            raise UnknownNameError("input", name, list(dict.fromkeys(known)))
    return chosen


def _unfetchable(name: str, entries: list[Resource], roots: Roots) -> FetchResult:
    if not entries:
        return FetchResult(name, "not fetched", detail=ELSEWHERE[name])
    if name == "wordnet":  # where the readers look (`find_wordnet`), not only Debian's folder
        try:
            folder = find_wordnet()[0]
        except MissingResourceError as error:
            return FetchResult(name, "not fetched", detail=str(error))
        return FetchResult(name, "present", files=len(entries), detail=f"found at {folder}")
    statuses = verify(roots, [r.id for r in entries], checksums=False,
                      manifest=Manifest(tuple(entries)))
    if not any(s.status == "missing" for s in statuses):
        return FetchResult(name, "present", files=len(entries),
                           detail=f"found at {statuses[0].location}")
    return FetchResult(name, "not fetched", detail=entries[0].note)


class _Downloads:
    """The downloads of one run, each once, deleted when the run has laid out their files."""

    def __init__(self, roots: Roots, mirror: str | None, progress: bool) -> None:
        self.folder = roots.cache / "downloads"
        self.mirror = mirror
        self.progress = progress
        self.done: dict[str, Path] = {}
        self.bytes = 0

    def part(self, url: str) -> Path:
        key = hashlib.sha256(url.encode()).hexdigest()[:12]
        return self.folder / f"{url.rsplit('/', 1)[-1]}.{key}.part"

    def get(self, resource: Resource) -> Path:
        url = resource.upstream_url
        if url not in self.done:
            part = self.part(url)
            before = part.stat().st_size if part.exists() else 0
            download(mirrored(url, self.mirror), part, expected_sha256=resource.upstream_sha256,
                     label=url.rsplit("/", 1)[-1], progress=self.progress)
            self.bytes += part.stat().st_size - before
            self.done[url] = part
        return self.done[url]

    def staging(self, url: str) -> Path:
        """Return the folder the members of the archive at `url` are copied to."""
        return self.part(url).with_suffix(".staging")

    def clean(self, urls: set[str]) -> None:
        """Delete the downloads of `urls` (their files are in place) and their staging."""
        for url in urls:
            self.part(url).unlink(missing_ok=True)
            shutil.rmtree(self.staging(url), ignore_errors=True)


def _head(source: Path, size: int, target: Path) -> None:
    with open(source, "rb") as read, open(target, "wb") as write:
        write.write(read.read(size))


def _make(resource: Resource, source: Callable[[], Path], target: Path,
          members: Callable[[Resource], list[Member]]) -> None:
    """Write the file of `resource` to `target` (a temp) from its checked download `source()`."""
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
        _head(source(), resource.bytes, target)
    digest = file_sha256(target)
    if not accepted(resource, target, digest):
        raise FetchError(f"{resource.path}: made from {resource.upstream_url} by "
                         f"{resource.fetch!r}, it has sha256 {digest}, but the manifest records "
                         f"{resource.sha256}; nothing was written")


def _fetch_input(name: str, entries: list[Resource], roots: Roots,
                 downloads: _Downloads) -> FetchResult:
    status, where, files = "ok", "", 0
    extracted: dict[str, list[Member]] = {}

    def members(resource: Resource) -> list[Member]:
        url = resource.upstream_url
        if url not in extracted:
            wanted = {r.fetch.partition(":")[2] for r in entries
                      if r.upstream_url == url and r.fetch.startswith("archive:")}
            extracted[url] = extract_named(downloads.get(resource), wanted,
                                           downloads.staging(url))
        return extracted[url]

    before = downloads.bytes
    for resource in entries:
        target = locate(resource, roots)
        where = os.path.commonpath([where or target.parent, target.parent])
        if target.exists():
            digest = file_sha256(target)
            if not accepted(resource, target, digest):
                raise FetchError(f"{target} is there but is not the recorded file (sha256 "
                                 f"{digest}, the manifest records {resource.sha256}); it was "
                                 "left alone: move it away and fetch again")
        else:
            made = downloads.folder / f"{target.name}.made"
            try:
                downloads.folder.mkdir(parents=True, exist_ok=True)
                _make(resource, functools.partial(downloads.get, resource), made, members)
                with atomic_path(target) as tmp:  # only a checked file makes its folder
                    shutil.move(made, tmp)
            except PermissionError as error:
                raise FetchError(f"cannot write {error.filename} ({error.strerror}): point "
                                 "--data-root/--shared-root (or LEXSUB_DATA_ROOT, "
                                 "LEXSUB_SHARED_ROOT) at a folder you can write") from None
            finally:
                made.unlink(missing_ok=True)
            status = "fetched"
        files += 1
    downloads.clean({r.upstream_url for r in entries})
    return FetchResult(name, status, files, downloads.bytes - before, where=where)


def fetch(roots: Roots, names: Sequence[str], *, manifest: Manifest | None = None,
          mirror: str | None = None, progress: bool = True,
          report: Callable[[FetchResult], None] | None = None) -> list[FetchResult]:
    """Fetch the inputs `names` (see `select`); return one result per input, in order.

    Arguments:
        roots: where the files go (data root for `data/...` entries, else the shared root)
            and where downloads are kept while in progress (`<cache>/downloads`).
        names: groups, inputs and entry ids (the CLI's `--all` passes every input that has a
            recipe).
        manifest: the manifest (default: the shipped one).
        mirror: rewrite every upstream URL onto this prefix (see `download.mirrored`).
        progress: progress bars on stderr.
        report: called with each input's result as soon as it is known.

    A failed input does not stop the others; its result says why (`status` `failed`).

    Raises:
        UnknownNameError: an unknown name (before anything is fetched).
    """
    manifest = manifest or load_manifest()
    chosen = select(manifest, names)
    downloads = _Downloads(roots, mirror, progress)
    results = []
    for name, entries in chosen.items():
        recipes = [r for r in entries if r.fetch]
        if not recipes:
            result = _unfetchable(name, entries, roots)
        else:
            try:
                result = _fetch_input(name, recipes, roots, downloads)
            except LexsubError as error:
                result = FetchResult(name, "failed", detail=str(error))
            if len(recipes) < len(entries) and not result.detail:  # the rest: no download
                rest = _unfetchable(name, [r for r in entries if not r.fetch], roots)
                result = dataclasses.replace(result, detail=rest.detail)
        results.append(result)
        if report is not None:
            report(result)
    return results
