"""ParaLS's own P@1 and P@3 (qiang2100/ParaLS, `metrics/evaluation.py`), reproduced.

Our own code, written from reading `calculation_p1`, `calculation_p3` and `read_gold_line`
(none of it copied). What they do:
- the gold file is read as Latin-1, one entry per line keyed by the text before `::`
  (`lemma.POS id`, stripped; a later line of a key replaces the earlier one); its candidates
  are the `;`-separated entries after it, each cut at its last space (the count dropped);
  multiword candidates (holding a space or a hyphen) are left out (`ignore_mwe`);
- the ranked lists are keyed the same way (`datasets.field_parals.read_ranked`);
- P@1 = the gold keys whose first ranked candidate is one of their candidates / every gold
  key (a key without a list, or with no candidate left, counts in the denominator);
- P@3 = Σ |set(first three) ∩ candidates| / (3 × every gold key).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["ParaLSPrecision", "parals_gold", "parals_precision"]


def parals_gold(data: bytes, ids: Collection[str] | None = None) -> dict[str, frozenset[str]]:
    """Return {`lemma.POS id`: candidates} of a gold file's bytes as `read_gold_line` reads
    them (only the lines whose id is in `ids` when given: CoInCo's test part of the one gold
    file, as ParaLS's `coinco_test.gold` holds it)."""
    gold: dict[str, frozenset[str]] = {}
    for line in data.decode("latin-1").splitlines():
        if "::" not in line:
            continue
        segments = line.split("::")
        key = segments[0].strip()
        if ids is not None and key.rpartition(" ")[2] not in ids:
            continue
        found = []
        for entry in segments[1].strip().split(";"):
            if entry:
                candidate = entry[:entry.rfind(" ")]  # rfind -1 cuts the last letter, as there
                if len(candidate.split(" ")) > 1 or len(candidate.split("-")) > 1:
                    continue  # ignore_mwe
                found.append(candidate)
        gold[key] = frozenset(found)
    return gold


@dataclass(frozen=True)
class ParaLSPrecision:
    """One P@k as `calculation_p1` / `calculation_p3` computes it, with the counts they print."""

    k: int
    value: float
    gold: int
    evaluated: int
    ignored: int


def parals_precision(gold: Mapping[str, frozenset[str]],
                     ranked: Mapping[str, Sequence[str]], k: int) -> ParaLSPrecision:
    """Return P@1 (`k=1`: the first candidate) or P@3 (`k=3`: every candidate listed, as
    `calculation_p3` counts the lines of a `_p3.txt` file)."""
    correct = ignored = 0
    for key, candidates in gold.items():
        if key not in ranked:
            ignored += 1
        elif k == 1:
            correct += ranked[key][0] in candidates
        else:
            correct += len(set(ranked[key]) & candidates)
    value = correct / (len(gold) * k)
    return ParaLSPrecision(k, value, len(gold), len(ranked), ignored)


def oot_duplicate_lines(lines: Sequence[str], gold_ids: Collection[str]) -> int:
    """Return how many oot lines `score.pl` counts in its `WARNING OOT file contains
    duplicates on N lines` (`scoreOOT`'s `$dupflag`): the first line of each id the gold
    scores (`$hu && !$done{$id}`) whose answers, split on `;` and normalised (`fixmisc`),
    hold one twice (`duplicates_p`), before the cap of 10."""
    from lexsub_baselines.scoring.normalise import official_answer, perl_split
    from lexsub_baselines.scoring.profile import OFFICIAL_LINES

    done: set[str] = set()
    flagged = 0
    for line in lines:
        match = OFFICIAL_LINES.oot.search(line)
        if match is None or match.group(2) not in gold_ids or match.group(2) in done:
            continue
        done.add(match.group(2))
        answers = match.group(3)
        if answers.strip():  # `if ($res =~ /\S/)`
            items = [official_answer(a) for a in perl_split(answers)]
            flagged += len(set(items)) < len(items)
    return flagged
