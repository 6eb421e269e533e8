"""The SWORDS measures: precision, recall and F at k against conceivable and acceptable gold.

Mirrors `evaluate` of p-lambda/swords (swords/eval.py, commit 04ca753):

- the result is prepared as `preprocess_result_for_evaluation` does (`prepare_result`): each
  substitute lemmatised under the target's PoS, lower-cased and stripped; the target's own
  lemma dropped; duplicates merged to their highest score (the first of equals); the list
  sorted by score, highest first (stable);
- per evaluated target (`create_comparison_lists`), the gold is the substitutes whose TRUE
  ratio is ≥ 0.1 (*conceivable*, `c`) or ≥ 0.5 + 1e-4 (*acceptable*, `a`); the system list is
  all of the result's substitutes (*strict*) or only those among the target's labelled
  substitutes (*lenient*); a target the result does not list has an empty list;
- summed over targets (`pr_at_k`), with the top k of each list: P@k = Σ hits / Σ |top k|,
  R@k = Σ hits / Σ min(|gold|, k), Rs@k = Σ hits / Σ |gold|, F@k and Fs@k their harmonic
  means with P; and strict-conceivable P@1.

The original divides without a guard: when P and R are both 0 (no hit at all) F raises
`ZeroDivisionError`, as P does when no target has a substitute; it computes F@1 beside P@1,
so no hit in any first place stops it too. Those figures are reported here as 0.00 and named
in `undefined`, with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.scoring.ranking import gap
from lexsub_baselines.scoring.swords.gold import Lemmatiser, SwordsGold
from lexsub_baselines.scoring.swords.result import Ranked

__all__ = ["ACCEPTABLE", "CONCEIVABLE", "SETTINGS", "Comparison", "Metrics", "compare",
           "pooled_at_k", "pr_at_k", "prepare_result", "swords_gap", "swords_metrics"]

#: TRUE-ratio thresholds of the two gold sets (evaluate: d_threshold=0.1 and 0.5+1e-4).
CONCEIVABLE = 0.1
ACCEPTABLE = 0.5 + 1e-4
#: The settings in the order `evaluate` reports them: (prefix, gold threshold, lenient).
SETTINGS: tuple[tuple[str, float, bool], ...] = (
    ("lenient_a", ACCEPTABLE, True), ("lenient_c", CONCEIVABLE, True),
    ("strict_a", ACCEPTABLE, False), ("strict_c", CONCEIVABLE, False))
_PERCENT = 100.0


def prepare_result(substitutes: Mapping[str, Ranked], gold: SwordsGold,
                   lemmatise: Lemmatiser) -> dict[str, list[str]]:
    """Return target id -> substitute lemmas, best first, for the result's known targets."""
    prepared: dict[str, list[str]] = {}
    for target_id, ranked in substitutes.items():
        upos = gold.known.get(target_id)
        if upos is None:
            continue  # unknown target: counted and reported by the scorer
        target = gold.targets.get(target_id)
        target_lemma = target.lemma if target is not None else None
        best: dict[str, float] = {}
        for substitute, score in ranked:
            lemma = lemmatise(substitute, upos)
            if lemma == target_lemma:
                continue
            if lemma not in best or score > best[lemma]:
                best[lemma] = score
        prepared[target_id] = sorted(best, key=lambda lemma: -best[lemma])  # stable
    return prepared


@dataclass(frozen=True)
class Comparison:
    """One target's gold set and system list under one setting."""

    gold: frozenset[str]
    system: tuple[str, ...]


def compare(gold: SwordsGold, prepared: Mapping[str, list[str]], threshold: float,
            lenient: bool) -> Iterator[Comparison]:
    """Yield the comparison of every evaluated target (`create_comparison_lists`)."""
    for target in gold.targets.values():
        system = prepared.get(target.id, [])
        if lenient:
            labelled = target.weights("ratio")
            system = [s for s in system if s in labelled]
        yield Comparison(target.at_least(threshold), tuple(system))


@dataclass(frozen=True)
class Metrics:
    """The measures of one result.

    Attributes:
        values: metric name -> value in percent, in the order `evaluate` returns them.
        undefined: metric name -> why the original could not compute it (reported as 0.0).
    """

    values: dict[str, float]
    undefined: dict[str, str]


def _divide(numerator: float, denominator: float, name: str, undefined: dict[str, str],
            why: str) -> float:
    if denominator == 0:
        undefined.setdefault(name, why)
        return 0.0
    return numerator / denominator


