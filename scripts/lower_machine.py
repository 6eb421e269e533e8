"""Build a small resource on a real lower machine (an emulated CPU without AVX2) and compare.

A machine without AVX2 pins the kernels to x86-64-v2 (docs/design.md, "The numeric kernels'
pin"); the promise is that it computes the bytes this machine computes pinned to
that level. This script shows it with a lower CPU rather than with the pin's own variables:
Debian's `qemu-user` (`qemu-x86_64 -cpu Nehalem`: SSE4.2, no AVX, no AVX2, no FMA) runs the
project's Python, and tests/kernel_probe.py trains a small parser, parses a corpus sample,
counts its relations, compares thesaurus measures and trains word2vec, three times:

- `native-v2`: on this machine, pinned to x86-64-v2 as `lexsub` pins;
- `emulated-v2`: on the emulated CPU, pinned the same way (what such a machine runs by
  default: its `lexsub` re-executes itself under the pin, still emulated);
- `emulated-own`: on the emulated CPU with no pin at all (`LEXSUB_KERNELS=native`: NumPy,
  OpenBLAS and glibc pick their kernels by the emulated CPU's own features; one OpenBLAS
  thread, as the pin sets, since threads reorder sums whatever the CPU).

Every digest (model files, parses, relation counts, measures, word2vec vectors) must be
equal; the script prints them, the kernels each process measured, and the seconds.

    .venv/bin/python scripts/lower_machine.py [--sentences 300] [--steps 40] [--texts 80]

The emulated process and every process it starts (the parser's training child, the
re-execution under the pin) run on the emulated CPU: its `sys.executable` is a small
launcher in a temporary venv that starts `qemu-x86_64 -cpu Nehalem` on the real interpreter
(qemu-user does not follow `exec` by itself). /proc/cpuinfo still shows this machine's flags
under qemu-user, so the emulated runs name their level explicitly rather than infer it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
PROBE = PROJECT / "tests" / "kernel_probe.py"
DIGESTS = ("model", "parses", "relations", "measures", "word2vec")
CPU = "Nehalem"
#: The pin's variables and the re-execution's flag: dropped, so each run chooses its own.
_PIN = ("LEXSUB_KERNELS", "LEXSUB_KERNELS_REEXEC", "NPY_DISABLE_CPU_FEATURES",
        "OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "GLIBC_TUNABLES")


def emulated_python(folder: Path, cpu: str = CPU) -> Path:
    """Make a venv in `folder` whose `bin/python` runs this venv's interpreter on the
    emulated `cpu` (its `lib` is this venv's); return that `bin/python`."""
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        raise SystemExit("lower_machine: qemu-x86_64 not found: `apt-get install qemu-user` "
                         "(scripts/debian_packages.sh installs it)")
    venv = Path(sys.prefix)
    (folder / "bin").mkdir(parents=True, exist_ok=True)
    (folder / "lib").symlink_to(venv / "lib")
    shutil.copy(venv / "pyvenv.cfg", folder / "pyvenv.cfg")
    launcher = folder / "bin" / "python"
    launcher.write_text(f'#!/bin/sh\nexec {qemu} -cpu {cpu} -0 "$0" {venv}/bin/python "$@"\n',
                        encoding="utf-8")
    launcher.chmod(0o755)
    return launcher


def probe(python: Path, shared: Path, work: Path, sizes: list[str], level: str
          ) -> dict[str, Any]:
    """Run tests/kernel_probe.py with `python` at `level` (`native`: no pin); return its
    digests, with the wall seconds."""
    env = {k: v for k, v in os.environ.items() if k not in _PIN}
    env["LEXSUB_KERNELS"] = level
    if level == "native":
        env["OPENBLAS_NUM_THREADS"] = "1"
    work.mkdir(parents=True)
    started = time.perf_counter()
    done = subprocess.run([str(python), str(PROBE), str(shared), str(work), *sizes,
                           *(["--pin"] if level != "native" else [])],
                          capture_output=True, text=True, env=env, check=False, cwd=PROJECT)
    if done.returncode != 0:
        raise SystemExit(f"lower_machine: the probe failed under {python} ({level}):\n"
                         + done.stderr[-3000:])
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall"] = round(time.perf_counter() - started, 1)
    return result


def compare(shared: Path, sizes: list[str], folder: Path) -> dict[str, dict[str, Any]]:
    """Return the three runs' results (see the module docstring)."""
    emulated = emulated_python(folder / "emulated-venv")
    native = Path(sys.prefix) / "bin" / "python"
    return {"native-v2": probe(native, shared, folder / "native-v2", sizes, "x86-64-v2"),
            "emulated-v2": probe(emulated, shared, folder / "emulated-v2", sizes, "x86-64-v2"),
            "emulated-own": probe(emulated, shared, folder / "emulated-own", sizes, "native")}


def main() -> int:
    """Run the comparison; exit status 1 when a digest differs."""
    from lexsub_baselines.core.paths import resolve_roots

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", default="300")
    parser.add_argument("--steps", default="40")
    parser.add_argument("--texts", default="80")
    args = parser.parse_args()
    sizes = ["--sentences", args.sentences, "--steps", args.steps, "--texts", args.texts]
    with tempfile.TemporaryDirectory(prefix="lower-machine-") as tmp:
        results = compare(resolve_roots().shared, sizes, Path(tmp))
    for name, result in results.items():
        print(f"{name:>13}: {result['wall']:7.1f} s wall  {result['seconds']}  "
              f"kernels {result['kernels']}")
    differ = [part for part in DIGESTS
              if len({result[part] for result in results.values()}) > 1]
    for part in DIGESTS:
        print(f"{part:>13}: " + "  ".join(f"{name} {result[part]}"
                                           for name, result in results.items()))
    print("every digest equal" if not differ else f"DIFFER: {', '.join(differ)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
