"""What every released output's rows share: the origin block, the runs.json record, the row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import file_sha256
from lexsub_baselines.datasets.field_outputs import FieldOutput
from lexsub_baselines.runs.runner import RunRecord

__all__ = ["Row", "origin", "run_record"]

#: One made row: (dataset, runs.json record, kind -> scores.json row).
Row = tuple[str, dict[str, Any], dict[str, dict[str, Any]]]


def origin(output: FieldOutput, path: Path) -> dict[str, Any]:
    """Return where a released file comes from (the row's `released` block starts so)."""
    return {"output": output.id, "repository": output.repository.name,
            "commit": output.repository.commit, "path": output.upstream,
            "sha256": file_sha256(path), "licence": output.repository.licence}


def run_record(dataset: str, system: str, files: list[tuple[str, str]], out: Path,
               instances: int, answered: int) -> dict[str, Any]:
    """Return the runs.json record of a released row's answer files (relative to `out`)."""
    digests = tuple((kind, file_sha256(out / relative)) for kind, relative in files)
    return RunRecord(dataset, system, instances, answered, 0.0, tuple(files), out,
                     digests=digests).to_json()


