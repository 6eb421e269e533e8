"""The numeric kernels pinned to one level: the pin's variables, the re-execution that sets them
before the libraries load, the generic-only blis, and the restricted-kernel equality test.

The lower machine is a real one: `qemu-x86_64 -cpu Nehalem` (no AVX, AVX2 or FMA) runs the
probe (tests/kernel_probe.py: a small parser trained, a corpus sample parsed and counted,
thesaurus measures, word2vec) pinned to x86-64-v2 and with no pin at all, and both must give
the bytes this machine computes pinned to x86-64-v2 (scripts/lower_machine.py). Emulated, it
takes tens of minutes: it runs with LEXSUB_LOWER_MACHINE=1, not in `make test` (the pin:
docs/design.md). (The test it replaces restricted the libraries by hand with the very
variables of the pin, so it compared the pin with itself.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from kernel_pin import unpinned_env

from lexsub_baselines.core import kernels
from lexsub_baselines.core.kernels import (
    KERNELS_ENV,
    LEVELS,
    blis_configurations,
    chosen_level,
    environment,
    expected,
)
from lexsub_baselines.core.paths import Roots, kernels_subfolder, resolve_roots
from lexsub_baselines.core.pinning import pinned

PROBE = Path(__file__).with_name("kernel_probe.py")
V3 = "x86-64-v3" in kernels.machine_levels()


def test_the_pin_names_every_library_and_keeps_other_tunables(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GLIBC_TUNABLES", "glibc.malloc.arena_max=2:glibc.cpu.hwcaps=-AVX2")
    env = environment(LEVELS["x86-64-v2"])
    assert env[KERNELS_ENV] == "x86-64-v2" and env["OPENBLAS_CORETYPE"] == "Nehalem"
    assert env["OPENBLAS_NUM_THREADS"] == "1"
    assert env["GLIBC_TUNABLES"] == ("glibc.malloc.arena_max=2:"
                                     "glibc.cpu.hwcaps=-AVX,-AVX2,-FMA,-FMA4,-AVX512F")
    disabled = env["NPY_DISABLE_CPU_FEATURES"].split(",")
    from numpy._core._multiarray_umath import __cpu_dispatch__

    assert sorted(disabled) == sorted(__cpu_dispatch__)  # v2: every dispatched target off
    v3 = environment(LEVELS["x86-64-v3"])["NPY_DISABLE_CPU_FEATURES"].split(",")
    assert "X86_V3" not in v3 and set(v3) == set(__cpu_dispatch__) - {"X86_V3"}


def test_the_level_is_chosen_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KERNELS_ENV, raising=False)  # `pinned` reads the level from os.environ
    assert chosen_level({KERNELS_ENV: "native"}) is None
    with pytest.raises(ValueError, match="names no kernel level"):
        chosen_level({KERNELS_ENV: "x86-64-v9"})
    if V3:
        level = chosen_level({})
        assert level is not None and level.name == "x86-64-v3"
        assert not pinned({}) and pinned({**os.environ, **environment(level)})
        assert expected(level).startswith("x86-64-v3 (blis ")


def test_each_other_level_keeps_caches_of_its_own(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert kernels_subfolder({KERNELS_ENV: "native"}) == "kernels-native"
    assert kernels_subfolder({KERNELS_ENV: "x86-64-v2"}) == "kernels-x86-64-v2"
    assert kernels_subfolder({KERNELS_ENV: "x86-64-v9"}) == ""  # the pin reports it
    if V3:
        assert kernels_subfolder({}) == ""
    monkeypatch.setenv(KERNELS_ENV, "x86-64-v2")
    assert resolve_roots(cache=tmp_path).cache == tmp_path / "kernels-x86-64-v2"
    monkeypatch.setenv(KERNELS_ENV, "native")
    assert resolve_roots(cache=tmp_path).cache == tmp_path / "kernels-native"


def test_setup_installed_the_generic_only_blis() -> None:
    """scripts/build_blis.sh: the PyPI wheel would also hold haswell, skx, zen, zen2."""
    assert blis_configurations() == ["generic"]
    shown = subprocess.run([sys.executable, "-c", "import blis.py, numpy as n; "
                            "a = n.ones((2, 2), dtype='f'); blis.py.gemm(a, a)"],
                           capture_output=True, text=True, env=unpinned_env(BLIS_ARCH_DEBUG="1"),
                           check=True)
    assert "selecting sub-configuration 'generic'" in shown.stdout + shown.stderr


def test_the_command_reexecutes_once_with_the_pin_before_numpy_loads() -> None:
    code = ("import os; from lexsub_baselines.core.pinning import reexec_pinned; "
            "reexec_pinned(); "
            "from numpy._core._multiarray_umath import __cpu_features__ as f; "
            "print(os.environ['LEXSUB_KERNELS'], os.environ['OPENBLAS_CORETYPE'], f['X86_V3'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=unpinned_env(**{KERNELS_ENV: "x86-64-v2"}), check=True)
    assert done.stdout.split() == ["x86-64-v2", "Nehalem", "False"], done.stderr
    bad = subprocess.run([sys.executable, "-m", "lexsub_baselines", "build", "--help"],
                         capture_output=True, text=True, check=False,
                         env=unpinned_env(**{KERNELS_ENV: "x86-64-v9"}))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "native" in bad.stderr


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.skipif(os.environ.get("LEXSUB_LOWER_MACHINE") != "1",
                    reason="an emulated CPU takes tens of minutes: LEXSUB_LOWER_MACHINE=1")
@pytest.mark.skipif(shutil.which("qemu-x86_64") is None,
                    reason="qemu-user not installed (Debian qemu-user)")
def test_a_lower_machine_computes_the_bytes_of_the_pin(shared: Roots, tmp_path: Path) -> None:
    """On an emulated CPU without AVX2, pinned to x86-64-v2 or left to the libraries, the
    probe's bytes are those of this machine pinned to x86-64-v2."""
    sys.path.insert(0, str(PROBE.parent.parent / "scripts"))
    try:
        from lower_machine import DIGESTS, compare
    finally:
        sys.path.pop(0)
    results = compare(shared.shared, ["--sentences", "300", "--steps", "40", "--texts", "80"],
                      tmp_path)
    assert results["native-v2"]["relation_count"] > 0
    for part in DIGESTS:
        assert len({result[part] for result in results.values()}) == 1, (part, results)
    assert results["emulated-v2"]["kernels"] == results["native-v2"]["kernels"] == expected(
        LEVELS["x86-64-v2"])


