"""One HTTP download for `lexsub fetch`: capped, resumable when trusted, checked.

`download(url, part, ...)` writes what `url` serves to the partial file `part` and returns the
sha256 of the complete download and the bytes it took over the network (`Downloaded`: after a
restart, what was transferred, not how much the partial grew). It reads at most `max_bytes`:
a longer download (announced by `Content-Length`, or streamed without end) is stopped there,
deleted and refused; with `head` the first `max_bytes` bytes are the download and the rest is
not read. A partial left by an
interrupted run is continued with an HTTP `Range` request only when its bytes can be trusted:
the download has an expected digest, or the server gave a strong `ETag` and a size, recorded
beside the partial (`<part>.validator`) and sent back as `If-Range` (a changed file is sent
whole, which restarts it). Any other partial is discarded. A transfer that stops early raises
`Interrupted` (the trusted partial is kept for the next run) or `FetchError` (deleted); a
complete download whose digest is not the expected one is deleted and refused with both
digests. Redirects are followed only to the URL's own host or the `hosts` given, and never
from https to http (`redirect_problem`). The partial is never the file the toolkit reads: the
caller lays files out only from a checked download.

`mirrored(url, mirror)` rewrites `https://HOST/PATH` to `MIRROR/HOST/PATH` (`--mirror`,
`LEXSUB_MIRROR`), for sites that proxy downloads, and for the tests' local server.

>>> mirrored("https://github.com/a/b/raw/c/f.txt", "http://127.0.0.1:8000/up")
'http://127.0.0.1:8000/up/github.com/a/b/raw/c/f.txt'
"""

from __future__ import annotations

import http.client
import json
import re
import urllib.error
import urllib.request
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tqdm import tqdm

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.core.version import __version__
from lexsub_baselines.resources.fetch_errors import FetchError, Interrupted

__all__ = ["MIRROR_ENV", "Downloaded", "FetchError", "Interrupted", "download", "mirrored",
           "redirect_problem", "validator_path"]

MIRROR_ENV = "LEXSUB_MIRROR"
#: Seconds without a byte before a download is given up (it is then resumed by the next run).
TIMEOUT = 60
_CHUNK = 1 << 16
_URL = re.compile(r"^https?://([^/]+)/(.*)$")
_RANGE = re.compile(r"^bytes (\d+)-\d+/(\d+|\*)$")
#: The route of a machine that cannot reach the hosts.
_OFFLINE = ("without a way to the host, make a mirror on a machine that has the data, `lexsub "
            "mirror DIR` served by `python3 -m http.server -d DIR`, and fetch here with "
            "`--mirror http://THAT-HOST:8000`")


@dataclass(frozen=True)
class Downloaded:
    """A complete download.

    Attributes:
        sha256: the digest of the whole file.
        transferred: the bytes this run took over the network (0: the partial was complete).
        resumed_from: the bytes of a kept partial the transfer continued (0: from the start).
    """

    sha256: str
    transferred: int
    resumed_from: int = 0


def mirrored(url: str, mirror: str | None) -> str:
    """Return `url` rewritten onto `mirror` (`MIRROR/HOST/PATH`), or `url` without a mirror.

    Raises:
        FetchError: the mirror is not an http(s) URL (`127.0.0.1:8000` for
            `http://127.0.0.1:8000`: the message says which was probably meant).
    """
    if not mirror:
        return url
    scheme = urlsplit(mirror).scheme
    if not _URL.match(mirror.rstrip("/") + "/") or scheme not in ("http", "https"):
        raise FetchError(f"--mirror {mirror} (or {MIRROR_ENV}) is not an http(s) URL: did you "
                         f"mean http://{mirror.split('://')[-1]}? (a mirror is a URL such as "
                         "http://HOST:8000, where `python3 -m http.server` serves a `lexsub "
                         "mirror` folder)")
    match = _URL.match(url)
    if match is None:
        raise FetchError(f"cannot put {url} behind the mirror {mirror}: not an http(s) URL")
    return f"{mirror.rstrip('/')}/{match.group(1)}/{match.group(2)}"


