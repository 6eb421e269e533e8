"""The key of a keyed computation: its code closure, its settings, and the digests of the
inputs it declares — the one key function every cached result uses.

`computation_key(roots, kind, code=..., inputs=..., **settings)` is `core.cache.cache_key`
over the normalised digest of the modules `code` and what they import
(`inputs.code_identity.code_digest`, with the versions of the libraries they import, read from
the loaded modules: `inputs.libraries`), the settings, and id -> digest of each declared input
as the input layer checked it (`inputs.layer.Inputs.digests`). The computation then runs as
`declared(kind, inputs)`, so that it cannot read an input its key does not hold (a build
stage's tasks do: `engine.tasks.in_task`). So another corpus under the same file names, an
edited subset list or a damaged pool gives another key or a refusal, never a stale entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from lexsub_baselines.core.cache import cache_key
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.layer import inputs as layer

__all__ = ["computation_key"]


def computation_key(roots: Roots, kind: str, *, code: Sequence[str],
                    inputs: Iterable[str] = (), **settings: Any) -> str:
    """Return the key of the computation `kind` (16 hex).

    Arguments:
        roots: where its inputs are.
        kind: what it computes (`word2vec`, `relations`, ...).
        code: the modules that compute it (their closure is digested).
        inputs: the manifest ids of the inputs it reads (each checked; a corpus of one's own
            is keyed by its digest).
        settings: every other setting that can change what it computes (JSON-able).

    Raises:
        InputMismatchError, MissingResourceError: a declared input is not the recorded one,
            or absent.
    """
    return cache_key(kind=kind, code=code_digest(*code), inputs=layer(roots).digests(inputs),
                     **settings)
