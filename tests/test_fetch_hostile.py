"""`lexsub fetch` against a real local HTTP server serving what a hostile or broken host serves.

Each case runs the real command against `fetch_mirror`'s server on 127.0.0.1: an HTML error
page served with status 200 for a file without an upstream digest, an endless stream, an
archive bomb (tar.gz and zip, built here, a few kB), a zip with a bad CRC beside an input that
is fine, a redirect to another host, and a manifest whose paths lead out of the roots. Each
asserts the input's one line (the input, what happened, what to do), the exit status, and that
no partial download, validator or staging folder is left behind.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
from pathlib import Path

import fetch_mirror as fm
import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import kernels_subfolder
from lexsub_baselines.inputs.manifest import Manifest, Resource, load_manifest
from lexsub_baselines.inputs.verify import locate
from lexsub_baselines.resources.download import redirect_problem
from lexsub_baselines.resources.fetch import fetch

MANIFEST = load_manifest()
SWORDS_DEV = MANIFEST.get("swords-dev")
ENWIKI = MANIFEST.get("freq-enwiki")
ARCHIVE_URL = MANIFEST.get("semeval2007-key-gold").upstream_url
HTML = b"<html><body>Rate limit exceeded; try again later.</body></html>\n"


def _leftovers(tmp_path: Path) -> list[str]:
    """The downloads, validators and staging folders left in the cache."""
    folder = tmp_path / "cache" / kernels_subfolder() / "downloads"  # as --cache-dir reads it
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def _line(out: str, name: str) -> str:
    [line] = [line for line in out.splitlines() if line.startswith(f"{name} ")]
    return line


def test_html_page_for_a_file_without_digest_is_deleted_then_fetched_afresh(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, manifest = upstream
    path = fm.url_path(ENWIKI.upstream_url)
    with fm.serving({**files, path: HTML}) as mirror:
        assert fm.fetch_cli(tmp_path, manifest, mirror.url, "freq-enwiki") == 2
    line = _line(capsys.readouterr().out, "freq-enwiki")
    assert f"failed: {ENWIKI.path}: " in line and f"served {len(HTML)} bytes" in line
    assert "fewer than the 699,600" in line and "error page" in line
    assert "its download was deleted: the next `lexsub fetch` starts afresh" in line
    assert _leftovers(tmp_path) == []
    with fm.serving(dict(files)) as mirror:
        assert fm.fetch_cli(tmp_path, manifest, mirror.url, "freq-enwiki") == 0
        assert mirror.requests == [(path, "")]  # from the first byte, not `Range: bytes=63-`
    assert "freq-enwiki       fetched: 1 file(s)" in capsys.readouterr().out
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("announced", [None, 200_000_000])
def test_endless_stream_is_cut_at_the_recorded_size(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path, announced: int | None,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, manifest = upstream
    start = time.monotonic()
    with fm.serving(dict(files)) as mirror:
        mirror.endless[fm.url_path(SWORDS_DEV.upstream_url)] = announced
        assert fm.fetch_cli(tmp_path, manifest, mirror.url, "swords-dev") == 2
    assert time.monotonic() - start < 20
    line = _line(capsys.readouterr().out, "swords-dev")
    served = ("200,000,000 bytes (its Content-Length)" if announced
              else "a longer or endless stream")
    assert f"serves {served}, more than the 1,475,021 bytes the manifest records" in line
    assert "the download was deleted" in line and "report it if it persists" in line
    assert not locate(SWORDS_DEV, fm.temp_roots(tmp_path)).exists()
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("host", ["no validator", "etag", "etag, file changed"])
def test_a_partial_is_resumed_only_when_a_validator_vouches_for_it(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path, host: str) -> None:
    files, manifest = upstream
    roots, path = fm.temp_roots(tmp_path), fm.url_path(ENWIKI.upstream_url)
    etag = host != "no validator"
    with fm.serving(dict(files)) as mirror:
        mirror.etags = etag
        mirror.cut[path] = 300_000
        [stopped] = fetch(roots, ["freq-enwiki"], manifest=manifest, mirror=mirror.url,
                          progress=False)
        assert stopped.status == "failed" and "stopped after 300,000 of" in stopped.detail
        if etag:  # the host's ETag and size vouch for the bytes so far: kept, continued
            assert "the partial download is kept" in stopped.detail
            assert [n.rsplit(".", 1)[1] for n in _leftovers(tmp_path)] == ["part", "validator"]
        else:  # nothing does: deleted, started afresh
            assert "it was deleted, as nothing vouches for its bytes" in stopped.detail
            assert _leftovers(tmp_path) == []
        if host == "etag, file changed":  # past the kept bytes: another ETag, the same start
            mirror.files[path] = files[path] + b"zz-added 1\n"
        [again] = fetch(roots, ["freq-enwiki"], manifest=manifest, mirror=mirror.url,
                        progress=False)
        assert mirror.requests[-1] == (path, "bytes=300000-" if etag else "")
        assert bool(mirror.if_ranges[-1]) == etag
        # continued from byte 300,000, or (another file: the If-Range fails) sent whole again
        assert mirror.statuses == [200, 206 if host == "etag" else 200]
    assert again.status == "fetched"
    assert locate(ENWIKI, roots).read_bytes() == files[path][:ENWIKI.bytes]
    assert _leftovers(tmp_path) == []


def _fetch_archive_beside_swords(files: dict[str, bytes], archive: bytes, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> str:
    """Fetch semeval2007 (served as `archive`) and swords-dev in one run; return the line of
    semeval2007, having checked that swords-dev was fetched and nothing of the other is left."""
    served = {**files, fm.url_path(ARCHIVE_URL): archive}
    with fm.serving(served) as mirror:
        assert fm.fetch_cli(tmp_path, MANIFEST, mirror.url,
                         "semeval2007", "swords-dev") == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert "swords-dev        fetched: 1 file(s)" in captured.out
    assert not (tmp_path / "root" / "data" / "semeval2007").exists()
    assert _leftovers(tmp_path) == []
    return _line(captured.out, "semeval2007")


def _bomb(kind: str, members: dict[str, bytes]) -> bytes:
    """The SemEval archive with a member of 40 MB of zeros beside its files."""
    zeros = bytes(40 << 20)
    raw = io.BytesIO()
    if kind == "zip":
        with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as handle:
            for name, data in [*members.items(), ("task10data/filler", zeros)]:
                handle.writestr(name, data)
        return raw.getvalue()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for name, data in [("task10data/filler", zeros), *members.items()]:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), mtime=0)


@pytest.mark.parametrize("kind", ["tar.gz", "zip"])
def test_archive_bomb_is_refused_before_it_is_unpacked(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path, kind: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, _ = upstream
    bomb = _bomb(kind, fm.archive_members(files, MANIFEST))
    assert len(bomb) < 600_000  # 40 MB and the files, in well under 1 MB
    line = _fetch_archive_beside_swords(files, bomb, tmp_path, capsys)
    assert "failed: task10data.tar.gz: refused, nothing was unpacked: its files hold more " \
           "than the 5,888,040 bytes the manifest records" in line
    assert "its download was deleted" in line


def test_zip_with_a_bad_crc_fails_its_input_in_one_line_and_the_others_are_fetched(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, _ = upstream
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_STORED) as handle:
        for name, data in fm.archive_members(files, MANIFEST).items():
            handle.writestr(name, data)
    broken = bytearray(raw.getvalue())
    broken[bytes(broken).index(b"adj")] ^= 0x20  # a byte of a stored member's content
    line = _fetch_archive_beside_swords(files, bytes(broken), tmp_path, capsys)
    assert "failed: task10data.tar.gz: a broken archive (BadZipFile: Bad CRC-32 for file" in line
    assert "fetch again, or report it if it persists" in line


def test_redirect_to_a_host_the_manifest_does_not_list_is_not_followed(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, manifest = upstream
    path = fm.url_path(SWORDS_DEV.upstream_url)
    with fm.serving(dict(files)) as mirror:
        moved = f"http://localhost:{mirror.port}/moved{path}"
        mirror.files[f"/moved{path}"] = files[path]
        mirror.redirects[path] = moved
        assert fm.fetch_cli(tmp_path, manifest, mirror.url, "swords-dev") == 2
        line = _line(capsys.readouterr().out, "swords-dev")
        assert [p for p, _ in mirror.requests] == [path]  # the new host was never asked
        listed = dataclasses.replace(SWORDS_DEV, redirect_hosts=("localhost",))
        assert fm.fetch_cli(tmp_path, Manifest((listed,)), mirror.url, "swords-dev") == 0
        assert [p for p, _ in mirror.requests] == [path, path, f"/moved{path}"]
    assert f"redirects to {moved}, which was not followed: it leads to the host localhost, " \
           "which the manifest does not list for it; nothing was written" in line
    assert "--mirror URL" in line
    assert locate(SWORDS_DEV, fm.temp_roots(tmp_path)).is_file()
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("target, problem", [
    ("http://raw.githubusercontent.com/a", "it leads from https to http"),
    ("https://evil.example/a", "it leads to the host evil.example, which the manifest does not"),
    ("ftp://raw.githubusercontent.com/a", "it leads to a ftp URL"),
    ("https://raw.githubusercontent.com:8443/a", ""),
    ("https://github.com/b", ""),
])
def test_redirect_decision(target: str, problem: str) -> None:
    hosts = {"github.com", "raw.githubusercontent.com"}
    assert redirect_problem("https://github.com/a", target, hosts).startswith(problem)
    assert bool(redirect_problem("https://github.com/a", target, hosts)) == bool(problem)
    assert redirect_problem("http://h/a", "http://h/b", {"h"}) == ""  # http stays allowed


@pytest.mark.parametrize("path, problem", [
    ("/tmp/outside/gold", "is absolute"),
    ("data/../../outside/gold", "has an empty, '.' or '..' component"),
])
def test_manifest_paths_out_of_the_roots_are_refused(
        tmp_path: Path, path: str, problem: str, capsys: pytest.CaptureFixture[str]) -> None:
    entry = dataclasses.replace(SWORDS_DEV, path=path)
    file = tmp_path / "manifest.json"
    file.write_text(Manifest((entry,)).to_text(), encoding="utf-8")
    assert main(["--shared-root", str(tmp_path / "root"), "--cache-dir",
                 str(tmp_path / "cache"), "fetch", "swords-dev", "--manifest", str(file),
                 "--no-progress"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert f"{file}: entry 'swords-dev': path {path!r} {problem}, so it would lie outside " \
           "the roots (give a path relative to the shared root" in line
    [result] = fetch(fm.temp_roots(tmp_path), ["swords-dev"], manifest=Manifest((entry,)),
                     mirror="http://127.0.0.1:9", progress=False)  # a manifest made in code
    assert result.status == "failed" and f"{path!r} {problem}" in result.detail
    assert not (tmp_path / "outside").exists() and not Path("/tmp/outside/gold").exists()
    assert _leftovers(tmp_path) == []


def test_a_manifest_path_naming_a_folder_is_refused(tmp_path: Path) -> None:
    roots = fm.temp_roots(tmp_path)
    (roots.data / "swords").mkdir(parents=True)
    entry = dataclasses.replace(SWORDS_DEV, path="data/swords")
    [result] = fetch(roots, ["swords-dev"], manifest=Manifest((entry,)),
                     mirror="http://127.0.0.1:9", progress=False)  # never asked
    assert result.status == "failed"
    assert result.detail == (f"{roots.data / 'swords'} is there but is not a file; it was left "
                             "alone: move it away and fetch again")


#: Another `lexsub fetch` of an input: a process holding its lock until it is killed.
HOLDER = """
import sys, time
from pathlib import Path
from lexsub_baselines.resources.fetch_lock import input_lock
with input_lock(Path(sys.argv[1]), sys.argv[2], print):
    print("held", flush=True)
    time.sleep(600)
