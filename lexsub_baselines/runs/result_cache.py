"""The results cache: each system's answer files and score rows, kept with what made them.

`lexsub baselines` keeps one system's whole contribution to a run (its *unit*: its answer and
result files on every dataset it answers, with their records, and the score rows made from
them) under `<cache>/results/`:

    answers/<key>/<trace>  a link to `<trace>.<seal>/`: the unit's files as `--out` holds them
                           (`<dataset>/<system>.<kind>`), `unit.json` (what each run answered,
                           `runs.unit`) and `trace.json` (what the answering ran and read)
    scores/<key>.json      its score rows (`runs.unit_scores`) and the trace of their
                           scoring, sealed
    systems/<system>.json  the system's last key and its answering time (why a unit is
                           answered again; which units start first)

The answers' key (`answers_key`) holds what is known before answering: the system, the
datasets of its unit and the run's settings that name no file (`answers_settings`: the
kernels, the WordNet backend, the libraries' versions, the plug-ins loaded, the digest of every
input present). What the answering then ran and read is its entry's trace (`inputs.trace`):
the package's modules it can run, the user's modules loaded, every file read; an entry is
served only while every item of its trace holds (`find_answers`). The scores' key
(`scores_key`): the sha256 of `unit.json` (which names every file's sha256), the scoring code
(`inputs.code_identity.code_digest` of `SCORING`) and the settings the scorers read; they are
served while the trace of their scoring (the files it read) holds. Entries
are written to a temporary folder and renamed into place (`core.cache.install_folder`, a
sealed folder behind a link; a score file by `atomic_path` with its `.sha256` seal), and
checked against their seals when read back.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import (
    atomic_write_text,
    file_sha256,
    install_folder,
    read_sealed_json,
    verified_folder,
    write_sealed_json,
)
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.inputs.trace import Trace, changed

__all__ = ["RESULTS", "SCORING", "AnswersEntry", "answers_key", "answers_settings",
           "copy_answers", "find_answers", "find_scores", "note_run", "previous_run",
           "scores_key", "scores_settings", "staging", "store_answers", "store_scores"]

#: The results cache's folder under the cache.
RESULTS = "results"
#: The unit's record and trace inside an answers entry.
UNIT_FILE = "unit.json"
TRACE_FILE = "trace.json"
#: The module that scores a unit (its code, with what it imports, keys the score rows).
SCORING = "lexsub_baselines.runs.unit_scores"
#: Settings the answers' key leaves out: the whole package's code id (the trace holds the
#: modules a unit can run), where the cache is, the package's version string, the Python
#: (in every module's identity), constants of the code, and files the trace holds (the
#: built resources, WordNet's files). What chooses which resources a unit reads stays (the
#: profile, the corpus sample, the KenLM tools, the inputs' digests: a resource made of other
#: inputs lies elsewhere, and the files of the one read before have not changed).
_NOT_KEYED = frozenset({"code", "cache", "package", "python", "baseline-frequency",
                        "prior-frequency", "neighbour-min-count", "wordnet-files"})


def answers_settings(settings: Mapping[str, str]) -> dict[str, str]:
    """Return the run's settings that can change a unit's answers and name no file it reads:
    every input's digest, the kernels, WordNet's backend, the libraries' versions and the
    plug-ins loaded (their names: their code is in the trace)."""
    kept = {name: value for name, value in settings.items()
            if name not in _NOT_KEYED and not name.startswith("resource:")}
    if "plugins" in kept:  # a module's or file's code is traced; a distribution's version
        kept["plugins"] = ", ".join(p if p.startswith("entry-point:") else p.partition("@")[0]
                                    for p in kept["plugins"].split(", "))
    return kept


def scores_settings(settings: Mapping[str, str]) -> dict[str, str]:
    """Return the settings the scorers read: the inputs (the gold, its companion files, the
    pools, the SWORDS lemmatiser's WordNet), WordNet, the kernels and plug-ins."""
    return {name: value for name, value in settings.items()
            if name.startswith("input:") or name in ("wordnet", "wordnet-files", "kernels",
                                                     "plugins", "sample")}


def answers_key(system: str, unit: Mapping[str, Any], settings: Mapping[str, str]) -> str:
    """Return the key of a system's answers (`answers_settings` of the run's settings)."""
    return computation_key(None, "answers", code=(), system=system, unit=dict(unit),
                           settings=dict(sorted(answers_settings(settings).items())))


def scores_key(answers: str, settings: Mapping[str, str]) -> str:
    """Return the key of a unit's score rows: the sha256 of its `unit.json`, the scoring
    code and the settings the scorers read (`scores_settings`)."""
    return computation_key(None, "scores", code=(SCORING,), answers=answers,
                           settings=dict(sorted(scores_settings(settings).items())))


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


def find_answers(roots: Roots, key: str) -> tuple[AnswersEntry | None, str]:
    """Return the entry of `key` whose trace holds and whose folder matches its seal, and
    why none is served when none is (`not cached`, or the first traced item that changed:
    `module lexsub_baselines.rankers.bow changed`)."""
    folder = _answers_dir(roots.cache, key)
    why = "not cached"
    links = sorted((p for p in folder.iterdir() if not p.name.startswith(".")
                    and "." not in p.name and p.is_symlink()),
                   key=lambda p: -p.lstat().st_mtime_ns) if folder.is_dir() else []
    for link in links:
        try:
            trace = Trace.from_json(json.loads((link / TRACE_FILE).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
        if (item := changed(trace, roots)) is not None:
            why = f"{item} changed" if why == "not cached" else why  # the newest entry's
            continue
        if verified_folder(link) and (entry := _read_entry(link)) is not None:
            return entry, ""
    return None, why


def store_answers(cache: Path, key: str, work: Path, trace: Trace) -> AnswersEntry:
    """Put the answered folder `work` (its files and `unit.json`) in place as an entry of
    `key`, with its trace; return the entry (sealed, swapped in atomically)."""
    text = json.dumps(trace.to_json(), sort_keys=True) + "\n"
    atomic_write_text(work / TRACE_FILE, text)
    final = _answers_dir(cache, key) / hashlib.sha256(text.encode()).hexdigest()[:16]
    install_folder(work, final)
    entry = _read_entry(final)
    if entry is None:
        raise OSError(f"{final}: the entry just written cannot be read")
    return entry


def _scores_path(cache: Path, key: str) -> Path:
    return cache / RESULTS / "scores" / f"{key}.json"


def find_scores(roots: Roots, key: str) -> dict[str, Any] | None:
    """Return the score rows kept under `key` (checked against their seal) while the trace of
    their scoring holds, or None."""
    kept = read_sealed_json(_scores_path(roots.cache, key))
    try:
        trace = Trace.from_json(kept["trace"])
    except (TypeError, KeyError, ValueError):
        return None
    rows = kept.get("rows")
    return rows if isinstance(rows, dict) and changed(trace, roots) is None else None


def store_scores(cache: Path, key: str, rows: Mapping[str, Any], trace: Trace) -> None:
    """Keep the score rows under `key` with the trace of their scoring, atomically, sealed."""
    write_sealed_json(_scores_path(cache, key), {"rows": rows, "trace": trace.to_json()})


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


def why_not_cached(previous: Mapping[str, Any], parts: Mapping[str, Any]) -> str:
    """Return why a unit with no entry under its key is answered: `settings changed: NAME`,
    `datasets changed`, or `not cached` (nothing noted before, or the same key)."""
    if not previous or previous.get("key") == parts.get("key"):
        return "not cached"
    if previous.get("unit") != parts.get("unit"):
        return "datasets changed"
    before, now = previous.get("settings") or {}, parts.get("settings") or {}
    names = sorted(n for n in before.keys() | now.keys() if before.get(n) != now.get(n))
    return f"settings changed: {names[0]}" if names else "not cached"
