"""`lexsub score … --paired ROW_OR_FILE…`: the scored file tested against rows or other files.

Each name is a file (a path that exists), or a row of a `lexsub baselines` run: `SYSTEM`
(on the dataset being scored) or `DATASET/SYSTEM`, whose answer file of the kind being scored
`--results DIR`'s `runs.json` names and vouches for by sha256 (`runs.named_rows`). The tests
are `scoring.paired`'s; `lexsub score` prints them after its own output (text), or under
`"paired"` (JSON).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
from lexsub_baselines.scoring.paired import Other, PairedReport, paired
from lexsub_baselines.scoring.scorer import Scorer
from lexsub_baselines.scoring.significance import RESAMPLES
from lexsub_baselines.scoring.spelling import COMMAND_LINE
from lexsub_baselines.scoring.swords import SwordsScorer
from lexsub_baselines.scoring.tsar import TsarScorer

__all__ = ["add_paired_arguments", "paired_report"]

#: Suffixes of the files `--paired` takes: a name with one is a path, never a row.
_FILE_SUFFIXES = (".best", ".oot", ".mw", ".json", ".tsv", ".gz")


def add_paired_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `--paired`, `--resamples`, `--seed` and `--results` to `lexsub score`."""
    parser.add_argument(
        "--paired", nargs="+", action="extend", default=[], metavar="ROW_OR_FILE",
        help="test the file against these, figure by figure, on the same instances: answer "
             "files of the same kind, or rows of a `lexsub baselines` run (SYSTEM on the "
             "dataset scored, or DATASET/SYSTEM; their files as --results DIR/runs.json "
             "vouches for them); approximate randomisation gives p (two-sided, +1-corrected), "
             "the paired bootstrap the 95%% percentile interval of the difference; an "
             "instance a file lacks counts as unanswered (a note says how many)")
    parser.add_argument("--resamples", type=int, default=RESAMPLES,
                        help=f"--paired: trials of each test (default {RESAMPLES})")
    parser.add_argument("--seed", type=int, default=0,
                        help="--paired: the tests' seed (default 0; the same seed, the same "
                             "figures)")
    parser.add_argument("--results", type=Path, default=None,
                        help="--paired: the results folder whose runs.json names the rows "
                             "(default results; without one, the rows behind the README's "
                             "tables shipped with the package)")


def _dataset_and_kind(scorer: Scorer, kind: str) -> tuple[str | None, str]:
    """Return the dataset the scorer's gold is (or None) and the kind of its rows' files."""
    if isinstance(scorer, TsarScorer):
        return scorer.dataset_name, "tsar2022"
    if isinstance(scorer, LexSubGenScorer):
        return scorer.data.name, "lexsubgen"
    source = scorer.swords_source if isinstance(scorer, SwordsScorer) else scorer.source
    named = source.dataset or source.twin
    return (named.name if named is not None else None,
            "lsr" if isinstance(scorer, SwordsScorer) else kind)


def _other(name: str, scorer: Scorer, args: argparse.Namespace) -> Other:
    """Return the file a `--paired` name stands for: a path, else a row of `--results`."""
    from lexsub_baselines.runs.named_rows import row_files

    path = Path(name)
    if path.is_file() or name == "-":
        return Other(path, name)
    dataset, kind = _dataset_and_kind(scorer, args.kind)
    row_dataset, _, system = name.rpartition("/")
    if path.suffix in _FILE_SUFFIXES or name.count("/") > 1 or (
            not row_dataset and dataset is None):
        raise MissingResourceError("--paired file", path, "give the path of an answer file, "
                                   "or a row of a run: SYSTEM or DATASET/SYSTEM")
    row = row_files(args.results or Path("results"), row_dataset or str(dataset), system, kind,
                    shipped=args.results is None)
    return Other(row.path, f"{row.name} ({row.source or row.path})", row.pool)


def paired_report(scorer: Scorer, args: argparse.Namespace) -> PairedReport | None:
    """Return the tests `--paired` asks for (None without it).

    Raises:
        LexsubError: a name that is neither a file nor a row, a file the scorer refuses, a
            file on other instances (one line naming it).
    """
    if not args.paired:
        return None
    others = [_other(name, scorer, args) for name in args.paired]
    return paired(args.system, scorer, others, args.kind, resamples=args.resamples,
                  seed=args.seed, only_listed=getattr(args, "only_listed", False),
                  spelling=COMMAND_LINE)


def paired_json(report: PairedReport | None) -> dict[str, Any]:
    """Return `{"paired": …}` to merge into `--format json`'s object (empty without tests)."""
    return {"paired": report.to_json()} if report is not None else {}
