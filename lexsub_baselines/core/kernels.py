"""The numeric kernels every figure is computed with: one instruction-set level on every machine.

The libraries that compute the figures choose their floating-point kernels at run time by the
processor, and kernels of two levels give other floats (another summation order, fused
multiply-adds, other approximations of `exp`): the same code and data trained another parser
on another kind of machine. Each is pinned here to one level, before it loads:

- **BLIS** (cython-blis, thinc's matrix products: the parser's training and parse): the PyPI
  wheel picks a sub-configuration (generic, haswell, skx, zen, zen2) by the CPU and reads no
  switch; `make setup` rebuilds it for the generic configuration only (scripts/build_blis.sh),
  the same kernels everywhere. `blis_configurations()` says what the installed one holds.
- **NumPy** (`exp`, `tanh`, `log`, reductions in thinc, the measures and the rankers):
  `NPY_DISABLE_CPU_FEATURES` switches off its dispatched targets above the level.
- **OpenBLAS** (NumPy's and SciPy's; gensim's word2vec calls SciPy's `sdot`/`saxpy`):
  `OPENBLAS_CORETYPE` names the kernel set, `OPENBLAS_NUM_THREADS=1` keeps one thread (a
  threaded dot product splits its sum by the machine's core count).
- **glibc's libm** (`exp`, `log`, `pow` of thinc's C++ kernels and gensim's tables): glibc
  picks FMA/AVX2 variants by the CPU; `GLIBC_TUNABLES=glibc.cpu.hwcaps=-…` masks the features
  above the level (names as glibc 2.36 reads them: `-AVX2,-FMA`, not the older `AVX2_Usable`).

The level is `x86-64-v3` (AVX2 and FMA: Intel since Haswell, 2013, AMD since Excavator, 2015,
every cloud instance), on which the README's tables were made; `LEXSUB_KERNELS=x86-64-v2`
pins the lower level (a machine without AVX2 gets it by default; its figures differ from the
README's, and are the same on every machine that runs at that level), `LEXSUB_KERNELS=native`
pins nothing. Environment variables that a library reads when it loads (glibc's, when the
process starts) cannot be set from inside the process: the `lexsub` command re-executes itself
once with them (`core.pinning`), a script or an API user calls `pin()` (the same), the test
suite's conftest does it for pytest, and the Dask workers started from a pinned process
inherit them; a remote worker computing with other kernels is refused by the worker check.

What a run records as its kernels is measured in the process (`describe`: NumPy's enabled
dispatch targets, OpenBLAS's core type and threads as threadpoolctl reads them, the blis
build's configurations, glibc's mask as the process started), never read from `os.environ`,
which distributed's nanny rewrites in the client. A process whose measured kernels are not
the chosen level's is refused, in one line, before it builds or reads the cache or records a
run (`require_pinned`). This module imports no numeric library at import (`lexsub score`
loads no numpy); `describe` loads NumPy and threadpoolctl when called.
"""

from __future__ import annotations

import os
import platform
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import util
from pathlib import Path

from lexsub_baselines.core.errors import KernelsError

__all__ = ["KERNELS_ENV", "LEVELS", "Level", "blis_configurations", "chosen_level",
           "describe", "environment", "expected", "expected_kernels", "machine_levels",
           "numpy_targets_on", "pinned_environment", "require_pinned", "startup_environment"]

#: The level to pin (`x86-64-v3`, `x86-64-v2`) or `native` (no pin).
KERNELS_ENV = "LEXSUB_KERNELS"
#: The level the README's tables were made with.
DEFAULT_LEVEL = "x86-64-v3"


@dataclass(frozen=True)
class Level:
    """One instruction-set level and what each library is told to use at it.

    Attributes:
        name: `x86-64-v3` or `x86-64-v2` (the psABI's levels).
        cpu_flags: the /proc/cpuinfo flags a machine needs to run at this level.
        numpy_allowed: NumPy's dispatch targets (both NumPy 2.4's group names and the older
            feature names) that stay on; every other dispatched target is disabled.
        openblas: the OpenBLAS core type (`OPENBLAS_CORETYPE`).
        glibc_masked: the CPU features glibc is told to ignore (`glibc.cpu.hwcaps`).
    """

    name: str
    cpu_flags: frozenset[str]
    numpy_allowed: frozenset[str]
    openblas: str
    glibc_masked: tuple[str, ...]


#: /proc/cpuinfo names SSE3 `pni`.
_V2_FLAGS = frozenset({"pni", "ssse3", "sse4_1", "sse4_2", "popcnt", "cx16"})
_V2_NUMPY = frozenset({"SSE", "SSE2", "SSE3", "SSSE3", "SSE41", "POPCNT", "SSE42", "X86_V2"})

