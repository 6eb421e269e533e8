"""One HTTP download for `lexsub fetch`: resumable, checked, with a progress bar.

`download(url, part, ...)` writes what `url` serves to the partial file `part`, continuing a
partial left by an interrupted run with an HTTP `Range` request (a server that ignores it sends
the whole file again, which restarts the partial), and returns the sha256 of the complete
download. A download shorter than the `Content-Length` the server announced stays a partial
and raises `FetchError` saying so; a complete one whose digest is not the expected one is
deleted and refused with both digests. The partial is never the file the toolkit reads: the
caller lays files out only from a checked download.

`mirrored(url, mirror)` rewrites `https://HOST/PATH` to `MIRROR/HOST/PATH` (`--mirror`,
`LEXSUB_MIRROR`), for sites that proxy downloads, and for the tests' local server.

>>> mirrored("https://github.com/a/b/raw/c/f.txt", "http://127.0.0.1:8000/up")
'http://127.0.0.1:8000/up/github.com/a/b/raw/c/f.txt'
"""

from __future__ import annotations

import http.client
import re
import urllib.error
import urllib.request
from pathlib import Path

from tqdm import tqdm

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.version import __version__

__all__ = ["MIRROR_ENV", "FetchError", "download", "mirrored"]

MIRROR_ENV = "LEXSUB_MIRROR"
#: Seconds without a byte before a download is given up (it is then resumed by the next run).
TIMEOUT = 60
_CHUNK = 1 << 16
_URL = re.compile(r"^https?://([^/]+)/(.*)$")
_RANGE = re.compile(r"^bytes (\d+)-\d+/(\d+|\*)$")


class FetchError(LexsubError):
    """A download or an unpacking that did not give the recorded files; says what to do."""


def mirrored(url: str, mirror: str | None) -> str:
    """Return `url` rewritten onto `mirror` (`MIRROR/HOST/PATH`), or `url` without a mirror."""
    if not mirror:
        return url
    match = _URL.match(url)
    if match is None:
        raise FetchError(f"cannot put {url} behind the mirror {mirror}: not an http(s) URL")
    return f"{mirror.rstrip('/')}/{match.group(1)}/{match.group(2)}"


def _open(url: str, offset: int) -> http.client.HTTPResponse | None:
    """Open `url` from byte `offset`; None when the server says the range is past the end."""
    headers = {"User-Agent": f"lexsub_baselines/{__version__}"}
    if offset:
        headers["Range"] = f"bytes={offset}-"
    try:
        response: http.client.HTTPResponse = urllib.request.urlopen(
            urllib.request.Request(url, headers=headers), timeout=TIMEOUT)
    except urllib.error.HTTPError as error:
        if error.code == 416 and offset:
            return None
        raise FetchError(f"{url}: HTTP {error.code} {error.reason}; nothing was written "
                         "(is the host up? `--mirror URL` fetches through a proxy)") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise FetchError(f"{url}: cannot connect ({reason}); nothing was written (check the "
                         "network, or fetch through a proxy with `--mirror URL`)") from None
    return response


def _resumes(response: http.client.HTTPResponse, offset: int) -> bool:
    """True when `response` continues a partial of `offset` bytes (a 206 from that byte)."""
    if not offset or response.status != 206:
        return False
    match = _RANGE.match(response.headers.get("Content-Range", ""))
    return match is not None and int(match.group(1)) == offset


def download(url: str, part: Path, *, expected_sha256: str = "", label: str = "",
             progress: bool = True) -> str:
    """Complete the partial download `part` of `url`; return the sha256 of the whole file.

    Arguments:
        url: what to download (already rewritten onto a mirror).
        part: the partial file; created, continued or restarted.
        expected_sha256: the digest the download must have ("": not checked here).
        label: what the download is, for the progress bar and messages (default: its name).
        progress: show a tqdm bar of the bytes on stderr.

    Raises:
        FetchError: the host cannot be reached or refuses, the transfer stops early (the
            partial is kept for the next run), or the digest is not `expected_sha256` (the
            download is deleted).
    """
    label = label or url.rsplit("/", 1)[-1]
    part.parent.mkdir(parents=True, exist_ok=True)
    offset = part.stat().st_size if part.exists() else 0
    response = _open(url, offset)
    if response is not None:
        with response:
            if offset and not _resumes(response, offset):
                offset = 0  # the server sent the whole file: start again
            length = response.headers.get("Content-Length")
            total = offset + int(length) if length and length.isdigit() else None
            _receive(response, part, offset, total, url, label, progress)
    digest = file_sha256(part)
    if expected_sha256 and digest != expected_sha256:
        part.unlink()
        raise FetchError(f"{label}: the download from {url} has sha256 {digest}, but the manifest "
                         f"records {expected_sha256}; it was deleted and nothing was written "
                         "(a changed upstream file or a broken transfer: try again, or report "
                         "it if it persists)")
    return digest


def _receive(response: http.client.HTTPResponse, part: Path, offset: int, total: int | None,
             url: str, label: str, progress: bool) -> None:
    received = offset
    with open(part, "ab" if offset else "wb") as handle, \
            tqdm(total=total, initial=offset, unit="B", unit_scale=True, desc=label,
                 leave=False, disable=not progress) as bar:
        try:
            while block := response.read(_CHUNK):
                handle.write(block)
                received += len(block)
                bar.update(len(block))
        except (OSError, http.client.HTTPException) as error:
            raise _stopped(url, part, received, total, error) from None
    if total is not None and received < total:
        raise _stopped(url, part, received, total, "the connection closed early")


def _stopped(url: str, part: Path, received: int, total: int | None,
             why: object) -> FetchError:
    of = f" of {total:,}" if total is not None else ""
    return FetchError(f"{url}: the download stopped after {received:,}{of} bytes ({why}); the "
                      f"partial download is kept in {part} and the next `lexsub fetch` "
                      "continues it")

