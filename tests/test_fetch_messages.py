"""Every message of `lexsub fetch` and `lexsub mirror` says what happened (issue 54), and the
hostile inputs the issue found are refused in one line: an archive's headers count against its
size cap before they are read (memory bounded), a mirror writes only inside its folder.

Against real local HTTP servers (`fetch_mirror`'s, and a stalling one here) and real archives
built here: a tar.gz whose GNU long-name header announces 64 MiB, a pax header of the same, a
zip whose central directory passes the headers' allowance.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import signal
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import fetch_mirror as fm
import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import PROJECT_DIR, Roots, kernels_subfolder
from lexsub_baselines.inputs.manifest import Manifest, load_manifest
from lexsub_baselines.resources.archive_limits import HEADERS
from lexsub_baselines.resources.download import FetchError
from lexsub_baselines.resources.fetch import fetch
from lexsub_baselines.resources.mirror import make_mirror
from lexsub_baselines.resources.unpack import extract_named

MANIFEST = load_manifest()
ENWIKI = MANIFEST.get("freq-enwiki")
SWORDS_TEST = MANIFEST.get("swords-test")
CAP = MANIFEST.get("semeval2007-key-gold").unpacked_bytes
NAME = 64 << 20  # the long name a header announces: 64 MiB


def _long_name_bomb(path: Path, kind: str) -> Path:
    """Write a tar.gz whose first header (a GNU long name, or a pax header) announces `NAME`
    bytes of `a`, streamed through zlib (it is about 64 kB), then one small member."""
    compress = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip
    if kind == "gnu":
        header = tarfile.TarInfo("././@LongLink")
        header.type, header.size = tarfile.GNUTYPE_LONGNAME, NAME
        block = header.tobuf(format=tarfile.GNU_FORMAT)[:512]
        body, tail = b"a" * (1 << 20), b""
    else:  # a pax record `N path=aaa…\n` of NAME bytes
        prefix = f"{NAME} path=".encode()
        header = tarfile.TarInfo("././@PaxHeader")
        header.type, header.size = tarfile.XHDTYPE, NAME
        block = header.tobuf(format=tarfile.USTAR_FORMAT)
        body, tail = b"a" * (1 << 20), b"\n"
    member = tarfile.TarInfo("gold")
    member.size = 1
    with open(path, "wb") as out:
        out.write(compress.compress(block))
        written = 0 if kind == "gnu" else len(prefix)
        if kind != "gnu":
            out.write(compress.compress(prefix))
        while written < NAME - len(tail):
            piece = body[:NAME - len(tail) - written]
            out.write(compress.compress(piece))
            written += len(piece)
        out.write(compress.compress(tail + b"\0" * (-NAME % 512)))
        out.write(compress.compress(member.tobuf(format=tarfile.USTAR_FORMAT) + b"x"
                                    + b"\0" * 511 + b"\0" * 1024))
        out.write(compress.flush())
    return path


@pytest.mark.parametrize("kind", ["gnu", "pax"])
def test_a_header_bomb_is_refused_at_its_header_with_memory_bounded(
        tmp_path: Path, kind: str) -> None:
    """The issue's bomb drove the reader to 1.5 GB and returned nothing; this one (64 MiB
    announced) took the earlier reader to about 500 MB. Refused in one line, the process
    stays far below the size it announces."""
    bomb = _long_name_bomb(tmp_path / f"{kind}.tar.gz", kind)
    assert bomb.stat().st_size < 200_000
    # the peak of the child alone: /proc's VmHWM (ru_maxrss would keep the forked parent's),
    # and the peak of what Python allocated (tracemalloc)
    code = ("import json, sys, tracemalloc\nfrom pathlib import Path\n"
            "from lexsub_baselines.resources.unpack import extract_named\n"
            "tracemalloc.start()\n"
            "try:\n"
            "    extract_named(Path(sys.argv[1]), {'gold'}, Path(sys.argv[2]), "
            f"max_bytes={CAP})\n"
            "    said = 'returned'\n"
            "except Exception as error:\n"
            "    said = f'{type(error).__name__}: {error}'\n"
            "peak = tracemalloc.get_traced_memory()[1]\n"
            "hwm = next(int(line.split()[1]) for line in open('/proc/self/status')\n"
            "           if line.startswith('VmHWM:'))\n"
            "print(json.dumps([said, hwm, peak]))")
    done = subprocess.run([sys.executable, "-c", code, str(bomb), str(tmp_path / "staging")],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(PROJECT_DIR)})
    said, kilobytes, peak = json.loads(done.stdout)
    assert said.startswith(f"FetchError: {bomb}: refused, nothing was unpacked: reading it "
                           "would take it to 67,109,376 bytes"), said  # 512 and the name
    assert f"past the {CAP:,} bytes the manifest records for its files and {HEADERS:,} " \
           "for its headers (a header bomb" in said
    assert kilobytes < 100_000, f"{kilobytes / 1024:.0f} MB resident"  # the name is 64 MiB
    assert peak < 8 << 20, f"{peak / 2**20:.0f} MiB allocated"
    assert list((tmp_path / "staging").iterdir()) == []


def test_a_zip_whose_headers_pass_the_allowance_is_refused(tmp_path: Path) -> None:
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_STORED) as archive:
        for number in range(2_500):  # 2,500 entries of 500-character names: 1.37 MB of headers
            archive.writestr(f"{number:04d}" + "n" * 496, b"")
    path = tmp_path / "many.zip"
    path.write_bytes(raw.getvalue())
    with pytest.raises(FetchError, match=r"its headers \(the central directory\) hold "
                                         r"1,365,000 bytes, more than the 1,048,576"):
        extract_named(path, {"gold"}, tmp_path / "staging", max_bytes=CAP)


def test_a_real_archive_passes_the_headers_cap(tmp_path: Path) -> None:
    """Under the cap with its headers: a tar.gz holding exactly the bytes recorded."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        for number in range(40):
            info = tarfile.TarInfo(f"folder/{'deep/' * 20}file-{number}")
            info.size = 1000
            tar.addfile(info, io.BytesIO(b"z" * 1000))
    path = tmp_path / "fine.tar.gz"
    path.write_bytes(raw.getvalue())
    found = extract_named(path, {"file-7"}, tmp_path / "staging", max_bytes=40 * 1000)
    assert [m.path.read_bytes() for m in found] == [b"z" * 1000]


