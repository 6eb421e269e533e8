"""Record the README's tables' digests from a full `make baselines` run (once per version).

    .venv/bin/python scripts/record_reference.py [results]

Writes lexsub_baselines/runs/reference.json (the digest of every figure, each row's, and the
kernels the run recorded), which `lexsub verify-tables` compares one's own run with, and prints
the digest to quote in the README (tests/test_docs.py checks that the README quotes it).
Refuses a partial run (rows made under more than one settings id) or one without the pin.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lexsub_baselines.runs.digest import REFERENCE, row_digests, tables_digest
from lexsub_baselines.runs.runner import load_json
from lexsub_baselines.runs.store import check_pair


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("results")
    runs = check_pair(out)
    ids = {runs.settings_of(record) for _, _, record in runs.rows()}
    if len(ids) != 1:
        raise SystemExit(f"record_reference: {out} holds rows of {len(ids)} settings ids; "
                         "record a full `make baselines` run")
    kernels = runs.settings.get(ids.pop(), {}).get("kernels", "")
    if not kernels.startswith("x86-64-v3 (blis generic;"):
        raise SystemExit(f"record_reference: the run's kernels are {kernels or 'unrecorded'}; "
                         "the README's tables are made pinned to x86-64-v3 with generic blis")
    scores = load_json(out / "scores.json")
    digest = tables_digest(scores)
    REFERENCE.write_text(json.dumps({"tables_sha256": digest, "kernels": kernels,
                                     "rows": row_digests(scores)}, indent=1, sort_keys=True)
                         + "\n", encoding="utf-8")
    print(f"{REFERENCE}: tables digest {digest} ({len(row_digests(scores))} rows)")


if __name__ == "__main__":
    main()
