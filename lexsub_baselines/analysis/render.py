"""Write a `Report` as a self-contained HTML page, a markdown summary, PNG files and the explorer.

- `report.html`: a table of contents, then every section: its reading sentence, its figures
  (embedded as base64 `data:` PNGs with an `alt` text and their pixel size, so a browser shows
  them with no other file) and its tables (those the figures draw folded in a `<details>`),
  laid out for a 1280 px wide window;
- `report.md`: the same in GitHub markdown, figures linked from `figures/`;
- `figures/<name>.png`: each figure as a file (for the README and for papers);
- `explorer/index.html`: the instance explorer (`explorer.render_explorer`), which the
  tables' rows link to.
Outputs are deterministic: the same report writes byte-identical files.
"""

from __future__ import annotations

import base64
import html
import re
import struct
from pathlib import Path

from lexsub_baselines.analysis.explorer import render_explorer
from lexsub_baselines.analysis.parts import EXPLORER_PAGE, Report, Section
from lexsub_baselines.core.cache import atomic_path, atomic_write_text
from lexsub_baselines.tables.table import Table

__all__ = ["png_size", "render_html", "render_markdown", "write_report"]


_BACKTICKS = re.compile(r"`([^`<>]+)`")

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1250px; padding: 0 12px 40px;
       color: #222; font-size: 15px; line-height: 1.45; }
