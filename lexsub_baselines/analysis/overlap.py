"""Type overlap and disambiguation analyses of McCarthy & Navigli (2009), §4.2-4.3.

As in the article, items whose target is part of a multiword (ids in `key/mwids`) are left
out, and only single-word substitutes count: gold entries and answers with a space are dropped
(the scorer's NMWS rule). For each word+PoS (lexelt) with gold substitute types GU (the union
over its sentences) and the system's first guesses SU (the union of the first `best` answer
over its sentences):

- TypeOverlap = mean over lexelts of |SU ∩ GU|;
- #subs = mean over lexelts of |SU|;
- TypeOverlap_uniq = mean over lexelts of the number of types in SU ∩ GU that no other
  analysed system has in its SU (so it depends on which systems are compared);
- disambiguation precision: over items with a mode whose mode is in the system's SU for that
  lexelt ("Sys") or in every analysed system's SU ("All"), the share of the system's attempted
  items whose first guess is the mode.

Items are those of T (at least 2 responses) after the subset's rules, scored with the profile's
normalisation, so the numbers agree with the official scorer's view of the data.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from lexsub_baselines.analysis.inputs import Evaluation, item_scores
from lexsub_baselines.scoring import Subset
from lexsub_baselines.tables.table import Cell, Table, rows_of

__all__ = ["OverlapRow", "overlap_rows", "overlap_subset", "overlap_table"]


def overlap_subset(evaluation: Evaluation) -> Subset:
    """Return the item/substitute filter of the analysis: no multiword targets, single words."""
    mwids = evaluation.mwids

    def includes(item_id: str, lexelt: str) -> bool:
        return item_id not in mwids

    return Subset("NMWT+NMWS", includes, single_words=True)


@dataclass(frozen=True)
class OverlapRow:
    """One system's overlap and disambiguation figures.

    Attributes:
        system: the system name.
        type_overlap: mean |SU ∩ GU| per lexelt.
        subs: mean |SU| per lexelt.
        type_overlap_uniq: mean number of SU ∩ GU types no other system found, per lexelt.
        disamb_sys: first-guess precision on items whose mode is in the system's SU.
        disamb_sys_items: how many attempted items that precision is over.
        disamb_all: the same on items whose mode is in every system's SU.
        disamb_all_items: how many attempted items that is over.
    """

    system: str
    type_overlap: float
    subs: float
    type_overlap_uniq: float
    disamb_sys: float | None
    disamb_sys_items: int
    disamb_all: float | None
    disamb_all_items: int


def overlap_rows(evaluation: Evaluation) -> tuple[list[OverlapRow], int, int]:
    """Return the rows, the number of lexelts and of items analysed."""
    subset = overlap_subset(evaluation)
    gold = evaluation.gold(subset)
    gu: dict[str, set[str]] = defaultdict(set)
    for target in gold.items.values():
        gu[target.lexelt].update(s for s, _ in target.entries)
    lexelts = sorted(gu)
    firsts = {s: item_scores(evaluation, s, "best", subset).first for s in evaluation.systems}
    su: dict[str, dict[str, set[str]]] = {}
    for system, first in firsts.items():
        per: dict[str, set[str]] = defaultdict(set)
        for item_id, answer in first.items():
            per[gold.items[item_id].lexelt].add(answer)
        su[system] = per
    rows = []
    for system in evaluation.systems:
        mine = su[system]
        others = [su[o] for o in evaluation.systems if o != system]
        overlap = [mine[lx] & gu[lx] for lx in lexelts]
        uniq = [{t for t in found if not any(t in o[lx] for o in others)}
                for lx, found in zip(lexelts, overlap, strict=True)]
        sys_hits = sys_n = all_hits = all_n = 0
        for item_id, target in gold.items.items():
            guess = firsts[system].get(item_id)
            if target.mode is None or guess is None:
                continue
            if target.mode in mine[target.lexelt]:
                sys_n += 1
                sys_hits += guess == target.mode
            if all(target.mode in su[s][target.lexelt] for s in evaluation.systems):
                all_n += 1
                all_hits += guess == target.mode
        n = len(lexelts) or 1
        rows.append(OverlapRow(
            system, sum(map(len, overlap)) / n, sum(len(mine[lx]) for lx in lexelts) / n,
            sum(map(len, uniq)) / n, sys_hits / sys_n if sys_n else None, sys_n,
            all_hits / all_n if all_n else None, all_n))
    return rows, len(lexelts), gold.total


def overlap_table(evaluation: Evaluation) -> Table:
    """Return the overlap and disambiguation table (McCarthy & Navigli 2009, §4.2-4.3)."""
    rows, lexelts, items = overlap_rows(evaluation)
    cells: list[list[Cell]] = [
        [r.system, r.type_overlap, r.subs, r.type_overlap_uniq,
         None if r.disamb_sys is None else 100 * r.disamb_sys, r.disamb_sys_items,
         None if r.disamb_all is None else 100 * r.disamb_all, r.disamb_all_items]
        for r in rows]
    excluded = "ids in key/mwids excluded" if evaluation.mwids else "no mwids file: all targets"
    header: tuple[str, ...] = ("system", "TypeOverlap", "#subs", "TypeOverlap uniq",
                               "Disamb Sys %", "items", "Disamb All %", "items")
    note = (f"McCarthy & Navigli (2009) §4.2-4.3: {excluded}; single-word gold substitutes "
            "and first guesses only. Means are per lexelt; 'uniq' counts types no other "
            "listed system found; Disamb: first guess = mode, on items whose mode is in the "
            "system's own first guesses for the word (Sys) or in every system's (All).")
    if not any(r.disamb_all_items for r in rows):  # no column of nothing but dashes
        header, cells = header[:6], [row[:6] for row in cells]
        note += (f" Disamb All is left out: no item's mode is among the first guesses of every "
                 f"one of the {len(rows)} systems (the paper compared fewer; choose some with "
                 "`lexsub report --systems`).")
    return Table(
        f"{evaluation.name} — type overlap and disambiguation ({lexelts} lexelts, {items} items)",
        header, rows_of(cells), note=note)
