"""The stored form of the sparse matrices the builds make (relation counts, co-occurrences).

What `save_sparse` writes is a built resource's bytes (CSR, its dtype, compressed or not,
the JSON of its vocabularies), so this module is in the keys of the resources it stores
(`inputs.code_identity`: not plumbing): a change to it rebuilds the relation counts and the
bag-of-words counts. The atomic writes and seals it uses are `core.cache`'s.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_path, atomic_write_text, seal, verified

__all__ = ["load_sparse", "save_sparse", "sparse_saved"]


def save_sparse(stem: Path, matrix: Any, info: dict[str, Any], compressed: bool = True) -> None:
    """Write a sparse matrix to `stem.npz` and `info` to `stem.json`, atomically, both sealed.

    Arguments:
        stem: the path without suffix.
        matrix: a scipy sparse matrix (stored as CSR).
        info: JSON-ready vocabularies and metadata (written with sorted keys).
        compressed: compress the `.npz` (smaller, slower to load).
    """
    import scipy.sparse as sp

    npz, meta = stem.with_suffix(".npz"), stem.with_suffix(".json")
    with atomic_path(npz) as tmp, open(tmp, "wb") as handle:
        sp.save_npz(handle, matrix.tocsr(), compressed=compressed)
    atomic_write_text(meta, json.dumps(info, ensure_ascii=False, sort_keys=True))
    seal(npz)
    seal(meta)


def sparse_saved(stem: Path) -> bool:
    """Return True when `save_sparse` finished writing `stem` (both files verified)."""
    return verified(stem.with_suffix(".npz")) and verified(stem.with_suffix(".json"))


def load_sparse(stem: Path) -> tuple[Any, dict[str, Any]] | None:
    """Read what `save_sparse` wrote: (CSR matrix, info), or None when absent or not verified."""
    import scipy.sparse as sp

    npz, meta = stem.with_suffix(".npz"), stem.with_suffix(".json")
    if not sparse_saved(stem):
        return None
    return sp.load_npz(npz).tocsr(), json.loads(meta.read_text(encoding="utf-8"))
