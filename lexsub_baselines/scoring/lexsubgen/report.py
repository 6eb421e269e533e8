"""The report of one result scored under LexSubGen's protocol."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexsub_baselines.scoring.emit import Message
from lexsub_baselines.scoring.signature import Signature

__all__ = ["HEADLINE", "METRICS", "LsgReport"]

#: The metrics, under LexSubGen's names, in its order.
METRICS: tuple[str, ...] = ("gap", "gap_normalized", "prec@1", "rec@1", "f1@1", "prec@3",
                            "rec@3", "f1@3", "prec@10", "rec@10", "f1@10")
#: The four its README reports: GAP (= `gap_normalized`), P@1, P@3, R@10.
HEADLINE: tuple[tuple[str, str], ...] = (("GAP", "gap_normalized"), ("P@1", "prec@1"),
                                         ("P@3", "prec@3"), ("R@10", "rec@10"))


@dataclass(frozen=True)
class LsgReport:
    """Means in percent (unrounded), how many values each mean holds, the signature.

    Attributes:
        system: the result's path.
        metrics: name -> mean x 100 (None when no instance had a value).
        counts: name -> the number of instances in the mean (GAP skips those with no gold).
        scored: the instances scored.
        total: the dataset's instances (with a gold line).
        signature: the settings.
        notes: what was ignored or read otherwise.
    """

    system: str
    metrics: dict[str, float | None]
    counts: dict[str, int]
    scored: int
    total: int
    signature: Signature
    notes: tuple[str, ...] = ()

    @property
    def messages(self) -> tuple[Message, ...]:
        """Return the notes (`scoring.emit`)."""
        return tuple(Message("note", note) for note in self.notes)

    def headline(self) -> dict[str, float | None]:
        """Return {GAP, P@1, P@3, R@10} as LexSubGen's README reports them."""
        return {label: self.metrics[name] for label, name in HEADLINE}

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict (metrics in percent, unrounded)."""
        return {"system": self.system, "protocol": self.signature.measure,
                "profile": self.signature.profile, "metrics": dict(self.metrics),
                "counts": dict(self.counts), "instances_scored": self.scored,
                "instances_in_data": self.total, "signature": str(self.signature),
                "signature_fields": self.signature.fields(), "notes": list(self.notes)}

    def to_text(self) -> str:
        """Return the figures as LexSubGen prints them (x 100, two decimals), then the signature."""
        lines = [f"LexSubGen protocol: {self.system} ({self.scored} instances)"]
        for name in METRICS:
            value = self.metrics[name]
            shown = "undefined" if value is None else f"{round(value, 2):.2f}"
            lines.append(f"  {name:<15} {shown:>9}   (n={self.counts[name]})")
        lines.append(str(self.signature))
        return "\n".join(lines) + "\n"
