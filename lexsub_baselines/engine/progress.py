"""Progress of the build stages: a tqdm bar per stage on a terminal, plain lines otherwise.

On a terminal every running stage has its own bar (words/s for the corpus stages). When stderr
is not a terminal (CI logs, `make … > log`), a stage prints one line when it starts, one line
at most every `interval` seconds while it runs (done/total, rate, elapsed, ETA) and one when it
ends — never thousands of carriage returns.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

__all__ = ["Progress", "StageBar", "format_count", "format_seconds"]


def format_seconds(seconds: float) -> str:
    """Return `1:02:03`, `4:05` or `7.1 s`.

    >>> format_seconds(3723), format_seconds(245), format_seconds(7.06)
    ('1:02:03', '4:05', '7.1 s')
    """
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_count(value: float) -> str:
    """Return a count with an SI suffix: `88.1M`, `2.5k`, `12`.

    >>> format_count(88_120_000), format_count(2500), format_count(12)
    ('88.1M', '2.5k', '12')
    """
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= limit:
            return f"{value / limit:.1f}{suffix}"
    return f"{value:.0f}"


@dataclass
class StageBar:
    """The progress of one stage (see `Progress.stage`)."""

    name: str
    total: float | None
    unit: str
    stream: TextIO
    interval: float
    bar: Any = None
    done: float = 0.0
    closed: bool = False
    running: float | None = None
    started: float = field(default_factory=time.perf_counter)
    last_line: float = field(default_factory=time.perf_counter)

    def update(self, amount: float = 1.0) -> None:
        """Record `amount` more units done."""
        self.done += amount
        if self.bar is not None:
            self.bar.update(amount)
            return
        self.heartbeat()

    def advance_to(self, done: float, total: float | None = None) -> None:
        """Record that `done` units (of `total`, when given) are done in all."""
        if total and total != self.total:
            self.total = total
            if self.bar is not None:
                self.bar.total = total
        self.update(done - self.done)

    def heartbeat(self) -> None:
        """Print a status line when `interval` seconds passed since the last one (plain mode);
        redraw the bar (terminal)."""
        if self.bar is not None:
            self.bar.refresh()
            return
        now = time.perf_counter()
        if now - self.last_line >= self.interval:
            self.last_line = now
            self._line(self._status(now))

    def _status(self, now: float) -> str:
        elapsed = now - self.started
        if not self.unit:
            if self.running is None:
                return f"queued, {format_seconds(elapsed)} elapsed"
            return f"running for {format_seconds(now - self.running)}"
        parts = [format_count(self.done) + (f"/{format_count(self.total)}" if self.total else "")
                 + f" {self.unit}s"]
        if self.total:
            parts[0] += f" ({100 * self.done / self.total:.0f}%)"
        if elapsed > 0 and self.done:
            parts.append(f"{self.done / elapsed:,.0f} {self.unit}s/s")
        parts.append(f"{format_seconds(elapsed)} elapsed")
        if self.total and self.done and self.done < self.total:
            parts.append(f"ETA {format_seconds(elapsed * (self.total - self.done) / self.done)}")
        return ", ".join(parts)

    def _line(self, text: str) -> None:
        line = f"lexsub: {self.name}: {text}"
        if self.bar is not None:
            self.bar.write(line, file=self.stream)
        else:
            print(line, file=self.stream, flush=True)

    def close(self, note: str = "") -> float:
        """End the stage; print its summary line; return its wall time in seconds."""
        seconds = time.perf_counter() - self.started
        if self.bar is not None:
            self.bar.close()
        self.closed = True
        summary = f"done in {format_seconds(seconds)}"
        if self.unit and self.done and seconds > 0:
            summary += (f", {format_count(self.done)} {self.unit}s "
                        f"({self.done / seconds:,.0f} {self.unit}s/s)")
        self._line(summary + (f"; {note}" if note else ""))
        return seconds


class Progress:
    """Hands out one `StageBar` per stage.

    Arguments:
        enabled: False shows only the start and end lines of each stage.
        stream: where to write (stderr).
        interactive: draw tqdm bars (default: when `stream` is a terminal).
        interval: seconds between plain progress lines.
    """

    def __init__(self, enabled: bool = True, stream: TextIO | None = None,
                 interactive: bool | None = None, interval: float = 30.0) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled
        tty = getattr(self.stream, "isatty", lambda: False)()
        self.interactive = enabled and (tty if interactive is None else interactive)
        self.interval = interval if enabled else float("inf")
        self._positions: dict[str, int] = {}
        self._bars: dict[str, StageBar] = {}

    def stage(self, name: str, total: float | None = None, unit: str = "") -> StageBar:
        """Start the display of stage `name` (`total` units of `unit`, when known)."""
        bar = StageBar(name, total, unit, self.stream, self.interval)
        if self.interactive:
            from tqdm import tqdm

            position = self._positions.setdefault(name, len(self._positions))
            bar.bar = tqdm(total=total, desc=name, unit=unit or "it", unit_scale=bool(unit),
                           file=self.stream, position=position, leave=False,
                           dynamic_ncols=True, mininterval=0.5,
                           bar_format=None if unit else "{desc}: {elapsed}")
            if not unit:
                bar.bar.set_description_str(f"{name} (queued)")
        else:
            bar._line("started" + (f" ({format_count(total)} {unit}s)" if total else ""))
        self._bars[name] = bar
        return bar

    def event(self, payload: dict[str, Any]) -> None:
        """Apply a progress event from a task: {"stage", "done", "total"}."""
        bar = self._bars.get(str(payload.get("stage")))
        if bar is None or bar.closed:
            return
        if payload.get("started"):
            bar.running = time.perf_counter()
            if bar.bar is not None:
                bar.bar.set_description_str(f"{bar.name} (running)")
        else:
            bar.advance_to(float(payload["done"]), payload.get("total"))

    def heartbeat(self) -> None:
        """Redraw the open bars, or print the due status lines (see `StageBar.heartbeat`)."""
        for bar in self._bars.values():
            if not bar.closed:
                bar.heartbeat()
