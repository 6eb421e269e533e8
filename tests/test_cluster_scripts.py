"""A script that starts the embedded Dask cluster: with the `__main__` guard it builds; without
it, its workers (which import the script again) stop in one line each and the script gets one
`LexsubError` naming the guard, instead of pages of "Nanny failed to start" tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_baselines.core.paths import Roots

pytestmark = [pytest.mark.shared, pytest.mark.slow]

SCRIPT = '''
import sys
from pathlib import Path

import lexsub_baselines

lexsub_baselines.pin()
from lexsub_baselines.builds import ResourceSettings, build
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.engine.cluster import EngineSettings
from lexsub_baselines.engine.progress import Progress


def main() -> None:
    roots = resolve_roots(*map(Path, sys.argv[1:4]))
    report = build(roots, ["corpus-plan"], ResourceSettings(), EngineSettings(workers=1),
                   Progress(enabled=False))
    print("built", report.engine, not report.failures())


'''


def _script(tiny_shared: Roots, folder: Path, last: str) -> subprocess.CompletedProcess[str]:
    script = folder / "build_plan.py"
    script.write_text(SCRIPT + last + "\n", encoding="utf-8")
    return subprocess.run([sys.executable, str(script), str(tiny_shared.shared),
                           str(tiny_shared.data), str(folder / "cache")], capture_output=True,
                          text=True, timeout=300, cwd=folder)


def test_a_guarded_script_builds_on_the_embedded_cluster(tiny_shared: Roots,
                                                          tmp_path: Path) -> None:
    done = _script(tiny_shared, tmp_path, 'if __name__ == "__main__":\n    main()')
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "built local:1 True"


def test_an_unguarded_script_is_told_the_guard_in_one_error(tiny_shared: Roots,
                                                            tmp_path: Path) -> None:
    done = _script(tiny_shared, tmp_path, "main()")
    assert done.returncode == 1 and "built" not in done.stdout
    lines = done.stderr.splitlines()
    worker = [line for line in lines if line.startswith("lexsub: a worker of the embedded")]
    assert len(worker) == 1 and 'under `if __name__ == "__main__":`' in worker[0]
    assert lines[-1].startswith("lexsub_baselines.core.errors.LexsubError: the embedded Dask "
                                "cluster could not start its workers")
    assert 'under `if __name__ == "__main__":`' in lines[-1]
    assert "bootstrapping phase" not in done.stderr and len(lines) < 60
