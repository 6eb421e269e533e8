"""Lemma+PoS counts over the shipped corpora: the `corpus` frequency source.

McCarthy & Navigli (2007) ranked WordNet candidates by lemma frequencies "collected from
grammatical relations obtained from the BNC". Until the project's own parser provides relation
counts (the `gr` source), this source counts lemma+PoS over the shipped corpora (English
Wikipedia + Project Gutenberg, about 90M words), read with `lexsub_baselines.text.corpora` (markup
and boilerplate stripped):

1. Tokenise each paragraph: lower-case, split `n't` off ("don't" -> "do n't"), and keep runs of
   letters joined by inner hyphens (`[^\\W\\d_]+(?:-[^\\W\\d_]+)*`); digits and punctuation drop.
2. Count surface forms: one `collections.Counter` per corpus file (a task of the
   `corpus-counts` stage of `lexsub_baselines.builds`, on the Dask cluster), summed by a tree
   of merge tasks.
3. Map every distinct form to its possible (lemma, PoS) readings with
   `lemminflect.getAllLemmas` (NOUN/PROPN -> n, VERB/AUX -> v, ADJ -> a, ADV -> r) and add the
   form's count to **every** reading. No tagger is involved, so a PoS-ambiguous form ("light",
   "saw") counts in full for each of its readings. We chose this over splitting the count
   equally because the ranker compares candidates of one PoS: an equal split would penalise a
   word for having readings in *other* parts of speech, which says nothing about how frequent it
   is in this one; counting in full gives each candidate the frequency of all the forms that can
   realise it. Both over-count ambiguous words; the `gr` source (parsed relations) will not.
   A participle or past form with no adjective reading ("shining", "burnished", "lit") also
   counts as an adjective lemma of its own (WordNet's participial adjectives).
4. A form lemminflect does not know (names, rare or hyphenated words: "lucent",
   "well-known") is kept as its own lemma with unknown PoS `?`; `count(lemma, pos)` falls back to
   it when the lemma has no reading in that PoS.

The table is cached under `roots.cache/frequency/`, keyed by the corpus files' names and
content, `max_tokens`, lemminflect's version and the identity of this code and what it imports
(`inputs.code_identity`: the cleaners included); it is written atomically and sealed with a
checksum, and a cache failing its checksum is rebuilt.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from lexsub_baselines.core.cache import atomic_path, seal, verified
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.inputs.libraries import library_version
from lexsub_baselines.resources.frequency import normalise_pos
from lexsub_baselines.text.corpora import corpus_inputs, corpus_plan
from lexsub_baselines.text.shards import Shard

__all__ = [
    "CORPUS_NAMES",
    "UNKNOWN_POS",
    "CorpusCounts",
    "CorpusFrequency",
    "corpus_counts_path",
    "corpus_frequency",
    "count_forms",
    "count_shard_forms",
    "lemma_readings",
    "lemmatise_counts",
    "load_corpus_counts",
    "merge_forms",
    "save_corpus_counts",
    "tokenise",
]

CORPUS_NAMES: tuple[str, ...] = ("enwiki", "gutenberg")
#: The PoS of a form lemminflect does not know.
UNKNOWN_POS = "?"

_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
#: PoS codes of the stored table (index = code).
_POS_CODES = ("n", "v", "a", "r", UNKNOWN_POS)
#: Penn tags of the verb forms that may serve as participial adjectives.
_PARTICIPLE_TAGS = ("VBG", "VBN", "VBD")
_UPOS = {"NOUN": "n", "PROPN": "n", "VERB": "v", "AUX": "v", "ADJ": "a", "ADV": "r"}


def tokenise(paragraph: str) -> list[str]:
    """Return the lower-cased word tokens of a paragraph.

    >>> tokenise("Don't light-heartedly count 3 lights, Mr. O'Neil!")
    ['do', 'n', 't', 'light-heartedly', 'count', 'lights', 'mr', 'o', 'neil']
    """
    text = paragraph.lower().replace("n't", " n't").replace("n\u2019t", " n\u2019t")
    return _TOKEN.findall(text)


def count_forms(paragraphs: Iterable[str]) -> Counter[str]:
    """Return the counts of the word forms in `paragraphs`."""
    counts: Counter[str] = Counter()
    for paragraph in paragraphs:
        counts.update(tokenise(paragraph))
    return counts


def count_shard_forms(shard: Shard) -> Counter[str]:
    """Return the form counts of one corpus shard (a task)."""
    return count_forms(shard.paragraphs())


def merge_forms(*parts: Counter[str]) -> Counter[str]:
    """Return the sum of form counts (a merge task)."""
    total: Counter[str] = Counter()
    for part in parts:
        total.update(part)
    return total


def lemma_readings(form: str) -> frozenset[tuple[str, str]]:
    """Return the (lemma, PoS) readings of a lower-case form; (form, "?") when unknown.

    A participle or past form with no adjective reading ("shining", "burnished", "lit") also
    reads as an adjective lemma of its own, as WordNet lists many participial adjectives that
    lemminflect only knows as verb forms.

    >>> sorted(lemma_readings("saw"))
    [('saw', 'a'), ('saw', 'n'), ('saw', 'v'), ('see', 'v')]
    >>> sorted(lemma_readings("shining"))
    [('shine', 'v'), ('shining', 'a')]
    >>> sorted(lemma_readings("lucent"))
    [('lucent', '?')]
    """
    from lemminflect import getAllInflections, getAllLemmas  # lazy: loads tables on first use

    by_upos = getAllLemmas(form)
    readings = {
        (lemma, _UPOS[upos])
        for upos, lemmas in by_upos.items()
        if upos in _UPOS
        for lemma in lemmas
    }
    if "ADJ" not in by_upos:
        for verb in by_upos.get("VERB", ()):
            inflections = getAllInflections(verb, upos="VERB")
            if any(form in inflections.get(tag, ()) for tag in _PARTICIPLE_TAGS):
                readings.add((form, "a"))
                break
    return frozenset(readings) or frozenset({(form, UNKNOWN_POS)})


def lemmatise_counts(forms: Mapping[str, int]) -> dict[tuple[str, str], int]:
    """Return {(lemma, PoS): count}, each form's count added to every one of its readings."""
    table: dict[tuple[str, str], int] = {}
    for form, count in forms.items():
        for reading in lemma_readings(form):
            table[reading] = table.get(reading, 0) + count
    return table


