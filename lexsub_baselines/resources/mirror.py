"""`lexsub mirror`: a folder that `lexsub fetch --mirror` fetches from, made from a data root.

A mirror is `OUT/HOST/PATH` for each upstream URL (`download.mirrored` asks for exactly that),
holding what the upstream host serves, rebuilt from the files under the roots:

- `file` and `head` entries: the file (a `head` file is the start the fetch keeps);
- `xz` entries: the file's uncompressed content (the host serves it uncompressed);
- an archive entry whose upstream is a tar.gz (SemEval-2007's): a tar.gz of the files, built
  deterministically (`tar_gz`). It is not the upstream archive, so its sha256 is another; the
  manifest marks that archive's recorded digest as never verified (`upstream_unverified`),
  so a fetch checks each file by its own digest and takes the built archive as it is;
- an archive entry whose upstream is a Debian package (WordNet's `.deb`s): a package cannot be
  rebuilt to its recorded digest, so it is copied from a folder of `.deb`s when one there has
  that digest (`--debs`, and apt's cache `/var/cache/apt/archives`), else not mirrored (a
  machine with Debian's WordNet installed never fetches it).

Every file is checked against the manifest before it is mirrored (a damaged copy is not
passed on), and each mirrored file is written atomically, inside OUT: an upstream URL whose
path would lead out of it (a `..`, an empty host; a manifest of one's own, `LEXSUB_MANIFEST`)
is refused, as `lexsub fetch` refuses a path out of the roots. Each input's line names the
files the mirror wrote (a folder of 15 WordNet files is 2 packages). Serve the folder with any
static HTTP server (`python3 -m http.server -d OUT`) and fetch with `lexsub fetch --mirror
URL`.
"""

from __future__ import annotations

import gzip
import io
import lzma
import tarfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from lexsub_baselines.core.cache import atomic_path, file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import Manifest, Resource, load_manifest
from lexsub_baselines.inputs.verify import accepted, locate
from lexsub_baselines.resources.fetch import select

__all__ = ["APT_ARCHIVES", "MirrorResult", "confined", "make_mirror", "mirror_path",
           "served_bytes", "tar_gz"]

#: Where apt keeps the packages it downloaded.
APT_ARCHIVES = Path("/var/cache/apt/archives")


@dataclass(frozen=True)
class MirrorResult:
    """What `make_mirror` did for one input.

    Attributes:
        name: the input.
        status: `mirrored`, `not mirrored` (nothing to make it from) or `no download` (the
            input has no fetch recipe).
        files: how many of its files (as laid out under the roots) the mirror serves.
        detail: why not, or what to know (a built archive).
        written: the files the mirror wrote, as `HOST/PATH` under OUT.
    """

    name: str
    status: str
    files: int = 0
    detail: str = ""
    written: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        """Return the one line `lexsub mirror` prints: what it wrote, for how many files."""
        head = f"{self.name}: {self.status}"
        if self.status == "mirrored":
            count = len(self.written)
            shown = ", ".join(w.rsplit("/", 1)[-1] for w in self.written[:2]) + \
                (", …" if count > 2 else "")
            head += (f" (wrote {count} file{'s' * (count != 1)}, serving its "
                     f"{self.files} file{'s' * (self.files != 1)}: {shown})")
        return f"{head}: {self.detail}" if self.detail else head


def mirror_path(url: str) -> str:
    """Return where a mirror holds `url`: `HOST/PATH` of `https://HOST/PATH`."""
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path}"


def served_bytes(resource: Resource, path: Path) -> bytes:
    """Return what the upstream URL of a `file`, `head` or `xz` entry serves, from its file."""
    data = path.read_bytes()
    return lzma.decompress(data) if resource.fetch == "xz" else data


