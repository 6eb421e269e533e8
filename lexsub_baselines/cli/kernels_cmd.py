"""`lexsub kernels` and `lexsub verify-tables`: the kernels in force, and one's tables checked
against the README's (docs/design.md, "The numeric kernels' pin")."""

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
from lexsub_baselines.core.paths import PROJECT_DIR, Roots


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
        "verify-tables", help="compare a run's figures with the README's printed tables",
        description="Compute the digest of every figure of OUT/scores.json (`lexsub "
        "baselines` writes it, and prints it in tables.md), then compare every figure of ours "
        "that the README's tables print, row by row, with the run's (formatted to the digits "
        "printed; the published rows and the paper and Δ columns are not ours). Without a "
        "README (an installed package), the run is compared with the digests of the README's "
        "rows recorded in this version; with --digest, with a digest another user printed. "
        "Without --digest, the answer files shipped with the package (the README's rows, "
        "scripts/ship_answers.py) are compared with the run's by sha256 too. "
        "Exit status 0 when equal, 1 when a figure differs, a row of the README is not in "
        "the run, or a shipped file differs from the run's.", **examples("verify-tables"))
    verify.add_argument("--out", type=Path, default=Path("results"),
                        help="the results folder of `lexsub baselines` (default results)")
    verify.add_argument("--readme", type=Path, default=PROJECT_DIR / "README.md",
                        help="the README whose tables to check (default the checkout's)")
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
    shipped = _verify_shipped(args.out)
    if args.readme.is_file():
        return max(_verify_readme(args.readme, scores), shipped)
    reference = read_reference()
    if reference is None:
        raise LexsubError(f"{args.readme}: no README, and this version records no reference "
                          "digest of the README's tables; compare with another user's run: "
                          "--digest DIGEST")
    if digest == reference["tables_sha256"]:
        print(f"the README's tables, figure for figure ({digest})")
        return shipped
    ours, theirs = row_digests(scores), dict(reference.get("rows", {}))
    differ = sorted(row for row in ours.keys() & theirs.keys() if ours[row] != theirs[row])
    missing = sorted(theirs.keys() - ours.keys())
    print(f"not the README's tables ({reference['tables_sha256']}, made with "
          f"{reference.get('kernels', 'unrecorded kernels')}): "
          f"{len(ours.keys() & theirs.keys()) - len(differ)} rows equal, {len(differ)} differ"
          + (f", {len(missing)} not run" if missing else ""))
    _list("differs", differ)
    _list("not run", missing)
    return 1 if differ or missing or shipped else 0


def _verify_shipped(out: Path) -> int:
    """Compare the answer files shipped with the package (`runs.shipped`) with the run's in
    `out` by digest, naming those that differ; 1 when one does. A shipped file whose row the
    run lacks is listed (the tables' check says whether the run is the README's)."""
    from lexsub_baselines.runs.ship import check_shipped
    from lexsub_baselines.runs.shipped import shipped_index

    index = shipped_index()
    if index is None:
        print("shipped answers: none in this version (scripts/ship_answers.py writes them)")
        return 0
    check = check_shipped(out, index)
    print(f"shipped answers (tables {index.tables_digest}): {check.equal} of "
          f"{len(index.files)} files the same as {out}'s, {len(check.differ)} differ"
          + (f", {len(check.absent)} not in it" if check.absent else ""))
    _list("differs", check.differ)
    _list("not in the run", check.absent)
    return 1 if check.differ else 0


def _list(what: str, lines: list[str], most: int = 20) -> None:
    for line in lines[:most]:
        print(f"  {what}: {line}")
    if len(lines) > most:
        print(f"  ... and {len(lines) - most} more")


def _verify_readme(readme: Path, scores: dict[str, Any]) -> int:
    """Compare the figures of ours the README's tables print with `scores`; 0 when equal."""
    from lexsub_baselines.tables.readme import check_readme

    try:
        check = check_readme(readme.read_text(encoding="utf-8"), scores)
    except KeyError as error:
        raise LexsubError(f"{readme}: {error.args[0]}: verify-tables does not know what that "
                          "column shows (tables/readme.py)") from None
    if check.equal:
        print(f"{readme}: the README's tables, figure for figure ({check.figures} figures of "
              f"{check.rows} rows)")
        return 0
    print(f"{readme}: not the README's tables: {check.figures - len(check.differ)} figures "
          f"equal, {len(check.differ)} differ; {len(check.missing)} of {check.rows} rows of "
          "the README not in this run")
    _list("differs", check.differ)
    _list("missing", check.missing)
    return 1