#: The levels, highest first. At x86-64-v3 glibc needs no mask (every v3 machine has FMA and
#: AVX2, which glibc 2.36's libm variants test, FMA before FMA4); FMA4 is masked all the same,
#: a no-op there, so that a mask inherited from the caller cannot lower the level.
LEVELS: dict[str, Level] = {
    "x86-64-v3": Level(
        "x86-64-v3", _V2_FLAGS | {"avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe"},
        _V2_NUMPY | {"AVX", "F16C", "FMA3", "AVX2", "X86_V3"}, "Haswell", ("FMA4",)),
    "x86-64-v2": Level("x86-64-v2", _V2_FLAGS, _V2_NUMPY, "Nehalem",
                       ("AVX", "AVX2", "FMA", "FMA4", "AVX512F")),
}

#: NumPy's dispatched targets (`numpy._core._multiarray_umath.__cpu_dispatch__`) by version,
#: so that the pin is computed without loading NumPy; another version is asked (slower).
_NUMPY_DISPATCH: dict[str, tuple[str, ...]] = {
    "2.4": ("X86_V3", "X86_V4", "AVX512_ICL", "AVX512_SPR"),
}

#: BLIS sub-configurations whose context initialiser a build may hold.
_BLIS_CONFIGS = ("generic", "haswell", "skx", "zen", "zen2", "zen3", "zen4", "knl",
                 "sandybridge", "penryn", "piledriver", "bulldozer", "steamroller", "excavator")


@lru_cache(maxsize=4)
def _cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> frozenset[str]:
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return frozenset()
    found = re.search(r"^flags\s*:(.*)$", text, re.MULTILINE)
    return frozenset(found.group(1).split()) if found else frozenset()


def machine_levels(flags: frozenset[str] | None = None) -> list[str]:
    """Return the levels this machine (or one with `flags`) can run, highest first."""
    if platform.machine() not in ("x86_64", "AMD64") and flags is None:
        return []
    have = _cpu_flags() if flags is None else flags
    return [name for name, level in LEVELS.items() if level.cpu_flags <= have]


def chosen_level(environ: Mapping[str, str] | None = None) -> Level | None:
    """Return the level to pin (`LEXSUB_KERNELS`, else the default or the highest this machine
    runs), or None for `native` and machines that are not x86-64.

    Raises:
        ValueError: `LEXSUB_KERNELS` names no level, or one this machine cannot run.
    """
    wanted = (os.environ if environ is None else environ).get(KERNELS_ENV, "").strip()
    runs = machine_levels()
    if wanted == "native" or not runs:
        return None
    if not wanted:
        return LEVELS[DEFAULT_LEVEL if DEFAULT_LEVEL in runs else runs[0]]
    if wanted not in LEVELS:
        raise ValueError(f"{KERNELS_ENV}={wanted} names no kernel level: use one of "
                         f"{', '.join(LEVELS)} or native")
    if wanted not in runs:
        raise ValueError(f"{KERNELS_ENV}={wanted}: this machine lacks "
                         f"{', '.join(sorted(LEVELS[wanted].cpu_flags - _cpu_flags()))}; "
                         f"use one of {', '.join(runs)}")
    return LEVELS[wanted]


@lru_cache(maxsize=1)
def _numpy_dispatch() -> tuple[str, ...]:
    from importlib import metadata  # here: its import costs every start of `lexsub` ~20 ms

    try:
        version = metadata.version("numpy")
    except metadata.PackageNotFoundError:
        return ()
    known = _NUMPY_DISPATCH.get(".".join(version.split(".")[:2]))
    if known is not None:
        return known
    import subprocess  # another NumPy: ask it, in a child (this process must not load it)

    code = ("from numpy._core._multiarray_umath import __cpu_dispatch__ as d; "
            "print(' '.join(d))")
    answer = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False, env={k: v for k, v in os.environ.items()
                                              if k != "NPY_DISABLE_CPU_FEATURES"})
    return tuple(answer.stdout.split())


def environment(level: Level) -> dict[str, str]:
    """Return the environment variables that pin the kernels to `level`."""
    disabled = [t for t in _numpy_dispatch() if t not in level.numpy_allowed]
    return {
        KERNELS_ENV: level.name,
        "NPY_DISABLE_CPU_FEATURES": ",".join(disabled),  # NumPy reads commas too
        "OPENBLAS_CORETYPE": level.openblas,
        "OPENBLAS_NUM_THREADS": "1",
        "GLIBC_TUNABLES": _tunables(os.environ.get("GLIBC_TUNABLES", ""), level.glibc_masked),
    }


def _tunables(current: str, masked: tuple[str, ...]) -> str:
    """Return `current` glibc tunables with `glibc.cpu.hwcaps` replaced by the level's mask."""
    kept = [part for part in current.split(":")
            if part and not part.startswith("glibc.cpu.hwcaps=")]
    return ":".join([*kept, "glibc.cpu.hwcaps=" + ",".join(f"-{name}" for name in masked)])


def startup_environment() -> Mapping[str, str]:
    """Return the environment this process was started with (`/proc/self/environ`): what glibc
    and every library loaded since read, whatever `os.environ` became since (distributed's
    nanny writes its workers' pin into it); `os.environ` where the system does not say."""
    try:
        raw = Path("/proc/self/environ").read_bytes()
    except OSError:
        return os.environ
    pairs = (entry.decode("utf-8", "surrogateescape").partition("=")
             for entry in raw.split(b"\0") if b"=" in entry)
    return {name: value for name, _, value in pairs}


