"""`lexsub field`: rescore the field's released outputs, from the scoring install too.

    lexsub field [--out DIR] [--format text|json]

Every released output in place under the shared root (`lexsub fetch field`) is turned into
the answer files our scorers read (`runs.field_runs.released_rows`: UniHD's predictions as
they are; WordTune's responses matched to our instances), written under `OUT/<dataset>/`,
and scored; the tables beside the published figures are printed (`tables.released`), or the
rows as JSON. `lexsub baselines` records the same rows beside ours.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots


def add_parser(subparsers: Any) -> None:
    """Register the `field` sub-command."""
    parser = subparsers.add_parser(
        "field", help="rescore the field's released outputs (UniHD, WordTune, ParaLS, ConCat) "
        "with our scorers",
        description="Rescore every released output of the field in place under the shared "
        "root (`lexsub fetch field` gets them: UniHD's TSAR-2022 runs, WordTune's substitutes "
        "released with SWORDS, ParaLS on CoInCo's test part and ProLex, ConCat and BERT-dropout "
        "on LS07 trial and SWORDS dev): write the answer files our scorers read under "
        "OUT/<dataset>/ and print each row beside its published figures. WordTune's "
        "SemEval-2007 and CoInCo answers, and ConCat's LS07 ones, are lemmatised with WordNet "
        "(`lexsub fetch scoring`); WordTune's CoInCo and LS07 rows under LexSubGen's protocol "
        "read CoInCo and LS07's pools (`lexsub fetch scoring` has them too). A row "
        "whose input is absent is left out, with the input that brings it.",
        **examples("field"))
    parser.add_argument("--out", type=Path, default=Path("released"),
                        help="where the answer files go (default: ./released)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="the tables (text, default) or the rows as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Rescore the released outputs present (an error, in one line, when none is)."""
    from lexsub_baselines.datasets.field_outputs import FETCH_GROUP, FIELD_OUTPUTS
    from lexsub_baselines.runs.field_runs import released_rows
    from lexsub_baselines.tables.released import released_tables

    scores: dict[str, Any] = {}
    left_out = []
    for output in (o for o in FIELD_OUTPUTS if o.system):
        try:
            made = released_rows(output, args.out, roots)
        except MissingResourceError as error:
            left_out.append(f"{output.system} on {output.dataset}: {error}")
            continue
        for dataset, _, kinds in made:
            scores.setdefault(dataset, {})[output.system] = kinds
    for line in left_out:
        print(f"lexsub: note: not rescored: {line}", file=sys.stderr)
    if not scores:
        raise LexsubError(f"no released output is in place under {roots.describe('shared')}: "
                          f"run `lexsub fetch {FETCH_GROUP}`")
    if args.format == "json":
        print(json.dumps(scores, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        print("\n\n".join(table.to_markdown() for table in released_tables(scores)))
    print(f"lexsub: answer files under {args.out}/<dataset>/ (`lexsub score FILE DATASET` "
          "scores each again)", file=sys.stderr)
    return 0
