"""Put candidate lemmas into the target's surface form (tense, number, degree), with lemminflect.

In-context rankers (the n-gram LM, bag-of-words) score a candidate in the target's slot, so the
candidate must look like the target: `told` → `said` (not `say`), `sides` → `teams`,
`brighter` → `smarter`, sentence-initial `Bright` → `Smart`.

1. The target's Penn tag is the tag of the target lemma (for its PoS) whose lemminflect form is
   the target word: `told` with lemma `tell` is VBD or VBN (disambiguated by a preceding
   auxiliary `have`/`be` within three tokens → VBN, else VBD); a form equal to the lemma is the
   base tag (NN, VB, JJ, RB). When the lemma's lexicon forms do not include the target word,
   lemminflect's rules for unknown words are tried; when nothing matches, the tag is unknown
   and candidates are left as lemmas.
2. The candidate is inflected with that tag (`lemminflect.getInflection`, the first form):
   multiword candidates on their head — verbs on the first word (`take off` → `took off`),
   nouns on the last (`side effect` → `side effects`); adjectives and adverbs without a
   synthetic comparative/superlative in lemminflect's lexicon take `more`/`most`
   (`intelligent` + JJR → `more intelligent`, not lemminflect's rule-made `intelligenter`).
   A candidate lemminflect cannot inflect stays a lemma.
3. The target's capitalisation is copied: `Bright` → `Smart`, `BRIGHT` → `SMART`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lexsub_baselines.core.pos import UPOS_OF_POS
from lexsub_baselines.datasets.types import Instance

__all__ = ["Inflector", "TargetForm", "apply_case", "inflect", "target_form"]

#: The Penn tags of each PoS, base tag first (the preferred tag when forms coincide).
_TAGS = {
    "n": ("NN", "NNS"),
    "v": ("VB", "VBP", "VBD", "VBN", "VBG", "VBZ"),
    "a": ("JJ", "JJR", "JJS"),
    "r": ("RB", "RBR", "RBS"),
}
_BASE_TAGS = frozenset({"NN", "VB", "VBP", "JJ", "RB"})
_PERIPHRASTIC = {"JJR": "more", "JJS": "most", "RBR": "more", "RBS": "most"}
_AUXILIARIES = frozenset({
    "have", "has", "had", "having", "'ve", "'d", "be", "is", "are", "was", "were", "been",
    "being", "am", "'s", "'re", "'m", "get", "got", "gets",
})


@dataclass(frozen=True)
class TargetForm:
    """How the target appears in its sentence.

    Attributes:
        pos: the task PoS (n/v/a/r).
        tag: the Penn tag of the target word, or None when it could not be determined.
        case: "lower", "title" or "upper" — the target's capitalisation.
    """

    pos: str
    tag: str | None
    case: str


@lru_cache(maxsize=65536)
def _lexicon_forms(lemma: str, upos: str) -> dict[str, tuple[str, ...]]:
    from lemminflect import getAllInflections

    forms: dict[str, tuple[str, ...]] = getAllInflections(lemma, upos=upos)
    return forms


@lru_cache(maxsize=65536)
def _oov_forms(lemma: str, upos: str) -> dict[str, tuple[str, ...]]:
    from lemminflect import getAllInflectionsOOV

    forms: dict[str, tuple[str, ...]] = getAllInflectionsOOV(lemma, upos=upos)
    return forms


def _case_of(word: str) -> str:
    if len(word) > 1 and word.isupper():
        return "upper"
    if word[:1].isupper():
        return "title"
    return "lower"


def apply_case(text: str, case: str) -> str:
    """Return `text` with the capitalisation `case` ("lower" leaves it unchanged).

    >>> apply_case("light up", "title")
    'Light up'
    """
    if case == "upper":
        return text.upper()
    if case == "title":
        return text[:1].upper() + text[1:]
    return text


def _matching_tags(lemma: str, word: str, pos: str) -> list[str]:
    upos = UPOS_OF_POS[pos]
    word = word.lower()
    for table in (_lexicon_forms(lemma.lower(), upos), _oov_forms(lemma.lower(), upos)):
        tags = [t for t in _TAGS[pos] if word in (f.lower() for f in table.get(t, ()))]
        if tags:
            return tags
    return [_TAGS[pos][0]] if word == lemma.lower() else []


def target_form(instance: Instance) -> TargetForm:
    """Return the Penn tag and capitalisation of the instance's target word.

    A target index outside the sentence or an unknown PoS gives tag None (no inflection).
    """
    pos = instance.pos
    if not 0 <= instance.target_index < len(instance.tokens) or pos not in _TAGS:
        return TargetForm(pos=pos, tag=None, case="lower")
    word = instance.tokens[instance.target_index + instance.target_length - 1] if pos == "n" \
        else instance.tokens[instance.target_index]
    case = _case_of(instance.tokens[instance.target_index])
    tags = _matching_tags(instance.lemma, word, pos)
    if not tags:
        return TargetForm(pos=pos, tag=None, case=case)
    tag = tags[0]
    if {"VBD", "VBN"} <= set(tags) and tag not in _BASE_TAGS:
        before = {t.lower() for t in instance.tokens[max(0, instance.target_index - 3):
                                                        instance.target_index]}
        tag = "VBN" if before & _AUXILIARIES else "VBD"
    return TargetForm(pos=pos, tag=tag, case=case)


def _inflect_word(word: str, tag: str, pos: str) -> str:
    if tag in _BASE_TAGS:
        return word
    forms = _lexicon_forms(word.lower(), UPOS_OF_POS[pos]).get(tag)
    if forms:
        return forms[0]
    if tag in _PERIPHRASTIC:
        return f"{_PERIPHRASTIC[tag]} {word}"
    oov = _oov_forms(word.lower(), UPOS_OF_POS[pos]).get(tag)
    return oov[0] if oov else word


def inflect(lemma: str, form: TargetForm) -> str:
    """Return `lemma` in the target's form: tag, head rule for multiwords, capitalisation.

    >>> inflect("take off", TargetForm(pos="v", tag="VBD", case="lower"))
    'took off'
    >>> inflect("side effect", TargetForm(pos="n", tag="NNS", case="title"))
    'Side effects'
    """
    words = lemma.split()
    if not words:
        return lemma
    if form.tag is not None and form.pos in _TAGS:
        if len(words) > 1 and form.tag in _PERIPHRASTIC:
            pass  # a multiword adjective/adverb keeps its lemma form
        else:
            head = 0 if form.pos == "v" else len(words) - 1
            words[head] = _inflect_word(words[head], form.tag, form.pos)
    return apply_case(" ".join(words), form.case)


class Inflector:
    """Inflect many candidates for one instance (the target's form is computed once).

    Arguments:
        instance: the instance whose target form the candidates take.

    >>> from lexsub_baselines.datasets.types import Instance
    >>> i = Instance("1", "tell.v", "tell", "v", ("Yoda", "told", "him"), 1)
    >>> Inflector(i)("say")
    'said'
    """

    def __init__(self, instance: Instance) -> None:
        self.form = target_form(instance)

    def __call__(self, lemma: str) -> str:
        """Return `lemma` inflected like the target."""
        return inflect(lemma, self.form)
