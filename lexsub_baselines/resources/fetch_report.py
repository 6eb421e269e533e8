"""What a `lexsub fetch` says it did: one line per input, and what an interruption kept.

Every line says what happened, in bytes that were taken over the network in this run (a
restarted partial counts what was transferred, not how much the file grew; a continued one
says how much it continued), and, when a fetch is interrupted (Ctrl-C), what it kept for next
time: the inputs in place, the files of the interrupted input already laid out, each partial
download kept (its bytes can be checked: the next fetch continues it) or deleted (nothing
vouches for them).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import UnknownNameError

__all__ = ["FetchInterrupted", "FetchResult", "Partial", "interrupted_message", "size",
           "unknown_input"]


def size(count: int) -> str:
    """Return a byte count for a line: `183 kB`, `4.4 MB`.

    >>> size(183_000), size(4_400_000), size(0)
    ('183 kB', '4.4 MB', '0 kB')
    """
    return f"{count / 1e3:,.0f} kB" if count < 1e6 else f"{count / 1e6:,.1f} MB"


@dataclass(frozen=True)
class FetchResult:
    """What `fetch` did for one input.

    Attributes:
        name: the input's name.
        status: `ok` (in place and checked, nothing downloaded), `fetched`, `present` (no
            recipe, but found), `not fetched` (no recipe and absent) or `failed`.
        files: how many files are in place.
        downloaded: bytes taken over the network in this run.
        detail: the note of an input that is not fetched, the error of a failed one, or what to
            know of a fetched one (an archive whose recorded digest was never verified).
        where: the folder the files are in (the first one).
        resumed: bytes of partial downloads kept by an earlier run that this one continued.
    """

    name: str
    status: str = "ok"
    files: int = 0
    downloaded: int = 0
    detail: str = ""
    where: str = ""
    resumed: int = 0

    def line(self) -> str:
        """Return the one line printed for this input."""
        if self.status in ("not fetched", "failed"):
            return f"{self.name:<17} {self.status}: {self.detail}"
        if self.status == "present":
            return f"{self.name:<17} present (no download: {self.detail})"
        taken = "nothing downloaded" if not self.downloaded else \
            f"{size(self.downloaded)} downloaded"
        if self.resumed:
            taken += f", continuing {size(self.resumed)} an earlier fetch kept"
        line = f"{self.name:<17} {self.status}: {self.files} file(s) checked in {self.where} " \
               f"({taken})"
        return f"{line}; {self.detail}" if self.detail else line


@dataclass(frozen=True)
class Partial:
    """A partial download an interrupted fetch left.

    Attributes:
        url: what it is the start of.
        path: where it is kept.
        bytes: its size.
        kept: its bytes can be checked (a recorded digest, or the host's validator): the next
            fetch continues it; else it was deleted.
    """

    url: str
    path: Path
    bytes: int
    kept: bool


class FetchInterrupted(KeyboardInterrupt):
    """A fetch stopped by the user (Ctrl-C); the message says what it kept for next time."""


def interrupted_message(done: Sequence[FetchResult], name: str, laid_out: int,
                        partials: Sequence[Partial], names: Sequence[str]) -> str:
    """Return what an interrupted fetch kept: the inputs in place, the interrupted input's
    files laid out (each checked), its partial downloads kept or deleted, and how to go on.

    >>> interrupted_message([FetchResult("semeval2007", "fetched")], "swords", 1,
    ...                     [Partial("https://h/x.gz", Path("/c/x.part"), 1_200_000, True)],
    ...                     ["scoring"])  # doctest: +NORMALIZE_WHITESPACE
    'while fetching swords; in place before: semeval2007; 1 file of swords laid out (checked,
    it stays); the partial download of https://h/x.gz (1.2 MB) is kept in /c/x.part:
    `lexsub fetch scoring` goes on from there'
    """
    parts = [f"while fetching {name}" if name else "before any input"]
    placed = [r.name for r in done if r.status in ("ok", "fetched", "present")]
    if placed:
        parts.append(f"in place before: {', '.join(placed)}")
    if laid_out:
        parts.append(f"{laid_out} file{'s' * (laid_out != 1)} of {name} laid out (checked, "
                     f"{'they stay' if laid_out != 1 else 'it stays'})")
    for partial in partials:
        if partial.kept:
            parts.append(f"the partial download of {partial.url} ({size(partial.bytes)}) is "
                         f"kept in {partial.path}")
        else:
            parts.append(f"the partial download of {partial.url} ({size(partial.bytes)}) was "
                         "deleted: nothing vouches for its bytes")
    if name and not laid_out and not partials:
        parts.append(f"nothing of {name} was kept")
    return "; ".join(parts) + f": `lexsub fetch {' '.join(names)}` goes on from there"


def unknown_input(name: str, short: list[str], ids: Sequence[str]) -> UnknownNameError:
    """Return the error of an unknown name to fetch: it lists the groups and inputs (`short`),
    not the 80 and more entry ids (`ids`, which `--list` shows), and guesses the closest of
    all when one is close.

    >>> str(unknown_input("semeval", ["scoring", "semeval2007"], ["swords-dev"]))[:52]
    "unknown input 'semeval'; did you mean semeval2007? g"
    """
    close = difflib.get_close_matches(name, [*short, *ids], n=1, cutoff=0.6)
    error = UnknownNameError("input", name, list(dict.fromkeys(short)))
    guess = f"did you mean {close[0]}? " if close else ""
    error.args = (f"unknown input {name!r}; {guess}groups and inputs: "
                  f"{', '.join(dict.fromkeys(short))} (and each manifest id of `lexsub fetch "
                  "--list`)",)
    return error
