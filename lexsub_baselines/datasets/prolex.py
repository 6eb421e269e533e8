"""ProLex (Zhang, Chen & Yu, Findings of ACL 2024): proficiency-oriented substitution, dev and test.

The files are the benchmark repository's (BillyZhang24kobe/LS_Proficiency, commit f54ba0f,
`data/{dev,test}/`), unchanged, under `<data root>/prolex/`: `ProLex_v1.0_{dev,test}.csv` (68
and 680 rows of TOEFL essay sentences; Apache-2.0). Columns: `target word`, `Sentence` (the target
marked `**word**`), `acc_subs` / `unacc_subs` (acceptable / unacceptable substitutes, Python
list literals), `prof_acc_subs` / `prof_unacc_subs` (the acceptable ones at or above the
target's CEFR level, and the rest), and on test the CEFR codes.

`prolex_rows` reads a CSV as `csv` reads it (a quoted cell may hold commas), each list cell
with `ast.literal_eval` (a literal only: nothing is executed), as `evaluate.py` reads them.
`prolex_instances` maps each row to an `Instance`:
- the id is the row number counted from 0, as the ProLex authors' conversion for ParaLS
  (`transform_dataset.py`, `data.index`) numbers it, so a SemEval-format answer file of theirs
  names the same instances;
- ProLex gives no lemma and no PoS: `lemma` is the target word as written (it may be
  inflected: `defying`), `pos` is "" (unknown; `runs.prolex_runs` tags it with our parser);
- the sentence is read with the `**` marks removed; the target is the first marked word (29
  sentences mark the word at each of its occurrences; the authors' conversion takes the first
  token holding a `*`), and the text on either side is tokenised with the project's
  tokeniser, so the target sits at `target_index`. A row whose target is not marked is
  reported (file, row, remedy) and skipped (none in the shipped files).

`prolex_gold` gives both aspects' gold per id; `prolex_gold_items` the `acc` aspect as
`GoldItem`s (each substitute with count 1: ProLex lists acceptable substitutes, not votes).
"""

from __future__ import annotations

import ast
import csv
import io
import warnings
from dataclasses import dataclass

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.types import DatasetSpec, GoldItem, Instance
from lexsub_baselines.text.tokenise import tokenise

__all__ = ["PROLEX_COMMIT", "PROLEX_FORMAT", "PROLEX_RAW", "PROLEX_SPLITS", "ProlexRow",
           "prolex_gold", "prolex_gold_items", "prolex_instances", "prolex_rows",
           "prolex_specs", "read_csv_rows"]

#: The `DatasetSpec.format` of ProLex datasets.
PROLEX_FORMAT = "prolex"
PROLEX_SPLITS: tuple[str, ...] = ("dev", "test")
#: The benchmark's repository, and the commit its files are pinned to.
PROLEX_REPOSITORY = "https://github.com/BillyZhang24kobe/LS_Proficiency"
PROLEX_COMMIT = "f54ba0fba30b26d44b585521b7fcbac37c3d3b0d"
#: Where a file of the repository is downloaded from (append its path in the repository).
PROLEX_RAW = f"{PROLEX_REPOSITORY}/raw/{PROLEX_COMMIT}/"
#: The aspects of the metric and the gold column each is scored against (`evaluate.py`).
ASPECTS: dict[str, str] = {"acc": "acc_subs", "prof": "prof_acc_subs"}
_SIZES = {"dev": 68, "test": 680}
_NOTE = ("put the benchmark repository's data/{dev,test}/ProLex_v1.0_*.csv (commit f54ba0f) "
         "under <data root>/prolex/; `lexsub fetch prolex` does (Apache-2.0)")
_MARK = "**"
_REMEDY = "is this ProLex's CSV (target word, Sentence, acc_subs, ..., prof_acc_subs)?"


@dataclass(frozen=True)
class ProlexRow:
    """One row of a ProLex CSV.

    Attributes:
        id: the row number counted from 0 (`"0"`), as the authors' conversion numbers it.
        line: the row's first line in the file (1-based; the header is line 1).
        word: the `target word` cell.
        sentence: the `Sentence` cell, `**` marks included.
        gold: aspect (`acc`, `prof`) -> the substitutes of its column, in the file's order.
    """

    id: str
    line: int
    word: str
    sentence: str
    gold: tuple[tuple[str, tuple[str, ...]], ...]

    def aspect(self, name: str) -> tuple[str, ...]:
        """Return the gold substitutes of an aspect (`acc` or `prof`)."""
        return dict(self.gold)[name]


