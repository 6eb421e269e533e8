"""Run named systems on named datasets, write the official answer files and score them.

This is what `make baselines` (`lexsub baselines`) does: for every system and dataset it writes
`results/<dataset>/<system>.{best,oot,mw}`, scores each file with the official profile (with
the further-analysis subsets where the key provides them, and per PoS), and collects
`results/scores.json` (dataset → system → kind → the object `lexsub score --format json
--subsets` prints) and `results/runs.json` (instances answered, unanswered, seconds).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.datasets.prolex import PROLEX_FORMAT, prolex_gold
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.swords import SWORDS_FORMAT
from lexsub_baselines.datasets.tsar import TSAR_FORMAT
from lexsub_baselines.substitutes.answers import (
    PROLEX_KIND,
    SWORDS_KIND,
    TSAR_KIND,
    Answers,
    write_answer_file,
    write_prolex_predictions,
    write_swords_result,
    write_tsar_predictions,
)
from lexsub_baselines.systems.base import System
from lexsub_baselines.systems.contract import answer_checked

__all__ = [
    "RunRecord",
    "answer_dataset",
    "check_run",
    "file_stem",
    "json_text",
    "run_system",
    "write_answers",
    "write_json",
]

@dataclass(frozen=True)
class RunRecord:
    """What running one system on one dataset produced.

    Attributes:
        dataset: dataset name.
        system: system name.
        instances: number of instances.
        answered: instances with at least one answer of the system's main kind.
        seconds: wall time to answer them.
        files: kind -> answer file written, relative to `out` (so the JSON does not depend
            on where the results folder is).
        out: the results folder.
        scored: False when the dataset has no gold for these answers (e.g. Spanish answers
            for English-only data); `note` says why.
        note: why scoring was skipped, or "".
        digests: kind -> the sha256 of the file written (`runs.json` vouches for its content).
        missing: the ids of the instances left unanswered, with their lexelts
            (`id (lexelt)`), in dataset order; not written to runs.json (`unanswered` is).
        answers: the answers themselves, by instance id (kept in memory only: LS07-all's
            LexSubGen result is made of the trial and test runs, `lexsubgen_runs`).
    """

    dataset: str
    system: str
    instances: int
    answered: int
    seconds: float
    files: tuple[tuple[str, str], ...]
    out: Path
    scored: bool = True
    note: str = ""
    digests: tuple[tuple[str, str], ...] = ()
    missing: tuple[str, ...] = ()
    answers: Mapping[str, Answers] | None = field(default=None, compare=False, repr=False)

    def paths(self) -> list[tuple[str, Path]]:
        """Return (kind, path) of every answer file."""
        return [(kind, self.out / relative) for kind, relative in self.files]

    @property
    def unanswered(self) -> int:
        """Return the number of instances left without an answer (scored as unattempted)."""
        return self.instances - self.answered

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (no timing: outputs stay byte-identical)."""
        return {"instances": self.instances, "answered": self.answered,
                "unanswered": self.unanswered, "files": dict(self.files),
                "sha256": dict(self.digests), "scored": self.scored, "note": self.note}


def answer_dataset(system: System, dataset: Dataset, progress: bool = True) -> dict[str, Answers]:
    """Return {instance id: answers} for every instance of `dataset`, in dataset order."""
    answers: dict[str, Answers] = {}
    instances = dataset.instances()
    for instance in tqdm(instances, desc=f"{dataset.name} {system.name}", unit="inst",
                         file=sys.stderr, leave=False,
                         # None: tqdm draws only on a terminal (no carriage returns in logs)
                         disable=None if progress else True):
        answers[instance.id] = answer_checked(system, instance)  # a user's error: one line
    return answers


def run_system(system: System, dataset: Dataset, out_dir: Path, score: bool = True,
               note: str = "", progress: bool = True) -> RunRecord:
    """Answer `dataset` with `system` and write one official answer file per kind."""
    start = time.perf_counter()
    answers = answer_dataset(system, dataset, progress)
    seconds = time.perf_counter() - start
    files = write_answers(system, dataset, answers, out_dir)
    main_kind = system.kinds[0]
    lexelts = {i.id: i.lexelt for i in dataset.instances()}
    missing = tuple(f"{i} ({lexelts.get(i, '?')})" for i, a in answers.items()
                    if not a.for_kind(main_kind))
    digests = tuple((kind, file_sha256(out_dir / relative)) for kind, relative in files)
    return RunRecord(dataset.name, system.name, len(answers), len(answers) - len(missing),
                     seconds, files, out_dir, scored=score, note=note, digests=digests,
                     missing=missing, answers=answers)


