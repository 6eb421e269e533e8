"""LexSubGen's data (Arefyev et al. 2020, Samsung/LexSubGen), derived from the files we have.

LexSubGen reads a dataset as three files in one folder (`lexsubgen.datasets.lexsub`):

    gold        lemma.pos id :: word n;word n;...        (the SemEval-2007 gold format)
    sentences   lemma.pos<TAB>id<TAB>target index<TAB>lower-cased tokens
    candidates  lemma.pos::a;b;...                        (each lemma's pooled gold)

Its copies are Melamud et al.'s preprocessed files with a few repairs. This module makes the
same bytes from the data root, nothing being copied into the project:

- `coinco-all` (LexSubGen's "coinco", 15,415 instances): `coinco/coinco_all.no_problematic.*`
  and `coinco/coinco.no_problematic.candidates`, with the repairs LexSubGen's copy carries
  (`COINCO_REPAIRS`: lines that are not UTF-8 read as Latin-1 and written as UTF-8;
  `<UNK>.N` -> `facade.N` for instance 2871; instance 7611's `;` substitute written `,`).
  All three files are byte-equal to LexSubGen's (tests/test_lexsubgen_data.py).
- `semeval2007-all` (LexSubGen's "semeval_all": trial + test, 2,010 sentences, 2,003 with a
  gold line): the trial and test gold joined without their blank lines, and
  `lst-candidates/lst.gold.candidates` -- both byte-equal to LexSubGen's; the sentences are
  made from the SemEval XML (our tokens, lower-cased). Melamud et al. tokenised the raw text
  again, so some sentence lines differ in their text (never in the lemma, PoS or id, which are
  all the evaluation reads); the scores do not depend on the sentences' text.

`lexsubgen_files(name, roots)` returns the three files' bytes and a log of the repairs made.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import DATA_ENV, Roots, one_folder_off
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.inputs.reads import read_path

__all__ = ["COINCO_REPAIRS", "LEXSUBGEN_DATA", "LEXSUBGEN_FILES", "LexSubGenFiles",
           "is_lexsubgen_folder", "lexsubgen_files", "source_paths"]

#: The three files of a LexSubGen dataset folder, in the order they are described.
LEXSUBGEN_FILES: tuple[str, ...] = ("gold", "sentences", "candidates")

#: Our dataset name -> LexSubGen's name of the same data.
LEXSUBGEN_DATA: dict[str, str] = {"semeval2007-all": "semeval_all", "coinco-all": "coinco"}

#: (file, line as Melamud et al. wrote it, line as LexSubGen's copy has it), after decoding.
COINCO_REPAIRS: tuple[tuple[str, str, str], ...] = (
    ("gold", "<UNK>.N 2871 :: ", "facade.N 2871 :: "),
    ("gold", "dais.N 7611 :: podium 2;platform 2;stand 1;stage 1;seat 1;lectern 1;; 1;",
     "dais.N 7611 :: podium 2;platform 2;stand 1;stage 1;seat 1;lectern 1;, 1;"),
    ("sentences", "<UNK>.N\t2871\t", "facade.N\t2871\t"),
    ("candidates", "dais.N::;lectern;", "dais.N::,;lectern;"),
    ("candidates", "<UNK>.N::surface architecture;", "facade.N::surface architecture;"),
)


@dataclass(frozen=True)
class LexSubGenFiles:
    """The bytes of LexSubGen's three files for one dataset.

    Attributes:
        name: our dataset name (`coinco-all`) or the folder read.
        gold, sentences, candidates: the files' bytes (UTF-8).
        log: one line per repair made while deriving them (empty for a folder).
        paths: the files read (for messages).
    """

    name: str
    gold: bytes
    sentences: bytes
    candidates: bytes
    log: tuple[str, ...] = ()
    paths: tuple[Path, ...] = ()

    def file(self, role: str) -> bytes:
        """Return the bytes of `gold`, `sentences` or `candidates`."""
        return {"gold": self.gold, "sentences": self.sentences,
                "candidates": self.candidates}[role]


def is_lexsubgen_folder(path: Path) -> bool:
    """Return True when `path` is a folder holding LexSubGen's three files."""
    return path.is_dir() and all((path / role).is_file() for role in LEXSUBGEN_FILES)


def _read(path: Path, what: str, fetch: str = "", root: Path | None = None) -> bytes:
    if not path.is_file():
        remedy = (f"set {DATA_ENV} or --data-root to the folder holding it (`lexsub datasets` "
                  "lists where each file goes)")
        off = one_folder_off(root, str(path.relative_to(root))) if root is not None else ""
        raise MissingResourceError(what, path, off or (
            f"run `lexsub fetch {fetch}` to download it, or {remedy}" if fetch else remedy))
    return read_path(path)  # the input layer: the pools, the gold, the sentences checked


