"""A released WordTune output as ranked substitutes per instance of ours, ready to be written.

`wordtune_answers` reads one WordTune file (`datasets.field_outputs`), finds the instance of
ours each target answers (SWORDS test by its id; SemEval-2007 test and CoInCo by the SWORDS
ids recomputed from their context texts, `datasets.field_match`) and returns, per instance,
WordTune's suggestions best first with their scores:

- on SWORDS, as WordTune gave them (word forms): the benchmark's evaluation lemmatises them
  itself, as it lemmatised them for its authors;
- on SemEval-2007 and CoInCo, whose protocols compare strings with lemmatised gold ("systems
  should ensure that all their answers are provided in lemmatised form", the task's
  documentation), each suggestion lemmatised as the SWORDS evaluation lemmatises WordTune's
  (`nltk-3.5-morphy` over WordNet 3.0, under the target's PoS), lower-cased; a suggestion
  whose lemma is the target's own or repeats an earlier one is dropped (the SWORDS evaluation
  drops both too).

A target WordTune returned nothing for (`drilldown` null) answers its instance with an empty
list: WordTune was asked and gave nothing, which the protocols score as an unattempted or
empty instance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_match import (
    NO_ID,
    NO_SENTENCE,
    TAKEN,
    match_targets,
)
from lexsub_baselines.datasets.field_outputs import FieldOutput, field_file, read_wordtune
from lexsub_baselines.datasets.types import Instance

__all__ = ["LEMMATISER", "ReleasedLists", "lemmatised", "lemmatiser", "under",
           "wordtune_answers"]

#: How SemEval-2007 and CoInCo answers are lemmatised (the SWORDS evaluation's lemmatiser).
LEMMATISER = "nltk-3.5-morphy"
Ranked = tuple[tuple[str, float], ...]
#: Why a target of the file answers no instance of ours, in the words the tables use.
_WHY = {NO_SENTENCE: "its context holds no sentence of ours",
        NO_ID: "its target word is not one of ours in that sentence",
        TAKEN: "its sentence's only instance answers an identical earlier target"}


@dataclass(frozen=True)
class ReleasedLists:
    """One released file's substitutes by instance of ours, and how it was matched.

    Attributes:
        dataset: the dataset whose instances are answered.
        lists: instance id -> (substitute, score), best first (dataset order; an instance
            WordTune gave nothing for has an empty list).
        targets: how many targets the file holds.
        instances: how many instances the dataset has (the matched are `len(lists)`).
        unanswered: matched instances WordTune gave no suggestion for (it returned nothing,
            or an empty list).
        unmatched: why targets of the file answer no instance of ours -> how many.
        how: how the lists were made (the row's `released.lists`).
    """

    dataset: str
    lists: Mapping[str, Ranked]
    targets: int
    instances: int
    unanswered: int
    unmatched: Mapping[str, int] = field(default_factory=dict)
    how: str = ""

    def summary(self) -> str:
        """Return one sentence: matched of instances, of targets, and why not the rest."""
        left = sum(self.unmatched.values())
        why = "; ".join(f"{n} {reason}" for reason, n in self.unmatched.items())
        rest = f"; {left:,} targets match no instance: {why}" if left else ""
        return (f"{len(self.lists):,} of {self.instances:,} instances of {self.dataset} "
                f"matched among {self.targets:,} released targets ({self.unanswered:,} of them "
                f"without a suggestion from WordTune){rest}")


def lemmatised(ranked: Ranked, target: str, lemmatise: Callable[[str], str]) -> Ranked:
    """Return `ranked` lemmatised: each lemma once (its first, best place), the target's
    own lemma and empty lemmas dropped.

    >>> lemmatised((("Cars", 2.0), ("car", 1.5), ("auto", 1.0)), "automobile", str.lower)
    (('cars', 2.0), ('car', 1.5), ('auto', 1.0))
    """
    own = lemmatise(target)
    kept: dict[str, float] = {}
    for word, score in ranked:
        lemma = lemmatise(word)
        if lemma and lemma != own and lemma not in kept:
            kept[lemma] = score
    return tuple(kept.items())


def lemmatiser(roots: Roots) -> Callable[[str, str], str]:
    """Return `LEMMATISER` as a (word, PoS) -> lower-cased lemma function, memoised."""
    from lexsub_baselines.resources.morphy import load_morphy

    morphy = load_morphy(LEMMATISER, roots=roots)
    memo: dict[tuple[str, str], str] = {}

    def lemmatise(word: str, pos: str) -> str:
        key = (word, pos)
        if key not in memo:
            memo[key] = morphy.lemmatize(word.strip(), pos or "n").lower().strip()
        return memo[key]

    return lemmatise


def under(lemmatise: Callable[[str, str], str], pos: str) -> Callable[[str], str]:
    """Return `lemmatise` under one PoS."""
    return lambda word: lemmatise(word, pos)


def wordtune_answers(output: FieldOutput, roots: Roots) -> ReleasedLists:
    """Return the substitutes of a released WordTune file per instance of its dataset.

    Raises:
        MissingResourceError: the file, the dataset's data or WordNet is absent.
        InputMismatchError: the file is not the one the manifest records.
        DataFormatError: the file is malformed.
    """
    targets = read_wordtune(field_file(output, roots))
    dataset = load_dataset(output.dataset, roots)
    instances = dataset.instances()
    if dataset.spec.format == "swords":  # keyed by the benchmark's own ids
        lists = {i.id: targets[i.id].substitutes for i in instances if i.id in targets}
        unanswered = sum(1 for ranked in lists.values() if not ranked)
        return ReleasedLists(dataset.name, lists, len(targets), len(instances), unanswered,
                             {}, "WordTune's word forms, by score (the evaluation lemmatises)")
    matching = match_targets({t.id: t.context for t in targets.values()}, instances)
    lemmatise = lemmatiser(roots)
    by_id: dict[str, Instance] = {i.id: i for i in instances}
    lists = {}
    for instance_id, target_id in matching.pairs.items():
        instance = by_id[instance_id]
        lists[instance_id] = lemmatised(targets[target_id].substitutes, instance.lemma,
                                        under(lemmatise, instance.pos))
    unanswered = sum(1 for t in matching.pairs.values() if not targets[t].substitutes)
    return ReleasedLists(dataset.name, lists, len(targets), len(instances), unanswered,
                         {_WHY[r]: n for r, n in matching.reasons().items()},
                         f"matched by the SWORDS target ids recomputed from their contexts; "
                         f"WordTune's suggestions by score, lemmatised ({LEMMATISER}, WordNet "
                         "3.0, the target's PoS), lower-cased, the target's own lemma and "
                         "repeats dropped")