def redirect_problem(source: str, target: str, hosts: Collection[str]) -> str:
    """Return why a redirect from `source` to `target` is refused ("" when it is followed).

    Followed: to an http(s) URL on one of `hosts` (host names, any port), and from https only
    to https.

    >>> redirect_problem("https://github.com/a", "https://raw.githubusercontent.com/a",
    ...                  {"github.com", "raw.githubusercontent.com"})
    ''
    >>> redirect_problem("https://github.com/a", "http://github.com/a", {"github.com"})
    'it leads from https to http'
    """
    old, new = urlsplit(source), urlsplit(target)
    if new.scheme not in ("http", "https"):
        return f"it leads to a {new.scheme or 'relative'} URL"
    if old.scheme == "https" and new.scheme != "https":
        return "it leads from https to http"
    if (new.hostname or "") not in hosts:
        return f"it leads to the host {new.hostname}, which the manifest does not list for it"
    return ""


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only when `redirect_problem` finds none."""

    def __init__(self, hosts: Collection[str], label: str) -> None:
        self.hosts, self.label = hosts, label

    def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str,
                         headers: Any, newurl: str) -> urllib.request.Request | None:
        if problem := redirect_problem(req.full_url, newurl, self.hosts):
            fp.close()
            raise FetchError(f"{self.label}: {req.full_url} redirects to {newurl}, which was not "
                             f"followed: {problem}; nothing was written (a hijacked or moved "
                             "download: report it, or fetch through a mirror you trust with "
                             "`--mirror URL`)")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _open(url: str, offset: int, hosts: Collection[str], label: str,
          validator: dict[str, Any] | None) -> http.client.HTTPResponse | None:
    """Open `url` from byte `offset`; None when the server says the range is past the end."""
    headers = {"User-Agent": f"lexsub_baselines/{__version__}"}
    if offset:
        headers["Range"] = f"bytes={offset}-"
        if validator:
            headers["If-Range"] = validator["etag"]
    allowed = {*hosts, urlsplit(url).hostname or ""}
    opener = urllib.request.build_opener(_Redirects(allowed, label))
    try:
        response: http.client.HTTPResponse = opener.open(
            urllib.request.Request(url, headers=headers), timeout=TIMEOUT)
    except urllib.error.HTTPError as error:
        if error.code == 416 and offset:
            return None
        raise FetchError(f"{url}: HTTP {error.code} {error.reason}; nothing was written "
                         f"(is the host up? {_OFFLINE})") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise FetchError(f"{url}: cannot connect ({reason}); nothing was written (check the "
                         f"network; {_OFFLINE})") from None
    return response


def _resumes(response: http.client.HTTPResponse, offset: int,
             validator: dict[str, Any] | None) -> bool:
    """True when `response` continues a partial of `offset` bytes (a 206 from that byte, of
    the size the validator recorded)."""
    if not offset or response.status != 206:
        return False
    match = _RANGE.match(response.headers.get("Content-Range", ""))
    if match is None or int(match.group(1)) != offset:
        return False
    return validator is None or match.group(2) == str(validator["size"])


def validator_path(part: Path) -> Path:
    """Return where the validator of the partial `part` is kept."""
    return part.with_suffix(".validator")


def _validator(part: Path) -> dict[str, Any] | None:
    """Return the recorded validator of `part` (a strong ETag and a size), or None."""
    try:
        found = json.loads(validator_path(part).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    ok = (isinstance(found, dict) and isinstance(found.get("etag"), str)
          and found["etag"].startswith('"') and isinstance(found.get("size"), int))
    return found if ok else None


def _discard(part: Path) -> None:
    part.unlink(missing_ok=True)
    validator_path(part).unlink(missing_ok=True)


def download(url: str, part: Path, *, max_bytes: int, expected_sha256: str = "",
             head: bool = False, hosts: Collection[str] = (), label: str = "",
             progress: bool = True) -> Downloaded:
    """Complete the partial download `part` of `url`; return its sha256 and what it took.

    Arguments:
        url: what to download (already rewritten onto a mirror).
        part: the partial file; created, continued or restarted.
        max_bytes: the most bytes read: a longer download is refused (with `head`, cut).
        expected_sha256: the digest the download must have ("": not checked here).
        head: the download is the first `max_bytes` bytes of what `url` serves.
        hosts: the hosts a redirect may lead to besides the URL's own.
        label: what the download is, for the progress bar and messages (default: its name).
        progress: show a tqdm bar of the bytes on stderr.

    Raises:
        Interrupted: the transfer stopped early; the partial is kept for the next run.
        FetchError: the host cannot be reached or refuses, redirects where it may not, serves
            more than `max_bytes`, stops early with bytes that cannot be trusted, or serves
            another digest than `expected_sha256` (the download is deleted in each case).
    """
    label = label or url.rsplit("/", 1)[-1]
    part.parent.mkdir(parents=True, exist_ok=True)
    offset = part.stat().st_size if part.exists() else 0
    validator = _validator(part) if offset and not expected_sha256 else None
    if offset and ((not expected_sha256 and validator is None) or offset > max_bytes):
        _discard(part)  # its bytes cannot be checked: start again
        offset = 0
    response = None if head and offset == max_bytes else _open(url, offset, hosts, label,
                                                               validator)
    transferred = 0
    if response is not None:
        with response:
            if offset and not _resumes(response, offset, validator):
                offset = 0  # the server sent the whole file: start again
                validator_path(part).unlink(missing_ok=True)
            length = response.headers.get("Content-Length")
            total = offset + int(length) if length and length.isdigit() else None
            if total is not None and total > max_bytes and not head:
                _discard(part)
                raise _too_long(url, label, max_bytes, f"{total:,} bytes (its Content-Length)")
            trusted = bool(expected_sha256)
            etag = response.headers.get("ETag", "")
            if not trusted and not offset and total is not None and etag.startswith('"'):
                validator_path(part).write_text(json.dumps({"etag": etag, "size": total}),
                                                encoding="utf-8")
            trusted = trusted or validator_path(part).exists()
            transferred = _receive(response, part, offset, total,
                                   _Transfer(url, label, max_bytes, head, trusted), progress)
    digest = file_sha256(part)
    if expected_sha256 and digest != expected_sha256:
        _discard(part)
        raise FetchError(f"{label}: the download from {url} has sha256 {digest}, but the manifest "
                         f"records {expected_sha256}; it was deleted and nothing was written "
                         "(a changed upstream file or a broken transfer: try again, or report "
                         "it if it persists)")
    return Downloaded(digest, transferred, offset)


@dataclass(frozen=True)
class _Transfer:
    """What `_receive` needs to know of a download: `download`'s arguments, and whether the
    bytes so far can be trusted (a digest or a validator vouches for them)."""

    url: str
    label: str
    max_bytes: int
    head: bool
    trusted: bool


def _receive(response: http.client.HTTPResponse, part: Path, offset: int, total: int | None,
             transfer: _Transfer, progress: bool) -> int:
    """Append what `response` sends to `part`; return the bytes it sent."""
    url, label, max_bytes, head, trusted = (transfer.url, transfer.label, transfer.max_bytes,
                                            transfer.head, transfer.trusted)
    received = offset
    limit = max_bytes if head else max_bytes + 1  # one byte more than allowed is a refusal
    with open(part, "ab" if offset else "wb") as handle, \
            tqdm(total=min(total or max_bytes, max_bytes) if head else total, initial=offset,
                 unit="B", unit_scale=True, desc=label, leave=False,
                 disable=not progress) as bar:
        try:
            while received < limit and (block := response.read(min(_CHUNK, limit - received))):
                handle.write(block)
                received += len(block)
                bar.update(len(block))
        except (OSError, http.client.HTTPException) as error:
            raise _stopped(url, part, (offset, received), total, error, trusted) from None
    if received > max_bytes:
        _discard(part)
        raise _too_long(url, label, max_bytes, "a longer or endless stream")
    if total is not None and received < min(total, max_bytes):
        raise _stopped(url, part, (offset, received), total, "the connection closed early",
                       trusted)
    return received - offset


def _too_long(url: str, label: str, max_bytes: int, served: str) -> FetchError:
    return FetchError(f"{label}: {url} serves {served}, more than the {max_bytes:,} bytes the "
                      "manifest records for it; the download was deleted and nothing was "
                      "written (an error page or a changed upstream file: report it if it "
                      "persists)")


def _stopped(url: str, part: Path, span: tuple[int, int], total: int | None, why: object,
             trusted: bool) -> FetchError:
    """Return the error of a transfer that stopped at byte `span[1]`, having started at
    `span[0]` (a kept partial continued)."""
    offset, received = span
    of = f" of {total:,}" if total is not None else ""
    run = f", {received - offset:,} of them in this run" if offset else ""
    if not trusted:
        _discard(part)
        return FetchError(f"{url}: the download stopped after {received:,}{of} bytes ({why}); "
                          "it was deleted, as nothing vouches for its bytes (no recorded digest, "
                          "no validator from the host): the next `lexsub fetch` starts afresh")
    return Interrupted(f"{url}: the download stopped after {received:,}{of} bytes{run} ({why}); "
                       f"the partial download is kept in {part} and the next `lexsub fetch` "
                       "continues it", received - offset)
