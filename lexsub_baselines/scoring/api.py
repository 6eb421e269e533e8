"""The scorer's entry point: `score`, the one call behind `lexsub score` and Python alike.

`score()` makes a `Scorer` for the gold and scores one system with it; to score many systems
against one gold, keep a `Scorer` (the gold is then read and built once). With SWORDS gold
(`swords-dev`, `swords-test`) it scores a SWORDS result and returns a `SwordsReport`; with
TSAR-2022 gold (`tsar2022-en-test`, ...) a predictions file, and returns a `TsarReport`; with
ProLex gold (`prolex-dev`, `prolex-test`) its CSV or row-numbered lines, a `ProlexReport`; with
LexSubGen's data (`semeval2007-all`, `coinco-all` given a JSON result, or `protocol=
"lexsubgen"`) an `LsgReport`.

One verdict, whatever the entry point: `lexsub score` is a thin shell over this call (it
prints the report, its `messages` on stderr, and exits 2 on a `LexsubError`). A file the
scorer refuses raises `ScoreRefusedError` (a `ValueError`) carrying the line `lexsub score`
prints; what does not refuse is in the report (`report.messages`, `report.notes`) and logged
every time (`warn`): the API prints nothing, the command line prints the messages. Hints name
what the caller typed: keywords here (`kind="oot"`), flags on the command line (`-t oot`):
`spelling`.

>>> # report = score("wordnet.best", "semeval2007-test", "best")
>>> # report.to_json()["all"]["precision"]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, cast, overload

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.scoring.choose import PROTOCOLS, protocol_for, scorer_for
from lexsub_baselines.scoring.emit import show
from lexsub_baselines.scoring.lexsubgen import PROTOCOL as LEXSUBGEN
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer, LsgReport
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.prolex import PROTOCOL as PROLEX
from lexsub_baselines.scoring.prolex import ProlexReport, ProlexScorer
from lexsub_baselines.scoring.report import ScoreReport
from lexsub_baselines.scoring.result import MwScore
from lexsub_baselines.scoring.scorer import KINDS, MEASURE_SETS, GoldInput, Scorer, SystemInput
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.swords import SwordsReport, SwordsScorer
from lexsub_baselines.scoring.tsar import PROTOCOL as TSAR
from lexsub_baselines.scoring.tsar import TsarReport, TsarScorer

__all__ = ["KINDS", "MEASURE_SETS", "PROTOCOLS", "Report", "protocol_for", "score",
           "score_with", "scorer_for", "substitution_recall"]

#: A report of any protocol.
Report = ScoreReport | SwordsReport | LsgReport | TsarReport | ProlexReport
_OWN_KIND: dict[type[Any], str] = {SwordsScorer: "lsr", LexSubGenScorer: LEXSUBGEN,
                                   TsarScorer: TSAR, ProlexScorer: PROLEX}


# A SWORDS dataset name gives a SWORDS report (another SWORDS gold, a Dataset or a file, does
# too at run time, typed by the general form); the names come first, as in typeshed's `open`.
@overload
def score(  # type: ignore[overload-overlap]
          system: SystemInput, gold: Literal["swords-dev", "swords-test"],
          kind: str | None = None, profile: str | Profile | None = None,
          subsets: bool = False, by_pos: bool = False, bounds: bool = False,
          measures: Sequence[str] = (), mwids: Path | None = None,
          mrsamples: Path | None = None, k: float = 1.0, warn: bool = True,
          roots: Roots | None = None, *, protocol: str | None = None, only_listed: bool = False,
          refuse: bool = True, spelling: Spelling = PYTHON) -> SwordsReport: ...


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
          roots: Roots | None = None, *, protocol: str | None = None, only_listed: bool = False,
          refuse: bool = True, spelling: Spelling = PYTHON) -> TsarReport: ...


# Likewise a ProLex dataset name gives a ProLex report.
@overload
def score(  # type: ignore[overload-overlap]
          system: SystemInput | Mapping[str, Any],
          gold: Literal["prolex-dev", "prolex-test"],
          kind: str | None = None, profile: str | Profile | None = None,
          subsets: bool = False, by_pos: bool = False, bounds: bool = False,
          measures: Sequence[str] = (), mwids: Path | None = None,
          mrsamples: Path | None = None, k: float = 1.0, warn: bool = True,
          roots: Roots | None = None, *, protocol: str | None = None, only_listed: bool = False,
          refuse: bool = True, spelling: Spelling = PYTHON) -> ProlexReport: ...


@overload
def score(system: SystemInput, gold: GoldInput, kind: str | None = None,
          profile: str | Profile | None = None, subsets: bool = False, by_pos: bool = False,
          bounds: bool = False, measures: Sequence[str] = (), mwids: Path | None = None,
          mrsamples: Path | None = None, k: float = 1.0, warn: bool = True,
          roots: Roots | None = None, *, protocol: str | None = None, only_listed: bool = False,
          refuse: bool = True, spelling: Spelling = PYTHON) -> ScoreReport: ...


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
    *,
    protocol: str | None = None,
    only_listed: bool = False,
    refuse: bool = True,
    spelling: Spelling = PYTHON,
) -> Report:
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
            evaluation, which returns a `TsarReport`; `semeval2007-all`, or `coinco-all` with a
            JSON result, or a folder of LexSubGen's files: LexSubGen's, an `LsgReport`.
        kind: `best` (the default), `oot` or `mw`; the other protocols score ranked lists, and
            a kind given to them is ignored with a note.
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
        warn: log the report's messages (problems, notes, hints) every time to the
            `lexsub_baselines.scoring` logger (`scoring.emit`), which prints nothing unless
            the application configures logging; they are in `report.messages` either way.
        roots: where a dataset name is looked up (default: `resolve_roots()`).
        protocol: the evaluation (`PROTOCOLS`; default: the gold's): `lexsubgen` scores
            `coinco-all` under LexSubGen's protocol whatever the result.
        only_listed: LexSubGen's protocol: score only the instances the result lists.
        refuse: raise `ScoreRefusedError` for a SemEval answer file nothing useful comes out
            of (default, as `lexsub score`); False returns its zeros, `report.unusable`
            saying why (the runs of `lexsub baselines` score a system that answered nothing).
        spelling: how messages name options (`scoring.spelling`; `lexsub score` passes its
            flags).

    Returns:
        The report; `report.to_json()` is what `lexsub score --format json` prints.

    Raises:
        ScoreRefusedError: the file gives nothing useful (no answer line of its kind, another
            format, another split, an mw file scored as best), or its protocol's evaluation
            stops on it; the arguments the other way round (a dataset name, then a file).
        MissingResourceError: the system file does not exist, or the gold is neither a file
            nor a dataset name (the message lists the datasets).
        LexsubError: an unknown kind, protocol or measure set, a protocol or profile that is
            not the gold's, a directory given as a file, or a gold without scorable items.
        UnknownNameError: an unknown profile.

    >>> from lexsub_baselines.datasets.types import GoldItem
    >>> gold = {"1": GoldItem("1", "side.n", (("team", 3), ("party", 1)),
    ...                      ("team 3", "party 1"))}
    >>> score({"1": ["team"]}, gold).main.recall
    75.0
    """
    scorer = scorer_for(system, gold, protocol, profile, mwids=mwids, mrsamples=mrsamples,
                        roots=roots, spelling=spelling)
    return score_with(scorer, system, kind, subsets=subsets, by_pos=by_pos, bounds=bounds,
                      measures=measures, k=k, only_listed=only_listed, warn=warn, refuse=refuse,
                      spelling=spelling)


