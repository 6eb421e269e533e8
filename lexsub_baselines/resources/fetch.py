"""`lexsub fetch`: download the public inputs the manifest records, check them, lay them out.

Names (`inputs()`): every manifest entry's `input` (`semeval2007`, `swords`, `ud-ewt`, ...),
every entry id (`swords-dev`), the `GROUPS` (`scoring`: what `lexsub score` reads; `baselines`:
what `make baselines` reads), and inputs with no entry that users ask for (`clls2010`). Each
entry with a recipe (`Resource.fetch`) is made from its `upstream_url`:

1. A file already in place is checked (`verify.accepted`) and left alone: a second fetch
   downloads nothing. A file in place that is not the recorded one is refused, not replaced.
2. The download (one per URL, shared by the files of an archive: `recipes.Downloads`)
   goes to a partial file in `<cache>/downloads/`, reads at most the entry's
   `Resource.download_limit`, follows redirects only to the entry's `redirect_hosts` (or its
   own host, or the mirror's), is resumed by the next run when interrupted and its bytes can
   be trusted (`download`), and must have `upstream_sha256` when the manifest records one.
3. Each file is made by its recipe (`recipes.make`: the file, xz-compressed, its first
   bytes, or an archive member found by base name and digest, the members holding at most
   `unpacked_bytes`: `unpack`), checked against `sha256`, and only then moved into place
   atomically, under the data root (`data/...`) or the shared root, exactly where
   `../shared` holds it, so every reader works unchanged.

An input is fetched under its own lock (`fetch_lock`). When it fails, its downloads and
staging folders are deleted (the next fetch starts afresh), except a trusted partial of a
transfer that stopped early, kept to be continued; the other inputs are still fetched.

Entries without a recipe are checked for presence and otherwise named with what to do.
WordNet is found where the readers find it (`find_wordnet`): `LEXSUB_WORDNET_DIR`, else
Debian's folder (`present`, nothing downloaded), else it is fetched: the database files and
the lexnames(5WN) page are taken out of Debian's packages (`.deb`: `ar` around a
`data.tar.xz`) into `<data root>/wordnet/share/`, where the readers then find them.
One line per input says what happened (`FetchResult.line`).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from lexsub_baselines.core.cache import atomic_path, file_sha256
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import GROUPS, Manifest, Resource, load_manifest
from lexsub_baselines.inputs.manifest_rules import path_problem
from lexsub_baselines.inputs.verify import accepted, locate, verify
from lexsub_baselines.inputs.wordnet_files import (
    WORDNET_DIR_ENV,
    WORDNET_FILES,
    fetched_wordnet,
    find_wordnet,
)
from lexsub_baselines.resources.download import FetchError, Interrupted, mirrored
from lexsub_baselines.resources.elsewhere import ELSEWHERE
from lexsub_baselines.resources.fetch_lock import input_lock
from lexsub_baselines.resources.fetch_report import (
    FetchInterrupted,
    FetchResult,
    interrupted_message,
    unknown_input,
)
from lexsub_baselines.resources.recipes import Downloads, make
from lexsub_baselines.resources.unpack import Member, extract_named

__all__ = ["ELSEWHERE", "FetchInterrupted", "FetchResult", "fetch", "inputs", "select"]


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
            raise unknown_input(name, [*GROUPS, *by_input, *ELSEWHERE], manifest.ids())
    return chosen


def _wordnet_elsewhere(entries: list[Resource], roots: Roots) -> FetchResult | None:
    """Return WordNet's result when the readers (`find_wordnet`) take it from elsewhere than
    the fetched folder, or when `LEXSUB_WORDNET_DIR` names a folder without it (a fetch would
    not be read); None when it is to be fetched (or checked) under the data root."""
    try:
        folder = find_wordnet(data_root=roots.data)[0]
    except MissingResourceError as error:
        if os.environ.get(WORDNET_DIR_ENV) or not any(r.fetch for r in entries):
            return FetchResult("wordnet", "not fetched", detail=str(error))
        return None
    if folder == fetched_wordnet(roots.data):
        return None
    return FetchResult("wordnet", "present", files=len(WORDNET_FILES),
                       detail=f"found at {folder}")


def _installed(name: str, entries: list[Resource]) -> FetchResult | None:
    """Return an input's result when its Debian packages are installed whole (the readers take
    their files, as they take Debian's WordNet: `resources.mythes`), else None."""
    debian = [r for r in entries if r.kind == "debian"]
    if not debian or not all(Path(m).is_file() for r in debian for m in r.members):
        return None
    return FetchResult(name, "present", files=sum(len(r.members) for r in debian),
                       detail=f"found at {debian[0].path}")


