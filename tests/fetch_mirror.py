"""A real local HTTP server standing in for the upstream hosts, for the `lexsub fetch` tests.

`upstream_files(shared, manifest)` makes, from the shared root, what each upstream URL serves,
as `lexsub mirror` does (`resources.mirror`: the file itself, its uncompressed content for
`xz`), but harder on the fetch: a `head` file is followed by lines the fetch must cut, and the
archive is built with its files in another layout than ours (`task10data/scoring/gold`) beside
a decoy of the same name, so the fetch must find each member by name and digest (WordNet's
Debian packages are not served here: `tests/test_fetch_wordnet.py` serves its own). The real
upstream archive is not at hand; the shipped manifest marks its digest unverified, so the
fetch checks each member by its own digest and the shipped manifest serves as it is.

`Mirror` serves those bytes at `/HOST/PATH` (what `--mirror` asks for) from a thread, honours
`Range: bytes=N-` with a 206, logs every request, and can cut a transfer short once (`cut`)
or serve altered bytes (`files[...] = ...`). For the hostile cases it can also redirect a path
(`redirects`: path -> Location), stream a path without end (`endless`: path -> the
Content-Length it announces, None for none), and give each file a strong `ETag`, honouring
`If-Range` (`etags`).
"""

from __future__ import annotations

import hashlib
import io
import re
import tarfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.inputs.manifest import Manifest, Resource
from lexsub_baselines.inputs.verify import locate
from lexsub_baselines.resources.mirror import mirror_path, served_bytes, tar_gz

EXTRA_LINES = b"".join(b"zz-not-kept-%d 1\n" % i for i in range(50))


def url_path(url: str) -> str:
    """Return the path a mirror is asked for: `/HOST/PATH` of `https://HOST/PATH`."""
    return "/" + mirror_path(url)


def _archive_name(resource: Resource) -> str:
    """Where a file lies in the test archive: not our layout (key/ is scoring/ there)."""
    folder, name = resource.path.split("/")[-2:]
    return f"task10data/{'scoring' if folder == 'key' else folder}/{name}"


def upstream_files(shared: Path, manifest: Manifest) -> dict[str, bytes]:
    """Return `/HOST/PATH` -> bytes of every fetchable entry's upstream URL, from `shared`."""
    roots = resolve_roots(shared)
    served: dict[str, bytes] = {}
    archives: dict[str, dict[str, bytes]] = {}
    for resource in manifest.resources:
        if not resource.fetch or resource.upstream_url.endswith(".deb"):
            continue  # WordNet's packages: tests/test_fetch_wordnet.py builds its own
        path = locate(resource, roots)
        how = resource.fetch.partition(":")[0]
        if how == "archive":
            members = archives.setdefault(resource.upstream_url, {})
            members[_archive_name(resource)] = path.read_bytes()
            members[f"task10data/decoy/{resource.path.rsplit('/', 1)[-1]}"] = b"a decoy\n"
            continue
        served[url_path(resource.upstream_url)] = (
            path.read_bytes() + EXTRA_LINES if how == "head" else served_bytes(resource, path))
    for url, members in archives.items():
        served[url_path(url)] = tar_gz(members)
    return served


def archive_members(files: dict[str, bytes], manifest: Manifest) -> dict[str, bytes]:
    """Return name -> bytes of the regular files of the SemEval-2007 archive in `files`."""
    url = next(r.upstream_url for r in manifest.resources if r.fetch.startswith("archive:"))
    with tarfile.open(fileobj=io.BytesIO(files[url_path(url)])) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar  # type: ignore[union-attr]
                if m.isfile()}


def temp_roots(tmp_path: Path) -> Roots:
    """Return the roots a fetch test writes to: `root/` and `cache/` under `tmp_path`."""
    return resolve_roots(tmp_path / "root", None, tmp_path / "cache")


def fetch_cli(tmp_path: Path, manifest: Manifest, mirror: str, *names: str) -> int:
    """Run `lexsub fetch NAMES` into `temp_roots(tmp_path)` with `manifest`, through `mirror`."""
    path = tmp_path / "manifest.json"
    path.write_text(manifest.to_text(), encoding="utf-8")
    return main(["--shared-root", str(tmp_path / "root"), "--cache-dir", str(tmp_path / "cache"),
                 "fetch", *names, "--mirror", mirror, "--manifest", str(path), "--no-progress"])


class Mirror:
    """The server's state: what it serves, what it was asked, what it does wrong once."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.requests: list[tuple[str, str]] = []  # (path, Range header or "")
        self.cut: dict[str, int] = {}  # path -> bytes sent before closing, once
        self.redirects: dict[str, str] = {}  # path -> Location of a 302
        self.endless: dict[str, int | None] = {}  # path -> announced Content-Length
        self.etags = False
        self.if_ranges: list[str] = []  # If-Range header of each request ("" when none)
        self.statuses: list[int] = []  # the status of each file's response (200 or 206)
        self.url = ""
        self.port = 0


def _handler(mirror: Mirror) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # quiet
            return

        def do_GET(self) -> None:  # http.server's name
            wanted = self.headers.get("Range", "")
            mirror.requests.append((self.path, wanted))
            mirror.if_ranges.append(self.headers.get("If-Range", ""))
            if self.path in mirror.redirects:
                self.send_response(302)
                self.send_header("Location", mirror.redirects[self.path])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.path in mirror.endless:
                self._endless(mirror.endless[self.path])
                return
            data = mirror.files.get(self.path)
            if data is None:
                self.send_error(404)
                return
            etag = f'"{hashlib.sha256(data).hexdigest()[:16]}"' if mirror.etags else ""
            start = 0
            match = re.fullmatch(r"bytes=(\d+)-", wanted)
            if match and self.headers.get("If-Range", etag) == etag:
                start = int(match.group(1))
                if start >= len(data):
                    self.send_error(416)
                    return
                mirror.statuses.append(206)
                self.send_response(206)
                self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
            else:
                mirror.statuses.append(200)
                self.send_response(200)
            body = data[start:]
            self.send_header("Content-Length", str(len(body)))
            if etag:
                self.send_header("ETag", etag)
            self.end_headers()
            limit = mirror.cut.pop(self.path, None)
            self._write(body if limit is None else body[:limit])
            if limit is not None:
                self.close_connection = True

        def _endless(self, announced: int | None) -> None:
            """Send zeros until the client hangs up (at most 256 MB, for a broken client)."""
            self.send_response(200)
            if announced is not None:
                self.send_header("Content-Length", str(announced))
            self.end_headers()
            self.close_connection = True
            block = bytes(1 << 16)
            for _ in range(4096):
                if not self._write(block):
                    return

        def _write(self, data: bytes) -> bool:
            """Send `data`; False when the client hung up."""
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                return False
            return True

    return Handler


@contextmanager
def serving(files: dict[str, bytes]) -> Iterator[Mirror]:
    """Serve `files` on 127.0.0.1 (a free port) from a thread while the block runs."""
    mirror = Mirror(files)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(mirror))
    mirror.port = server.server_address[1]
    mirror.url = f"http://127.0.0.1:{mirror.port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield mirror
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
