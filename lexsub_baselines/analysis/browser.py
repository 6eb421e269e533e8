"""Headless Chromium, to check and time the report and the explorer as a reader sees them.

Used by the browser tests (`tests/test_report.py`) and `scripts/bench_report.py`; Chromium is
the Debian package `scripts/setup.sh` installs. Pages are opened from `file://` with the
network off, as a reader opens them. `probe` writes a copy of a page with a script that, once
the page has rendered, records what it measured as `data-*` attributes of `<body>`, which
`dump_dom` then returns with the rest of the DOM.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError, MissingResourceError

__all__ = ["EXPLORER_PROBE", "LAYOUT_PROBE", "Browser", "find_chromium", "probe"]

_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--hide-scrollbars", "--force-device-scale-factor=1")

#: Records the page's layout once loaded: the window and page widths and height, how many
#: figures were decoded, and any two blocks of the page (headings, paragraphs, figures,
#: tables, navigation) whose boxes overlap.
LAYOUT_PROBE = """
window.addEventListener('load', () => {
  const body = document.body;
  const imgs = [...document.images].filter(i => i.complete && i.naturalWidth > 300);
  const blocks = [...document.querySelectorAll(
      'body > h1, body > h2, body > h3, body > p, body > nav, body > figure, body > div,'
      + 'body > details, body > pre, figure > img, figure > figcaption')]
    .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
  const overlaps = [];
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const [a, ra] = blocks[i], [b, rb] = blocks[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 1 && y > 1) overlaps.push(a.tagName + '#' + (a.id || i) + '/' + b.tagName + '#'
                                        + (b.id || j));
    }
  }
  body.setAttribute('data-decoded', String(imgs.length));
  body.setAttribute('data-window-width', String(window.innerWidth));
  body.setAttribute('data-page-width', String(document.documentElement.scrollWidth));
  body.setAttribute('data-page-height', String(document.documentElement.scrollHeight));
  body.setAttribute('data-overlaps', overlaps.slice(0, 5).join(' '));
});
"""


#: Records the explorer's layout once rendered: the window and page widths, the summary's
#: counts, and every box that overlaps another or leaves its pane -- the list pane and the
#: detail pane, a list row's parts (a row wider than the list, parts over each other), the
#: detail pane's blocks (heading, paragraph, tables) over each other or out of the pane.
EXPLORER_PROBE = """
window.addEventListener('load', () => {
  const box = e => e.getBoundingClientRect();
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const problems = [];
  const list = document.getElementById('list-pane'), detail = document.getElementById('detail');
  if (over(box(list), box(detail))) problems.push('list-pane/detail');
  document.querySelectorAll('#list li').forEach((li, i) => {
    if (li.scrollWidth > li.clientWidth + 1) problems.push('li' + i + ':overflows');
    if (box(li).right > box(list).right + 1) problems.push('li' + i + ':beyond-list');
    const parts = [...li.children].map(box);
    for (let j = 1; j < parts.length; j++) {
      if (over(parts[j - 1], parts[j])) problems.push('li' + i + ':parts');
    }
  });
  const blocks = [...detail.children].filter(e => box(e).width > 0 && box(e).height > 0);
  blocks.forEach((e, i) => {
    if (box(e).right > box(detail).right + 1 || box(e).left < box(detail).left - 1)
      problems.push(e.tagName + i + ':beyond-detail');
    for (let j = i + 1; j < blocks.length; j++) {
      if (over(box(e), box(blocks[j]))) problems.push(e.tagName + i + '/' + blocks[j].tagName + j);
    }
  });
  document.body.setAttribute('data-window-width', String(window.innerWidth));
  document.body.setAttribute('data-page-width', String(document.documentElement.scrollWidth));
  document.body.setAttribute('data-layout-problems', problems.slice(0, 8).join(' '));
});
"""


def find_chromium() -> str | None:
    """Return the Chromium executable on PATH, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def probe(page: Path, script: str, out: Path) -> Path:
    """Write `out`: a copy of `page` with `script` run at the end of its body; return `out`."""
    text = page.read_text(encoding="utf-8")
    at = text.rfind("</body>")
    if at < 0:
        raise LexsubError(f"{page}: no </body>; not a page the report wrote")
    out.write_text(f"{text[:at]}<script>{script}</script>{text[at:]}", encoding="utf-8")
    return out


@dataclass(frozen=True)
class Browser:
    """A headless Chromium with a profile folder of its own.

    Attributes:
        executable: the Chromium executable.
        profile: its user-data folder (created when needed).
        timeout: seconds one page may take.
    """

    executable: str
    profile: Path
    timeout: float = 120.0

    @classmethod
    def find(cls, profile: Path) -> Browser:
        """Return the browser on PATH.

        Raises:
            MissingResourceError: Chromium is not installed.
        """
        executable = find_chromium()
        if executable is None:
            raise MissingResourceError("chromium", "PATH", "run scripts/setup.sh (installs the "
                                       "Debian package chromium)")
        return cls(executable, profile)

    def _run(self, url: str, *flags: str) -> str:
        command = [self.executable, *_FLAGS, f"--user-data-dir={self.profile}", *flags, url]
        done = subprocess.run(command, capture_output=True, text=True, timeout=self.timeout,
                              check=False)
        if done.returncode != 0:
            raise LexsubError(f"chromium failed on {url} (exit {done.returncode}): "
                              f"{done.stderr.strip()[-400:]}")
        return done.stdout

    def dump_dom(self, url: str, width: int = 1280, height: int = 900,
                 budget_ms: int | None = None) -> str:
        """Return the DOM of `url` once loaded (after `budget_ms` of virtual time, if given)."""
        budget = [f"--virtual-time-budget={budget_ms}"] if budget_ms else []
        return self._run(url, f"--window-size={width},{height}", *budget, "--dump-dom")

    def screenshot(self, url: str, out: Path, width: int = 1280, height: int = 900) -> Path:
        """Save a `width` x `height` screenshot of the top of `url` as `out` (PNG)."""
        out.parent.mkdir(parents=True, exist_ok=True)
        self._run(url, f"--window-size={width},{height}", f"--screenshot={out}")
        if not out.is_file():
            raise LexsubError(f"chromium wrote no screenshot of {url} to {out}")
        return out
