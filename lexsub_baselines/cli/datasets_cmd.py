"""`lexsub datasets`: list the registered datasets and where their files were found."""

from __future__ import annotations

import argparse
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.datasets.lexsubgen import LEXSUBGEN_DATA, source_paths


def add_parser(subparsers: Any) -> None:
    """Register the `datasets` sub-command."""
    parser = subparsers.add_parser(
        "datasets", help="list datasets and where their files are",
        description="List every registered dataset (SemEval-2007, CLLS-2010, CoInCo, SWORDS) "
        "with its language and description, each of its files under the data root with ok or "
        "MISSING, and where to download it. A dataset name is what `lexsub run`, `lexsub "
        "score` and `lexsub report --datasets` take. Last, the data LexSubGen's protocol "
        "scores (`lexsub score --protocol lexsubgen`): `semeval2007-all` and `coinco-all`, "
        "each with the files it is derived from.",
        **examples("datasets"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """List every dataset with each file's path and whether it was found."""
    print(roots.describe("data"))
    for name in dataset_names():
        dataset = load_dataset(name, roots)
        spec = dataset.spec
        print(f"\n{name}  ({spec.language})  {spec.description}")
        for role, rel in spec.files:
            state = "ok" if dataset.has(role) else "MISSING"
            print(f"  {role:<10} {state:<8} {roots.data / rel}")
        if spec.upstream_url:
            print(f"  upstream   {spec.upstream_url}")
        if spec.upstream_sha256:
            print(f"  sha256     {spec.upstream_sha256}")
        print(f"  fetch      `lexsub fetch {spec.fetch}`" if spec.fetch else
              "  fetch      none: no public download")
    print("\nunder LexSubGen's protocol (lexsub score RESULT.json DATA --protocol lexsubgen):")
    for name, theirs in LEXSUBGEN_DATA.items():
        print(f"\n{name}  (en)  LexSubGen's {theirs!r}, derived from:")
        for path in source_paths(name, roots):
            print(f"  {'source':<10} {'ok' if path.is_file() else 'MISSING':<8} {path}")
    return 0

