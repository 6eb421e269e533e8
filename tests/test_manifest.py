"""The resource manifest: well-formed, consistent with the registries, and `verify()` statuses."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core import digests
from lexsub_baselines.core.errors import DataFormatError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import PROJECT_DIR, Roots, resolve_roots
from lexsub_baselines.datasets.catalog import SEMEVAL2007_SHA256, SEMEVAL2007_URL
from lexsub_baselines.datasets.registry import DATASETS
from lexsub_baselines.inputs.manifest import KINDS, Manifest, Resource, load_manifest
from lexsub_baselines.inputs.verify import accepted, verify
from lexsub_baselines.resources.wordnet_nltk import DEBIAN_WORDNET_DIR, WORDNET_FILES

MANIFEST = load_manifest()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- the shipped manifest ----------------------------------------------------------------------

def test_manifest_is_well_formed_and_deterministic() -> None:
    ids = MANIFEST.ids()
    assert len(ids) == len(set(ids)) >= 25
    for resource in MANIFEST.resources:
        assert resource.kind in KINDS
        assert resource.what and resource.licence and resource.used_by, resource.id
        assert resource.bytes > 0, resource.id
        if resource.kind in ("file", "folder"):
            assert not resource.path.startswith("/") and ".." not in resource.path.split("/")
        elif resource.kind == "debian":
            assert resource.path.startswith("/") and resource.version and resource.package
            assert all(m.startswith("/") for m in resource.members)
            assert resource.file_count == len(resource.members)
        else:
            assert resource.path == f"pypi:{resource.package}" and resource.version
        if resource.upstream_url:
            assert re.match(r"https?://\S+$", resource.upstream_url), resource.id
    # the checked-in text is exactly what the writer produces (sorted keys, stable order)
    shipped = (PROJECT_DIR / "lexsub_baselines" / "inputs" / "manifest.json")
    assert Manifest.from_text(MANIFEST.to_text(), "x") == MANIFEST
    assert shipped.read_text(encoding="utf-8") == MANIFEST.to_text()


def test_used_by_names_existing_modules_and_files() -> None:
    for resource in MANIFEST.resources:
        for user in resource.used_by:
            if user.startswith("lexsub_baselines."):
                assert importlib.util.find_spec(user) is not None, (resource.id, user)
            else:
                assert (PROJECT_DIR / user).is_file(), (resource.id, user)


def test_semeval_and_coinco_entries_agree_with_the_dataset_registry() -> None:
    by_path = {r.path: r for r in MANIFEST.resources}
    checked = 0
    for name in DATASETS.names():
        spec = DATASETS.get(name)
        if not name.startswith(("semeval2007-", "coinco-")):
            continue
        for _role, rel in spec.files:
            entry = by_path[f"data/{rel}"]  # every file a registered dataset reads is recorded
            # the archive itself, or the file within the repository the registry names
            assert entry.upstream_url == spec.upstream_url or \
                entry.upstream_url.startswith(spec.upstream_url + "/raw/")
            assert entry.upstream_sha256 == (spec.upstream_sha256 or entry.sha256)
            assert entry.fetch  # `lexsub fetch` gets each of them
            checked += 1
    assert checked >= 8 + 3 * 3
    semeval = [r for r in MANIFEST.resources if r.upstream_url == SEMEVAL2007_URL]
    assert len(semeval) == 8
    assert {r.upstream_sha256 for r in semeval} == {SEMEVAL2007_SHA256}


def test_kenlm_and_wordnet_entries_agree_with_the_code() -> None:
    script = (PROJECT_DIR / "scripts" / "build_kenlm.sh").read_text(encoding="utf-8")
    kenlm = MANIFEST.get("pypi-kenlm-sdist")
    assert f"KENLM_VERSION={kenlm.version}\n" in script
    assert f"KENLM_SHA256={kenlm.sha256}\n" in script
    members = {m for r in MANIFEST.resources if r.kind == "debian" for m in r.members}
    assert {str(DEBIAN_WORDNET_DIR / name) for name in WORDNET_FILES} <= members


def test_unknown_id_lists_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match="semeval2007-key-gold"):
        MANIFEST.get("no-such-resource")


# --- malformed manifests -----------------------------------------------------------------------

def _entry(**changes: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": "x", "what": "a file", "kind": "file", "path": "resources/x.txt", "version": "",
        "bytes": 1, "licence": "l", "upstream_url": "", "upstream_sha256": "", "used_by": ["t"],
        "note": "", "sha256": "0" * 64, "input": "x", "fetch": "", "groups": []}
    entry.update(changes)
    return entry


def _text(*entries: dict[str, Any]) -> str:
    return json.dumps({"format": 2, "resources": list(entries)})


@pytest.mark.parametrize("text, problem", [
    ("{", "not JSON"),
    (json.dumps({"format": 1, "resources": []}), "format-2"),
    (_text(_entry(fetch="file")), "fetch 'file' is not one of"),  # no upstream_url
    (_text(_entry(fetch="tar", upstream_url="https://h/a.tgz")), "fetch 'tar' is not one of"),
    (_text(_entry(groups=["everything"])), "bad value for 'groups'"),
    (_text(_entry(kind="url")), "kind"),
    (_text(_entry(sha256="abc")), "not a sha256"),
    (_text(_entry(upstream_sha256="XYZ")), "not a sha256"),
    (_text(_entry(bytes=-1)), "bad value"),
    (_text(_entry(tree_sha256="0" * 64)), "unexpected"),
    (_text({k: v for k, v in _entry().items() if k != "licence"}), "missing"),
    (_text(_entry(), _entry()), "twice"),
    (_text(_entry(path="/etc/x")), "path '/etc/x' is absolute, so it would lie outside"),
    (_text(_entry(path="data/../../x")), "'data/../../x' has an empty, '.' or '..' component"),
    (_text(_entry(path="resources//x")), "has an empty"),
    (_text(_entry(upstream_bytes=-1)), "bad value for 'upstream_bytes'"),
    (_text(_entry(unpacked_bytes="1")), "bad value for 'unpacked_bytes'"),
    (_text(_entry(redirect_hosts=["evil.example/path"])), "bad value for 'redirect_hosts'"),
    (_text(_entry(max_bytes=1)), "unexpected"),
])
def test_malformed_manifest_is_refused(text: str, problem: str) -> None:
    with pytest.raises(DataFormatError, match=problem):
        Manifest.from_text(text, "m.json")


def test_the_caps_are_optional_fields_of_format_2() -> None:
    """An entry written before the caps existed still reads (and is written back the same);
    a fetch of an entry without caps reads at most its own size when it keeps what is served."""
    old = _entry(fetch="file", upstream_url="https://h/x.txt", bytes=7)
    [read] = Manifest.from_text(_text(old), "m.json").resources
    assert (read.upstream_bytes, read.unpacked_bytes, read.redirect_hosts) == (0, 0, ())
    assert read.to_json() == old and read.download_limit() == 7
    assert dataclasses.replace(read, fetch="xz").download_limit() == 0  # unknown: not fetched
    capped = _entry(fetch="archive:x.txt", upstream_url="https://github.com/a.tgz",
                    upstream_bytes=9, unpacked_bytes=90,
                    redirect_hosts=["raw.githubusercontent.com"])
    [read] = Manifest.from_text(_text(capped), "m.json").resources
    assert read.to_json() == capped and read.download_limit() == 9


def test_every_fetchable_shipped_entry_records_its_caps() -> None:
    fetchable = [r for r in MANIFEST.resources if r.fetch]
    assert len(fetchable) >= 20
    for resource in fetchable:
        assert resource.upstream_bytes, resource.id
        if resource.fetch in ("file", "head"):
            assert resource.upstream_bytes == resource.bytes, resource.id
        archive = resource.fetch.startswith("archive:")
        assert bool(resource.unpacked_bytes) == archive, resource.id
        assert ("raw.githubusercontent.com" in resource.redirect_hosts) == \
            resource.upstream_url.startswith("https://github.com/"), resource.id
    semeval = [r for r in MANIFEST.resources if r.input == "semeval2007"]
    bound = 10 * sum(r.bytes for r in semeval)  # the archive not at hand: 10 x its files taken
    assert {(r.upstream_bytes, r.unpacked_bytes) for r in semeval} == {(bound, bound)}
    assert MANIFEST.get("ud-ewt-dev").upstream_bytes == 1_805_545  # the uncompressed file


def test_missing_manifest_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(MissingResourceError, match="resource manifest"):
        load_manifest(tmp_path / "absent.json")


# --- verify() on a synthetic root --------------------------------------------------------------

def _resource(rid: str, path: str, content: bytes, **extra: Any) -> Resource:
    fields: dict[str, Any] = {
        "id": rid, "what": rid, "kind": "file", "path": path, "version": "", "licence": "l",
        "bytes": len(content), "upstream_url": f"https://example.org/{rid}",
        "upstream_sha256": "", "used_by": ("tests",), "sha256": _sha(content)}
    fields.update(extra)
    return Resource(**fields)


@pytest.fixture()
def synthetic(tmp_path: Path) -> tuple[Roots, Manifest]:
    shared = tmp_path / "shared"
    (shared / "resources").mkdir(parents=True)
    (shared / "data" / "set").mkdir(parents=True)
    (shared / "corpora" / "c" / "sub").mkdir(parents=True)
    (shared / "resources" / "good.txt").write_bytes(b"good\n")
    (shared / "data" / "set" / "gold").write_bytes(b"altered\n")
    (shared / "corpora" / "c" / "a.txt").write_bytes(b"A")
    (shared / "corpora" / "c" / "sub" / "b.txt").write_bytes(b"BB")
    folder_digest = _sha(f"{_sha(b'A')}  a.txt\n{_sha(b'BB')}  sub/b.txt\n".encode())
    manifest = Manifest((
        _resource("good", "resources/good.txt", b"good\n"),
        _resource("altered", "data/set/gold", b"original\n"),
        _resource("missing", "resources/absent.txt", b"x"),
        Resource(id="corpus", what="c", kind="folder", path="corpora/c", version="",
                 bytes=3, licence="l", upstream_url="", upstream_sha256="", used_by=("t",),
                 tree_sha256=folder_digest, file_count=2),
    ))
    return resolve_roots(shared, None, tmp_path / "cache"), manifest


def test_verify_reports_ok_mismatch_and_missing(synthetic: tuple[Roots, Manifest]) -> None:
    roots, manifest = synthetic
    statuses = {s.resource.id: s for s in verify(roots, manifest=manifest)}
    assert {k: s.status for k, s in statuses.items()} == {
        "good": "ok", "altered": "mismatch", "missing": "missing", "corpus": "ok"}
    assert statuses["altered"].failed and not statuses["missing"].failed
    assert statuses["altered"].location == roots.data / "set" / "gold"
    assert _sha(b"altered\n") in statuses["altered"].detail
    assert "https://example.org/missing" in statuses["missing"].detail


def test_verify_without_checksums_only_looks(synthetic: tuple[Roots, Manifest]) -> None:
    roots, manifest = synthetic
    statuses = verify(roots, ["altered", "missing"], checksums=False, manifest=manifest)
    assert [s.status for s in statuses] == ["found", "missing"]


def test_verify_detects_a_changed_folder(synthetic: tuple[Roots, Manifest]) -> None:
    """A folder with no public download (a corpus) that is not the recorded one is one's
    own: named so, with what differs, by `lexsub resources --verify` and by the check
    before a build alike (one verifier)."""
    roots, manifest = synthetic
    (roots.shared / "corpora" / "c" / "extra.txt").write_bytes(b"")
    [status] = verify(roots, ["corpus"], manifest=manifest)
    assert status.status == "own" and "3 files" in status.detail and status.usable


def test_data_root_overrides_the_shared_root(synthetic: tuple[Roots, Manifest],
                                             tmp_path: Path) -> None:
    roots, manifest = synthetic
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "set").mkdir(parents=True)
    (elsewhere / "set" / "gold").write_bytes(b"original\n")
    moved = resolve_roots(roots.shared, elsewhere, roots.cache)
    assert [s.status for s in verify(moved, ["altered"], manifest=manifest)] == ["ok"]


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="needs dpkg-query (Debian)")
def test_debian_version_difference_is_reported(tmp_path: Path) -> None:
    member = tmp_path / "file"
    member.write_bytes(b"x")
    digest = digests.tree([(str(member), digests.sha256(member))])
    entry = Resource(id="deb", what="d", kind="debian", path=str(tmp_path), version="0:bogus",
                     bytes=1, licence="l", upstream_url="", upstream_sha256="",
                     used_by=("t",), tree_sha256=digest, file_count=1, package="dpkg",
                     members=(str(member),))
    [status] = verify(resolve_roots(tmp_path), manifest=Manifest((entry,)))
    assert status.status == "ok" and status.found_version  # the files decide: the same bytes
    member.write_bytes(b"y")
    [status] = verify(resolve_roots(tmp_path), manifest=Manifest((entry,)))
    assert status.status == "version-differs" and status.failed
    assert status.found_version and status.found_version != "0:bogus"


def test_cli_exit_status_and_remedy(synthetic: tuple[Roots, Manifest], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    roots, manifest = synthetic
    path = tmp_path / "manifest.json"
    path.write_text(manifest.to_text(), encoding="utf-8")
    base = ["--shared-root", str(roots.shared), "resources", "--manifest", str(path),
            "--no-progress"]
    assert main([*base, "--verify"]) == 1  # `altered` differs
    out = capsys.readouterr().out
    assert "mismatch" in out and "remedy: get it from https://example.org/missing" in out
    assert main([*base, "--verify", "good", "missing"]) == 0  # missing alone is not a failure
    capsys.readouterr()
    assert main([*base, "--json", "good"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["status"]) for r in report["resources"]] == [("good", "found")]
    assert main([*base, "nope"]) == 2


# --- real data ---------------------------------------------------------------------------------

@pytest.mark.shared
def test_small_shared_files_verify(shared: Roots) -> None:
    ids = ["semeval2007-key-gold", "semeval2007-trial-gold", "bnc-kilgarriff-lemmas",
           "semeval2007-key-mwids"]
    statuses = verify(shared, ids)
    assert [(s.resource.id, s.status) for s in statuses] == [(i, "ok") for i in ids]


def test_a_file_that_is_not_xz_under_an_xz_entry_is_not_accepted(tmp_path: Path) -> None:
    """An entry fetched as xz (the upstream's digest is of the compressed file) and a file of
    other bytes that is not xz at all: not that input (a mismatch), never an LZMAError."""
    entry = load_manifest().get("ud-ewt-test")
    assert entry.fetch == "xz" and entry.upstream_sha256
    path = tmp_path / "en_ewt-ud-test.conllu"
    path.write_text("# not the treebank, and not xz\n")
    assert not accepted(entry, path)
