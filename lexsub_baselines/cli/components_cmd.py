"""`lexsub components`: the names a system, ranker or score can be built from, one line each.

Read from the registries (generators, rankers, frequency sources, scorer profiles), so the
list is always what `lexsub run GENERATOR+RANKER`, `freq:SOURCE` and `lexsub score
--profile` accept. Listing imports no model: the factories build lazily.
"""

from __future__ import annotations

import argparse
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.options import load_plugin_options, plugin_options
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Register the `components` sub-command."""
    parser = subparsers.add_parser(
        "components", help="list generators, rankers, frequency sources and scorer profiles",
        description="List the registered components, one line each: a system is "
        "GENERATOR+RANKER (see `lexsub systems` for the named ones); a frequency source "
        "SOURCE is used as the ranker freq:SOURCE (or freq:SOURCE:tiers); a profile is "
        "`lexsub score --profile PROFILE`. Plug-ins (--plugin, installed entry points) add "
        "theirs.",
        **examples("components"))
    plugin_options(parser)
    parser.set_defaults(func=run)


def _section(title: str, registry: Registry[Any]) -> list[str]:
    width = max((len(name) for name in registry), default=0)
    return [f"{title}:", *(f"  {name:<{width}}  {registry.doc(name)}" for name in registry), ""]


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Print every registered component with its one-line description."""
    from lexsub_baselines.catalog import FREQUENCY_SOURCES, GENERATORS, RANKERS
    from lexsub_baselines.scoring.profiles import PROFILES

    load_plugin_options(args)
    lines = [*_section("generators", GENERATORS), *_section("rankers", RANKERS),
             *_section("frequency sources", FREQUENCY_SOURCES),
             *_section("scorer profiles", PROFILES)]
    print("\n".join(lines).rstrip())
    return 0
