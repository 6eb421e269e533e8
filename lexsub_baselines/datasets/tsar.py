"""TSAR-2022 lexical simplification data (Saggion et al. 2022): en/es/pt trial and test.

The files are the task repository's (LaSTUS-TALN-UPF/TSAR-2022-Shared-Task, commit 089c266),
unchanged, under `<data root>/tsar2022/`: `datasets/{trial,test}/tsar2022_{lang}_{split}_none.tsv`
(`sentence<TAB>complex word`) and `..._gold.tsv` (the same, then every annotator's substitute,
one per tab: a repeat is another annotator's agreement), and the teams' figures in
`results/{official,extended}/*.csv`. Data licence CC-BY-NC-SA-4.0.

Lines are split as the task's evaluator splits them (`split_data`: universal newlines, the
line stripped, then split on tabs), so an instance's key (sentence + complex word) is the one
the scorer (`scoring.tsar`) looks up. The reader is lenient: a line without a complex word
is reported (file, line, remedy) and skipped.

`tsar_instances` maps each line to an `Instance`:
- the id is the line number in the `_none` file (`"1"`, ...); the `_gold` file lists the same
  instances in the same order, so its line numbers are the same ids (tested);
- TSAR gives no lemma and no PoS: `lemma` is the complex word exactly as the file gives it (it
  may be inflected or capitalised), `pos` is "" (unknown, as `split_lexelt` gives for a lexelt
  without a tag) and `lexelt` is the complex word with spaces as `_`; a system that needs a
  lemma or a PoS finds them itself;
- the complex word is located in the sentence (`locate`): its first occurrence as a whole word,
  else case-insensitively (a capitalised first word), else the sentence word sharing the
  longest prefix with it, at least max(3, len - 3) characters (an inflected form: `studies`
  for `study`); then the sentence is tokenised with the project's tokeniser on each side, so
  the complex word (one token per word of it) sits at `target_index`. A word not found is
  reported and its instance skipped (none in the shipped data: every complex word occurs as
  written).

`tsar_gold_items` gives the gold as annotator counts (`GoldItem`: each distinct substitute
with how many annotators gave it, most first, ties in first-given order; the complex word kept
when an annotator gave it -- the task's evaluator drops it, `scoring.tsar`).
"""

from __future__ import annotations

import io
import re
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.encodings import UTF16_REMEDY, utf16
from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.types import DatasetSpec, GoldItem, Instance
from lexsub_baselines.text.tokenise import tokenise

__all__ = [
    "TSAR_COMMIT",
    "TSAR_FORMAT",
    "TSAR_LANGUAGES",
    "TSAR_RAW",
    "TSAR_SPLITS",
    "TsarLine",
    "locate",
    "read_tsar",
    "split_data",
    "tsar_gold_items",
    "tsar_instances",
    "tsar_specs",
]

#: The `DatasetSpec.format` of TSAR-2022 datasets.
TSAR_FORMAT = "tsar"
TSAR_LANGUAGES: tuple[str, ...] = ("en", "es", "pt")
TSAR_SPLITS: tuple[str, ...] = ("trial", "test")
#: The task repository, and the commit its files are pinned to.
TSAR_REPOSITORY = "https://github.com/LaSTUS-TALN-UPF/TSAR-2022-Shared-Task"
TSAR_COMMIT = "089c266"
#: Where a file of the repository is downloaded from (append its path in the repository).
TSAR_RAW = f"{TSAR_REPOSITORY}/raw/{TSAR_COMMIT}/"
_SIZES = {("en", "test"): 373, ("es", "test"): 368, ("pt", "test"): 374,
          ("en", "trial"): 10, ("es", "trial"): 12, ("pt", "trial"): 10}
_NAMES = {"en": "English", "es": "Spanish", "pt": "Portuguese"}
_NOTE = ("put the task repository's datasets/ and results/ folders (commit 089c266) under "
         "<data root>/tsar2022/; `lexsub fetch tsar2022` does (CC-BY-NC-SA-4.0)")
_FORMAT_HINT = ("a TSAR line is `sentence<TAB>complex word` (then, in a gold file, one "
                "substitute per tab)")


@dataclass(frozen=True)
class TsarLine:
    """One line of a TSAR file, split as the task's evaluator splits it.

    Attributes:
        line: the 1-based line number.
        sentence: the first field (the line is stripped before splitting; the field is not).
        word: the complex word, the second field as written.
        items: the further fields, each stripped (a gold file's annotations).
    """

    line: int
    sentence: str
    word: str
    items: tuple[str, ...]


def split_data(data: bytes, path: Path | str) -> list[tuple[int, list[str]]]:
    """Return (line number, fields) of every line of a file's bytes, split as `tsar_eval.py`
    splits them: text mode with universal newlines (`\\r`, `\\n` and `\\r\\n` end a
    line), each line stripped of surrounding white space, then split on tabs.

    Raises:
        DataFormatError: the bytes are not UTF-8 (`path` names the file).
    """
    try:  # text mode with universal newlines, as open() reads it
        lines = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline=None).readlines()
    except UnicodeDecodeError as error:
        if utf16(data):
            raise DataFormatError(path, None, "UTF-16, not UTF-8",
                                  UTF16_REMEDY.format(path=path)) from None
        raise DataFormatError(path, None, f"not UTF-8 ({error.reason} at byte {error.start})",
                              "save the file as UTF-8") from None
    return [(number, line.strip().split("\t")) for number, line in enumerate(lines, start=1)]


