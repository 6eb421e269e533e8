"""The report of one predictions file scored as TSAR-2022's evaluation scores it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexsub_baselines.scoring.emit import Message
from lexsub_baselines.scoring.signature import Signature
from lexsub_baselines.tables.tsar import TSAR_METRICS

__all__ = ["EVALUATOR_NAMES", "HEADLINE", "METRICS", "TsarReport"]

#: The ten figures, named and ordered as the official results tables (results/official/*.csv).
METRICS: tuple[str, ...] = TSAR_METRICS
#: The four printed first (the task paper's headline figures).
HEADLINE: tuple[str, ...] = ("ACC@1", "ACC@1@Top1", "MAP@3", "Potential@3")
#: The name `tsar_eval.py` prints -> the results tables' name.
EVALUATOR_NAMES: dict[str, str] = {
    "MAP@1/Potential@1/Precision@1": "ACC@1",
    "Accuracy@1@top_gold_1": "ACC@1@Top1", "Accuracy@2@top_gold_1": "ACC@2@Top1",
    "Accuracy@3@top_gold_1": "ACC@3@Top1",
    "MAP@3": "MAP@3", "MAP@5": "MAP@5", "MAP@10": "MAP@10",
    "Potential@3": "Potential@3", "Potential@5": "Potential@5", "Potential@10": "Potential@10",
}


@dataclass(frozen=True)
class TsarReport:
    """The ten figures (floored to 4 decimals, as printed), the unfloored ones, the signature.

    Attributes:
        system: the predictions file.
        metrics: name (`METRICS`) -> the figure floored to 4 decimals, as the evaluator prints.
        unfloored: name -> the figure before flooring.
        scored: the instances of the predictions file (the denominator of every mean).
        total: the gold's instances.
        signature: the settings.
        notes: the evaluator's quirks where they changed something, one line each.
    """

    system: str
    metrics: dict[str, float]
    unfloored: dict[str, float]
    scored: int
    total: int
    signature: Signature
    notes: tuple[str, ...] = ()

    @property
    def messages(self) -> tuple[Message, ...]:
        """Return the notes as warnings: each is a quirk of the evaluator that changed a
        figure of this file (`scoring.emit`)."""
        return tuple(Message("warning", note) for note in self.notes)

    def headline(self) -> dict[str, float]:
        """Return {ACC@1, ACC@1@Top1, MAP@3, Potential@3}."""
        return {name: self.metrics[name] for name in HEADLINE}

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict: `metrics` under the results tables' names (floored)."""
        return {"system": self.system, "protocol": self.signature.measure,
                "profile": self.signature.profile, "metrics": dict(self.metrics),
                "unfloored": dict(self.unfloored), "instances_scored": self.scored,
                "instances_in_data": self.total, "signature": str(self.signature),
                "signature_fields": self.signature.fields(), "notes": list(self.notes)}

    def to_text(self) -> str:
        """Return the figures as the evaluator prints them (4 decimals, floored): the headline
        four first, then the other six; then the signature."""
        lines = [f"TSAR-2022 evaluation: {self.system} ({self.scored} of {self.total} "
                 "instances)"]
        rest = [name for name in METRICS if name not in HEADLINE]
        for name in (*HEADLINE, *rest):
            lines.append(f"  {name:<13} {self.metrics[name]:.4f}")
        lines.append(str(self.signature))
        return "\n".join(lines) + "\n"
