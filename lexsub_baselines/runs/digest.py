"""The tables' digest: one line two users compare to know they have the same figures.

The digest is the sha256 of every figure `scores.json` holds (each dataset, system and kind:
the scorer's blocks, by PoS, the measures, the upper bounds, the counts), written as
canonical JSON. A figure is a number, by construction: what a row says in words — the
signatures (which name the code, the gold and the settings), the settings ids, a `+fill`
row's pool signature, the notes — is provenance, recorded beside the figures and in
`runs.json`, and never in the digest, whatever its key is called (before: a list of key names
to leave out, which missed the `+fill` rows' `pool_signature`, so 49 rows' digests moved with
the code id and with Python's patch release). Two checkouts, or two Pythons, that compute the
same figures have the same digest. Each row (dataset and system) has its own digest too, so
that `lexsub verify-tables` names the rows that differ from the reference (`reference.json`:
the digests of the README's tables, the full `make baselines` run of this version).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["REFERENCE", "figures", "read_reference", "row_digests", "tables_digest"]

#: The digests of the README's tables (written from a full run's scores.json).
REFERENCE = Path(__file__).with_name("reference.json")
def figures(value: Any) -> Any:
    """Return the figures of `value`: its numbers, where they are (mappings and lists kept
    as far as they hold one); words (strings) are provenance, never figures. `None` for a
    value that holds no number.

    >>> figures({"all": {"recall": 1.0, "signature": "v:1"}, "settings": "abc", "n": [2, "x"]})
    {'all': {'recall': 1.0}, 'n': [2]}
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, Mapping, list, tuple)):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Mapping):
        kept = {str(k): f for k, v in value.items() if (f := figures(v)) is not None}
        return kept or None
    numbers = [f for v in value if (f := figures(v)) is not None]
    return numbers or None


def _sha(value: Any) -> str:
    text = json.dumps(figures(value), sort_keys=True, ensure_ascii=False,
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
