"""`lexsub report`, `lexsub rank-eval` and `lexsub vote`: analyses of answers already written.

- `report`: the headline comparison with the papers, per-PoS/subset tables, overlap,
  correlations, disruptive sets, significance and the ranking results of a results folder ->
  `report.html` (self-contained), `report.md`, `figures/*.png`, and the instance explorer
  `explorer/index.html` (`make report`).
- `rank-eval`: rank the standard candidate pools with rankers, write
  `ranking/<dataset>/<ranker>.ranked` and `ranking.json` (GAP, P@1, P@3, R@10).
- `vote`: combine systems' answer files by voting into `<dataset>/<name>.{best,oot}`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.options import load_plugin_options, plugin_options
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.scoring.significance import RESAMPLES

#: Rankers `rank-eval` runs by default (when registered): floors first, then the real ones.
DEFAULT_RANKERS: tuple[str, ...] = ("identity", "random:0", "freq:wordfreq", "freq", "lm",
                                    "bow", "cmlc", "emb:add", "emb:baladd", "emb:mult",
                                    "emb:balmult")
#: Datasets `rank-eval` uses by default.
DEFAULT_RANK_DATASETS: tuple[str, ...] = ("semeval2007-test", "coinco-dev", "coinco-test")


def add_parser(subparsers: Any) -> None:
    """Register `report`, `rank-eval` and `vote`."""
    report = subparsers.add_parser(
        "report", help="analyse the answers in a results folder; write report.html/.md",
        description="Read the answer files, scores.json and runs.json of a results folder "
        "(`make baselines` writes one) and write the analysis report -- the headline "
        "comparison with the papers, per-PoS and subset tables, overlap, correlations, "
        "disruptive sets, paired significance, SWORDS beside SemEval-2007 -- as "
        "OUT/report.html (self-contained), OUT/report.md and OUT/figures/*.png, and the "
        "instance explorer OUT/explorer/index.html. What `make report` runs.",
        **examples("report"))
    report.add_argument("--results", type=Path, default=Path("results"),
                        help="results folder to read (default: results)")
    report.add_argument("--out", type=Path, default=None,
                        help="where to write report.html, report.md, figures/ (default: "
                        "the results folder)")
    report.add_argument("--datasets", nargs="+", metavar="DATASET",
                        help="only these datasets (default: every one with answers)")
    report.add_argument("--systems", nargs="+", metavar="SYSTEM",
                        help="only these systems (default: every one with answers)")
    report.add_argument("--no-vote", action="store_true",
                        help="do not add the vote of the systems to the score tables")
    report.add_argument("--resamples", "--trials", type=int, default=RESAMPLES,
                        help=f"trials of each paired significance test (approximate "
                             f"randomisation for p, the paired bootstrap for the 95%% "
                             f"interval; default {RESAMPLES})")
    report.add_argument("--seed", type=int, default=0, help="significance-test seed")
    report.add_argument("--no-explorer", action="store_true",
                        help="do not write the instance explorer (explorer/index.html)")
    report.add_argument("--no-progress", action="store_true", help="no progress bars")
    report.set_defaults(func=run_report)

    rank = subparsers.add_parser(
        "rank-eval", help="rank the standard candidate pools; GAP, P@1, P@3, R@10",
        description="Candidate ranking: rank the standard candidate pools of each dataset "
        "(LS07: Melamud et al.'s lst.gold.candidates; CoInCo's pools) with each ranker, "
        "write OUT/ranking/DATASET/RANKER.ranked and merge GAP, P@1, P@3 and R@10 into "
        "OUT/ranking.json, printing one line per ranker and dataset. Exit status 1 when a "
        "ranker failed.",
        **examples("rank-eval"))
    rank.add_argument("--rankers", nargs="+", metavar="RANKER",
                      help="rankers (registered names or random:SEED; default: "
                      f"{' '.join(DEFAULT_RANKERS)} where registered)")
    rank.add_argument("--datasets", nargs="+", metavar="DATASET",
                      default=list(DEFAULT_RANK_DATASETS),
                      help=f"datasets (default: {' '.join(DEFAULT_RANK_DATASETS)})")
    rank.add_argument("--out", type=Path, default=Path("results"),
                      help="results folder (default: results)")
    rank.add_argument("--multiword-filter", default="no-space-hyphen",
                      choices=("none", "no-space-hyphen", "alpha"),
                      help="filter applied to gold entries (default no-space-hyphen)")
    rank.add_argument("--skip-existing", action="store_true",
                      help="keep results already in ranking.json (with their .ranked file)")
    rank.add_argument("--no-progress", action="store_true", help="no progress bars")
    plugin_options(rank)
    rank.set_defaults(func=run_rank_eval)

    vote = subparsers.add_parser(
        "vote", help="combine answer files by voting",
        description="Combine the best and oot answer files of systems in RESULTS/DATASET by "
        "voting and write the vote as a new system, RESULTS/DATASET/NAME.best and .oot "
        "(score them with `lexsub score`).",
        **examples("vote"))
    vote.add_argument("dataset", help="the dataset whose answers to combine")
    vote.add_argument("--systems", nargs="+", metavar="SYSTEM",
                      help="the members (default: every system with answers)")
    vote.add_argument("--results", type=Path, default=Path("results"),
                      help="results folder (default: results)")
    vote.add_argument("--name", default="vote", help="output file stem (default: vote)")
    vote.set_defaults(func=run_vote)


def run_report(args: argparse.Namespace, roots: Roots) -> int:
    """Build and write the report; print where it went and how long it took."""
    from lexsub_baselines.analysis.render import write_report
    from lexsub_baselines.analysis.report import ReportSettings, build_report

    start = time.perf_counter()
    if not args.results.is_dir():
        raise LexsubError(f"results folder {args.results} not found; run `make baselines` or "
                          f"`lexsub run SYSTEM DATASET --out {args.results}` first")
    settings = ReportSettings(tuple(args.datasets or ()), tuple(args.systems or ()),
                              vote=not args.no_vote, resamples=args.resamples,
                              seed=args.seed, explorer=not args.no_explorer)
    report = build_report(args.results, roots, settings, progress=not args.no_progress)
    if not report.sections:
        raise LexsubError(f"nothing to report in {args.results}: no answer files of a dataset "
                          "with gold, and no ranking.json")
    paths = write_report(report, args.out or args.results)
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    pages = [p for p in paths if p.suffix != ".png"]
    print("\n".join(map(str, pages)))
    print(f"{len(paths) - len(pages)} figures in {paths[0].parent / 'figures'}")
    print(f"lexsub: report built in {time.perf_counter() - start:.1f}s", file=sys.stderr)
    return 0


def _default_rankers() -> list[str]:
    from lexsub_baselines.catalog import RANKERS

    return [r for r in DEFAULT_RANKERS if r.startswith("random") or r in RANKERS]


def run_rank_eval(args: argparse.Namespace, roots: Roots) -> int:
    """Rank every dataset's pools with every ranker; merge the scores into ranking.json."""
    from lexsub_baselines.analysis.candidates import (
        evaluate_ranking,
        pool_file,
        rank_dataset,
        read_pools,
        resolve_ranker,
        write_ranked,
    )
    from lexsub_baselines.datasets.catalog import load_dataset
    from lexsub_baselines.runs.runner import load_json, write_json

    load_plugin_options(args)
    summary_path = args.out / "ranking.json"
    summary: dict[str, Any] = load_json(summary_path)
    failures = 0
    for name in args.datasets:
        dataset = load_dataset(name, roots)
        pools = read_pools(pool_file(dataset, roots))
        gold = dataset.gold()
        for ranker_name in args.rankers or _default_rankers():
            ranked_path = args.out / "ranking" / name / f"{ranker_name.replace(':', '-')}.ranked"
            if args.skip_existing and ranker_name in summary.get(name, {}) \
                    and ranked_path.is_file():
                continue
            try:
                ranker = resolve_ranker(ranker_name, roots)
                run = rank_dataset(ranker, ranker_name, dataset, pools,
                                   progress=not args.no_progress)
            except LexsubError as error:
                failures += 1
                print(f"lexsub: error: ranker {ranker_name} on {name}: {error}",
                      file=sys.stderr)
                continue
            scores = evaluate_ranking(run, gold, args.multiword_filter)
            write_ranked(ranked_path, run)
            summary.setdefault(name, {})[ranker_name] = scores.to_json()
            at = "  ".join(f"{a.label} {100 * a.value:.2f}" for a in scores.at)
            print(f"{name:<18} {ranker_name:<16} {scores.gap.label} {100 * scores.gap.gap:.2f} "
                  f"({scores.gap.used} items, {scores.gap.skipped} skipped)  {at}  "
                  f"[{run.seconds:.1f}s]")
    write_json(summary_path, summary)
    print(f"lexsub: wrote {summary_path}", file=sys.stderr)
    return 1 if failures else 0


def run_vote(args: argparse.Namespace, roots: Roots) -> int:
    """Write the vote of the chosen systems' answer files as a new system."""
    from lexsub_baselines.analysis.inputs import SUBSTITUTION_KINDS, load_evaluation
    from lexsub_baselines.analysis.voting import vote_answers
    from lexsub_baselines.substitutes.answers import write_answer_file

    evaluation = load_evaluation(args.results, args.dataset, roots, args.systems)
    members = [s for s in evaluation.systems if s != args.name]
    lexelts = {i.id: i.lexelt for i in evaluation.dataset.instances()}
    for kind in SUBSTITUTION_KINDS:
        chosen = {s: evaluation.answers[s][kind] for s in members
                  if kind in evaluation.answers[s]}
        combined = vote_answers(chosen, kind)
        path = args.results / args.dataset / f"{args.name}.{kind}"
        rows = ((lexelts.get(i, "unknown.n"), i, combined.get(i, ())) for i in lexelts)
        lines = write_answer_file(path, kind, rows)
        print(f"{kind}: {path} ({lines} lines, vote of {', '.join(chosen)})")
    return 0