"""


def test_a_second_fetch_of_an_input_waits_for_the_first(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    files, manifest = upstream
    roots = fm.temp_roots(tmp_path)
    said: list[str] = []
    results = []
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(roots.cache / "fetch-locks"),
                              "swords"], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        with fm.serving(dict(files)) as mirror:
            worker = threading.Thread(target=lambda: results.extend(fetch(
                roots, ["swords"], manifest=manifest, mirror=mirror.url, progress=False,
                say=said.append)))
            worker.start()
            deadline = time.monotonic() + 10
            while not said and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.2)
            assert mirror.requests == [] and not results  # it waits, downloading nothing
            other.kill()  # the kernel releases the lock of a holder however it dies
            worker.join(20)
    finally:
        other.kill()
        other.wait()
    assert len(said) == 1 and said[0].startswith("lexsub: swords: another `lexsub fetch` is "
                                                 "fetching it") and said[0].endswith("waiting")
    assert [r.status for r in results] == ["fetched"]
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("entry, field", [
    (dataclasses.replace(MANIFEST.get("ud-ewt-dev"), upstream_bytes=0), "upstream_bytes"),
    (dataclasses.replace(MANIFEST.get("semeval2007-key-gold"), unpacked_bytes=0),
     "unpacked_bytes"),
])
def test_an_entry_without_its_caps_is_not_fetched(tmp_path: Path, entry: Resource,
                                                  field: str) -> None:
    [result] = fetch(fm.temp_roots(tmp_path), [entry.id], manifest=Manifest((entry,)),
                     mirror="http://127.0.0.1:9", progress=False)  # never asked
    assert result.status == "failed"
    assert result.detail.startswith(f"{entry.id}: the manifest records no {field} (the most")
    assert result.detail.endswith("regenerate the manifest with scripts/make_manifest.py")
    assert _leftovers(tmp_path) == []


def test_a_root_that_cannot_be_written_fails_its_input_in_one_line(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    files, manifest = upstream
    roots = fm.temp_roots(tmp_path)
    roots.data.mkdir(parents=True)
    (roots.data / "swords").write_bytes(b"a file where the folder goes\n")
    with fm.serving(dict(files)) as mirror:
        results = fetch(roots, ["swords-dev", "lst-candidates"], manifest=manifest,
                        mirror=mirror.url, progress=False)
    assert [r.status for r in results] == ["failed", "fetched"]
    assert results[0].detail.startswith(f"cannot write {roots.data / 'swords'}")
    assert "--cache-dir (or LEXSUB_DATA_ROOT, LEXSUB_SHARED_ROOT, LEXSUB_CACHE_DIR) at folders " \
           "you can write, with room for the files [its download was deleted" in results[0].detail
    assert _leftovers(tmp_path) == []
