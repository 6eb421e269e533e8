"""One system's unit of a run: every dataset it answers, answered in one process.

`lexsub baselines` answers each system as one unit (a Dask task, `runs.answering`): the
SemEval-2007 trial and test sets and SWORDS dev and test (or, for a cross-lingual system,
CLLS-2010, or SemEval-2007 unscored when CLLS-2010 is absent), then LS07-all and CoInCo under
LexSubGen's protocol with the `+fill` rows (and CoInCo's test part, from the CoInCo answers,
under the official scorer: `runs.coinco_test`), then TSAR-2022 plain and `+simpler`, then
ProLex (`runs.prolex_runs`). `answer_unit`
writes the answer and result files into a folder laid out as `--out` is and returns the
unit's record (`unit.json`: what each row answered, and how each is to be scored); scoring
is apart (`runs.unit_scores`), so that the two are keyed apart (`runs.result_cache`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.runs.coinco_test import coinco_test_run
from lexsub_baselines.runs.lexsubgen_runs import LexSubGenInputs, answer_lexsubgen, fill_answers
from lexsub_baselines.runs.prolex_runs import (
    ProlexTags,
    answer_prolex,
    prolex_settings,
    prolex_tagging,
)
from lexsub_baselines.runs.row_kinds import LEXSUBGEN_DATASETS
from lexsub_baselines.runs.runner import RunRecord, answer_kinds, run_system
from lexsub_baselines.runs.tsar_runs import (
    answer_tsar,
    source_language,
    tsar_datasets,
    tsar_settings,
    tsar_system,
)
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.fill import FilledSystem

__all__ = ["CROSS_LINGUAL", "ENGLISH", "SWORDS", "UnitSpec", "answer_unit", "unit_spec"]

#: The English datasets every English system runs on.
ENGLISH = ("semeval2007-trial", "semeval2007-test")
#: The SWORDS splits, which every English substitution system also answers when present.
SWORDS = ("swords-dev", "swords-test")
#: The cross-lingual datasets, used by Spanish systems when their files are present.
CROSS_LINGUAL = ("clls2010-trial", "clls2010-test")
#: Why a Spanish system's answers are not scored when CLLS-2010 is absent.
_NO_CLLS = ("CLLS-2010 data not found (see `lexsub datasets`): Spanish answers written for the "
            "SemEval-2007 English instances, not scored")


@dataclass(frozen=True)
class UnitSpec:
    """What one system's unit answers (part of its key: `to_json`).

    Attributes:
        system: the system's name.
        english: the English datasets present (SemEval-2007 trial and test, SWORDS).
        crosslingual: the CLLS-2010 sets present.
        lexsubgen: also LS07-all and CoInCo under LexSubGen's protocol, with `+fill`.
        tsar: also TSAR-2022 (English for English systems; its language's for the Spanish
            and Portuguese ones), plain and `+simpler`.
        prolex: the ProLex sets present, with our parser's tags (`runs.prolex_runs`).
    """

    system: str
    english: tuple[str, ...]
    crosslingual: tuple[str, ...]
    lexsubgen: bool
    tsar: bool
    prolex: tuple[ProlexTags, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return the spec as JSON-ready data."""
        return {"system": self.system, "english": list(self.english),
                "crosslingual": list(self.crosslingual), "lexsubgen": self.lexsubgen,
                "tsar": self.tsar, "prolex": [tags.to_json() for tags in self.prolex]}


def unit_spec(system: str, roots: Roots, lexsubgen: bool, tsar: bool) -> UnitSpec:
    """Return the unit of `system` with the datasets present under `roots`."""
    swords = tuple(n for n in SWORDS if load_dataset(n, roots).has("instances"))
    crosslingual = tuple(n for n in CROSS_LINGUAL if n in dataset_names()
                         and load_dataset(n, roots).has("instances"))
    return UnitSpec(system, (*ENGLISH, *swords), crosslingual, lexsubgen, tsar,
                    prolex_tagging(roots))


def _datasets(spec: UnitSpec, system: System, roots: Roots) -> tuple[list[Dataset], bool, str]:
    """Return (datasets, scored?, why not) of a system reading English."""
    if getattr(system, "language", "en") == "en":
        return [load_dataset(n, roots) for n in spec.english], True, ""
    if spec.crosslingual:
        return [load_dataset(n, roots) for n in spec.crosslingual], True, ""
    return [load_dataset(n, roots) for n in ENGLISH], False, _NO_CLLS


