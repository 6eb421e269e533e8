"""Typed records of the task data: instances, gold items and multiword gold."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["POS_TAGS", "DatasetSpec", "GoldItem", "Instance", "split_lexelt"]

#: The SemEval-2007 part-of-speech tags: noun, verb, adjective, adverb.
POS_TAGS: tuple[str, ...] = ("n", "v", "a", "r")


def split_lexelt(lexelt: str) -> tuple[str, str]:
    """Return (lemma, PoS) of a lexelt; with two tags (`bar.n.v`) the last is the corrected PoS.

    >>> split_lexelt("bar.n.v")
    ('bar', 'v')
    >>> split_lexelt("bright.a")
    ('bright', 'a')
    """
    parts = lexelt.split(".")
    tags: list[str] = []
    while len(parts) > 1 and parts[-1] in POS_TAGS:
        tags.append(parts.pop())
    if not tags:
        return lexelt, ""
    return ".".join(parts), tags[0]


@dataclass(frozen=True)
class Instance:
    """One sentence with a target word to substitute.

    Attributes:
        id: the instance id as written in the data (`"301"`).
        lexelt: the lexical element (`"bright.a"`, `"bar.n.v"`).
        lemma: the target lemma (`"bright"`).
        pos: the target PoS, one of n/v/a/r (the last tag of a two-tag lexelt).
        tokens: the context, tokenised on white space as distributed, entities decoded.
        target_index: index of the target's (first) token in `tokens`.
        target_length: number of tokens the head spans (1 unless the head is a phrase).
        sentence: the context text with the `<head>` markup removed.
    """

    id: str
    lexelt: str
    lemma: str
    pos: str
    tokens: tuple[str, ...]
    target_index: int
    target_length: int = 1
    sentence: str = ""

    @property
    def target(self) -> str:
        """Return the target as it appears in the sentence (`"brighter"`)."""
        return " ".join(self.tokens[self.target_index : self.target_index + self.target_length])

    @property
    def left(self) -> tuple[str, ...]:
        """Return the tokens before the target."""
        return self.tokens[: self.target_index]

    @property
    def right(self) -> tuple[str, ...]:
        """Return the tokens after the target."""
        return self.tokens[self.target_index + self.target_length :]


@dataclass(frozen=True)
class GoldItem:
    """The gold line of one instance, as the annotators' substitutes with their counts.

    Attributes:
        id: the instance id.
        lexelt: the lexelt written on the gold line.
        entries: (substitute, count) in file order (count-descending in the official files);
            parsed leniently (last space-separated field is the count). Profile-specific
            filtering (the official scorer's `pn` removal and entry regex) happens in
            `lexsub_baselines.scoring`, from `raw`.
        raw: the `;`-separated entry strings exactly as in the file.
        line: 1-based line number in the gold file.
    """

    id: str
    lexelt: str
    entries: tuple[tuple[str, int], ...]
    raw: tuple[str, ...] = ()
    line: int = 0

    @property
    def total(self) -> int:
        """Return |H|, the sum of the counts."""
        return sum(count for _, count in self.entries)


@dataclass(frozen=True)
class DatasetSpec:
    """Where a dataset's files are (relative to the data root) and where they come from.

    Attributes:
        name: canonical name (`semeval2007-test`).
        description: one line for `lexsub datasets`.
        language: language of the substitutes (`en`, or `es` for cross-lingual data).
        files: role -> path relative to the data root. Roles: `instances` (XML), `gold`,
            `mwgold`, `mwids`, `mrsamples`.
        upstream_url: where a user elsewhere downloads the original archive.
        upstream_sha256: the sha256 of that archive.
        upstream_note: how the archive's members map onto `files`.
        format: how the `instances` and `gold` files are read: `semeval` (the lenient XML
            reader and the gold reader) or `coinco` (`datasets.coinco`: Melamud et al.'s
            preprocessed CoInCo; the gold is restricted to the split's instances), `swords`
            or `tsar` (`datasets.tsar`: TSAR-2022's TSV files; ids are line numbers), or
            `prolex` (`datasets.prolex`: ProLex's CSV; ids are row numbers from 0).
        fetch: the name `lexsub fetch` gets the files by (an input of the resource
            manifest), or "" when they have no public download (`upstream_note` says why).
    """

    name: str
    description: str
    language: str
    files: tuple[tuple[str, str], ...]
    upstream_url: str = ""
    upstream_sha256: str = ""
    upstream_note: str = ""
    format: str = "semeval"
    fetch: str = ""

    def relpath(self, role: str) -> str | None:
        """Return the relative path of a file role, or None when the dataset has no such file."""
        return dict(self.files).get(role)
