"""String rules of the scorer profiles: the 2007 key scorer's, and the corrected ones.

The `official_*` functions reproduce routines of `score.pl` (SemEval-2007 Task 10 key
release, 11 April 2007) on text: Perl there works on bytes without `use utf8`, so `\\w`, `\\s`
and `\\d` are ASCII-only; the regular expressions below use `re.ASCII` for the same reason
(a non-ASCII character, like a non-ASCII byte, is never a word character).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

__all__ = [
    "AMERICAN_TO_BRITISH",
    "corrected_answer",
    "corrected_gold_entry",
    "official_answer",
    "official_answers_unchanged",
    "official_first_count",
    "official_gold_entry",
    "official_hyphen_alias",
    "perl_split",
    "unchanged_test",
]

# score.pl readgoldfile: `$first =~ /[\w\'-\s]+ (\d+)/` (the class is \w, ', - and \s).
# The lookbehind starts a try only at the start of a run of the class, where Perl's leftmost
# match starts: the same match, in linear time on a long entry without a count.
_FIRST_COUNT = re.compile(r"(?<![\w'\s-])[\w'\s-]+ (\d+)", re.ASCII)
# score.pl readgoldfile: `$res =~ /(\w[\w\'-\s]+) (\d+)/`, unanchored. Its leftmost match
# starts at the first \w of a run of the class; the lookbehind and `['\s-]*+` go straight
# there (linear time; the same groups).
_GOLD_ENTRY = re.compile(r"(?<![\w'\s-])['\s-]*+(\w[\w'\s-]+) (\d+)", re.ASCII)
# score.pl fixmisc: `/^non(\s|-)(.*)$/`.
_NON = re.compile(r"^non(?:\s|-)(.*)$", re.ASCII | re.DOTALL)
_CORRECTED_ENTRY = re.compile(r"^(.*\S)\s+(\d+)$", re.DOTALL)
_SPACES = re.compile(r"\s+")

#: American -> British spellings applied by the `corrected` profile to gold substitutes and
#: answers, word by word. The key scorer's readme promises such a map; `score.pl` declares
#: one (molt, scrutinize, organize, utilize, realize, color, actualization, authorize,
#: demeanor, rigor, unspoiled) but assigns it wrongly (`my %ambrit = {...}`), so it is empty.
#: This map holds those eleven plus common -or/-our, -er/-re, -ize/-ise and -yze/-yse pairs;
#: it is deliberately explicit (no suffix rules: `size`, `prize`, `seize` are the same in both).
AMERICAN_TO_BRITISH: dict[str, str] = {
    "molt": "moult", "scrutinize": "scrutinise", "organize": "organise", "utilize": "utilise",
    "realize": "realise", "color": "colour", "actualization": "actualisation",
    "authorize": "authorise", "demeanor": "demeanour", "rigor": "rigour",
    "unspoiled": "unspoilt",
    "behavior": "behaviour", "favor": "favour", "favorite": "favourite", "honor": "honour",
    "humor": "humour", "labor": "labour", "neighbor": "neighbour", "rumor": "rumour",
    "vigor": "vigour", "odor": "odour", "valor": "valour", "harbor": "harbour",
    "flavor": "flavour", "splendor": "splendour", "candor": "candour", "ardor": "ardour",
    "clamor": "clamour", "glamor": "glamour", "savor": "savour", "endeavor": "endeavour",
    "center": "centre", "theater": "theatre", "meter": "metre", "fiber": "fibre",
    "somber": "sombre", "luster": "lustre", "caliber": "calibre",
    "organization": "organisation", "realization": "realisation",
    "recognize": "recognise", "apologize": "apologise", "criticize": "criticise",
    "emphasize": "emphasise", "characterize": "characterise", "summarize": "summarise",
    "minimize": "minimise", "maximize": "maximise", "authorization": "authorisation",
    "analyze": "analyse", "paralyze": "paralyse", "catalog": "catalogue",
    "dialog": "dialogue", "gray": "grey", "defense": "defence", "offense": "offence",
    "pretense": "pretence", "license": "licence", "skeptical": "sceptical",
    "jewelry": "jewellery", "traveler": "traveller", "traveled": "travelled",
    "canceled": "cancelled", "fulfill": "fulfil", "enroll": "enrol", "plow": "plough",
    "mold": "mould", "smolder": "smoulder", "cozy": "cosy", "tire": "tyre",
}


def perl_split(text: str) -> list[str]:
    """Split on `;` as Perl's `split(';', $res)` does: trailing empty fields are removed.

    >>> perl_split("a;;b;;")
    ['a', '', 'b']
    """
    parts = text.split(";")
    if parts[-1]:
        return parts
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def official_first_count(raw: str) -> int | None:
    """Return the count of an entry as `score.pl readgoldfile` reads `$first`, or None."""
    match = _FIRST_COUNT.search(raw)
    return int(match.group(1)) if match else None


def official_gold_entry(raw: str) -> tuple[str, int] | None:
    """Parse one gold entry as `score.pl readgoldfile` does, or None when it is dropped.

    The entry regex is unanchored and ASCII-only (one-character entries are dropped, a
    non-ASCII prefix is cut off); then one apostrophe is removed (`$sub =~ s/'//`).

    >>> official_gold_entry("d'ividing line 2")
    ('dividing line', 2)
    >>> official_gold_entry("más grande 2")
    ('s grande', 2)
    """
    match = _GOLD_ENTRY.search(raw)
    if match is None:
        return None
    return match.group(1).replace("'", "", 1), int(match.group(2))


def official_hyphen_alias(substitute: str) -> tuple[str, ...]:
    """Return the extra answer forms credited for a gold substitute.

    score.pl normalisevalues: a hyphenated gold key is also credited with its hyphens
    turned into spaces (the mode itself keeps its hyphen).
    """
    return (substitute.replace("-", " "),) if "-" in substitute else ()


def official_answer(answer: str) -> str:
    """Normalise one system answer as `score.pl fixmisc` does.

    `non-x`/`non x` -> `nonx`; every hyphen -> space; the first apostrophe removed; the
    American->British map is a no-op (declared wrongly in score.pl). No lower-casing and no
    trimming.

    >>> official_answer("non-alcoholic")
    'nonalcoholic'
    >>> official_answer("f'lan-k's")
    "flan k's"
    """
    if not answer.startswith("non") and "-" not in answer and "'" not in answer:
        return answer  # nothing to change (the common case, checked first for speed)
    match = _NON.match(answer)
    if match is not None:
        answer = "non" + match.group(1)
    return answer.replace("-", " ").replace("'", "", 1)


def official_answers_unchanged(text: str) -> bool:
    """Return True when `official_answer` leaves every answer in `text` as it is.

    `text` holds the answers (joined): none starts with `non` or holds a hyphen or an
    apostrophe when the text has none of them.

    >>> official_answers_unchanged("team;party"), official_answers_unchanged("x;non-stop")
    (True, False)
    """
    return "-" not in text and "'" not in text and "non" not in text


#: A normaliser -> a quick test of answers joined into one string, True when it leaves every
#: one of them as it is (the measures then skip normalising the line). Keyed by the function,
#: so a profile that replaces `normalise_answer` loses the shortcut with it.
_UNCHANGED: dict[Callable[[str], str], Callable[[str], bool]] = {
    official_answer: official_answers_unchanged,
}


def unchanged_test(normalise: Callable[[str], str]) -> Callable[[str], bool] | None:
    """Return the quick "leaves these answers unchanged" test of a normaliser, if it has one."""
    return _UNCHANGED.get(normalise)


def _british(text: str) -> str:
    return " ".join(AMERICAN_TO_BRITISH.get(word, word) for word in text.split(" "))


def corrected_answer(answer: str) -> str:
    """Normalise an answer (or gold substitute) for the `corrected` profile.

    Unicode NFC, lower-cased, trimmed, inner white space collapsed, `non x`/`non-x` joined,
    hyphens -> spaces, every apostrophe removed, American -> British spelling map.

    >>> corrected_answer("  Non-Alcoholic ")
    'nonalcoholic'
    >>> corrected_answer("Well-Lit\\r")
    'well lit'
    >>> corrected_answer("color")
    'colour'
    """
    text = unicodedata.normalize("NFC", answer).lower()
    text = _SPACES.sub(" ", text.replace("-", " ")).strip()
    if text.startswith("non "):
        text = "non" + text[4:]
    text = text.replace("'", "").replace("’", "")
    return _british(text)


def corrected_gold_entry(raw: str) -> tuple[str, int] | None:
    """Parse a gold entry for the `corrected` profile: `<substitute> <count>`, Unicode-aware.

    >>> corrected_gold_entry(" pequeño 3 ")
    ('pequeño', 3)
    """
    match = _CORRECTED_ENTRY.match(raw.strip())
    if match is None:
        return None
    substitute = corrected_answer(match.group(1))
    return (substitute, int(match.group(2))) if substitute else None
