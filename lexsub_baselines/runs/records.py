"""`results/runs.json`: what each system answered on each dataset, and the settings of each row.

    {"format": 3, "current": "<id of the newest run>", "scores_sha256": "<of scores.json>",
     "settings": {"<id>": {"wordnet": "nltk", "relations-tokens": "all", ...}},
     "runs": {"<dataset>": {"<system>": {"answered": 1710, "files": {"best": "…"},
                                         "sha256": {"best": "…"}, ..., "settings": "<id>"}}}}

Each record vouches for its answer files by their content (`sha256`); `current` is the
settings id of the run that wrote the file (the group whose rows are unmarked), so the
report and the explorer mark the same rows as `tables.md`; `scores_sha256` ties the file to
the `scores.json` written with it (`runs.store` replaces both together).

`lexsub baselines --systems …` replaces some rows and keeps the others; it refuses to keep a
row whose settings conflict with the new run's (`conflicting`) unless told to mark them. The
marks check the rows against each other, not only against the newest run: `groups` puts the
settings ids into groups whose settings are pairwise compatible (`provenance.conflicts`
finds nothing between any two), the newest run's group first; rows outside it are marked,
one mark per group (`mixed_rows`, `settings_section`). So no two rows
made under conflicting settings are ever both unmarked, however partial runs follow each
other. A row whose settings are not known (a runs.json of the first layout, or a row that
only `scores.json` names) is never compatible with anything, so it is always marked.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.runs.provenance import conflicts, merged
from lexsub_baselines.runs.runner import load_json
from lexsub_baselines.tables.table import markdown_rows

__all__ = ["UNKNOWN", "RunsFile", "describe_mixed", "read_runs", "settings_section"]

#: The settings id of rows written before settings were recorded.
UNKNOWN = "unrecorded"

FORMAT = 3
#: The earlier layouts this version still reads (no digests: their files are not vouched for).
READABLE = (2, 3)


@dataclass
class RunsFile:
    """The contents of `runs.json`.

    Attributes:
        settings: settings id -> name -> value (`provenance.RunSettings`).
        runs: dataset -> system -> run record (with its settings id under "settings").
    """

    settings: dict[str, dict[str, str]] = field(default_factory=dict)
    runs: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    current: str = ""
    scores_sha256: str | None = None

    def newest(self) -> str:
        """Return the settings id of the newest run (`current`), or, for a file that does not
        record it, the id most rows were made under (then the smallest id)."""
        if self.current in self.settings:
            return self.current
        counts: dict[str, int] = {}
        for _, _, record in self.rows():
            counts[self.settings_of(record)] = counts.get(self.settings_of(record), 0) + 1
        return min(counts, key=lambda i: (-counts[i], i)) if counts else UNKNOWN

    def marks(self) -> dict[tuple[str, str], str]:
        """Return (dataset, system) -> mark of every row outside the newest run's group: what
        every table, the report and the explorer show (`settings_section`)."""
        return settings_section(self, self.newest())[0] if self.runs else {}

    def rows(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """Yield (dataset, system, record) of every row."""
        for dataset, systems in self.runs.items():
            for system, record in systems.items():
                yield dataset, system, record

    def settings_of(self, record: Mapping[str, Any]) -> str:
        """Return the settings id of a row (`UNKNOWN` for rows that recorded none)."""
        value = record.get("settings", UNKNOWN)
        return value if value in self.settings else UNKNOWN

    def add(self, dataset: str, system: str, record: dict[str, Any], settings_id: str,
            settings: Mapping[str, str]) -> None:
        """Set the row of `system` on `dataset`, made under `settings`."""
        self.settings[settings_id] = dict(settings)
        self.runs.setdefault(dataset, {})[system] = {**record, "settings": settings_id}

    def _compatible(self, first: str, second: str) -> bool:
        if UNKNOWN in (first, second):
            return first == second == UNKNOWN
        return not conflicts(self.settings[first], self.settings[second])

    def groups(self, current: str) -> list[list[str]]:
        """Return the settings ids in use, in groups of pairwise compatible settings.

        The first group holds `current` (the newest run) and every id compatible with it and
        with each other; the others follow, ids taken by how many rows use them (most first,
        then by id), each into the first group it fits. Deterministic for the same file.
        """
        counts: dict[str, int] = {}
        for _, _, record in self.rows():
            other = self.settings_of(record)
            counts[other] = counts.get(other, 0) + 1
        ordered = sorted((i for i in counts if i != current), key=lambda i: (-counts[i], i))
        groups: list[list[str]] = [[current]]
        for other in ordered:
            home = next((g for g in groups if all(self._compatible(other, member)
                                                  for member in g)), None)
            if home is None:
                groups.append([other])
            else:
                home.append(other)
        return groups

    def conflicting(self, current: str) -> dict[str, dict[str, tuple[str, str]]]:
        """Return settings id -> its conflicts with `current` (name -> (theirs, current's)),
        for every id of a kept row whose settings conflict with the new run's: what
        `lexsub baselines --systems` refuses to mix without --mixed-settings.

        Rows with unknown settings conflict with any recorded settings.
        """
        found: dict[str, dict[str, tuple[str, str]]] = {}
        for _, _, record in self.rows():
            other = self.settings_of(record)
            if other == current or other in found:
                continue
            if other == UNKNOWN:
                found[other] = {"settings": ("not recorded (only scores.json, or a runs.json "
                                             "of an older version, names them)",
                                             f"recorded as {current}")}
            elif differ := conflicts(self.settings[other], self.settings[current]):
                found[other] = differ
        return found

    def mixed_rows(self, current: str) -> dict[str, dict[str, tuple[str, str]]]:
        """Return settings id -> what differs (name -> (theirs, the unmarked rows')), for every
        id of a row outside the newest run's group (see `groups`).

        Rows with unknown settings conflict with any recorded settings.
        """
        first, *others = self.groups(current)
        reference = merged(self.settings[i] for i in first if i != UNKNOWN)
        mixed: dict[str, dict[str, tuple[str, str]]] = {}
        for group in others:
            for other in group:
                if other == UNKNOWN:
                    mixed[other] = {"settings": ("not recorded (only scores.json, or a "
                                                 "runs.json of an older version, names them)",
                                                 f"recorded as {current}")}
                else:
                    mixed[other] = conflicts(self.settings[other], reference)
        return mixed

    def to_json(self, scores_sha256: str | None = None,
                tables_sha256: str | None = None) -> dict[str, Any]:
        """Return the file's JSON, keeping only settings that some row refers to.

        Arguments:
            scores_sha256: the sha256 of the `scores.json` written with it.
            tables_sha256: the digest of its figures (`runs.digest.tables_digest`).
        """
        used = {self.settings_of(record) for _, _, record in self.rows()}
        data: dict[str, Any] = {"format": FORMAT}
        if self.current:
            data["current"] = self.current
        if scores_sha256 is not None:
            data["scores_sha256"] = scores_sha256
        if tables_sha256 is not None:
            data["tables_sha256"] = tables_sha256
        data["settings"] = {k: v for k, v in sorted(self.settings.items()) if k in used}
        data["runs"] = self.runs
        return data


def read_runs(path: Path) -> RunsFile:
    """Read `runs.json` (an empty `RunsFile` when absent).

    Raises:
        LexsubError: the file is not JSON or not a runs file (naming it, and the remedy).
    """
    remedy = "re-run `lexsub baselines` without --systems, or delete the file"
    data = load_json(path, remedy)
    if not isinstance(data, dict):
        raise LexsubError(f"{path}: not a runs file (a JSON object is expected); {remedy}")
    if data.get("format") in READABLE:
        sha = data.get("scores_sha256")
        return RunsFile(dict(data.get("settings", {})), dict(data.get("runs", {})),
                        str(data.get("current", "")), sha if isinstance(sha, str) else None)
    return RunsFile({}, {k: v for k, v in data.items() if isinstance(v, dict)})


def settings_section(runs: RunsFile, current: str) -> tuple[dict[tuple[str, str], str],
                                                             list[str]]:
    """Return the marks of rows made under conflicting settings ((dataset, system) -> `†1`)
    and the markdown lines of the tables' settings section.

    Compatible settings (those of runs that read fewer resources) are shown as one union;
    each conflicting settings id gets a mark and the list of what differs.
    """
    mixed = runs.mixed_rows(current)
    others = runs.groups(current)[1:]
    labels = {other: f"†{number}" for number, group in enumerate(others, start=1)
              for other in group}
    marks: dict[tuple[str, str], str] = {}
    compatible: list[str] = []
    for dataset, system, record in runs.rows():
        other = runs.settings_of(record)
        if other in labels:
            marks[(dataset, system)] = labels[other]
        elif other not in compatible:
            compatible.append(other)
    union = merged(runs.settings[sid] for sid in sorted(compatible) if sid != UNKNOWN)
    ids = ", ".join(f"`{sid}`" for sid in sorted(compatible))
    lines = ["## Settings", "",
             f"Every unmarked row was made under these settings (`runs.json`, id {ids}); "
             "a `resource:` line names the cache entry read and its checksum.", "",
             *markdown_rows(("setting", "value"),
                            [(f"`{name}`", f"`{value}`") for name, value in union.items()]), ""]
    for other, label in labels.items():
        lines += [f"Rows marked {label} were made under settings `{other}`, which differ in:", "",
                  *markdown_rows(("setting", "those rows", "unmarked rows"),
                                 [(f"`{name}`", f"`{theirs}`", f"`{ours}`")
                                  for name, (theirs, ours) in mixed[other].items()]), ""]
    return marks, lines


def describe_mixed(path: Path, mixed: Mapping[str, Mapping[str, tuple[str, str]]]) -> str:
    """Return the one-paragraph refusal naming the settings that differ."""
    differing = "; ".join(f"{name}: {theirs} there, {ours} now"
                          for conflicts_ in mixed.values()
                          for name, (theirs, ours) in conflicts_.items())
    return (f"{path} holds rows made under other settings ({differing}); one tables.md would "
            "mix them. Re-run without --systems to regenerate every row, write to another "
            "folder (--out), or pass --mixed-settings to keep them, marked, in tables.md")
