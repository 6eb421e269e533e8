"""LexSubGen's metrics of one instance (`lexsubgen.metrics`, commit 276ce228), reproduced.

- `topk_metrics` mirrors `compute_precision_recall_f1_topk`: for each k, the hits are the
  predictions among the first k found in the gold's set (a repeated prediction is a hit each
  time, so R@k can pass 1); P@k = hits / k, R@k = hits / len(gold) (duplicates and multiwords
  counted; 0 without gold), F1 their harmonic mean (0 when either is 0). A list shorter than k
  raises ("Couldn't take top k from n substitues", their spelling) -- unless `pad`, our
  `lexsubgen-padded` variant, which reads the missing places as wrong guesses.
- `rank_candidates` mirrors `SubstituteGenerator.candidates_from_probs`: the pool's words
  that the prediction holds, by score, ties in pool (alphabetical) order; the others dropped.
- `gap_scores` mirrors `gap_score`: the gold as `dict(zip(words, weights))` (a repeated word
  keeps its first place and its last weight); the denominator runs over that dict in file
  order (so GAP can pass 1 when the gold is not sorted); the numerator over the ranked list,
  a repeated word counted each time. `gap_normalized` keeps only `^[A-Za-z]+$` words on both
  sides. None where no gold (or no such word) is left.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

__all__ = ["K_LIST", "WORD", "ShortListError", "gap", "gap_scores", "instance_gaps",
           "rank_candidates", "topk_metrics"]

#: The k of P@k, R@k and F1@k (LexSubGen's default `k_list`).
K_LIST: tuple[int, ...] = (1, 3, 10)
#: The words `gap_normalized` keeps (their WORD_PAT_RE).
WORD = re.compile(r"^[A-Za-z]+$")


class ShortListError(ValueError):
    """A prediction list shorter than k (LexSubGen's ValueError)."""

    def __init__(self, k: int, n: int) -> None:
        self.k = k
        self.n = n
        super().__init__(f"Couldn't take top {k} from {n} substitues")


def topk_metrics(gold: Sequence[str], predicted: Sequence[str],
                 k_list: Sequence[int] = K_LIST, pad: bool = False) -> dict[str, float]:
    """Return {`prec@k`, `rec@k`, `f1@k`} for each k.

    >>> topk_metrics(["a"], ["a"] * 10)["rec@10"]
    10.0

    Raises:
        ShortListError: fewer than k predictions (not with `pad`).
    """
    gold_set = set(gold)
    out: dict[str, float] = {}
    for k in k_list:
        if (k > len(predicted) and not pad) or k <= 0:
            raise ShortListError(k, len(predicted))
        hits = sum(1 for word in predicted[:k] if word in gold_set)
        precision = hits / k
        recall = hits / len(gold) if gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
        out[f"prec@{k}"] = precision
        out[f"rec@{k}"] = recall
        out[f"f1@{k}"] = f1
    return out


def rank_candidates(candidates: Sequence[str], scores: Mapping[str, float]) -> list[str]:
    """Return the candidates the scores know, best first, ties in candidate order.

    >>> rank_candidates(["a", "b", "c", "d"], {"c": 0.5, "b": 0.5, "a": 0.9})
    ['a', 'b', 'c']
    """
    known = [word for word in candidates if word in scores]
    return sorted(known, key=lambda word: -scores[word])  # stable: ties keep pool order


def gap(gold: Mapping[str, float], ranked: Sequence[str]) -> float:
    """Return GAP of a ranked list against {word: weight} (LexSubGen's `compute_gap`)."""
    denominator = 0.0
    cumulative = 0.0
    for rank, weight in enumerate(gold.values(), start=1):
        cumulative += weight
        denominator += cumulative / rank
    numerator = 0.0
    cumulative = 0.0
    for rank, word in enumerate(ranked, start=1):
        weight = gold.get(word, 0)
        if weight:
            cumulative += weight
            numerator += cumulative / rank
    return numerator / denominator


def instance_gaps(gold_map: Mapping[str, float], word_gold_map: Mapping[str, float],
                  candidates: Sequence[str], word_candidates: Sequence[str],
                  scores: Mapping[str, float]) -> tuple[float | None, float | None]:
    """Return (`gap`, `gap_normalized`) from prepared gold and pools (`gap_scores`' figures:
    ranking the filtered pool equals filtering the ranked pool, the sort being stable)."""
    plain = gap(gold_map, rank_candidates(candidates, scores)) if gold_map else None
    normalized = (gap(word_gold_map, rank_candidates(word_candidates, scores))
                  if word_gold_map else None)
    return plain, normalized


def gap_scores(gold: Sequence[str], weights: Sequence[float], ranked: Sequence[str]
               ) -> tuple[float | None, float | None]:
    """Return (`gap`, `gap_normalized`) of a ranked candidate list; None where no gold is left.

    >>> gap_scores(["a", "b"], [1.0, 3.0], ["b", "a"])
    (1.6666666666666667, 1.6666666666666667)
    """
    full = dict(zip(gold, weights, strict=True))
    words = {word: weight for word, weight in zip(gold, weights, strict=True) if WORD.match(word)}
    plain = gap(full, ranked) if full else None
    normalized = gap(words, [w for w in ranked if WORD.match(w)]) if words else None
    return plain, normalized
