"""`lexsub fetch` against a real local HTTP server serving what the upstream hosts serve.

The server (`fetch_mirror`) serves files and archives made from ../shared at the upstream
paths; `--mirror` points the fetch at it. Checked: a fetch from nothing, a second fetch that
downloads nothing, an interrupted download resumed with a Range request, a corrupted download
and a corrupted archive member refused with the file's name and both digests, hostile archives
(`../`, an absolute path, a link out, in tar and zip) refused with nothing written outside,
and every recipe (file, archive member, xz, the first bytes) giving the recorded bytes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import os
import tarfile
import zipfile
from pathlib import Path

import pytest
from fetch_mirror import (
    archive_members,
    fetch_cli,
    serving,
    temp_roots,
    url_path,
)

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import UnknownNameError
from lexsub_baselines.core.paths import kernels_subfolder
from lexsub_baselines.inputs.manifest import Manifest, load_manifest
from lexsub_baselines.inputs.verify import locate, verify
from lexsub_baselines.resources.download import FetchError, mirrored
from lexsub_baselines.resources.fetch import fetch, select
from lexsub_baselines.resources.unpack import extract_named

MANIFEST = load_manifest()
SWORDS_DEV = MANIFEST.get("swords-dev")
SEMEVAL_IDS = [r.id for r in MANIFEST.resources if r.input == "semeval2007"]


@pytest.mark.needs("wordnet")
def test_fetch_from_nothing_then_again_downloads_nothing(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, manifest = upstream
    with serving(dict(files)) as mirror:
        assert fetch_cli(tmp_path, manifest, mirror.url, "scoring") == 0
        first = capsys.readouterr().out
        asked = [path for path, _ in mirror.requests]
        assert sorted(asked) == sorted({url_path(r.upstream_url) for r in manifest.resources
                                        if "scoring" in r.groups and r.fetch
                                        and r.input != "wordnet"})  # one each; Debian's WordNet
        assert fetch_cli(tmp_path, manifest, mirror.url, "scoring") == 0
        second = capsys.readouterr().out
        assert len(mirror.requests) == len(asked)  # the second fetch only checked
    assert "semeval2007       fetched: 8 file(s)" in first
    assert "swords            fetched: 2 file(s)" in first
    assert "wordnet           present" in first
    assert "semeval2007       ok: 8 file(s)" in second and "nothing downloaded" in second
    ids = [*SEMEVAL_IDS, "swords-dev", "swords-test"]
    statuses = verify(temp_roots(tmp_path), ids, manifest=MANIFEST)  # the real manifest's digests
    assert [s.status for s in statuses] == ["ok"] * len(ids)
    assert (tmp_path / "root" / "data" / "semeval2007" / "key" / "gold").is_file()
    downloads = tmp_path / "cache" / kernels_subfolder() / "downloads"  # as --cache-dir reads
    assert not list(downloads.iterdir())  # no download left over


def test_every_recipe_gives_the_recorded_bytes(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    files, manifest = upstream
    roots = temp_roots(tmp_path)
    ids = ["ud-ewt-dev", "ud-ewt-test", "freq-enwiki", "roget-1911", "lst-candidates"]
    with serving(dict(files)) as mirror:
        results = fetch(roots, ids, manifest=manifest, mirror=mirror.url, progress=False)
    assert [r.status for r in results] == ["fetched"] * len(ids)
    statuses = verify(roots, ids, manifest=MANIFEST)
    assert [s.status for s in statuses] == ["ok"] * len(ids), [s.detail for s in statuses]
    trimmed = locate(MANIFEST.get("freq-enwiki"), roots).read_bytes()
    assert trimmed == files[url_path(MANIFEST.get("freq-enwiki").upstream_url)][:len(trimmed)]
    assert b"zz-not-kept" not in trimmed  # the shared copy's bytes, not the lines after them


def test_interrupted_download_is_resumed_never_taken_as_done(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    files, manifest = upstream
    roots = temp_roots(tmp_path)
    path = url_path(SWORDS_DEV.upstream_url)
    with serving(dict(files)) as mirror:
        mirror.cut[path] = 500_000
        [result] = fetch(roots, ["swords-dev"], manifest=manifest, mirror=mirror.url,
                         progress=False)
        assert result.status == "failed"
        assert "stopped after 500,000 of 1,475,021 bytes" in result.detail
        assert not locate(SWORDS_DEV, roots).exists()  # a partial is never the file
        [again] = fetch(roots, ["swords-dev"], manifest=manifest, mirror=mirror.url,
                        progress=False)
        assert mirror.requests[-1] == (path, "bytes=500000-")
    assert again.status == "fetched" and again.downloaded == 1_475_021 - 500_000
    assert [s.status for s in verify(roots, ["swords-dev"], manifest=MANIFEST)] == ["ok"]


def test_corrupted_download_is_refused_naming_the_file_and_both_digests(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    files, manifest = upstream
    path = url_path(SWORDS_DEV.upstream_url)
    data = bytearray(files[path])
    data[1000] ^= 0xFF
    with serving({**files, path: bytes(data)}) as mirror:
        assert fetch_cli(tmp_path, manifest, mirror.url, "swords-dev") == 2
    out = capsys.readouterr().out
    assert "swords-v1.1_dev.json.gz" in out and SWORDS_DEV.upstream_sha256 in out
    assert hashlib.sha256(data).hexdigest() in out
    assert not locate(SWORDS_DEV, temp_roots(tmp_path)).exists()
    downloads = tmp_path / "cache" / kernels_subfolder() / "downloads"
    assert not list(downloads.glob("*.part"))  # deleted, not kept


def _semeval_archive(files: dict[str, bytes], extra: dict[str, bytes] | None = None,
                     link: tuple[str, str] | None = None, changed: bytes = b"") -> bytes:
    """The test archive of the SemEval files, with `extra` members, a symlink, a changed gold."""
    members = archive_members(files, MANIFEST)
    if changed:
        members["task10data/scoring/gold"] = changed
    members.update(extra or {})
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        if link:
            info = tarfile.TarInfo(link[0])
            info.type, info.linkname = tarfile.SYMTYPE, link[1]
            tar.addfile(info)
    return raw.getvalue()


def _serve_archive(files: dict[str, bytes], archive: bytes) -> tuple[dict[str, bytes], Manifest]:
    url = MANIFEST.get(SEMEVAL_IDS[0]).upstream_url
    served = {**files, url_path(url): archive}
    return served, MANIFEST


def test_archive_member_with_another_digest_is_refused(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    files, _ = upstream
    served, manifest = _serve_archive(files, _semeval_archive(files, changed=b"altered gold\n"))
    with serving(served) as mirror:
        [result] = fetch(temp_roots(tmp_path), ["semeval2007"], manifest=manifest,
                         mirror=mirror.url, progress=False)
    assert result.status == "failed"
    gold = MANIFEST.get("semeval2007-key-gold")
    assert gold.path in result.detail and gold.sha256 in result.detail
    assert hashlib.sha256(b"altered gold\n").hexdigest() in result.detail
    assert not locate(gold, temp_roots(tmp_path)).exists()


@pytest.mark.parametrize("hostile", ["dotdot", "absolute", "symlink-out", "absolute-link"])
def test_hostile_tar_is_refused_with_nothing_written_outside(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path, hostile: str) -> None:
    files, _ = upstream
    outside = tmp_path / "outside"
    extra, link = {}, None
    if hostile == "dotdot":
        extra = {"task10data/../../../../outside/gold": b"evil\n"}
    elif hostile == "absolute":
        extra = {str(outside / "gold"): b"evil\n"}
    elif hostile == "symlink-out":
        link = ("task10data/trial/escape", "../../../outside")
    else:
        link = ("task10data/trial/gold.trial", str(outside / "gold"))
    served, manifest = _serve_archive(files, _semeval_archive(files, extra, link))
    before = sorted(p.name for p in tmp_path.iterdir())
    with serving(served) as mirror:
        [result] = fetch(temp_roots(tmp_path), ["semeval2007"], manifest=manifest,
                         mirror=mirror.url, progress=False)
    assert result.status == "failed" and "refused, nothing was unpacked" in result.detail
    assert not outside.exists()
    assert not (tmp_path / "root" / "data" / "semeval2007").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({*before, "cache"})


@pytest.mark.parametrize("name", ["../outside/gold", "/outside/gold", "a/../../outside/gold"])
def test_hostile_zip_is_refused(tmp_path: Path, name: str) -> None:
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("dict/gold", b"fine\n")
        handle.writestr(name, b"evil\n")
    with pytest.raises(FetchError, match="refused, nothing was unpacked"):
        extract_named(archive, {"gold"}, tmp_path / "staging", max_bytes=100)
    assert not (tmp_path / "outside").exists() and not Path("/outside").exists()


def test_a_different_file_in_place_is_left_alone(
        upstream: tuple[dict[str, bytes], Manifest], tmp_path: Path) -> None:
    files, manifest = upstream
    roots = temp_roots(tmp_path)
    target = locate(SWORDS_DEV, roots)
    target.parent.mkdir(parents=True)
    target.write_bytes(b"mine\n")
    with serving(dict(files)) as mirror:
        [result] = fetch(roots, ["swords-dev"], manifest=manifest, mirror=mirror.url,
                         progress=False)
        assert mirror.requests == []
    assert result.status == "failed" and str(target) in result.detail
    assert hashlib.sha256(b"mine\n").hexdigest() in result.detail
    assert target.read_bytes() == b"mine\n"


def test_names_groups_and_what_cannot_be_fetched(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    scoring = select(MANIFEST, ["scoring"])
    # what `lexsub score` reads: LS07-all's pools and CoInCo too (issue 54)
    assert list(scoring) == ["semeval2007", "lst-candidates", "coinco", "swords", "tsar2022",
                             "prolex", "wordnet"]
    baselines = select(MANIFEST, ["baselines"])
    assert {"roget", "bnc-lemmas", "freq-enwiki", "ud-ewt", "corpus-enwiki"} <= set(baselines)
    assert [r.id for r in select(MANIFEST, ["swords-test"])["swords-test"]] == ["swords-test"]
    with pytest.raises(UnknownNameError) as unknown:
        select(MANIFEST, ["semeval"])
    assert str(unknown.value).startswith("unknown input 'semeval'; did you mean semeval2007? ")
    assert "swords-dev" not in str(unknown.value)  # groups and inputs, not the 80 entry ids
    roots = ["--shared-root", str(tmp_path / "root"), "--cache-dir", str(tmp_path / "c")]
    assert main([*roots, "fetch", "clls2010", "corpus-enwiki"]) == 1
    out = capsys.readouterr().out
    assert "clls2010          not fetched: no public download" in out
    assert "bring your own WikiExtractor output" in out
    assert main([*roots, "fetch", "--list"]) == 0
    listing = capsys.readouterr().out
    assert "semeval2007 [scoring, baselines]: 8 file(s) from http" in listing
    assert "wordnet [scoring, baselines]: 15 file(s) from https://deb.debian.org/debian/pool/" \
           "main/w/wordnet/{wordnet-base_3.0-37_all.deb,wordnet-sense-index_3.0-37_all.deb}" \
           in listing


def test_mirror_rewrites_every_upstream_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            upstream: tuple[dict[str, bytes], Manifest]) -> None:
    assert mirrored("http://www.example.org/files/a.tar.gz", "http://m:1/x/") == \
        "http://m:1/x/www.example.org/files/a.tar.gz"
    assert mirrored("https://h/p", None) == "https://h/p"
    files, manifest = upstream
    with serving(dict(files)) as mirror:
        monkeypatch.setenv("LEXSUB_MIRROR", mirror.url)
        path = tmp_path / "m.json"
        path.write_text(dataclasses.replace(manifest).to_text(), encoding="utf-8")
        assert main(["--shared-root", str(tmp_path / "root"), "--cache-dir",
                     str(tmp_path / "c"), "fetch", "swords-test", "--manifest", str(path),
                     "--no-progress"]) == 0
    assert os.path.isfile(tmp_path / "root" / "data" / "swords" / "swords-v1.1_test.json.gz")
