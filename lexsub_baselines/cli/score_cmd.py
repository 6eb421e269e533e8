"""`lexsub score`: score a best/oot/mw answer file as the official SemEval scorer does, or a
SWORDS result as the benchmark's evaluation does, a LexSubGen result as LexSubGen does, or a
TSAR-2022 predictions file as the task's `tsar_eval.py` does (`run_tsar`).

`--format text` prints what `score.pl` (with `--subsets`, `scoreFA.pl`) prints, including its
`Error in FILE on line N` lines, then one signature line per block. The problems in the files
are warnings on stderr, one per kind with its first line, count and remedy (`scoring.emit`);
notes say what could not be computed and hints what probably went wrong, never changing a
printed figure. A file from which nothing useful can come (no answer line, another format,
another split) is refused: one `lexsub: error:` line, exit 2. `--format json` prints
`ScoreReport.to_json()`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.paired_option import add_paired_arguments, paired_json, paired_report
from lexsub_baselines.core.errors import LexsubError, NothingToScoreError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.lexsubgen import LEXSUBGEN_DATA
from lexsub_baselines.scoring.api import emit_problems
from lexsub_baselines.scoring.lexsubgen import LSG_PROFILES, PROTOCOL, LexSubGenScorer
from lexsub_baselines.scoring.paired import PairedReport
from lexsub_baselines.scoring.profiles import PROFILE_FOR_LANGUAGE, PROFILES
from lexsub_baselines.scoring.scorer import KINDS, MEASURE_SETS, Scorer
from lexsub_baselines.scoring.signature import gold_label
from lexsub_baselines.scoring.swords import SwordsScorer
from lexsub_baselines.scoring.tsar import PROTOCOL as TSAR
from lexsub_baselines.scoring.tsar import TsarScorer
from lexsub_baselines.tables.field import FIELD_DATASET, field_table, scored_row
from lexsub_baselines.tables.released import is_released
from lexsub_baselines.tables.table import Table


def add_parser(subparsers: Any) -> None:
    """Register the `score` sub-command."""
    profiles = "; ".join([*(f"{name}: {PROFILES.doc(name)}" for name in PROFILES),
                          *(f"{name}: {LSG_PROFILES.doc(name)}" for name in LSG_PROFILES)])
    parser = subparsers.add_parser(
        "score", help="score a best/oot/mw answer file (the official SemEval-2007/2010 "
        "scorer), a SWORDS result (the benchmark's evaluation), a LexSubGen-protocol result "
        "(LS07, CoInCo) or a TSAR-2022 predictions file (tsar_eval.py)",
        description="Score a system answer file (best, oot or mw lines; - reads standard "
        "input) against a gold file or a dataset's gold, printing what the official scorer "
        "prints, then a signature of the settings per block; against swords-dev or "
        "swords-test, score a SWORDS result (*.lsr.json) with every metric of the benchmark's "
        "evaluation; with --protocol lexsubgen (semeval2007-all, coinco-all or a folder of "
        "LexSubGen's files gold, sentences and candidates), score a result {id: [[word, "
        "score], ...]} as LexSubGen (Arefyev et al. 2020) does; against tsar2022-*, score a "
        "TSAR-2022 predictions file (sentence, complex word, substitutes; tab-separated) as "
        "the task's tsar_eval.py does. Problems in the file are "
        "warnings on stderr, one per kind; a file that can give nothing useful (no answer "
        "line, another format, another split) is refused (exit 2). The gold of a dataset name "
        "is read under the data root (`lexsub fetch scoring` puts SemEval-2007's, SWORDS's and "
        "TSAR-2022's there; `lexsub fetch lst-candidates` and `coinco` LexSubGen's pools), "
        "each file checked against the sha256 the manifest records (memoised: an unchanged "
        "file is read once): a file that is not the recorded one is refused, naming both "
        "digests. Profiles: " + profiles,
        **examples("score"))
    parser.add_argument("system", type=Path,
                        help="the system answer file (a SWORDS result *.lsr.json for swords-*)")
    parser.add_argument("gold",
                        help="the gold file (key/gold, trial/gold.trial; key/mwgold for -t mw), "
                             "or a dataset name (semeval2007-test: its gold under the roots; "
                             "swords-dev, swords-test: the SWORDS evaluation; "
                             "semeval2007-all, coinco-all or a folder of LexSubGen's three "
                             "files: LexSubGen's protocol; tsar2022-{en,es,pt}-{trial,test}: "
                             "TSAR-2022's evaluation; see `lexsub datasets`)")
    parser.add_argument("--protocol", choices=("semeval", "swords", PROTOCOL, TSAR),
                        default=None,
                        help="the evaluation (default: the data's -- swords for swords-*, "
                             "lexsubgen for semeval2007-all and LexSubGen folders, tsar2022 "
                             "for tsar2022-*, semeval otherwise); lexsubgen: P@1/3/10, R@k, "
                             "F1@k, GAP as LexSubGen computes them; tsar2022: the ten figures "
                             "of tsar_eval.py (ACC@1, ACC@k@Top1, MAP@k, Potential@k)")
    parser.add_argument("--only-listed", action="store_true",
                        help="lexsubgen: score only the instances the result lists (default: "
                             "all, a missing one refused as LexSubGen would fail on it)")
    parser.add_argument("-t", "--type", dest="kind", choices=KINDS, default="best",
                        help="answer kind of a SemEval file: best (the default), oot or mw "
                        "(against key/mwgold); SWORDS and LexSubGen's protocol score ranked "
                        "lists: -t does not apply to them (ignored, with a note)")
    defaults = ", ".join(f"{profile} for {language}" for language, profile in
                         PROFILE_FOR_LANGUAGE.items())
    parser.add_argument("--profile", choices=(*PROFILES.names(), *LSG_PROFILES.names()),
                        default=None,
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
    parser.add_argument("--compare", action="store_true",
                        help="also rank the figures among the SemEval-2007 field (the eight "
                             "teams of 2007, best or oot; semeval2007-test gold, official "
                             "profile); under --protocol lexsubgen, among our baselines "
                             "(results/scores.json) and today's published systems (LexSubGen's "
                             "table) on the same data and protocol, ranked by GAP; on "
                             "tsar2022-*-test, among the teams' official runs (the task's "
                             "results CSVs), ranked by ACC@1")
    add_paired_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Score and print; problems in the input are warnings, never a traceback."""
    profile = args.profile
    if args.protocol is None and profile is None and args.gold in LEXSUBGEN_DATA \
            and _json_object(args.system):  # coinco-all is SemEval gold too: a JSON result
        args.protocol = PROTOCOL           # is LexSubGen's (semeval2007-all is LexSubGen's)
    if args.protocol == PROTOCOL and profile is None:
        profile = PROTOCOL
    if args.protocol is not None and args.protocol != PROTOCOL and profile in LSG_PROFILES:
        raise LexsubError(f"--profile {profile} belongs to --protocol {PROTOCOL}")
    scorer = Scorer(args.gold, profile, mwids=args.mwids, mrsamples=args.mrsamples,
                    roots=roots)
    if args.protocol == PROTOCOL and not isinstance(scorer, LexSubGenScorer):
        raise LexsubError(f"--protocol {PROTOCOL} scores semeval2007-all, coinco-all or a folder "
                          f"of LexSubGen's files, not {args.gold}")
    if args.protocol == TSAR and not isinstance(scorer, TsarScorer):
        raise LexsubError(f"--protocol {TSAR} scores a tsar2022-* dataset or a *_gold.tsv "
                          f"file, not {args.gold}")
    if isinstance(scorer, TsarScorer):
        return run_tsar(scorer, args, roots)
    if isinstance(scorer, LexSubGenScorer):
        return run_lexsubgen(scorer, args)
    if isinstance(scorer, SwordsScorer):
        return run_swords(scorer, args)
    report = scorer.score(args.system, args.kind, subsets=args.subsets, by_pos=args.by_pos,
                          bounds=args.bounds, measures=tuple(args.measures), k=args.k,
                          warn=False)
    if report.unusable:
        raise NothingToScoreError(report.unusable)
    # the official `Error in` lines stay on stdout; stderr says why, once per kind
    emit_problems((*report.gold_problems, *report.problems))
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    for hint in report.hints:
        print(f"lexsub: hint: {hint}", file=sys.stderr)
    table = compare_with_field(scorer, args, roots) if args.compare else None
    _emit(report, table, args.format, paired_report(scorer, args))
    return 0