def test_lexsub_kernels_reads_the_pin_back_from_numpy() -> None:
    shown = subprocess.run([sys.executable, "-m", "lexsub_baselines", "kernels"],
                           capture_output=True, text=True, check=True,
                           env=unpinned_env(**{KERNELS_ENV: "x86-64-v2"}))
    assert "in force:   x86-64-v2 (blis generic;" in shown.stdout
    assert "dispatched targets on in this process: none (the baseline only)" in shown.stdout
    words = subprocess.run([sys.executable, "-m", "lexsub_baselines", "kernels", "--env"],
                           capture_output=True, text=True, check=True,
                           env=unpinned_env(**{KERNELS_ENV: "x86-64-v2"})).stdout.split()
    assert dict(w.split("=", 1) for w in words) == environment(LEVELS["x86-64-v2"])


def test_only_commands_that_compute_with_numeric_libraries_are_pinned() -> None:
    from lexsub_baselines.cli import needs_pin

    assert needs_pin(["baselines"]) and needs_pin(["--cache-dir", "x", "build", "parser"])
    assert needs_pin(["run", "lin", "semeval2007-test"]) and needs_pin(["kernels"])
    assert not needs_pin(["score", "a.best", "semeval2007-test", "-t", "best"])
    assert not needs_pin(["--version"]) and not needs_pin(["fetch", "--list"])