def _add(unit: dict[str, Any], record: RunRecord, score: Mapping[str, Any],
         extra: Mapping[str, Any] | None = None) -> None:
    """Add a row to the unit's record: its run record (what runs.json holds), how it is to
    be scored, what its score row adds (`extra`), and its answering time."""
    unit["rows"].append({"dataset": record.dataset, "system": record.system,
                         "record": {**record.to_json(), **(extra or {})},
                         "score": dict(score), "extra": dict(extra or {}),
                         "seconds": round(record.seconds, 3)})


def answer_unit(spec: UnitSpec, roots: Roots, work: Path, inputs: LexSubGenInputs,
                progress: bool = False) -> dict[str, Any]:
    """Build the system, answer every dataset of its unit into `work` and return the unit's
    record: `rows` (each run, in order), `skipped` ([dataset, system, why] of answers not
    scored) and `notes` (log lines: a dataset absent, a fill not made).

    Raises:
        LexsubError: the system cannot be built or answer (its own error).
    """
    from lexsub_baselines.catalog import build_system

    system = build_system(spec.system, roots)
    source = source_language(system)  # a Spanish or Portuguese system: TSAR only
    datasets, scored, note = ([], True, "") if source != "en" else _datasets(spec, system,
                                                                               roots)
    unit: dict[str, Any] = {"rows": [], "skipped": [], "notes": []}
    made: dict[str, Any] = {}
    for dataset in datasets:
        if not answer_kinds(system, dataset):
            continue  # e.g. the mw detector on SWORDS: nothing to substitute
        record = run_system(system, dataset, work, score=scored, note=note, progress=progress)
        _add(unit, record, {"how": "files" if scored else None})
        made[dataset.name] = record.answers
        if not scored:
            unit["skipped"].append([dataset.name, spec.system, note])
    english = scored and getattr(system, "language", "en") == "en"
    if english and spec.lexsubgen:
        _answer_lexsubgen(system, made, work, roots, inputs, unit, progress)
        for record in coinco_test_run(system, made, work, roots):  # ParaLS's footing
            _add(unit, record, {"how": "files"})
    if english and {"best", "oot"} & set(system.kinds):
        for tags in spec.prolex:
            _add(unit, answer_prolex(system, tags, work, roots, progress), {"how": "prolex"},
                 {"prolex": prolex_settings(tags)})
    if (english or source != "en") and spec.tsar and {"best", "oot"} & set(system.kinds):
        _answer_tsar(system, work, roots, unit, progress)
    return unit


def _answer_lexsubgen(system: System, made: dict[str, Any], work: Path, roots: Roots,
                      inputs: LexSubGenInputs, unit: dict[str, Any], progress: bool) -> None:
    """Answer LS07-all (from the trial and test answers) and CoInCo, and fill both."""
    from lexsub_baselines.catalog.fill_policies import fill_system

    filled = (fill_system(system, roots, chain=inputs.fill_chain())
              if not isinstance(system, FilledSystem) else None)
    for name in LEXSUBGEN_DATASETS:
        try:
            done = answer_lexsubgen(system, name, work, roots, made, progress)
        except MissingResourceError as error:
            unit["notes"].append(f"lexsub: note: {name} not run ({error})")
            continue
        if done is None:
            continue
        record, short = done
        made[name] = record.answers  # coinco-test's answers are coinco-all's
        _add(unit, record, {"how": "lexsubgen", "short": short})
        if filled is None or record.answers is None:
            continue
        try:  # a chain source whose input is absent: the unfilled row still counts
            filled_record, fill = fill_answers(filled, name, record.answers, work, inputs)
        except MissingResourceError as error:
            unit["notes"].append(f"lexsub: note: {filled.name} on {name} not made ({error})")
            continue
        _add(unit, filled_record, {"how": "filled", "fill": fill})


def _answer_tsar(system: System, work: Path, roots: Roots, unit: dict[str, Any],
                 progress: bool) -> None:
    """Answer the TSAR-2022 sets of the system's language, plain and `+simpler`; a dataset
    whose data is absent, or every dataset when a frequency list is, is left out with a
    note."""
    how = tsar_settings(system=system)
    wrapped = None
    for name in tsar_datasets(source_language(system)):
        dataset = load_dataset(name, roots)
        if not dataset.has("instances") or not dataset.has("gold"):
            unit["notes"].append(f"lexsub: note: {name} not run (its data is absent: `lexsub "
                                 "fetch tsar2022`)")
            continue
        try:
            wrapped = wrapped or tsar_system(system, roots)
        except MissingResourceError as error:  # a frequency list absent: the other rows stand
            unit["notes"].append(f"lexsub: note: {system.name} not run on TSAR-2022 ({error})")
            return
        for record in answer_tsar(wrapped, dataset, work, progress):
            _add(unit, record, {"how": "tsar"}, {"tsar": how})
