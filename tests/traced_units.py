"""Answer and score units under a tracer: which code ran, what was read (tests/test_what_runs).

Run as a script: `python traced_units.py SHARED CACHE OUT RESULT [SYSTEM ...]` answers each
system's unit (every registered system when none is named) on the data under `SHARED` with
the built resources of `CACHE` (`LEXSUB_SAMPLE` keeps it short), then scores it, with
`sys.settrace` seeing every function that runs (the call events only: a function's first
line), and writes RESULT: per system the code objects run while answering and while
scoring, and the modules the unit's trace names (`runs.unit_task.answering_modules`); then
every file the process read (`inputs.trace`).
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

_CO_NEWLOCALS = 0x02  # a function's code (a class or module body has none)
_PACKAGE = str(Path(__file__).resolve().parent.parent / "lexsub_baselines")
_RAN: set[tuple[str, str, int]] = set()


def _importing(frame: FrameType | None) -> bool:
    """Return True when a module of the package is being imported below `frame` (its body
    runs: definitions, which a unit's imports bring in whatever it runs)."""
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_code.co_filename.startswith(_PACKAGE):
            return True
        frame = frame.f_back
    return False


def _tracer(frame: FrameType, event: str, arg: Any) -> None:
    code: CodeType = frame.f_code
    if code.co_flags & _CO_NEWLOCALS and code.co_filename.startswith(_PACKAGE) \
            and not _importing(frame.f_back):  # functions only, not run by an import
        _RAN.add((code.co_filename, code.co_name, code.co_firstlineno))


def _traced(call: Any, *args: Any) -> tuple[Any, list[list[Any]]]:
    """Return what `call(*args)` returns, and the functions that ran meanwhile."""
    _RAN.clear()
    sys.settrace(_tracer)
    threading.settrace(_tracer)
    try:
        returned = call(*args)
    finally:
        sys.settrace(None)
        threading.settrace(None)
    return returned, sorted([list(item) for item in _RAN])


def main(shared: str, cache: str, out: str, result: str, *names: str) -> None:
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.inputs.trace import opened, watch

    watch()
    roots = resolve_roots(Path(shared), Path(shared) / "data", Path(cache))
    import lexsub_baselines.catalog  # noqa: F401  (the registries filled, before the tracer)
    from lexsub_baselines.catalog import system_names
    from lexsub_baselines.core.registry import recording_lookups
    from lexsub_baselines.runs.lexsubgen_runs import LexSubGenInputs
    from lexsub_baselines.runs.scorers import LexSubGenGolds
    from lexsub_baselines.runs.unit import answer_unit, unit_spec
    from lexsub_baselines.runs.unit_scores import score_unit
    from lexsub_baselines.runs.unit_task import answering_modules

    inputs, golds = LexSubGenInputs(roots), LexSubGenGolds(roots)
    found: dict[str, Any] = {}
    for name in names or tuple(system_names()):
        spec = unit_spec(name, roots, lexsubgen=True, tsar=True)
        work = Path(out) / name.replace(":", "-").replace("/", "-")
        with recording_lookups() as lookups:
            unit, answering = _traced(answer_unit, spec, roots, work, inputs)
        _, scoring = _traced(score_unit, unit, work, roots, golds)
        found[name] = {"answering": answering, "scoring": scoring,
                       "trace": sorted(answering_modules(lookups)), "rows": len(unit["rows"])}
    found["opened"] = sorted(opened())
    Path(result).write_text(json.dumps(found), encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])