def tar_gz(members: Mapping[str, bytes]) -> bytes:
    """Return a tar.gz of `members` (name -> bytes): sorted, mode 0644, no times, no owner;
    the same members give the same bytes."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(members.items()):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), mtime=0)


def confined(out: Path, url: str) -> Path:
    """Return where the mirror in `out` holds `url`, refusing a place outside `out`.

    Raises:
        LexsubError: the URL has no host, or its path has an empty, `.` or `..` component
            (`http://h/a/../../x` would be written beside the mirror, not in it).

    >>> confined(Path("/m"), "https://h.org/a/b.txt")
    PosixPath('/m/h.org/a/b.txt')
    """
    relative = mirror_path(url)
    parts = relative.split("/")
    if not urlsplit(url).hostname or any(part in ("", ".", "..") for part in parts):
        raise LexsubError(f"the upstream URL {url} would be mirrored at {relative!r}, out of "
                          f"the mirror folder {out} (an empty host, or an empty, `.` or `..` "
                          "part of its path); nothing was written for it (fix the manifest)")
    return out.joinpath(*parts)


def _write(out: Path, url: str, data: bytes) -> str:
    """Write what the mirror serves for `url` (atomically, inside `out`); return its place."""
    with atomic_path(confined(out, url)) as tmp:
        tmp.write_bytes(data)
    return mirror_path(url)


def _deb(resource: Resource, folders: Iterable[Path]) -> Path | None:
    """Return a package file of the entry's package with its recorded sha256 (apt names a
    file `wordnet-base_1%3a3.0-37_all.deb` where the pool has `wordnet-base_3.0-37_all.deb`)."""
    package = resource.upstream_url.rsplit("/", 1)[-1].split("_")[0]
    for folder in folders:
        for candidate in sorted(folder.glob(f"{package}_*.deb")):
            if file_sha256(candidate) == resource.upstream_sha256:
                return candidate
    return None


def _mirror_input(name: str, entries: list[Resource], roots: Roots, out: Path,
                  debs: Sequence[Path]) -> MirrorResult:
    fetched = [r for r in entries if r.fetch]
    if not fetched:
        return MirrorResult(name, "no download", detail="`lexsub fetch` cannot get it either")
    located = [(r, locate(r, roots)) for r in fetched]
    absent = [str(where) for r, where in located if not where.is_file()]
    if absent and not fetched[0].upstream_url.endswith(".deb"):
        return MirrorResult(name, "not mirrored", detail=f"not found at {absent[0]} (fetch it "
                            "or point --data-root/--shared-root at a copy)")
    damaged = [str(where) for r, where in located
               if where.is_file() and not accepted(r, where)]
    if damaged:
        return MirrorResult(name, "not mirrored", detail=f"{damaged[0]} is not the recorded "
                            "file: move it away and fetch it again")
    try:  # every place first: a URL that leads out of OUT writes nothing of its input
        for resource in fetched:
            confined(out, resource.upstream_url)
    except LexsubError as error:
        return MirrorResult(name, "not mirrored", detail=str(error))
    archives: dict[str, dict[str, bytes]] = {}
    notes: list[str] = []
    written: list[str] = []
    for resource, where in located:
        url = resource.upstream_url
        if not resource.fetch.startswith("archive:"):
            written.append(_write(out, url, served_bytes(resource, where)))
        elif url.endswith(".deb"):
            if url not in archives:
                deb = _deb(resource, debs)
                if deb is None:
                    before = f" (it wrote {', '.join(written)} before)" if written else ""
                    return MirrorResult(name, "not mirrored", detail=(
                        f"its Debian package {url.rsplit('/', 1)[-1]} is not at hand (a "
                        "package cannot be rebuilt to its recorded sha256): `apt-get download` "
                        f"it and pass its folder with --debs{before}"), written=tuple(written))
                written.append(_write(out, url, deb.read_bytes()))
                archives[url] = {}
        else:
            stem = url.rsplit("/", 1)[-1].split(".")[0]
            member = f"{stem}/{resource.path.removeprefix('data/')}"
            archives.setdefault(url, {})[member] = where.read_bytes()
    for url, members in archives.items():
        if members:
            written.append(_write(out, url, tar_gz(members)))
            digest_note = ("the manifest marks the upstream archive's digest unverified, so "
                           "the fetch checks each file" if fetched[0].upstream_unverified else
                           "its digest is not the upstream archive's: fetch with a manifest "
                           "that records this one")
            notes.append(f"{url.rsplit('/', 1)[-1]} built from the files ({digest_note})")
    return MirrorResult(name, "mirrored", len(fetched), "; ".join(notes), tuple(written))


def make_mirror(roots: Roots, names: Sequence[str], out: Path, *,
                manifest: Manifest | None = None, debs: Sequence[Path] = ()) -> list[MirrorResult]:
    """Make (or bring up to date) a mirror of the inputs `names` in `out`.

    Arguments:
        roots: where the files are read from.
        names: groups, inputs and entry ids, as `lexsub fetch` takes them.
        out: the mirror's folder (`OUT/HOST/PATH`).
        manifest: the manifest (default: the shipped one).
        debs: folders of Debian packages to copy WordNet's from (apt's cache is looked in
            after them).

    Raises:
        UnknownNameError: an unknown name (before anything is written).
    """
    manifest = manifest or load_manifest()
    chosen = select(manifest, names)
    folders = (*debs, APT_ARCHIVES)
    return [_mirror_input(name, entries, roots, out, folders) for name, entries in chosen.items()]
