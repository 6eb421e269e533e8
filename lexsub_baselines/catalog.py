"""The one module that fills the generator, ranker and system registries.

Factories take the resolved `Roots` and import their heavy dependencies lazily, so listing
names (`lexsub systems`) stays instant. Keep registration order stable: it is the order of
`make baselines` and of the tables.
"""

from __future__ import annotations

from lexsub_baselines.generators.base import GENERATORS
from lexsub_baselines.rankers.base import RANKERS
from lexsub_baselines.systems import SYSTEMS

__all__ = ["GENERATORS", "RANKERS", "SYSTEMS"]

# --- generators -------------------------------------------------------------------------

# --- rankers ----------------------------------------------------------------------------

# --- systems ----------------------------------------------------------------------------
