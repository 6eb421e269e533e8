"""Which of our instances a released SWORDS-format output answers: ids recomputed, not guessed.

The SWORDS authors key every target by its content (p-lambda/swords, `swords/__init__.py`):
a context's id is `c:` + the sha1 of the canonical JSON of `{"context": TEXT}`, a target's
`t:` + the sha1 of `{"context_id", "target" (lower-cased), "offset" (characters into the
context), "pos" (a UD tag name)}` (keys sorted, Python's `json.dumps` defaults). A WordTune
file keeps each target's context text, so a target is matched to one of our instances when
the id made from that text, our instance's target word, its offset there and some UD tag is
the target's own id: a match is proved by the hash, whatever differs between the texts.

Where our instance sits in a context is found by aligning letters and digits only (lower-cased
ASCII; tokenisation, punctuation and spacing differ between Melamud et al.'s lower-cased
tokens, our SemEval reader's and the SWORDS conversions' detokenised text), in two ways: each
non-ASCII character dropped (the SWORDS SemEval conversion drops them), and each word holding
one dropped (Melamud et al. write such a word `<unk>`, which is dropped on our side). A
context holds our sentence when its letters hold the sentence's; the target's offset is the
character of the context where the target's first letter lands.

Identical sentences (`"Please."` in two stories) give one target several candidate instances:
they are assigned one to one in file order (each target the first free candidate after the
previous target's instance; both files follow the corpus's order), so every instance is
answered at most once.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lexsub_baselines.datasets.types import Instance

__all__ = ["UD_TAGS", "Matching", "match_targets", "swords_context_id", "swords_target_id"]

#: The UD tag names a SWORDS target id may hold (swords' `Pos` enum, in its order).
UD_TAGS: tuple[str, ...] = ("UNKNOWN", "ADJ", "ADV", "INTJ", "NOUN", "PROPN", "VERB", "ADP",
                            "AUX", "CCONJ", "DET", "NUM", "PART", "PRON", "SCONJ", "PUNCT",
                            "SYM", "X")
#: Why a target is left unmatched (`Matching.reasons`).
NO_SENTENCE = "its context holds none of our sentences"
NO_ID = "our sentence is in its context, but no target word of ours there gives its id"
TAKEN = "its only candidate instance answers an earlier target with the same text"
_WORD = re.compile(r"\S+")
_PREFIX = 8  # the letters a sentence is looked up by


def _checksum(fields: Mapping[str, object]) -> str:
    return hashlib.sha1(json.dumps(dict(fields), sort_keys=True).encode("utf-8")).hexdigest()


def swords_context_id(context: str) -> str:
    """Return the SWORDS id of a context text.

    >>> swords_context_id("My favorite thing.")[:2]
    'c:'
    """
    return "c:" + _checksum({"context": context})


def swords_target_id(context_id: str, target: str, offset: int, pos: str | None) -> str:
    """Return the SWORDS id of a target: its context's id, the word, its offset, its UD tag."""
    return "t:" + _checksum({"context_id": context_id, "target": target.lower(),
                             "offset": offset, "pos": pos})


def _letters(text: str, words: bool) -> tuple[str, list[int]]:
    """Return the lower-cased ASCII letters and digits of `text` and where each one is (its
    character offset); `words`: drop every word holding a non-ASCII character."""
    kept: list[str] = []
    where: list[int] = []
    for match in _WORD.finditer(text):
        word = match.group()
        if words and not word.isascii():
            continue
        for at, char in enumerate(word.lower()):
            if char.isascii() and char.isalnum():
                kept.append(char)
                where.append(match.start() + at)
    return "".join(kept), where


@dataclass(frozen=True)
class _Sentence:
    letters: str
    target_at: int  # the target's first letter, in `letters`
    instance: Instance
    position: int  # in the instances given


def _sentences(instances: Sequence[Instance]) -> dict[str, list[_Sentence]]:
    """Return our sentences by their first `_PREFIX` letters (shorter ones by all of them)."""
    found: dict[str, list[_Sentence]] = defaultdict(list)
    for position, instance in enumerate(instances):
        tokens = [t for t in instance.tokens if t != "<unk>"]  # Melamud et al.'s unknown word
        letters = _letters(" ".join(tokens), False)[0]
        left = [t for t in instance.left if t != "<unk>"]
        if letters:
            found[letters[:_PREFIX]].append(_Sentence(
                letters, len(_letters(" ".join(left), False)[0]), instance, position))
    return found


@dataclass(frozen=True)
class Matching:
    """Released targets matched to our instances.

    Attributes:
        pairs: our instance id -> the target id that answers it (instances in the given order).
        unmatched: target id -> why it was matched to no instance (`NO_SENTENCE`, `NO_ID`,
            `TAKEN`).
        targets: how many targets were given.
    """

    pairs: Mapping[str, str]
    unmatched: Mapping[str, str]
    targets: int

    def reasons(self) -> dict[str, int]:
        """Return reason -> how many targets were left unmatched for it."""
        return dict(Counter(self.unmatched.values()))


def _candidates(contexts: Mapping[str, Sequence[str]], instances: Sequence[Instance],
                known: frozenset[str]) -> tuple[dict[str, set[int]], set[str]]:
    """Return target id -> the positions of our instances whose id it proves, and the target
    ids whose context holds one of our sentences."""
    sentences = _sentences(instances)
    short = sorted({len(key) for key in sentences if len(key) < _PREFIX})
    proved: dict[str, set[int]] = defaultdict(set)
    seen: set[str] = set()
    for context, ids in contexts.items():
        context_id = swords_context_id(context)
        for words in (False, True):
            letters, where = _letters(context, words)
            for start in range(len(letters)):
                for length in (_PREFIX, *short):
                    for sentence in sentences.get(letters[start:start + length], ()):
                        if not letters.startswith(sentence.letters, start):
                            continue
                        seen.update(ids)
                        at = start + sentence.target_at
                        if at >= len(where):
                            continue
                        for tag in UD_TAGS:
                            target_id = swords_target_id(context_id, sentence.instance.target,
                                                         where[at], tag)
                            if target_id in known:
                                proved[target_id].add(sentence.position)
    return proved, seen


def match_targets(contexts: Mapping[str, str], instances: Sequence[Instance]) -> Matching:
    """Match released targets (target id -> its context text, in file order) to `instances`.

    Every pair is proved by the target's id (see the module docstring); ties between identical
    sentences are broken by order, one instance per target.
    """
    by_context: dict[str, list[str]] = defaultdict(list)
    for target_id, context in contexts.items():
        by_context[context].append(target_id)
    proved, seen = _candidates(by_context, instances, frozenset(contexts))
    pairs: dict[int, str] = {}
    unmatched: dict[str, str] = {}
    last = -1
    for target_id in contexts:
        candidates = sorted(proved.get(target_id, ()))
        free = [p for p in candidates if p not in pairs]
        chosen = next((p for p in free if p > last), free[0] if free else None)
        if chosen is None:
            unmatched[target_id] = (TAKEN if candidates else NO_ID if target_id in seen
                                    else NO_SENTENCE)
            continue
        pairs[chosen] = target_id
        last = chosen
    return Matching({instances[p].id: pairs[p] for p in sorted(pairs)}, unmatched, len(contexts))
