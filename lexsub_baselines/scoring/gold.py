"""Profile-specific gold: which items are scored, their credits and their modes.

Built from gold lines (`scoring.gold_lines`: score.pl's reading of a file for the `official`
profiles, the lenient `datasets.gold.read_gold` for the others). For the `official` profile
this follows `score.pl readgoldfile` (substitution gold) and `readmwfile` (mw gold) step by
step, malformed files included; the profile supplies the string rules, a `Subset` the item
and entry filters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from lexsub_baselines.datasets.types import GoldItem, split_lexelt
from lexsub_baselines.scoring.gold_lines import GoldFile, GoldLine, from_items
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.subsets import ALL, Subset

__all__ = ["GoldTarget", "MwGold", "ScoringGold", "build_gold", "build_mw_gold"]


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
        lines: the gold lines behind the item (its share of |T|; 2 when score.pl reads an id
            on two lines).
        mode_lines: its share of TM (score.pl counts modes per line too).
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
    lines: int = 1
    mode_lines: int = 0

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

    @cached_property
    def total(self) -> int:
        """Return |T| (the gold lines behind the items: an id on two lines counts twice)."""
        return sum(t.lines for t in self.items.values())

    def restricted(self, pos: str) -> ScoringGold:
        """Return the items of one part of speech."""
        items = {i: t for i, t in self.items.items() if t.pos == pos}
        return ScoringGold(items, sum(t.mode_lines for t in items.values()), self.subset)


def _perl_true(text: str | None) -> bool:
    # Perl truth of a string: undef, "" and "0" are false (score.pl tests `!$mode`).
    return text not in (None, "", "0")


@dataclass
class _Item:
    """What score.pl's hashes hold for one id while the gold lines are read."""

    lexelt: str
    counts: dict[str, int] = field(default_factory=dict)  # $$resarr{$id}
    lines: int = 0  # this id's share of $totitems
    mode: str | None = None  # $$modes{$id}
    mode_lines: int = 0  # this id's share of $totmodes


def _read_modes(item: _Item, parsed: list[tuple[str, int]]) -> None:
    # score.pl readgoldfile, per line: the first parsed entry is the mode (`if (!$mode)`,
    # $totmodes++); a later entry with the same count deletes it (`elsif (!$ms && $mode &&
    # ($num == $modenum))`, $totmodes--), once per line. The mode of a second line of the
    # same id replaces the first's, and its tie deletes the id's mode.
    mode: str | None = None
    mode_count = 0
    deleted = False
    for substitute, count in parsed:
        if not _perl_true(mode):
            mode, mode_count = substitute, count
            item.mode = substitute
            item.mode_lines += 1
        elif not deleted and count == mode_count:
            item.mode = None
            item.mode_lines -= 1
            deleted = True


def _sound_mode(entries: list[tuple[str, int]]) -> str | None:
    # The corrected profiles: the most frequent substitute, unless another has its count.
    if not entries:
        return None
    mode, mode_count = entries[0]
    return None if any(count == mode_count for _, count in entries[1:]) else mode


def _target(item_id: str, item: _Item, profile: Profile, pos: str) -> GoldTarget:
    counts = item.counts
    if profile.merge_gold_duplicates:
        entries = sorted(counts.items(), key=lambda e: -e[1])
        mode = _sound_mode(entries)
        mode_lines = int(mode is not None)
    else:
        entries = list(counts.items())
        mode, mode_lines = item.mode, item.mode_lines
    total = sum(counts.values())
    weight = counts.copy()
    alias_of: dict[str, str] = {}
    for substitute, count in counts.items():
        for alias in profile.credit_aliases(substitute):
            if alias not in weight:
                weight[alias] = count
                alias_of[alias] = substitute
    # score.pl normalisevalues: `$$target{$key} = $val / $sum`.
    credit = {form: count / total for form, count in weight.items()} if total else {}
    return GoldTarget(item_id, item.lexelt, pos, tuple(entries), total, mode, credit, weight,
                      alias_of, item.lines, mode_lines)


def _lines(gold: GoldFile | Mapping[str, GoldItem] | Iterable[GoldLine]) -> Iterable[GoldLine]:
    if isinstance(gold, GoldFile):
        return gold.lines
    if isinstance(gold, Mapping):
        return from_items(gold).lines
    return gold


