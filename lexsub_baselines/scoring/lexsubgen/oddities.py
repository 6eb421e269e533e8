"""What a LexSubGen-protocol result does that the protocol scores without a word: notes.

LexSubGen's metrics are reproduced as they are (`metrics`), quirks included, so a result that
leans on a quirk gets the figure LexSubGen would print, and a note saying what it measured:

- a word listed twice in the first 10 is a hit each time (`prec@k`, `rec@k` count it again:
  R@10 can pass 100);
- a list whose words all have one score leaves GAP's ranking of the lemma's pool to its ties,
  broken alphabetically: GAP then reads the alphabet, not the list's order;
- words without scores are scored by their place (their order ranks the pool for GAP).

Notes, not refusals: the figures are LexSubGen's own, as a published row made so has them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from lexsub_baselines.scoring.lexsubgen.metrics import K_LIST
from lexsub_baselines.scoring.lexsubgen.result import LsgPrediction

__all__ = ["oddity_notes"]


def oddity_notes(path: str, predictions: Mapping[str, LsgPrediction],
                 scored: Collection[str]) -> list[str]:
    """Return one note per oddity of the lists of the instances `scored` (ids), in order.

    >>> notes = oddity_notes("r.json", {"1": LsgPrediction(("a", "a", "b"),
    ...                      {"a": 1.0, "b": 1.0})}, {"1"})
    >>> [note.split(": ")[1][:30] for note in notes]
    ['1 instances list a word more t', '1 instances give every word of']
    """
    top = max(K_LIST)
    repeated: list[tuple[str, str, int]] = []
    constant: list[str] = []
    unscored: list[str] = []
    for instance, prediction in predictions.items():
        if instance not in scored:
            continue
        word, times = (Counter(prediction.words[:top]).most_common(1) or [("", 0)])[0]
        if times > 1:
            repeated.append((instance, word, times))
        if prediction.unscored:
            unscored.append(instance)
        elif len(prediction.scores) > 1 and len(set(prediction.scores.values())) == 1:
            constant.append(instance)
    notes = []
    if repeated:
        instance, word, times = repeated[0]
        notes.append(f"{path}: {len(repeated)} instances list a word more than once in their "
                     f"first {top} (first: {instance}, `{word}` {times} times): LexSubGen counts "
                     "a repeated word as a hit each time, so P@k and R@k count it again (R@10 "
                     "can pass 100); list each word once")
    if constant:
        notes.append(f"{path}: {len(constant)} instances give every word of their list the same "
                     f"score (first: {constant[0]}): GAP ranks the lemma's pool by the scores, "
                     "ties in alphabetical order, so their GAP reads the alphabet, not the "
                     "list's order; give scores that fall with the rank (or bare words, scored "
                     "by their place)")
    if unscored and path != "<memory>":
        notes.append(f"{path}: {len(unscored)} instances list words without scores (first: "
                     f"{unscored[0]}): each is scored by its place, so the list's order ranks "
                     "the lemma's pool for GAP")
    return notes
