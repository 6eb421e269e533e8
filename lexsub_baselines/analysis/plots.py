"""The report's figures, drawn with matplotlib's Agg backend and returned as PNG bytes.

Charts label their series directly (system names on the axis, values at the bar ends) rather
than with a legend, take each system's colour from `families.colours`, and draw one family at
a time (`families.charts`: at most 8 series). Figures are deterministic for the same data
(fixed size, dpi, and PNG metadata without the software or a date), so a rebuilt report
embeds byte-identical images, and are at most 12.4 inches (1240 px) wide, so the page reads
at 1280 px.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import matplotlib

matplotlib.use("Agg")  # no display: the report is built headless

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from lexsub_baselines.analysis.compare import Disruptive

__all__ = ["WIDTH", "BarPanel", "bar_grid", "disruptive_plot", "headline_dots", "heatmap"]

_DPI = 100
#: The widest figure, in inches (1240 px at the report's dpi).
WIDTH = 12.4
_BOUND = "#e4e4e4"
_BOUND_EDGE = "#b0b0b0"
_OURS = "#1f77b4"
_PAPER = "#444444"
_REGION_COLOURS = {"solved": "#2ca02c", "hard": "#d62728", "tied": "#7f7f7f",
                   "a": "#1f77b4", "b": "#ff7f0e"}


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    # no Software/Date chunks: the same data gives the same bytes
    figure.savefig(buffer, format="png", dpi=_DPI, metadata={"Software": None})
    plt.close(figure)
    return buffer.getvalue()


@dataclass(frozen=True)
class BarPanel:
    """One panel of a `bar_grid`: a horizontal bar per system, inside an optional bound.

    Attributes:
        title: the panel's title (`nouns`).
        values: system -> value (None or absent: no bar, `—` written).
        notes: system -> extra text after the value (`(24%)`).
        bound: the most any system can score here, drawn as a grey box behind the bars.
    """

    title: str
    values: Mapping[str, float | None]
    notes: Mapping[str, str] = field(default_factory=dict)
    bound: float | None = None


def bar_grid(rows: Sequence[tuple[str, Sequence[BarPanel]]], systems: Sequence[str],
             colours: Mapping[str, str], title: str, xlabel: str) -> bytes:
    """Return rows of panels of horizontal bars, one bar per system, labelled directly.

    Arguments:
        rows: (row label, panels); each row shares its x scale (e.g. best, then oot).
        systems: the series, top to bottom (at most 8: one family).
        colours: system -> colour.
        title: the figure's title.
        xlabel: the x axis label (under each row).
    """
    columns = max(len(panels) for _, panels in rows)
    height = len(systems) * 0.27 + 0.95
    figure, axes_grid = plt.subplots(
        len(rows), columns, figsize=(WIDTH, height * len(rows) + 0.45), squeeze=False,
        sharey=True, layout="constrained")
    y = np.arange(len(systems))[::-1]
    for (label, panels), axes_row in zip(rows, axes_grid, strict=True):
        top = max([p.bound or 0.0 for p in panels]
                  + [v or 0.0 for p in panels for v in p.values.values()] + [1.0])
        for panel, axes in zip(panels, axes_row, strict=False):
            if panel.bound is not None:
                axes.barh(y, [panel.bound] * len(systems), 0.86, color=_BOUND,
                          edgecolor=_BOUND_EDGE, linewidth=0.6, zorder=1)
            for position, system in zip(y, systems, strict=True):
                value = panel.values.get(system)
                if value is None:
                    axes.text(0.01 * top, position, "—", va="center", fontsize=7, color="#777")
                    continue
                axes.barh(position, value, 0.62, color=colours.get(system, _OURS), zorder=2)
                text = f"{value:.1f}" + (f" {panel.notes[system]}" if system in panel.notes
                                         else "")
                axes.text(value + 0.012 * top, position, text, va="center", fontsize=7,
                          zorder=3)
            bound = f" (bound {panel.bound:.1f})" if panel.bound is not None else ""
            axes.set_title(f"{label}: {panel.title}{bound}", fontsize=9)
            axes.set_xlim(0, top * 1.12)
            axes.tick_params(axis="x", labelsize=7)
            axes.set_xlabel(xlabel, fontsize=8)
            axes.grid(axis="x", alpha=0.25, zorder=0)
            axes.spines[["top", "right"]].set_visible(False)
        for axes in axes_row[len(panels):]:
            axes.set_visible(False)
        axes_row[0].set_yticks(y, list(systems), fontsize=8)
    figure.suptitle(title, fontsize=11, x=0.01, ha="left")
    return _png(figure)


def headline_dots(labels: Sequence[str], panels: Sequence[tuple[str, Sequence[
        tuple[float | None, float | None]]]], title: str) -> bytes:
    """Return a dot plot of ours (filled) beside the paper's (hollow), one row per label.

    Arguments:
        labels: row labels, top to bottom (`wordnet (test)`).
        panels: (measure title, (ours, paper) per label); None where there is no figure.
        title: the figure's title.
    """
    height = 0.34 * len(labels) + 1.3
    figure, axes_row = plt.subplots(1, len(panels), figsize=(WIDTH, height), sharey=True,
                                    squeeze=False, layout="constrained")
    y = np.arange(len(labels))[::-1]
    for (measure, pairs), axes in zip(panels, axes_row[0], strict=True):
        top = max([v for pair in pairs for v in pair if v is not None] + [1.0])
        for position, (ours, paper) in zip(y, pairs, strict=True):
            if ours is not None and paper is not None:
                axes.plot([paper, ours], [position, position], color="#999999", lw=1.5,
                          zorder=1)
            if paper is not None:
                axes.scatter([paper], [position], s=46, facecolor="white", edgecolor=_PAPER,
                             linewidth=1.4, zorder=2, label="paper")
            if ours is not None:
                axes.scatter([ours], [position], s=46, color=_OURS, zorder=3, label="ours")
            text = ("not in scores.json" if ours is None
                    else "no paper figure" if paper is None else f"{ours - paper:+.2f}")
            axes.text(top * 1.06, position, text, va="center", fontsize=8,
                      color="#555555" if ours is None or paper is None else
                      ("#1a7f37" if ours >= paper else "#b3261e"))
        axes.set_xlim(0, top * 1.3)
        axes.set_title(measure, fontsize=10)
        axes.set_xlabel("%", fontsize=8)
        axes.grid(axis="x", alpha=0.25)
        axes.spines[["top", "right"]].set_visible(False)
    axes_row[0][0].set_yticks(y, list(labels), fontsize=9)
    handles, names = axes_row[0][0].get_legend_handles_labels()
    unique = dict(zip(names, handles, strict=True))
    figure.legend(unique.values(), unique.keys(), loc="outside upper right", ncols=2,
                  fontsize=9, frameon=False)
    figure.suptitle(title, fontsize=11, x=0.01, ha="left")
    return _png(figure)


def heatmap(labels: Sequence[str], matrix: np.ndarray, title: str,
            groups: Sequence[int] = ()) -> bytes:
    """Return a correlation heatmap with the values written in the cells (NaN left blank).

    Arguments:
        labels: the systems, in matrix order.
        matrix: the correlations.
        title: the figure's title.
        groups: indices where a new family starts (a line is drawn there).
    """
    size = min(WIDTH - 2.0, max(4.0, 0.42 * len(labels) + 2.5))
    figure, axes = plt.subplots(figsize=(size + 1.6, size), layout="constrained")
    image = axes.imshow(np.ma.masked_invalid(matrix), vmin=-1, vmax=1, cmap="RdBu_r")
    axes.set_xticks(range(len(labels)), list(labels), rotation=45, ha="right", fontsize=7)
    axes.set_yticks(range(len(labels)), list(labels), fontsize=7)
    for row in range(len(labels)):
        for col in range(len(labels)):
            value = matrix[row, col]
            if not np.isnan(value):
                axes.text(col, row, f"{value:.2f}", ha="center", va="center", fontsize=5.5,
                          color="white" if abs(value) > 0.6 else "black")
    for start in groups:
        axes.axhline(start - 0.5, color="#333333", lw=1)
        axes.axvline(start - 0.5, color="#333333", lw=1)
    figure.colorbar(image, ax=axes, shrink=0.8, label="Spearman rho")
    axes.set_title(title, fontsize=10)
    return _png(figure)


def disruptive_plot(result: Disruptive, title: str) -> bytes:
    """Return the disruptive-set scatter: one point per lemma, regions coloured and counted."""
    solved, hard, tied = result.thresholds
    counts = result.counts()
    names = {"solved": f"solved by both (>= {solved:g})", "hard": f"hard for both (< {hard:g})",
             "tied": f"tied (|diff| <= {tied:g})", "a": f"{result.a} better",
             "b": f"{result.b} better"}
    figure, axes = plt.subplots(figsize=(4.0, 5.0), layout="constrained")
    for region in ("solved", "hard", "tied", "a", "b"):
        points = [result.points[lx] for lx, r in result.regions.items() if r == region]
        if points:
            xs, ys = zip(*points, strict=True)
            axes.scatter(xs, ys, s=10, color=_REGION_COLOURS[region], alpha=0.75,
                         label=f"{names[region]}: {counts[region]}")
    for value in (solved, hard):
        axes.axvline(value, color="#999999", lw=0.8, ls="--")
        axes.axhline(value, color="#999999", lw=0.8, ls="--")
    line = np.array([0.0, 10.0])
    axes.plot(line, line + tied, color="#bbbbbb", lw=0.8)
    axes.plot(line, line - tied, color="#bbbbbb", lw=0.8)
    axes.set_xlim(-0.3, 10.3)
    axes.set_ylim(-0.3, 10.3)
    axes.tick_params(labelsize=7)
    axes.set_xlabel(f"{result.a} (normalised best recall per lemma, 0-10)", fontsize=7)
    axes.set_ylabel(f"{result.b}", fontsize=7)
    axes.set_title(title, fontsize=8.5)
    figure.legend(fontsize=6.5, loc="outside lower center", ncols=2, frameon=False)
    return _png(figure)