@dataclass(frozen=True)
class CorpusCounts:
    """A lemma+PoS count table and how it was made.

    Attributes:
        table: {(lemma, PoS): count}; PoS in n/v/a/r, or `?` for forms of unknown PoS.
        meta: corpora, files, tokens counted, max_tokens, versions.
    """

    table: Mapping[tuple[str, str], int] = field(repr=False)
    meta: Mapping[str, Any] = field(default_factory=dict)

    def save(self, path: Path) -> None:
        """Write the table to `path` (.npz) atomically and seal it with a checksum."""
        keys = sorted(self.table)
        unknown = {pos for _, pos in keys} - set(_POS_CODES)
        if unknown:
            raise ValueError(f"PoS {sorted(unknown)} cannot be stored (known: {_POS_CODES})")
        lemmas = "\n".join(lemma for lemma, _ in keys).encode("utf-8")
        lemmas_array = np.frombuffer(lemmas, dtype=np.uint8)
        pos_array = np.array([_POS_CODES.index(pos) for _, pos in keys], dtype=np.uint8)
        counts_array = np.array([self.table[k] for k in keys], dtype=np.int64)
        meta_json = json.dumps(dict(self.meta), sort_keys=True).encode("utf-8")
        meta_array = np.frombuffer(meta_json, dtype=np.uint8)
        # a crash before the rename leaves no file; between the rename and `seal`, a file
        # without a matching checksum, which `load` treats as absent
        with atomic_path(path) as tmp, open(tmp, "wb") as handle:
            np.savez(handle, lemmas=lemmas_array, pos=pos_array, counts=counts_array,
                     meta=meta_array)
        seal(path)

    @classmethod
    def load(cls, path: Path) -> CorpusCounts | None:
        """Read a table written by `save`; None when absent or failing its checksum."""
        if not verified(path):
            return None
        with np.load(path, allow_pickle=False) as data:
            lemmas = bytes(data["lemmas"]).decode("utf-8").split("\n")
            if not data["counts"].size:
                lemmas = []
            pos = np.array(_POS_CODES)[data["pos"]].tolist()
            counts = data["counts"].tolist()
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
        table = dict(zip(zip(lemmas, pos, strict=True), counts, strict=True))
        return cls(table, meta)


