"""`Scorer`: one gold standard under one profile, built once, against which systems are scored.

`score()` is `Scorer(gold, profile).score(system, kind)`. Keep a `Scorer` to score many files
against one gold (the gold is read and built once per kind and subset), or for what the
analyses compare (`item_credits`: per-item credits and upper bounds) and the paired tests
resample (`contributions`). Gold given as a mapping is copied when the `Scorer` is made:
changing the mapping afterwards changes nothing (make a new `Scorer`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from lexsub_baselines.core.errors import LexsubError, NothingToScoreError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.version import __version__
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.types import POS_TAGS, GoldItem
from lexsub_baselines.scoring.answers_reader import (
    SystemAnswers,
    answers_from_mapping,
    parse_answer_lines,
    read_answers,
)
from lexsub_baselines.scoring.bounds import upper_bounds
from lexsub_baselines.scoring.contributions import Contributions, substitution_contributions
from lexsub_baselines.scoring.emit import show
from lexsub_baselines.scoring.gold import MwGold, ScoringGold, build_gold, build_mw_gold
from lexsub_baselines.scoring.gold_kinds import GOLD_KINDS, GoldKind, kind_for
from lexsub_baselines.scoring.gold_lines import GoldFile
from lexsub_baselines.scoring.gold_source import GoldSource, resolve_gold
from lexsub_baselines.scoring.hints import kind_hint, language_hint
from lexsub_baselines.scoring.jabbari import jabbari_scores
from lexsub_baselines.scoring.measures import (
    ItemCredits,
    item_answers,
    item_credits,
    score_mw,
    score_substitution,
)
from lexsub_baselines.scoring.notes import answer_problems, attempt_notes, unusable_reason
from lexsub_baselines.scoring.profiles import Profile, default_profile, get_profile
from lexsub_baselines.scoring.report import Block, ScoreReport
from lexsub_baselines.scoring.signature import Signature, scoring_code
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.subsets import ALL, Subset, available_subsets, read_mwids
from lexsub_baselines.substitutes.answers import Answers

__all__ = ["GOLD_KINDS", "KINDS", "MEASURE_SETS", "GoldInput", "GoldKind", "Scorer",
           "SystemInput"]

#: The answer kinds the scorer knows.
KINDS: tuple[str, ...] = ("best", "oot", "mw")
#: Extra measure sets accepted by `measures=`.
MEASURE_SETS: tuple[str, ...] = ("jabbari",)

SystemInput = (str | Path | SystemAnswers | Mapping[str, Sequence[str]] | Mapping[str, Answers]
               | Sequence[str] | Sequence[bytes])
GoldInput = str | Path | Dataset | Mapping[str, GoldItem]


# Gold built from one gold file, shared by every Scorer of that file (`read_gold_file` returns
# the same immutable `GoldFile` while the file is unchanged): `score()` builds it once; gold
# given as a mapping is a new `GoldFile` for every Scorer, never shared.
_BUILT: WeakKeyDictionary[GoldFile, dict[tuple[Profile, Subset | None], ScoringGold | MwGold]] \
    = WeakKeyDictionary()


class Scorer:
    """A gold standard under one scorer profile; scores systems and gives per-item credits.

    Given the gold of another benchmark in `GOLD_KINDS` (`swords-test`), `Scorer(...)` returns
    that benchmark's subclass instead (a `SwordsScorer`), as `pathlib.Path` returns a
    `PosixPath`: its `score` takes that benchmark's result files; so does a profile of it.

    Arguments:
        gold: a gold file (`key/gold`; `key/mwgold` to score mw), a dataset name
            (`semeval2007-test`: its `gold` or `mwgold` under the roots), a `Dataset`, or
            {id: GoldItem}.
        profile: a profile name or `Profile`; default: the dataset's (`clls2010-official`
            for the CLLS datasets), else `official`.
        mwids: the mwids file of the NMWT subset (default: the dataset's, or beside the gold).
        mrsamples: the MRsamples file of RAND and MAN (default: likewise).
        roots: where dataset names are looked up (default: `resolve_roots()`).
        ids: score only these items (the others leave T).

    Raises:
        MissingResourceError: the gold is neither a file nor a dataset name (the message
            lists the datasets), or a dataset's gold file is absent.
        LexsubError: the gold path is a directory.
        UnknownNameError: an unknown profile.
    """

    def __new__(cls, gold: GoldInput, *args: Any, **kwargs: Any) -> Scorer:
        """Return a scorer of the gold's benchmark: a subclass from `GOLD_KINDS`, or this class."""
        if cls is Scorer:
            chosen = kind_for(gold, args[0] if args else kwargs.get("profile"),
                              kwargs.get("roots"))
            if chosen is not None:
                return super().__new__(chosen.scorer)
        return super().__new__(cls)

    def __init__(self, gold: GoldInput, profile: str | Profile | None = None, *,
                 mwids: Path | None = None, mrsamples: Path | None = None,
                 roots: Roots | None = None, ids: Collection[str] | None = None) -> None:
        self.source: GoldSource = resolve_gold(gold, roots)
        chosen = profile if profile is not None else default_profile(self.source.language)
        self.profile: Profile = get_profile(chosen) if isinstance(chosen, str) else chosen
        self._subset_files = (mwids or self.source.companion("mwids"),
                              mrsamples or self.source.companion("mrsamples"))
        self._ids = frozenset(ids) if ids is not None else None
        self._files: dict[bool, GoldFile] = {}
        self._built: dict[Subset, ScoringGold] = {}
        self._mw: MwGold | None = None
        self._hints: dict[tuple[bool, Spelling], str | None] = {}
        self._labels: dict[bool, str] = {}
        self._mwids: frozenset[str] | None = None

    # --- the gold ------------------------------------------------------------------------

    def gold_file(self, mw: bool = False) -> GoldFile:
        """Return the gold lines as the profile reads them (the mw gold with `mw`)."""
        if mw not in self._files:
            read = self.source.read(mw, self.profile)
            self._files[mw] = read.restricted(self._ids) if self._ids is not None else read
        return self._files[mw]

    def gold(self, subset: Subset = ALL) -> ScoringGold:
        """Return the scored items (T) under the profile and `subset` (built once)."""
        built = self._built.get(subset)
        if built is None:
            file = self.gold_file()
            shared = _BUILT.setdefault(file, {})
            found = shared.get((self.profile, subset))
            if not isinstance(found, ScoringGold):
                found = shared[(self.profile, subset)] = build_gold(file, self.profile, subset)
            built = self._built[subset] = found
        return built

    def mw_gold(self) -> MwGold:
        """Return the multiword gold (built once)."""
        if self._mw is None:
            file = self.gold_file(mw=True)
            shared = _BUILT.setdefault(file, {})
            found = shared.get((self.profile, None))
            if not isinstance(found, MwGold):
                found = shared[(self.profile, None)] = build_mw_gold(file, self.profile)
            self._mw = found
        return self._mw

    @property
    def mwids(self) -> frozenset[str]:
        """Return the ids of the mwids file (targets that are part of a multiword), or none."""
        if self._mwids is None:
            path = self._subset_files[0]
            self._mwids = read_mwids(path) if path is not None and path.is_file() \
                else frozenset()
        return self._mwids

    def further_subsets(self) -> tuple[tuple[Subset, ...], tuple[str, ...]]:
        """Return the scoreFA.pl subsets the mwids/MRsamples files allow, and notes."""
        return available_subsets(*self._subset_files)

    # --- per item ------------------------------------------------------------------------

    def answers(self, system: SystemInput, kind: str,
                spelling: Spelling = PYTHON) -> SystemAnswers:
        """Return a system's answers read as the profile reads them (`spelling`: how the
        problems' remedies name options)."""
        if isinstance(system, SystemAnswers):
            return system
        if isinstance(system, str | Path):
            return read_answers(system, kind, self.profile, spelling)
        if isinstance(system, Mapping):
            return answers_from_mapping(system, kind)
        return parse_answer_lines(system, kind, self.profile, spelling=spelling)

    def item_credits(self, system: SystemInput, kind: str, subset: Subset = ALL) -> ItemCredits:
        """Return a system's official credit and upper bound on each item of T (best/oot)."""
        return item_credits(self.gold(subset), self.answers(system, kind), kind, self.profile,
                            subset)

    def contributions(self, system: SystemInput, kind: str = "best", *,
                      universe: Sequence[str] | None = None) -> Contributions:
        """Return a system's per-item contributions to best or oot P, R, Mode P and Mode R
        (the `all` block), what the paired tests resample (`scoring.paired`).

        Raises:
            LexsubError: mw (its figures are not sums over the items of T).
        """
        if kind not in ("best", "oot"):
            raise LexsubError(f"paired tests compare best or oot answers, not {kind}")
        return substitution_contributions(self.gold(), self.answers(system, kind), kind,
                                          self.profile, universe)

    # --- scoring -------------------------------------------------------------------------

    def score(self, system: SystemInput, kind: str = "best", *, subsets: bool = False,
              by_pos: bool = False, bounds: bool = False, measures: Sequence[str] = (),
              k: float = 1.0, warn: bool = True, refuse: bool = True,
              spelling: Spelling = PYTHON) -> ScoreReport:
        """Score a system; see `lexsub_baselines.scoring.score` for the arguments.

        Raises:
            NothingToScoreError: (a `ScoreRefusedError`) nothing useful comes out of the file,
                as `lexsub score` says (`ScoreReport.unusable`), unless `refuse` is False.
            MissingResourceError: the system file does not exist.
            LexsubError: an unknown kind or measure set, a directory as system file, or a
                gold without scorable items.
        """
        if kind not in KINDS:
            raise LexsubError(f"unknown answer kind {kind!r}; known: {', '.join(KINDS)}")
        unknown = [m for m in measures if m not in MEASURE_SETS]
        if unknown:
            raise LexsubError(f"unknown measure set {unknown[0]!r}; known: "
                              f"{', '.join(MEASURE_SETS)}")
        answers = self.answers(system, kind, spelling)
        mw = kind == "mw"
        gold_file = self.gold_file(mw)
        notes: list[str] = []
        if mw:
            report = self._score_mw(answers, notes, subsets or by_pos or bounds or
                                    bool(measures))
        else:
            report = self._score_substitution(answers, kind, subsets, by_pos, bounds, measures,
                                              k, notes, spelling)
        hints = [h for h in (self.source.hint, kind_hint(answers, spelling),
                             self._language_hint(mw, spelling)) if h]
        problems = tuple(sorted((*answers.problems, *report.problems), key=lambda p: p.line))
        report = replace(
            report, problems=problems,
            unusable=unusable_reason(answers, problems, self._label(mw).split("#")[0],
                                     () if mw else self._gold_lexelts, spelling),
            notes=(*notes, *attempt_notes(report.main, answers.path, self.profile)),
            gold_problems=gold_file.problems, hints=tuple(hints),
            empty_undefined=self.profile.empty_undefined)
        if report.unusable and refuse:
            raise NothingToScoreError(report.unusable)
        if warn:
            show(report.messages)
        return report

    def _signature(self, kind: str, subset: str, total: int, total_mode: int | None,
                   mw: bool) -> Signature:
        prof = self.profile
        oot = kind == "oot"
        return Signature(kind, prof.name, self._label(mw), subset, total, total_mode,
                         __version__, dups=("once" if prof.dedupe_oot else "counted")
                         if oot else None, cap=prof.oot_cap if oot else None,
                         deviations=prof.deviations, code=scoring_code())

    def _score_mw(self, answers: SystemAnswers, notes: list[str], extras: bool) -> ScoreReport:
        gold = self.mw_gold()
        signature = self._signature("mw", "all", gold.total, None, True)
        if extras:
            notes.append("subsets, by-PoS, bounds and extra measures apply to best and oot only")
        block = Block("all", score_mw(gold, answers, self.profile), signature)
        return ScoreReport("mw", self.profile.name, answers.path, (block,), (),
                           self.profile.order)

    def _score_substitution(self, answers: SystemAnswers, kind: str, subsets: bool,
                            by_pos: bool, bounds: bool, measures: Sequence[str], k: float,
                            notes: list[str], spelling: Spelling) -> ScoreReport:
        prof = self.profile
        chosen: list[Subset] = [ALL]
        if subsets:
            found, missing = self.further_subsets()
            chosen += found
            notes += missing
        blocks = []
        for subset in chosen:
            gold = self.gold(subset)
            if not gold.total:
                if subset is ALL:
                    where = self.source.file(False) or "in memory"
                    raise LexsubError(f"the gold ({where}) has no item with 2 or more "
                                      "responses: nothing to score against")
                notes.append(f"subset {subset.name} has no items; not scored")
                continue
            signature = self._signature(kind, subset.name, gold.total, gold.total_mode, False)
            blocks.append(Block(subset.name, score_substitution(gold, answers, kind, prof, subset),
                                signature, subset.header(kind)))
        all_gold = self.gold()
        parts = {pos: part for pos in POS_TAGS if by_pos
                 and (part := all_gold.restricted(pos)).total}
        pos_scores = ({pos: score_substitution(part, answers, kind, prof)
                       for pos, part in parts.items()} if by_pos else None)
        jabbari = jabbari_by_pos = None
        if "jabbari" in measures:
            jabbari = jabbari_scores(item_answers(all_gold, answers, kind, prof), kind,
                                     all_gold.total, k)
            if by_pos:
                jabbari_by_pos = {pos: jabbari_scores(item_answers(part, answers, kind, prof),
                                                      kind, part.total, k)
                                  for pos, part in parts.items()}
        problems = answer_problems(all_gold, answers, kind, prof, self._gold_lexelts,
                                   self.source.instance_ids, spelling)
        return ScoreReport(kind, prof.name, answers.path, tuple(blocks), tuple(problems),
                           prof.order, pos_scores, upper_bounds(all_gold, prof.oot_cap or 10)
                           if bounds else None, jabbari, (), jabbari_by_pos)

    def _label(self, mw: bool) -> str:
        return self._labels.setdefault(mw, self._labels.get(mw) or self.source.label(mw))

    @cached_property
    def _gold_lexelts(self) -> dict[str, str]:
        return self.gold_file().lexelts()

    def _language_hint(self, mw: bool, spelling: Spelling) -> str | None:
        if (mw, spelling) not in self._hints:
            where = self.source.file(mw)
            self._hints[mw, spelling] = language_hint(self.gold_file(mw), str(where or "in memory"),
                                                      self.profile, spelling)
        return self._hints[mw, spelling]
