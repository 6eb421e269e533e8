"""How the scorer's messages name its options: as the caller wrote them.

A hint says what to change, and names the option to change as the caller can type it: a flag
for `lexsub score` (`did you mean -t oot?`, `--only-listed`), a keyword for Python (`did you
mean kind="oot"?`, `only_listed=True`). The scorers take a `Spelling` (`PYTHON` by default;
the command passes `COMMAND_LINE`) and every message that names an option or a call asks it.

>>> COMMAND_LINE.option("kind", "oot"), PYTHON.option("kind", "oot")
('-t oot', 'kind="oot"')
>>> PYTHON.call("run.best", "swords-dev")
'score("run.best", "swords-dev")'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COMMAND_LINE", "FLAGS", "PYTHON", "Spelling"]

#: The keyword of `score()` -> the flag of `lexsub score`.
FLAGS: dict[str, str] = {
    "kind": "-t", "profile": "--profile", "protocol": "--protocol", "subsets": "--subsets",
    "by_pos": "--by-pos", "bounds": "--bounds", "measures": "--measures", "k": "-k",
    "mwids": "--mwids", "mrsamples": "--mrsamples", "only_listed": "--only-listed",
    "compare": "--compare",
}


@dataclass(frozen=True)
class Spelling:
    """The words of one kind of caller.

    Attributes:
        flags: name options as `lexsub score`'s flags (else as `score()`'s keywords).
    """

    flags: bool

    def option(self, name: str, value: object = True) -> str:
        """Return the option `name` (a keyword of `score()`) set to `value`, as typed.

        >>> COMMAND_LINE.option("only_listed"), PYTHON.option("only_listed")
        ('--only-listed', 'only_listed=True')
        >>> COMMAND_LINE.option("measures", ("jabbari",)), PYTHON.option("k", 2.0)
        ('--measures jabbari', 'k=2.0')
        """
        if self.flags:
            flag = FLAGS.get(name, "--" + name.replace("_", "-"))
            if value is True:
                return flag
            shown = " ".join(map(str, value)) if isinstance(value, tuple | list) else value
            return f"{flag} {shown}"
        if isinstance(value, str):
            return f'{name}="{value}"'
        if isinstance(value, list):
            value = tuple(value)
        return f"{name}={value!r}"

    def call(self, system: str, gold: str, **options: object) -> str:
        """Return the call that scores `system` against `gold` with `options`, as typed.

        >>> COMMAND_LINE.call("run.best", "semeval2007-test", kind="oot")
        'lexsub score run.best semeval2007-test -t oot'
        """
        if self.flags:
            return " ".join(["lexsub score", system, gold,
                             *(self.option(name, value) for name, value in options.items())])
        words = [f'"{system}"', f'"{gold}"',
                 *(self.option(name, value) for name, value in options.items())]
        return f"score({', '.join(words)})"


#: `score()`'s keywords, the default of every scorer.
PYTHON = Spelling(flags=False)
#: `lexsub score`'s flags.
COMMAND_LINE = Spelling(flags=True)