def _unfetchable(name: str, entries: list[Resource], roots: Roots) -> FetchResult:
    if not entries:
        return FetchResult(name, "not fetched", detail=ELSEWHERE[name])
    statuses = verify(roots, [r.id for r in entries], checksums=False,
                      manifest=Manifest(tuple(entries)))
    if not any(s.status == "missing" for s in statuses):
        return FetchResult(name, "present", files=len(entries),
                           detail=f"found at {statuses[0].location}")
    return FetchResult(name, "not fetched", detail=entries[0].note)


def _wordnet_read(result: FetchResult, roots: Roots) -> FetchResult:
    """Return `result`, failed unless the readers now find the fetched WordNet."""
    try:
        find_wordnet(data_root=roots.data)
    except MissingResourceError as error:
        return dataclasses.replace(result, status="failed", detail=str(error))
    return result


def _fetch_input(name: str, entries: list[Resource], roots: Roots,
                 downloads: Downloads, laid_out: list[Path]) -> FetchResult:
    """Fetch the files of one input; on a failure, delete its downloads (see the docstring)
    and say which of its files were laid out before it (each checked: they stay)."""
    urls = {r.upstream_url for r in entries}
    try:
        result = _fetch_files(name, entries, roots, downloads, laid_out)
    except Interrupted as error:
        downloads.clean(urls, keep_partials=True)
        raise Interrupted(f"{error}{_laid(laid_out)}", error.transferred) from None
    except LexsubError as error:
        deleted = downloads.clean(urls)
        if deleted or laid_out:
            raise FetchError(f"{error}{_laid(laid_out)}" + (
                " [its download was deleted: the next `lexsub fetch` starts afresh]"
                if deleted else "")) from None
        raise
    downloads.clean(urls)
    return result


def _laid(laid_out: list[Path]) -> str:
    """Return what to add to an input's error about the files it laid out before it."""
    if not laid_out:
        return ""
    return (f" [{len(laid_out)} of its files were laid out before, each checked, and stay: "
            f"{laid_out[0]}{', …' if len(laid_out) > 1 else ''}]")


