"""The measures of Jabbari, Hepple & Guthrie (2010), "Evaluation metrics for the lexical
substitution task" (SCORING.md, "Later measures").

Per item i with gold counts H_i (maxfreq_i the highest count) and answers A_i:
- normalised best: Σ_{a∈A_i} freq_i(a) / |A_i| / maxfreq_i (the official best divides by
  |H_i|, so a perfect answer cannot reach 1);
- best1: freq_i(first answer) / maxfreq_i;
- coverage: R(i) = |A_i|^i / |H_i| and P(i) = |A_i|^i / (|A_i|^i + k·|A_i − H_i|), where
  |A_i|^i is the count mass of the gold substitutes among the (distinct) answers and
  |A_i − H_i| the number of wrong answers; k = 1 by default; F = 2PR / (P + R) from the
  averaged P and R;
- rank: the mean over ranks r = 1..10 of (gold count mass of the first r answers) / (mass of
  the r most frequent gold substitutes); a substitute repeated is credited once.
Aggregates: P averages over attempted items, R over all items of T.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lexsub_baselines.scoring.measures import ItemAnswers
from lexsub_baselines.scoring.result import perl_round

__all__ = [
    "JabbariScores",
    "best1_credit",
    "coverage_item",
    "jabbari_scores",
    "normalised_best_credit",
    "rank_score",
]

RANK_DEPTH = 10


def normalised_best_credit(answers: Sequence[str], gold: Mapping[str, int]) -> float:
    """Return the normalised best credit of one item.

    >>> h = {"G": 3, "M": 3, "S": 2, "J": 1, "Ch": 1}
    >>> normalised_best_credit(["M"], h), round(normalised_best_credit(["S", "X"], h), 4)
    (1.0, 0.3333)
    """
    top = max(gold.values(), default=0)
    if not answers or not top:
        return 0.0
    return sum(gold.get(a, 0) for a in answers) / len(answers) / top


def best1_credit(answers: Sequence[str], gold: Mapping[str, int]) -> float:
    """Return the best1 credit: the first answer's count over maxfreq."""
    return normalised_best_credit(answers[:1], gold)


def coverage_item(answers: Sequence[str], gold: Mapping[str, int], k: float = 1.0
                  ) -> tuple[float, float]:
    """Return (P(i), R(i)) of the coverage measure for one item.

    >>> h = {"G": 3, "M": 3, "S": 2, "J": 1, "Ch": 1}
    >>> coverage_item(["G", "S", "J", "X", "Y"], h)
    (0.75, 0.6)
    """
    distinct = list(dict.fromkeys(answers))
    mass = sum(gold.get(a, 0) for a in distinct)
    wrong = sum(1 for a in distinct if a not in gold)
    total = sum(gold.values())
    precision = mass / (mass + k * wrong) if mass + k * wrong else 0.0
    return precision, (mass / total if total else 0.0)


def rank_score(answers: Sequence[str], gold: Mapping[str, int], depth: int = RANK_DEPTH) -> float:
    """Return the rank measure of one item.

    >>> h = {"G": 3, "M": 3, "S": 2, "J": 1, "Ch": 1}
    >>> round(rank_score(["X", "Y", "Z", "V", "W", "G", "M", "S", "J", "Ch"], h), 2)
    0.36
    """
    ideal_counts = sorted(gold.values(), reverse=True)
    seen: set[str] = set()
    cumulative = ideal = 0
    total = 0.0
    for rank in range(depth):
        if rank < len(answers) and answers[rank] not in seen:
            seen.add(answers[rank])
            cumulative += gold.get(answers[rank], 0)
        if rank < len(ideal_counts):
            ideal += ideal_counts[rank]
        total += cumulative / ideal if ideal else 0.0
    return total / depth


@dataclass(frozen=True)
class JabbariScores:
    """Summed item scores of the Jabbari measures; percentages via `to_json`.

    Attributes:
        kind: `best` (normalised best, best1) or `oot` (coverage, rank).
        total: |T|.
        attempted: items with at least one answer.
        sums: measure name -> summed item score (P- and R-forms share the sum).
        coverage_p_sum: Σ P(i) of coverage over attempted items (oot only).
        k: the coverage weight of wrong answers.
    """

    kind: str
    total: int
    attempted: int
    sums: Mapping[str, float]
    coverage_p_sum: float = 0.0
    k: float = 1.0

    def to_json(self) -> dict[str, Any]:
        """Return each measure's precision and recall in percent (coverage also F)."""
        out: dict[str, Any] = {"total": self.total, "attempted": self.attempted}
        for name, value in self.sums.items():
            if name == "coverage":
                p = self.coverage_p_sum / self.attempted if self.attempted else 0.0
                r = value / self.total if self.total else 0.0
                f = 2 * p * r / (p + r) if p + r else 0.0
                out["coverage"] = {"precision": perl_round(p, 1) / 100,
                                   "recall": perl_round(r, 1) / 100,
                                   "f": perl_round(f, 1) / 100, "k": self.k}
            else:
                out[name] = {"precision": perl_round(value, self.attempted) / 100,
                             "recall": perl_round(value, self.total) / 100}
        return out


def jabbari_scores(items: Iterable[ItemAnswers], kind: str, total: int, k: float = 1.0
                   ) -> JabbariScores:
    """Return the Jabbari measures of a system's answers (from `measures.item_answers`).

    Arguments:
        items: the scored items' normalised answers.
        kind: `best` gives normalised best and best1; `oot` gives coverage and rank.
        total: |T|.
        k: the coverage weight of a wrong answer.
    """
    names = ("normalised_best", "best1") if kind == "best" else ("coverage", "rank")
    sums = dict.fromkeys(names, 0.0)
    attempted = 0
    coverage_p = 0.0
    for item in items:
        if not item.answers:
            continue
        attempted += 1
        gold = dict(item.target.entries)
        # An answer credited through an alias (a hyphenated gold entry's spaced form) stands
        # for that entry.
        answers = [item.target.alias_of.get(a, a) for a in item.answers]
        if kind == "best":
            sums["normalised_best"] += normalised_best_credit(answers, gold)
            sums["best1"] += best1_credit(answers, gold)
        else:
            precision, recall = coverage_item(answers, gold, k)
            coverage_p += precision
            sums["coverage"] += recall
            sums["rank"] += rank_score(answers, gold)
    return JabbariScores(kind, total, attempted, sums, coverage_p, k)