def _line(out: str, name: str) -> str:
    [line] = [line for line in out.splitlines() if line.startswith(f"{name} ")]
    return line


@pytest.mark.parametrize("host", ["etag", "etag, file changed"])
def test_a_continued_or_restarted_download_counts_what_it_took(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path, host: str) -> None:
    """Continued: the bytes of this run, and how much of an earlier run's it continued;
    restarted (the file changed): the whole file, as transferred (the issue saw '52 kB
    downloaded' for 183 kB)."""
    files, manifest = upstream
    roots, path = fm.temp_roots(tmp_path), fm.url_path(ENWIKI.upstream_url)
    with fm.serving(dict(files)) as mirror:
        mirror.etags = True
        mirror.cut[path] = 300_000
        [stopped] = fetch(roots, ["freq-enwiki"], manifest=manifest, mirror=mirror.url,
                          progress=False)
        assert stopped.status == "failed" and "the partial download is kept" in stopped.detail
        if host == "etag, file changed":
            mirror.files[path] = files[path] + b"zz-added 1\n"
        [again] = fetch(roots, ["freq-enwiki"], manifest=manifest, mirror=mirror.url,
                        progress=False)
    kept = ENWIKI.download_limit()  # a `head` entry: the fetch reads the start it keeps
    if host == "etag":
        assert (again.downloaded, again.resumed) == (kept - 300_000, 300_000)
        assert f"({(kept - 300_000) / 1e3:,.0f} kB downloaded, continuing 300 kB an earlier " \
               "fetch kept)" in again.line()
    else:
        assert (again.downloaded, again.resumed) == (kept, 0)
        assert f"({kept / 1e3:,.0f} kB downloaded)" in again.line()


@contextmanager
def _stalling(files: dict[str, bytes], stalled: str, after: int) -> Iterator[str]:
    """Serve `files` at `/HOST/PATH`; of `stalled`, send `after` bytes, then wait (as a host
    whose transfer hangs) until the block ends; yield the URL."""
    release = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return

        def do_GET(self) -> None:
            data = files.get(self.path)
            if data is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data[:after] if self.path == stalled else data)
                self.wfile.flush()
            except OSError:
                return
            if self.path == stalled:
                release.wait(60)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        release.set()
        server.shutdown()
        server.server_close()
        thread.join()


#: `python -m lexsub_baselines` with Python's Ctrl-C handler installed even when the tests
#: run in a background job, whose processes inherit SIGINT ignored (Python then installs none).
_INTERRUPTIBLE = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
                  "runpy.run_module('lexsub_baselines', run_name='__main__', alter_sys=True)")


