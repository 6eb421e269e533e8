"""lexsub_baselines: the SemEval lexical-substitution baselines, regenerated, with their scorer.

The public API, for building a system of one's own (docs/add-system.md):

- data: `Instance`, `GoldItem`, `Dataset`, `load_dataset`, `Roots`, `resolve_roots`;
- components: `Candidate`, the `CandidateGenerator`, `Ranker` and `System` protocols, the
  registries `GENERATORS`, `RANKERS`, `SYSTEMS`, `DATASETS` (decorate with
  `RANKERS.register("name")`; factories take the `Roots`), `compose` (register a
  generator + ranker system), `ComposedSystem`, and the built-in components by name:
  `generator("wordnet")`, `ranker("lm")`, `system("wordnet+lm")`;
- running and scoring: `run(system, dataset)`, `score(...)`, `Scorer`, `write_answer_file`;
  a file the scorer refuses raises `ScoreRefusedError` (a `ValueError`), as `lexsub score`
  refuses it;
- plug-ins: `load_plugins` (what `--plugin` does);
- the numeric kernels: `pin()`, first thing in a script that builds or records, re-executes
  it once under the kernels' pin as `lexsub` does (docs/design.md, "The numeric kernels'
  pin"); without it such a script is refused in one line (`KernelsError`).

Names load lazily (PEP 562), so `import lexsub_baselines` stays instant; the component names
load the catalog, so the registries they return are filled with the built-in components.
Without the `baselines` extra (the scoring install), the data, scoring and plug-in names work;
what builds or runs a baseline (`run`, `system`, `generator`, `ranker`) raises
`MissingExtraError` (`core.extras`), one line naming the extra and how to install it. Importing
the package installs no import hook for that: the entry points ask for the extra.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from lexsub_baselines.core.version import __version__

if TYPE_CHECKING:
    from lexsub_baselines.api import RunResult, run
    from lexsub_baselines.catalog import (
        GENERATORS,
        RANKERS,
        SYSTEMS,
        generator,
        ranker,
        system_names,
    )
    from lexsub_baselines.catalog import build_system as system
    from lexsub_baselines.core.errors import (
        DataFormatError,
        KernelsError,
        LexsubError,
        MissingResourceError,
        ScoreRefusedError,
        UnknownNameError,
    )
    from lexsub_baselines.core.paths import Roots, resolve_roots
    from lexsub_baselines.datasets import (
        DATASETS,
        Dataset,
        GoldItem,
        Instance,
        dataset_names,
        load_dataset,
    )
    from lexsub_baselines.generators.base import CandidateGenerator
    from lexsub_baselines.inputs.snapshot import pin
    from lexsub_baselines.plugins import PluginError, load_plugins
    from lexsub_baselines.rankers.base import Ranker
    from lexsub_baselines.scoring import Scorer, score
    from lexsub_baselines.substitutes.answers import Answers, write_answer_file
    from lexsub_baselines.substitutes.candidates import Candidate
    from lexsub_baselines.systems.base import ComposedSystem, System, compose

#: public name -> (module, attribute); modules that need the registries filled load the
#: catalog first (`_CATALOG`).
_EXPORTS: dict[str, tuple[str, str]] = {
    "Answers": ("lexsub_baselines.substitutes.answers", "Answers"),
    "write_answer_file": ("lexsub_baselines.substitutes.answers", "write_answer_file"),
    "RunResult": ("lexsub_baselines.api", "RunResult"),
    "run": ("lexsub_baselines.api", "run"),
    "Candidate": ("lexsub_baselines.substitutes.candidates", "Candidate"),
    "GENERATORS": ("lexsub_baselines.catalog", "GENERATORS"),
    "RANKERS": ("lexsub_baselines.catalog", "RANKERS"),
    "SYSTEMS": ("lexsub_baselines.catalog", "SYSTEMS"),
    "generator": ("lexsub_baselines.catalog", "generator"),
    "ranker": ("lexsub_baselines.catalog", "ranker"),
    "system": ("lexsub_baselines.catalog", "build_system"),
    "system_names": ("lexsub_baselines.catalog", "system_names"),
    "DATASETS": ("lexsub_baselines.datasets", "DATASETS"),
    "Dataset": ("lexsub_baselines.datasets", "Dataset"),
    "GoldItem": ("lexsub_baselines.datasets", "GoldItem"),
    "Instance": ("lexsub_baselines.datasets", "Instance"),
    "dataset_names": ("lexsub_baselines.datasets", "dataset_names"),
    "load_dataset": ("lexsub_baselines.datasets", "load_dataset"),
    "DataFormatError": ("lexsub_baselines.core.errors", "DataFormatError"),
    "KernelsError": ("lexsub_baselines.core.errors", "KernelsError"),
    "LexsubError": ("lexsub_baselines.core.errors", "LexsubError"),
    "MissingResourceError": ("lexsub_baselines.core.errors", "MissingResourceError"),
    "ScoreRefusedError": ("lexsub_baselines.core.errors", "ScoreRefusedError"),
    "UnknownNameError": ("lexsub_baselines.core.errors", "UnknownNameError"),
    "CandidateGenerator": ("lexsub_baselines.generators.base", "CandidateGenerator"),
    "pin": ("lexsub_baselines.inputs.snapshot", "pin"),
    "Roots": ("lexsub_baselines.core.paths", "Roots"),
    "resolve_roots": ("lexsub_baselines.core.paths", "resolve_roots"),
    "PluginError": ("lexsub_baselines.plugins", "PluginError"),
    "load_plugins": ("lexsub_baselines.plugins", "load_plugins"),
    "Ranker": ("lexsub_baselines.rankers.base", "Ranker"),
    "Scorer": ("lexsub_baselines.scoring", "Scorer"),
    "score": ("lexsub_baselines.scoring", "score"),
    "ComposedSystem": ("lexsub_baselines.systems.base", "ComposedSystem"),
    "System": ("lexsub_baselines.systems.base", "System"),
    "compose": ("lexsub_baselines.systems.base", "compose"),
}
_CATALOG = frozenset({"lexsub_baselines.api", "lexsub_baselines.catalog",
                      "lexsub_baselines.plugins", "lexsub_baselines.systems.base",
                      "lexsub_baselines.generators.base", "lexsub_baselines.rankers.base"})

__all__ = [
    "DATASETS",
    "GENERATORS",
    "RANKERS",
    "SYSTEMS",
    "Answers",
    "Candidate",
    "CandidateGenerator",
    "ComposedSystem",
    "DataFormatError",
    "Dataset",
    "GoldItem",
    "Instance",
    "KernelsError",
    "LexsubError",
    "MissingResourceError",
    "PluginError",
    "Ranker",
    "Roots",
    "RunResult",
    "ScoreRefusedError",
    "Scorer",
    "System",
    "UnknownNameError",
    "__version__",
    "compose",
    "dataset_names",
    "generator",
    "load_dataset",
    "load_plugins",
    "pin",
    "ranker",
    "resolve_roots",
    "run",
    "score",
    "system",
    "system_names",
    "write_answer_file",
]


def __getattr__(name: str) -> Any:
    """Load a public name on first use (PEP 562)."""
    try:
        module_name, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'lexsub_baselines' has no attribute {name!r}") from None
    if module_name in _CATALOG:
        importlib.import_module("lexsub_baselines.catalog")
    value = getattr(importlib.import_module(module_name), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
