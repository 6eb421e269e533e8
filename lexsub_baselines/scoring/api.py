"""The scorer's entry points: `score` (files, lines or {id: answers}) and `emit_problems`.

`score()` makes a `Scorer` for the gold and scores one system with it; to score many systems
against one gold, keep a `Scorer` (the gold is then read and built once).

>>> # report = score("wordnet.best", "semeval2007-test", "best")
>>> # report.to_json()["all"]["precision"]
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.report import ScoreReport
from lexsub_baselines.scoring.result import MwScore
from lexsub_baselines.scoring.scorer import (
    KINDS,
    MEASURE_SETS,
    GoldInput,
    Scorer,
    ScoringWarning,
    SystemInput,
    emit_problems,
    emit_report,
)

__all__ = ["KINDS", "MEASURE_SETS", "ScoringWarning", "emit_problems", "emit_report", "score",
           "substitution_recall"]


def score(
    system: SystemInput,
    gold: GoldInput,
    kind: str = "best",
    profile: str | Profile | None = None,
    subsets: bool = False,
    by_pos: bool = False,
    bounds: bool = False,
    measures: Sequence[str] = (),
    mwids: Path | None = None,
    mrsamples: Path | None = None,
    k: float = 1.0,
    warn: bool = True,
    roots: Roots | None = None,
) -> ScoreReport:
    """Score a system against a gold standard: `Scorer(gold, profile, ...).score(system, ...)`.

    Arguments:
        system: an answer file path, its lines, `SystemAnswers`, or {id: [answers]} (the
            in-memory form: answers already split, nothing written to disk).
        gold: the gold file (`key/gold`, `trial/gold.trial`; `key/mwgold` for mw), a dataset
            name (`semeval2007-test`) or `Dataset` (its `gold` or `mwgold`), or {id: GoldItem}.
        kind: `best`, `oot` or `mw`.
        profile: a profile name (`official`, `corrected`, ...) or a `Profile`; default: the
            dataset's task (`clls2010-official` for the CLLS datasets), else `official`.
        subsets: also score NMWT, NMWS, RAND and MAN (best and oot); mwids/MRsamples are
            looked for beside the gold (or among the dataset's files) unless given.
        by_pos: also score each PoS (n, v, a, r) of the `all` block.
        bounds: add the gold's upper bounds.
        measures: extra measure sets; `("jabbari",)` adds Jabbari et al. (2010).
        mwids: the mwids file.
        mrsamples: the MRsamples file.
        k: the coverage weight of a wrong answer (Jabbari coverage).
        warn: emit every problem, note and hint as a `ScoringWarning` (file:line: message).
        roots: where a dataset name is looked up (default: `resolve_roots()`).

    Returns:
        The report; `report.to_json()` is what `lexsub score --format json` prints.

    Raises:
        MissingResourceError: the system file does not exist, or the gold is neither a file
            nor a dataset name (the message lists the datasets).
        LexsubError: an unknown kind or measure set, a directory given as a file, or a gold
            without scorable items.
        UnknownNameError: an unknown profile.

    >>> from lexsub_baselines.datasets.types import GoldItem
    >>> gold = {"1": GoldItem("1", "side.n", (("team", 3), ("party", 1)),
    ...                      ("team 3", "party 1"))}
    >>> score({"1": ["team"]}, gold).main.recall
    75.0
    """
    scorer = Scorer(gold, profile, mwids=mwids, mrsamples=mrsamples, roots=roots)
    if type(scorer) is not Scorer:  # another benchmark's gold (SWORDS): its own reports
        raise LexsubError(f"score() scores SemEval-format answers; for {gold} use "
                          f"Scorer({str(gold)!r}).score(result)")
    report = scorer.score(system, kind, subsets=subsets, by_pos=by_pos, bounds=bounds,
                          measures=measures, k=k, warn=False)
    if warn:
        emit_report(report, stacklevel=3)  # the warnings point at the caller of score()
    return report


def substitution_recall(system: SystemInput, gold: GoldInput, kind: str = "best",
                        profile: str | Profile | None = None) -> float:
    """Return the recall (in percent) of best or oot answers: `score(...).main.recall`, quietly.

    For tuning loops and studies that need one number per run; problems are not emitted.

    Raises:
        LexsubError: `kind` is mw (its scores are detection and identification, not recall).
    """
    if kind == "mw":
        raise LexsubError("substitution_recall scores best or oot answers, not mw")
    main = score(system, gold, kind, profile, warn=False).main
    if isinstance(main, MwScore):  # pragma: no cover - kind is best or oot here
        raise LexsubError("substitution_recall scores best or oot answers, not mw")
    return float(main.recall)
