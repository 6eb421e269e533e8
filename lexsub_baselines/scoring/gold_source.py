"""Where a scorer's gold comes from: a file, a dataset (by name or object), or items in memory.

`resolve_gold` turns what the user gave into a `GoldSource`, which reads the gold (or mw gold)
lines as a profile says, names the gold in signatures, finds the files of the further-analysis
subsets and knows the gold's language (which picks the default profile). A registered dataset
name is the dataset, even where a folder of that name is in the working directory (as in
`results/`, which holds `semeval2007-test/`); a path to a file is that file (when a dataset has
the same name, a hint says the file was used); anything else is an error that lists the
dataset names. A gold file that is a registered dataset's gold (the same bytes) is named after
that dataset in signatures, so one gold has one signature however it was named.

One rule decides which gold files given by path are checked against the manifest, whatever
the data root in use: a file whose path ends as a recorded dataset gold's does (its last two
components: `key/gold`, `trial/gold.trial`, `swords/swords-v1.1_dev.json.gz`,
`test/tsar2022_en_test_gold.tsv`, ...) claims to be that gold, wherever it lies (under the
data root, in a copy of the organisers' folders, in a download folder), and is scored only
with the recorded bytes (`ClaimedGoldError` otherwise, naming both digests). Any other gold
file is one's own, scored as it is and signed with its digest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexsub_baselines.core.digests import sha256
from lexsub_baselines.core.errors import LexsubError, MissingResourceError, ScoreRefusedError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.datasets.gold import Notes, read_gold
from lexsub_baselines.datasets.registry import DATASETS, Dataset
from lexsub_baselines.datasets.types import GoldItem
from lexsub_baselines.inputs.layer import InputMismatchError, Inputs, inputs
from lexsub_baselines.inputs.manifest import Resource
from lexsub_baselines.inputs.reads import check_path, read_path
from lexsub_baselines.scoring.answers_reader import Problem
from lexsub_baselines.scoring.gold_lines import GoldFile, from_items, read_gold_file
from lexsub_baselines.scoring.input_files import path_kind
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.signature import gold_label

__all__ = ["ClaimedGoldError", "GoldSource", "claimed_entry", "dataset_of", "resolve_gold"]

_ROLES = {False: "gold", True: "mwgold"}


class ClaimedGoldError(InputMismatchError):
    """A gold file named as a recorded dataset's gold (`claimed_entry`) with other bytes."""

    def __init__(self, path: Path, resource: Resource, found: str) -> None:
        super().__init__(path, resource, found)
        tail = "/".join(Path(resource.path).parts[-2:])
        self.args = (f"{self.args[0]}; a gold file named {tail} claims to be that gold "
                     "wherever it lies: give a gold of your own another name",)


def claimed_entry(path: Path, layer: Inputs | None = None) -> tuple[Resource, str] | None:
    """Return the manifest entry of the dataset gold whose place `path` names (its last two
    path components, `key/gold`) and that dataset's name, or None (`layer`: the input layer
    whose manifest to read; default the one of the roots in use).

    >>> claimed_entry(Path("/tmp/task10data/key/gold"))[1]
    'semeval2007-test'
    >>> claimed_entry(Path("/tmp/my/gold")) is None
    True
    """
    layer = layer or inputs(resolve_roots())
    tail = path.absolute().parts[-2:]
    for name in dataset_names():
        spec = DATASETS.get(name)
        if spec.format not in ("semeval", "swords", "tsar", "prolex"):
            continue
        for role in _ROLES.values():
            rel = spec.relpath(role)
            entry = layer.entry_at(rel) if rel is not None else None
            if entry is not None and Path(rel or "").parts[-2:] == tail:
                return entry, name
    return None