def pr_at_k(comparisons: Sequence[Comparison], k: int, prefix: str,
            undefined: dict[str, str]) -> dict[str, float]:
    """Return F, Fs, P, R and Rs at k in percent (`pr_at_k`), keys `{prefix}_f@{k}` etc."""
    hits = p_den = r_den = rs_den = 0
    for comparison in comparisons:
        top = comparison.system[:k]
        hits += sum(1 for s in top if s in comparison.gold)
        p_den += len(top)
        r_den += min(len(comparison.gold), k)
        rs_den += len(comparison.gold)
    return pooled_at_k(hits, p_den, r_den, rs_den, k, prefix, undefined)


def pooled_at_k(hits: float, p_den: float, r_den: float, rs_den: float, k: int, prefix: str,
                undefined: dict[str, str]) -> dict[str, float]:
    """Return `pr_at_k`'s figures from its pooled sums: hits in the top k, Σ |top k|,
    Σ min(|gold|, k) and Σ |gold| (what the paired tests resample: `swords.contributions`)."""
    name = f"{prefix}_{{}}@{k}"
    empty = "no target has a substitute (P's denominator is 0)"
    nothing = "no hit: P and R are both 0, and F's denominator is their sum"
    p = _divide(hits, p_den, name.format("p"), undefined, empty)
    r = _divide(hits, r_den, name.format("r"), undefined, "no gold substitute")
    rs = _divide(hits, rs_den, name.format("rs"), undefined, "no gold substitute")
    f = _divide(2 * p * r, p + r, name.format("f"), undefined, nothing)
    fs = _divide(2 * p * rs, p + rs, name.format("fs"), undefined, nothing)
    return {name.format("f"): f * _PERCENT, name.format("fs"): fs * _PERCENT,
            name.format("p"): p * _PERCENT, name.format("r"): r * _PERCENT,
            name.format("rs"): rs * _PERCENT}


def swords_metrics(gold: SwordsGold, prepared: Mapping[str, list[str]], k: int = 10
                   ) -> Metrics:
    """Return every metric `evaluate` reports, under its names, in its order."""
    values: dict[str, float] = {}
    undefined: dict[str, str] = {}
    for prefix, threshold, lenient in SETTINGS:
        comparisons = list(compare(gold, prepared, threshold, lenient))
        values.update(pr_at_k(comparisons, k, prefix, undefined))
    at_one: dict[str, str] = {}
    strict_c = list(compare(gold, prepared, CONCEIVABLE, False))
    values["strict_c_p@1"] = pr_at_k(strict_c, 1, "strict_c", at_one)["strict_c_p@1"]
    if at_one:  # the original stops on any of them, F@1 included, though it reports P@1 only
        undefined["strict_c_p@1"] = at_one.get("strict_c_p@1") or (
            "no first substitute is a hit, and F@1, computed beside P@1, divides by P + R = 0")
    return Metrics(values, undefined)


def swords_gap(gold: SwordsGold, prepared: Mapping[str, list[str]]
               ) -> tuple[dict[str, float], int, dict[str, str]]:
    """Return GAP with TRUE-count weights (`gap`) and TRUE-ratio weights (`gap_rat`), percent.

    As `evaluate_gap` (swords/eval.py) computes them with the benchmark's GAP asset (Melamud
    et al.'s `GeneralizedAveragePrecision.calc`), over the whole prepared list of each
    evaluated target (an unlisted target scores 0): the mean over every evaluated target,
    where a target whose gold weighs nothing scores -1 (`calc`'s `gap = -1` when its
    denominator is 0) and still counts. Its assert then wants the mean in [0, 1]: `gap`'s
    failure stops the original (its first call has no `try`), `gap_rat`'s leaves it `None`;
    either is reported as 0.00 and named in the returned `undefined`. Returns the values,
    the count of targets whose gold weighs nothing, and `undefined`.
    """
    values: dict[str, float] = {}
    undefined: dict[str, str] = {}
    weightless = 0
    for name, aggregate in (("gap", "total"), ("gap_rat", "ratio")):
        scores = []
        for target in gold.targets.values():
            value = gap(prepared.get(target.id, []), target.weights(aggregate))
            weightless += value is None and aggregate == "total"
            scores.append(-1.0 if value is None else value)
        mean = sum(scores) / len(scores) if scores else float("nan")
        if not 0.0 <= mean <= 1.0:  # evaluate_gap: assert gap >= 0 and gap <= 1
            undefined[name] = (f"the mean GAP {mean:.4f} is outside [0, 1] ({weightless} "
                               "targets whose gold weighs nothing count -1), and the "
                               "original asserts it is inside")
            mean = 0.0
        values[name] = _PERCENT * mean
    return values, weightless, undefined
