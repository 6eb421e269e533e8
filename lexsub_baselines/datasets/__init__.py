"""Task data: typed instances and gold, lenient readers, and the registry of named datasets.

May import `core`, `text` (the tokeniser) and `resources` (the manifest: each file is checked
against its recorded digest before it is read).
"""

from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.datasets.gold import read_gold
from lexsub_baselines.datasets.registry import DATASETS, Dataset
from lexsub_baselines.datasets.semeval_xml import read_semeval_xml
from lexsub_baselines.datasets.types import POS_TAGS, DatasetSpec, GoldItem, Instance, split_lexelt

__all__ = [
    "DATASETS",
    "POS_TAGS",
    "Dataset",
    "DatasetSpec",
    "GoldItem",
    "Instance",
    "dataset_names",
    "load_dataset",
    "read_gold",
    "read_semeval_xml",
    "split_lexelt",
]
