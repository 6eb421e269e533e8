"""The scorer's entry points: `score` (files, lines or {id: answers}) and `emit_problems`.

>>> # report = score("wordnet.best", "../shared/data/semeval2007/key/gold", "best")
>>> # report.to_json()["all"]["precision"]
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.datasets.catalog import SEMEVAL2007_URL
from lexsub_baselines.datasets.gold import read_gold
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.types import POS_TAGS, GoldItem
from lexsub_baselines.errors import LexsubError, MissingResourceError
from lexsub_baselines.scoring.answers_reader import (
    Problem,
    SystemAnswers,
    answers_from_mapping,
    parse_answer_lines,
    read_answers,
)
from lexsub_baselines.scoring.bounds import upper_bounds
from lexsub_baselines.scoring.gold import ScoringGold, build_gold, build_mw_gold
from lexsub_baselines.scoring.jabbari import jabbari_scores
from lexsub_baselines.scoring.measures import item_answers, score_mw, score_substitution
from lexsub_baselines.scoring.profiles import Profile, get_profile
from lexsub_baselines.scoring.report import Block, ScoreReport
from lexsub_baselines.scoring.result import MwScore
from lexsub_baselines.scoring.signature import Signature, gold_label
from lexsub_baselines.scoring.subsets import ALL, Subset, further_analysis_subsets

__all__ = ["KINDS", "MEASURE_SETS", "ScoringWarning", "emit_problems", "score",
           "substitution_recall"]

#: The answer kinds the scorer knows.
KINDS: tuple[str, ...] = ("best", "oot", "mw")
#: Extra measure sets accepted by `measures=`.
MEASURE_SETS: tuple[str, ...] = ("jabbari",)

SystemInput = (str | Path | SystemAnswers | Mapping[str, Sequence[str]]
               | Sequence[str] | Sequence[bytes])
GoldInput = str | Path | Dataset | Mapping[str, GoldItem]


class ScoringWarning(UserWarning):
    """A problem in a scored file (the message names file and line)."""


def _version() -> str:
    from lexsub_baselines import __version__

    return __version__


@lru_cache(maxsize=8)
def _read_gold_cached(path: Path, mtime_ns: int) -> dict[str, GoldItem]:
    return read_gold(path)


def _gold_items(gold: GoldInput, kind: str) -> tuple[Mapping[str, GoldItem], str, Path | None]:
    """Return (items, signature label, folder where mwids/MRsamples may be)."""
    if isinstance(gold, Dataset):
        role = "mwgold" if kind == "mw" else "gold"
        path = gold.path(role)
        return gold.gold(role), gold_label(path, gold.name), path.parent
    if isinstance(gold, str | Path):
        path = Path(gold)
        if not path.is_file():
            raise MissingResourceError(
                "gold file", path, "the SemEval-2007 gold files (key/gold, key/mwgold, "
                f"trial/gold.trial) are in {SEMEVAL2007_URL}; unpack it and pass the file, "
                "or see `lexsub datasets`")
        return _read_gold_cached(path.resolve(), path.stat().st_mtime_ns), gold_label(path), \
            path.parent
    return gold, "memory#-", None


def _system(system: SystemInput, kind: str, profile: Profile) -> SystemAnswers:
    if isinstance(system, SystemAnswers):
        return system
    if isinstance(system, str | Path):
        return read_answers(system, kind, profile)
    if isinstance(system, Mapping):
        return answers_from_mapping(system, kind)
    return parse_answer_lines(system, kind, profile)


_GOLD_CACHE: dict[tuple[int, Profile, Subset], tuple[Mapping[str, GoldItem], ScoringGold]] = {}


def _built_gold(items: Mapping[str, GoldItem], profile: Profile, subset: Subset) -> ScoringGold:
    """Return `build_gold(items, profile, subset)`, reusing the last few builds.

    Gold read from a file is itself cached (by path and mtime), so scoring many systems
    against one gold builds it once per profile and subset.
    """
    key = (id(items), profile, subset)
    hit = _GOLD_CACHE.get(key)
    if hit is not None and hit[0] is items:
        return hit[1]
    built = build_gold(items, profile, subset)
    if len(_GOLD_CACHE) >= 32:
        _GOLD_CACHE.pop(next(iter(_GOLD_CACHE)))
    _GOLD_CACHE[key] = (items, built)
    return built


@lru_cache(maxsize=8)
def _cached_subsets(mwids: Path | None, mw_mtime: int, mrsamples: Path | None, mr_mtime: int
                    ) -> tuple[Subset, ...]:
    from lexsub_baselines.scoring.subsets import read_mrsamples, read_mwids

    ids = read_mwids(mwids) if mwids is not None else frozenset()
    manual = read_mrsamples(mrsamples) if mrsamples is not None else frozenset()
    return further_analysis_subsets(ids, manual)


def _mtime(path: Path | None) -> int:
    return path.stat().st_mtime_ns if path is not None else 0


def _subset_files(
    folder: Path | None, mwids: Path | None, mrsamples: Path | None
) -> tuple[Path | None, Path | None]:
    if folder is not None:
        mwids = mwids or folder / "mwids"
        mrsamples = mrsamples or folder / "MRsamples"
    return mwids, mrsamples


def _subsets(
    folder: Path | None, mwids: Path | None, mrsamples: Path | None, notes: list[str]
) -> list[Subset]:
    mwids, mrsamples = _subset_files(folder, mwids, mrsamples)
    have_mw = mwids is not None and mwids.is_file()
    have_mr = mrsamples is not None and mrsamples.is_file()
    mw_file = mwids if have_mw else None
    mr_file = mrsamples if have_mr else None
    chosen = []
    for subset in _cached_subsets(mw_file, _mtime(mw_file), mr_file, _mtime(mr_file)):
        if subset.name == "NMWT" and not have_mw:
            notes.append(f"subset NMWT not computed: no mwids file ({mwids or 'not given'}); "
                         "pass --mwids")
        elif subset.name in ("RAND", "MAN") and not have_mr:
            notes.append(f"subset {subset.name} not computed: no MRsamples file "
                         f"({mrsamples or 'not given'}); pass --mrsamples")
        else:
            chosen.append(subset)
    return chosen


def _check_ids(system: SystemAnswers, items: Mapping[str, GoldItem]) -> list[Problem]:
    problems = []
    for line in system.lines:
        item = items.get(line.id)
        if item is None:
            problems.append(Problem(system.path, line.line, "unknown-id",
                                    f"id {line.id} is not in the gold; ignored"))
        elif line.lexelt and line.lexelt != item.lexelt:
            problems.append(Problem(system.path, line.line, "lexelt-mismatch",
                                    f"lexelt {line.lexelt} for id {line.id}, the gold has "
                                    f"{item.lexelt} (the id decides; scored)"))
    return problems


def emit_problems(problems: Iterable[Problem], limit: int = 10,
                  skip: Sequence[str] = ()) -> None:
    """Warn about each problem (`ScoringWarning`), at most `limit` per kind, then a summary.

    Arguments:
        problems: the problems, in file order.
        limit: how many of one kind (code) to show before summarising the rest.
        skip: codes not to warn about (e.g. `malformed` when the text output shows them).
    """
    shown: dict[str, int] = {}
    hidden: dict[tuple[str, str], int] = {}
    for problem in problems:
        if problem.code in skip:
            continue
        shown[problem.code] = shown.get(problem.code, 0) + 1
        if shown[problem.code] <= limit:
            warnings.warn(str(problem), ScoringWarning, stacklevel=2)
        else:
            key = (problem.path, problem.code)
            hidden[key] = hidden.get(key, 0) + 1
    for (path, code), count in hidden.items():
        warnings.warn(f"{path}: {count} more {code} problems not shown", ScoringWarning,
                      stacklevel=2)


def score(
    system: SystemInput,
    gold: GoldInput,
    kind: str = "best",
    profile: str | Profile = "official",
    subsets: bool = False,
    by_pos: bool = False,
    bounds: bool = False,
    measures: Sequence[str] = (),
    mwids: Path | None = None,
    mrsamples: Path | None = None,
    k: float = 1.0,
    warn: bool = True,
) -> ScoreReport:
    """Score a system against a gold standard.

    Arguments:
        system: an answer file path, its lines, `SystemAnswers`, or {id: [answers]} (the
            in-memory form: answers already split, nothing written to disk).
        gold: the gold file (`key/gold`, `trial/gold.trial`; `key/mwgold` for mw), a
            `Dataset` (its `gold` or `mwgold` role is used), or {id: GoldItem}.
        kind: `best`, `oot` or `mw`.
        profile: a profile name (`official`, `corrected`) or a `Profile`.
        subsets: also score NMWT, NMWS, RAND and MAN (best and oot); mwids/MRsamples are
            looked for beside the gold unless given.
        by_pos: also score each PoS (n, v, a, r) of the `all` block.
        bounds: add the gold's upper bounds.
        measures: extra measure sets; `("jabbari",)` adds Jabbari et al. (2010).
        mwids: the mwids file (default: beside the gold).
        mrsamples: the MRsamples file (default: beside the gold).
        k: the coverage weight of a wrong answer (Jabbari coverage).
        warn: emit every problem found as a `ScoringWarning` (file:line: message).

    Returns:
        The report; `report.to_json()` is what `lexsub score --format json` prints.

    Raises:
        MissingResourceError: the gold or system file does not exist.
        LexsubError: an unknown kind or measure set, or a gold without scorable items.
        UnknownNameError: an unknown profile.
    """
    if kind not in KINDS:
        raise LexsubError(f"unknown answer kind {kind!r}; known: {', '.join(KINDS)}")
    unknown = [m for m in measures if m not in MEASURE_SETS]
    if unknown:
        raise LexsubError(f"unknown measure set {unknown[0]!r}; known: {', '.join(MEASURE_SETS)}")
    prof = get_profile(profile) if isinstance(profile, str) else profile
    items, label, folder = _gold_items(gold, kind)
    answers = _system(system, kind, prof)
    version = _version()
    notes: list[str] = []
    problems = list(answers.problems)
    if kind == "mw":
        mw_gold = build_mw_gold(items, prof)
        signature = Signature("mw", prof.name, label, "all", mw_gold.total, None, version,
                              deviations=prof.deviations)
        blocks = (Block("all", score_mw(mw_gold, answers, prof), signature),)
        if subsets or by_pos or bounds or measures:
            notes.append("subsets, by-PoS, bounds and extra measures apply to best and oot only")
        report = ScoreReport(kind, prof.name, answers.path, blocks, tuple(problems), prof.order,
                             notes=tuple(notes))
    else:
        problems += _check_ids(answers, items)
        chosen = [ALL, *(_subsets(folder, mwids, mrsamples, notes) if subsets else [])]
        all_gold = _built_gold(items, prof, ALL)
        block_list = []
        for subset in chosen:
            subset_gold = _built_gold(items, prof, subset)
            if not subset_gold.total:
                if subset is ALL:
                    raise LexsubError(f"the gold ({label}) has no item with 2 or more "
                                      "responses: nothing to score against")
                notes.append(f"subset {subset.name} has no items; not scored")
                continue
            signature = Signature(
                kind, prof.name, label, subset.name, subset_gold.total, subset_gold.total_mode,
                version, dups=("once" if prof.dedupe_oot else "counted") if kind == "oot"
                else None, cap=prof.oot_cap if kind == "oot" else None,
                deviations=prof.deviations)
            block_list.append(Block(subset.name,
                                    score_substitution(subset_gold, answers, kind, prof, subset),
                                    signature, subset.header(kind)))
        pos_scores = None
        if by_pos:
            pos_scores = {pos: score_substitution(all_gold.restricted(pos), answers, kind, prof)
                          for pos in POS_TAGS if all_gold.restricted(pos).total}
        jabbari = None
        jabbari_by_pos = None
        if "jabbari" in measures:
            jabbari = jabbari_scores(item_answers(all_gold, answers, kind, prof), kind,
                                     all_gold.total, k)
            if by_pos:
                jabbari_by_pos = {
                    pos: jabbari_scores(item_answers(part, answers, kind, prof), kind,
                                        part.total, k)
                    for pos in POS_TAGS if (part := all_gold.restricted(pos)).total}
        report = ScoreReport(kind, prof.name, answers.path, tuple(block_list), tuple(problems),
                             prof.order, pos_scores,
                             upper_bounds(all_gold, prof.oot_cap or 10) if bounds else None,
                             jabbari, tuple(notes), jabbari_by_pos)
    main = report.main
    if not (main.mw_found if isinstance(main, MwScore) else main.attempted):
        notes.append(f"{answers.path}: no item attempted; precision reported as 0.00 (the "
                     "official scorer dies with a division by zero)")
    problems.sort(key=lambda p: p.line)
    report = replace(report, notes=tuple(notes), problems=tuple(problems))
    if warn:
        emit_problems(report.problems)
        for note in notes:
            warnings.warn(note, ScoringWarning, stacklevel=2)
    return report


def substitution_recall(system: SystemInput, gold: GoldInput, kind: str = "best",
                        profile: str | Profile = "official") -> float:
    """Return the recall (in percent) of best or oot answers: `score(...).main.recall`, quietly.

    For tuning loops and studies that need one number per run; problems are not emitted.

    Raises:
        LexsubError: `kind` is mw (its scores are detection and identification, not recall).
    """
    main = score(system, gold, kind, profile, warn=False).main
    if isinstance(main, MwScore):
        raise LexsubError("substitution_recall scores best or oot answers, not mw")
    return float(main.recall)
