"""Record the README's tables' digests from a full `make baselines` run (once per version).

    .venv/bin/python scripts/record_reference.py [results] [--write PATH]

Writes lexsub_baselines/runs/reference.json (or PATH: the digest of every figure, each row's,
and the kernels the run recorded), which `lexsub verify-tables` compares one's own run with,
and prints the digest to quote in the README (tests/test_docs.py checks that the README quotes
it). Refuses a partial run (rows made under more than one settings id), and one whose kernels,
measured in the process that recorded it, are not exactly what a process pinned to x86-64-v3
measures on this machine (`core.kernels.expected`): the level's name alone is not enough.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from lexsub_baselines.core.kernels import DEFAULT_LEVEL, LEVELS, expected
from lexsub_baselines.runs.digest import REFERENCE, row_digests, tables_digest
from lexsub_baselines.runs.runner import load_json
from lexsub_baselines.runs.store import check_pair


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("results"))
    parser.add_argument("--write", type=Path, default=REFERENCE,
                        help="where to write the digests (default the package's reference)")
    args = parser.parse_args(argv)
    out = args.out
    runs = check_pair(out)
    ids = {runs.settings_of(record) for _, _, record in runs.rows()}
    if len(ids) != 1:
        raise SystemExit(f"record_reference: {out} holds rows of {len(ids)} settings ids; "
                         "record a full `make baselines` run")
    kernels = runs.settings.get(ids.pop(), {}).get("kernels", "")
    pinned = expected(LEVELS[DEFAULT_LEVEL])
    if kernels != pinned or "blis generic;" not in pinned:
        raise SystemExit(f"record_reference: the run measured the kernels {kernels or '(none)'}, "
                         f"not {pinned} (the README's tables are made pinned to {DEFAULT_LEVEL} "
                         "with generic blis): re-run `make baselines` through `lexsub`")
    scores = load_json(out / "scores.json")
    digest = tables_digest(scores)
    args.write.write_text(json.dumps({"tables_sha256": digest, "kernels": kernels,
                                      "rows": row_digests(scores)}, indent=1, sort_keys=True)
                          + "\n", encoding="utf-8")
    print(f"{args.write}: tables digest {digest} ({len(row_digests(scores))} rows)")


if __name__ == "__main__":
    main()
