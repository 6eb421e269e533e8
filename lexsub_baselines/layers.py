"""The package's layers, bottom to top: a module imports only from its own layer or below.

The one place the architecture's import rules are written down; `tests/test_imports.py` walks
every module of the package with `ast` (imports inside functions and under `TYPE_CHECKING`
included) and fails on an import circle or on an import that runs up a layer, naming the
chain. A module belongs to the first layer with a prefix that matches its dotted name
(below `lexsub_baselines.`); every module must match one.

Registries sit low (`core.registry`, then the empty `GENERATORS`, `RANKERS`, `SYSTEMS`, ...
beside the contracts they hold) and are filled from the top: `catalog` (and
`datasets.catalog`, `scoring.profiles` inside their packages), never imported back by what
they register.
"""

from __future__ import annotations

__all__ = ["LAYERS", "layer_of"]

#: (layer name, module prefixes), bottom first.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("core", "layers")),
    # the one way in: the inputs' record (the manifest: what each is, its digest, where it
    # comes from), the one verdict on a copy, and the layer every read of an input goes
    # through: below everything that reads one (the corpora's readers in `text` included)
    ("inputs", ("inputs",)),
    ("storage", ("text", "tables")),
    # the lexical resources sit below the task data and below scoring: the SWORDS evaluation
    # lemmatises with WordNet
    ("resources", ("resources",)),
    ("data", ("datasets", "substitutes")),
    ("scoring and engine", ("scoring", "engine")),
    ("models", ("distributional", "lm")),
    ("components", ("generators", "rankers")),
    ("systems", ("systems",)),
    ("builds", ("builds",)),
    ("catalog", ("catalog",)),
    ("running", ("runs", "plugins", "api")),
    ("analysis", ("analysis",)),
    ("interface", ("", "cli", "__main__")),
)


def layer_of(module: str) -> int | None:
    """Return the index in `LAYERS` of a module (`lexsub_baselines.rankers.lm`), or None.

    The package itself (`lexsub_baselines`, its public API) is the empty prefix.

    >>> LAYERS[layer_of("lexsub_baselines.rankers.lm")][0]
    'components'
    >>> LAYERS[layer_of("lexsub_baselines")][0]
    'interface'
    """
    name = module.removeprefix("lexsub_baselines").removeprefix(".")
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if name == prefix or (prefix and name.startswith(prefix + ".")):
                return index
    return None