h1 { font-size: 26px; margin: 18px 0 4px; }
h2 { font-size: 21px; margin: 34px 0 6px; padding-top: 6px; border-top: 2px solid #dde; }
h3 { font-size: 17px; margin: 22px 0 4px; }
h4 { font-size: 14px; margin: 12px 0 4px; }
nav.toc { background: #f6f7f9; border: 1px solid #e1e3e8; border-radius: 6px; padding: 6px 16px;
          columns: 2; font-size: 14px; }
nav.toc ul { margin: 2px 0; padding-left: 18px; }
nav.toc > ul { padding-left: 0; list-style: none; }
nav.toc li { break-inside: avoid; }
p.read { max-width: 1000px; margin: 4px 0 8px; }
p.note { font-size: 12px; color: #555; max-width: 1000px; margin: 2px 0 10px; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 4px 0 2px; font-size: 12.5px; }
th, td { border: 1px solid #d6d6d6; padding: 2px 6px; }
th { background: #f2f2f2; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.pos { color: #1a7f37; }
td.neg { color: #b3261e; }
tr.muted td, tr.muted td.pos, tr.muted td.neg { color: #8a8a8a; }
details { margin: 4px 0 8px; }
details > summary { cursor: pointer; color: #1a56a8; font-size: 14px; }
figure { display: inline-block; margin: 6px 6px 6px 0; vertical-align: top; max-width: 100%; }
figcaption { font-size: 12px; color: #555; max-width: 1000px; }
img { max-width: 100%; height: auto; }
pre.signature { font-size: 12px; background: #f6f7f9; padding: 6px 10px; overflow-x: auto;
                margin: 4px 0; }
a.explorer { font-weight: 600; }
code { font-size: 0.92em; background: #f2f3f5; padding: 0 3px; border-radius: 3px; }
"""


def png_size(data: bytes) -> tuple[int, int]:
    """Return (width, height) of a PNG from its IHDR chunk.

    >>> header = b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR"
    >>> png_size(header + bytes([0, 0, 1, 0, 0, 0, 0, 9]))
    (256, 9)
    """
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _toc(report: Report) -> str:
    parts = ['<nav class="toc"><ul>']
    open_sub = False
    for section in report.sections:
        link = f'<a href="#{html.escape(section.anchor)}">{html.escape(section.title)}</a>'
        if section.level > 2:
            parts.append(("" if open_sub else "<ul>") + f"<li>{link}</li>")
            open_sub = True
            continue
        if open_sub:
            parts.append("</ul></li>")
        elif len(parts) > 1:
            parts.append("</li>")
        parts.append(f"<li>{link}")
        open_sub = False
    parts.append("</ul></li></ul></nav>" if open_sub else "</li></ul></nav>")
    return "".join(parts)


def _code(escaped: str) -> str:
    """Return escaped HTML with each `quoted` span (markdown code, as in tables.md and the
    prose) set as <code>, not shown with its backticks."""
    return _BACKTICKS.sub(r"<code>\1</code>", escaped)


def _prose(text: str) -> str:
    """Return a sentence of the report as HTML: escaped, `code` spans as <code>."""
    return _code(html.escape(text))


def _table_html(table: Table, fold: bool) -> str:
    body = f'<div class="scroll">{_code(table.to_html())}</div>'
    if not fold:
        return body
    return (f"<details><summary>Table: {html.escape(table.title)} ({len(table.rows)} rows)"
            f"</summary>{body}</details>")


def _section_html(section: Section) -> list[str]:
    level = section.level
    parts = [f'<h{level} id="{html.escape(section.anchor)}">{html.escape(section.title)}'
             f"</h{level}>"]
    if section.text:
        parts.append(f'<p class="read">{_prose(section.text)}</p>')
    for figure in section.figures:
        width, height = png_size(figure.png)
        data = base64.b64encode(figure.png).decode("ascii")
        series = html.escape(",".join(figure.series))
        parts.append(f'<figure style="width: {width}px"><img class="figure" '
                     f'id="fig-{html.escape(figure.name)}" '
                     f'alt="{html.escape(figure.title)}" width="{width}" height="{height}" '
                     f'data-series="{series}" src="data:image/png;base64,{data}"><figcaption>'
                     f"{html.escape(figure.title)}</figcaption></figure>")
    parts += [_table_html(table, False) for table in section.tables]
    parts += [_table_html(table, True) for table in section.details]
    parts += [f'<pre class="signature">{html.escape(line)}</pre>' for line in section.lines]
    return parts


def render_html(report: Report) -> str:
    """Return the report as one self-contained HTML page."""
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{html.escape(report.title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(report.title)}</h1>"]
    settings = ", ".join(f"{k}: {v}" for k, v in report.settings.items())
    parts.append(f'<p class="note">{_prose(settings)}</p>')
    parts += [f'<p class="note">{_prose(n)}</p>' for n in report.notes]
    if report.explorer is not None:
        parts.append(f'<p class="read"><a class="explorer" href="{EXPLORER_PAGE}">Open the '
                     "instance explorer</a>: every sentence, its gold substitutes and each "
                     "system's answers marked by the credit they earn; the rows of the tables "
                     "below link to it.</p>")
    parts.append(_toc(report))
    for section in report.sections:
        parts += _section_html(section)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render_markdown(report: Report, figures: str = "figures") -> str:
    """Return the report as markdown; figures are linked as `figures/<name>.png`."""
    lines = [f"# {report.title}", ""]
    lines += [", ".join(f"{k}: {v}" for k, v in report.settings.items()), ""]
    lines += [f"- {n}" for n in report.notes]
    if report.explorer is not None:
        lines += ["", f"Instance explorer: [{EXPLORER_PAGE}]({EXPLORER_PAGE})."]
    lines += ["", "Contents:", ""]
    lines += [f"{'  ' * (s.level - 2)}- [{s.title}](#{s.anchor})" for s in report.sections]
    for section in report.sections:
        lines += ["", f'<a id="{section.anchor}"></a>', "",
                  f"{'#' * section.level} {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        lines += [f"![{f.title}]({figures}/{f.name}.png)" for f in section.figures]
        for table in (*section.tables, *section.details):
            lines += ["", table.to_markdown()]
        if section.lines:
            lines += ["", "```", *section.lines, "```"]
    return "\n".join(lines).rstrip("\n") + "\n"


def write_report(report: Report, out: Path) -> list[Path]:
    """Write `out/report.html`, `out/report.md`, `out/figures/*.png` and the explorer.

    Returns the paths written: the HTML page, the markdown, the explorer (when the report has
    one), then the figures.
    """
    figures = []
    for section in report.sections:
        for figure in section.figures:
            path = out / "figures" / f"{figure.name}.png"
            with atomic_path(path) as tmp:
                tmp.write_bytes(figure.png)
            figures.append(path)
    atomic_write_text(out / "report.html", render_html(report))
    atomic_write_text(out / "report.md", render_markdown(report))
    written = [out / "report.html", out / "report.md"]
    if report.explorer is not None:
        atomic_write_text(out / EXPLORER_PAGE, render_explorer(report.explorer))
        written.append(out / EXPLORER_PAGE)
    return [*written, *figures]