def _utf8_lines(data: bytes, source: str, log: list[str]) -> list[str]:
    """Decode per line, UTF-8 or else Latin-1 (as LexSubGen's copies were made), logging each."""
    lines = data.split(b"\n")
    out: list[str] = []
    for number, raw in enumerate(lines, start=1):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(raw.decode("latin-1"))
            log.append(f"{source}:{number}: non-UTF-8 line decoded as Latin-1")
    return out


def _repair(lines: list[str], role: str, source: str, log: list[str]) -> list[str]:
    out = []
    for number, line in enumerate(lines, start=1):
        for file, before, after in COINCO_REPAIRS:
            if file == role and line.startswith(before):
                line = after + line[len(before):]
                log.append(f"{source}:{number}: {before.strip()!r} -> {after.strip()!r}")
        out.append(line)
    return out


def _coinco(roots: Roots) -> LexSubGenFiles:
    dataset = load_dataset("coinco-all", roots)
    log: list[str] = []
    files: dict[str, bytes] = {}
    paths = []
    for role, data_role in (("gold", "gold"), ("sentences", "instances"),
                            ("candidates", "candidates")):
        path = dataset.path(data_role)
        paths.append(path)
        lines = _utf8_lines(_read(path, f"coinco-all {data_role} file"), path.name, log)
        files[role] = "\n".join(_repair(lines, role, path.name, log)).encode("utf-8")
    return LexSubGenFiles("coinco-all", files["gold"], files["sentences"], files["candidates"],
                          tuple(log), tuple(paths))


def _semeval_all(roots: Roots) -> LexSubGenFiles:
    trial, test = load_dataset("semeval2007-trial", roots), load_dataset("semeval2007-test", roots)
    gold_paths = (trial.path("gold"), test.path("gold"))
    gold = b"".join(line + b"\n" for path in gold_paths
                    for line in _read(path, "SemEval-2007 gold").split(b"\n") if line.strip())
    sentences = "".join(
        f"{i.lexelt}\t{i.id}\t{i.target_index}\t{' '.join(i.tokens).lower()}\n"
        for dataset in (trial, test) for i in dataset.instances()).encode("utf-8")
    candidates_path = roots.data / "lst-candidates" / "lst.gold.candidates"
    candidates = _read(candidates_path, "LS07 candidate pools (Melamud et al.'s "
                       "lst.gold.candidates)", fetch="lst-candidates", root=roots.data)
    return LexSubGenFiles("semeval2007-all", gold, sentences, candidates, (),
                          (*gold_paths, trial.path("instances"), test.path("instances"),
                           candidates_path))


def source_paths(name: str, roots: Roots) -> tuple[Path, ...]:
    """Return the files the data of `name` (a dataset of `LEXSUBGEN_DATA` or a folder) is
    read from, for caches keyed by their state; absent ones included (they stat as absent)."""
    if name == "coinco-all":
        coinco = load_dataset("coinco-all", roots)
        return tuple(roots.data / (coinco.spec.relpath(role) or role)
                     for role in ("gold", "instances", "candidates"))
    if name == "semeval2007-all":
        parts = [load_dataset(n, roots) for n in ("semeval2007-trial", "semeval2007-test")]
        return (*(roots.data / (d.spec.relpath(role) or role) for d in parts
                  for role in ("gold", "instances")),
                roots.data / "lst-candidates" / "lst.gold.candidates")
    return tuple(Path(name) / role for role in LEXSUBGEN_FILES)


def lexsubgen_files(name: str, roots: Roots) -> LexSubGenFiles:
    """Return LexSubGen's three files of `semeval2007-all` or `coinco-all`, or of a folder.

    Raises:
        LexsubError: `name` is neither one of `LEXSUBGEN_DATA` nor a folder with the files.
        MissingResourceError: a file it is derived from is absent (the message says where).
    """
    if name == "coinco-all":
        return _coinco(roots)
    if name == "semeval2007-all":
        return _semeval_all(roots)
    folder = Path(name)
    if is_lexsubgen_folder(folder):
        gold, sentences, candidates = (_read(folder / role, f"LexSubGen {role} file")
                                       for role in LEXSUBGEN_FILES)
        return LexSubGenFiles(folder.resolve().name, gold, sentences, candidates,
                              paths=tuple(folder / role for role in LEXSUBGEN_FILES))
    if folder.is_dir():
        missing = [role for role in LEXSUBGEN_FILES if not (folder / role).is_file()]
        raise LexsubError(f"{folder}: not a LexSubGen dataset folder: {', '.join(missing)} "
                          "missing (it holds the files gold, sentences and candidates)")
    raise LexsubError(f"LexSubGen's protocol scores {', '.join(LEXSUBGEN_DATA)} or a folder "
                      f"holding LexSubGen's files gold, sentences and candidates, not {name!r}")
