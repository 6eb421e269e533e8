"""`paired`: a system tested against other files on the same instances, under any protocol.

What `lexsub score SYSTEM DATA --paired OTHER…` runs: the system and each other file are
read by the scorer of the data (`Scorer`: SemEval-2007 best/oot, SWORDS, LexSubGen's
protocol, TSAR-2022), turned into per-instance contributions (`Scorer.contributions`) on
the system's instances, and tested figure by figure (`significance.paired_test`:
approximate randomisation for p, the paired bootstrap for the 95% interval of Δ = system −
other). What is paired:

- SemEval-2007: the items of T; an item without a line (or with a blank one) is unattempted,
  as the official scorer counts it. The `all` block only (no subsets, no mw).
- SWORDS: the gold's targets; a target a file does not list is an empty list, as the
  benchmark's evaluation counts it.
- LexSubGen's protocol: the instances the system is scored on (all, or the listed ones with
  `only_listed`); an instance another file lacks is an empty list, and its lists shorter
  than 10 are padded with wrong guesses (`lexsubgen-padded`), each said in a note.
- TSAR-2022: the system file's instances (the evaluator's means run over a predictions
  file's lines); an instance another file lacks is an empty list there, and the other
  file's lines outside them are left out, each said in a note: the other file's figures on
  the pairing can then differ from its own score.

A file of another kind or format, or on none of the system's instances, is refused in one
line naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError, NothingToScoreError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.scoring.contributions import Contributions, Statistic
from lexsub_baselines.scoring.lexsubgen.scorer import LexSubGenScorer
from lexsub_baselines.scoring.notes import as_paired_file
from lexsub_baselines.scoring.other_protocol import OtherProtocolScorer
from lexsub_baselines.scoring.prolex import ProlexScorer
from lexsub_baselines.scoring.scorer import GoldInput, Scorer
from lexsub_baselines.scoring.significance import (
    BOOTSTRAP,
    RANDOMISATION,
    RESAMPLES,
    PairedTest,
    paired_test,
)
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.swords.scorer import SwordsScorer
from lexsub_baselines.scoring.tsar.scorer import TsarScorer

__all__ = ["Other", "Paired", "PairedReport", "paired"]


@dataclass(frozen=True)
class Other:
    """A file to test the system against.

    Attributes:
        source: the file (a path, or a mapping as the scorer takes it).
        name: what the report calls it (a row's `dataset/system`; default the path).
        pool: a LexSubGen-protocol file ranking the pools for GAP (a `+fill` row's).
    """

    source: Any
    name: str = ""
    pool: Any = None

    @property
    def label(self) -> str:
        """Return the name, or the file's path."""
        return self.name or (str(self.source) if isinstance(self.source, str | Path)
                             else "<memory>")


@dataclass(frozen=True)
class Paired:
    """The test of the system against one other file.

    Attributes:
        other: the other file's label.
        test: the tests, figure by figure (`test.a` the system, `test.b` the other).
        notes: how the other file was read where it matters (instances it lacks, ...).
    """

    other: str
    test: PairedTest
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PairedReport:
    """A system tested against other files.

    Attributes:
        system: the system's file.
        statistic: the protocol's figures (`statistic.name`: `best`, `oot`, `swords`,
            `lexsubgen`, `tsar2022`), their rounding and decimals.
        items: the paired instances.
        resamples: trials of each test.
        seed: their seed.
        comparisons: one per other file, in the order given.
    """

    system: str
    statistic: Statistic
    items: int
    resamples: int
    seed: int
    comparisons: tuple[Paired, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the tests as JSON-ready data (figures unrounded)."""
        return {"system": self.system, "protocol": self.statistic.name, "items": self.items,
                "resamples": self.resamples, "seed": self.seed,
                "p": RANDOMISATION, "interval": BOOTSTRAP,
                "tests": [{"other": c.other, "items": c.test.items,
                           "differing": c.test.differing, "notes": list(c.notes),
                           "measures": {m.measure: {
                               "label": m.label, "system": m.a, "other": m.b,
                               "delta": m.delta, "interval": [m.low, m.high], "p": m.p}
                               for m in c.test.measures}}
                          for c in self.comparisons]}

    def to_text(self) -> str:
        """Return one table per other file: each figure of both, Δ, its interval and p."""
        lines = [f"paired tests of {self.system} ({self.items} instances, {self.resamples:,} "
                 f"resamples, seed {self.seed}; Δ = system − other)",
                 f"  p: {RANDOMISATION}", f"  95% interval: {BOOTSTRAP}"]
        d, shown = self.statistic.digits, self.statistic.shown
        for comparison in self.comparisons:
            test = comparison.test
            lines += ["", f"against {comparison.other} ({test.items} paired instances, "
                          f"{test.differing} on which the two differ):",
                      f"  {'measure':<15} {'system':>9} {'other':>9} {'Δ':>9}  "
                      f"{'95% interval':<21} {'p':>7}"]
            for m in test.measures:
                interval = (f"[{m.low:+.{d}f}, {m.high:+.{d}f}]" if m.low is not None
                            and m.high is not None else "")
                lines.append(f"  {m.label:<15} {shown(m.a):>9} {shown(m.b):>9} "
                             f"{m.delta:>+9.{d}f}  {interval:<21} {m.p:>7.4f}")
            lines += [f"  note: {note}" for note in comparison.notes]
        return "\n".join(lines) + "\n"


def _usable(scorer: Scorer, source: Any, kind: str, spelling: Spelling,
            other: bool = False) -> None:
    """Raise where the scorer would refuse the file (its own one-line reasons, naming options
    as `spelling` does; for an `other` file, its kind is the scored file's: `as_paired_file`)."""
    if isinstance(scorer, SwordsScorer | TsarScorer | ProlexScorer):
        scorer.score(source, warn=False, spelling=spelling)
    elif not isinstance(scorer, LexSubGenScorer):
        report = scorer.score(source, kind, warn=False, refuse=False, spelling=spelling)
        if report.unusable:
            reason = as_paired_file(report.unusable, kind, spelling) if other \
                else report.unusable
            raise NothingToScoreError(f"--paired: {reason}")


def _contributions(scorer: Scorer, source: Any, kind: str, universe: Sequence[str] | None,
                   only_listed: bool, pool: Any) -> Contributions:
    if isinstance(scorer, LexSubGenScorer):
        return scorer.contributions(source, universe=universe, only_listed=only_listed,
                                    pool=pool, pad=True if universe is not None else None)
    if isinstance(scorer, SwordsScorer | TsarScorer | ProlexScorer):
        return scorer.contributions(source, universe=universe)
    return scorer.contributions(source, kind, universe=universe)


def _notes(scorer: Scorer, b: Contributions, label: str, items: int) -> list[str]:
    notes = []
    if b.missing:
        how = ("no line or a blank one: unattempted, as the official scorer counts them"
               if not isinstance(scorer, OtherProtocolScorer)
               else "each counts as an empty list (unanswered)")
        notes.append(f"{len(b.missing)} of the {items} paired instances are not answered in "
                     f"{label} ({how})")
    if b.ignored:
        notes.append(f"{label} lists {b.ignored} instances the system is not scored on: left "
                     "out of the pairing")
    return [*notes, *b.notes]


def paired(system: Any, gold: GoldInput | Scorer, others: Sequence[Any],
           kind: str | None = None, profile: str | None = None, *,
           resamples: int = RESAMPLES, seed: int = 0, only_listed: bool = False,
           pool: Any = None, roots: Roots | None = None,
           spelling: Spelling = PYTHON) -> PairedReport:
    """Test a system against other files on the same instances, figure by figure.

    Arguments:
        system: the system's file (or what the scorer takes: a mapping, lines, ...).
        gold: what `Scorer` takes (a dataset name, a gold file), or a `Scorer`.
        others: the files to test it against: paths, mappings, or `Other`s.
        kind: SemEval-2007 `best` (the default) or `oot`; the other protocols have one.
        profile: the scorer profile (default: the data's).
        resamples: trials of each test (default 1,000).
        seed: their seed (the same seed gives the same figures).
        only_listed: LexSubGen's protocol: pair on the instances the system lists.
        pool: LexSubGen's protocol: the system's pool file (a `+fill` row's GAP).
        roots: where dataset names are looked up.
        spelling: how a refusal's hint names options (`scoring.spelling`; `lexsub score
            --paired` passes its flags).

    Returns:
        One test per other file; `to_text()` and `to_json()` are what `lexsub score
        --paired` prints.

    Raises:
        LexsubError: a file the scorer refuses, mw, a file on none of the system's instances,
            no other file.
    """
    if not others:
        raise LexsubError("--paired needs at least one file to test the system against")
    scorer = gold if isinstance(gold, Scorer) else Scorer(gold, profile, roots=roots)
    kind = kind or "best"
    if not isinstance(scorer, OtherProtocolScorer) and kind not in ("best", "oot"):
        raise LexsubError(f"--paired tests best or oot answers, not {kind} (the mw figures "
                          "are not sums over the items of T)")
    _usable(scorer, system, kind, spelling)
    a = _contributions(scorer, system, kind, None, only_listed, pool)
    if not a.ids:
        raise NothingToScoreError(f"{a.source}: no instance to pair on")
    comparisons = []
    for given in others:
        other = given if isinstance(given, Other) else Other(given)
        _usable(scorer, other.source, kind, spelling, other=True)
        b = _contributions(scorer, other.source, kind, a.ids, only_listed, other.pool)
        if len(b.missing) == len(a.ids) and len(a.ids) > 0 and b.ignored:
            raise NothingToScoreError(f"--paired {other.label}: none of its instances is one "
                                      f"of the {len(a.ids)} {a.source} is scored on: was it "
                                      "made for another set?")
        comparisons.append(Paired(other.label, paired_test(a, b, resamples, seed),
                                  tuple(_notes(scorer, b, other.label, len(a.ids)))))
    return PairedReport(a.source, a.statistic, len(a.ids), resamples, seed,
                        tuple(comparisons))
