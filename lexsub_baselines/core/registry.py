"""Registries of named components (datasets, generators, rankers, systems, scorer profiles).

Mirrors the spaCy/confection habit: a component is registered under a canonical name with a
decorator, a duplicate name is refused, and an unknown name is answered with the list of known
ones. Registries are filled by one explicit module per kind (no import side effects elsewhere).
A registration run again from the module that made it (a notebook cell run twice, a module
reloaded) replaces the first: the name is the same component's, not a duplicate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from lexsub_baselines.core.errors import LexsubError, UnknownNameError

__all__ = ["Registry", "note_lookups", "recording_lookups"]

T = TypeVar("T")

#: The sets that `recording_lookups` blocks are filling (innermost last).
_RECORDERS: list[set[tuple[str, str]]] = []


@contextmanager
def recording_lookups() -> Iterator[set[tuple[str, str]]]:
    """Yield a set that receives (kind, name) of every successful `Registry.get` made in the
    block, by any registry: the components a computation reached by name (a system's results
    are keyed by the entries its build and answers looked up, `runs.closure`).

    >>> r: Registry[int] = Registry("number")
    >>> r.add("one", 1)
    >>> with recording_lookups() as seen:
    ...     _ = r.get("one")
    >>> sorted(seen)
    [('number', 'one')]
    """
    found: set[tuple[str, str]] = set()
    _RECORDERS.append(found)
    try:
        yield found
    finally:
        _RECORDERS.remove(found)


def note_lookups(lookups: Iterable[tuple[str, str]]) -> None:
    """Record (kind, name) lookups in the open `recording_lookups` blocks as if they had been
    made: for an object built once per process from registry entries and shared (the fill
    chain), whose later users look nothing up themselves."""
    for recorder in _RECORDERS:
        recorder.update(lookups)


class Registry(Generic[T]):
    """A mapping from canonical names to components of one kind.

    Arguments:
        kind: what the registry holds, used in messages ("dataset", "system", ...).

    >>> r: Registry[int] = Registry("number")
    >>> r.add("one", 1)
    >>> r.get("one")
    1
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}
        self._docs: dict[str, str] = {}
        self._needs: dict[str, tuple[str, ...]] = {}
        self._owners: dict[str, str | None] = {}

    def add(self, name: str, item: T, doc: str = "", needs: tuple[str, ...] = (),
            owner: str | None = None) -> None:
        """Register `item` under `name`; refuse a name another module has taken.

        Arguments:
            name: the canonical name.
            item: the component (usually a factory).
            doc: one line for listings.
            needs: the built resources (stages of `lexsub_baselines.builds`) it reads.
            owner: the module registering it (default: the item's `__module__`); the same
                owner registering the name again replaces its earlier registration.

        Raises:
            LexsubError: `name` was registered by another module (or by an unknown one).
        """
        owner = owner or getattr(item, "__module__", None)
        if name in self._items:
            first = self._owners[name]
            if first is None or first != owner:
                raise LexsubError(f"{self.kind} {name!r} is registered twice (by {first or '?'} "
                                  f"and by {owner or '?'}): give one of them another name")
        self._owners[name] = owner
        self._items[name] = item
        self._docs[name] = doc
        self._needs[name] = tuple(needs)

    def register(self, name: str, doc: str = "", needs: tuple[str, ...] = ()
                 ) -> Callable[[T], T]:
        """Return a decorator that registers what it decorates under `name`."""

        def decorate(item: T) -> T:
            self.add(name, item, doc or (getattr(item, "__doc__", None) or "").split("\n")[0],
                     needs)
            return item

        return decorate

    def needs(self, name: str) -> tuple[str, ...]:
        """Return the built resources `name` reads (stage names, in registration order)."""
        self.get(name)
        return self._needs[name]

    def get(self, name: str) -> T:
        """Return the component named `name`.

        Raises:
            UnknownNameError: no such name; the message lists the known names.
        """
        try:
            item = self._items[name]
        except KeyError:
            raise UnknownNameError(self.kind, name, self.names()) from None
        for recorder in _RECORDERS:
            recorder.add((self.kind, name))
        return item

    def names(self) -> list[str]:
        """Return the registered names in registration order."""
        return list(self._items)

    def doc(self, name: str) -> str:
        """Return the one-line description of `name`."""
        self.get(name)
        return self._docs[name]

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)
