"""The one module that fills the scorer-profile registry: `official`, `corrected`, CLLS.

A profile is data: normalisation functions for gold entries and answers, plus flags for the
measures (duplicates in oot, the cap of 10, how lines are parsed, the printed order). The
measures never branch on a profile's name, so a new profile (e.g. `clls2010-official`, the
SemEval-2010 Task 2 scorer's byte-level rules) is one more registration in `PROFILES`.

- `official` reproduces the SemEval-2007 Task 10 key scorer (`score.pl`, 11 April 2007)
  quirks and all, malformed gold files included (`scoring.gold_lines`), with one intentional
  deviation: an answer line with nothing after the separator is unattempted (with a
  warning), where score.pl re-used the previous line's answers (its `@res` is not reset
  between lines).
- `corrected` fixes what SCORING.md lists as defects: lower-casing and trimming of answers
  and gold, duplicate answers credited once in oot, hyphenated modes matchable (gold and
  answers share one normalisation), an American->British spelling map, CRLF and Latin-1
  files tolerated; gold files are read leniently (first line per id, blank entries and CR
  dropped, free spacing around `::`).
"""

from __future__ import annotations

from lexsub_baselines.core.registry import Registry
from lexsub_baselines.scoring.normalise import (
    corrected_answer,
    corrected_gold_entry,
    official_answer,
    official_first_count,
    official_gold_entry,
    official_hyphen_alias,
    perl_split,
)
from lexsub_baselines.scoring.profile import (
    LENIENT_LINES,
    OFFICIAL_GOLD_LINES,
    OFFICIAL_LINES,
    GoldLinePatterns,
    LinePatterns,
    Profile,
)
from lexsub_baselines.scoring.profile_clls import clls_profiles

__all__ = ["LENIENT_LINES", "OFFICIAL_GOLD_LINES", "OFFICIAL_LINES", "PROFILES",
           "PROFILE_FOR_LANGUAGE", "GoldLinePatterns", "LinePatterns", "Profile",
           "default_profile", "get_profile", "profile_names"]


def _is_proper_name(raw: str) -> bool:
    # score.pl readgoldfile: removeifpatt('pn', @res) drops entries containing `pn` anywhere.
    return "pn" in raw


def _corrected_is_proper_name(raw: str) -> bool:
    head, _, _ = raw.strip().rpartition(" ")
    return head.strip().lower() == "pn"


def _corrected_first_count(raw: str) -> int | None:
    entry = corrected_gold_entry(raw)
    return entry[1] if entry else None


def _no_alias(substitute: str) -> tuple[str, ...]:
    return ()


def _identity(text: str) -> str:
    return text


def _split_nonempty(text: str) -> list[str]:
    return [part for part in text.split(";") if part.strip()]


PROFILES: Registry[Profile] = Registry("scorer profile")

PROFILES.add(
    "official",
    Profile(
        name="official",
        description="SemEval-2007 Task 10 key scorer (score.pl, 11 Apr 2007), quirks and all",
        drop_gold_entry=_is_proper_name,
        gold_entry=official_gold_entry,
        first_count=official_first_count,
        credit_aliases=official_hyphen_alias,
        merge_gold_duplicates=False,
        gold_lines=OFFICIAL_GOLD_LINES,
        gold_id_repeats="merge",
        lines=OFFICIAL_LINES,
        answers_text=_identity,
        split_answers=perl_split,
        normalise_answer=official_answer,
        drop_empty_answers=False,
        decode="surrogateescape",
        strip_cr=False,
        dedupe_oot=False,
        oot_cap=10,
        mw_answer=_identity,  # score.pl scoreMW compares the raw text (`eq $res`)
        mw_blank_is_detection=True,
        deviations=("blank-line-unattempted",),
        empty_undefined=True,
    ),
    doc="SemEval-2007 key scorer, quirks and all (blank answer lines: unattempted)",
)

PROFILES.add(
    "corrected",
    Profile(
        name="corrected",
        description="2007 measures with lower-casing, trimming, deduplicated oot, hyphenated "
        "modes matchable, American->British map, CRLF/Latin-1 tolerated",
        drop_gold_entry=_corrected_is_proper_name,
        gold_entry=corrected_gold_entry,
        first_count=_corrected_first_count,
        credit_aliases=_no_alias,
        merge_gold_duplicates=True,
        gold_lines=None,
        gold_id_repeats="first",
        lines=LENIENT_LINES,
        answers_text=str.strip,
        split_answers=_split_nonempty,
        normalise_answer=corrected_answer,
        drop_empty_answers=True,
        decode="latin-1",
        strip_cr=True,
        dedupe_oot=True,
        oot_cap=10,
        mw_answer=corrected_answer,
        mw_blank_is_detection=False,
        deviations=("lowercase", "trim", "oot-dedupe", "hyphen-mode", "ambrit", "crlf"),
    ),
    doc="corrected 2007 scorer: case, spacing, duplicates, hyphens, spelling, CRLF",
)


#: The profile a dataset is scored with by default, by the language of its substitutes.
PROFILE_FOR_LANGUAGE: dict[str, str] = {"en": "official", "es": "clls2010-official"}


def default_profile(language: str) -> str:
    """Return the official profile for gold in `language` (`en` when unknown).

    >>> default_profile("es")
    'clls2010-official'
    """
    return PROFILE_FOR_LANGUAGE.get(language, "official")


def get_profile(name: str) -> Profile:
    """Return the registered profile `name`.

    Raises:
        UnknownNameError: no such profile; the message lists the known ones.
    """
    return PROFILES.get(name)


def profile_names() -> list[str]:
    """Return the registered profile names."""
    return PROFILES.names()


# SemEval-2010 Task 2 (cross-lingual) profiles, derived from the two above; rules in
# `profile_clls`.
for _profile in clls_profiles(PROFILES.get("official"), PROFILES.get("corrected")):
    PROFILES.add(_profile.name, _profile, doc=_profile.description)
