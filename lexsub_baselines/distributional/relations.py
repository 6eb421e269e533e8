"""Grammatical-relation features of content words in a parsed spaCy `Doc`.

This mirrors the feature set of McCarthy & Navigli (2007, 2009), who built their thesauri from
RASP grammatical relations of the written BNC; here the relations are read from the Universal
Dependencies labels of the project's EWT-trained parser. Target words are lemmas with PoS
n/v/a/r mapped from UPOS (NOUN→n, VERB→v, ADJ→a, ADV→r). Features are (relation, other lemma),
the relation name saying which side the target is on:

| target | feature          | UD source                                                         |
|--------|------------------|-------------------------------------------------------------------|
| n      | `obj_of` V       | obj(V, n); also nsubj:pass(V, n) — the passive subject is the     |
|        |                  | logical object, as RASP marks it (`ncsubj V n obj`)               |
| n      | `subj_of` V      | nsubj(V, n), V a VERB (copular "X is cold" has no verb: skipped)  |
| n      | `amod` A         | amod(n, A)                                                        |
| n      | `pred` A         | nsubj(A, n), A an ADJ: the reverse of `pred_of`                   |
| n      | `nn` N           | compound(n, N): a noun modifier, "beer" in "beer bottle"          |
| n      | `nmod:P` N       | nmod(n, N) with preposition P ("bottle of beer": `nmod:of` beer); |
|        |                  | nmod:poss(n, N) gives `nmod:poss` ("the company's profit")        |
| v      | `obj` N          | obj(v, N) and nsubj:pass(v, N)                                    |
| v      | `subj` N         | nsubj(v, N)                                                       |
| a      | `amod_of` N      | amod(N, a)                                                        |
| a      | `pred_of` N      | nsubj(a, N): the predicative adjective of a copula, "the pain    |
|        |                  | was acute" (UD makes the adjective the head; RASP's xcomp of be)  |
| a      | `advmod` R       | advmod(a, R)                                                      |
| r      | `advmod_of_a` A  | advmod(A, r), the head an adjective                               |
| r      | `advmod_of_v` V  | advmod(V, r), the head a verb                                     |

Adjectives the tagger calls nouns. The parser learnt its lexicon from EWT's ~200k words, so
an adjective it has not seen there is often tagged NOUN: "two acute/NN angles" (compound),
"the competition was stiff/NN" (a nominal predicate). Where the word is an adjective by a
tagged corpus lexicon — at least `ADJECTIVE_RATIO` times more frequent as adjective than as noun
in Kilgarriff's BNC lemma list (CLAWS-tagged), as acute, stiff and tender are — a NOUN in
either position is read as ADJ: `compound` as `amod`, the predicate as a predicative adjective.
This stands in for the lexicon RASP's tagger brought to the original BNC thesauri. Nouns in
noun positions (subject, object, ...) are left alone.

Both words of a relation must be in the four classes above: proper nouns (PROPN), pronouns,
numbers and auxiliaries are neither targets nor features (substitution targets and their gold
substitutes are common words, and a pronoun subject says nothing about the verb). Agents of
passives (obl:agent) and clausal subjects are not counted, as in the design's feature list.
Lemmas are lower-cased; a lemma without a letter, or with white space, is skipped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from lexsub_baselines.core.pos import POS_OF_UPOS  # the UPOS tags that are targets and features

__all__ = ["ADJECTIVE_RATIO", "POS_OF_UPOS", "RELATIONS", "GrTriple",
           "adjective_lexicon", "count_relations", "extract_relations"]

#: A word is read as an adjective where the tagger says NOUN (in a modifier or predicate
#: position) when the BNC list has it at least this many times more often as adjective.
ADJECTIVE_RATIO = 10

#: Every relation name a feature can carry (`nmod:P` stands for one per preposition).
RELATIONS: tuple[str, ...] = (
    "obj_of", "subj_of", "amod", "pred", "nn", "nmod:P", "obj", "subj", "amod_of", "pred_of",
    "advmod", "advmod_of_a", "advmod_of_v",
)


class GrTriple(NamedTuple):
    """One feature occurrence: target (lemma, pos) takes part in `relation` with `other`."""

    lemma: str
    pos: str
    relation: str
    other: str


def _lemma(token: Any) -> str | None:
    lemma: str = token.lemma_.lower()
    if not lemma or any(ch.isspace() for ch in lemma) or not any(ch.isalpha() for ch in lemma):
        return None
    return lemma


def _case(token: Any) -> str:
    """Return the preposition of a nominal modifier (its `case` child), or "" when none."""
    for child in token.children:
        if child.dep_ == "case":
            word: str = child.lemma_.lower() or child.lower_
            return word
    return ""


def adjective_lexicon(counts: Mapping[tuple[str, str], float],
                      ratio: float = ADJECTIVE_RATIO) -> frozenset[str]:
    """Return the lemmas at least `ratio` times more frequent as adjective than as noun.

    Arguments:
        counts: (lemma, pos) -> frequency, pos in n/v/a/r (Kilgarriff's BNC list).

    >>> sorted(adjective_lexicon({("acute", "a"): 2294, ("key", "a"): 7679, ("key", "n"): 6922}))
    ['acute']
    """
    return frozenset(lemma for (lemma, pos), count in counts.items()
                     if pos == "a" and count > 0 and count >= ratio * counts.get((lemma, "n"), 0))


def _is_predicate(token: Any) -> bool:
    return any(child.dep_ == "cop" for child in token.children)


def _pos(token: Any, lemma: str, adjectives: frozenset[str]) -> str | None:
    """Return the token's n/v/a/r class, reading a NOUN as ADJ where the module doc says."""
    pos = POS_OF_UPOS.get(token.pos_)
    if pos == "n" and lemma in adjectives and (
            token.dep_ in ("compound", "amod") or _is_predicate(token)):
        return "a"
    return pos


def extract_relations(doc: Any, adjectives: frozenset[str] = frozenset()
                      ) -> Iterator[GrTriple]:
    """Yield the grammatical-relation features of every content word in a parsed `Doc`.

    Each dependency arc between two content words gives zero, one or two triples (one per
    direction the design lists), in token order.

    Arguments:
        doc: the parsed Doc.
        adjectives: lemmas read as adjectives where the tagger says NOUN in a modifier or
            predicate position (`adjective_lexicon`; empty: the tags as they are).

    Example: "People drink cold beer." gives (people, n, subj_of, drink), (drink, v, subj,
    people), (cold, a, amod_of, beer), (beer, n, amod, cold), (beer, n, obj_of, drink) and
    (drink, v, obj, beer).
    """
    for token in doc:
        head = token.head
        if head.i == token.i or token.pos_ not in POS_OF_UPOS or head.pos_ not in POS_OF_UPOS:
            continue
        dep_lemma, head_lemma = _lemma(token), _lemma(head)
        if dep_lemma is None or head_lemma is None:
            continue
        dep_pos = _pos(token, dep_lemma, adjectives)
        head_pos = _pos(head, head_lemma, adjectives)
        if dep_pos is None or head_pos is None:
            continue
        label = "amod" if token.dep_ == "compound" and dep_pos == "a" else token.dep_
        yield from _arc(label, dep_lemma, dep_pos, head_lemma, head_pos, token)


def _arc(label: str, dep: str, dep_pos: str, head: str, head_pos: str,
         token: Any) -> Iterator[GrTriple]:
    if dep_pos == "n" and head_pos == "v":
        if label in ("obj", "nsubj:pass"):  # RASP: ncsubj V n obj for the passive subject
            yield GrTriple(dep, "n", "obj_of", head)
            yield GrTriple(head, "v", "obj", dep)
        elif label == "nsubj":
            yield GrTriple(dep, "n", "subj_of", head)
            yield GrTriple(head, "v", "subj", dep)
    elif head_pos == "n":
        if label == "amod" and dep_pos == "a":
            yield GrTriple(head, "n", "amod", dep)
            yield GrTriple(dep, "a", "amod_of", head)
        elif label == "compound" and dep_pos == "n":
            yield GrTriple(head, "n", "nn", dep)
        elif label == "nmod" and dep_pos == "n":
            case = _case(token)
            yield GrTriple(head, "n", f"nmod:{case}" if case else "nmod", dep)
        elif label == "nmod:poss" and dep_pos == "n":
            yield GrTriple(head, "n", "nmod:poss", dep)
    elif label == "nsubj" and dep_pos == "n" and head_pos == "a":  # "the pain was acute"
        yield GrTriple(head, "a", "pred_of", dep)
        yield GrTriple(dep, "n", "pred", head)
    elif label == "advmod" and dep_pos == "r":
        if head_pos == "a":
            yield GrTriple(head, "a", "advmod", dep)
            yield GrTriple(dep, "r", "advmod_of_a", head)
        elif head_pos == "v":
            yield GrTriple(dep, "r", "advmod_of_v", head)


def count_relations(docs: Iterable[Any], adjectives: frozenset[str] = frozenset()
                    ) -> Counter[GrTriple]:
    """Return how often each triple occurs in parsed `docs` (`adjectives`: see above)."""
    counts: Counter[GrTriple] = Counter()
    for doc in docs:
        counts.update(extract_relations(doc, adjectives))
    return counts
