"""The explorer's SWORDS datasets: each target in its paragraph, its labelled substitutes with
their TRUE ratios, and each system's top 10 marked acceptable, conceivable or neither.

What a system answered is shown as the benchmark's evaluation reads it (`SwordsScorer.prepared`:
lemmatised, the target's own lemma dropped, duplicates merged), so a mark is exactly what the
strict measures count: an answer is *acceptable* when the annotators' TRUE ratio of that
substitute is above 0.5, *conceivable* when it is at least 0.1, else (or when nobody was asked
about it) *neither*. An item holds its gold as [substitute, TRUE labels, labels] (UNSURE
labels left out, as the evaluation does), the words systems gave that are not in the gold
(`extra`), and per system the indices of its top 10 into gold + extra.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lexsub_baselines.analysis.first_answer import top_bits
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.swords import POSITIVE_LABELS, read_swords
from lexsub_baselines.scoring import Scorer, SwordsScorer
from lexsub_baselines.scoring.swords import ACCEPTABLE, CONCEIVABLE

__all__ = ["SWORDS_FIELDS", "TOP", "swords_dataset"]

#: The fields of a SWORDS item, in order (for the page's script and the tests).
SWORDS_FIELDS = ("id", "lexelt", "left", "target", "right", "gold", "extra", "answers", "top")
#: How many of a system's substitutes an item shows (the measures' k).
TOP = 10


def swords_dataset(name: str, runs: Mapping[str, Path], systems: Sequence[str],
                   roots: Roots) -> dict[str, Any]:
    """Return the explorer data of SWORDS dataset `name` for the results `runs` ({system: file}).

    Arguments:
        name: `swords-dev` or `swords-test`.
        runs: each system's recorded result file.
        systems: every system of the explorer, in its order (columns are indices into it).
        roots: where the dataset and the WordNet cache are.
    """
    dataset = load_dataset(name, roots)
    scorer = Scorer(dataset, roots=roots)
    if not isinstance(scorer, SwordsScorer):  # pragma: no cover - a SWORDS dataset
        raise TypeError(name)
    data = read_swords(dataset.read("gold"), str(dataset.path("gold")))
    present = [s for s in systems if s in runs]
    prepared = [scorer.prepared(runs[s]) for s in present]
    lexelts: dict[str, int] = {}
    items = []
    instances = dataset.instances()  # the first N targets on a sample (core.profile)
    for target, instance in zip(data.targets[:len(instances)], instances, strict=True):
        lexelt = lexelts.setdefault(instance.lexelt, len(lexelts))
        gold = scorer.swords_gold.targets.get(target.id)
        counted = [(lemma, sum(label in POSITIVE_LABELS for label in labels), len(labels))
                   for lemma, labels in (gold.substitutes if gold is not None else ())]
        counted.sort(key=lambda entry: -entry[1] / entry[2])  # stable: ties in file order
        entries: list[list[Any]] = [list(entry) for entry in counted]
        index = {entry[0]: n for n, entry in enumerate(entries)}
        extra: list[str] = []
        answers = []
        for lists in prepared:
            chosen = []
            for lemma in lists.get(target.id, [])[:TOP]:
                if lemma not in index:
                    index[lemma] = len(entries) + len(extra)
                    extra.append(lemma)
                chosen.append(index[lemma])
            answers.append(chosen)
        context = data.context(target)
        end = target.offset + len(target.target)
        # the gold's first answer: the highest TRUE ratio (ties too), as the gold is sorted
        ratios = [true / labels for _, true, labels in counted]
        tops = {n for n, ratio in enumerate(ratios) if ratio == max(ratios) and ratio > 0}
        items.append([target.id, lexelt, context[:target.offset], context[target.offset:end],
                      context[end:], entries, extra, answers,
                      [top_bits([chosen[:1], chosen], tops) for chosen in answers]])
    return {"name": name, "kind": "swords", "profile": "swords-eval-04ca753",
            "systems": [systems.index(s) for s in present],
            "thresholds": {"acceptable": ACCEPTABLE, "conceivable": CONCEIVABLE},
            "lexelts": [[lexelt, lexelt.rpartition(".")[2], [], 1] for lexelt in lexelts],
            "items": items}
