"""The tables' digest: one line two users compare to know they have the same figures.

The digest is the sha256 of every figure `scores.json` holds (each dataset, system and kind:
the scorer's blocks, by PoS, the measures, the upper bounds, the notes), written as canonical
JSON with the signatures and settings ids left out (they name the code and the settings, which
`runs.json` records; two checkouts of one version that compute the same figures have the same
digest). Each row (dataset and system) has its own digest too, so that `lexsub verify-tables`
names the rows that differ from the reference (`reference.json`: the digests of the README's
tables, the full `make baselines` run of this version).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["REFERENCE", "left_out", "read_reference", "row_digests", "tables_digest"]

#: The digests of the README's tables (written from a full run's scores.json).
REFERENCE = Path(__file__).with_name("reference.json")
#: Keys that name how a figure was made, not the figure: left out at any depth.
_LEFT_OUT = frozenset({"signature", "signatures", "signature_fields", "settings"})


def left_out(value: Any) -> Any:
    """Return `value` without the keys that name the code and settings (at any depth).

    >>> left_out({"all": {"recall": 1.0, "signature": "v:1"}, "settings": "abc"})
    {'all': {'recall': 1.0}}
    """
    if isinstance(value, Mapping):
        return {str(k): left_out(v) for k, v in value.items() if k not in _LEFT_OUT}
    if isinstance(value, list):
        return [left_out(v) for v in value]
    return value


def _sha(value: Any) -> str:
    text = json.dumps(left_out(value), sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"), allow_nan=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def tables_digest(scores: Mapping[str, Any]) -> str:
    """Return the digest of every figure of `scores` (what `scores.json` holds)."""
    return _sha(scores)


def row_digests(scores: Mapping[str, Any]) -> dict[str, str]:
    """Return `dataset/system` -> the digest of that row's figures (every kind)."""
    return {f"{dataset}/{system}": _sha(kinds)
            for dataset, systems in sorted(scores.items()) if isinstance(systems, Mapping)
            for system, kinds in sorted(systems.items())}


def read_reference(path: Path = REFERENCE) -> dict[str, Any] | None:
    """Return the reference digests (`tables_sha256`, `rows`, `kernels`), or None when this
    version records none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) and "tables_sha256" in data else None