def dataset_of(path: Path, roots: Roots) -> Dataset | None:
    """Return the SemEval, SWORDS or TSAR dataset whose gold or mw gold `path` is: the one
    whose recorded sha256 (the manifest's) it has, else, for a dataset the manifest has no
    digest of, the one whose file it is or has the bytes of.

    Raises:
        ClaimedGoldError: `path` ends as a recorded dataset gold's path (`claimed_entry`:
            wherever it lies, the data root too) and is not the recorded file.

    >>> # dataset_of(Path("../shared/data/semeval2007/key/gold"), resolve_roots()).name
    >>> # 'semeval2007-test'
    """
    if not path.is_file():
        return None
    layer = inputs(roots)
    claim = claimed_entry(path, layer)
    if claim is not None:  # the same verdict wherever it lies, at the data root too
        digest = sha256(path, roots.cache)
        if claim[0].sha256 != digest:
            raise ClaimedGoldError(path, claim[0], digest)
    digest, resolved = check_path(path, roots)[0].digest, path.resolve()
    for name in dataset_names():
        dataset = load_dataset(name, roots)
        # CoInCo's splits share a file
        if dataset.spec.format not in ("semeval", "swords", "tsar", "prolex"):
            continue
        for role in _ROLES.values():
            rel = dataset.spec.relpath(role)
            if rel is None:
                continue
            here, entry = dataset.root / rel, layer.entry_at(rel)
            if entry is not None:
                if entry.sha256 == digest:
                    return dataset
            elif here.is_file() and (here.resolve() == resolved
                                     or check_path(here, roots)[0].digest == digest):
                return dataset
    return None


@lru_cache(maxsize=8)
def _lenient(data: bytes, path: str, recorded: bool) -> GoldFile:
    # the lenient reader's items as lines, what it noted as problems (none of a recorded
    # gold's: the manifest's bytes); one object per content, so its built gold is shared as
    # `read_gold_file`'s is
    notes: Notes = []
    items = read_gold(data, path, notes=notes)
    problems = () if recorded else tuple(
        Problem(path, line, "encoding" if "UTF-8" in text else "skipped", text)
        for line, text in notes)
    return from_items(items, path, problems)


@dataclass(frozen=True)
class GoldSource:
    """The gold behind a `Scorer`: exactly one of `path`, `dataset`, `items` is set.

    Attributes:
        path: a gold file (read as mw gold when mw is scored).
        dataset: a dataset (its `gold` and `mwgold` roles).
        items: gold given in memory, as lines.
        hint: one line for the user when the choice was ambiguous ("" when it was not).
        twin: the dataset a gold file is the gold of (its signatures carry the dataset's
            name, as the dataset's own do), or None.
    """

    path: Path | None = None
    dataset: Dataset | None = None
    items: GoldFile | None = None
    hint: str = ""
    twin: Dataset | None = None

    @property
    def language(self) -> str:
        """Return the language of the substitutes (a dataset's; `en` otherwise)."""
        return self.dataset.spec.language if self.dataset is not None else "en"

    def file(self, mw: bool) -> Path | None:
        """Return the gold file of the role (None for gold in memory)."""
        if self.dataset is not None:
            return self.dataset.path(_ROLES[mw])
        return self.path

    def label(self, mw: bool) -> str:
        """Return the signature's gold label: `semeval2007-test#4e27e4ab` for the dataset
        or its gold file, `parent/file#…` for another file, `memory#-` for gold in memory."""
        path = self.file(mw)
        if path is None:
            return "memory#-"
        return gold_label(path, self.dataset_name)

    @property
    def dataset_name(self) -> str | None:
        """Return the name of the gold's dataset (given, or the one a gold file is of), or
        None."""
        named = self.dataset or self.twin
        return named.name if named is not None else None

    def instance_ids(self) -> frozenset[str]:
        """Return the ids of the instances of the gold's dataset (none without one)."""
        dataset = self.dataset or self.twin
        if dataset is None or not dataset.has("instances"):
            return frozenset()
        return dataset.instance_ids()

    def companion(self, role: str) -> Path | None:
        """Return where the `mwids` or `mrsamples` file of the subsets is expected."""
        if self.dataset is not None and self.dataset.spec.relpath(role) is not None:
            return self.dataset.root / str(self.dataset.spec.relpath(role))
        path = self.file(False) if self.dataset is not None else self.path
        return path.parent / {"mwids": "mwids", "mrsamples": "MRsamples"}[role] \
            if path is not None else None

    def read(self, mw: bool, profile: Profile) -> GoldFile:
        """Return the gold (or mw gold) lines as `profile` reads them.

        Raises:
            ScoreRefusedError: the gold looks damaged (`GoldFile.damage`): the line blames
                the gold, not the system file that would be scored against it.
        """
        read = self._read(mw, profile)
        if damage := read.damage():
            raise ScoreRefusedError(damage)
        return read

    def _read(self, mw: bool, profile: Profile) -> GoldFile:
        path = self.file(mw)
        if path is None:  # gold in memory
            return self.items or GoldFile("<memory>", ())
        if self.dataset is not None and self.dataset.spec.format != "semeval":
            # CoInCo: the dataset's own reader (spaced lemmas, the split's ids)
            return from_items(self.dataset.gold(_ROLES[mw]), str(path))
        recorded = (self.dataset or self.twin) is not None  # the bytes of a recorded gold
        if profile.gold_lines is not None:
            return read_gold_file(path, mw, profile.gold_lines, recorded)
        kind = path_kind(path)
        if kind != "a file":
            raise LexsubError(f"the gold {path} is {kind}, not a file: profile "
                              f"{profile.name} reads gold files only")
        return _lenient(read_path(path), str(path), recorded)


