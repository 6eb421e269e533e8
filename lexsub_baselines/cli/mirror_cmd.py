"""`lexsub mirror`: make a folder that `lexsub fetch --mirror` fetches from, from the roots.

    lexsub mirror OUT [NAME ...] [--debs DIR ...]

NAME is what `lexsub fetch` takes (default `scoring`). One line per input says what happened
(`resources.mirror`). Exit status 0 when every input asked for was mirrored (or has no
download at all), 1 when one could not be (its line says why).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import GROUPS
from lexsub_baselines.resources.mirror import APT_ARCHIVES, make_mirror


def add_parser(subparsers: Any) -> None:
    """Register the `mirror` sub-command."""
    parser = subparsers.add_parser(
        "mirror", help="make a mirror folder of the public inputs, for `lexsub fetch --mirror`",
        description="Write OUT/HOST/PATH for each upstream URL of the inputs asked for, "
        "holding what the host serves, made from the files under the roots (each checked "
        "against the manifest first): a file as it is, an xz file uncompressed, the "
        "SemEval-2007 archive rebuilt from its files (the manifest marks the upstream "
        "archive's digest unverified, so a fetch checks each file by its own), WordNet's "
        f"Debian packages copied from --debs or apt's cache ({APT_ARCHIVES}) when one has "
        "the recorded digest. Serve OUT with any static HTTP server; `lexsub fetch NAME "
        "--mirror URL` then fetches from it with the shipped manifest.",
        **examples("mirror"))
    parser.add_argument("out", type=Path, help="the mirror's folder (made when absent)")
    parser.add_argument("names", nargs="*", metavar="NAME", default=["scoring"],
                        help=f"groups ({', '.join(GROUPS)}), inputs or manifest ids, as "
                        "`lexsub fetch` takes them (default: scoring)")
    parser.add_argument("--debs", type=Path, action="append", default=[], metavar="DIR",
                        help="a folder of Debian packages (`apt-get download wordnet-base "
                        "wordnet-sense-index`) to take WordNet's packages from")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Mirror the inputs asked for; see the module docstring for the exit status."""
    print(f"{roots.describe('data')}\n{roots.describe('shared')}")
    results = make_mirror(roots, args.names, args.out, debs=args.debs)
    for result in results:
        print(result.line, flush=True)
    return 1 if any(r.status == "not mirrored" for r in results) else 0
