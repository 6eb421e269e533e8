"""The key of a keyed computation: its code, its settings, and the digests of the inputs it
declares — the one key constructor every cached result uses.

`computation_key(roots, kind, code=..., inputs=..., **settings)` is the sha256 of sorted JSON
holding the kind, the identity of the modules `code` and what they import
(`inputs.code_identity.code_digest`, with the versions of the libraries they import), the
settings, and id -> digest of each declared input as the input layer checked it
(`inputs.layer.Inputs.digests`). A build stage then runs as `declared(kind, inputs)`, so
that it cannot read an input its key does not hold (`engine.tasks.in_task`). So another
corpus under the same file names, an edited subset list or a damaged pool gives another key
or a refusal, never a stale entry. A system's answers are keyed by what is known before they
are made, and served by their trace (`runs.result_cache`, `inputs.trace`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.layer import inputs as layer

__all__ = ["computation_key"]


def computation_key(roots: Roots | None, kind: str, *, code: Sequence[str],
                    inputs: Iterable[str] = (), **settings: Any) -> str:
    """Return the key of the computation `kind` (16 hex).

    Arguments:
        roots: where its inputs are (None when it declares none).
        kind: what it computes (`word2vec`, `relations`, `answers`, ...).
        code: the modules that compute it (their closure is digested; none: code that the
            computation's trace holds instead).
        inputs: the manifest ids of the inputs it reads (each checked; a corpus of one's own
            is keyed by its digest).
        settings: every other setting that can change what it computes (JSON-able; paths
            and other objects by `str`).

    Raises:
        InputMismatchError, MissingResourceError: a declared input is not the recorded one,
            or absent.

    >>> computation_key(None, "x", code=(), a=1) == computation_key(None, "x", code=(), a=1)
    True
    """
    declared = sorted(set(inputs))
    if declared and roots is None:
        raise ValueError(f"{kind}: inputs declared without the roots they are under")
    parts = {"kind": kind, "code": code_digest(*code) if code else "",
             "inputs": layer(roots).digests(declared) if roots is not None else {},
             **settings}
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(blob.encode("ascii")).hexdigest()[:16]
