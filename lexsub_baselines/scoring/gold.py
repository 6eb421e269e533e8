"""Profile-specific gold: which items are scored, their credits and their modes.

Built from `lexsub_baselines.datasets.gold.read_gold`'s raw entries. For the `official`
profile this follows `score.pl readgoldfile` (substitution gold) and `readmwfile` (mw gold)
step by step; the profile supplies the string rules, a `Subset` the item and entry filters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_baselines.datasets.gold import read_gold
from lexsub_baselines.datasets.types import GoldItem, split_lexelt
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.subsets import ALL, Subset

__all__ = ["GoldTarget", "MwGold", "ScoringGold", "build_gold", "build_mw_gold", "load_gold"]


@dataclass(frozen=True)
class GoldTarget:
    """One scored item (an item of T).

    Attributes:
        id: instance id.
        lexelt: lexelt of the gold line.
        pos: n/v/a/r (the last tag of the lexelt), or "" when it has none.
        entries: (substitute, count) after the profile's rules, in gold order.
        total: |H|, the sum of the counts.
        mode: the mode, or None when the item has none.
        credit: answer form -> count / |H| (includes credited aliases).
        weight: answer form -> count (includes credited aliases).
        alias_of: credited alias -> the gold substitute it stands for.
    """

    id: str
    lexelt: str
    pos: str
    entries: tuple[tuple[str, int], ...]
    total: int
    mode: str | None
    credit: Mapping[str, float] = field(repr=False)
    weight: Mapping[str, int] = field(repr=False)
    alias_of: Mapping[str, str] = field(default_factory=dict, repr=False)

    @property
    def max_count(self) -> int:
        """Return the highest count (maxfreq), 0 without entries."""
        return max((count for _, count in self.entries), default=0)


@dataclass(frozen=True)
class ScoringGold:
    """The items of T for one profile and subset.

    Attributes:
        items: id -> target, in gold-file order.
        total_mode: TM, the number of items with a mode.
        subset: the subset name.
    """

    items: Mapping[str, GoldTarget]
    total_mode: int
    subset: str = "all"

    @property
    def total(self) -> int:
        """Return |T|."""
        return len(self.items)

    def restricted(self, pos: str) -> ScoringGold:
        """Return the items of one part of speech."""
        items = {i: t for i, t in self.items.items() if t.pos == pos}
        return ScoringGold(items, sum(t.mode is not None for t in items.values()), self.subset)


def _mode_first_unless_tied(entries: list[tuple[str, int]]) -> str | None:
    # score.pl readgoldfile: the first parsed entry is the mode; it is deleted when any later
    # entry has the same count (`elsif (!$ms && $mode && ($num == $modenum))`).
    if not entries:
        return None
    mode, mode_count = entries[0]
    if any(count == mode_count for _, count in entries[1:]):
        return None
    return mode


def _target(item: GoldItem, profile: Profile, subset: Subset) -> GoldTarget | None:
    raw = [r for r in item.raw if not profile.drop_gold_entry(r) and subset.keeps_gold_entry(r)]
    first = profile.first_count(raw[0]) if raw else None
    # score.pl readgoldfile: `if (($#res > 0) || ($num > 1))` -- at least 2 responses.
    if not (len(raw) > 1 or (first or 0) > 1):
        return None
    parsed = [e for e in (profile.gold_entry(r) for r in raw) if e is not None]
    counts: dict[str, int] = {}
    for substitute, count in parsed:
        if profile.merge_gold_duplicates:
            counts[substitute] = counts.get(substitute, 0) + count
        else:
            counts[substitute] = count  # a Perl hash: a later listing overwrites
    if profile.merge_gold_duplicates:
        entries = sorted(counts.items(), key=lambda e: -e[1])
    else:
        entries = list(counts.items())
    mode = _mode_first_unless_tied(entries if profile.merge_gold_duplicates else parsed)
    total = sum(counts.values())
    weight = dict(counts)
    alias_of: dict[str, str] = {}
    for substitute, count in counts.items():
        for alias in profile.credit_aliases(substitute):
            if alias not in weight:
                weight[alias] = count
                alias_of[alias] = substitute
    # score.pl normalisevalues: `$$target{$key} = $val / $sum`.
    credit = {form: count / total for form, count in weight.items()} if total else {}
    lemma_pos = split_lexelt(item.lexelt)[1]
    return GoldTarget(item.id, item.lexelt, lemma_pos, tuple(entries), total, mode, credit,
                      weight, alias_of)


def build_gold(items: Mapping[str, GoldItem], profile: Profile, subset: Subset = ALL
               ) -> ScoringGold:
    """Return the scored items (T) of a substitution gold under a profile and a subset.

    Arguments:
        items: {id: GoldItem} from `read_gold` (file order).
        profile: the scorer profile.
        subset: the further-analysis subset (default: all items, all entries).
    """
    targets: dict[str, GoldTarget] = {}
    for item in items.values():
        if not subset.includes(item.id, item.lexelt):
            continue
        target = _target(item, profile, subset)
        if target is not None:
            targets[item.id] = target
    return ScoringGold(targets, sum(t.mode is not None for t in targets.values()), subset.name)


@dataclass(frozen=True)
class MwGold:
    """The multiword gold: id -> the multiword chosen by at least 2 annotators.

    Attributes:
        modes: id -> gold multiword.
        lexelts: id -> lexelt (for every mw gold line read).
    """

    modes: Mapping[str, str]
    lexelts: Mapping[str, str]

    @property
    def total(self) -> int:
        """Return |MW|, the number of items with a gold multiword."""
        return len(self.modes)


def build_mw_gold(items: Mapping[str, GoldItem], profile: Profile) -> MwGold:
    """Return the multiword gold as `score.pl readmwfile` reads it (no `pn` removal)."""
    modes: dict[str, str] = {}
    for item in items.values():
        first = profile.first_count(item.raw[0]) if item.raw else None
        if not (first or 0) > 1:
            continue
        mode: str | None = None
        mode_count = 0
        tied = False
        for raw in item.raw:
            entry = profile.gold_entry(raw)
            if entry is None:
                continue
            phrase, count = entry
            # readmwfile: the first entry with a count > 1 is the mode, removed when a later
            # entry has the same count.
            if mode is None and count > 1:
                mode, mode_count = phrase, count
            elif not tied and mode is not None and count == mode_count:
                tied = True
        if mode is not None and not tied:
            modes[item.id] = mode
    return MwGold(modes, {item.id: item.lexelt for item in items.values()})


def load_gold(path: Path) -> dict[str, GoldItem]:
    """Read a gold file with the lenient reader (raises MissingResourceError when absent)."""
    return read_gold(path)