def _json_object(path: Path) -> bool:
    """Return whether the file starts (after white space) with `{`: a JSON result, not a
    SemEval answer file (standard input is not looked into)."""
    try:
        with path.open("rb") as handle:
            return handle.read(4096).lstrip().startswith(b"{")
    except OSError:
        return False


def _emit(report: Any, table: Table | None, fmt: str, paired: PairedReport | None = None
          ) -> None:
    """Print a report (`to_text`/`to_json`), then `--compare`'s table when there is one:
    as markdown after the text, or under "compare" in the JSON; then `--paired`'s tests
    (under "paired")."""
    if fmt == "text":
        print(report.to_text(), end="")
        if table is not None:
            print("\n" + table.to_markdown(), end="")
        if paired is not None:
            print("\n" + paired.to_text(), end="")
    else:
        data = report.to_json()
        if table is not None:
            data["compare"] = table.to_json()
        print(json.dumps({**data, **paired_json(paired)}, indent=2, ensure_ascii=False))


def _semeval_options(args: argparse.Namespace) -> dict[str, bool]:
    """The SemEval-only options given, by flag: a scorer of another protocol ignores them,
    with a note."""
    return {"-t": args.kind != "best", "--subsets": args.subsets, "--bounds": args.bounds,
            "--measures": bool(args.measures), "-k": args.k != 1.0}


