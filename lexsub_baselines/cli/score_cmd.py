"""`lexsub score`: score a best/oot/mw answer file as the official SemEval scorer does.

`--format text` prints what `score.pl` (with `--subsets`, `scoreFA.pl`) prints, including its
`Error in FILE on line N` lines, then one signature line per block. Other problems in the
files are warnings on stderr, each with file and line; notes say what could not be computed
and hints what probably went wrong (`lexsub: hint: … did you mean -t oot?`), never changing a
printed figure. `--format json` prints `ScoreReport.to_json()`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lexsub_baselines.paths import Roots
from lexsub_baselines.scoring.api import emit_problems
from lexsub_baselines.scoring.profiles import PROFILE_FOR_LANGUAGE, PROFILES
from lexsub_baselines.scoring.scorer import KINDS, MEASURE_SETS, Scorer
from lexsub_baselines.scoring.swords import SwordsScorer


def add_parser(subparsers: Any) -> None:
    """Register the `score` sub-command."""
    profiles = "; ".join(f"{name}: {PROFILES.doc(name)}" for name in PROFILES)
    parser = subparsers.add_parser(
        "score", help="score a best/oot/mw answer file (official SemEval-2007 scorer)",
        description="Score a system answer file against a gold file or a dataset's gold. "
        "Profiles: " + profiles)
    parser.add_argument("system", type=Path,
                        help="the system answer file (a SWORDS result *.lsr.json for swords-*)")
    parser.add_argument("gold",
                        help="the gold file (key/gold, trial/gold.trial; key/mwgold for -t mw), "
                             "or a dataset name (semeval2007-test: its gold under the roots; "
                             "swords-dev, swords-test: the SWORDS evaluation; see `lexsub "
                             "datasets`)")
    parser.add_argument("-t", "--type", dest="kind", choices=KINDS, default="best",
                        help="answer kind (default best)")
    defaults = ", ".join(f"{profile} for {language}" for language, profile in
                         PROFILE_FOR_LANGUAGE.items())
    parser.add_argument("--profile", choices=PROFILES.names(), default=None,
                        help=f"scorer profile (default: the dataset's official one -- "
                             f"{defaults} -- and official for a gold file)")
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
    scorer = Scorer(args.gold, args.profile, mwids=args.mwids, mrsamples=args.mrsamples,
                    roots=roots)
    if isinstance(scorer, SwordsScorer):
        return run_swords(scorer, args)
    report = scorer.score(args.system, args.kind, subsets=args.subsets, by_pos=args.by_pos,
                          bounds=args.bounds, measures=tuple(args.measures), k=args.k,
                          warn=False)
    text = args.format == "text"
    # In text form the malformed lines are already shown as score.pl shows them.
    emit_problems((*report.gold_problems, *report.problems),
                  skip=("malformed",) if text else ())
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    for hint in report.hints:
        print(f"lexsub: hint: {hint}", file=sys.stderr)
    if text:
        print(report.to_text(), end="")
    else:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    return 0


def run_swords(scorer: SwordsScorer, args: argparse.Namespace) -> int:
    """Score a SWORDS result: every metric of the authors' `evaluate`, then GAP, signature."""
    semeval = {"-t": args.kind != "best", "--subsets": args.subsets, "--bounds": args.bounds,
               "--measures": bool(args.measures), "-k": args.k != 1.0}
    report = scorer.score(args.system, by_pos=args.by_pos, warn=False, **semeval)
    for line in report.problems:
        print(f"lexsub: warning: {line}", file=sys.stderr)
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    if args.format == "text":
        print(report.to_text(), end="")
    else:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    return 0
