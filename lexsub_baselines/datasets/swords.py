"""SWORDS, the Stanford Word Substitution benchmark (Lee et al. 2021), v1.1 dev and test.

A SWORDS file (`swords-v1.1_{dev,test}.json.gz`, from `assets/parsed/` of p-lambda/swords)
is one gzipped JSON object: `contexts` (id -> `context`, a paragraph of CoInCo/MASC text),
`targets` (id -> `context_id`, `target` word, character `offset` in the context, UD `pos`),
`substitutes` (id -> `target_id`, `substitute`), `substitute_labels` (substitute id -> the
annotators' labels `TRUE`/`FALSE`/`UNSURE`) and `substitutes_lemmatized`. Ids are SHA1 hashes
of the content (`c:…`, `t:…`, `s:…`). `read_swords` keeps every record in file order; it
checks the structure and names the file and the record when something is off.

`swords_instances` turns each target into an `Instance` the generators and rankers take:
- the id is the target id; the PoS is the UD tag mapped to n/v/a/r (`UD_POS`);
- the context is tokenised with the project's PTB-like tokeniser (`lm.tokenise`, the LM's)
  on each side of the target, so that the target is one token at its character offset;
- the lemma is the one the data carries (`extra.coinco_lemma`: CoInCo's lemma of the target,
  present on every v1.1 target, as a SemEval-2007 lexelt carries its lemma), else the
  lower-cased target's lemma under its UD tag by `datasets.lemmas.lemma_of` (the rule of the
  corpus relation counts; it agrees with CoInCo's on 365 of 370 dev and 754 of 762 test
  targets, and differs where lemminflect misreads: `other`/ADJ -> `oth`, `more` -> `much`);
- `sentence` is the whole context (a paragraph), as distributed.

`swords_gold_items` gives the generic gold view (`GoldItem`: the substitutes at least one
annotator marked TRUE, with their TRUE counts, most first); the exact evaluation of the
benchmark reads the labels themselves (`scoring.swords`).
"""

from __future__ import annotations

import gzip
import json
import warnings
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.core.pos import POS_OF_UPOS
from lexsub_baselines.datasets.lemmas import lemma_of
from lexsub_baselines.datasets.types import DatasetSpec, GoldItem, Instance
from lexsub_baselines.text.tokenise import tokenise

__all__ = [
    "LABELS",
    "SWORDS_FORMAT",
    "UD_POS",
    "SwordsData",
    "SwordsSubstitute",
    "SwordsTarget",
    "read_swords",
    "swords_gold_items",
    "swords_instances",
    "swords_specs",
]

#: The `DatasetSpec.format` of SWORDS datasets.
SWORDS_FORMAT = "swords"
#: UD tags of SWORDS targets -> SemEval-2007 tags (`core.pos`).
UD_POS = POS_OF_UPOS
#: The annotator labels of the benchmark (swords `Label`); TRUE_IMPLICIT counts as TRUE.
LABELS = frozenset({"TRUE", "FALSE", "TRUE_IMPLICIT", "FALSE_IMPLICIT", "UNSURE"})
POSITIVE_LABELS = frozenset({"TRUE", "TRUE_IMPLICIT"})

#: Where the files come from: the benchmark's repository at the commit of v1.1's parsed assets.
SWORDS_REPOSITORY = "https://github.com/p-lambda/swords"
SWORDS_COMMIT = "04ca75370d0ce098a7f4db68240fc8e79a4f7b3b"
_SHA256 = {"dev": "bc3570786455a05f11fcb4fc7f54e117642d5fb5e98f19355028c5c7ee00c954",
           "test": "f94b6b73c52fd4bd549180bc119d44e9f9097ec78240a8b42363add158e58480"}
_SIZES = {"dev": "370 targets, 22,978 labelled substitutes",
          "test": "762 targets, 45,705 labelled substitutes"}
_NOTE = ("put swords-v1.1_{dev,test}.json.gz from assets/parsed/ of the benchmark's "
         "repository under <data root>/swords/")


