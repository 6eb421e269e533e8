"""What a score is read with: problems with an answer file's ids, notes on undefined figures."""

from __future__ import annotations

from collections.abc import Mapping

from lexsub_baselines.scoring.answers_reader import Problem, SystemAnswers
from lexsub_baselines.scoring.profile import Profile
from lexsub_baselines.scoring.result import MwScore, SubstitutionScore

__all__ = ["attempt_notes", "unknown_id_problems"]


def unknown_id_problems(system: SystemAnswers, lexelts: Mapping[str, str]) -> list[Problem]:
    """Return a problem for each answer line whose id the gold lacks or whose lexelt differs."""
    problems = []
    for line in system.lines:
        lexelt = lexelts.get(line.id)
        if lexelt is None:
            problems.append(Problem(system.path, line.line, "unknown-id",
                                    f"id {line.id} is not in the gold; ignored"))
        elif line.lexelt and line.lexelt != lexelt:
            problems.append(Problem(system.path, line.line, "lexelt-mismatch",
                                    f"lexelt {line.lexelt} for id {line.id}, the gold has "
                                    f"{lexelt} (the id decides; scored)"))
    return problems


def attempt_notes(main: SubstitutionScore | MwScore, path: str, profile: Profile) -> list[str]:
    """Return a note for each figure score.pl cannot compute (and how it is reported here)."""
    if isinstance(main, MwScore):
        if main.mw_found:
            return []
        shown = "left empty, as score.pl prints them" if profile.empty_undefined \
            else "reported as 0.00"
        return [f"{path}: no system multiword: detection and identification precision are "
                f"undefined ({shown})"]
    if not main.attempted:
        return [f"{path}: no item attempted; precision reported as 0.00 (score.pl dies with "
                "a division by zero before printing)"]
    if not main.attempted_mode:
        return [f"{path}: no attempted item has a mode; Mode precision reported as 0.00 "
                "(score.pl dies with a division by zero after its first two lines)"]
    return []
