"""`lexsub fetch`: download the public inputs, check their digests, lay them out under the roots.

    lexsub fetch NAME ... | --all   [--mirror URL] [--manifest FILE] [--no-progress]
    lexsub fetch --list

NAME is a group (`scoring`: what `lexsub score` reads; `baselines`: what `make baselines`
reads; `field`: the field's released outputs, which `lexsub field` rescores), an input
(`semeval2007`, `swords`, `coinco`, `ud-ewt`, ...) or a manifest id. One line per input says
what happened. Exit status: 0 when every input asked for is in place, 1 when an input with no
public download is absent (its line says what to do), 2 when a fetch failed (its line names
the input, what happened and what to do; the other inputs are still fetched).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.manifest import GROUPS, Manifest, load_manifest
from lexsub_baselines.resources.download import MIRROR_ENV
from lexsub_baselines.resources.fetch import ELSEWHERE, FetchResult, fetch, inputs


def add_parser(subparsers: Any) -> None:
    """Register the `fetch` sub-command."""
    parser = subparsers.add_parser(
        "fetch", help="download the public data and resources, checked, into the data root",
        description="Download each public input from the upstream location the manifest "
        "records (pinned to a release, tag or commit where the host has them), check the "
        "sha256 of the download and of every file made from it, and lay the files out under "
        "the data root (data/...) and shared root (resources/...) as ../shared has them. "
        "Each download is capped at the size the manifest records; redirects are followed "
        "only to the hosts it lists; an interrupted download resumes when its bytes can be "
        "checked, and whatever fails leaves nothing behind; a second fetch only checks. The "
        "roots: --data-root or LEXSUB_DATA_ROOT, else the checkout's ../shared, else the "
        "per-user folder; the first two lines of the output say which, and why.",
        **examples("fetch"))
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"groups ({', '.join(GROUPS)}), inputs or manifest ids; "
                        "`--list` shows them")
    parser.add_argument("--all", action="store_true", help="every input with a public download")
    parser.add_argument("--list", action="store_true",
                        help="list the inputs: where each comes from, or why it cannot be "
                        "fetched")
    parser.add_argument("--mirror", default=None, metavar="URL",
                        help=f"fetch https://HOST/PATH and http://HOST/PATH from "
                        f"URL/HOST/PATH instead (env {MIRROR_ENV})")
    parser.add_argument("--manifest", type=Path, default=None,
                        help="a manifest file (default: the one shipped with the package)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.set_defaults(func=run)


def _listing(manifest: Manifest) -> str:
    lines = []
    for name, entries in inputs(manifest).items():
        groups = sorted({g for r in entries for g in r.groups}, key=GROUPS.index)
        tag = f" [{', '.join(groups)}]" if groups else ""
        urls = list(dict.fromkeys(r.upstream_url for r in entries if r.fetch))
        if len(urls) > 1:  # files of one folder upstream: name the folder once
            folder = urls[0].rsplit("/", 1)[0]
            while not all(u.startswith(folder + "/") for u in urls):
                folder = folder.rsplit("/", 1)[0]
            urls = [f"{folder}/{{{','.join(u.removeprefix(folder + '/') for u in urls)}}}"]
        if urls:
            lines.append(f"{name}{tag}: {sum(bool(r.fetch) for r in entries)} file(s) from "
                         f"{urls[0]}")
        else:
            lines.append(f"{name}{tag}: not fetched: {entries[0].note}")
    lines += [f"{name}: not fetched: {note}" for name, note in ELSEWHERE.items()]
    return "\n".join(lines)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Fetch (or list) the inputs asked for; see the module docstring for the exit status."""
    manifest = load_manifest(args.manifest)
    if args.list:
        print(_listing(manifest))
        return 0
    if not args.names and not args.all:
        raise LexsubError("name what to fetch (e.g. `lexsub fetch scoring`), or --all; "
                          "`lexsub fetch --list` lists the inputs")
    names = list(args.names)
    if args.all:
        names += [name for name, entries in inputs(manifest).items()
                  if any(r.fetch for r in entries)]
    print(f"{roots.describe('data')}\n{roots.describe('shared')}")

    def report(result: FetchResult) -> None:
        print(result.line(), flush=True)

    results = fetch(roots, list(dict.fromkeys(names)), manifest=manifest,
                    mirror=args.mirror or os.environ.get(MIRROR_ENV) or None,
                    progress=not args.no_progress and sys.stderr.isatty(), report=report)
    failed = [r.name for r in results if r.status == "failed"]
    absent = [r.name for r in results if r.status == "not fetched"]
    if failed:
        print(f"lexsub: error: could not fetch {', '.join(failed)} (see above)", file=sys.stderr)
        return 2
    if absent:
        print(f"lexsub: warning: not in place, and not downloadable: {', '.join(absent)} "
              "(see above for what to do)", file=sys.stderr)
        return 1
    return 0