@dataclass(frozen=True)
class SwordsTarget:
    """A target word in a context.

    Attributes:
        id: the target id (`t:…`).
        context_id: its context's id (`c:…`).
        target: the word as written in the context.
        offset: its character offset in the context.
        upos: its UD part of speech (NOUN, VERB, ADJ, ADV; "" when the file has none).
        lemma: the lemma the data gives (`extra.coinco_lemma`), or "".
    """

    id: str
    context_id: str
    target: str
    offset: int
    upos: str
    lemma: str = ""

    @property
    def pos(self) -> str:
        """Return the SemEval-2007 tag (n/v/a/r; n for an unknown tag, as the benchmark does)."""
        return UD_POS.get(self.upos, "n")


@dataclass(frozen=True)
class SwordsSubstitute:
    """A labelled substitute of one target.

    Attributes:
        id: the substitute id (`s:…`).
        target_id: the target it substitutes.
        substitute: the substitute as the annotators (or a thesaurus) wrote it.
        labels: the annotators' labels, in file order.
    """

    id: str
    target_id: str
    substitute: str
    labels: tuple[str, ...]

    @property
    def true_count(self) -> int:
        """Return how many annotators said TRUE (TRUE_IMPLICIT included)."""
        return sum(label in POSITIVE_LABELS for label in self.labels)

    @property
    def true_ratio(self) -> float | None:
        """Return TRUE labels / labels other than UNSURE (as the evaluation weighs a
        substitute), or None when every label is UNSURE."""
        sure = sum(label != "UNSURE" for label in self.labels)
        return self.true_count / sure if sure else None


@dataclass(frozen=True)
class SwordsData:
    """One SWORDS file, every record in file order."""

    path: str
    contexts: Mapping[str, str]
    targets: tuple[SwordsTarget, ...]
    substitutes: tuple[SwordsSubstitute, ...]
    substitutes_lemmatized: bool

    def context(self, target: SwordsTarget) -> str:
        """Return the context text of `target`."""
        return self.contexts[target.context_id]

    def by_target(self) -> dict[str, list[SwordsSubstitute]]:
        """Return target id -> its substitutes (file order), for every target."""
        grouped: dict[str, list[SwordsSubstitute]] = {t.id: [] for t in self.targets}
        for substitute in self.substitutes:
            grouped[substitute.target_id].append(substitute)
        return grouped


def _field(record: Any, key: str, kind: type | tuple[type, ...], path: Path | str,
           where: str) -> Any:
    value = record.get(key) if isinstance(record, dict) else None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise DataFormatError(path, None, f"{where} has no valid {key!r}",
                              "is this a SWORDS v1.1 file from assets/parsed/?")
    return value


def _section(document: dict[str, Any], key: str, path: Path | str) -> dict[str, Any]:
    section = document.get(key)
    if not isinstance(section, dict):
        raise DataFormatError(path, None, f"no {key!r} object",
                              "is this a SWORDS v1.1 file from assets/parsed/?")
    return section


def _parse(document: Any, path: Path | str) -> SwordsData:
    if not isinstance(document, dict):
        raise DataFormatError(path, None, "not a SWORDS dataset (a JSON object is expected)")
    contexts = {cid: _field(c, "context", str, path, f"context {cid}")
                for cid, c in _section(document, "contexts", path).items()}
    targets = []
    for tid, t in _section(document, "targets", path).items():
        where = f"target {tid}"
        extra = t.get("extra") if isinstance(t.get("extra"), dict) else {}
        target = SwordsTarget(tid, _field(t, "context_id", str, path, where),
                              _field(t, "target", str, path, where),
                              _field(t, "offset", int, path, where), str(t.get("pos") or ""),
                              str(extra.get("coinco_lemma") or "").lower())
        text = contexts.get(target.context_id)
        if text is None:
            raise DataFormatError(path, None, f"{where} names an unknown context "
                                  f"{target.context_id}")
        if text[target.offset:target.offset + len(target.target)].lower() != \
                target.target.lower():
            warnings.warn(f"{path}: {where}: {target.target!r} is not at offset "
                          f"{target.offset} of its context", stacklevel=3)
        targets.append(target)
    known = {t.id for t in targets}
    labels = _section(document, "substitute_labels", path)
    substitutes = []
    for sid, s in _section(document, "substitutes", path).items():
        where = f"substitute {sid}"
        found = labels.get(sid)
        if not isinstance(found, list) or not found or not set(found) <= LABELS:
            raise DataFormatError(path, None, f"{where} has no valid labels "
                                  f"(one or more of {', '.join(sorted(LABELS))})")
        substitute = SwordsSubstitute(sid, _field(s, "target_id", str, path, where),
                                      _field(s, "substitute", str, path, where), tuple(found))
        if substitute.target_id not in known:
            raise DataFormatError(path, None, f"{where} names an unknown target "
                                  f"{substitute.target_id}")
        substitutes.append(substitute)
    return SwordsData(str(path), contexts, tuple(targets), tuple(substitutes),
                      bool(document.get("substitutes_lemmatized", False)))


