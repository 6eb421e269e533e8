"""The SemEval-2007 measures: best, oot (P, R, Mode P, Mode R) and mw (detection, identification).

Definitions (McCarthy & Navigli 2007; task documentation §3; SCORING.md):
- best: credit_i = Σ_a freq_i(a) / |A_i| / |H_i|; P = Σ credit / attempted, R = Σ credit / |T|;
  Mode: the first answer equals the mode, over attempted items with a mode (P) and TM (R).
- oot: the first 10 answers; credit_i = Σ_a freq_i(a) / |H_i| (duplicates credited each time
  unless the profile dedupes); Mode: the mode is among the answers.
- mw: detection and identification precision/recall against the multiword gold.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from lexsub_baselines.scoring.answers_reader import SystemAnswers
from lexsub_baselines.scoring.bounds import item_bound
from lexsub_baselines.scoring.gold import GoldTarget, MwGold, ScoringGold
from lexsub_baselines.scoring.normalise import unchanged_test
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.result import MwScore, SubstitutionScore
from lexsub_baselines.scoring.subsets import ALL, Subset

__all__ = ["ItemAnswers", "ItemCredits", "item_answers", "item_credit", "item_credits",
           "score_best", "score_mw", "score_oot", "score_substitution"]


@dataclass(frozen=True)
class ItemAnswers:
    """The normalised answers a system gave for one item of T (first line per id)."""

    target: GoldTarget
    answers: tuple[str, ...]


def _normalised(gold: ScoringGold, system: SystemAnswers, kind: str, profile: Profile,
                subset: Subset) -> Iterator[tuple[GoldTarget, tuple[str, ...]]]:
    done: set[str] = set()
    target_of = gold.items.get
    # the same answer recurs across items: normalise each distinct one once per file
    normalise = cache(profile.normalise_answer)
    unchanged = unchanged_test(profile.normalise_answer)
    keep = subset.keeps_answer if subset.single_words else None
    cap = profile.oot_cap if kind == "oot" else None
    dedupe = kind == "oot" and profile.dedupe_oot
    # nothing dropped before the cap (official, all items): cap first, normalise 10 at most
    one_to_one = keep is None and not profile.drop_empty_answers and not dedupe
    for line in system.lines:
        target = target_of(line.id)
        if target is None or not target.total or line.id in done:
            continue
        done.add(line.id)
        answers = line.answers[:cap] if one_to_one and cap else line.answers
        if unchanged is None or not unchanged(";".join(answers)):
            answers = tuple(map(normalise, answers))
        if one_to_one:
            yield target, answers
            continue
        # score.pl fixmisc: normalise each answer, then (NMWS) drop multiword answers.
        if keep is not None:
            answers = tuple(a for a in answers if keep(a))
        if profile.drop_empty_answers:
            answers = tuple(a for a in answers if a)
        if dedupe:
            answers = tuple(dict.fromkeys(answers))
        # score.pl scoreOOT: `@res = @res[0..9]` when there are more than 10.
        yield target, answers[:cap] if cap is not None else answers


def item_answers(
    gold: ScoringGold, system: SystemAnswers, kind: str, profile: Profile, subset: Subset = ALL
) -> Iterator[ItemAnswers]:
    """Yield, in file order, each scored item's normalised answers as the measures see them.

    Lines for ids outside T are ignored; only the first line for an id counts (score.pl:
    `if ($hu && !$done{$id})`). A blank line yields an empty answer tuple (unattempted).
    """
    for target, answers in _normalised(gold, system, kind, profile, subset):
        yield ItemAnswers(target, answers)


def item_credit(target: GoldTarget, answers: Sequence[str], kind: str) -> float:
    """Return the official credit of one item: Σ freq(a)/|H| over its answers, over |A| for best.

    score.pl scorebest / scoreOOT: `$idcorr += $norms{$sub}` in answer order, then (best)
    `$idcorr / $numguesses`.
    """
    credit = target.credit.get
    value = 0.0
    for answer in answers:
        value += credit(answer, 0.0)
    return value / len(answers) if kind == "best" and value else value


def score_substitution(
    gold: ScoringGold, system: SystemAnswers, kind: str, profile: Profile, subset: Subset = ALL
) -> SubstitutionScore:
    """Return the best or oot score of a system on `gold` (already built for `subset`)."""
    attempted = attempted_mode = mode_hits = 0
    credit = 0.0
    for target, answers in _normalised(gold, system, kind, profile, subset):
        if not answers:
            continue
        attempted += 1
        mode = target.mode
        if mode is not None:
            attempted_mode += 1
            found = answers[0] == mode if kind == "best" else mode in answers
            mode_hits += found
        value = item_credit(target, answers, kind)
        if value:  # score.pl: `if ($idcorr) { $corr += ... }`
            credit += value
    return SubstitutionScore(kind, gold.total, attempted, credit, gold.total_mode,
                             attempted_mode, mode_hits)


@dataclass(frozen=True)
class ItemCredits:
    """A system's official credit on each item of T (unattempted items score 0).

    What the paired tests, correlations and per-PoS analyses compare; the sum of `credit`
    over |T| is the official recall.

    Attributes:
        kind: best or oot.
        credit: id -> the item's credit (`item_credit`).
        bound: id -> the most an answer can earn on the item (`bounds.item_bound`).
        normalised: id -> credit / bound (0 where the bound is 0).
        first: id -> the first normalised answer, for attempted items.
        attempted: ids with at least one answer.
    """

    kind: str
    credit: Mapping[str, float]
    bound: Mapping[str, float]
    normalised: Mapping[str, float]
    first: Mapping[str, str]
    attempted: frozenset[str]


def item_credits(gold: ScoringGold, system: SystemAnswers, kind: str, profile: Profile,
                 subset: Subset = ALL) -> ItemCredits:
    """Return the per-item credits of `system` on `gold` (built for `subset`)."""
    bound = {i: item_bound(t, kind, profile.oot_cap or 10) for i, t in gold.items.items()}
    credit = dict.fromkeys(gold.items, 0.0)
    first: dict[str, str] = {}
    for target, answers in _normalised(gold, system, kind, profile, subset):
        if answers:
            credit[target.id] = item_credit(target, answers, kind)
            first[target.id] = answers[0]
    normalised = {i: value / bound[i] if bound[i] else 0.0 for i, value in credit.items()}
    return ItemCredits(kind, credit, bound, normalised, first, frozenset(first))


def score_best(gold: ScoringGold, system: SystemAnswers, profile: Profile,
               subset: Subset = ALL) -> SubstitutionScore:
    """Return the best score (see `score_substitution`)."""
    return score_substitution(gold, system, "best", profile, subset)


def score_oot(gold: ScoringGold, system: SystemAnswers, profile: Profile,
              subset: Subset = ALL) -> SubstitutionScore:
    """Return the oot score (see `score_substitution`)."""
    return score_substitution(gold, system, "oot", profile, subset)


def score_mw(gold: MwGold, system: SystemAnswers, profile: Profile) -> MwScore:
    """Return the mw detection/identification score (score.pl scoreMW).

    Every id's first line counts (ids outside the gold too); a line with text is a system
    multiword; a line on an item with a gold multiword is a genuine detection (with the
    official profile even when the line is empty -- a score.pl quirk).
    """
    done: set[str] = set()
    found = genuine = identified = 0
    for line in system.lines:
        if line.id in done:
            continue
        done.add(line.id)
        has_text = bool(line.text.strip(" \t\r\f\v"))
        found += has_text
        mode = gold.modes.get(line.id)
        if mode is not None and (has_text or profile.mw_blank_is_detection):
            genuine += 1
            identified += profile.mw_answer(line.text) == mode
    return MwScore(gold.total, found, genuine, identified)
