"""The profiles of LexSubGen's protocol: `lexsubgen` (theirs, exactly) and named variants.

A variant changes one behaviour of LexSubGen's evaluation and names it in the signature's
`dev` field, so a figure of a variant never passes for one of the protocol.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_baselines.core.registry import Registry

__all__ = ["LSG_PROFILES", "LsgProfile", "is_lsg_profile"]


@dataclass(frozen=True)
class LsgProfile:
    """Settings of one profile.

    Attributes:
        name: the profile name.
        pad_short: read a list shorter than k as padded with wrong guesses (LexSubGen raises),
            and an instance the result lacks as an empty list.
        deviations: the departures from LexSubGen's evaluation, for the signature.
    """

    name: str
    pad_short: bool = False
    deviations: tuple[str, ...] = ()


LSG_PROFILES: Registry[LsgProfile] = Registry("LexSubGen profile")
LSG_PROFILES.add("lexsubgen", LsgProfile("lexsubgen"),
                 doc="LexSubGen's evaluation exactly (commit 276ce228): a list shorter than 10 "
                     "or a missing instance is refused, as LexSubGen raises on it")
LSG_PROFILES.add("lexsubgen-padded", LsgProfile("lexsubgen-padded", True, ("short-lists-padded",)),
                 doc="ours: as lexsubgen, but a list shorter than k counts its missing places "
                     "as wrong guesses (P@k = hits / k) and a missing instance as an empty list")


def is_lsg_profile(profile: object) -> bool:
    """Return True for a LexSubGen profile (its name or object)."""
    return isinstance(profile, LsgProfile) or (isinstance(profile, str)
                                              and profile in LSG_PROFILES.names())