def score_with(scorer: Scorer, system: SystemInput | Mapping[str, Any], kind: str | None = None,
               *, subsets: bool = False, by_pos: bool = False, bounds: bool = False,
               measures: Sequence[str] = (), k: float = 1.0, only_listed: bool = False,
               warn: bool = True, refuse: bool = True, spelling: Spelling = PYTHON) -> Report:
    """Score `system` with a scorer `scorer_for` made: the second half of `score` (see it for
    the arguments); an option that does not apply to the scorer's protocol gets a note."""
    if not isinstance(scorer, SwordsScorer | LexSubGenScorer | TsarScorer | ProlexScorer):
        report = scorer.score(cast(SystemInput, system), kind or "best", subsets=subsets,
                              by_pos=by_pos, bounds=bounds, measures=measures, k=k, warn=False,
                              refuse=refuse, spelling=spelling)
        if only_listed:  # LexSubGen's option: the SemEval scorer scores the lines there are
            report = replace(report, notes=(*report.notes, f"{spelling.option('only_listed')} "
                                            "does not apply to the SemEval scorer; ignored"))
        if warn:
            show(report.messages)
        return report
    # the SemEval options do not apply to the other protocols: each set one gets a note
    own = kind or _OWN_KIND[type(scorer)]
    ignored: dict[str, Any] = {"subsets": subsets, "bounds": bounds, "measures": tuple(measures),
                               "k": k if k != 1.0 else None}
    if isinstance(scorer, SwordsScorer):  # SWORDS gold: the benchmark's own report
        return scorer.score(cast(Any, system), own, by_pos=by_pos, warn=warn, spelling=spelling,
                            only_listed=only_listed, **ignored)
    if isinstance(scorer, LexSubGenScorer):
        return scorer.score(cast(Any, system), own, only_listed=only_listed, warn=warn,
                            spelling=spelling, by_pos=by_pos, **ignored)
    return scorer.score(cast(Any, system), own, warn=warn, spelling=spelling, by_pos=by_pos,
                        only_listed=only_listed, **ignored)


def substitution_recall(system: SystemInput, gold: GoldInput, kind: str = "best",
                        profile: str | Profile | None = None) -> float:
    """Return the recall (in percent) of best or oot answers: `score(...).main.recall`, quietly.

    For tuning loops and studies that need one number per run; problems are not shown.

    Raises:
        LexsubError: `kind` is mw (its scores are detection and identification, not recall).
    """
    if kind == "mw":
        raise LexsubError("substitution_recall scores best or oot answers, not mw")
    report = score(system, gold, kind, profile, warn=False)
    if not isinstance(report, ScoreReport):
        raise LexsubError("substitution_recall scores SemEval best or oot answers; a SWORDS, "
                          "LexSubGen or TSAR-2022 score is `score(result, gold).metrics`")
    main = report.main
    if isinstance(main, MwScore):  # pragma: no cover - kind is best or oot here
        raise LexsubError("substitution_recall scores best or oot answers, not mw")
    return float(main.recall)
