"""WordNet's morphological analysis (morphy) as NLTK ran it, read from the WordNet files.

The SWORDS benchmark lemmatises with NLTK's `WordNetLemmatizer`, whose analysis is the
reader's `_morphy`: the word's exception list (`noun.exc`, ...) if it has one, else the
detachment rules (`-s`, `-ses` → `-s`, `-ing`, ...) applied to the word, keeping the forms
that are lemmas of the PoS (`index.noun`, ...); the lemmatiser returns the shortest analysis
(the first of equals), or the word unchanged when there is none. NLTK changed step 3 in 2024:

- `nltk-3.5-morphy` (NLTK ≤ 3.8; the SWORDS authors pin `nltk==3.5`): when one application
  of the rules finds no lemma, the rules are applied again to the forms they made, until a
  round finds one or no rule applies (`businessess`/n → `businesses` → `business`,
  `feelings`/v → `feeling` → `feel`).
- `nltk-3.9-morphy` (NLTK ≥ 3.9, and WordNet's own `morphstr` in morph.c): the rules are
  applied once; a word they do not reduce to a lemma has no analysis.

Both are written here over the WordNet 3.0 database files the project already reads (no use
of NLTK's private `_morphy`), so the benchmark's lemmas do not depend on the NLTK installed.
The files are read as NLTK's reader reads them: the first field of each index line (lines
starting with a space are the licence) and `line.split()` of each exception line, a later
line for the same form replacing an earlier one; adjective lemmas serve the satellite PoS.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.inputs.layer import Input, Inputs, inputs

__all__ = ["MORPHY_RULES", "MORPHY_VARIANTS", "Morphy", "load_morphy"]

#: NLTK's `MORPHOLOGICAL_SUBSTITUTIONS` (the detachment rules of morphy(7WN)), in its order.
MORPHY_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
#: name -> whether the rules are applied again until a round finds a lemma.
MORPHY_VARIANTS: dict[str, bool] = {"nltk-3.5-morphy": True, "nltk-3.9-morphy": False}
_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


@dataclass(frozen=True)
class Morphy:
    """The lemmas and exception lists of one WordNet, analysed by one variant of morphy.

    Attributes:
        name: the variant (`nltk-3.5-morphy` or `nltk-3.9-morphy`), as signatures name it.
        repeat: apply the rules again until a round finds a lemma (NLTK ≤ 3.8).
        lemmas: PoS letter -> every lemma of that PoS (multiwords with underscores).
        exceptions: PoS letter -> inflected form -> its listed base forms.
        wordnet: the digest of the WordNet files read (`inputs.layer.Inputs.wordnet`).
        wordnet_recorded: True when they are the recorded WordNet 3.0's.
    """

    name: str
    repeat: bool
    lemmas: dict[str, frozenset[str]]
    exceptions: dict[str, dict[str, tuple[str, ...]]]
    wordnet: str = ""
    wordnet_recorded: bool = True

    @property
    def wordnet_label(self) -> str:
        """Return how a signature names the WordNet read: `wordnet-3.0` for the recorded
        files, else `wordnet#` and the first 12 hex of their digest (one's own, e.g. from
        `LEXSUB_WORDNET_DIR`)."""
        return "wordnet-3.0" if self.wordnet_recorded else f"wordnet#{self.wordnet[:12]}"

    def analyses(self, form: str, pos: str) -> list[str]:
        """Return every analysis of `form` under `pos` (n, v, a, s, r), in morphy's order.

        >>> lemmas = {"n": frozenset({"business"})}
        >>> Morphy("nltk-3.5-morphy", True, lemmas, {}).analyses("businessess", "n")
        ['business']
        >>> Morphy("nltk-3.9-morphy", False, lemmas, {}).analyses("businessess", "n")
        []
        """
        pos = "a" if pos == "s" else pos
        known = self.lemmas.get(pos, frozenset())
        rules = MORPHY_RULES.get(pos, ())
        listed = self.exceptions.get(pos, {}).get(form)
        if listed is not None:  # _morphy step 0: the exception list decides alone
            return _known([form, *listed], known)
        forms = _detach([form], rules)  # step 1: the rules once
        found = _known([form, *forms], known)  # step 2: the word itself counts too
        while self.repeat and not found and forms:  # step 3 of NLTK <= 3.8 only
            forms = _detach(forms, rules)
            found = _known(forms, known)
        return found

    def lemmatize(self, word: str, pos: str) -> str:
        """Return the shortest analysis of `word` (the first of equals), else `word`.

        This is `WordNetLemmatizer.lemmatize`: the word is taken exactly as given (no
        lower-casing, no underscores for spaces).
        """
        found = self.analyses(word, pos)
        return min(found, key=len) if found else word


def _detach(forms: Iterable[str], rules: tuple[tuple[str, str], ...]) -> list[str]:
    # _morphy's apply_rules: every rule whose suffix ends every form, forms outer, rules inner
    return [form[: -len(old)] + new for form in forms for old, new in rules
            if form.endswith(old)]


def _known(forms: Iterable[str], lemmas: frozenset[str]) -> list[str]:
    # _morphy's filter_forms: the lemmas among the forms, first occurrence kept
    return list(dict.fromkeys(form for form in forms if form in lemmas))


def _lines(layer: Inputs, wordnet: Input, name: str) -> list[str]:
    return layer.read_text(wordnet, name, errors="replace").splitlines()


def load_morphy(name: str = "nltk-3.5-morphy", wordnet: Input | None = None,
                roots: Roots | None = None) -> Morphy:
    """Read the WordNet files for morphy variant `name`, through the input layer: `wordnet`
    (default: `Inputs.wordnet()`, the folder every reader uses under `roots`, default
    `resolve_roots()`'s).

    Raises:
        KeyError: an unknown variant (see `MORPHY_VARIANTS`).
        MissingResourceError: an index or exception file is missing (names it and the remedy).
    """
    repeat = MORPHY_VARIANTS[name]
    layer = inputs(roots or resolve_roots())
    wordnet = wordnet or layer.wordnet()
    lemmas: dict[str, frozenset[str]] = {}
    exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
    for pos, stem in _FILES.items():
        # NLTK's _load_lemma_pos_offset_map: lines starting with a space are the licence
        lemmas[pos] = frozenset(line.split()[0] for line in _lines(layer, wordnet, f"index.{stem}")
                                if line.strip() and not line.startswith(" "))
        table: dict[str, tuple[str, ...]] = {}
        for line in _lines(layer, wordnet, f"{stem}.exc"):
            terms = line.split()
            if terms:
                table[terms[0]] = tuple(terms[1:])
        exceptions[pos] = table
    return Morphy(name, repeat, lemmas, exceptions, wordnet.digest, wordnet.recorded)