def read_tsar(data: bytes, path: str = "<bytes>") -> tuple[TsarLine, ...]:
    """Read a `_none` or `_gold` file's bytes leniently (`path` names it): lines without a
    complex word are warned about (file, line, remedy) and skipped.

    Raises:
        DataFormatError: it is not UTF-8.
    """
    out, bad = [], []
    for number, fields in split_data(data, path):
        if len(fields) < 2 or not fields[0].strip() or not fields[1].strip():
            bad.append(number)
            continue
        out.append(TsarLine(number, fields[0], fields[1],
                            tuple(item.strip() for item in fields[2:])))
    if bad:
        warnings.warn(f"{path}:{bad[0]}: no sentence and complex word; skipped ({len(bad)} "
                      f"such line(s)); {_FORMAT_HINT}", stacklevel=2)
    return tuple(out)


def locate(sentence: str, word: str) -> tuple[int, int] | None:
    """Return the character span of `word` in `sentence` (see the module docstring), or None.

    >>> locate("Studies show it.", "study"), locate("The Prototype.", "prototype")
    ((0, 7), (4, 13))
    """
    for flags in (0, re.IGNORECASE):
        found = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", sentence, flags)
        if found:
            return found.span()
    wanted = word.casefold()
    need = max(3, len(wanted) - 3)
    best: tuple[int, int] | None = None
    longest = 0
    for match in re.finditer(r"\w+", sentence):
        text = match.group().casefold()
        shared = next((i for i, (a, b) in enumerate(zip(text, wanted, strict=False))
                       if a != b), min(len(text), len(wanted)))
        if shared >= need and shared > longest:
            best, longest = match.span(), shared
    return best


def _instance(line: TsarLine, span: tuple[int, int]) -> Instance:
    start, end = span
    left, right = tokenise(line.sentence[:start]), tokenise(line.sentence[end:])
    target = tuple(line.sentence[start:end].split())
    return Instance(id=str(line.line), lexelt=line.word.strip().replace(" ", "_"),
                    lemma=line.word, pos="", tokens=(*left, *target, *right),
                    target_index=len(left), target_length=len(target),
                    sentence=line.sentence)


def tsar_instances(data: bytes, path: str = "<bytes>") -> tuple[Instance, ...]:
    """Return one `Instance` per line of a `_none` (or `_gold`) file's bytes, in file order.

    Raises:
        DataFormatError: it is not UTF-8.
    """
    out, lost = [], []
    for line in read_tsar(data, path):
        span = locate(line.sentence, line.word)
        if span is None:
            lost.append(line)
            continue
        out.append(_instance(line, span))
    if lost:
        warnings.warn(f"{path}:{lost[0].line}: the complex word {lost[0].word!r} is not in "
                      f"its sentence; skipped ({len(lost)} such line(s)); give the word as "
                      "it is written in the sentence", stacklevel=2)
    return tuple(out)


def tsar_gold_items(data: bytes, path: str = "<bytes>") -> dict[str, GoldItem]:
    """Return {line number: GoldItem} of a `_gold` file's bytes: each substitute with how many
    annotators gave it, most first (ties in first-given order).

    Raises:
        DataFormatError: it is not UTF-8.
    """
    items = {}
    for line in read_tsar(data, path):
        counts = Counter(item for item in line.items if item)
        entries = tuple(sorted(counts.items(), key=lambda entry: -entry[1]))  # stable
        items[str(line.line)] = GoldItem(str(line.line), line.word.strip().replace(" ", "_"),
                                         entries, line.items, line.line)
    return items


def tsar_specs() -> tuple[DatasetSpec, ...]:
    """Return the specs of `tsar2022-{en,es,pt}-{trial,test}` (for the catalog)."""
    specs = []
    for language in TSAR_LANGUAGES:
        for split in TSAR_SPLITS:
            stem = f"datasets/{split}/tsar2022_{language}_{split}"
            files = [("instances", f"tsar2022/{stem}_none.tsv"),
                     ("gold", f"tsar2022/{stem}_gold.tsv")]
            if split == "test":
                files += [("results", f"tsar2022/results/official/TSAR2022_test_results_"
                                      f"{language}.csv"),
                          ("extended", f"tsar2022/results/extended/TSAR2022_test_"
                                               f"results_extended_{language}.csv")]
            specs.append(DatasetSpec(
                name=f"tsar2022-{language}-{split}",
                description=f"TSAR-2022 lexical simplification, {_NAMES[language]} {split}: "
                            f"{_SIZES[(language, split)]} instances",
                language=language, files=tuple(files),
                upstream_url=TSAR_RAW + f"{stem}_gold.tsv", upstream_note=_NOTE,
                format=TSAR_FORMAT, fetch="tsar2022"))
    return tuple(specs)
