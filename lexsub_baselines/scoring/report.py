"""A scoring run's report: its blocks with signatures, JSON form and the official text form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lexsub_baselines.scoring.answers_reader import Problem
from lexsub_baselines.scoring.bounds import UpperBounds
from lexsub_baselines.scoring.deviations import explain
from lexsub_baselines.scoring.emit import Message, summarise
from lexsub_baselines.scoring.jabbari import JabbariScores
from lexsub_baselines.scoring.result import MwScore, SubstitutionScore, format_percent
from lexsub_baselines.scoring.signature import Signature

__all__ = ["Block", "ScoreReport"]


@dataclass(frozen=True)
class Block:
    """One block of results: all items or one further-analysis subset.

    Attributes:
        name: `all`, `NMWT`, `NMWS`, `RAND` or `MAN`.
        score: the numbers.
        signature: the settings that produced them.
        header: the FURTHER ANALYSIS line printed before it ("" for `all`).
    """

    name: str
    score: SubstitutionScore | MwScore
    signature: Signature
    header: str = ""


def _summary(score: SubstitutionScore | MwScore) -> str:
    if isinstance(score, MwScore):
        j = score.to_json()
        return (f"DetP {j['detection_precision']:.2f} DetR {j['detection_recall']:.2f} "
                f"IdP {j['identification_precision']:.2f} IdR {j['identification_recall']:.2f}")
    return (f"P {score.precision:.2f} R {score.recall:.2f} "
            f"ModeP {score.mode_precision:.2f} ModeR {score.mode_recall:.2f}")


@dataclass(frozen=True)
class ScoreReport:
    """Everything one `score` call produced.

    Attributes:
        kind: best, oot or mw.
        profile: the profile name.
        system: the system file path (as given) or `<memory>`.
        blocks: `all` first, then the subsets in scoreFA.pl order.
        problems: every problem found in the system file, with file and line.
        order: printed order of precision and recall (from the profile).
        by_pos: PoS -> score of the `all` block restricted to that PoS (when asked).
        bounds: upper bounds of the gold (when asked).
        jabbari: the Jabbari et al. (2010) measures (when asked).
        notes: what could not be computed and why (e.g. a missing subset file).
        jabbari_by_pos: PoS -> Jabbari measures (when both are asked; Jabbari 2010 reports
            them per PoS).
        gold_problems: what was skipped or suspicious in the gold file (code `malformed`:
            the mw gold lines score.pl reports as `Error in GOLD on line N`).
        hints: what probably went wrong, when the figures look useless (`scoring.hints`).
        empty_undefined: print undefined figures empty, as score.pl (the profile's flag).
        unusable: why nothing useful comes out of this file ("" when something does): no
            answer line of its kind, another format, ids of another split. `lexsub score`,
            `score()` and `Scorer.score` refuse such a file with this line
            (`ScoreRefusedError`); only `refuse=False` returns its report.
    """

    kind: str
    profile: str
    system: str
    blocks: tuple[Block, ...]
    problems: tuple[Problem, ...] = ()
    order: str = "precision-recall"
    by_pos: Mapping[str, SubstitutionScore] | None = None
    bounds: UpperBounds | None = None
    jabbari: JabbariScores | None = None
    notes: tuple[str, ...] = field(default=())
    jabbari_by_pos: Mapping[str, JabbariScores] | None = None
    gold_problems: tuple[Problem, ...] = ()
    hints: tuple[str, ...] = ()
    empty_undefined: bool = False
    unusable: str = ""

    @property
    def main(self) -> SubstitutionScore | MwScore:
        """Return the score on all items."""
        return self.blocks[0].score

    @property
    def messages(self) -> tuple[Message, ...]:
        """Return what the score says besides its figures, as `lexsub score` writes it on
        stderr: the gold's and the file's problems (one warning per kind), the notes, the
        hints (`scoring.emit`)."""
        problems = summarise((*self.gold_problems, *self.problems))
        return (*(Message("warning", line) for line in problems),
                *(Message("note", note) for note in self.notes),
                *(Message("hint", hint) for hint in self.hints))

    def summary(self) -> str:
        """Return the main figures on one line (`P 6.54 R 6.54 ModeP 8.74 ModeR 8.74`)."""
        return _summary(self.main)

    @property
    def signature(self) -> Signature:
        """Return the signature of the `all` block."""
        return self.blocks[0].signature

    def block(self, name: str) -> Block:
        """Return the block `name` (`all`, `NMWT`, ...); KeyError when it was not computed."""
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """Return the object `lexsub score --format json` prints."""
        out: dict[str, Any] = {block.name: block.score.to_json() for block in self.blocks}
        out["signature"] = str(self.signature)
        out["signature_fields"] = self.signature.fields()
        if len(self.blocks) > 1:
            out["signatures"] = {block.name: str(block.signature) for block in self.blocks}
        if self.by_pos is not None:
            out["by_pos"] = {pos: score.to_json() for pos, score in self.by_pos.items()}
        if self.bounds is not None:
            out["upper_bounds"] = self.bounds.to_json()
        if self.jabbari is not None:
            out["jabbari"] = self.jabbari.to_json()
        if self.jabbari_by_pos is not None:
            out["jabbari_by_pos"] = {pos: j.to_json() for pos, j in self.jabbari_by_pos.items()}
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def official_text(self, errors: bool = True) -> str:
        """Return exactly what score.pl / scoreFA.pl print (errors: the `Error in` lines).

        score.pl reads the gold first, so the gold's `Error in` lines (mw gold) come first.
        """
        error_lines = [f"Error in {p.path} on line {p.line}"
                       for p in (*self.gold_problems, *self.problems)
                       if p.code == "malformed"] if errors else []
        lines: list[str] = []
        for index, block in enumerate(self.blocks):
            if index:
                lines += ["", block.header]
            lines += error_lines
            score = block.score
            lines += (score.text_lines(self.order, self.empty_undefined)
                      if isinstance(score, MwScore) else score.text_lines(self.order))
        return "".join(line + "\n" for line in lines)

    def to_text(self, errors: bool = True) -> str:
        """Return the official text, then one signature line per block and the extras.

        Notes (what could not be computed) are not included: the CLI prints them on stderr.
        """
        lines = [""]
        lines += [f"{block.signature} = {_summary(block.score)}" for block in self.blocks]
        lines += explain(d for block in self.blocks for d in block.signature.deviations)
        if self.by_pos is not None:
            lines += ["", "By part of speech (all items):"]
            for pos, score in self.by_pos.items():
                lines.append(f"{pos}: T {score.total} attempted {score.attempted} "
                             f"{_summary(score)}")
        if self.bounds is not None:
            b = self.bounds
            lines += ["", f"Upper bounds (T {b.total}): best {b.best:.2f}, oot with duplicates "
                      f"{b.oot_with_duplicates:.2f}, oot without duplicates "
                      f"{b.oot_without_duplicates:.2f}"]
        if self.jabbari is not None:
            lines += ["", "Jabbari et al. (2010) measures:"]
            for name, value in self.jabbari.to_json().items():
                if isinstance(value, dict):
                    shown = ", ".join(f"{k} = {format_percent(round(v * 100))}"
                                      if k != "k" else f"k = {v:g}" for k, v in value.items())
                    lines.append(f"{name}: {shown}")
        return self.official_text(errors) + "".join(line + "\n" for line in lines)
