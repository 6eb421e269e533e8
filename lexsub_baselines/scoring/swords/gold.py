"""The SWORDS gold as the benchmark's evaluation prepares it, and the lemmatiser it uses.

`build_gold` mirrors `preprocess_dataset_for_evaluation` (p-lambda/swords, swords/eval.py):
every substitute and its target are lemmatised (`Lemmatiser`), lower-cased and stripped; a
substitute whose lemma is the target's lemma is dropped; substitutes with the same lemma are
merged, their labels pooled in file order; UNSURE labels are dropped, and a substitute left
with no label is dropped. A target with no substitute left is not evaluated at all (it is not
in the evaluation's dataset), so it counts in no denominator.

`Lemmatiser` is swords/lemma.py's `lemmatize` with its `nltk` strategy: NLTK's
`WordNetLemmatizer.lemmatize` under the target's PoS (NOUN n, VERB v, ADJ a, ADV r, anything
else n), then `.lower().strip()`. The authors pin `nltk==3.5`, whose morphy applies its
suffix rules repeatedly; the scorer gives it `resources.morphy`'s `nltk-3.5-morphy` over the
WordNet 3.0 files (Debian's; the authors' NLTK data holds the same database), so the figures
do not depend on the NLTK installed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from lexsub_baselines.datasets.swords import POSITIVE_LABELS, UD_POS, SwordsData

__all__ = ["GoldTarget", "Lemmatiser", "SwordsGold", "build_gold"]


class WordNetLemmatize(Protocol):
    """What the lemmatiser needs of a WordNet: `lemmatize(word, pos)` (`resources.morphy`)."""

    def lemmatize(self, word: str, pos: str) -> str:
        """Return the shortest base form of `word` under `pos`, or `word`."""
        ...


class Lemmatiser:
    """The benchmark's lemmatisation, memoised per (word, UD tag).

    Arguments:
        wordnet: a morphy with NLTK's `lemmatize` (`resources.morphy.Morphy`).
        name: how the signature names it (`nltk-3.5-morphy:wordnet-3.0`).
    """

    def __init__(self, wordnet: WordNetLemmatize, name: str) -> None:
        self.wordnet = wordnet
        self.name = name
        self._memo: dict[tuple[str, str], str] = {}

    def __call__(self, word: str, upos: str) -> str:
        """Return the lower-cased, stripped lemma of `word` as the evaluation computes it."""
        key = (word, upos)
        found = self._memo.get(key)
        if found is None:
            # swords/lemma.py: {VERB: v, NOUN: n, ADJ: a, ADV: r}.get(target_pos, 'n')
            found = self._memo[key] = self.wordnet.lemmatize(
                word, UD_POS.get(upos, "n")).lower().strip()
        return found


@dataclass(frozen=True)
class GoldTarget:
    """One evaluated target: its lemma and its substitutes' labels after preprocessing.

    Attributes:
        id: the target id.
        upos: the target's UD tag (by it the result's substitutes are lemmatised).
        lemma: the target's lemma (result substitutes with this lemma are dropped).
        substitutes: (substitute lemma, labels without UNSURE), in order of first appearance.
    """

    id: str
    upos: str
    lemma: str
    substitutes: tuple[tuple[str, tuple[str, ...]], ...]
    _weights: dict[str, dict[str, float]] = field(init=False, repr=False, compare=False)
    _sets: dict[float, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        totals: dict[str, float] = {}
        ratios: dict[str, float] = {}
        for substitute, labels in self.substitutes:
            positive = sum(label in POSITIVE_LABELS for label in labels)
            totals[substitute] = float(positive)
            ratios[substitute] = positive / len(labels)  # create_comparison_lists' `rat`
        object.__setattr__(self, "_weights", {"total": totals, "ratio": ratios})
        object.__setattr__(self, "_sets", {})

    def weights(self, aggregate: str) -> dict[str, float]:
        """Return each substitute's TRUE count (`total`) or TRUE ratio (`ratio`); read-only."""
        return self._weights[aggregate]

    def at_least(self, threshold: float) -> frozenset[str]:
        """Return the substitutes whose TRUE ratio is at least `threshold` (memoised)."""
        found = self._sets.get(threshold)
        if found is None:
            found = self._sets[threshold] = frozenset(
                s for s, ratio in self._weights["ratio"].items() if ratio >= threshold)
        return found


@dataclass(frozen=True)
class SwordsGold:
    """The prepared gold of one SWORDS file.

    Attributes:
        label: how signatures name it (`swords-test#f94b6b73`).
        targets: the evaluated targets, by id, in order of first appearance.
        known: every target id of the file (evaluated or not) -> its UD tag.
        dropped_targets: targets of the file left with no substitute (not evaluated).
        redundant: substitutes dropped as the target's own lemma.
        merged: substitutes merged into an earlier one with the same lemma.
    """

    label: str
    targets: dict[str, GoldTarget]
    known: dict[str, str]
    dropped_targets: int
    redundant: int
    merged: int

    def restricted(self, ids: frozenset[str]) -> SwordsGold:
        """Return the gold of the targets in `ids` only."""
        return SwordsGold(self.label, {i: t for i, t in self.targets.items() if i in ids},
                          {i: p for i, p in self.known.items() if i in ids},
                          self.dropped_targets, self.redundant, self.merged)


def build_gold(data: SwordsData, lemmatise: Lemmatiser, label: str) -> SwordsGold:
    """Return the gold of `data` prepared as the benchmark's evaluation prepares it."""
    targets = {t.id: t for t in data.targets}
    lemmas: dict[str, str] = {}
    labels: dict[str, dict[str, list[str]]] = {}  # target -> substitute lemma -> labels
    redundant = merged = 0
    for substitute in data.substitutes:  # file order, as all_substitute_ids() gives them
        target = targets[substitute.target_id]
        if target.id not in lemmas:
            lemmas[target.id] = lemmatise(target.target, target.upos)
        lemma = lemmatise(substitute.substitute, target.upos)
        if lemma == lemmas[target.id]:
            redundant += 1
            continue
        pooled = labels.setdefault(target.id, {})
        merged += lemma in pooled
        pooled.setdefault(lemma, []).extend(substitute.labels)
    prepared: dict[str, GoldTarget] = {}
    for target_id, pooled in labels.items():
        kept = tuple((lemma, tuple(label for label in found if label != "UNSURE"))
                     for lemma, found in pooled.items())
        kept = tuple((lemma, found) for lemma, found in kept if found)
        if kept:
            prepared[target_id] = GoldTarget(target_id, targets[target_id].upos,
                                             lemmas[target_id], kept)
    return SwordsGold(label, prepared, {t.id: t.upos for t in data.targets},
                      len(targets) - len(prepared), redundant, merged)
