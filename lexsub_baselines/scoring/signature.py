"""Signatures: the settings that produced a score, printed beside it and stored with it.

Like sacrebleu's, a signature is built from explicit fields and rendered as
`best|profile:official|gold:semeval2007-test#4e27e4ab|subset:all|T:1696|TM:1230|code:…|v:0.1.0`;
JSON is emitted from the fields, never by parsing the string. Every departure of the profile
from the original scorer shows in the `dev` field; `code` is the identity of the scoring code
(`scoring_code`), so two figures of the same version but other code do not look alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Signature", "gold_label", "scoring_code"]


def scoring_code() -> str:
    """Return the identity of the scorers' code (`inputs.code_identity.code_digest` of the
    `scoring` package and what it imports), 12 hex digits. The scorers are exact Python
    arithmetic (the SWORDS lemmatiser too: `resources.morphy`), so no library's version is
    in it: the scoring install and the one with the `baselines` extra (where the dataset
    readers' lemminflect is installed) sign the same scores alike."""
    from lexsub_baselines.inputs.code_identity import code_digest

    return code_digest("lexsub_baselines.scoring", libraries=False)[:12]


def gold_label(path: Path, name: str | None = None) -> str:
    """Return `<name or parent/file>#<first 8 hex of the file's sha256>`.

    The hash pins the exact gold file, so two scores with the same label used the same gold.
    `name` is the dataset's (given by name, or a file that is its gold: `gold_source`).
    """
    from lexsub_baselines.core.digests import sha256  # one memo

    digest = sha256(path)[:8] if path.is_file() else "absent"
    return f"{name or f'{path.absolute().parent.name}/{path.name}'}#{digest}"


@dataclass(frozen=True)
class Signature:
    """The settings of one score.

    Attributes:
        measure: `best`, `oot`, `mw` (or a later measure, e.g. `jabbari`).
        profile: the scorer profile name.
        gold: the gold label (see `gold_label`).
        subset: `all`, `NMWT`, `NMWS`, `RAND`, `MAN`, or a PoS restriction like `pos:n`.
        total: |T| (mw: |MW|).
        total_mode: TM (None for mw).
        dups: `counted` or `once` for oot, None otherwise.
        cap: the oot cap, None otherwise.
        deviations: the profile's departures from the original scorer.
        version: the toolkit version.
        extra: further (key, value) settings, e.g. (`k`, `1`) for coverage.
        code: the identity of the code that computed the figure (`scoring_code()`).
    """

    measure: str
    profile: str
    gold: str
    subset: str
    total: int
    total_mode: int | None
    version: str
    dups: str | None = None
    cap: int | None = None
    deviations: tuple[str, ...] = ()
    extra: tuple[tuple[str, str], ...] = field(default=())
    code: str | None = None

    def fields(self) -> dict[str, str]:
        """Return the fields in printed order (the measure under the key `measure`)."""
        out = {"measure": self.measure, "profile": self.profile, "gold": self.gold,
               "subset": self.subset, "T": str(self.total)}
        if self.total_mode is not None:
            out["TM"] = str(self.total_mode)
        if self.dups is not None:
            out["dups"] = self.dups
        if self.cap is not None:
            out["cap"] = str(self.cap)
        if self.deviations:
            out["dev"] = "+".join(self.deviations)
        out.update(self.extra)
        if self.code is not None:
            out["code"] = self.code
        out["v"] = self.version
        return out

    def __str__(self) -> str:
        parts = self.fields()
        head = parts.pop("measure")
        return "|".join([head, *(f"{key}:{value}" for key, value in parts.items())])
