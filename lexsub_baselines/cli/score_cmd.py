"""`lexsub score`: score a best/oot/mw answer file as the official SemEval scorer does, or a
SWORDS result as the benchmark's evaluation does, a LexSubGen result as LexSubGen does, or a
TSAR-2022 predictions file as the task's `tsar_eval.py` does (`runs.trial_runs.run_tsar`).

A thin shell over `scoring.score`, the call Python makes: one verdict whatever the entry
point. `run` passes the arguments (with `COMMAND_LINE`, so that hints name flags), prints the
report and its `messages` on stderr, and adds `--compare`'s table and `--paired`'s tests (on
the scorer `scorer_for` made, the one `score()` uses). `--format text` prints what
`score.pl` (with `--subsets`, `scoreFA.pl`) prints, including its `Error in FILE on line N`
lines, then one signature line per block. The problems in the files are warnings on stderr,
one per kind with its first line, count and remedy (`scoring.emit`); notes say what could not
be computed and hints what probably went wrong, never changing a printed figure. A file from
which nothing useful can come (no answer line, another format, another split) is refused
(`ScoreRefusedError`): one `lexsub: error:` line, exit 2. `--format json` prints the report's
`to_json()`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.paired_option import add_paired_arguments, paired_json, paired_report
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.scoring.api import PROTOCOLS, protocol_for, score_with, scorer_for
from lexsub_baselines.scoring.emit import Message
from lexsub_baselines.scoring.lexsubgen import LSG_PROFILES, LsgReport
from lexsub_baselines.scoring.paired import PairedReport
from lexsub_baselines.scoring.profiles import PROFILE_FOR_LANGUAGE, PROFILES
from lexsub_baselines.scoring.prolex import PROFILE as PROLEX_PROFILE
from lexsub_baselines.scoring.prolex import SOFT, ProlexReport
from lexsub_baselines.scoring.report import ScoreReport
from lexsub_baselines.scoring.scorer import KINDS, MEASURE_SETS
from lexsub_baselines.scoring.signature import gold_label
from lexsub_baselines.scoring.spelling import COMMAND_LINE
from lexsub_baselines.scoring.tsar import TsarReport
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
        "evaluation; against semeval2007-all, coinco-all (a JSON result: no --protocol "
        "needed) or a folder of LexSubGen's files gold, sentences and candidates, score a "
        "result {id: [[word, score], ...]} as LexSubGen (Arefyev et al. 2020) does; against "
        "tsar2022-*, score a "
        "TSAR-2022 predictions file (sentence, complex word, substitutes; tab-separated) as "
        "the task's tsar_eval.py does; against prolex-dev or prolex-test, score ProLex's CSV "
        "(Substitutes joined by \", \") or SemEval lines numbered by row as its evaluate.py "
        f"does, rows matched by id or sentence ({SOFT}). Problems in the file are "
        "warnings on stderr, one per kind; a file that can give nothing useful (no answer "
        "line, another format, another split) is refused (exit 2); in Python, `score()` gives the "
        "same verdict (`ScoreRefusedError`). The gold of a dataset name is read under the data "
        "root (`lexsub fetch scoring` puts every dataset's there: SemEval-2007, LS07-all's "
        "pools, CoInCo, SWORDS, TSAR-2022), "
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
                             "TSAR-2022's evaluation; prolex-dev, prolex-test: ProLex's; "
                             "see `lexsub datasets`)")
    parser.add_argument("--protocol", choices=PROTOCOLS, default=None,
                        help="the evaluation (default: the data's -- swords for swords-*, "
                             "lexsubgen for semeval2007-all and LexSubGen folders, tsar2022 "
                             "for tsar2022-*, semeval otherwise); lexsubgen: P@1/3/10, R@k, "
                             "F1@k, GAP as LexSubGen computes them; tsar2022: the ten figures "
                             "of tsar_eval.py (ACC@1, ACC@k@Top1, MAP@k, Potential@k); "
                             "prolex: P, R, F1 at 10, 5, 3, 1 of both aspects (acc, prof)")
    parser.add_argument("--only-listed", action="store_true",
                        help="lexsubgen: score only the instances the result lists (default: "
                             "all, a missing one refused as LexSubGen would fail on it)")
    parser.add_argument("-t", "--type", dest="kind", choices=KINDS, default=None,
                        help="answer kind of a SemEval file: best (the default), oot or mw "
                        "(against key/mwgold); SWORDS, LexSubGen's protocol and TSAR-2022 score "
                        "ranked lists: -t does not apply to them (ignored, with a note)")
    defaults = ", ".join(f"{profile} for {language}" for language, profile in
                         PROFILE_FOR_LANGUAGE.items())
    parser.add_argument("--profile", choices=(*PROFILES.names(), *LSG_PROFILES.names(),
                                              PROLEX_PROFILE, "prolex-soft"),
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
                             "profile; the subsets are scored too: the field's table ranks "
                             "NMWT and NMWS); under --protocol lexsubgen, among our baselines "
                             "(results/scores.json) and today's published systems (LexSubGen's "
                             "table) on the same data and protocol, ranked by GAP; on "
                             "tsar2022-*-test, among the teams' official runs (the task's "
                             "results CSVs), ranked by ACC@1; on prolex-*, among our baselines "
                             "and ParaLS's released rows (results/scores.json), ranked by acc "
                             "F1@10")
    add_paired_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, roots: Roots) -> int:
    """Score as `scoring.score` does (`scorer_for`, then `score_with`) and print the report,
    its messages on stderr, `--compare`'s table and `--paired`'s tests. A refusal is the
    `ScoreRefusedError` they raise, printed by `cli.main` as one line (exit 2)."""
    kind = args.kind or "best"
    protocol = protocol_for(args.system, args.gold, args.protocol, args.profile, roots,
                            COMMAND_LINE)
    field = args.compare and protocol == "semeval" and kind != "mw"  # ranks NMWT, NMWS too
    scorer = scorer_for(args.system, args.gold, args.protocol, args.profile, mwids=args.mwids,
                        mrsamples=args.mrsamples, roots=roots, spelling=COMMAND_LINE)
    report = score_with(scorer, args.system, args.kind, subsets=args.subsets or field,
                        by_pos=args.by_pos, bounds=args.bounds, measures=tuple(args.measures),
                        k=args.k, only_listed=args.only_listed, warn=False,
                        spelling=COMMAND_LINE)
    paired = paired_report(scorer, argparse.Namespace(**{**vars(args), "kind": kind}))
    notes: list[str] = []
    table = None
    if args.compare:
        table, notes = compare(report, args, roots)
    for message in (*report.messages, *(Message("note", note) for note in notes)):
        print(f"lexsub: {message}", file=sys.stderr)
    _emit(report, table, args.format, paired)
    return 0


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


def compare(report: Any, args: argparse.Namespace, roots: Roots) -> tuple[Table | None,
                                                                        list[str]]:
    """Return `--compare`'s table (None when the score is not comparable) and its notes."""
    if isinstance(report, ScoreReport):
        return compare_with_field(report, args, roots)
    if isinstance(report, LsgReport):
        from lexsub_baselines.tables.lexsubgen import compare_table

        ours, unpaired = _our_scores(Path("results"))
        table, why = compare_table(args.system.name, report.to_json(), str(args.gold), ours)
        return table, [note for note in (why, unpaired) if note]
    if isinstance(report, TsarReport):
        return compare_tsar(report, args, roots)
    if isinstance(report, ProlexReport):  # among our rows and the released ones
        from lexsub_baselines.tables.prolex import compare_table as prolex_compare

        ours, unpaired = _our_scores(Path("results"))
        ranked, why = prolex_compare(args.system.name, report.to_json(),
                                     report.signature.gold.rpartition("#")[0], ours)
        return ranked, [note for note in (why, unpaired) if note]
    return None, ["--compare does not apply to SWORDS; ignored"]


