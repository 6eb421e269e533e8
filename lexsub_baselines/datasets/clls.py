"""SemEval-2010 Task 2, cross-lingual lexical substitution (EN→ES): data layout and readers.

The task (Mihalcea, Sinha & McCarthy 2010) re-annotated English sentences of the SemEval-2007
lexical-substitution data with Spanish substitutes: trial 300 instances, test 1000 instances
(100 lexelts such as `severely.r`). Its files follow the 2007 formats: the XML (`<lexelt
item=…>` / `<instance id=…>` / `<context>` with `<head>`) is read by `semeval_xml`; gold lines are
`lexelt id :: trans1 n1;trans2 n2;` in UTF-8 with Spanish accents (`pequeño 3;más grande 2;`).
The data was distributed from the University of North Texas task page (`CLLS_UPSTREAM_URL`);
it is not bundled. Put it under the data root as

    clls2010/trial/clls_trial.xml   clls2010/trial/gold.trial
    clls2010/test/clls_test.xml     clls2010/test/gold

(rename or symlink the distributed files to these names). The project's own made-up fixture in
the same format lives in `tests/fixtures/clls2010/` (data root `tests/fixtures`).

Encoding: gold and answer files should be UTF-8. `datasets.gold.decode_lines` reads a file
line by line; a line that is not valid UTF-8 is read as Latin-1 (every byte sequence decodes,
deterministically) and one warning names the file, the first such line and how many there were.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import DATA_ENV, Roots
from lexsub_baselines.datasets.gold import decode_lines, read_gold
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.datasets.types import DatasetSpec, GoldItem
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.resources.elsewhere import CLLS_NOTE, CLLS_UPSTREAM_URL

__all__ = [
    "CLLS_FILES",
    "CLLS_UPSTREAM_URL",
    "CrossLingualTarget",
    "clls_available",
    "clls_spec",
    "clls_specs",
    "crosslingual_target",
    "decode_lines",
    "read_clls_gold",
]

#: split -> ((role, path relative to the data root), ...).
CLLS_FILES: dict[str, tuple[tuple[str, str], ...]] = {
    "trial": (("instances", "clls2010/trial/clls_trial.xml"),
              ("gold", "clls2010/trial/gold.trial")),
    "test": (("instances", "clls2010/test/clls_test.xml"),
             ("gold", "clls2010/test/gold")),
}

_DESCRIPTIONS = {
    "trial": "SemEval-2010 Task 2 (cross-lingual EN→ES) trial data: 300 instances, 30 lexelts",
    "test": "SemEval-2010 Task 2 (cross-lingual EN→ES) test data and gold: 1000 instances, "
            "100 lexelts",
}


def clls_spec(split: str) -> DatasetSpec:
    """Return the spec of `clls2010-SPLIT` (`trial` or `test`)."""
    return DatasetSpec(name=f"clls2010-{split}", description=_DESCRIPTIONS[split],
                       language="es", files=CLLS_FILES[split], upstream_url=CLLS_UPSTREAM_URL,
                       upstream_note=CLLS_NOTE)


def clls_specs() -> tuple[DatasetSpec, ...]:
    """Return the specs of `clls2010-trial` and `clls2010-test` (registered by the catalog)."""
    return tuple(clls_spec(split) for split in CLLS_FILES)


def clls_available(roots: Roots, split: str = "test") -> bool:
    """Return True when the CLLS instances and gold of `split` are under the data root."""
    dataset = Dataset(clls_spec(split), roots)
    return dataset.has("instances") and dataset.has("gold")


@dataclass(frozen=True)
class CrossLingualTarget:
    """Which dataset a Spanish-answering system runs on, and whether it can be scored.

    Attributes:
        dataset: the dataset name (`clls2010-test`, or `semeval2007-test` as fallback).
        score: True when the dataset has Spanish gold to score against.
        note: one line for the run log saying what happens and how to get CLLS scores.
    """

    dataset: str
    score: bool
    note: str


def crosslingual_target(roots: Roots, split: str = "test") -> CrossLingualTarget:
    """Return where `language="es"` systems run: CLLS when present, else the 2007 instances.

    The CLLS sentences are a subset of the SemEval-2007 ones, so without the CLLS data the
    systems still answer (in Spanish) the 2007 instances of the same split; those answers
    cannot be scored.
    """
    name = f"clls2010-{split}"
    if clls_available(roots, split):
        return CrossLingualTarget(name, True, f"{name}: scored")
    rel = dict(CLLS_FILES[split])
    fallback = "semeval2007-test" if split == "test" else "semeval2007-trial"
    return CrossLingualTarget(
        fallback, False,
        f"{name} not found ({roots.data / rel['instances']}): Spanish answers written for the "
        f"{fallback} instances, scoring skipped; to score, {CLLS_NOTE} (or set {DATA_ENV})",
    )


def read_clls_gold(path: Path) -> dict[str, GoldItem]:
    """Read a CLLS gold file into {id: GoldItem} (first line per id wins).

    Same lenient line format as `datasets.gold.read_gold`; lines that are not UTF-8 are read
    as Latin-1 with a warning (see `decode_lines`); malformed lines are warned about with file
    and line, then skipped. Entry text is kept as written (no normalisation: the scorer
    profiles decide).

    Raises:
        MissingResourceError: the file does not exist.
    """
    if not path.is_file():
        raise MissingResourceError("CLLS gold file", path, CLLS_NOTE)
    return read_gold(read_path(path), str(path))