def _fetch_files(name: str, entries: list[Resource], roots: Roots,
                 downloads: Downloads, laid_out: list[Path]) -> FetchResult:
    status, where, files = "ok", "", 0
    extracted: dict[str, list[Member]] = {}

    def members(resource: Resource) -> list[Member]:
        url = resource.upstream_url
        if url not in extracted:
            wanted = {r.fetch.partition(":")[2] for r in entries
                      if r.upstream_url == url and r.fetch.startswith("archive:")}
            if not resource.unpacked_bytes:
                raise FetchError(f"{resource.id}: the manifest records no unpacked_bytes (the "
                                 f"most the archive {url} may unpack to); nothing was unpacked: "
                                 "regenerate the manifest with scripts/make_manifest.py")
            extracted[url] = extract_named(downloads.get(resource), wanted,
                                           downloads.staging(url),
                                           max_bytes=resource.unpacked_bytes,
                                           label=url.rsplit("/", 1)[-1])
        return extracted[url]

    before, resumed = downloads.bytes, downloads.resumed
    for resource in entries:
        if problem := path_problem(resource.path):
            raise FetchError(f"{resource.id}: its path {resource.path!r} {problem}, so it would "
                             "lie outside the roots; nothing was written (fix the manifest)")
        target = locate(resource, roots)
        where = os.path.commonpath([where or target.parent, target.parent])
        if target.exists() and not target.is_file():
            raise FetchError(f"{target} is there but is not a file; it was left alone: move it "
                             "away and fetch again")
        if target.exists():
            digest = file_sha256(target)
            if not accepted(resource, target, digest):
                raise FetchError(f"{target} is there but is not the recorded file (sha256 "
                                 f"{digest}, the manifest records {resource.sha256}); it was "
                                 "left alone: move it away and fetch again")
        else:
            made = downloads.folder / f".{os.getpid()}.{target.name}.made"
            try:
                downloads.folder.mkdir(parents=True, exist_ok=True)
                make(resource, functools.partial(downloads.get, resource), made, members)
                with atomic_path(target) as tmp:  # only a checked file makes its folder
                    shutil.move(made, tmp)
            except OSError as error:  # a folder not writable, a full disk, ...
                raise FetchError(f"cannot write {error.filename or target} ({error.strerror}): "
                                 "point --data-root/--shared-root/--cache-dir (or "
                                 "LEXSUB_DATA_ROOT, LEXSUB_SHARED_ROOT, LEXSUB_CACHE_DIR) at "
                                 "folders you can write, with room for the files") from None
            finally:
                made.unlink(missing_ok=True)
            status = "fetched"
            laid_out.append(target)
        files += 1
    unverified = status == "fetched" and any(r.upstream_unverified for r in entries)
    return FetchResult(name, status, files, downloads.bytes - before, where=where,
                       detail="the archive's recorded sha256 was never verified against a "
                       "download, so each file was checked by its own" if unverified else "",
                       resumed=downloads.resumed - resumed)


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def fetch(roots: Roots, names: Sequence[str], *, manifest: Manifest | None = None,
          mirror: str | None = None, progress: bool = True,
          report: Callable[[FetchResult], None] | None = None,
          say: Callable[[str], None] | None = None) -> list[FetchResult]:
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
        say: prints a line while an input waits for another fetch of it (default: stderr).

    A failed input does not stop the others; its result says why (`status` `failed`).

    Raises:
        UnknownNameError: an unknown name (before anything is fetched).
        FetchError: the mirror is not an http(s) URL (before anything is fetched).
        FetchInterrupted: the user stopped it (Ctrl-C); the message says what was kept.
    """
    manifest = manifest or load_manifest()
    chosen = select(manifest, names)
    if mirror:
        mirrored("https://example.org/", mirror)  # a mirror without its scheme: one line now
    downloads = Downloads(roots, mirror, progress)
    results: list[FetchResult] = []
    name, laid_out = "", list[Path]()
    try:
        for name, entries in chosen.items():
            laid_out = []
            results.append(_fetch_one(name, entries, roots, downloads, say, laid_out))
            if report is not None:
                report(results[-1])
    except KeyboardInterrupt:
        partials = downloads.interrupted({r.upstream_url for r in chosen.get(name, ())})
        raise FetchInterrupted(interrupted_message(results, name, len(laid_out), partials,
                                                   names)) from None
    return results


def _fetch_one(name: str, entries: list[Resource], roots: Roots, downloads: Downloads,
               say: Callable[[str], None] | None, laid_out: list[Path]) -> FetchResult:
    """Fetch (or check, or name) one input; a failure is its result, not an exception."""
    recipes = [r for r in entries if r.fetch]
    elsewhere = (_wordnet_elsewhere(entries, roots) if name == "wordnet"
                 else _installed(name, entries))
    if elsewhere is not None:
        result = elsewhere
    elif not recipes:
        result = _unfetchable(name, entries, roots)
    else:
        try:
            with input_lock(roots.cache / "fetch-locks", name, say or _stderr):
                result = _fetch_input(name, recipes, roots, downloads, laid_out)
        except LexsubError as error:
            result = FetchResult(name, "failed", detail=str(error))
        if name == "wordnet" and result.status != "failed":
            result = _wordnet_read(result, roots)
        elif len(recipes) < len(entries) and not result.detail:  # the rest: no download
            rest = _unfetchable(name, [r for r in entries if not r.fetch], roots)
            result = dataclasses.replace(result, detail=rest.detail)
    return result
