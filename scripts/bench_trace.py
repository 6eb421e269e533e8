"""What the results cache's trace costs a cold answer: the same units answered with and without it.

`python scripts/bench_trace.py --trace|--no-trace [SYSTEM ...]` answers each system's unit (as
`lexsub baselines` does: every dataset present, LexSubGen's protocol, TSAR-2022, ProLex) from
the built resources of the default cache into a temporary folder, nothing kept; with
`--trace` the process watches its reads from the start (`inputs.trace.watch`, the audit hook)
and records each unit's trace at its end, as `runs.unit_task` does. Time the two forms as
whole processes, paired (A B A B ...), on one machine; the README and docs/speed.md give the
figures. Run `make baselines` (or `lexsub build`) first.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from lexsub_baselines import pin

DEFAULT = ("wordnet", "lin", "wordnet+cmlc:prior")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trace", action=argparse.BooleanOptionalAction, required=True)
    parser.add_argument("systems", nargs="*", default=list(DEFAULT))
    args = parser.parse_args()
    pin()
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.core.registry import recording_lookups
    from lexsub_baselines.inputs.trace import record, watch
    from lexsub_baselines.runs.lexsubgen_runs import LexSubGenInputs
    from lexsub_baselines.runs.unit import answer_unit, unit_spec
    from lexsub_baselines.runs.unit_task import answering_modules

    if args.trace:
        watch()
    roots = resolve_roots()
    inputs = LexSubGenInputs(roots)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for name in args.systems:
            spec = unit_spec(name, roots, lexsubgen=True, tsar=True)
            work = Path(folder) / name.replace(":", "-")
            with recording_lookups() as lookups:
                answer_unit(spec, roots, work, inputs)
            if args.trace:
                record(roots, answering_modules(lookups), outputs=[work])
    print(f"{'traced' if args.trace else 'not traced'}: {', '.join(args.systems)} answered "
          f"in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
