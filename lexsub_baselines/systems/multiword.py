"""The WordNet multiword-detection baseline of the SemEval-2007 mw task.

McCarthy & Navigli (2007): "a WordNet multiword containing the target that occurs within 2
words before to 2 words after the target". Our reading, which the papers leave open:

- candidates are WordNet multiword lemmas (any PoS by default: the description does not
  restrict the PoS, and annotators named nominal, verbal and adverbial phrases alike) that
  have the target's lemma, or the target as written, as one of their words;
- a multiword "occurs" when its words match *consecutive* tokens that include the target and
  lie within the window from `window` tokens before the target to `window` tokens after it;
- a word matches a token when it equals the token (lower-cased, outer punctuation stripped)
  or is one of the token's WordNet base forms (morphy, any PoS), so `took off` matches
  `take off`;
- among several matches the longest multiword wins, then the earliest start, then the
  alphabetically first, so answers are deterministic.

The answer is the multiword as WordNet writes it, underscores replaced by spaces.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.resources.wordnet import WordNet
from lexsub_baselines.substitutes.answers import Answers

__all__ = ["MultiwordBaseline", "MultiwordMatch", "normalise_token"]

_PUNCTUATION = "\"'`.,;:!?()[]{}"


def normalise_token(token: str) -> str:
    """Return a token lower-cased with outer punctuation stripped (`"Off."` -> `"off"`)."""
    return token.lower().strip(_PUNCTUATION)


@dataclass(frozen=True)
class MultiwordMatch:
    """A multiword found around a target.

    Attributes:
        multiword: the WordNet lemma (`"take off"`).
        start: index of its first token in the instance's tokens.
        end: index after its last token.
    """

    multiword: str
    start: int
    end: int


@dataclass
class MultiwordBaseline:
    """The mw baseline as a system: answers only the mw file.

    Arguments:
        wordnet: the WordNet backend.
        name: the system's registered name.
        window: how many tokens before and after the target the multiword may reach.
        same_pos: only multiwords with a synset of the target's PoS. The papers do not say;
            the default (True) was chosen on the trial data only (trial mwgold: detection
            P 59.26 / R 61.54 with it, 55.17 / 61.54 without), never on test.
    """

    wordnet: WordNet
    name: str = "mw"
    window: int = 2
    same_pos: bool = True
    kinds: tuple[str, ...] = ("mw",)
    _index: dict[str, list[tuple[str, ...]]] | None = field(default=None, repr=False)
    _forms: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    def answer(self, instance: Instance) -> Answers:
        """Return Answers(mw=the detected multiword) or empty Answers."""
        match = self.detect(instance)
        return Answers(mw=match.multiword) if match else Answers()

    def detect(self, instance: Instance) -> MultiwordMatch | None:
        """Return the chosen multiword occurring around the target, or None."""
        matches = self.matches(instance)
        if not matches:
            return None
        return min(matches, key=lambda m: (-len(m.multiword.split()), m.start, m.multiword))

    def matches(self, instance: Instance) -> list[MultiwordMatch]:
        """Return every WordNet multiword containing the target that occurs in the window."""
        tokens = instance.tokens
        first = instance.target_index
        last = first + max(1, instance.target_length) - 1
        if not 0 <= first < len(tokens):
            return []
        low = max(0, first - self.window)
        high = min(len(tokens) - 1, last + self.window)
        keys = {instance.lemma.lower(), normalise_token(tokens[first])}
        index = self._multiwords()
        found: dict[MultiwordMatch, None] = {}
        for key in sorted(keys):
            for words in index.get(key, ()):
                size = len(words)
                for start in range(max(low, last - size + 1), min(first, high - size + 1) + 1):
                    if all(self._fits(tokens[start + k], word) for k, word in enumerate(words)):
                        multiword = " ".join(words)
                        if not self.same_pos or self.wordnet.synsets(multiword, instance.pos):
                            found[MultiwordMatch(multiword, start, start + size)] = None
        return list(found)

    def _fits(self, token: str, word: str) -> bool:
        form = normalise_token(token)
        if form == word:
            return True
        bases = self._forms.get(form)
        if bases is None:
            bases = frozenset(base.lower() for pos in ("n", "v", "a", "r")
                              for base in self.wordnet.base_forms(form, pos)) if form else (
                frozenset())
            self._forms[form] = bases
        return word in bases

    def _multiwords(self) -> dict[str, list[tuple[str, ...]]]:
        if self._index is None:
            index: dict[str, set[tuple[str, ...]]] = defaultdict(set)
            for name in self.wordnet.lemma_names():
                words = tuple(name.lower().split())
                if len(words) > 1:
                    for word in set(words):
                        index[word].add(words)
            self._index = {word: sorted(entries) for word, entries in index.items()}
        return self._index
