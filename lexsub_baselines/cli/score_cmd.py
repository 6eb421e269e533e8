"""`lexsub score`: score a best/oot/mw answer file as the official SemEval-2007 scorer does.

`--format text` prints what `score.pl` (with `--subsets`, `scoreFA.pl`) prints, including its
`Error in FILE on line N` lines, then one signature line per block. Other problems in the
file are warnings on stderr, each with file and line. `--format json` prints
`ScoreReport.to_json()`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lexsub_baselines.datasets.registry import DATASETS, load_dataset
from lexsub_baselines.paths import Roots
from lexsub_baselines.scoring.api import KINDS, MEASURE_SETS, emit_problems, score
from lexsub_baselines.scoring.profiles import PROFILES


def add_parser(subparsers: Any) -> None:
    """Register the `score` sub-command."""
    profiles = "; ".join(f"{name}: {PROFILES.doc(name)}" for name in PROFILES)
    parser = subparsers.add_parser(
        "score", help="score a best/oot/mw answer file (official SemEval-2007 scorer)",
        description="Score a system answer file against a gold file. Profiles: " + profiles)
    parser.add_argument("system", type=Path, help="the system answer file")
    parser.add_argument("gold", type=Path,
                        help="the gold file (key/gold, trial/gold.trial; key/mwgold for -t mw), "
                             "or a dataset name (semeval2007-test: its gold under the roots)")
    parser.add_argument("-t", "--type", dest="kind", choices=KINDS, default="best",
                        help="answer kind (default best)")
    parser.add_argument("--profile", choices=PROFILES.names(), default="official",
                        help="scorer profile (default official)")
    parser.add_argument("--subsets", action="store_true",
                        help="also score NMWT, NMWS, RAND, MAN (scoreFA.pl)")
    parser.add_argument("--mwids", type=Path, default=None,
                        help="mwids file for NMWT (default: beside the gold)")
    parser.add_argument("--mrsamples", type=Path, default=None,
                        help="MRsamples file for RAND/MAN (default: beside the gold)")
    parser.add_argument("--by-pos", action="store_true", help="also score each PoS")
    parser.add_argument("--bounds", action="store_true", help="add the gold's upper bounds")
    parser.add_argument("--measures", action="append", choices=MEASURE_SETS, default=[],
                        help="extra measures (jabbari: Jabbari et al. 2010)")
    parser.add_argument("-k", type=float, default=1.0,
                        help="coverage weight of a wrong answer (jabbari; default 1)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text: the official output and signatures; json: one object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Score and print; problems in the input are warnings, never a traceback."""
    gold: Any = args.gold
    if not gold.exists() and str(gold) in DATASETS:
        gold = load_dataset(str(gold), roots)
    report = score(args.system, gold, args.kind, args.profile, subsets=args.subsets,
                   by_pos=args.by_pos, bounds=args.bounds, measures=tuple(args.measures),
                   mwids=args.mwids, mrsamples=args.mrsamples, k=args.k, warn=False)
    text = args.format == "text"
    # In text form the malformed lines are already shown as score.pl shows them.
    emit_problems(sorted(report.problems, key=lambda p: p.line),
                  skip=("malformed",) if text else ())
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    if text:
        print(report.to_text(), end="")
    else:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    return 0