def resolve_gold(gold: str | Path | Dataset | Mapping[str, GoldItem], roots: Roots | None
                 ) -> GoldSource:
    """Return the source of `gold`: a path, a dataset name, a `Dataset` or {id: GoldItem}.

    Raises:
        MissingResourceError: a string or path that is neither a file nor a dataset name;
            the message lists the dataset names.
        LexsubError: the path is a directory.
    """
    if isinstance(gold, Dataset):
        return GoldSource(dataset=gold)
    if isinstance(gold, Mapping):
        return GoldSource(items=from_items(gold))  # a snapshot: later changes do not count
    path = Path(gold)
    kind = path_kind(path)
    names = dataset_names()
    if str(gold) in names and kind in ("missing", "a directory"):
        return GoldSource(dataset=load_dataset(str(gold), roots or resolve_roots()))
    if kind == "a directory":
        raise LexsubError(f"the gold {path} is a directory, not a gold file: pass the file "
                          "itself (key/gold, key/mwgold, trial/gold.trial) or a dataset name")
    if kind != "missing":
        hint = (f"{gold} is both a file here and a dataset name: the file was used as the "
                f"gold; to score against the dataset, run from another folder"
                if str(gold) in names else "")
        return GoldSource(path=path, hint=hint,
                          twin=dataset_of(path, roots or resolve_roots()) if kind == "a file"
                          else None)
    import difflib

    from lexsub_baselines.datasets.catalog import SEMEVAL2007_URL
    from lexsub_baselines.datasets.lexsubgen import LEXSUBGEN_DATA

    every = list(dict.fromkeys([*names, *LEXSUBGEN_DATA]))
    family = [n for n in every if n.split("-")[0] == str(gold).split("-")[0]]
    # a typo is guessed (semeval2007-tset); a name the family lacks is not (tsar2022-fr-test:
    # not 'did you mean tsar2022-pt-test', but the family's names)
    close = difflib.get_close_matches(str(gold), every, n=1, cutoff=0.9 if family else 0.6)
    raise MissingResourceError(
        "gold file", path, "it is neither a file nor a dataset name ("
        + (f"did you mean {close[0]}? " if close else "")
        + (f"{family[0].split('-')[0]} has {', '.join(family)}; " if family else "")
        + f"datasets: {', '.join(every)}); the "
        f"SemEval-2007 gold files (key/gold, key/mwgold, trial/gold.trial) are in "
        f"{SEMEVAL2007_URL}")
