"""The records of the field's released outputs: a pinned repository and one released file."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FIELD_FOLDER", "FieldOutput", "Repository"]

#: Where the outputs lie under the shared root (as in ../shared).
FIELD_FOLDER = "field-outputs"


@dataclass(frozen=True)
class Repository:
    """A public repository at a pinned commit, and what it releases under which licence."""

    name: str  # owner/name on GitHub
    commit: str
    folder: str  # the outputs' folder under FIELD_FOLDER
    fetch: str  # the input `lexsub fetch` knows them by
    licence: str
    flat: bool = False  # the folder keeps the files' names only, not their upstream folders

    def url(self, path: str) -> str:
        """Return the pinned download URL of `path` in the repository."""
        return f"https://github.com/{self.name}/raw/{self.commit}/{path}"


@dataclass(frozen=True)
class FieldOutput:
    """One released file.

    Attributes:
        id: its manifest id (`field-wordtune-swords-test`).
        kind: `wordtune`, `tsar` (predictions), `tsar-eval` (the authors' figures) or
            `licence`.
        upstream: its path in the repository.
        repository: where it is released.
        what: one line saying what it is.
        system: the row it makes (`released:unihd-3`; "" for the licences).
        dataset: the benchmark it answers (`swords-test`, `semeval2007-test`, `coinco-all`,
            `tsar2022-en-test`; "" for the licences).
        published: the published figures its row is set beside: the official run's label
            (`UniHD run 2`) or the id of the authors' `.eval` file (or score file); "" when
            none.
        local: its path under the repository's folder where ../shared lays it out elsewhere
            than upstream (ParaLS's `ls14_search_results/log.1/` is `coinco/`); "": as
            `repository.flat` says.
    """

    id: str
    kind: str
    upstream: str
    repository: Repository
    what: str
    system: str = ""
    dataset: str = ""
    published: str = ""
    local: str = ""

    @property
    def path(self) -> str:
        """Return its path relative to the shared root (`field-outputs/...`), as ../shared
        lays it out: the upstream path under the repository's folder, or its name alone."""
        name = self.local or (self.upstream.rpartition("/")[2] if self.repository.flat
                              else self.upstream)
        return f"{FIELD_FOLDER}/{self.repository.folder}/{name}"

    @property
    def url(self) -> str:
        """Return its pinned upstream URL."""
        return self.repository.url(self.upstream)
