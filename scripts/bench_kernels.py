"""Benchmark the speed cost of pinning the numeric kernels (core/kernels.py).

Runs tests/kernel_probe.py — parser training, the parse of a corpus sample, the thesauri's
measures, word2vec — in child processes under each kernel setting, alternating them
`--repeats` times, and prints the median seconds of each stage and each setting's ratio to
`native` (the libraries' own choice on this machine), with the digests (equal digests: the
same bytes).

    .venv/bin/python scripts/bench_kernels.py [--sentences 1500] [--steps 200] [--texts 600]
        [--repeats 3] [--settings native x86-64-v3 x86-64-v2]

The generic-only blis is installed for every setting (it cannot be switched at run time):
its cost against the haswell/skx/zen kernels the PyPI wheel would pick on other processors
is not measured on a machine where the wheel itself picks `generic`. The machine's load
average is printed beside the figures: on a shared machine they are comparable within one
run only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from lexsub_baselines.core.paths import resolve_roots

PROBE = Path(__file__).resolve().parent.parent / "tests" / "kernel_probe.py"
STAGES = ("train", "parse", "measures", "word2vec")
DIGESTS = ("model", "parses", "relations", "measures", "word2vec")


def _run(setting: str, shared: Path, work: Path, sizes: list[str]) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LEXSUB_KERNELS", "LEXSUB_KERNELS_REEXEC", "NPY_DISABLE_CPU_FEATURES",
                        "OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "GLIBC_TUNABLES")}
    env["LEXSUB_KERNELS"] = setting
    work.mkdir(parents=True)
    done = subprocess.run([sys.executable, str(PROBE), str(shared), str(work), "--pin", *sizes],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench_kernels: the probe failed under {setting}: {done.stderr[-800:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=1500)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--texts", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--settings", nargs="+", default=["native", "x86-64-v3", "x86-64-v2"])
    parser.add_argument("--json", type=Path, default=None, help="also write the runs here")
    args = parser.parse_args()
    shared = resolve_roots().shared
    sizes = ["--sentences", str(args.sentences), "--steps", str(args.steps),
             "--texts", str(args.texts)]
    runs: dict[str, list[dict[str, Any]]] = {s: [] for s in args.settings}
    with tempfile.TemporaryDirectory(prefix="bench-kernels-") as tmp:
        for repeat in range(args.repeats):
            for setting in args.settings:
                result = _run(setting, shared, Path(tmp) / f"{setting}-{repeat}", sizes)
                runs[setting].append(result)
                print(f"  {setting} #{repeat + 1}: {result['seconds']}", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.1f}; {args.sentences} EWT sentences, "
          f"{args.steps} updates, {args.texts} corpus paragraphs; medians of {args.repeats}")
    medians = {s: {stage: statistics.median(r["seconds"][stage] for r in rs) for stage in STAGES}
               for s, rs in runs.items()}
    print("| setting | " + " | ".join(f"{stage} s" for stage in STAGES) + " | kernels |")
    print("|---|" + "---|" * (len(STAGES) + 1))
    base = medians.get("native")
    for setting, stages in medians.items():
        cells = []
        for stage in STAGES:
            ratio = f" ({stages[stage] / base[stage]:.2f}×)" if base and base[stage] else ""
            cells.append(f"{stages[stage]:.2f}{ratio}")
        print(f"| {setting} | " + " | ".join(cells) + f" | {runs[setting][0]['kernels']} |")
    print("\ndigests (model, parses, relations, measures, word2vec):")
    for setting, rs in runs.items():
        stable = all(r[d] == rs[0][d] for r in rs for d in DIGESTS)
        print(f"  {setting}: {' '.join(rs[0][d] for d in DIGESTS)}"
              f"{'' if stable else '  (NOT stable across repeats)'}")
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
