"""Every English system on ProLex dev and test, the target tagged by our parser, scored exactly.

ProLex gives the target as written (`defying`) and no PoS. `prolex_tagging` tags each target
in its sentence with our EWT-trained parser (`runs.tsar_runs.parser_tagger`, the
morphologizer's UPOS mapped to n/v/a/r) once per run, in the client (`runs.unit.unit_spec`):
the tags are part of every unit's spec, so of its key, and no unit loads the parser. Each
English substitution system is then wrapped as TSAR-2022's English rows are
(`systems.tsar.TsarSystem`): the word's readings from lemminflect's lexicon, the one our
parser tagged kept (`pos:tagged`; the union where the tag matches no reading or the parser is
not built), each candidate put into the target's form in the sentence (our inflection step:
`goods` -> `products`, as ProLex's gold is written), lower-cased, the target and repeats
dropped, the first 10 kept. No `+simpler` step: ProLex's `prof` aspect asks for the
opposite (substitutes at or above the target's level), and which baselines reach it is the
benchmark's question, answered by the `prof` figures beside `acc`.

The predictions go to `results/<dataset>/<system>.csv` in ProLex's own format (`target word`,
`Sentence` copied from the benchmark CSV, `Substitutes` joined by `", "`), are scored by
`ProlexScorer` (its `evaluate.py` exactly) and recorded in scores.json (`<dataset> -> <row>
-> prolex`) with the row's settings (`prolex`: the PoS source, its agreement with the NLTK
tags of the ProLex authors' `processed.tsv` where that file is in place, the reading source,
the inflection, the case).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from lexsub_baselines.core.cache import file_sha256, kept
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.profile import sample_size
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_outputs import field_file, field_output
from lexsub_baselines.datasets.prolex import prolex_gold
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.runs.runner import RunRecord, file_stem
from lexsub_baselines.substitutes.answers import Answers, write_prolex_predictions
from lexsub_baselines.systems.base import OOT_SIZE, System
from lexsub_baselines.systems.tsar import TsarSystem

__all__ = ["KIND", "PROLEX_DATASETS", "ProlexTags", "answer_prolex", "for_prolex",
           "prolex_settings", "prolex_tagging", "write_prolex_csv"]

#: The kind of a ProLex row in scores.json (the protocol's name).
KIND = "prolex"
#: The ProLex datasets every English substitution system answers.
PROLEX_DATASETS: tuple[str, ...] = ("prolex-dev", "prolex-test")
_NLTK = {"N": "n", "V": "v", "J": "a", "R": "r"}


@dataclass(frozen=True)
class ProlexTags:
    """Our parser's tag of each target of one ProLex dataset (part of the units' key).

    Attributes:
        dataset: `prolex-dev` or `prolex-test`.
        tagger: `parser ewt-<key>` (the parser's build key), or `none (...)`: no tags.
        tags: (row id, n/v/a/r or "" where the parser gave another tag).
        nltk: (rows compared, rows where NLTK's tag in the ProLex authors' processed.tsv is
            ours) or None where that file is not in place.
    """

    dataset: str
    tagger: str
    tags: tuple[tuple[str, str], ...]
    nltk: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the tags as JSON-ready data."""
        return {"dataset": self.dataset, "tagger": self.tagger, "tags": dict(self.tags),
                "nltk": list(self.nltk) if self.nltk is not None else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ProlexTags:
        """Return the tags `to_json` gave."""
        nltk = data.get("nltk")
        return cls(str(data["dataset"]), str(data["tagger"]),
                   tuple((str(k), str(v)) for k, v in data["tags"].items()),
                   None if nltk is None else (int(nltk[0]), int(nltk[1])))

    def settings(self) -> dict[str, Any]:
        """Return what a row records of its PoS (not the tags themselves)."""
        found: dict[str, Any] = {"pos": "tagged", "tagger": self.tagger}
        if self.nltk is not None:
            compared, agree = self.nltk
            found["nltk_agreement"] = {"compared": compared, "agree": agree,
                                       "share": round(agree / compared, 4) if compared else 0}
        return found


def _nltk_agreement(dataset: str, tags: Mapping[str, str], roots: Roots) -> tuple[int, int] | None:
    """Return (rows compared, rows agreeing) with the NLTK tags of the ProLex authors'
    `processed.tsv`, or None when it is not in place."""
    from lexsub_baselines.datasets.field_parals import read_processed

    try:
        path = field_file(field_output(f"field-parals-{dataset}-processed"), roots)
    except MissingResourceError:
        return None
    rows = read_processed(path)
    agree = sum(1 for r in rows if _NLTK.get(r.pos, "") == tags.get(str(r.row), ""))
    return len(rows), agree


def prolex_tagging(roots: Roots) -> tuple[ProlexTags, ...]:
    """Return our parser's tags of the targets of every ProLex dataset present (none where
    the data is absent; `tagger` says `none` where the parser is not built). Kept in the
    cache under the parser's build, the datasets' digests and this code: a warm run loads
    no parser."""
    present = [name for name in PROLEX_DATASETS if load_dataset(name, roots).has("instances")]
    if not present:
        return ()
    from lexsub_baselines.builds.settings import ResourceSettings
    from lexsub_baselines.datasets.catalog import dataset_inputs
    from lexsub_baselines.distributional.parser import find_parser, parser_dir

    settings = ResourceSettings.from_env().parser
    if find_parser(roots, settings) is None:  # not built: the union of readings
        return _tagging(roots, present)
    processed = []
    for name in present:  # the authors' NLTK tags, when in place (their agreement is kept)
        try:
            processed.append(str(field_file(field_output(
                f"field-parals-{name}-processed"), roots)))
        except MissingResourceError:
            processed.append("absent")
    key = computation_key(roots, "prolex-tags", code=(__name__,), inputs=dataset_inputs(present),
                          parser=parser_dir(roots, settings)[0].name, processed=processed,
                          sample=sample_size())
    kept_tags = kept(roots.cache / "prolex" / f"tags-{key}.json",
                     lambda: [t.to_json() for t in _tagging(roots, present)])
    return tuple(ProlexTags.from_json(data) for data in kept_tags)


def _tagging(roots: Roots, present: list[str]) -> tuple[ProlexTags, ...]:
    from lexsub_baselines.builds.settings import ResourceSettings
    from lexsub_baselines.distributional.parser import parser_dir
    from lexsub_baselines.runs.tsar_runs import parser_tagger

    try:
        tagger = parser_tagger(roots)
        label = f"parser {parser_dir(roots, ResourceSettings.from_env().parser)[0].name}"
    except LexsubError as error:  # not built, or its treebank absent: the union of readings
        return tuple(ProlexTags(name, f"none ({error})", ()) for name in present)
    found = []
    for name in present:
        tags = {i.id: tagger(i) or "" for i in load_dataset(name, roots).instances()}
        found.append(ProlexTags(name, label, tuple(tags.items()),
                                _nltk_agreement(name, tags, roots)))
    return tuple(found)


def prolex_settings(tags: ProlexTags) -> dict[str, Any]:
    """Return the ProLex settings a row records (runs.json, scores.json)."""
    from lexsub_baselines.runs.tsar_runs import CASE_SETTING, READING_FREQUENCY

    return {**tags.settings(), "reading_frequency": READING_FREQUENCY,
            "inflection": "lemminflect", "case": CASE_SETTING, "simpler": "none"}


def write_prolex_csv(path: Path, dataset: Dataset, answers: Mapping[str, Answers]) -> None:
    """Write ProLex's format: the benchmark row's `target word` and `Sentence`, then the
    first 10 substitutes joined by `", "` (an unanswered row keeps its line, empty)."""
    rows = prolex_gold(dataset.read("gold"), str(dataset.path("gold")))
    write_prolex_predictions(path, ((row.word, row.sentence, answers[i].oot[:OOT_SIZE]
                                     if i in answers else ()) for i, row in rows.items()))


def for_prolex(system: System, dataset: Dataset, roots: Roots) -> System:
    """Return `system` wrapped for a ProLex dataset as `lexsub run` and `api.run` answer it
    (the target tagged by our parser where it is built, else every reading); any other
    dataset or system, unchanged."""
    from lexsub_baselines.catalog import frequency_source
    from lexsub_baselines.datasets.prolex import PROLEX_FORMAT
    from lexsub_baselines.runs.tsar_runs import CASE_SETTING, READING_FREQUENCY, parser_tagger

    if dataset.spec.format != PROLEX_FORMAT or not {"best", "oot"} & set(system.kinds) \
            or isinstance(system, TsarSystem) or getattr(system, "language", "en") != "en":
        return system
    try:
        tagger = parser_tagger(roots)
    except LexsubError:
        tagger = None
    return TsarSystem(system, "tagged" if tagger is not None else "union",
                      frequency_source(roots, READING_FREQUENCY), tagger=tagger,
                      name=system.name, case=CASE_SETTING)


def answer_prolex(system: System, tags: ProlexTags, out: Path, roots: Roots,
                  progress: bool = True) -> RunRecord:
    """Answer a ProLex dataset with `system` (wrapped, see the module docstring) and write
    `<dataset>/<system>.csv`; return its run record."""
    from lexsub_baselines.catalog import frequency_source
    from lexsub_baselines.runs.tsar_runs import CASE_SETTING, READING_FREQUENCY

    dataset = load_dataset(tags.dataset, roots)
    by_id = dict(tags.tags)
    wrapped = TsarSystem(system, "tagged" if by_id else "union",
                         frequency_source(roots, READING_FREQUENCY),
                         tagger=lambda instance: by_id.get(instance.id) or None,
                         name=system.name, case=CASE_SETTING)
    start = time.perf_counter()
    answers = {instance.id: wrapped.answer(instance)
               for instance in tqdm(dataset.instances(), desc=f"{dataset.name} {system.name}",
                                    unit="inst", file=sys.stderr, leave=False,
                                    disable=None if progress else True)}
    seconds = time.perf_counter() - start
    relative = f"{dataset.name}/{file_stem(system.name)}.csv"
    write_prolex_csv(out / relative, dataset, answers)
    missing = tuple(i for i, a in answers.items() if not a.oot)
    return RunRecord(dataset.name, system.name, len(answers), len(answers) - len(missing),
                     seconds, ((KIND, relative),), out,
                     digests=((KIND, file_sha256(out / relative)),), missing=missing)
