"""Write a `Report` as a self-contained HTML page, a markdown summary and PNG files.

- `report.html`: every table, and every figure embedded as a base64 `data:` PNG, with an
  `alt` text and its pixel size (so a browser shows it with no other file);
- `report.md`: the same tables in GitHub markdown, figures linked from `figures/`;
- `figures/<name>.png`: each figure as a file (for the README and for papers).
Outputs are deterministic: the same report writes byte-identical files.
"""

from __future__ import annotations

import base64
import html
import struct
from pathlib import Path

from lexsub_baselines.analysis.report import Report
from lexsub_baselines.cache import atomic_path, atomic_write_text

__all__ = ["png_size", "render_html", "render_markdown", "write_report"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1150px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 0.3em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; }
th { background: #f2f2f2; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
p.note { font-size: 12px; color: #555; max-width: 1000px; }
figure { display: inline-block; margin: 0.5em; vertical-align: top; }
figcaption { font-size: 12px; color: #555; max-width: 800px; }
img { max-width: 100%; height: auto; }
"""


def png_size(data: bytes) -> tuple[int, int]:
    """Return (width, height) of a PNG from its IHDR chunk.

    >>> header = b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR"
    >>> png_size(header + bytes([0, 0, 1, 0, 0, 0, 0, 9]))
    (256, 9)
    """
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def render_html(report: Report) -> str:
    """Return the report as one self-contained HTML page."""
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{html.escape(report.title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(report.title)}</h1>"]
    settings = ", ".join(f"{k}: {v}" for k, v in report.settings.items())
    parts.append(f'<p class="note">{html.escape(settings)}</p>')
    parts += [f'<p class="note">{html.escape(n)}</p>' for n in report.notes]
    parts.append("<ul>" + "".join(f'<li><a href="#s{i}">{html.escape(s.title)}</a></li>'
                                  for i, s in enumerate(report.sections)) + "</ul>")
    for number, section in enumerate(report.sections):
        parts.append(f'<h2 id="s{number}">{html.escape(section.title)}</h2>')
        if section.text:
            parts.append(f"<p>{html.escape(section.text)}</p>")
        for figure in section.figures:
            width, height = png_size(figure.png)
            data = base64.b64encode(figure.png).decode("ascii")
            parts.append(f'<figure><img class="figure" id="fig-{html.escape(figure.name)}" '
                         f'alt="{html.escape(figure.title)}" width="{width}" height="{height}" '
                         f'src="data:image/png;base64,{data}"><figcaption>'
                         f"{html.escape(figure.title)}</figcaption></figure>")
        parts += [table.to_html() for table in section.tables]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render_markdown(report: Report, figures: str = "figures") -> str:
    """Return the report as markdown; figures are linked as `figures/<name>.png`."""
    lines = [f"# {report.title}", ""]
    lines += [", ".join(f"{k}: {v}" for k, v in report.settings.items()), ""]
    lines += [f"- {n}" for n in report.notes]
    for section in report.sections:
        lines += ["", f"## {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        lines += [f"![{f.title}]({figures}/{f.name}.png)" for f in section.figures]
        for table in section.tables:
            lines += ["", table.to_markdown()]
    return "\n".join(lines).rstrip("\n") + "\n"


def write_report(report: Report, out: Path) -> list[Path]:
    """Write `out/report.html`, `out/report.md` and `out/figures/*.png`; return the paths."""
    written = []
    for section in report.sections:
        for figure in section.figures:
            path = out / "figures" / f"{figure.name}.png"
            with atomic_path(path) as tmp:
                tmp.write_bytes(figure.png)
            written.append(path)
    atomic_write_text(out / "report.html", render_html(report))
    atomic_write_text(out / "report.md", render_markdown(report))
    return [out / "report.html", out / "report.md", *written]