def compare_with_field(report: ScoreReport, args: argparse.Namespace, roots: Roots
                       ) -> tuple[Table | None, list[str]]:
    """Return the file's figures ranked among the 2007 field's, or None (with a note) when
    they are not comparable: another gold than the test key, another profile, or mw."""
    test = load_dataset(FIELD_DATASET, roots)
    digest = gold_label(test.path("gold")).rpartition("#")[2]
    comparable = (report.kind in ("best", "oot") and report.profile == "official"
                  and report.signature.gold.rpartition("#")[2] == digest)
    if not comparable:
        return None, [f"--compare: the 2007 field was scored on {FIELD_DATASET} (best or oot) "
                      "with the official profile; this score is not, so no comparison"]
    released = {system: scored_row(kinds[report.kind])  # the field's released outputs, rescored
                for system, kinds in _our_scores(Path("results"))[0].get(FIELD_DATASET,
                                                                            {}).items()
                if is_released(system) and report.kind in kinds}
    return field_table(report.kind, {args.system.name: scored_row(report.to_json()),
                                     **released},
                       title=f"{args.system.name} among the SemEval-2007 field — {report.kind}",
                       source=("yours", str(args.system))), []


def _our_scores(results: Path) -> tuple[dict[str, Any], str | None]:
    """Return `results/scores.json` when `runs.json` was written with it (`runs.store`), else
    no rows and the reason: a row whose settings cannot be told is not placed in a ranking;
    without a results folder (outside a checkout), the rows shipped with the package
    (`runs.shipped`) and a note saying so."""
    from lexsub_baselines.runs.runner import load_json
    from lexsub_baselines.runs.shipped import shipped_scores
    from lexsub_baselines.runs.store import check_pair

    scores = results / "scores.json"
    if not scores.is_file():
        shipped, source = shipped_scores()  # the rows behind the README's tables
        if shipped:
            return shipped, (f"--compare: our rows are those {source} (no {scores} in "
                             f"{Path.cwd()})")
        return {}, (f"--compare: our baselines' rows come from {scores} (`lexsub baselines` "
                    f"writes it), which is not in {Path.cwd()}: only the published rows are "
                    "ranked (run from a checkout that ran `make baselines` to place ours)")
    if (results / "runs.json").is_file():
        try:
            check_pair(results)
        except LexsubError as error:
            return {}, f"--compare: our baselines left out: {error}"
    return load_json(scores), None


def compare_tsar(report: TsarReport, args: argparse.Namespace, roots: Roots
                 ) -> tuple[Table | None, list[str]]:
    """Return a TSAR-2022 file ranked among the teams' official runs of its test set (the
    results tables checked against the manifest, as every dataset file), and notes."""
    from lexsub_baselines.tables.tsar import compare_table

    name = report.signature.gold.rpartition("#")[0]
    dataset = load_dataset(name, roots) if name.startswith("tsar2022-") \
        and name.endswith("-test") else None
    if dataset is None or report.scored != report.total:
        return None, ["--compare: the official runs were scored on all of a tsar2022-*-test "
                      f"set; this score is on {report.scored} instances of {name}, so no "
                      "comparison"]
    ours, unpaired = _our_scores(Path("results"))  # our baselines' rows too
    extended = dataset.path("extended") if dataset.has("extended") else None
    table, notes = compare_table(args.system.name, report.metrics, dataset.spec.language,
                                 dataset.path("results"), extended, ours.get(name, {}))
    return table, [*notes, *([unpaired] if unpaired else [])]
