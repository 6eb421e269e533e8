"""Exceptions of lexsub_baselines.

Every error a user can cause (bad input, missing data, an unknown name) is a `LexsubError`
whose message says what went wrong, where (file and line when there is one) and what to do.
The CLI prints the message on one line and exits with status 2; it never shows a traceback
for these.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "DataFormatError",
    "KernelsError",
    "LexsubError",
    "MissingResourceError",
    "NothingToScoreError",
    "ResultFormatError",
    "ScoreRefusedError",
    "UnknownNameError",
]


class LexsubError(Exception):
    """Base class of every error the toolkit raises on purpose."""


class MissingResourceError(LexsubError):
    """A data file, resource or tool the command needs is not there.

    Arguments:
        what: what is missing, e.g. "SemEval-2007 test gold".
        path: where it was looked for.
        remedy: the command or setting that provides it.
    """

    def __init__(self, what: str, path: Path | str, remedy: str) -> None:
        self.what = what
        self.path = Path(path)
        self.remedy = remedy
        super().__init__(f"{what} not found at {path}: {remedy}")

    def __reduce__(self) -> tuple[type, tuple[str, Path, str]]:
        # picklable with its own arguments: raised on a Dask worker, re-raised on the client
        return type(self), (self.what, self.path, self.remedy)


class DataFormatError(LexsubError):
    """A file cannot be read at all (as opposed to a bad line, which is warned about).

    Arguments:
        path: the file.
        line: 1-based line number, or None when the problem is not on one line.
        problem: what is wrong.
        remedy: what the user can do.
    """

    def __init__(self, path: Path | str, line: int | None, problem: str, remedy: str = "") -> None:
        self.path = Path(path)
        self.line = line
        self.problem = problem
        where = f"{path}:{line}" if line is not None else str(path)
        message = f"{where}: {problem}"
        if remedy:
            message += f" ({remedy})"
        self.remedy = remedy
        super().__init__(message)

    def __reduce__(self) -> tuple[type, tuple[Path, int | None, str, str]]:
        return type(self), (self.path, self.line, self.problem, self.remedy)


class ScoreRefusedError(LexsubError, ValueError):
    """A scorer refuses its input: scoring it would give nothing useful, or the original
    evaluation stops on it. `lexsub score` prints the message as its one error line (exit
    status 2); `score()` and every `Scorer.score` raise it with the same line, its hints
    naming the keywords a Python caller uses where the command line names its flags."""


class NothingToScoreError(ScoreRefusedError):
    """Scoring a file could give nothing useful (no answer line, another format, another
    split); the message says which and what to do."""


class ResultFormatError(DataFormatError, ScoreRefusedError):
    """A system's result file is not in its protocol's format (a SWORDS, LexSubGen or
    TSAR-2022 result); the message names the file, the place and what a valid one is."""

    @classmethod
    def of(cls, error: DataFormatError) -> ResultFormatError:
        """Return `error` as a refusal of the result (the same message)."""
        return cls(error.path, error.line, error.problem, error.remedy)


class UnknownNameError(LexsubError, KeyError):
    """A registry was asked for a name it does not hold; the message lists the known names."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = known
        super().__init__(f"unknown {kind} {name!r}; known: {', '.join(known) or '(none)'}")

    def __reduce__(self) -> tuple[type, tuple[str, str, list[str]]]:
        return type(self), (self.kind, self.name, self.known)

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class KernelsError(LexsubError):
    """This process does not compute with the numeric kernels it would write or record under
    (`core.kernels`), or they cannot be pinned; the message says how to run it pinned."""