@dataclass(frozen=True)
class CorpusFrequency:
    """The `corpus` source: lemma+PoS counts over the shipped corpora.

    >>> freq = CorpusFrequency(CorpusCounts({("light", "n"): 5, ("lucent", "?"): 2}))
    >>> freq.count("light", "n"), freq.count("light", "v"), freq.count("lucent", "a")
    (5.0, 0.0, 2.0)
    >>> freq.count("light up", "v") is None
    True
    """

    counts: CorpusCounts
    name: str = "corpus"

    def count(self, lemma: str, pos: str) -> float | None:
        """Return the count of (lemma, pos); a form of unknown PoS counts for every PoS.

        Returns:
            The count (0.0 when never seen), or None for a multiword.
        """
        if " " in lemma:
            return None
        key = lemma.lower()
        table = self.counts.table
        found = table.get((key, normalise_pos(pos)))
        if found is None:
            found = table.get((key, UNKNOWN_POS), 0)
        return float(found)


def corpus_counts_path(roots: Roots, names: Sequence[str] = CORPUS_NAMES,
                       max_tokens: int | None = None) -> Path:
    """Return where the counts for these corpora and `max_tokens` are cached.

    Raises:
        MissingResourceError: a corpus folder is absent or empty.
    """
    files = [str(path.relative_to(roots.shared)) for _, path in corpus_plan(roots, names)]
    key = computation_key(roots, "corpus-counts", code=(__name__,),
                          inputs=corpus_inputs(names), corpora=list(names), files=files,
                          max_tokens=max_tokens)
    return roots.cache / "frequency" / f"corpus-counts-{key}.npz"


def save_corpus_counts(forms: Counter[str], path: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """Lemmatise the summed form counts and write the table to `path` (a task).

    Returns:
        The table's `meta`: `meta` plus tokens and distinct forms counted.
    """
    table = lemmatise_counts(forms)
    full = {**meta, "tokens": sum(forms.values()), "forms": len(forms),
            "code": code_digest(__name__), "lemminflect": library_version("lemminflect")}
    CorpusCounts(table, full).save(path)
    return full


@lru_cache(maxsize=4)
def load_corpus_counts(roots: Roots, names: tuple[str, ...] = CORPUS_NAMES,
                       max_tokens: int | None = None) -> CorpusCounts:
    """Return the cached counts.

    Raises:
        MissingResourceError: not built yet, or failing its checksum
            (`lexsub build corpus-counts` builds them).
    """
    path = corpus_counts_path(roots, names, max_tokens)
    counts = CorpusCounts.load(path)
    if counts is None:
        raise MissingResourceError("corpus lemma counts", path,
                                   "run `lexsub build corpus-counts`")
    return counts


def corpus_frequency(roots: Roots, max_tokens: int | None = None) -> CorpusFrequency:
    """Return the `corpus` frequency source over the shipped corpora (built once, cached)."""
    return CorpusFrequency(load_corpus_counts(roots, CORPUS_NAMES, max_tokens))
