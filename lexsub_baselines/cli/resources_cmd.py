"""`lexsub resources`: list the external inputs of the manifest and verify their checksums.

    lexsub resources [ID ...] [--verify] [--json] [--no-progress] [--manifest FILE]

Without `--verify` each entry is checked for presence (and Debian packages for their version);
with it, every file is hashed and compared with the manifest. Exit status: 0 when every present
entry is as recorded, 1 when one differs (checksum or version); missing entries are listed with
where to get them and do not change the status.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import load_manifest
from lexsub_baselines.inputs.verify import ResourceStatus, verify


def add_parser(subparsers: Any) -> None:
    """Register the `resources` sub-command."""
    parser = subparsers.add_parser(
        "resources", help="list the external inputs (manifest) and verify their checksums",
        description="List the external inputs the builds read (the manifest: data files, "
        "corpora, dictionaries, Debian packages), each present or missing with where to get "
        "it. With --verify, hash every file and compare it with the manifest. Exit status 1 "
        "when a present entry differs from the manifest (checksum or version), else 0; "
        "missing entries do not change it.",
        **examples("resources"))
    parser.add_argument("ids", nargs="*", metavar="ID", help="entries to check (default: all)")
    parser.add_argument("--verify", action="store_true",
                        help="hash every file and compare with the manifest")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--manifest", type=Path, default=None,
                        help="a manifest file (default: the one shipped with the package)")
    parser.set_defaults(func=run)


def _table(statuses: list[ResourceStatus], roots: Roots, source: str) -> str:
    lines = [f"manifest:    {source}", f"shared root: {roots.shared}", f"data root:   {roots.data}",
             ""]
    width = max((len(s.resource.id) for s in statuses), default=2)
    lines.append(f"{'id':<{width}}  {'kind':<6}  {'status':<15}  location")
    for status in statuses:
        lines.append(f"{status.resource.id:<{width}}  {status.resource.kind:<6}  "
                     f"{status.status:<15}  {status.location}")
        if status.detail:
            label = "remedy" if status.status == "missing" else "detail"
            lines.append(f"{'':<{width}}  {label}: {status.detail}")
    counts: dict[str, int] = {}
    for status in statuses:
        counts[status.status] = counts.get(status.status, 0) + 1
    lines.append("")
    lines.append(", ".join(f"{n} {name}" for name, n in counts.items()))
    return "\n".join(lines)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """List (and with --verify, checksum) the manifest's entries; 1 when one differs."""
    manifest = load_manifest(args.manifest)
    statuses = verify(roots, args.ids or None, checksums=args.verify, manifest=manifest,
                      progress=not args.no_progress and not args.json)
    if args.json:
        print(json.dumps({"manifest": manifest.source, "shared_root": str(roots.shared),
                          "data_root": str(roots.data), "verified": args.verify,
                          "resources": [s.to_json() for s in statuses]},
                         indent=2, ensure_ascii=False))
    else:
        print(_table(statuses, roots, manifest.source))
    return 1 if any(s.failed for s in statuses) else 0