def compare_with_field(scorer: Scorer, args: argparse.Namespace, roots: Roots) -> Table | None:
    """Return the file's figures ranked among the 2007 field's, or None (with a note) when
    they are not comparable: another gold than the test key, another profile, or mw."""
    test = load_dataset(FIELD_DATASET, roots)
    digest = gold_label(test.path("gold")).rpartition("#")[2]
    comparable = (args.kind in ("best", "oot") and scorer.profile.name == "official"
                  and scorer.source.label(False).rpartition("#")[2] == digest)
    if not comparable:
        print(f"lexsub: note: --compare: the 2007 field was scored on {FIELD_DATASET} (best or "
              "oot) with the official profile; this score is not, so no comparison",
              file=sys.stderr)
        return None
    scored = scorer.score(args.system, args.kind, subsets=True, warn=False).to_json()
    released = {system: scored_row(kinds[args.kind])  # the field's released outputs, rescored
                for system, kinds in _our_scores(Path("results"))[0].get(FIELD_DATASET,
                                                                            {}).items()
                if is_released(system) and args.kind in kinds}
    return field_table(args.kind, {args.system.name: scored_row(scored), **released},
                       title=f"{args.system.name} among the SemEval-2007 field — {args.kind}",
                       source=("yours", str(args.system)))


def _our_scores(results: Path) -> tuple[dict[str, Any], str | None]:
    """Return `results/scores.json` when `runs.json` was written with it (`runs.store`), else
    no rows and the reason: a row whose settings cannot be told is not placed in a ranking."""
    from lexsub_baselines.runs.runner import load_json
    from lexsub_baselines.runs.store import check_pair

    if (results / "runs.json").is_file():
        try:
            check_pair(results)
        except LexsubError as error:
            return {}, f"--compare: our baselines left out: {error}"
    scores = results / "scores.json"
    return (load_json(scores) if scores.is_file() else {}), None


def run_lexsubgen(scorer: LexSubGenScorer, args: argparse.Namespace) -> int:
    """Score a result under LexSubGen's protocol: its metrics, then the signature."""
    from lexsub_baselines.tables.lexsubgen import compare_table

    semeval = {**_semeval_options(args), "--by-pos": args.by_pos}
    report = scorer.score(args.system, only_listed=args.only_listed, warn=False, **semeval)
    table = None
    if args.compare:  # among our baselines (results/scores.json) and the published systems
        ours, unpaired = _our_scores(Path("results"))
        table, why = compare_table(args.system.name, report.to_json(), str(args.gold), ours)
        notes = (*report.notes, *((why,) if why else ()), *((unpaired,) if unpaired else ()))
        report = replace(report, notes=notes)
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    _emit(report, table, args.format, paired_report(scorer, args))
    return 0


def run_swords(scorer: SwordsScorer, args: argparse.Namespace) -> int:
    """Score a SWORDS result: every metric of the authors' `evaluate`, then GAP, signature."""
    semeval = {**_semeval_options(args), "--compare": args.compare}
    report = scorer.score(args.system, by_pos=args.by_pos, warn=False, **semeval)
    for line in report.problems:
        print(f"lexsub: warning: {line}", file=sys.stderr)
    for note in report.notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    _emit(report, None, args.format, paired_report(scorer, args))
    return 0


def run_tsar(scorer: TsarScorer, args: argparse.Namespace, roots: Roots) -> int:
    """Score a TSAR-2022 predictions file: the ten figures, the signature; the evaluator's
    quirks as notes on stderr; with --compare, ranked among the official runs."""
    from lexsub_baselines.tables.tsar import compare_table

    semeval = {**_semeval_options(args), "--by-pos": args.by_pos,
               "--only-listed": args.only_listed}
    report = scorer.score(args.system, warn=False, **semeval)
    notes: list[str] = []
    table = None
    if args.compare:  # among the teams' official runs on the same test set
        name = scorer.dataset_name or ""
        dataset = load_dataset(name, roots) if name.endswith("-test") else None
        if dataset is None or report.scored != report.total:
            notes.append("--compare: the official runs were scored on all of a tsar2022-*-test "
                         f"set; this score is on {report.scored} instances of "
                         f"{name or scorer.label}, so no comparison")
        else:
            ours, unpaired = _our_scores(Path("results"))  # our baselines' rows too
            table, notes = compare_table(args.system.name, report.metrics,
                                         dataset.spec.language, dataset.path("results"),
                                         dataset.root / str(dataset.spec.relpath("extended")),
                                         ours.get(name, {}))
            notes += [unpaired] if unpaired else []
    for line in report.notes:  # the evaluator's quirks where they changed a figure
        print(f"lexsub: warning: {line}", file=sys.stderr)
    for note in notes:
        print(f"lexsub: note: {note}", file=sys.stderr)
    _emit(report, table, args.format, paired_report(scorer, args))
    return 0
