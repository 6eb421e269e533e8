"""What a run was made under: every setting that can change a regenerated figure, recorded.

`lexsub baselines` records one `RunSettings` per run in `results/runs.json`, under an id each
of its rows carries (docs/baselines.md, "The settings every figure records"): the package, the
identity of its code (`inputs.code_identity`) and the Python that runs it, the versions of
the libraries (`inputs.libraries`), the KenLM tools of a run that read the LM, the WordNet
backend and the digest of its files, the frequency sources and the neighbour threshold, the
corpus sample of the relation counts, the plug-ins with the digest of their code, the
numeric kernels measured in the recording process (`core.kernels.describe`), `input:<id>` =
the digest of every input the run checked (`inputs.reads.check_run_inputs`) and
`resource:<stage>` = the cache entry and checksum of every built resource it read. Two runs
are *compatible* when no setting both record differs; `cache` is recorded, not compared.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import folder_digest, sealed_checksum
from lexsub_baselines.core.kernels import describe, require_pinned
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.profile import profile, sample_size
from lexsub_baselines.core.version import __version__
from lexsub_baselines.inputs.libraries import LIBRARIES, library_version

__all__ = ["NOT_COMPARED", "RunSettings", "collect_settings", "conflicts", "resource_fingerprint"]

#: Settings recorded but not compared between runs (they change no output: the same cache
#: contents give the same rows wherever the cache is).
NOT_COMPARED: frozenset[str] = frozenset({"cache"})


@dataclass(frozen=True)
class RunSettings:
    """The settings of one run, as sorted (name, value) pairs of strings.

    >>> RunSettings((("b", "2"), ("a", "1"))).id == RunSettings((("a", "1"), ("b", "2"))).id
    True
    """

    values: tuple[tuple[str, str], ...]

    @property
    def id(self) -> str:
        """Return a short digest of the compared settings (the id rows refer to)."""
        compared = {k: v for k, v in self.values if k not in NOT_COMPARED}
        text = json.dumps(compared, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]

    def as_dict(self) -> dict[str, str]:
        """Return name -> value, sorted by name."""
        return dict(sorted(self.values))

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> RunSettings:
        """Return the settings recorded as `values` (as read from `runs.json`)."""
        return cls(tuple(sorted((str(k), str(v)) for k, v in values.items())))


def conflicts(first: Mapping[str, str], second: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """Return name -> (first value, second value) of the compared settings that differ.

    >>> conflicts({"wordnet": "nltk", "resource:lm": "a"}, {"wordnet": "wn:oewn:2024"})
    {'wordnet': ('nltk', 'wn:oewn:2024')}
    """
    return {name: (first[name], second[name]) for name in sorted(first.keys() & second.keys())
            if name not in NOT_COMPARED and first[name] != second[name]}


def _sealed_digest(path: Path) -> str:
    checksum = sealed_checksum(path)
    return checksum[:12] if checksum else "unsealed"


def resource_fingerprint(result: Any, cache: Path) -> str | None:
    """Return `cache-relative path@checksum` of a build stage's result, or None when the result
    is not a cached file (the corpus plan, the neighbour lists' completion flag).

    A file's checksum is the one sealed beside it; a stem (`relations/gr-….npz` + `.json`)
    is named by its `.npz`; a folder (the parser's model) gets a digest of its files.
    """
    path = result if isinstance(result, Path) else getattr(result, "path", None)
    if not isinstance(path, Path):
        return None
    if not path.exists() and path.with_suffix(".npz").is_file():
        path = path.with_suffix(".npz")
    if not path.exists():
        return None
    try:
        where = path.resolve().relative_to(cache.resolve()).as_posix()
    except ValueError:
        where = str(path)
    checksum = folder_digest(path)[:12] if path.is_dir() else _sealed_digest(path)
    return f"{where}@{checksum}"


def collect_settings(roots: Roots, resources: Mapping[str, Any],
                     inputs: Mapping[str, str] | None = None) -> RunSettings:
    """Return the settings of a run that read the built `resources` (stage -> result).

    Arguments:
        roots: where the data and the cache are (the cache path is recorded too).
        resources: the results of the build stages the run's systems read.
        inputs: manifest id -> digest of the inputs checked before the run
            (`inputs.reads.check_run_inputs`), each recorded as `input:<id>`.
    """
    from lexsub_baselines.builds.settings import ResourceSettings
    from lexsub_baselines.catalog import BASELINE_FREQUENCY, PRIOR_FREQUENCY
    from lexsub_baselines.generators.distributional import SYSTEM_MIN_COUNT
    from lexsub_baselines.inputs.code_identity import RUNTIME, package_identity
    from lexsub_baselines.inputs.kenlm_tools import tools_identity
    from lexsub_baselines.plugins import loaded_plugins
    from lexsub_baselines.resources.wordnet import WORDNET_ENV, parse_spec

    kernels = recorded_kernels()  # first: nothing is computed nor cached for a refused run
    values: dict[str, str] = {
        "package": f"lexsub_baselines {__version__}",
        "code": package_identity(memo=roots.cache)[:12],
        "python": RUNTIME,
        "wordnet": ":".join(parse_spec(os.environ.get(WORDNET_ENV) or "nltk")),
        "baseline-frequency": BASELINE_FREQUENCY,
        "prior-frequency": PRIOR_FREQUENCY,
        "neighbour-min-count": str(SYSTEM_MIN_COUNT),
        "kernels": kernels,
        "profile": profile(),
        "cache": str(roots.cache.resolve()),
    }
    if (sample := sample_size()) is not None:  # the first N instances of every dataset
        values["sample"] = str(sample)
    if values["wordnet"].startswith("nltk"):
        values["wordnet-files"] = wordnet_files_identity(roots)
    if plugins := loaded_plugins():  # a user's components can change any row
        values["plugins"] = ", ".join(_plugin_label(name) for name in plugins)
    # what chooses the resources a row reads, recorded whichever were built by this run (a
    # run of fewer systems keys their answers as a run of all does: runs.result_cache)
    values["relations-tokens"] = ResourceSettings.from_env().relations.label()
    values["kenlm-tools"] = tools_identity()
    values.update({f"version:{name}": library_version(name) for name in LIBRARIES})
    values.update({f"input:{name}": digest for name, digest in (inputs or {}).items()})
    for stage, result in sorted(resources.items()):
        if (fingerprint := resource_fingerprint(result, roots.cache)) is not None:
            values[f"resource:{stage}"] = fingerprint
    return RunSettings(tuple(sorted(values.items())))


def recorded_kernels() -> str:
    """Return the kernels this process computes with, measured (`core.kernels.describe`), or
    refuse to record a run made with other kernels than the pinned level's.

    Raises:
        KernelsError: this process's measured kernels are not the chosen level's.
    """
    require_pinned("recording a run")
    return describe()


def wordnet_files_identity(roots: Roots) -> str:
    """Return the content identity of the WordNet database files the readers read (the
    input layer's `wordnet`: where `LEXSUB_WORDNET_DIR` or Debian puts them, else fetched
    under the data root), or `absent`."""
    from lexsub_baselines.core.errors import MissingResourceError
    from lexsub_baselines.inputs.layer import inputs

    try:
        return inputs(roots).wordnet().digest[:12]
    except MissingResourceError:
        return "absent"


def _plugin_label(name: str) -> str:
    """Return a plug-in's name with the digest of the code its import loaded
    (`my_systems@1a2b3c4d5e6f`, `plugins.plugin_code`)."""
    from lexsub_baselines.plugins import plugin_code

    return f"{name}@{code}" if (code := plugin_code(name)) is not None else name


def merged(records: Iterable[Mapping[str, str]]) -> dict[str, str]:
    """Return the union of compatible settings (the first value of each name)."""
    union: dict[str, str] = {}
    for record in records:
        for name, value in record.items():
            union.setdefault(name, value)
    return dict(sorted(union.items()))