def check_run(system: System, dataset: Dataset) -> None:
    """Refuse a run whose answers the dataset cannot use.

    Raises:
        LexsubError: the system writes no file the dataset can score (the multiword
            detector on SWORDS, CoInCo or CLLS-2010), or answers in another language than
            the dataset's gold (a cross-lingual system on SemEval-2007, an English one on
            CLLS-2010 or TSAR-2022 Spanish), or reads other instances than the dataset's (a
            Spanish or Portuguese TSAR system anywhere but its language's TSAR-2022 sets).
    """
    language = getattr(system, "language", "en")
    language = language if isinstance(language, str) else "en"
    source = getattr(system, "source_language", "en")
    if source != "en" and not (dataset.spec.format == TSAR_FORMAT
                               and dataset.spec.language == source):
        raise LexsubError(
            f"system {system.name} reads {source} words: it runs on tsar2022-{source}-trial and "
            f"tsar2022-{source}-test only, not on {dataset.name}")
    if dataset.spec.format == TSAR_FORMAT and dataset.spec.language != source:
        raise LexsubError(
            f"system {system.name} reads English words and {dataset.name}'s are "
            f"{dataset.spec.language}: run mythes:{dataset.spec.language} or "
            f"wordnet:{dataset.spec.language} on it (`lexsub systems`), or score a file with "
            f"`lexsub score PRED.tsv {dataset.name}`")
    kinds = answer_kinds(system, dataset)
    if dataset.spec.format not in (SWORDS_FORMAT, TSAR_FORMAT, PROLEX_FORMAT):  # their gold
        kinds = tuple(k for k in kinds
                      if dataset.spec.relpath("mwgold" if k == "mw" else "gold") is not None)
    if not kinds:
        why = {SWORDS_FORMAT: "SWORDS scores ranked substitutes",
               TSAR_FORMAT: "TSAR-2022 scores ranked substitutes"}.get(
                   dataset.spec.format, "it has no gold for them")
        raise LexsubError(
            f"system {system.name} writes {', '.join(system.kinds)} answers, which "
            f"{dataset.name} cannot score ({why}): run a substitution system on it, or "
            f"{system.name} on semeval2007-trial or semeval2007-test")
    if language != dataset.spec.language:
        names = {"en": "English", "es": "Spanish"}
        raise LexsubError(
            f"system {system.name} answers in {names.get(language, language)}, and "
            f"{dataset.name}'s gold is {names.get(dataset.spec.language, dataset.spec.language)}:"
            f" its answers could not be scored; run it on a dataset in "
            f"{names.get(language, language)} (`lexsub datasets` lists each one's language)")


def answer_kinds(system: System, dataset: Dataset) -> tuple[str, ...]:
    """Return the files `system` writes for `dataset`: its kinds, or on SWORDS (TSAR-2022)
    one result, `lsr` (`tsar2022`), when it substitutes (best or oot) and none when it only
    detects multiwords."""
    if dataset.spec.format in (SWORDS_FORMAT, TSAR_FORMAT, PROLEX_FORMAT):
        kind = {SWORDS_FORMAT: SWORDS_KIND, TSAR_FORMAT: TSAR_KIND}.get(dataset.spec.format,
                                                                        PROLEX_KIND)
        return (kind,) if {"best", "oot"} & set(system.kinds) else ()
    return tuple(system.kinds)


def write_answers(system: System, dataset: Dataset, answers: Mapping[str, Answers],
                  out_dir: Path) -> tuple[tuple[str, str], ...]:
    """Write `out_dir/<dataset>/<system>.<kind>` for each kind (on SWORDS one
    `<system>.lsr.json`, on TSAR-2022 one `<system>.tsv` of the oot answers, in the task's
    format, on ProLex one `<system>.csv`, its own); return (kind, relative path)."""
    if dataset.spec.format == TSAR_FORMAT:
        if not answer_kinds(system, dataset):
            return ()
        relative = f"{dataset.name}/{file_stem(system.name)}.tsv"
        write_tsar_predictions(out_dir / relative, (
            (i.sentence, i.lemma, answers[i.id].oot) for i in dataset.instances()
            if i.id in answers))
        return ((TSAR_KIND, relative),)
    if dataset.spec.format == PROLEX_FORMAT:  # its CSV: the benchmark's word and sentence
        if not answer_kinds(system, dataset):
            return ()
        relative = f"{dataset.name}/{file_stem(system.name)}.csv"
        benchmark = prolex_gold(dataset.read("gold"), str(dataset.path("gold")))
        write_prolex_predictions(out_dir / relative, (
            (row.word, row.sentence, answers[i].oot[:10] if i in answers else ())
            for i, row in benchmark.items()))
        return ((PROLEX_KIND, relative),)
    if dataset.spec.format == SWORDS_FORMAT:
        if not answer_kinds(system, dataset):
            return ()
        relative = f"{dataset.name}/{file_stem(system.name)}.{SWORDS_KIND}.json"
        write_swords_result(out_dir / relative,
                            ((i, a.ranked) for i, a in answers.items()), system.name)
        return ((SWORDS_KIND, relative),)
    lexelts = {i.id: i.lexelt for i in dataset.instances()}
    files = []
    for kind in system.kinds:
        relative = f"{dataset.name}/{file_stem(system.name)}.{kind}"
        rows = ((lexelts[i], i, a.for_kind(kind)) for i, a in answers.items())
        write_answer_file(out_dir / relative, kind, rows)
        files.append((kind, relative))
    return tuple(files)


def file_stem(system_name: str) -> str:
    """Return a file-name-safe form of a system name (`wordnet+freq:bnc` -> `wordnet+freq-bnc`)."""
    return system_name.replace(":", "-").replace("/", "-")


def json_text(data: Any) -> str:
    """Return `data` as the stable, sorted, indented JSON the results files hold."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_json(path: Path, data: Any) -> None:
    """Write `data` as stable, sorted, indented JSON, atomically."""
    atomic_write_text(path, json_text(data))


def load_json(path: Path, remedy: str = "re-run `lexsub baselines`, or delete the file") -> Any:
    """Read JSON written by `write_json` (empty dict when absent).

    Raises:
        LexsubError: the file is not JSON (the message names it and `remedy`).
    """
    if not path.is_file():
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LexsubError(f"{path}: not JSON ({error}); {remedy}") from None


def merge(base: dict[str, Any], dataset: str, system: str, value: Any) -> None:
    """Set base[dataset][system] = value, creating the dataset level."""
    base.setdefault(dataset, {})[system] = value


def select(names: Sequence[str], wanted: Sequence[str] | None) -> list[str]:
    """Return `wanted` (validated against `names`) or all `names`."""
    return list(wanted) if wanted else list(names)
