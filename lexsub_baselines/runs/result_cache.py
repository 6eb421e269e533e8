"""The results cache: each system's answer files and score rows, kept under what made them.

`lexsub baselines` keys one system's whole contribution to a run (its *unit*: its answer and
result files on every dataset it answers, with their records, and the score rows made from
them) as the build keys a resource, in two entries under `<cache>/results/`:

    answers/<key>/<deps>   a link to `<deps>.<seal>/`: the unit's files as `--out` holds them
                           (`<dataset>/<system>.<kind>`), `unit.json` (what each run answered,
                           `runs.unit`) and `deps.json` (the registry entries it looked up)
    scores/<key>.json      its score rows (`runs.unit_scores`), sealed
    systems/<system>.json  the parts of the system's last key and its answering time (why a
                           unit is answered again; which units start first)

The answers' key (`system_key`) is the system's name, the datasets and protocols of the unit,
the digest of the answering code (`runs.closure`), and the settings relevant to it
(`relevant_settings`); `<deps>` is the digest of the registry entries the unit looked up,
computed again with the current code before an entry is served (`find_answers`). The
scores' key (`scores_key`) is the digest of `unit.json` (which holds every file's sha256),
the scoring code and the settings the scorers read, so an edit of a scorer scores again and
answers nothing. Entries are written to a temporary folder and renamed into place
(`core.cache.install_folder`, a sealed folder behind a link; a score file by `atomic_path`
with its `.sha256` seal), and checked against their seals when read back.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import uuid
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import (
    atomic_write_text,
    file_sha256,
    install_folder,
    seal,
    verified,
    verified_folder,
)
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.runs.closure import Fingerprints, lookups_digest

__all__ = ["RESULTS", "AnswersEntry", "copy_answers", "find_answers", "find_scores",
           "has_entries", "note_run", "previous_run", "relevant_settings", "scores_key",
           "scores_settings", "staging", "store_answers", "store_scores", "system_key",
           "why_again"]

#: The results cache's folder under the cache.
RESULTS = "results"
#: The unit's record and depfile inside an answers entry.
UNIT_FILE = "unit.json"
DEPS_FILE = "deps.json"
#: Settings that name no input of an answer: the whole package's code id (the closure's
#: digests stand for it), where the cache is, the package's version string, the Python (in
#: every code digest), and constants of the code (in the closure).
_NOT_KEYED = frozenset({"code", "cache", "package", "python", "baseline-frequency",
                        "prior-frequency", "neighbour-min-count"})
#: Settings that belong with one built resource: kept when the unit reads it.
_WITH_RESOURCE = {"relations-tokens": "relations", "kenlm-tools": "lm"}


def _key(kind: str, parts: Mapping[str, Any]) -> str:
    text = json.dumps({"kind": kind, **parts}, sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:24]


def system_key(*, system: str, unit: Mapping[str, Any], code: str,
               settings: Mapping[str, str]) -> str:
    """Return the key of a system's answers: the one place its parts are combined.

    Arguments:
        system: the system's name (`wordnet+lm`).
        unit: what the unit answers (`runs.unit.UnitSpec.to_json`: the datasets present,
            the protocols on).
        code: the digest of the answering code (`runs.closure`: the unit's entry point and
            what it can run; the registry entries it looks up count apart, in `<deps>`).
        settings: the run's settings that can change these answers (`relevant_settings`).
    """
    return _key("answers", {"system": system, "unit": dict(unit), "code": code,
                            "settings": dict(sorted(settings.items()))})


def scores_key(*, answers: str, code: str, settings: Mapping[str, str]) -> str:
    """Return the key of a unit's score rows: the sha256 of its `unit.json` (which names
    every file's sha256), the scoring code's digest and the settings the scorers read."""
    return _key("scores", {"answers": answers, "code": code,
                           "settings": dict(sorted(settings.items()))})


def relevant_settings(settings: Mapping[str, str], stages: Collection[str]) -> dict[str, str]:
    """Return the settings that can change the answers of a unit reading the built `stages`
    (their closure): every input's digest, the kernels, WordNet, the libraries' versions and
    plug-ins, and of the built resources only those it reads."""
    kept = {}
    for name, value in settings.items():
        if name in _NOT_KEYED:
            continue
        if name.startswith("resource:") and name.removeprefix("resource:") not in stages:
            continue
        if name in _WITH_RESOURCE and _WITH_RESOURCE[name] not in stages:
            continue
        kept[name] = value
    return kept


def scores_settings(settings: Mapping[str, str]) -> dict[str, str]:
    """Return the settings the scorers read: the inputs (the gold, its companion files, the
    pools, the SWORDS lemmatiser's WordNet), WordNet, the kernels and plug-ins."""
    return {name: value for name, value in settings.items()
            if name.startswith("input:") or name in ("wordnet", "wordnet-files", "kernels",
                                                     "plugins")}


@dataclass(frozen=True)
class AnswersEntry:
    """A unit's answers in the cache.

    Attributes:
        folder: the entry (its files as `--out` holds them).
        unit: its `unit.json`.
        digest: the sha256 of its `unit.json` (part of the scores' key).
    """

    folder: Path
    unit: dict[str, Any]
    digest: str


def _answers_dir(cache: Path, key: str) -> Path:
    return cache / RESULTS / "answers" / key


def staging(cache: Path, key: str) -> Path:
    """Return a new empty folder beside the entries of `key`, to answer into (a run killed
    meanwhile leaves it, dot-named, never an entry)."""
    folder = _answers_dir(cache, key) / f".staging-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    folder.mkdir(parents=True)
    return folder


def _read_entry(link: Path) -> AnswersEntry | None:
    try:
        text = (link / UNIT_FILE).read_text(encoding="utf-8")
        unit = json.loads(text)
    except (OSError, ValueError):
        return None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return AnswersEntry(link, unit, digest) if isinstance(unit, dict) else None


def find_answers(cache: Path, key: str, registries: Mapping[str, Registry[Any]],
                 prints: Fingerprints | None = None) -> AnswersEntry | None:
    """Return the entry of `key` whose recorded lookups digest, with this process's code, to
    its name, and whose folder matches its seal; None when there is none."""
    folder = _answers_dir(cache, key)
    if not folder.is_dir():
        return None
    prints = prints or Fingerprints()
    for link in sorted(folder.iterdir()):
        if link.name.startswith(".") or "." in link.name or not link.is_symlink():
            continue
        try:
            deps = json.loads((link / DEPS_FILE).read_text(encoding="utf-8"))
            lookups = [(str(kind), str(name)) for kind, name in deps["lookups"]]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if lookups_digest(lookups, dict(registries), prints) != link.name:
            continue
        if verified_folder(link) and (entry := _read_entry(link)) is not None:
            return entry
    return None


def has_entries(cache: Path, key: str) -> bool:
    """Return True when `key` has entries (whose depfiles no longer match the code, when
    `find_answers` found none)."""
    folder = _answers_dir(cache, key)
    return folder.is_dir() and any(not p.name.startswith(".") and "." not in p.name
                                   for p in folder.iterdir())


def store_answers(cache: Path, key: str, work: Path, lookups: Collection[tuple[str, str]],
                  registries: Mapping[str, Registry[Any]]) -> AnswersEntry:
    """Put the answered folder `work` (its files and `unit.json`) in place as an entry of
    `key`, with its depfile; return the entry (sealed, swapped in atomically)."""
    digest = lookups_digest(lookups, dict(registries))
    if digest is None:  # cannot happen: the entries were just looked up here
        raise KeyError(f"a registry entry looked up by the unit of {key} is gone")
    atomic_write_text(work / DEPS_FILE, json.dumps(
        {"lookups": sorted(map(list, set(lookups)))}, sort_keys=True) + "\n")
    final = _answers_dir(cache, key) / digest
    install_folder(work, final)
    entry = _read_entry(final)
    if entry is None:
        raise OSError(f"{final}: the entry just written cannot be read")
    return entry


def _scores_path(cache: Path, key: str) -> Path:
    return cache / RESULTS / "scores" / f"{key}.json"


def find_scores(cache: Path, key: str) -> dict[str, Any] | None:
    """Return the score rows kept under `key` (checked against their seal), or None."""
    path = _scores_path(cache, key)
    if not verified(path):
        return None
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return rows if isinstance(rows, dict) else None


def store_scores(cache: Path, key: str, rows: Mapping[str, Any]) -> None:
    """Keep the score rows under `key`, atomically, sealed."""
    path = _scores_path(cache, key)
    atomic_write_text(path, json.dumps(rows, sort_keys=True, ensure_ascii=False) + "\n")
    seal(path)


def copy_answers(entry: AnswersEntry, out: Path) -> None:
    """Copy the files of an entry into `out` at the places its records name (each through a
    temporary file and a rename; a file already there with the same sha256 is left as is)."""
    for row in entry.unit.get("rows", []):
        record = row["record"]
        for kind, relative in record.get("files", {}).items():
            target = out / relative
            expected = record.get("sha256", {}).get(kind)
            if target.is_file() and expected is not None and file_sha256(target) == expected:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
            try:
                shutil.copyfile(entry.folder / relative, temporary)
                os.replace(temporary, target)
            finally:
                temporary.unlink(missing_ok=True)


def _system_file(cache: Path, system: str) -> Path:
    return cache / RESULTS / "systems" / (system.replace(":", "-").replace("/", "-") + ".json")


def previous_run(cache: Path, system: str) -> dict[str, Any]:
    """Return what the last run of `system` noted (`note_run`), or {}."""
    try:
        found = json.loads(_system_file(cache, system).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def note_run(cache: Path, system: str, parts: Mapping[str, Any]) -> None:
    """Note the parts of the key `system` was last answered under, and how long it took."""
    with contextlib.suppress(OSError):  # advisory: a read-only cache answers anyway
        atomic_write_text(_system_file(cache, system),
                          json.dumps(dict(parts), sort_keys=True, default=str) + "\n")


def why_again(previous: Mapping[str, Any], parts: Mapping[str, Any]) -> str:
    """Return why a unit is answered again: `code changed`, `settings changed: NAME`,
    `datasets changed`, or `not cached` (nothing noted before)."""
    if not previous:
        return "not cached"
    if previous.get("unit") != parts.get("unit"):
        return "datasets changed"
    before, now = previous.get("settings") or {}, parts.get("settings") or {}
    if before != now:
        names = sorted(n for n in before.keys() | now.keys() if before.get(n) != now.get(n))
        return f"settings changed: {names[0]}" if names else "settings changed"
    return "code changed"
