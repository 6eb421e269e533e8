"""A SWORDS evaluation's report: the authors' metrics with a signature, as text and JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lexsub_baselines.scoring.emit import Message
from lexsub_baselines.scoring.signature import Signature

__all__ = ["HEADLINE", "SwordsBlock", "SwordsReport"]

#: The four metrics the benchmark's command line prints by default (swords/eval.py `main`).
HEADLINE: tuple[str, ...] = ("lenient_a_f@10", "lenient_c_f@10", "strict_a_f@10",
                             "strict_c_f@10")


@dataclass(frozen=True)
class SwordsBlock:
    """The metrics over one set of targets (all, or one PoS).

    Attributes:
        name: `all` or `pos:n` (v, a, r).
        metrics: metric -> percent, under the authors' names and in their order (the F@10
            family, `strict_c_p@1`, then `gap` and `gap_rat`, as `evaluate` returns them).
        undefined: metric -> why the original evaluation cannot compute it (shown as 0.00).
        gap: `gap` (TRUE-count weights) and `gap_rat` (TRUE-ratio weights), percent (also in
            `metrics`; kept apart for readers of the earlier JSON).
        gap_weightless: targets whose gold weighs nothing (each counts -1 in GAP's mean, as
            the benchmark's GAP script gives it).
        signature: the settings that produced the figures.
    """

    name: str
    metrics: dict[str, float]
    undefined: dict[str, str]
    gap: dict[str, float]
    gap_weightless: int
    signature: Signature

    def to_json(self) -> dict[str, Any]:
        """Return the block as JSON-ready data (unrounded values)."""
        return {"metrics": dict(self.metrics), "undefined": dict(self.undefined),
                "gap": {**self.gap, "weightless_targets": self.gap_weightless},
                "signature": str(self.signature),
                "signature_fields": self.signature.fields()}

    def lines(self) -> list[str]:
        """Return `name = value` lines (two decimals, as the authors' command prints): the
        four `HEADLINE` metrics first, then the others in the authors' order; then the
        signature."""
        order = [*(n for n in HEADLINE if n in self.metrics),
                 *(n for n in self.metrics if n not in HEADLINE)]
        rows = [f"{name} = {self.metrics[name]:.2f}" + (" (undefined in the original)"
                                                         if name in self.undefined else "")
                for name in order]
        return [*rows, str(self.signature)]


@dataclass(frozen=True)
class SwordsReport:
    """Everything one SWORDS evaluation produced.

    Attributes:
        system: the result file (as given) or `<memory>`.
        main: the block over every evaluated target.
        by_pos: one block per PoS (when asked).
        targets: targets evaluated (the gold's targets with at least one labelled substitute).
        listed: evaluated targets the result lists (the others count as empty lists).
        answered: evaluated targets the result gives at least one substitute for, as
            written (what `lexsub run` counts as answered).
        unknown: target ids of the result that the dataset does not have (ignored).
        notes: what the report should be read with (undefined figures, unknown ids, ...).
        problems: warnings about the result file.
        kept: answered targets with a substitute left after preparation (lemmatised, the
            target's own lemma dropped): the lists the metrics see non-empty.
    """

    system: str
    main: SwordsBlock
    by_pos: tuple[SwordsBlock, ...] = ()
    targets: int = 0
    listed: int = 0
    answered: int = 0
    unknown: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    problems: tuple[str, ...] = field(default=())
    kept: int = 0

    @property
    def metrics(self) -> dict[str, float]:
        """Return the main block's metrics (the keys of `evaluate`'s dictionary)."""
        return self.main.metrics

    @property
    def signature(self) -> Signature:
        """Return the main block's signature."""
        return self.main.signature

    @property
    def messages(self) -> tuple[Message, ...]:
        """Return the result's problems (warnings), then the notes (`scoring.emit`)."""
        return (*(Message("warning", line) for line in self.problems),
                *(Message("note", note) for note in self.notes))

    def summary(self) -> str:
        """Return the four headline F@10 figures on one line."""
        return " ".join(f"{name} {self.metrics[name]:.2f}" for name in HEADLINE)

    def to_json(self) -> dict[str, Any]:
        """Return what `lexsub score RESULT swords-test --format json` prints."""
        data = {**self.main.to_json(), "targets": self.targets,
                "listed": self.listed, "answered": self.answered, "kept": self.kept,
                "unknown_targets": len(self.unknown), "notes": list(self.notes)}
        if self.by_pos:
            data["by_pos"] = {block.name.removeprefix("pos:"): block.to_json()
                              for block in self.by_pos}
        return data

    def to_text(self) -> str:
        """Return every metric as `name = value`, then the signature, per block;
        the main block also says how many targets the result covers (`targets`, `listed`,
        `answered`, `kept`, as in the JSON)."""
        main = self.main.lines()
        coverage = [f"targets = {self.targets}", f"listed = {self.listed}",
                    f"answered = {self.answered}", f"kept = {self.kept}"]
        blocks = [[*main[:-1], *coverage, main[-1]]]
        blocks += [[f"[{block.name}]", *block.lines()] for block in self.by_pos]
        return "\n".join("\n".join(lines) for lines in blocks) + "\n"
