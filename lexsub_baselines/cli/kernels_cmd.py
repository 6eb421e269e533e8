"""`lexsub kernels` and `lexsub verify-tables`: the kernels in force, and one's tables checked
against the README's (docs/building.md, "The same table on every machine")."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.kernels import (
    KERNELS_ENV,
    blis_configurations,
    chosen_level,
    describe,
    machine_levels,
    numpy_targets_on,
    pinned_environment,
)
from lexsub_baselines.core.paths import Roots


def add_parser(subparsers: Any) -> None:
    """Register the `kernels` and `verify-tables` sub-commands."""
    kernels = subparsers.add_parser(
        "kernels", help="print the numeric kernels every figure is computed with",
        description="Print the numeric kernels in force (the instruction-set level pinned by "
        f"{KERNELS_ENV}, default x86-64-v3; the BLIS configurations of the installed blis; "
        "NumPy's disabled targets; OpenBLAS's core type; glibc's masked features) and the "
        "levels this machine runs. `lexsub` re-executes itself with them before any library "
        "loads; --env prints them as NAME=VALUE words, to start a remote Dask worker under "
        "the same pin: `env $(lexsub kernels --env) dask worker ADDRESS --nthreads 1`.",
        **examples("kernels"))
    kernels.add_argument("--env", action="store_true",
                         help="print the pin's variables (NAME=VALUE) and nothing else")
    kernels.set_defaults(func=run_kernels)
    verify = subparsers.add_parser(
        "verify-tables", help="compare a run's tables with the README's, by digest",
        description="Compute the digest of every figure of OUT/scores.json (`lexsub "
        "baselines` writes it, and prints it in tables.md) and compare it, row by row, with "
        "the digests of the README's tables recorded in this version, or with --digest (a "
        "digest another user printed). Exit status 0 when equal, 1 when a row differs.",
        **examples("verify-tables"))
    verify.add_argument("--out", type=Path, default=Path("results"),
                        help="the results folder of `lexsub baselines` (default results)")
    verify.add_argument("--digest", default=None,
                        help="compare with this tables digest instead of the README's")
    verify.set_defaults(func=run_verify)


def run_kernels(args: argparse.Namespace, roots: Roots) -> int:
    """Print the kernels in force (or the pin's variables)."""
    try:
        level = chosen_level()
    except ValueError as error:
        raise LexsubError(str(error)) from None
    if args.env:
        print(" ".join(f"{name}={shlex.quote(value)}"
                       for name, value in pinned_environment().items()))
        return 0
    print(f"in force:   {describe()}  (measured in this process)")
    print(f"pinned to:  {level.name if level else 'nothing (native)'}"
          f" ({KERNELS_ENV}={os.environ.get(KERNELS_ENV, '') or 'unset'})")
    print(f"this machine runs: {', '.join(machine_levels()) or 'no pinned level (not x86-64)'}")
    configs = blis_configurations()
    print(f"blis:       {', '.join(configs) or 'not installed'}"
          + ("" if configs == ["generic"] else
             " (not the generic-only build: run `make setup`, scripts/build_blis.sh)"))
    print("numpy:      dispatched targets on in this process: "
          f"{', '.join(numpy_targets_on()) or 'none (the baseline only)'}")
    for name, value in pinned_environment().items():
        print(f"  {name}={value}")
    return 0


def run_verify(args: argparse.Namespace, roots: Roots) -> int:
    """Compare OUT's figures with the reference (or --digest); 0 when equal."""
    from lexsub_baselines.runs.digest import read_reference, row_digests, tables_digest
    from lexsub_baselines.runs.runner import load_json
    from lexsub_baselines.runs.store import check_pair

    scores_path = args.out / "scores.json"
    if not scores_path.is_file():
        raise LexsubError(f"{scores_path}: no results; run `lexsub baselines` (or pass --out)")
    runs = check_pair(args.out)
    scores = load_json(scores_path)
    digest = tables_digest(scores)
    kernels = runs.settings.get(runs.newest(), {}).get("kernels", "not recorded")
    print(f"{args.out}: tables digest {digest} (kernels {kernels})")
    if args.digest is not None:
        same = digest == args.digest.strip()
        print("the same tables" if same else f"other figures than {args.digest.strip()}")
        return 0 if same else 1
    reference = read_reference()
    if reference is None:
        raise LexsubError("this version records no reference digest of the README's tables; "
                          "compare with another user's run: --digest DIGEST")
    if digest == reference["tables_sha256"]:
        print(f"the README's tables, figure for figure ({digest})")
        return 0
    ours, theirs = row_digests(scores), dict(reference.get("rows", {}))
    differ = sorted(row for row in ours.keys() & theirs.keys() if ours[row] != theirs[row])
    missing = sorted(theirs.keys() - ours.keys())
    extra = sorted(ours.keys() - theirs.keys())
    print(f"not the README's tables ({reference['tables_sha256']}, made with "
          f"{reference.get('kernels', 'unrecorded kernels')}): "
          f"{len(ours.keys() & theirs.keys()) - len(differ)} rows equal, {len(differ)} differ"
          + (f", {len(missing)} not run" if missing else "")
          + (f", {len(extra)} not in the README's" if extra else ""))
    for row in differ[:20]:
        print(f"  differs: {row}")
    if len(differ) > 20:
        print(f"  ... and {len(differ) - 20} more")
    return 1 if differ or extra else 0
