"""`lexsub fetch wordnet`: Debian's packages from a local HTTP server, laid out for the readers.

The packages served are built here (`ar` around `debian-binary`, `control.tar.xz` and a
`data.tar.*` holding the files under `./usr/share/...` beside decoys of the same names), with
made-up content and a test manifest whose digests match, or with the installed files and the
real manifest's file digests (then SWORDS is scored with each folder). Debian's folder is
hidden by pointing `wordnet_files.DEBIAN_WORDNET_DIR` elsewhere. The real packages, when apt's
cache has them, are checked against the manifest.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import json
import lzma
import math
import os
import tarfile
from pathlib import Path

import pytest
from fetch_mirror import fetch_cli, serving, temp_roots, url_path

from lexsub_baselines.core.paths import Roots, kernels_subfolder
from lexsub_baselines.inputs import wordnet_files
from lexsub_baselines.inputs.manifest import Manifest, Resource, load_manifest
from lexsub_baselines.inputs.wordnet_files import (
    FETCHED_WORDNET_DIR,
    LEXNAMES_MAN_PAGE,
    WORDNET_DIR_ENV,
    WORDNET_FILES,
    find_wordnet,
)
from lexsub_baselines.resources.download import FetchError
from lexsub_baselines.resources.unpack import extract_named

MANIFEST = load_manifest()
ENTRIES = [r for r in MANIFEST.resources if r.input == "wordnet" and r.fetch]
APT_CACHE = Path("/var/cache/apt/archives")


def _member_path(resource: Resource) -> str:
    name = resource.path.rsplit("/", 1)[-1]
    return f"./usr/share/{'man/man5' if name == LEXNAMES_MAN_PAGE.name else 'wordnet'}/{name}"


def _tar(members: dict[str, bytes], compress: str) -> bytes:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return (lzma.compress(raw.getvalue(), preset=0) if compress == "xz"
            else gzip.compress(raw.getvalue(), compresslevel=1, mtime=0))


def _deb(members: dict[str, bytes], compress: str = "xz") -> bytes:
    """Return a Debian package (`ar`) whose data.tar.`compress` holds `members`."""
    parts = [("debian-binary", b"2.0\n"),
             ("control.tar.xz", _tar({"./control": b"Package: x\n", "./data.noun": b"no"}, "xz")),
             (f"data.tar.{compress}", _tar(members, compress))]
    return _ar(parts)


def _ar(parts: list[tuple[str, bytes]]) -> bytes:
    out = bytearray(b"!<arch>\n")
    for name, data in parts:
        out += f"{name:<16}{0:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n".encode()
        out += data + (b"\n" if len(data) % 2 else b"")
    return bytes(out)


def _serve(contents: dict[str, bytes], compress: str = "xz"
           ) -> tuple[dict[str, bytes], Manifest]:
    """Return the two packages holding `contents` (entry id -> bytes) at their pool paths and
    the manifest of `ENTRIES` with those digests (the file's unless it is the real one)."""
    members: dict[str, dict[str, bytes]] = {}
    for resource in ENTRIES:
        files = members.setdefault(resource.upstream_url, {
            "./usr/share/doc/wordnet/data.noun": b"a decoy\n"})
        files[_member_path(resource)] = contents[resource.id]
    served = {url_path(url): _deb(files, compress) for url, files in members.items()}

    def entry(resource: Resource) -> Resource:
        deb = served[url_path(resource.upstream_url)]
        data = contents[resource.id]
        return dataclasses.replace(
            resource, sha256=hashlib.sha256(data).hexdigest(), bytes=len(data),
            upstream_sha256=hashlib.sha256(deb).hexdigest(), upstream_bytes=len(deb),
            unpacked_bytes=max(resource.unpacked_bytes or 0, 2 * sum(map(len, contents.values()))))
    return served, Manifest(tuple(entry(r) for r in ENTRIES), "test manifest")


MADE_UP = {r.id: f"made-up {r.id}\n".encode() for r in ENTRIES}


@pytest.fixture
def no_debian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Hide Debian's WordNet and `LEXSUB_WORDNET_DIR`; return the fetched folder's place."""
    monkeypatch.setattr(wordnet_files, "DEBIAN_WORDNET_DIR", tmp_path / "no-debian")
    monkeypatch.delenv(WORDNET_DIR_ENV, raising=False)
    return temp_roots(tmp_path).data / FETCHED_WORDNET_DIR


def test_manifest_takes_every_file_the_readers_need_from_the_two_packages() -> None:
    names = {r.path.rsplit("/", 1)[-1] for r in ENTRIES}
    assert names == {*WORDNET_FILES, LEXNAMES_MAN_PAGE.name}
    assert {r.upstream_url.rsplit("/", 1)[-1] for r in ENTRIES} == {
        "wordnet-base_3.0-37_all.deb", "wordnet-sense-index_3.0-37_all.deb"}
    assert all(r.upstream_sha256 and r.upstream_bytes and r.unpacked_bytes for r in ENTRIES)


def test_fetch_without_debian_lays_out_what_the_readers_find_then_downloads_nothing(
        no_debian: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    served, manifest = _serve(MADE_UP)
    with serving(dict(served)) as mirror:
        assert fetch_cli(tmp_path, manifest, mirror.url, "wordnet") == 0
        first = capsys.readouterr().out
        assert sorted(p for p, _ in mirror.requests) == sorted(served)  # each package once
        assert fetch_cli(tmp_path, manifest, mirror.url, "wordnet") == 0
        second = capsys.readouterr().out
        assert len(mirror.requests) == 2
    assert f"wordnet           fetched: 15 file(s) checked in {no_debian.parent}" in first
    assert "wordnet           ok: 15 file(s)" in second and "nothing downloaded" in second
    folder, page = find_wordnet(data_root=temp_roots(tmp_path).data)
    assert folder == no_debian and page == no_debian.parent / "man/man5/lexnames.5WN.gz"
    assert (folder / "data.noun").read_bytes() == MADE_UP["wordnet-data.noun"]
    assert page.read_bytes() == MADE_UP["wordnet-lexnames"]
    assert not list((tmp_path / "cache" / kernels_subfolder() / "downloads").iterdir())


def test_debian_wordnet_in_place_means_nothing_is_downloaded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    debian = tmp_path / "debian"
    debian.mkdir()
    for name in WORDNET_FILES:
        (debian / name).write_bytes(b"x")
    monkeypatch.setattr(wordnet_files, "DEBIAN_WORDNET_DIR", debian)
    monkeypatch.delenv(WORDNET_DIR_ENV, raising=False)
    served, manifest = _serve(MADE_UP)
    with serving(dict(served)) as mirror:
        assert fetch_cli(tmp_path, manifest, mirror.url, "wordnet") == 0
        assert mirror.requests == []
    assert f"wordnet           present (no download: found at {debian})" in \
        capsys.readouterr().out


def test_without_any_wordnet_the_error_names_both_folders_and_the_three_routes(
        no_debian: Path, tmp_path: Path) -> None:
    with pytest.raises(Exception) as caught:
        find_wordnet(data_root=temp_roots(tmp_path).data)
    message = str(caught.value)
    assert f"{tmp_path / 'no-debian' / 'cntlist.rev'}: the folder is Debian's folder" in message
    assert str(no_debian) in message
    for route in ("`apt-get install wordnet-base wordnet-sense-index`",
                  "`lexsub fetch wordnet`", WORDNET_DIR_ENV):
        assert route in message
    assert "make " not in message


@pytest.mark.parametrize("member", ["../../evil/data.noun", "/abs/data.noun"])
def test_a_hostile_package_is_refused_with_nothing_written(
        no_debian: Path, tmp_path: Path, member: str) -> None:
    deb = tmp_path / "hostile.deb"
    deb.write_bytes(_deb({member: b"evil", "./usr/share/wordnet/data.adj": b"a"}))
    with pytest.raises(FetchError, match="refused, nothing was unpacked"):
        extract_named(deb, {"data.noun", "data.adj"}, tmp_path / "staging", max_bytes=10**6)
    assert not (tmp_path / "evil").exists() and not Path("/abs").exists()
    assert [p.name for p in (tmp_path / "staging").iterdir()] == [".data.tar"]


def test_a_truncated_or_bomb_package_is_refused(tmp_path: Path) -> None:
    whole = _deb({"./usr/share/wordnet/data.noun": b"n" * 5000})
    deb = tmp_path / "cut.deb"
    deb.write_bytes(whole[:-100])
    with pytest.raises(FetchError, match="runs past the end of the file"):
        extract_named(deb, {"data.noun"}, tmp_path / "staging", max_bytes=10**6)
    deb.write_bytes(whole)
    with pytest.raises(FetchError, match="more than the 4,999 bytes"):
        extract_named(deb, {"data.noun"}, tmp_path / "staging", max_bytes=4999)
    deb.write_bytes(_ar([("debian-binary", b"2.0\n")]))
    with pytest.raises(FetchError, match=r"no data\.tar member"):
        extract_named(deb, {"data.noun"}, tmp_path / "staging", max_bytes=10**6)


def _apt_deb(resource: Resource) -> Path:
    package = resource.upstream_url.rsplit("/", 1)[-1].split("_")[0]
    found = APT_CACHE / f"{package}_1%3a3.0-37_all.deb"
    if not found.is_file():
        pytest.skip(f"{found} not in apt's cache (`apt-get download {package}` there, as root)")
    return found


@pytest.mark.parametrize("url", sorted({r.upstream_url for r in ENTRIES}))
def test_the_real_package_unpacks_to_the_manifest_digests(tmp_path: Path, url: str) -> None:
    entries = [r for r in ENTRIES if r.upstream_url == url]
    deb = _apt_deb(entries[0])
    assert hashlib.sha256(deb.read_bytes()).hexdigest() == entries[0].upstream_sha256
    assert deb.stat().st_size == entries[0].upstream_bytes
    found = extract_named(deb, {r.fetch.partition(":")[2] for r in entries},
                          tmp_path / "staging", max_bytes=entries[0].unpacked_bytes or 0)
    digests = {m.name.rsplit("/", 1)[-1]: m.sha256 for m in found}
    assert digests == {r.path.rsplit("/", 1)[-1]: r.sha256 for r in entries}


def _installed() -> dict[str, bytes]:
    return {r.id: (LEXNAMES_MAN_PAGE if r.id == "wordnet-lexnames"
                   else wordnet_files.DEBIAN_WORDNET_DIR / r.path.rsplit("/", 1)[-1]).read_bytes()
            for r in ENTRIES}


@pytest.mark.shared
@pytest.mark.needs("wordnet")
def test_swords_figures_are_identical_with_debian_and_fetched_wordnet(
        shared: Roots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_baselines.scoring import Scorer, SwordsScorer

    def metrics(roots: Roots) -> dict[str, float]:
        scorer = Scorer("swords-dev", roots=roots)
        assert isinstance(scorer, SwordsScorer)
        return dict(scorer.score(first, warn=False).metrics)

    cases = shared.shared / "swords-vectors" / "cases.jsonl"
    if not cases.is_file():
        pytest.skip(f"{cases} not found")
    case = next(c for line in cases.read_text().splitlines() if line.strip()
                and "expected" in (c := json.loads(line)) and c["split"] == "dev")
    first = shared.shared / "swords-vectors" / case["system"]
    monkeypatch.delenv(WORDNET_DIR_ENV, raising=False)
    with_debian = metrics(dataclasses.replace(shared, cache=tmp_path / "debian-cache"))

    served, manifest = _serve(_installed(), compress="gz")
    manifest = Manifest(tuple(dataclasses.replace(r, sha256=real.sha256, bytes=real.bytes)
                              for r, real in zip(manifest.resources, ENTRIES, strict=True)))
    monkeypatch.setattr(wordnet_files, "DEBIAN_WORDNET_DIR", tmp_path / "no-debian")
    with serving(dict(served)) as mirror:
        assert fetch_cli(tmp_path, manifest, mirror.url, "wordnet") == 0  # real digests
    assert "wordnet           fetched: 15 file(s)" in capsys.readouterr().out
    data = tmp_path / "data"  # the shared data root with the fetched WordNet beside it
    data.mkdir()
    for child in shared.data.iterdir():
        if child.name != "wordnet":
            os.symlink(child, data / child.name)
    os.symlink(temp_roots(tmp_path).data / "wordnet", data / "wordnet")
    fetched = dataclasses.replace(shared, data=data, cache=tmp_path / "fetched-cache")
    assert find_wordnet(data_root=data)[0] == data / FETCHED_WORDNET_DIR
    assert metrics(fetched) == with_debian  # identical, not close
    assert all(math.isclose(with_debian[k], v, abs_tol=1e-6)
               for k, v in case["expected"].items())  # and the authors' figures


@pytest.mark.needs("wordnet")
def test_the_baselines_read_the_wordnet_fetched_under_the_data_root_given(
        no_debian: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--data-root` reaches NLTK's reader and morphy (issue 40): a WordNet fetched under the
    data root given on the command line is read, not only one under `LEXSUB_DATA_ROOT`'s."""
    from lexsub_baselines.core.errors import MissingResourceError
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.resources.morphy import load_morphy
    from lexsub_baselines.resources.wordnet import open_wordnet
    from lexsub_baselines.resources.wordnet_nltk import NltkWordNet

    given = tmp_path / "given"  # laid out as `lexsub fetch wordnet` lays it out
    folder, man5 = given / FETCHED_WORDNET_DIR, given / "wordnet" / "share" / "man" / "man5"
    folder.mkdir(parents=True)
    man5.mkdir(parents=True)
    for name in WORDNET_FILES:
        os.symlink(Path("/usr/share/wordnet") / name, folder / name)
    os.symlink(LEXNAMES_MAN_PAGE, man5 / LEXNAMES_MAN_PAGE.name)
    monkeypatch.setenv("LEXSUB_DATA_ROOT", str(tmp_path / "env-root"))  # holds no WordNet
    roots = resolve_roots(data=given, cache=tmp_path / "cache")  # what --data-root gives
    assert roots.data == given
    with pytest.raises(MissingResourceError, match="lexsub fetch wordnet") as caught:
        # without the data root: the environment's, empty
        assert NltkWordNet(resolve_roots(cache=tmp_path / "cache")).reader
    assert "the folder is Debian's folder, and " in str(caught.value)  # not "given": it was not
    wordnet = open_wordnet(roots)
    assert wordnet.base_forms("dogs", "n") == ["dog"]
    assert any(s.id == "dog.n.01" for s in wordnet.synsets("dog", "n"))
    assert load_morphy("nltk-3.5-morphy", roots=roots).analyses("geese", "n") == ["goose"]
    with pytest.raises(MissingResourceError):
        load_morphy("nltk-3.5-morphy", roots=resolve_roots(cache=tmp_path / "cache"))
