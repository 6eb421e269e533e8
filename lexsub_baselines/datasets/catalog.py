"""The one module that fills the dataset registry, and the lookups that need it filled.

Nothing below it imports it: `registry` holds the empty `DATASETS` and `Dataset`; the readers
(`semeval_xml`, `gold`, `coinco`, `clls`, `swords`, `tsar`, `prolex`) know their formats and
layouts; this module registers every named dataset and answers `load_dataset` / `dataset_names`.
"""

from __future__ import annotations

from collections.abc import Iterable

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.clls import clls_specs
from lexsub_baselines.datasets.coinco import coinco_specs
from lexsub_baselines.datasets.prolex import prolex_specs
from lexsub_baselines.datasets.registry import DATASETS, Dataset
from lexsub_baselines.datasets.swords import swords_specs
from lexsub_baselines.datasets.tsar import tsar_specs
from lexsub_baselines.datasets.types import DatasetSpec

__all__ = ["dataset_names", "load_dataset"]

SEMEVAL2007_URL = "http://www.dianamccarthy.co.uk/files/task10data.tar.gz"
SEMEVAL2007_SHA256 = "8a2b206a2581b35c02c3b64783fddf019a35a43acdc0a821be8cfa26e4aff245"
SEMEVAL2007_NOTE = (
    "unpack the archive so that semeval2007/{trial,test,key}/ sit under the data root "
    "(trial: lexsub_trial.xml, gold.trial, mwgold.trial; test: lexsub_test.xml; "
    "key: gold, mwgold, mwids, MRsamples)"
)

DATASETS.add(
    "semeval2007-trial",
    DatasetSpec(
        name="semeval2007-trial",
        description="SemEval-2007 Task 10 trial data: 300 instances, 30 lexelts",
        language="en",
        files=(
            ("instances", "semeval2007/trial/lexsub_trial.xml"),
            ("gold", "semeval2007/trial/gold.trial"),
            ("mwgold", "semeval2007/trial/mwgold.trial"),
        ),
        upstream_url=SEMEVAL2007_URL,
        upstream_sha256=SEMEVAL2007_SHA256,
        upstream_note=SEMEVAL2007_NOTE,
        fetch="semeval2007",
    ),
    doc="SemEval-2007 Task 10 trial data (300 instances)",
)

DATASETS.add(
    "semeval2007-test",
    DatasetSpec(
        name="semeval2007-test",
        description="SemEval-2007 Task 10 test data with the post-evaluation key: 1710 instances",
        language="en",
        files=(
            ("instances", "semeval2007/test/lexsub_test.xml"),
            ("gold", "semeval2007/key/gold"),
            ("mwgold", "semeval2007/key/mwgold"),
            ("mwids", "semeval2007/key/mwids"),
            ("mrsamples", "semeval2007/key/MRsamples"),
        ),
        upstream_url=SEMEVAL2007_URL,
        upstream_sha256=SEMEVAL2007_SHA256,
        upstream_note=SEMEVAL2007_NOTE,
        fetch="semeval2007",
    ),
    doc="SemEval-2007 Task 10 test data and key (1710 instances)",
)

# SemEval-2010 Task 2 (cross-lingual lexical substitution): layout and readers in `clls`.
for _spec in clls_specs():
    DATASETS.add(_spec.name, _spec, doc=_spec.description)

# CoInCo (Kremer et al. 2014) in Melamud et al.'s preprocessed release: layout in `coinco`.
for _spec in coinco_specs():
    DATASETS.add(_spec.name, _spec, doc=_spec.description)

# SWORDS v1.1 (Lee et al. 2021): format and layout in `swords`.
for _spec in swords_specs():
    DATASETS.add(_spec.name, _spec, doc=_spec.description)

# TSAR-2022 lexical simplification (Saggion et al. 2022): format and layout in `tsar`.
for _spec in tsar_specs():
    DATASETS.add(_spec.name, _spec, doc=_spec.description)

# ProLex (Zhang et al. 2024): format and layout in `prolex`.
for _spec in prolex_specs():
    DATASETS.add(_spec.name, _spec, doc=_spec.description)


def load_dataset(name: str, roots: Roots) -> Dataset:
    """Return the registered dataset `name` resolved against `roots.data`.

    Raises:
        UnknownNameError: no dataset of that name; the message lists the known ones.
    """
    return Dataset(DATASETS.get(name), roots)


def dataset_inputs(names: Iterable[str], role: str = "instances") -> tuple[str, ...]:
    """Return the manifest ids of the `role` files of the datasets `names` (what a keyed
    computation that reads them declares; a file the manifest does not record, as CLLS's,
    is one's own and needs no declaration)."""
    from lexsub_baselines.inputs.manifest import load_manifest

    at = {r.path.removeprefix("data/"): r.id for r in load_manifest().resources
          if r.kind == "file" and r.path.startswith("data/")}
    found = {at[rel] for name in names
             if (rel := DATASETS.get(name).relpath(role)) is not None and rel in at}
    return tuple(sorted(found))


def dataset_names() -> list[str]:
    """Return the names of every registered dataset."""
    return DATASETS.names()
