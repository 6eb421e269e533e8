"""Which scorer a call of `score()` gets: the protocol asked for or the gold's, its profile,
the arguments' order.

`scorer_for` is the first half of `score()` (and of `lexsub score`, which keeps the scorer for
`--paired`): it refuses a dataset name given where the system file goes (`lexsub score
DATASET FILE`), takes a JSON result against `coinco-all` (SemEval gold too) for LexSubGen's,
gives `--protocol lexsubgen` its profile, and makes the `Scorer` of the gold, refusing a
protocol that is not the gold's. `protocol_for` says which protocol that is, before any gold
is read (`lexsub score --compare` scores the subsets the 2007 field's table ranks).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError, ScoreRefusedError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import dataset_names
from lexsub_baselines.datasets.lexsubgen import LEXSUBGEN_DATA
from lexsub_baselines.scoring.gold_kinds import kind_for
from lexsub_baselines.scoring.lexsubgen import LSG_PROFILES, LexSubGenScorer
from lexsub_baselines.scoring.lexsubgen import PROTOCOL as LEXSUBGEN
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.prolex import PROTOCOL as PROLEX
from lexsub_baselines.scoring.prolex import ProlexScorer
from lexsub_baselines.scoring.scorer import GoldInput, Scorer
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.swords import SwordsScorer
from lexsub_baselines.scoring.tsar import PROTOCOL as TSAR
from lexsub_baselines.scoring.tsar import TsarScorer

__all__ = ["PROTOCOLS", "protocol_for", "scorer_for"]

#: The evaluations `score` runs, by the names `protocol=` (and `--protocol`) take.
PROTOCOLS: tuple[str, ...] = ("semeval", "swords", LEXSUBGEN, TSAR, PROLEX)


def scorer_for(system: object, gold: GoldInput, protocol: str | None = None,
               profile: str | Profile | None = None, *, mwids: Path | None = None,
               mrsamples: Path | None = None, roots: Roots | None = None,
               spelling: Spelling = PYTHON) -> Scorer:
    """Return the scorer `score(system, gold, ...)` scores with (see `score` for the
    arguments).

    Raises:
        ScoreRefusedError: a dataset name where the system file goes.
        LexsubError: an unknown protocol, or one (or a profile) that is not the gold's.
    """
    _check_order(system, gold, spelling)
    protocol, profile = _protocol(system, gold, protocol, profile, spelling)
    scorer = Scorer(gold, profile, mwids=mwids, mrsamples=mrsamples, roots=roots)
    found = _NAMES.get(type(scorer), "semeval")
    if protocol is not None and protocol != found:
        raise LexsubError(f"{spelling.option('protocol', protocol)} scores "
                          f"{_PROTOCOL_DATA[protocol]}, not {gold} ({found} gold)")
    return scorer


def protocol_for(system: object, gold: object, protocol: str | None = None,
                 profile: str | Profile | None = None, roots: Roots | None = None,
                 spelling: Spelling = PYTHON) -> str:
    """Return the evaluation `score` runs with these arguments (one of `PROTOCOLS`), before
    any gold is read: the one asked for, else the gold's (as `Scorer(gold)` chooses)."""
    protocol, profile = _protocol(system, gold, protocol, profile, spelling)
    if protocol is not None:
        return protocol
    chosen = kind_for(gold, profile, roots)
    return _NAMES.get(chosen.scorer, "semeval") if chosen is not None else "semeval"


_NAMES: dict[type[Any], str] = {SwordsScorer: "swords", LexSubGenScorer: LEXSUBGEN,
                                TsarScorer: TSAR, ProlexScorer: PROLEX}
_PROTOCOL_DATA = {
    "semeval": "a SemEval-2007 or SemEval-2010 gold",
    "swords": "swords-dev or swords-test",
    LEXSUBGEN: f"{', '.join(LEXSUBGEN_DATA)} or a folder of LexSubGen's files gold, "
               "sentences and candidates",
    TSAR: "a tsar2022-* dataset or a *_gold.tsv file",
    PROLEX: "prolex-dev, prolex-test or a ProLex_v1.0_*.csv file",
}


def _protocol(system: object, gold: object, protocol: str | None,
              profile: str | Profile | None, spelling: Spelling
              ) -> tuple[str | None, str | Profile | None]:
    """Return the protocol asked for (a JSON result against `coinco-all`, which is SemEval
    gold too, is LexSubGen's) and the profile that goes with it."""
    if protocol is not None and protocol not in PROTOCOLS:
        raise LexsubError(f"unknown protocol {protocol!r}; known: {', '.join(PROTOCOLS)}")
    if protocol is None and profile is None and isinstance(gold, str) \
            and gold in LEXSUBGEN_DATA and _json_object(system):
        protocol = LEXSUBGEN
    if protocol == LEXSUBGEN and profile is None:
        profile = LEXSUBGEN
    if protocol not in (None, LEXSUBGEN) and isinstance(profile, str) and profile in LSG_PROFILES:
        raise LexsubError(f"{spelling.option('profile', profile)} belongs to "
                          f"{spelling.option('protocol', LEXSUBGEN)}")
    return protocol, profile


def _json_object(system: object) -> bool:
    """Return whether a system file starts (after white space) with `{`: a JSON result, not a
    SemEval answer file (standard input and results in memory are not looked into)."""
    if not isinstance(system, str | Path) or str(system) == "-":
        return False
    try:
        with Path(system).open("rb") as handle:
            return handle.read(4096).lstrip().startswith(b"{")
    except OSError:
        return False


def _check_order(system: object, gold: object, spelling: Spelling) -> None:
    """Refuse a dataset name given where the system file goes (`lexsub score DATASET FILE`)."""
    if not isinstance(system, str | Path) or str(system) == "-" or Path(system).exists():
        return
    name = str(system)
    if name not in {*dataset_names(), *LEXSUBGEN_DATA}:
        return
    if isinstance(gold, str | Path) and Path(gold).is_file():
        raise ScoreRefusedError(f"{name} is a dataset and {gold} a file: the system file comes "
                                f"first, then the dataset: `{spelling.call(str(gold), name)}`")
    raise ScoreRefusedError(f"{name} is a dataset, given where the system file goes: the "
                            f"system file comes first, then the dataset: "
                            f"`{spelling.call('FILE', name)}`")


