"""The scorer's entry points: `score` (files, lines or {id: answers}) and `emit_problems`.

`score()` makes a `Scorer` for the gold and scores one system with it; to score many systems
against one gold, keep a `Scorer` (the gold is then read and built once). With SWORDS gold
(`swords-dev`, `swords-test`) it scores a SWORDS result and returns a `SwordsReport`; with
TSAR-2022 gold (`tsar2022-en-test`, ...) a predictions file, and returns a `TsarReport`.

>>> # report = score("wordnet.best", "semeval2007-test", "best")
>>> # report.to_json()["all"]["precision"]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast, overload

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
from lexsub_baselines.scoring.swords import SwordsReport, SwordsScorer
from lexsub_baselines.scoring.tsar import PROTOCOL as TSAR
from lexsub_baselines.scoring.tsar import TsarReport, TsarScorer

__all__ = ["KINDS", "MEASURE_SETS", "ScoringWarning", "emit_problems", "emit_report", "score",
           "substitution_recall"]


# A SWORDS dataset name gives a SWORDS report (another SWORDS gold, a Dataset or a file, does
# too at run time, typed by the general form); the names come first, as in typeshed's `open`.
@overload
def score(  # type: ignore[overload-overlap]
          system: SystemInput, gold: Literal["swords-dev", "swords-test"],
          kind: str | None = None, profile: str | Profile | None = None,
          subsets: bool = False, by_pos: bool = False, bounds: bool = False,
          measures: Sequence[str] = (), mwids: Path | None = None,
          mrsamples: Path | None = None, k: float = 1.0, warn: bool = True,
          roots: Roots | None = None) -> SwordsReport: ...


# Likewise a TSAR-2022 dataset name gives a TSAR report.
@overload
def score(  # type: ignore[overload-overlap]
          system: SystemInput,
          gold: Literal["tsar2022-en-trial", "tsar2022-en-test", "tsar2022-es-trial",
                        "tsar2022-es-test", "tsar2022-pt-trial", "tsar2022-pt-test"],
          kind: str | None = None, profile: str | Profile | None = None,
          subsets: bool = False, by_pos: bool = False, bounds: bool = False,
          measures: Sequence[str] = (), mwids: Path | None = None,
          mrsamples: Path | None = None, k: float = 1.0, warn: bool = True,
          roots: Roots | None = None) -> TsarReport: ...


@overload
def score(system: SystemInput, gold: GoldInput, kind: str | None = None,
          profile: str | Profile | None = None, subsets: bool = False, by_pos: bool = False,
          bounds: bool = False, measures: Sequence[str] = (), mwids: Path | None = None,
          mrsamples: Path | None = None, k: float = 1.0, warn: bool = True,
          roots: Roots | None = None) -> ScoreReport: ...


def score(
    system: SystemInput | Mapping[str, Any],
    gold: GoldInput,
    kind: str | None = None,
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
) -> ScoreReport | SwordsReport | TsarReport:
    """Score a system against a gold standard: `Scorer(gold, profile, ...).score(system, ...)`.

    Arguments:
        system: an answer file path (`-`: standard input), its lines, `SystemAnswers`, or
            {id: [answers]} (the in-memory form: answers already split, nothing written to
            disk), or {id: Answers} (`run(...).answers`). For SWORDS gold: a `*.lsr.json`
            path, a result document, {target id: [substitutes]} or {target id: Answers}.
        gold: the gold file (`key/gold`, `trial/gold.trial`; `key/mwgold` for mw), a dataset
            name (`semeval2007-test`) or `Dataset` (its `gold` or `mwgold`), or {id: GoldItem};
            `swords-dev`, `swords-test` (or a SWORDS dataset or file): the SWORDS evaluation,
            which returns a `SwordsReport`; `tsar2022-*` (or a `*_gold.tsv` file): TSAR-2022's
            evaluation, which returns a `TsarReport`.
        kind: `best` (the default), `oot` or `mw`; SWORDS: `lsr` (the default there);
            TSAR-2022: `tsar2022` (the default there).
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
        warn: emit every problem, note and hint as a `ScoringWarning` (file:line: message),
            and why the file is useless when it is (`ScoreReport.unusable`, which
            `lexsub score` refuses).
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
    if isinstance(scorer, SwordsScorer):  # SWORDS gold: the benchmark's own report
        unused = {"subsets": subsets, "bounds": bounds, "measures": bool(measures),
                  "k": k != 1.0}
        return scorer.score(cast(Any, system), kind or "lsr", by_pos=by_pos, warn=warn,
                            **unused)
    if isinstance(scorer, TsarScorer):  # TSAR-2022 gold: tsar_eval.py's ten figures
        unused = {"subsets": subsets, "by_pos": by_pos, "bounds": bounds,
                  "measures": bool(measures), "k": k != 1.0}
        return scorer.score(cast(Any, system), kind or TSAR, warn=warn, **unused)
    report = scorer.score(cast(SystemInput, system), kind or "best", subsets=subsets,
                          by_pos=by_pos, bounds=bounds, measures=measures, k=k, warn=False)
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
    report = score(system, gold, kind, profile, warn=False)
    if isinstance(report, SwordsReport | TsarReport):
        raise LexsubError("substitution_recall scores SemEval best or oot answers; a SWORDS "
                          "or TSAR-2022 score is `score(result, gold).metrics`")
    main = report.main
    if isinstance(main, MwScore):  # pragma: no cover - kind is best or oot here
        raise LexsubError("substitution_recall scores best or oot answers, not mw")
    return float(main.recall)