def read_csv_rows(data: bytes, path: str) -> list[tuple[int, dict[str, str]]]:
    """Return (first line, {column: cell}) of every record of a CSV's bytes (UTF-8, a BOM
    allowed, blank lines skipped as pandas skips them).

    Raises:
        DataFormatError: not UTF-8, or a record with more cells than the header.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataFormatError(path, None, f"not UTF-8 ({error.reason} at byte {error.start})",
                              "save the file as UTF-8") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader, None) or []
    rows, start = [], reader.line_num + 1
    for cells in reader:
        if cells and any(cell.strip() for cell in cells):
            if len(cells) > len(header):
                raise DataFormatError(path, start, f"{len(cells)} cells under a header of "
                                      f"{len(header)}", "quote a cell that holds a comma")
            rows.append((start, dict(zip(header, cells, strict=False))))
        start = reader.line_num + 1
    return rows


def _literal(cell: str, path: str, line: int, column: str) -> tuple[str, ...]:
    try:
        value = ast.literal_eval(cell)  # evaluate.py: ast.literal_eval(row[column])
    except (ValueError, SyntaxError):
        value = None
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise DataFormatError(path, line, f"{column} is not a Python list of strings", _REMEDY)
    return tuple(value)


def prolex_rows(data: bytes, path: str = "<bytes>") -> tuple[ProlexRow, ...]:
    """Return the rows of a ProLex CSV's bytes, in file order.

    Raises:
        DataFormatError: not UTF-8, a column missing, or a gold cell that is no list.
    """
    rows = read_csv_rows(data, path)
    needed = ("target word", "Sentence", *ASPECTS.values())
    if rows and (missing := [c for c in needed if c not in rows[0][1]]):
        raise DataFormatError(path, 1, f"no column {', '.join(missing)}", _REMEDY)
    return tuple(ProlexRow(str(number), line, cells["target word"], cells["Sentence"],
                           tuple((aspect, _literal(cells[column], path, line, column))
                                 for aspect, column in ASPECTS.items()))
                 for number, (line, cells) in enumerate(rows))


def _instance(row: ProlexRow) -> Instance | None:
    marked = f"{_MARK}{row.word}{_MARK}"
    at = row.sentence.find(marked)
    if at < 0:
        return None
    left = row.sentence[:at].replace(_MARK, "")
    right = row.sentence[at + len(marked):].replace(_MARK, "")
    target = tuple(row.word.split())
    before, after = tokenise(left), tokenise(right)
    return Instance(id=row.id, lexelt=row.word.strip().replace(" ", "_"), lemma=row.word,
                    pos="", tokens=(*before, *target, *after), target_index=len(before),
                    target_length=len(target),
                    sentence=(left + row.word + right).strip())


def prolex_instances(data: bytes, path: str = "<bytes>") -> tuple[Instance, ...]:
    """Return one `Instance` per row of a ProLex CSV's bytes, in file order.

    Raises:
        DataFormatError: the file is not a ProLex CSV (`prolex_rows`).
    """
    out, lost = [], []
    for row in prolex_rows(data, path):
        instance = _instance(row)
        if instance is None:
            lost.append(row)
        else:
            out.append(instance)
    if lost:
        warnings.warn(f"{path}:{lost[0].line}: the target {lost[0].word!r} is not marked "
                      f"**{lost[0].word}** in its sentence; skipped ({len(lost)} such rows); "
                      "mark the target word with ** on each side", stacklevel=2)
    return tuple(out)


def prolex_gold(data: bytes, path: str = "<bytes>") -> dict[str, ProlexRow]:
    """Return {row id: row} of a ProLex CSV's bytes (both aspects' gold in each row)."""
    return {row.id: row for row in prolex_rows(data, path)}


def prolex_gold_items(data: bytes, path: str = "<bytes>") -> dict[str, GoldItem]:
    """Return {row id: GoldItem} of the `acc` aspect (each substitute with count 1)."""
    return {row.id: GoldItem(row.id, row.word.strip().replace(" ", "_"),
                             tuple((s, 1) for s in row.aspect("acc")),
                             tuple(f"{s} 1" for s in row.aspect("acc")), row.line)
            for row in prolex_rows(data, path)}


def prolex_specs() -> tuple[DatasetSpec, ...]:
    """Return the specs of `prolex-dev` and `prolex-test` (for the catalog)."""
    return tuple(DatasetSpec(
        name=f"prolex-{split}",
        description=f"ProLex (Zhang et al. 2024) proficiency-oriented substitution, {split}: "
                    f"{_SIZES[split]} rows",
        language="en",
        files=(("instances", f"prolex/ProLex_v1.0_{split}.csv"),
               ("gold", f"prolex/ProLex_v1.0_{split}.csv")),
        upstream_url=PROLEX_RAW + f"data/{split}/ProLex_v1.0_{split}.csv", upstream_note=_NOTE,
        format=PROLEX_FORMAT, fetch="prolex") for split in PROLEX_SPLITS)
