"""The report's figures, drawn with matplotlib's Agg backend and returned as PNG bytes.

Figures are deterministic for the same data (fixed size, dpi and metadata without dates), so
a rebuilt report embeds byte-identical images.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: the report is built headless

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from lexsub_baselines.analysis.compare import Disruptive

__all__ = ["bars", "disruptive_plot", "heatmap", "score_vs_bound"]

_DPI = 100
_REGION_COLOURS = {"solved": "#2ca02c", "hard": "#d62728", "tied": "#7f7f7f",
                   "a": "#1f77b4", "b": "#ff7f0e"}


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=_DPI, metadata={"Software": None})
    plt.close(figure)
    return buffer.getvalue()


def _grouped(axes: Any, groups: Sequence[str], series: Mapping[str, Sequence[float | None]],
             title: str, ylabel: str, extra_legend_entries: int = 0) -> None:
    """Draw one bar per series in each group, with ticks, labels and the legend below."""
    n = max(len(series), 1)
    step = 0.8 / n
    x = np.arange(len(groups))
    for position, (name, values) in enumerate(series.items()):
        heights = [np.nan if v is None else v for v in values]
        axes.bar(x - 0.4 + step * (position + 0.5), heights, step, label=name)
    axes.set_xticks(x, list(groups))
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.legend(fontsize=8, ncol=min(n + extra_legend_entries, 3), loc="upper left",
                bbox_to_anchor=(0, -0.12), frameon=False)


def bars(groups: Sequence[str], series: Mapping[str, Sequence[float | None]], title: str,
         ylabel: str, width: float = 8.0) -> bytes:
    """Return grouped bars: one group per `groups` entry, one bar per series (None = no bar)."""
    figure, axes = plt.subplots(figsize=(width, 4.2))
    axes.grid(axis="y", alpha=0.3)
    _grouped(axes, groups, series, title, ylabel)
    figure.tight_layout()
    return _png(figure)


def score_vs_bound(groups: Sequence[str], bound: Sequence[float | None],
                   series: Mapping[str, Sequence[float | None]], title: str,
                   ylabel: str) -> bytes:
    """Return grouped bars of scores drawn inside a grey bar of each group's upper bound."""
    figure, axes = plt.subplots(figsize=(8.0, 4.2))
    axes.bar(np.arange(len(groups)), [np.nan if b is None else b for b in bound], 0.9,
             color="#dddddd", edgecolor="#999999", label="upper bound")
    _grouped(axes, groups, series, title, ylabel, extra_legend_entries=1)
    figure.tight_layout()
    return _png(figure)


def heatmap(labels: Sequence[str], matrix: np.ndarray, title: str) -> bytes:
    """Return a correlation heatmap with the values written in the cells (NaN left blank)."""
    size = max(4.0, 0.6 * len(labels) + 2.5)
    figure, axes = plt.subplots(figsize=(size + 1.0, size))
    image = axes.imshow(np.ma.masked_invalid(matrix), vmin=-1, vmax=1, cmap="RdBu_r")
    axes.set_xticks(range(len(labels)), list(labels), rotation=45, ha="right", fontsize=8)
    axes.set_yticks(range(len(labels)), list(labels), fontsize=8)
    for row in range(len(labels)):
        for col in range(len(labels)):
            value = matrix[row, col]
            if not np.isnan(value):
                axes.text(col, row, f"{value:.2f}", ha="center", va="center", fontsize=7)
    figure.colorbar(image, ax=axes, shrink=0.8, label="Spearman rho")
    axes.set_title(title)
    figure.tight_layout()
    return _png(figure)


def disruptive_plot(result: Disruptive, title: str) -> bytes:
    """Return the disruptive-set scatter: one point per lemma, regions coloured and counted."""
    solved, hard, tied = result.thresholds
    counts = result.counts()
    names = {"solved": f"solved by both (>= {solved:g})", "hard": f"hard for both (< {hard:g})",
             "tied": f"tied (|diff| <= {tied:g})", "a": f"{result.a} better",
             "b": f"{result.b} better"}
    figure, axes = plt.subplots(figsize=(5.6, 5.6))
    for region in ("solved", "hard", "tied", "a", "b"):
        points = [result.points[lx] for lx, r in result.regions.items() if r == region]
        if points:
            xs, ys = zip(*points, strict=True)
            axes.scatter(xs, ys, s=14, color=_REGION_COLOURS[region], alpha=0.75,
                         label=f"{names[region]}: {counts[region]}")
    for value in (solved, hard):
        axes.axvline(value, color="#999999", lw=0.8, ls="--")
        axes.axhline(value, color="#999999", lw=0.8, ls="--")
    line = np.array([0.0, 10.0])
    axes.plot(line, line + tied, color="#bbbbbb", lw=0.8)
    axes.plot(line, line - tied, color="#bbbbbb", lw=0.8)
    axes.set_xlim(-0.3, 10.3)
    axes.set_ylim(-0.3, 10.3)
    axes.set_xlabel(f"{result.a} (normalised best recall per lemma, 0-10)")
    axes.set_ylabel(f"{result.b}")
    axes.set_title(title, fontsize=10)
    axes.legend(fontsize=7, loc="upper left")
    figure.tight_layout()
    return _png(figure)