def build_gold(gold: GoldFile | Mapping[str, GoldItem] | Iterable[GoldLine], profile: Profile,
               subset: Subset = ALL) -> ScoringGold:
    """Return the scored items (T) of a substitution gold under a profile and a subset.

    Follows `score.pl readgoldfile` line by line: `pn` entries (and, for NMWS, multiword
    entries) are removed; a line is an item of T when it has at least 2 responses (more than
    one entry left, blank ones included, or a first count above 1); its parsed entries are
    its substitutes. An id on two lines (profiles with `gold_id_repeats="merge"`) counts
    twice in T, its entries are pooled (a later count of the same substitute replaces the
    earlier) and its mode is the later line's; with `"first"` the later line is ignored.

    Arguments:
        gold: a `GoldFile`, {id: GoldItem} from `read_gold`, or `GoldLine`s (file order).
        profile: the scorer profile.
        subset: the further-analysis subset (default: all items, all entries).
    """
    items: dict[str, _Item] = {}
    merge = profile.gold_id_repeats == "merge"
    drop, keep, parse = profile.drop_gold_entry, subset.keeps_gold_entry, profile.gold_entry
    for line in _lines(gold):
        if not subset.includes(line.id, line.lexelt):
            continue
        known = items.get(line.id)
        if known is not None and not merge:
            continue
        raw = [r for r in line.raw if not drop(r)]
        if subset.single_words:
            raw = [r for r in raw if keep(r)]
        first = profile.first_count(raw[0]) if raw else None
        # score.pl readgoldfile: `if (($#res > 0) || ($num > 1))` -- at least 2 responses.
        if not (len(raw) > 1 or (first or 0) > 1):
            continue
        parsed = [e for e in map(parse, raw) if e is not None]
        item = known or items.setdefault(line.id, _Item(line.lexelt))
        item.lexelt = line.lexelt  # score.pl: `$$idwarr{$id} = $wpos`, the last line's
        item.lines += 1
        counts = item.counts
        for substitute, count in parsed:
            if profile.merge_gold_duplicates:
                counts[substitute] = counts.get(substitute, 0) + count
            else:
                counts[substitute] = count  # a Perl hash: a later listing overwrites
        _read_modes(item, parsed)
    pos = {lexelt: split_lexelt(lexelt)[1] for lexelt in {i.lexelt for i in items.values()}}
    targets = {item_id: _target(item_id, item, profile, pos[item.lexelt])
               for item_id, item in items.items()}
    return ScoringGold(targets, sum(t.mode_lines for t in targets.values()), subset.name)


@dataclass(frozen=True)
class MwGold:
    """The multiword gold: id -> the multiword chosen by at least 2 annotators.

    Attributes:
        modes: id -> gold multiword.
        lexelts: id -> lexelt (for every mw gold line read).
        total: |MW| as score.pl counts it (per line: an id on two lines can count twice).
    """

    modes: Mapping[str, str]
    lexelts: Mapping[str, str]
    total: int


def build_mw_gold(gold: GoldFile | Mapping[str, GoldItem] | Iterable[GoldLine],
                  profile: Profile) -> MwGold:
    """Return the multiword gold as `score.pl readmwfile` reads it (no `pn` removal)."""
    modes: dict[str, str] = {}
    lexelts: dict[str, str] = {}
    total = 0
    merge = profile.gold_id_repeats == "merge"
    for line in _lines(gold):
        if line.id in lexelts and not merge:
            continue
        lexelts[line.id] = line.lexelt
        first = profile.first_count(line.raw[0]) if line.raw else None
        if not (first or 0) > 1:
            continue
        mode: str | None = None
        mode_count = 0
        tied = False
        for raw in line.raw:
            entry = profile.gold_entry(raw)
            if entry is None:
                continue
            phrase, count = entry
            # readmwfile: the first entry with a count > 1 is the mode (`$totmodes++`); a
            # later entry with the same count deletes it (`$totmodes--`), once per line.
            if not _perl_true(mode) and count > 1:
                mode, mode_count = phrase, count
                modes[line.id] = phrase
                total += 1
            elif not tied and _perl_true(mode) and count == mode_count:
                modes.pop(line.id, None)
                total -= 1
                tied = True
    return MwGold(modes, lexelts, total)
