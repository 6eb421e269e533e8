"""lexsub_baselines: the SemEval lexical-substitution baselines, regenerated, with their scorer."""

from lexsub_baselines.answers import Answers, write_answer_file
from lexsub_baselines.datasets import Dataset, GoldItem, Instance, load_dataset
from lexsub_baselines.errors import (
    DataFormatError,
    LexsubError,
    MissingResourceError,
    UnknownNameError,
)
from lexsub_baselines.paths import Roots, resolve_roots

__version__ = "0.1.0"

__all__ = [
    "Answers",
    "DataFormatError",
    "Dataset",
    "GoldItem",
    "Instance",
    "LexsubError",
    "MissingResourceError",
    "Roots",
    "UnknownNameError",
    "__version__",
    "load_dataset",
    "resolve_roots",
    "write_answer_file",
]
