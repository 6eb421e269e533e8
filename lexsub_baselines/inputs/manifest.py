"""The resource manifest: every external input the toolkit reads, its version, source and checksum.

The manifest (`manifest.json` beside this module, shipped as package data so that an installed
copy can verify its inputs too) is written by `scripts/make_manifest.py` from the shared root.
Each entry is one of four kinds:

- `file`: a file under the shared root (`data/...` paths resolve against the data root, so
  `--data-root` / `LEXSUB_DATA_ROOT` is honoured); `sha256` and `bytes` of the file.
- `folder`: every file under a folder of the shared root (the corpora); `file_count`, `bytes`
  and `tree_sha256` (see `TREE_RULE`).
- `debian`: the files the toolkit reads from an installed Debian package (`members`, absolute
  paths), the package's `version` as `dpkg-query` reports it, and their `tree_sha256`.
- `pypi`: a source distribution fetched from PyPI (KenLM's, for `lmplz`), with its `sha256`;
  verified in the build folder where `scripts/build_kenlm.sh` keeps it.

Every entry also says how `lexsub fetch` gets it (`resources.fetch`): `input`, the name it is
fetched by (`semeval2007`, `swords`, ...; several entries may share one), `groups`, the groups
that name it (`scoring`, `baselines`), and `fetch`, the recipe (`FETCH_RECIPES`; "" when it has
no public download, the `note` then says what to do instead). Two digests are recorded:
`upstream_sha256` is that of what `upstream_url` serves (the archive, or the file before the
recipe's change; "" when not recorded), `sha256` that of the file as laid out under the root.

A fetch is capped by optional fields (format 2 unchanged: an entry without them still
reads; `OPTIONAL`): `upstream_bytes`, the most bytes read from `upstream_url` (its measured
size, a `head`'s kept bytes, or for an archive not at hand a bound its note states),
`unpacked_bytes`, the most an archive's regular members hold together, `redirect_hosts`,
where a redirect may lead besides the URL's own host (`Resource.download_limit`), and
`upstream_unverified`. Paths are confined to the roots (`manifest_rules`).

`inputs.verify` checks an entry against the current roots (`verify()`, `ResourceStatus`).

>>> manifest = load_manifest()
>>> manifest.get("semeval2007-key-gold").kind
'file'
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.digests import TREE_RULE
from lexsub_baselines.core.errors import DataFormatError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import PROJECT_DIR
from lexsub_baselines.inputs.manifest_rules import (
    FETCH_RECIPES,
    is_host,
    is_recipe,
    is_sha256,
    path_problem,
)
from lexsub_baselines.inputs.package_data import package_file

__all__ = ["BUILD_ROOT", "FETCH_RECIPES", "GROUPS", "KINDS", "MANIFEST_ENV", "OPTIONAL",
           "TREE_RULE", "Manifest", "Resource", "load_manifest", "path_problem"]

FORMAT = 2
#: A manifest to read instead of the shipped one (`load_manifest`).
MANIFEST_ENV = "LEXSUB_MANIFEST"
KINDS: tuple[str, ...] = ("file", "folder", "debian", "pypi")
#: The groups of inputs `lexsub fetch` knows: what `lexsub score` reads, what `make baselines`
#: reads, the field's released outputs (`datasets.field_outputs`).
GROUPS: tuple[str, ...] = ("scoring", "baselines", "field")
#: Where build scripts keep their downloads (`<BUILD_ROOT>/kenlm/dist/kenlm-V.tar.gz`).
BUILD_ROOT = PROJECT_DIR / "resources" / "build"

_COMMON = ("id", "what", "kind", "path", "version", "bytes", "licence", "upstream_url",
           "upstream_sha256", "used_by", "note", "input", "fetch", "groups")
_SPECIFIC: dict[str, tuple[str, ...]] = {
    "file": ("sha256",),
    "folder": ("tree_sha256", "file_count"),
    "debian": ("package", "members", "tree_sha256", "file_count"),
    "pypi": ("package", "sha256"),
}
#: The fields an entry may leave out (written only when set): the caps of a fetch.
OPTIONAL: tuple[str, ...] = ("upstream_bytes", "unpacked_bytes", "redirect_hosts",
                             "upstream_unverified")


@dataclass(frozen=True)
class Resource:
    """One external input, as recorded in the manifest.

    Attributes:
        id: unique identifier (`semeval2007-key-gold`).
        what: one line saying what it is.
        kind: `file`, `folder`, `debian` or `pypi`.
        path: relative to the shared root (file, folder), an absolute folder (debian) or
            `pypi:<name>`.
        version: the upstream version or release when one is stated, else "".
        bytes: total size in bytes.
        licence: the licence or terms of use.
        upstream_url: where a user elsewhere gets it ("" when no public source is known); the
            pinned download when `fetch` is set.
        upstream_sha256: the sha256 of what `upstream_url` serves (an archive, or the file
            before the recipe's change), "" when not recorded.
        used_by: the modules (or scripts, tests) that read it.
        note: how the upstream download maps onto `path`, what to do when there is none, or
            other facts worth knowing.
        input: the name `lexsub fetch` knows it by (shared by the files of one input; "" for
            the entry's own id).
        fetch: how `lexsub fetch` makes it (`FETCH_RECIPES`), "" when it cannot.
        groups: the groups of `GROUPS` that need it.
        sha256: the file's sha256 (file, pypi).
        tree_sha256: the folder's or members' digest under `TREE_RULE` (folder, debian).
        file_count: the number of files under the folder, or of members (folder, debian).
        package: the Debian or PyPI package name (debian, pypi).
        members: the absolute paths of the package's files that are read (debian).
        upstream_bytes: the most bytes a fetch reads from `upstream_url` (0: not recorded).
        unpacked_bytes: the most bytes the regular members of the archive at `upstream_url`
            hold together (0: not recorded).
        redirect_hosts: the hosts a redirect from `upstream_url` may lead to, besides its own.
        upstream_unverified: `upstream_sha256` was never checked against a download (the
            SemEval-2007 archive's): a fetch does not require it; each file's `sha256` does.
    """

    id: str
    what: str
    kind: str
    path: str
    version: str
    bytes: int
    licence: str
    upstream_url: str
    upstream_sha256: str
    used_by: tuple[str, ...]
    note: str = ""
    input: str = ""
    fetch: str = ""
    groups: tuple[str, ...] = ()
    sha256: str = ""
    tree_sha256: str = ""
    file_count: int = 0
    package: str = ""
    members: tuple[str, ...] = ()
    upstream_bytes: int = 0
    unpacked_bytes: int = 0
    redirect_hosts: tuple[str, ...] = ()
    upstream_unverified: bool = False

    def download_limit(self) -> int:
        """Return the most bytes a fetch reads from `upstream_url` (0: none is recorded).

        `upstream_bytes` when recorded, else `bytes` for the recipes that keep what is served
        (`file`) or its start (`head`); an `xz` or archive entry has no other bound.
        """
        if self.upstream_bytes:
            return self.upstream_bytes
        return self.bytes if self.fetch in ("file", "head") else 0

    def to_json(self) -> dict[str, Any]:
        """Return the entry as a JSON object holding the common and its kind's fields."""
        data: dict[str, Any] = {}
        for key in (*_COMMON, *_SPECIFIC[self.kind]):
            value = getattr(self, key)
            data[key] = list(value) if isinstance(value, tuple) else value
        for key in OPTIONAL:
            if value := getattr(self, key):
                data[key] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, data: Any, source: str) -> Resource:
        """Return the entry read from a JSON object, checking every field.

        Raises:
            DataFormatError: a field is missing, of the wrong type, or a checksum malformed.
        """
        if not isinstance(data, dict):
            raise DataFormatError(source, None, f"a manifest entry is not an object: {data!r}")
        name = data.get("id", "?")
        kind = data.get("kind")
        if kind not in _SPECIFIC:
            raise DataFormatError(source, None, f"entry {name!r}: kind {kind!r} is not one of "
                                  f"{', '.join(KINDS)}")
        expected = {*_COMMON, *_SPECIFIC[kind]}
        if set(data) - set(OPTIONAL) != expected:
            wrong = sorted((set(data) - set(OPTIONAL)) ^ expected)
            raise DataFormatError(source, None, f"entry {name!r}: fields {wrong} missing or "
                                  "unexpected")
        fields: dict[str, Any] = {}
        for key, value in data.items():
            if key in ("bytes", "file_count", "upstream_bytes", "unpacked_bytes"):
                ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
            elif key == "upstream_unverified":
                ok = isinstance(value, bool)
            elif key in ("used_by", "members", "groups", "redirect_hosts"):
                ok = isinstance(value, list) and all(isinstance(v, str) and v for v in value)
                ok = ok and (key != "groups" or set(value) <= set(GROUPS))
                ok = ok and (key != "redirect_hosts" or all(is_host(v) for v in value))
                value = tuple(value) if ok else value
            else:
                ok = isinstance(value, str)
            if not ok:
                raise DataFormatError(source, None, f"entry {name!r}: bad value for {key!r}: "
                                      f"{value!r}")
            fields[key] = value
        for key in (*_SPECIFIC[kind], "upstream_sha256"):
            digest = fields[key]
            if key.endswith("sha256") and (digest or key != "upstream_sha256") \
                    and not is_sha256(digest):
                raise DataFormatError(source, None, f"entry {name!r}: {key} is not a sha256")
        if not fields["id"] or not fields["path"]:
            raise DataFormatError(source, None, f"entry {name!r}: empty id or path")
        if kind in ("file", "folder") and (problem := path_problem(fields["path"])):
            raise DataFormatError(source, None, f"entry {name!r}: path {fields['path']!r} "
                                  f"{problem}, so it would lie outside the roots",
                                  "give a path relative to the shared root, e.g. "
                                  "data/NAME/FILE or resources/NAME/FILE")
        if fields["fetch"] and not is_recipe(fields["fetch"], kind, fields["upstream_url"]):
            raise DataFormatError(source, None, f"entry {name!r}: fetch {fields['fetch']!r} is "
                                  f"not one of {', '.join(FETCH_RECIPES)} for a file with an "
                                  "upstream_url")
        return cls(**fields)


@dataclass(frozen=True)
class Manifest:
    """The loaded manifest: its entries in file order.

    Attributes:
        resources: the entries.
        source: where it was read from (for messages).
    """

    resources: tuple[Resource, ...]
    source: str = field(default="<manifest>", compare=False)

    def ids(self) -> list[str]:
        """Return the entry ids in manifest order."""
        return [r.id for r in self.resources]

    def get(self, resource_id: str) -> Resource:
        """Return the entry `resource_id`, or raise `UnknownNameError` listing the known ids."""
        for resource in self.resources:
            if resource.id == resource_id:
                return resource
        raise UnknownNameError("resource", resource_id, self.ids())

    def to_text(self) -> str:
        """Return the manifest as deterministic JSON text (sorted keys, entries in order)."""
        data = {"format": FORMAT, "tree_rule": TREE_RULE,
                "resources": [r.to_json() for r in self.resources]}
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_text(cls, text: str, source: str) -> Manifest:
        """Parse manifest JSON text.

        Raises:
            DataFormatError: not JSON, an unknown format, a malformed entry or a repeated id.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise DataFormatError(source, error.lineno, f"not JSON: {error.msg}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DataFormatError(source, None, f"not a format-{FORMAT} resource manifest",
                                  "regenerate it with scripts/make_manifest.py")
        entries = data.get("resources")
        if not isinstance(entries, list):
            raise DataFormatError(source, None, "no `resources` list")
        resources = tuple(Resource.from_json(entry, source) for entry in entries)
        seen: set[str] = set()
        for resource in resources:
            if resource.id in seen:
                raise DataFormatError(source, None, f"resource id {resource.id!r} appears twice")
            seen.add(resource.id)
        return cls(resources, source)


def load_manifest(path: Path | None = None) -> Manifest:
    """Load the manifest at `path`, else at `LEXSUB_MANIFEST`, else the shipped one.

    A manifest of one's own (`MANIFEST_ENV`: a sample of the data, another release) is then
    what every check compares with; a run records the digests it checked, whichever it is.

    Raises:
        MissingResourceError: `path` does not exist.
        DataFormatError: the file is malformed.
    """
    if path is None and os.environ.get(MANIFEST_ENV):
        path = Path(os.environ[MANIFEST_ENV])
    if path is not None:
        if not path.is_file():
            raise MissingResourceError("resource manifest", path,
                                       "give an existing file or leave the default")
        return Manifest.from_text(path.read_text(encoding="utf-8"), str(path))
    return Manifest.from_text(package_file("inputs/manifest.json").decode("utf-8"),
                              str(Path(__file__).with_name("manifest.json")))