@lru_cache(maxsize=4)
def read_swords(data: bytes, path: str = "<bytes>") -> SwordsData:
    """Read a SWORDS dataset file's bytes (gzipped or plain JSON; `path` names it), parsed
    once per content in a process.

    Raises:
        DataFormatError: it is not a SWORDS file (the message names the file and the record).
    """
    try:
        text = (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")
        document = json.loads(text)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DataFormatError(path, None, f"not a readable SWORDS file ({error}): damaged "
                              "or cut short", "expected gzipped JSON as distributed: move it "
                              "away and run `lexsub fetch swords` (it checks the sha256)"
                              ) from None
    return _parse(document, path)


def _instance(target: SwordsTarget, context: str) -> Instance:
    end = target.offset + len(target.target)
    left, right = tokenise(context[:target.offset]), tokenise(context[end:])
    lemma = target.lemma or lemma_of(target.target.lower(), target.upos)
    return Instance(id=target.id, lexelt=f"{lemma.replace(' ', '_')}.{target.pos}",
                    lemma=lemma, pos=target.pos,
                    tokens=(*left, context[target.offset:end], *right),
                    target_index=len(left), sentence=context)


def swords_instances(data: SwordsData) -> tuple[Instance, ...]:
    """Return one `Instance` per target, in file order (see the module docstring).

    >>> data = SwordsData("x", {"c:1": "They lost the match."},
    ...                   (SwordsTarget("t:1", "c:1", "match", 14, "NOUN"),), (), True)
    >>> instance = swords_instances(data)[0]
    >>> instance.lexelt, instance.tokens, instance.target_index
    ('match.n', ('They', 'lost', 'the', 'match', '.'), 3)
    """
    return tuple(_instance(t, data.context(t)) for t in data.targets)


def swords_gold_items(data: SwordsData) -> dict[str, GoldItem]:
    """Return {target id: GoldItem} of the substitutes marked TRUE at least once, most first."""
    lexelts = {i.id: i.lexelt for i in swords_instances(data)}
    items = {}
    for tid, substitutes in data.by_target().items():
        counted = sorted(((s.substitute, s.true_count) for s in substitutes if s.true_count),
                         key=lambda entry: -entry[1])
        items[tid] = GoldItem(tid, lexelts[tid], tuple(counted),
                              tuple(f"{s} {n}" for s, n in counted))
    return items


def swords_specs() -> tuple[DatasetSpec, ...]:
    """Return the specs of `swords-dev` and `swords-test` (for the catalog)."""
    return tuple(
        DatasetSpec(
            name=f"swords-{split}",
            description=f"SWORDS v1.1 (Lee et al. 2021) {split}: {_SIZES[split]}",
            language="en",
            files=(("instances", f"swords/swords-v1.1_{split}.json.gz"),
                   ("gold", f"swords/swords-v1.1_{split}.json.gz")),
            upstream_url=f"{SWORDS_REPOSITORY}/raw/{SWORDS_COMMIT}/assets/parsed/"
                         f"swords-v1.1_{split}.json.gz",
            upstream_sha256=_SHA256[split],
            upstream_note=_NOTE + " (CC-BY-3.0-US)",
            format=SWORDS_FORMAT,
            fetch="swords",
        )
        for split in ("dev", "test")
    )
