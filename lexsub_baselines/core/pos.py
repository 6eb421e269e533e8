"""The four parts of speech of lexical substitution and their Universal Dependencies tags.

The SemEval tasks write a target's PoS as one letter (`n`, `v`, `a`, `r`: WordNet's); spaCy,
lemminflect and SWORDS use the UD tags. One table, read both ways.
"""

from __future__ import annotations

__all__ = ["POS_OF_UPOS", "UPOS_OF_POS"]

#: SemEval PoS letter -> UD tag.
UPOS_OF_POS: dict[str, str] = {"n": "NOUN", "v": "VERB", "a": "ADJ", "r": "ADV"}
#: UD tag -> SemEval PoS letter (only the four open classes; other tags have none).
POS_OF_UPOS: dict[str, str] = {upos: pos for pos, upos in UPOS_OF_POS.items()}