@lru_cache(maxsize=1)
def blis_configurations() -> list[str]:
    """Return the BLIS sub-configurations the installed blis package holds (['generic'] for
    the build of scripts/build_blis.sh; several for the PyPI wheel), [] when it is absent."""
    spec = util.find_spec("blis")
    if spec is None or not spec.submodule_search_locations:
        return []
    found: set[str] = set()
    pattern = re.compile(rb"bli_cntx_init_(" + b"|".join(c.encode() for c in _BLIS_CONFIGS)
                         + rb")\x00")
    for folder in spec.submodule_search_locations:
        for library in sorted(Path(folder).glob("*.so")):
            found.update(m.group(1).decode() for m in pattern.finditer(library.read_bytes()))
    return sorted(found, key=_BLIS_CONFIGS.index)


def numpy_targets_on() -> tuple[str, ...]:
    """Return NumPy's dispatched targets this process runs (loads NumPy): those of the CPU that
    `NPY_DISABLE_CPU_FEATURES` did not switch off when NumPy loaded."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    return tuple(name for name in __cpu_dispatch__ if __cpu_features__.get(name))


def _openblas() -> str:
    """Return the core type and threads of every OpenBLAS this process loaded (NumPy's, and
    SciPy's once loaded), as OpenBLAS itself reports them (threadpoolctl)."""
    from threadpoolctl import threadpool_info

    seen = {(str(info.get("architecture")), int(info.get("num_threads", 0)))
            for info in threadpool_info() if info.get("internal_api") == "openblas"}
    return " + ".join(f"{core}, {threads} thread{'' if threads == 1 else 's'}"
                      for core, threads in sorted(seen)) or "absent"


def _body(numpy_off: tuple[str, ...], openblas: str, tunables: str) -> str:
    masked = next((part.partition("=")[2] for part in tunables.split(":")
                   if part.startswith("glibc.cpu.hwcaps=")), None)
    libc = "-".join(platform.libc_ver()) or "unknown libc"
    return (f"blis {'+'.join(blis_configurations()) or 'absent'}; numpy off: "
            f"{','.join(numpy_off) or 'none'}; openblas {openblas}; {libc} "
            + (f"hwcaps {masked}" if masked is not None else "hwcaps as the CPU"))


def _expected_body(level: Level) -> str:
    return _body(tuple(t for t in _numpy_dispatch() if t not in level.numpy_allowed),
                 f"{level.openblas}, 1 thread",
                 "glibc.cpu.hwcaps=" + ",".join(f"-{name}" for name in level.glibc_masked))


def describe() -> str:
    """Return the kernels this process computes with, measured, in one line (a run setting;
    workers are compared by it): NumPy's dispatched targets off, OpenBLAS's core type and
    threads (as the libraries report them), the blis build's configurations and glibc's mask
    at start, labelled by the level they are (`native` when they are none). Loads NumPy and
    threadpoolctl; 18 ms the first time in a process, under 1 ms after.

    >>> describe().split(" (")[0] in (*LEVELS, "native")
    True
    """
    off = tuple(t for t in _numpy_dispatch() if t not in numpy_targets_on())
    body = _body(off, _openblas(), startup_environment().get("GLIBC_TUNABLES", ""))
    label = next((name for name in machine_levels() if _expected_body(LEVELS[name]) == body),
                 "native")
    return f"{label} ({body})"


def expected(level: Level) -> str:
    """Return what `describe` measures in a process pinned to `level` on this machine."""
    return f"{level.name} ({_expected_body(level)})"


def expected_kernels() -> str:
    """Return what a process started under this process's pin describes (`describe`): what a
    Dask worker must report, whether or not this process runs pinned itself (a test); this
    process's own kernels for `native`."""
    level = chosen_level()
    return describe() if level is None else expected(level)


def require_pinned(what: str) -> None:
    """Refuse, in one line, to go on with `what` (building or reading the cache of the chosen
    level, recording a run) in a process whose measured kernels are not that level's.

    Raises:
        KernelsError: they differ (NumPy loaded before the pin was set, a process not started
            by `lexsub` nor `pin`), or `LEXSUB_KERNELS` names no level this machine runs.
    """
    try:
        level = chosen_level()
    except ValueError as error:
        raise KernelsError(str(error)) from None
    if level is None:
        return
    seen = describe()
    if seen != (wanted := expected(level)):
        raise KernelsError(
            f"{what}: this process computes with {seen}, not the {level.name} kernels "
            f"({wanted}): run it through `lexsub`, call lexsub_baselines.pin() first thing "
            f"in a script, start it under `env $(lexsub kernels --env) ...`, or set "
            f"{KERNELS_ENV}=native (the libraries' own choice, cached apart)")


def pinned_environment() -> dict[str, str]:
    """Return the variables of the chosen level's pin ({} for `native`)."""
    level = chosen_level()
    return {} if level is None else environment(level)
