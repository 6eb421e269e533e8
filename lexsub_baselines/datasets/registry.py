"""The dataset registry (`DATASETS`, filled by `datasets.catalog`) and `Dataset` (spec + root)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import DATA_ENV, Roots, one_folder_off
from lexsub_baselines.core.profile import sample_size
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.coinco import read_coinco_gold, read_coinco_instances
from lexsub_baselines.datasets.gold import Notes, read_gold
from lexsub_baselines.datasets.prolex import PROLEX_FORMAT, prolex_gold_items, prolex_instances
from lexsub_baselines.datasets.semeval_xml import read_semeval_xml, semeval_xml_ids
from lexsub_baselines.datasets.swords import (
    SWORDS_FORMAT,
    read_swords,
    swords_gold_items,
    swords_instances,
)
from lexsub_baselines.datasets.tsar import TSAR_FORMAT, tsar_gold_items, tsar_instances
from lexsub_baselines.datasets.types import DatasetSpec, GoldItem, Instance
from lexsub_baselines.inputs.layer import Input, inputs

__all__ = ["DATASETS", "Dataset", "DatasetSpec"]


DATASETS: Registry[DatasetSpec] = Registry("dataset")


@lru_cache(maxsize=16)
def _instances(data: bytes, where: str, format: str = "semeval", recorded: bool = False
               ) -> tuple[Instance, ...]:
    # a recorded file's bytes are the manifest's: what a reader would warn of is no news
    if format == "coinco":
        return tuple(read_coinco_instances(data, where, [] if recorded else None))
    if format == SWORDS_FORMAT:
        return swords_instances(read_swords(data, where))
    if format == TSAR_FORMAT:
        return tsar_instances(data, where)
    if format == PROLEX_FORMAT:
        return prolex_instances(data, where)
    return tuple(read_semeval_xml(data, where))


@lru_cache(maxsize=16)
def _gold(data: bytes, where: str, format: str = "semeval", recorded: bool = False
          ) -> dict[str, GoldItem]:
    notes: Notes | None = [] if recorded else None  # as `_instances`: the manifest's bytes
    if format == "coinco":
        return read_coinco_gold(data, where, notes)
    if format == SWORDS_FORMAT:
        return swords_gold_items(read_swords(data, where))
    if format == TSAR_FORMAT:
        return tsar_gold_items(data, where)
    if format == PROLEX_FORMAT:
        return prolex_gold_items(data, where)
    return read_gold(data, where, notes=notes)


@lru_cache(maxsize=16)
def _split_gold(data: bytes, where: str, format: str, ids: frozenset[str], recorded: bool
                ) -> dict[str, GoldItem]:
    """Return the items of a gold file shared by several splits that belong to `ids`."""
    return {i: item for i, item in _gold(data, where, format, recorded).items() if i in ids}


@dataclass(frozen=True)
class Dataset:
    """A registered dataset resolved against the roots.

    Attributes:
        spec: the registered spec.
        roots: where its files are (`roots.data`) and the cache that memoises their digests.
            Every file is read through the input layer (`inputs.layer`): checked against
            the manifest's digest (or, where the manifest records none, recorded as one's
            own) before a byte of it is used.
    """

    spec: DatasetSpec
    roots: Roots

    @property
    def name(self) -> str:
        """Return the canonical name."""
        return self.spec.name

    @property
    def root(self) -> Path:
        """Return the data root."""
        return self.roots.data

    def input(self, role: str) -> Input:
        """Return the checked input of a file role (`gold`, `instances`, `mwids`, ...).

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
        return inputs(self.roots).data(rel)

    def path(self, role: str) -> Path:
        """Return the path of a file role, once checked (`input`)."""
        return self.input(role).path

    def read(self, role: str) -> bytes:
        """Return the checked bytes of a file role (`input`)."""
        return inputs(self.roots).read_bytes(self.input(role))

    def has(self, role: str) -> bool:
        """Return True when the file of `role` is present."""
        rel = self.spec.relpath(role)
        return rel is not None and (self.root / rel).is_file()

    def instances(self) -> tuple[Instance, ...]:
        """Return the instances in file order (parsed once per content in a process; a
        recorded file's oddities, known bytes, are not warned about); with a sample in force
        (`core.profile.sample_size`), the first ones only."""
        checked = self.input("instances")
        found = _instances(inputs(self.roots).read_bytes(checked), str(checked.path),
                           self.spec.format, checked.recorded)
        return found[:sample_size()]

    def instance_ids(self) -> frozenset[str]:
        """Return the ids of the instances (of a SemEval XML file: every `<instance>`'s, its
        sentences not parsed)."""
        if self.spec.format == "semeval":
            return semeval_xml_ids(self.read("instances"), str(self.path("instances")))
        return frozenset(i.id for i in self.instances())

    def gold(self, role: str = "gold") -> dict[str, GoldItem]:
        """Return {id: GoldItem} from the gold (or `mwgold`) file (a recorded file's oddities,
        such as CoInCo's one Latin-1 line, known bytes, are not warned about)."""
        checked = self.input(role)
        data, where = inputs(self.roots).read_bytes(checked), str(checked.path)
        if self.spec.format in ("semeval", SWORDS_FORMAT, TSAR_FORMAT, PROLEX_FORMAT):
            return _gold(data, where, self.spec.format, checked.recorded)
        ids = frozenset(i.id for i in self.instances())  # one gold file for every split
        return _split_gold(data, where, self.spec.format, ids, checked.recorded)
