"""The report, built from answers generated here (two fast systems on trial), in Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from matplotlib import image

from lexsub_baselines.analysis.render import png_size, render_html, write_report
from lexsub_baselines.analysis.report import ReportSettings, build_report, figure_names
from lexsub_baselines.catalog import build_system
from lexsub_baselines.cli import main
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.paths import Roots
from lexsub_baselines.runner import run_system

SYSTEMS = ("roget+identity", "roget+freq:wordfreq")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory, shared: Roots) -> Path:
    """Answer files of two fast systems on the trial data (a few seconds)."""
    out = tmp_path_factory.mktemp("results")
    dataset = load_dataset("semeval2007-trial", shared)
    for name in SYSTEMS:
        run_system(build_system(name, shared), dataset, out, progress=False)
    return out


@pytest.fixture(scope="module")
def written(results: Path, shared: Roots) -> Path:
    """The report written into the results folder (fewer trials: the test checks shape)."""
    report = build_report(results, shared, ReportSettings(trials=500), progress=False)
    write_report(report, results)
    return results / "report.html"


def test_report_has_every_part(written: Path, results: Path, shared: Roots) -> None:
    text = written.read_text(encoding="utf-8")
    images = re.findall(r'<img class="figure" id="fig-([^"]+)" alt="[^"]*" width="(\d+)" '
                        r'height="(\d+)" src="data:image/png;base64,', text)
    names = [n for n, _, _ in images]
    assert "semeval2007-trial-pos-best" in names and "semeval2007-trial-correlation" in names
    assert "semeval2007-trial-disruptive-1" in names
    assert all(int(w) > 300 and int(h) > 300 for _, w, h in images)
    for title in ("best by part of speech", "type overlap", "Spearman rho", "disruptive sets",
                  "paired significance", "further-analysis subsets"):
        assert title in text
    markdown = (results / "report.md").read_text(encoding="utf-8")
    for name in names:
        assert f"(figures/{name}.png)" in markdown
        assert png_size((results / "figures" / f"{name}.png").read_bytes())[0] > 300
    assert "vote(all)" in markdown and "| roget+identity |" in markdown


def test_report_is_deterministic(written: Path, results: Path, shared: Roots) -> None:
    again = build_report(results, shared, ReportSettings(trials=500), progress=False)
    assert render_html(again) == written.read_text(encoding="utf-8")


def test_report_on_one_system_only(results: Path, shared: Roots) -> None:
    report = build_report(results, shared, ReportSettings(systems=("roget+identity",), vote=False),
                          progress=False)
    assert figure_names(report) == [f"semeval2007-trial-{n}" for n in
                                    ("pos-best", "pos-best-normalised", "pos-oot",
                                     "pos-oot-normalised")]


def test_cli_report_and_errors(results: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               shared: Roots) -> None:
    out = tmp_path / "out"
    assert main(["report", "--results", str(results), "--out", str(out), "--trials", "200",
                 "--no-progress", "--systems", "roget+identity", "roget+freq-wordfreq"]) == 0
    assert (out / "report.html").is_file() and (out / "figures").is_dir()
    assert main(["report", "--results", str(tmp_path / "nowhere")]) == 2
    assert "results folder" in capsys.readouterr().err


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("chromium not installed (scripts/setup.sh installs it)")
    return path


def test_report_renders_in_headless_chromium(written: Path, tmp_path: Path) -> None:
    chromium = _chromium()
    flags = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    # a copy that records, once loaded, how many figures the browser decoded
    probe = tmp_path / "probe.html"
    probe.write_text(written.read_text(encoding="utf-8").replace(
        "</body>", "<script>window.addEventListener('load', () => { const imgs = [...document"
        ".images].filter(i => i.complete && i.naturalWidth > 300); document.body.setAttribute("
        "'data-decoded', String(imgs.length)); });</script></body>"), encoding="utf-8")
    dom = subprocess.run([*flags, "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    expected = written.read_text(encoding="utf-8").count('<img class="figure"')
    assert expected >= 6  # 4 by PoS, the heatmap, 1 disruptive-set plot
    assert f'data-decoded="{expected}"' in dom
    shot = tmp_path / "shot.png"
    subprocess.run([*flags, f"--screenshot={shot}", "--window-size=1200,3000",
                    written.as_uri()], capture_output=True, timeout=120, check=True)
    pixels = image.imread(str(shot))[..., :3]
    assert pixels.shape[:2] == (3000, 1200)
    coloured = np.abs(pixels - pixels.mean(axis=2, keepdims=True)).max(axis=2) > 0.1
    assert coloured.mean() > 0.01  # the figures' coloured bars and points, not a blank page
