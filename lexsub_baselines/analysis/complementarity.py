"""Complementarity: which instances a released output solves that no baseline does, and back.

On each benchmark a system *solves* an instance when its first substitute is a gold one, as
the protocol's first-place measure counts it (`SOLVES`): the official SemEval-2007 scorer
credits its best answer; SWORDS's evaluation finds its first substitute (lemmatised, the
target's own lemma dropped) conceivable, a strict-c P@1 hit; LexSubGen's protocol finds it
in the gold, a P@1 hit; TSAR-2022's evaluation finds it among the annotators' substitutes,
an ACC@1 hit; ProLex's finds it among the acceptable substitutes, an acc P@1 hit.
`complementarity` counts, over the instances the released output answers: what
it solves, what the baselines' union solves, what it alone solves (no baseline does), what
only the baselines solve, both, neither, and the best single baseline.

`solved_sets` reads the answer files `runs.json` vouches for (`inputs.discover_runs`) and
judges each instance with the scorer's own gold: a released output (`released:...`) against
every other row of the benchmark (ours, `+fill` and `+simpler` variants included).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.analysis.inputs import discover_runs
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.tables.released import is_released

__all__ = ["BENCHMARKS", "SOLVES", "Complementarity", "complementarity", "solved_sets"]

#: Where a released output is set against the baselines: dataset -> (answer kind, protocol).
BENCHMARKS: dict[str, tuple[str, str]] = {
    "semeval2007-test": ("best", "semeval"), "swords-test": ("lsr", "swords"),
    "semeval2007-trial": ("best", "semeval"), "swords-dev": ("lsr", "swords"),
    "coinco-test": ("best", "semeval"), "prolex-dev": ("prolex", "prolex"),
    "prolex-test": ("prolex", "prolex"),
    "semeval2007-all": ("lexsubgen", "lexsubgen"), "coinco-all": ("lexsubgen", "lexsubgen"),
    "tsar2022-en-test": ("tsar2022", "tsar"), "tsar2022-es-test": ("tsar2022", "tsar"),
    "tsar2022-pt-test": ("tsar2022", "tsar")}
#: What "solves" means under each protocol (shown with the table).
SOLVES: dict[str, str] = {
    "semeval": "its best answer earns credit (the official scorer: a gold substitute)",
    "swords": "its first substitute, as the evaluation reads it, is conceivable (strict-c P@1)",
    "lexsubgen": "its first substitute is in the gold (LexSubGen's P@1)",
    "tsar": "its first substitute is an annotator's (tsar_eval.py's ACC@1)",
    "prolex": "its first substitute is an acceptable one (evaluate.py's acc P@1)"}


@dataclass(frozen=True)
class Complementarity:
    """A released output against the baselines' union on one benchmark.

    Attributes:
        dataset: the benchmark's dataset.
        released: the released output's row.
        baselines: the rows it is set against.
        instances: the instances counted (those the released output answers, scored).
        solves: how many the released output solves.
        union: how many at least one baseline solves.
        only_released: solved by the released output and by no baseline.
        only_baselines: solved by a baseline and not by the released output.
        both: solved by both; `neither`: by none.
        best: the baseline that solves the most (first by name among ties), and how many.
    """

    dataset: str
    released: str
    baselines: tuple[str, ...]
    instances: int
    solves: int
    union: int
    only_released: int
    only_baselines: int
    both: int
    neither: int
    best: tuple[str, int]


def complementarity(dataset: str, solved: Mapping[str, Collection[str]], released: str,
                    instances: Collection[str]) -> Complementarity:
    """Count how `released` and the other systems of `solved` complement each other.

    Arguments:
        dataset: the benchmark's dataset (for the record).
        solved: system -> the instances it solves.
        released: the released output's row (a key of `solved`).
        instances: the instances counted; what lies outside is ignored.

    >>> found = complementarity("d", {"r": {"1", "2"}, "a": {"2", "3"}, "b": {"3"}}, "r",
    ...                         {"1", "2", "3", "4"})
    >>> found.only_released, found.only_baselines, found.both, found.neither, found.best
    (1, 1, 1, 1, ('a', 2))
    """
    universe = frozenset(instances)
    ours = frozenset(solved[released]) & universe
    baselines = tuple(sorted(s for s in solved if s != released))
    union: frozenset[str] = frozenset().union(*(frozenset(solved[s]) & universe
                                                for s in baselines))
    counts = {s: len(frozenset(solved[s]) & universe) for s in baselines}
    best = min(baselines, key=lambda s: (-counts[s], s), default="")
    return Complementarity(dataset, released, baselines, len(universe), len(ours), len(union),
                           len(ours - union), len(union - ours), len(ours & union),
                           len(universe - ours - union), (best, counts.get(best, 0)))


def _semeval(dataset: str, files: Mapping[str, Path], roots: Roots
             ) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    from lexsub_baselines.datasets.catalog import load_dataset
    from lexsub_baselines.scoring import Scorer

    scorer = Scorer(load_dataset(dataset, roots))
    solved = {s: frozenset(i for i, c in scorer.item_credits(p, "best").credit.items() if c > 0)
              for s, p in files.items()}
    return solved, frozenset(scorer.gold().items)


def _swords(dataset: str, files: Mapping[str, Path], roots: Roots
            ) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    from lexsub_baselines.scoring import Scorer, SwordsScorer
    from lexsub_baselines.scoring.swords import CONCEIVABLE

    scorer = Scorer(dataset, roots=roots)
    if not isinstance(scorer, SwordsScorer):  # pragma: no cover - a SWORDS dataset
        raise TypeError(dataset)
    gold = scorer.swords_gold.targets
    solved = {}
    for system, path in files.items():
        prepared = scorer.prepared(path)
        solved[system] = frozenset(t for t, lemmas in prepared.items() if lemmas and t in gold
                                   and lemmas[0] in gold[t].at_least(CONCEIVABLE))
    return solved, frozenset(gold)


def _lexsubgen(dataset: str, files: Mapping[str, Path], released: str, roots: Roots
               ) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    from lexsub_baselines.runs.scorers import LexSubGenGolds
    from lexsub_baselines.scoring.lexsubgen import read_lsg_result

    results = {s: read_lsg_result(p).predictions for s, p in files.items()}
    scorer = LexSubGenGolds(roots).scorer(dataset, "lexsubgen-padded", list(results[released]))
    solved = {}
    for system, predictions in results.items():
        hits = set()
        for instance in scorer.data.instances:
            prediction = predictions.get(instance.id)
            if prediction is not None and prediction.words and \
                    prediction.words[0] in set(instance.gold):
                hits.add(instance.id)
        solved[system] = frozenset(hits)
    return solved, frozenset(i.id for i in scorer.data.instances)


def _tsar(dataset: str, files: Mapping[str, Path], roots: Roots
          ) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    from lexsub_baselines.datasets.catalog import load_dataset
    from lexsub_baselines.scoring.tsar import TsarScorer

    scorer = TsarScorer(load_dataset(dataset, roots))
    solved = {}
    for system, path in files.items():
        by_key = scorer.result(path).by_key
        solved[system] = frozenset(key for key, p in by_key.items() if key in scorer.tsar_gold
                                   and p.labels and p.labels[0] in scorer.tsar_gold[key].gold)
    return solved, frozenset(scorer.tsar_gold)


def _prolex(dataset: str, files: Mapping[str, Path], roots: Roots
            ) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    from lexsub_baselines.scoring.prolex import ProlexScorer

    scorer = ProlexScorer(dataset, roots=roots)
    solved = {}
    for system, path in files.items():
        lists = scorer.result(path).lists
        solved[system] = frozenset(i for i, row in scorer.rows.items()
                                   if lists[i] and lists[i][0] in row.aspect("acc"))
    return solved, frozenset(i for i, row in scorer.rows.items() if row.aspect("acc"))


def solved_sets(results: Path, roots: Roots) -> list[Complementarity]:
    """Return each released output against the baselines on every benchmark of `results`
    where both have vouched answer files (`BENCHMARKS` order, then the released rows')."""
    runs = discover_runs(results, tuple(dict.fromkeys(k for k, _ in BENCHMARKS.values())))
    found = []
    for dataset, (kind, protocol) in BENCHMARKS.items():
        files = {s: kinds[kind] for s, kinds in runs.get(dataset, {}).items() if kind in kinds}
        released = [s for s in files if is_released(s)]
        others = {s: p for s, p in files.items() if not is_released(s)}
        if not released or not others:
            continue
        if protocol != "lexsubgen":  # every file scored once; the universe is the gold's
            every, universe = {"semeval": _semeval, "swords": _swords, "tsar": _tsar,
                               "prolex": _prolex}[protocol](dataset, files, roots)
        for name in released:
            if protocol == "lexsubgen":  # its scorer is made for the released output's ids
                solved, universe = _lexsubgen(dataset, {**others, name: files[name]}, name,
                                              roots)
            else:
                solved = {s: every[s] for s in (*others, name)}
            found.append(complementarity(dataset, solved, name, universe))
    return found
