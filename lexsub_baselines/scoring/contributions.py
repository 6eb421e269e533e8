"""Per-instance contributions to a protocol's headline figures: what the paired tests resample.

Every headline figure of the scorers is a function of sums over the scored instances: a mean
(TSAR-2022's, LexSubGen's), a ratio of sums (SemEval-2007 precision: Σ credit / Σ attempted),
or a function of several pooled sums (SWORDS F@10: the harmonic mean of Σ hits / Σ |top 10|
and Σ hits / Σ min(|gold|, 10)). So one record serves every protocol: `Contributions` holds,
for each instance, a tuple of *components* (credit, attempted, hits, ...), and a `Statistic`
turns their sums into the figures. The paired tests (`significance`) add up the components of
a resample or of a random exchange between two systems and ask the statistic again; the
unresampled sums (`observed`, added up in the scorer's own order) give the scorer's figures
exactly (tested for every protocol on real files).

This module has the record, the statistic's contract and SemEval-2007 best/oot (`P`, `R`,
`Mode P`, `Mode R`, the `all` block); each other protocol has its own next to its scorer
(`swords.contributions`, `lexsubgen.contributions`, `tsar.contributions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from lexsub_baselines.scoring.answers_reader import SystemAnswers
from lexsub_baselines.scoring.gold import ScoringGold
from lexsub_baselines.scoring.measures import item_answers, item_credit
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.result import format_percent

__all__ = ["Contributions", "Statistic", "SubstitutionStatistic", "percent",
           "substitution_contributions"]


class Statistic(Protocol):
    """How a protocol's headline figures are made from summed per-instance components.

    Attributes:
        name: the protocol (and kind): `best`, `oot`, `swords`, `lexsubgen`, `tsar2022`.
        measures: the figures' keys, as the scorer's JSON names them (`recall`, `ACC@1`).
        labels: the same as tables print them (`R`, `ACC@1`).
        components: what each instance contributes, in order (`credit`, `attempted`, ...).
        digits: the decimals the scorer prints.
    """

    @property
    def name(self) -> str: ...
    @property
    def measures(self) -> tuple[str, ...]: ...
    @property
    def labels(self) -> tuple[str, ...]: ...
    @property
    def components(self) -> tuple[str, ...]: ...
    @property
    def digits(self) -> int: ...

    def figures(self, sums: Sequence[float], n: int) -> tuple[float, ...]:
        """Return the figures (unrounded, in `measures` order) of components summed over `n`
        instances (a resample holds as many instances as the sample)."""

    def shown(self, value: float) -> str:
        """Return a figure as the scorer prints it (its rounding)."""


@dataclass(frozen=True)
class Contributions:
    """One system's contributions on the instances a paired test resamples.

    Attributes:
        statistic: what the components sum to (two systems are paired under one statistic).
        ids: the instances, in the order of the pairing (the same for both systems).
        values: per instance (aligned with `ids`), its components (`statistic.components`).
        observed: the components summed over every instance in the order the scorer adds
            them (floating-point sums depend on the order): `figures()` is the scorer's.
        source: the file (or `<memory>`) the contributions were read from.
        missing: instances of `ids` the file does not list (scored as unanswered).
        ignored: instances the file lists outside `ids` (left out of the pairing).
        notes: how the file was read where it departs from the scorer's own reading (a
            LexSubGen list shorter than 10 padded, ...).
    """

    statistic: Statistic
    ids: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    observed: tuple[float, ...]
    source: str = ""
    missing: tuple[str, ...] = ()
    ignored: int = 0
    notes: tuple[str, ...] = ()

    def figures(self) -> dict[str, float]:
        """Return measure -> the scorer's figure (unrounded) on all of `ids`."""
        values = self.statistic.figures(self.observed, len(self.ids))
        return dict(zip(self.statistic.measures, values, strict=True))


def percent(numerator: float, denominator: float) -> float:
    """Return numerator / denominator in percent, as score.pl's `myround` starts (the ratio,
    then × 100; rounded by `SubstitutionStatistic.shown`); 0 for a zero denominator.

    >>> percent(1, 8)
    12.5
    """
    return numerator / denominator * 100 if denominator else 0.0


@dataclass(frozen=True)
class SubstitutionStatistic:
    """SemEval-2007 best or oot: P, R, Mode P, Mode R (`SubstitutionScore`'s definitions).

    Components per item of T: its credit, attempted (0/1), mode found (0/1), attempted with
    a mode (0/1), and its share of |T| and of TM (1 and 1 or 0; score.pl counts an id on two
    gold lines twice: `GoldTarget.lines`, `mode_lines`).
    """

    kind: str

    @property
    def name(self) -> str:
        """Return `best` or `oot`."""
        return self.kind

    measures: tuple[str, ...] = ("precision", "recall", "mode_precision", "mode_recall")
    labels: tuple[str, ...] = ("P", "R", "Mode P", "Mode R")
    components: tuple[str, ...] = ("credit", "attempted", "mode_hit", "attempted_mode",
                                   "lines", "mode_lines")
    digits: int = 2

    def figures(self, sums: Sequence[float], n: int) -> tuple[float, ...]:
        """Return P, R, Mode P, Mode R in percent, unrounded."""
        credit, attempted, hits, attempted_mode, total, total_mode = sums
        return (percent(credit, attempted), percent(credit, total),
                percent(hits, attempted_mode), percent(hits, total_mode))

    def shown(self, value: float) -> str:
        """Return the figure rounded as score.pl rounds it (`result.perl_round`: half-up on
        the binary value of ratio × 100 × 100).

        >>> SubstitutionStatistic("best").shown(percent(2, 3))
        '66.67'
        """
        return format_percent(int(value * 100 + 0.5))


def substitution_contributions(gold: ScoringGold, system: SystemAnswers, kind: str,
                               profile: Profile, universe: Sequence[str] | None = None
                               ) -> Contributions:
    """Return a system's contributions to best or oot P, R, Mode P, Mode R on the items of T.

    Each item's credit is `measures.item_credit` of its normalised answers (the first line of
    its id; no line or a blank one: unattempted, as score.pl counts it); `observed` adds the
    credits in the file's order, as `score_substitution` does.

    Arguments:
        gold: the scored items (T), built for the profile.
        system: the answers as the profile reads them.
        kind: `best` or `oot`.
        profile: the scorer profile.
        universe: the items to pair on, when given: T's ids, in T's order (the other system's
            contributions are made on the same gold, so nothing else can be asked).
    """
    ids = tuple(gold.items)
    if universe is not None and tuple(universe) != ids:
        raise ValueError("SemEval contributions are paired on the items of T")
    index = {item: number for number, item in enumerate(ids)}
    values: list[tuple[float, ...]] = [(0.0, 0, 0, 0, target.lines, target.mode_lines)
                                       for target in gold.items.values()]
    credit = 0.0
    answered: set[str] = set()
    for item in item_answers(gold, system, kind, profile):
        target, answers = item.target, item.answers
        answered.add(target.id)
        if not answers:
            continue
        value = item_credit(target, answers, kind)
        credit += value  # score_substitution: in file order
        has_mode = target.mode is not None
        found = has_mode and (answers[0] == target.mode if kind == "best"
                              else target.mode in answers)
        values[index[target.id]] = (value, 1, int(found), int(has_mode), target.lines,
                                    target.mode_lines)
    observed = (credit, *(sum(v[c] for v in values) for c in range(1, 6)))
    return Contributions(SubstitutionStatistic(kind), ids, tuple(values), observed,
                         system.path, tuple(i for i in ids if i not in answered))

