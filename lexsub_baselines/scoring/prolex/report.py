"""The report of one predictions file scored as ProLex's `evaluate.py` scores it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexsub_baselines.scoring.emit import Message
from lexsub_baselines.scoring.signature import Signature

__all__ = ["ASPECT_NAMES", "MEASURES", "ProlexReport", "figure_names"]

#: The aspects, in the order printed: acceptable substitutes, then proficiency-oriented ones.
ASPECT_NAMES: tuple[str, ...] = ("acc", "prof")
#: The three figures of each k, in `evaluate.py`'s order (precision, recall, F1).
MEASURES: tuple[str, ...] = ("P", "R", "F1")


def figure_names(cuts: tuple[int, ...]) -> tuple[str, ...]:
    """Return the figures of an aspect in printed order (`P@10`, `R@10`, `F1@10`, `P@5`, ...).

    >>> figure_names((10, 1))
    ('P@10', 'R@10', 'F1@10', 'P@1', 'R@1', 'F1@1')
    """
    return tuple(f"{m}@{k}" for k in cuts for m in MEASURES)


@dataclass(frozen=True)
class ProlexReport:
    """ProLex's figures of one file: per aspect, P, R and F1 at each k, unrounded.

    Attributes:
        system: the predictions file.
        metrics: aspect -> figure (`P@10`, ...) -> its value (a fraction, unrounded).
        counts: aspect -> k -> (hits, predicted, gold): the sums behind the figures.
        scored: aspect -> the rows whose gold list is not empty (the others are skipped).
        total: the benchmark's rows.
        signature: the settings.
        notes: where the file departs from what evaluate.py reads, one line each.
    """

    system: str
    metrics: dict[str, dict[str, float]]
    counts: dict[str, dict[str, tuple[int, int, int]]]
    scored: dict[str, int]
    total: int
    signature: Signature
    notes: tuple[str, ...] = ()

    @property
    def messages(self) -> tuple[Message, ...]:
        """Return the notes as warnings (`scoring.emit`)."""
        return tuple(Message("warning", note) for note in self.notes)

    def headline(self) -> dict[str, float]:
        """Return {acc P@10, acc R@10, acc F1@10, prof ...}: evaluate.py's default k."""
        return {f"{aspect} {name}": self.metrics[aspect][name] for aspect in ASPECT_NAMES
                for name in ("P@10", "R@10", "F1@10")}

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict: `metrics` by aspect, then figure (fractions)."""
        return {"system": self.system, "protocol": self.signature.measure,
                "profile": self.signature.profile,
                "metrics": {a: dict(v) for a, v in self.metrics.items()},
                "counts": {a: {k: list(c) for k, c in v.items()}
                           for a, v in self.counts.items()},
                "instances_scored": dict(self.scored), "instances_in_data": self.total,
                "signature": str(self.signature),
                "signature_fields": self.signature.fields(), "notes": list(self.notes)}

    def to_text(self) -> str:
        """Return the figures, one line per aspect and k, then the signature."""
        lines = [f"ProLex evaluation (evaluate.py, exact strings): {self.system} "
                 f"({self.total} rows; acc: {self.scored['acc']} with a gold list, prof: "
                 f"{self.scored['prof']})"]
        for aspect in ASPECT_NAMES:
            for k in (name.partition("@")[2] for name in self.metrics[aspect]
                      if name.startswith("P@")):
                values = "  ".join(f"{m:<2} {self.metrics[aspect][f'{m}@{k}']:.4f}"
                                   for m in MEASURES)
                lines.append(f"  {aspect:<4} @{k:<3} {values}")
        lines.append(str(self.signature))
        return "\n".join(lines) + "\n"
