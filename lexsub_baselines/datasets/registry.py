"""The dataset registry (`DATASETS`, filled by `datasets.catalog`) and `Dataset` (spec + root)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import DATA_ENV, one_folder_off
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.coinco import read_coinco_gold, read_coinco_instances
from lexsub_baselines.datasets.gold import read_gold
from lexsub_baselines.datasets.semeval_xml import read_semeval_xml, semeval_xml_ids
from lexsub_baselines.datasets.swords import (
    SWORDS_FORMAT,
    read_swords,
    swords_gold_items,
    swords_instances,
)
from lexsub_baselines.datasets.tsar import TSAR_FORMAT, tsar_gold_items, tsar_instances
from lexsub_baselines.datasets.types import DatasetSpec, GoldItem, Instance
from lexsub_baselines.resources.verified import data_entry, verified_input

__all__ = ["DATASETS", "Dataset", "DatasetSpec"]


DATASETS: Registry[DatasetSpec] = Registry("dataset")


@lru_cache(maxsize=16)
def _instances(path: Path, mtime_ns: int, format: str = "semeval") -> tuple[Instance, ...]:
    if format == "coinco":
        return tuple(read_coinco_instances(path))
    if format == SWORDS_FORMAT:
        return swords_instances(read_swords(path))
    if format == TSAR_FORMAT:
        return tsar_instances(path)
    return tuple(read_semeval_xml(path))


@lru_cache(maxsize=16)
def _gold(path: Path, mtime_ns: int, format: str = "semeval") -> dict[str, GoldItem]:
    if format == "coinco":
        return read_coinco_gold(path)
    if format == SWORDS_FORMAT:
        return swords_gold_items(read_swords(path))
    if format == TSAR_FORMAT:
        return tsar_gold_items(path)
    return read_gold(path)


@lru_cache(maxsize=16)
def _split_gold(path: Path, mtime_ns: int, format: str, ids: frozenset[str]
                ) -> dict[str, GoldItem]:
    """Return the items of a gold file shared by several splits that belong to `ids`."""
    return {i: item for i, item in _gold(path, mtime_ns, format).items() if i in ids}


@dataclass(frozen=True)
class Dataset:
    """A registered dataset resolved against a data root.

    Attributes:
        spec: the registered spec.
        root: the data root.
        cache: the cache folder that memoises the files' digests (`Roots.cache`; None: this
            process only). Each file is checked against the manifest's digest before it is
            read (`resources.verified`).
    """

    spec: DatasetSpec
    root: Path
    cache: Path | None = None

    @property
    def name(self) -> str:
        """Return the canonical name."""
        return self.spec.name

    def path(self, role: str) -> Path:
        """Return the path of a file role.

        Raises:
            MissingResourceError: the dataset has no such role or the file is absent; the
                message names the path, the data root setting and the upstream archive.
            InputMismatchError: the file is not the one the manifest records.
        """
        rel = self.spec.relpath(role)
        if rel is None:
            raise MissingResourceError(f"{self.name} {role}", self.root,
                                       f"dataset {self.name} has no {role} file")
        path = self.root / rel
        if not path.is_file():
            remedy = f"set {DATA_ENV} or --data-root to the folder holding {rel}"
            if self.spec.fetch:
                remedy = f"run `lexsub fetch {self.spec.fetch}` to download it, or {remedy}"
            elif self.spec.upstream_note:
                remedy = (f"it has no public download ({self.spec.upstream_note}; "
                          f"{self.spec.upstream_url or 'no upstream'}); {remedy}")
            raise MissingResourceError(f"{self.name} {role} file", path,
                                       one_folder_off(self.root, rel) or remedy)
        return verified_input(path, data_entry(rel), self.cache)

    def has(self, role: str) -> bool:
        """Return True when the file of `role` is present."""
        rel = self.spec.relpath(role)
        return rel is not None and (self.root / rel).is_file()

    def instances(self) -> tuple[Instance, ...]:
        """Return the instances in file order (read once per process)."""
        path = self.path("instances")
        return _instances(path, path.stat().st_mtime_ns, self.spec.format)

    def instance_ids(self) -> frozenset[str]:
        """Return the ids of the instances (of a SemEval XML file: every `<instance>`'s, its
        sentences not parsed)."""
        if self.spec.format == "semeval":
            return semeval_xml_ids(self.path("instances"))
        return frozenset(i.id for i in self.instances())

    def gold(self, role: str = "gold") -> dict[str, GoldItem]:
        """Return {id: GoldItem} from the gold (or `mwgold`) file."""
        path = self.path(role)
        if self.spec.format in ("semeval", SWORDS_FORMAT, TSAR_FORMAT):
            return _gold(path, path.stat().st_mtime_ns, self.spec.format)
        ids = frozenset(i.id for i in self.instances())  # one gold file for every split
        return _split_gold(path, path.stat().st_mtime_ns, self.spec.format, ids)