def test_an_interrupted_fetch_says_what_it_kept(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    """Ctrl-C during swords-test (after swords-dev was laid out): the line names the file in
    place, the partial kept (its digest is recorded: the next fetch continues it), and the
    command that goes on; the next fetch continues it and lays the file out."""
    files, manifest = upstream
    options = ["--shared-root", str(tmp_path / "root"), "--cache-dir", str(tmp_path / "cache")]
    kept = 3 << 16  # three of the download's 64 kB reads
    with _stalling(files, fm.url_path(SWORDS_TEST.upstream_url), kept) as url:
        command = [sys.executable, "-c", _INTERRUPTIBLE, *options, "fetch", "swords-dev",
                   "swords-test", "--mirror", url, "--no-progress"]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env={**os.environ, "PYTHONPATH": str(PROJECT_DIR)})
        downloads = tmp_path / "cache" / kernels_subfolder() / "downloads"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any(
                p.name.startswith("swords-v1.1_test") and p.stat().st_size >= kept
                for p in (downloads.iterdir() if downloads.is_dir() else [])):
            time.sleep(0.1)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130, (out, err)
    [line] = err.splitlines()
    partial = next(downloads.glob("swords-v1.1_test.json.gz.*.part"))
    assert line == (
        "lexsub: interrupted: while fetching swords-test; in place before: swords-dev; the "
        f"partial download of {url}{fm.url_path(SWORDS_TEST.upstream_url)} (197 kB) is kept in "
        f"{partial}: `lexsub fetch swords-dev swords-test` goes on from there")
    assert "swords-dev        fetched: 1 file(s)" in out
    with fm.serving(dict(files)) as mirror:
        [again] = fetch(fm.temp_roots(tmp_path), ["swords-test"], manifest=manifest,
                        mirror=mirror.url, progress=False)
    assert again.status == "fetched" and again.resumed == kept
    assert mirror.requests[-1][1] == f"bytes={kept}-"


def test_a_failure_after_files_were_laid_out_says_they_stay(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    """The issue saw 'nothing was written' where other files of the input were laid out."""
    files, manifest = upstream
    served = dict(files)
    served[fm.url_path(SWORDS_TEST.upstream_url)] = b"not the file"
    with fm.serving(served) as mirror:
        [result] = fetch(fm.temp_roots(tmp_path), ["swords"], manifest=manifest,
                         mirror=mirror.url, progress=False)
    assert result.status == "failed"
    dev = fm.temp_roots(tmp_path).data / "swords" / "swords-v1.1_dev.json.gz"
    assert f"[1 of its files were laid out before, each checked, and stay: {dev}]" in \
        result.detail


def test_a_mirror_without_its_scheme_is_named_before_anything_is_fetched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--shared-root", str(tmp_path / "root"), "--cache-dir", str(tmp_path / "cache")]
    assert main([*options, "fetch", "swords", "--mirror", "127.0.0.1:8000"]) == 2
    err = capsys.readouterr().err
    assert err == ("lexsub: error: --mirror 127.0.0.1:8000 (or LEXSUB_MIRROR) is not an "
                   "http(s) URL: did you mean http://127.0.0.1:8000? (a mirror is a URL such as "
                   "http://HOST:8000, where `python3 -m http.server` serves a `lexsub mirror` "
                   "folder)\n")


def test_the_mirror_names_the_files_it_wrote(shared: Roots, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mirror"
    assert main(["--shared-root", str(shared.shared), "mirror", str(out), "semeval2007",
                 "swords"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("semeval2007: mirrored (wrote 1 file, serving its 8 files: "
                               "task10data.tar.gz): ")
    assert lines[3] == ("swords: mirrored (wrote 2 files, serving its 2 files: "
                        "swords-v1.1_dev.json.gz, swords-v1.1_test.json.gz)")
    assert len([p for p in out.rglob("*") if p.is_file()]) == 3


def test_a_mirror_url_leading_out_of_the_folder_writes_nothing(shared: Roots,
                                                               tmp_path: Path) -> None:
    """A manifest whose upstream_url holds `..` would have the mirror write beside its folder
    (the issue found one); refused in its line, as fetch refuses a path out of the roots."""
    hostile = dataclasses.replace(
        SWORDS_TEST, upstream_url="https://github.com/../../../escaped/swords-v1.1_test.json.gz")
    manifest = Manifest(tuple(hostile if r.id == "swords-test" else r
                              for r in MANIFEST.resources))
    out = tmp_path / "deep" / "mirror"
    [result] = make_mirror(shared, ["swords"], out, manifest=manifest)
    assert result.status == "not mirrored" and result.written == ()
    assert "out of the mirror folder" in result.detail and "nothing was written" in result.detail
    assert not (tmp_path / "escaped").exists() and not any(tmp_path.rglob("*.json.gz"))
    path = tmp_path / "manifest.json"  # the same through the command, LEXSUB_MANIFEST
    path.write_text(manifest.to_text(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "lexsub_baselines", "--shared-root",
                           str(shared.shared), "mirror", str(out), "swords"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(PROJECT_DIR),
                               "LEXSUB_MANIFEST": str(path)})
    assert done.returncode == 1 and "swords: not mirrored: the upstream URL" in done.stdout
    assert not (tmp_path / "escaped").exists() and not any(tmp_path.rglob("*.json.gz"))
