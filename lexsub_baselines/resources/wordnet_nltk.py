"""NLTK's WordNet reader over Debian's Princeton WordNet 3.0 files, with no download at run time.

Debian's `wordnet-base` installs the database files in `/usr/share/wordnet` but not the
`lexnames` file that NLTK's reader needs; its contents are the table of the `lexnames(5WN)`
manual page that the same package installs, so we generate the file from that page.

NLTK (>= 3.10, `nltk.pathsec`) only opens corpus files that lie under a directory on
`nltk.data.path` and refuses symbolic links and hard links that lead out of the corpus
directory. The reader's directory is therefore a *copy* of the database files (36 MB) plus
the generated `lexnames`, written from the bytes the input layer checked
(`inputs.layer.Inputs.wordnet`), once, atomically, under `<cache>/nltk_data/corpora/`,
and `<cache>/nltk_data` is appended to `nltk.data.path` (the one global change: NLTK offers
no other way to authorise a corpus directory). The directory name carries a key of the
database's content digest, the generated `lexnames` and the identity of this code
(`inputs.code_identity`), so other files or a change here build a new copy.
"""

from __future__ import annotations

import gzip
import re
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_baselines.core.cache import atomic_write_text, install_folder, verified_folder
from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.inputs.layer import Input, Inputs, inputs
from lexsub_baselines.inputs.wordnet_files import (
    DEBIAN_WORDNET_DIR,
    LEXNAMES_MAN_PAGE,
    REMEDY,
    WORDNET_DIR_ENV,
    WORDNET_FILES,
    wordnet_location,
)
from lexsub_baselines.resources.wordnet_base import RELATIONS, Synset

if TYPE_CHECKING:
    from lexsub_baselines.resources.morphy import Morphy

__all__ = [
    "DEBIAN_WORDNET_DIR",
    "LEXNAMES_MAN_PAGE",
    "WORDNET_DIR_ENV",
    "WORDNET_FILES",
    "NltkWordNet",
    "build_nltk_wordnet_dir",
    "lexnames_from_man_page",
    "wordnet_location",
]


_CATEGORY_ROW = re.compile(r"^\\fB(\d)\\fP\t([A-Z]+)\s*$")
_LEXNAME_ROW = re.compile(r"^(\d\d)\t(\S+)\s*\t")
#: reader folder name -> (folder, NLTK's reader of it): loading one takes 1.6 s (its indexes)
_READERS: dict[str, tuple[Path, Any]] = {}


def lexnames_from_man_page(text: str, source: Path | str = "lexnames(5WN)") -> str:
    """Return the `lexnames` file (`NN<TAB>name<TAB>category`) from the lexnames(5WN) page source.

    The page lists the category codes (`1 NOUN` ... `4 ADVERB`) and a table of the 45
    lexicographer files (`00 adj.all ...`); a file's category is the code whose name starts
    with the file's prefix (`adj` -> ADJECTIVE -> 3).

    Raises:
        DataFormatError: the page does not hold a complete, consecutively numbered table.
    """
    categories: dict[str, int] = {}
    rows: list[tuple[int, str]] = []
    for line in text.splitlines():
        if match := _CATEGORY_ROW.match(line):
            categories[match.group(2)] = int(match.group(1))
        elif match := _LEXNAME_ROW.match(line):
            rows.append((int(match.group(1)), match.group(2)))
    if len(categories) != 4 or not rows:
        raise DataFormatError(source, None, "no lexicographer-file table found",
                              "the lexnames(5WN) page of wordnet-base is expected")
    lines = []
    for expected, (number, name) in enumerate(rows):
        if number != expected:
            raise DataFormatError(source, None, f"lexicographer file {name} is numbered "
                                  f"{number}, expected {expected}")
        prefix = name.split(".")[0].upper()
        codes = [code for category, code in categories.items() if category.startswith(prefix)]
        if len(codes) != 1:
            raise DataFormatError(source, None, f"no syntactic category for {name}")
        lines.append(f"{number:02d}\t{name}\t{codes[0]}\n")
    return "".join(lines)


def _lexnames(layer: Inputs, wordnet: Input) -> str:
    """Return the `lexnames` file: Princeton's own when the folder has one, else generated
    from the lexnames(5WN) page."""
    names = dict(wordnet.files)
    if "lexnames" in names:
        return layer.read_text(wordnet, "lexnames")
    page = next((name for name in names if Path(name).name.startswith("lexnames.")), None)
    if page is None or names[page] == "absent":
        raise MissingResourceError("the lexnames(5WN) manual page", wordnet.path, REMEDY)
    data = layer.read_bytes(wordnet, page)
    text = (gzip.decompress(data) if page.endswith(".gz") else data).decode("utf-8", "replace")
    return lexnames_from_man_page(text, page)


def build_nltk_wordnet_dir(roots: Roots, wordnet_dir: Path | None = None,
                           man_page: Path | None = None) -> Path:
    """Return a directory NLTK's WordNet reader accepts, building it on first use.

    Arguments:
        roots: the roots (its cache holds the directory, in `nltk_data/corpora/`; its data
            root's fetched WordNet is found when no other is).
        wordnet_dir: the WordNet 3.0 database files (default: `wordnet_location`).
        man_page: the lexnames(5WN) page to generate `lexnames` from (likewise).

    Raises:
        MissingResourceError: a database file or the man page is missing (names the path).
    """
    layer = inputs(roots)
    wordnet = layer.wordnet(wordnet_dir, man_page)
    lexnames = _lexnames(layer, wordnet)
    key = computation_key(None, "nltk-wordnet", code=(__name__,), wordnet=wordnet.digest,
                          lexnames=lexnames)
    corpora = roots.cache / "nltk_data" / "corpora"
    target = corpora / f"wordnet-3.0-debian-{key}"
    if verified_folder(target):  # every file as sealed
        return target
    corpora.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=corpora))
    try:
        for name in WORDNET_FILES:
            (tmp / name).write_bytes(layer.read_bytes(wordnet, name))
        atomic_write_text(tmp / "lexnames", lexnames)
        if target.exists() and not target.is_symlink():  # an unsealed copy of an old layout
            shutil.rmtree(target)
        install_folder(tmp, target)  # sealed, swapped in atomically (core.cache)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)
    return target


def _nltk_name(lemma: str) -> str:
    return lemma.strip().lower().replace(" ", "_")


def _record(synset: Any) -> Synset:
    return Synset(id=synset.name(), pos=synset.pos(),
                  lemmas=tuple(name.replace("_", " ") for name in synset.lemma_names()))


class NltkWordNet:
    """Princeton WordNet 3.0 through NLTK's reader; loads on the first query.

    Arguments:
        roots: the roots: the cache holds the reader's directory; the data root's fetched
            WordNet is read when neither `LEXSUB_WORDNET_DIR` nor Debian's folder has one.
        wordnet_dir: a WordNet database directory (default: `wordnet_location`'s).
        man_page: the lexnames(5WN) page.
    """

    name = "nltk:wordnet-3.0"

    def __init__(self, roots: Roots, wordnet_dir: Path | None = None,
                 man_page: Path | None = None) -> None:
        self._roots = roots
        self._given = (wordnet_dir, man_page)  # the error says where a folder is from
        self._loaded: Any = None
        self._objects: dict[str, Any] = {}
        self._morphy: Morphy | None = None
        # (lemma, pos) -> synsets and (synset id, relation) -> targets, each looked up once:
        # a dataset asks for the same few hundred lemmas thousands of times
        self._synsets: dict[tuple[str, str], tuple[Synset, ...]] = {}
        self._targets: dict[tuple[str, str], tuple[Synset, ...]] = {}

    @property
    def reader(self) -> Any:
        """Return the NLTK `WordNetCorpusReader`, loading it on first access (once a process
        for each database, whichever cache holds its copy: the folder's key names its files)."""
        if self._loaded is None:
            directory = build_nltk_wordnet_dir(self._roots, *self._given)
            kept = _READERS.get(directory.name)
            if kept is None or not kept[0].is_dir():  # none, or its copy is gone
                kept = _READERS[directory.name] = (directory, _load_reader(directory))
            self._loaded = kept[1]
        return self._loaded

    def _keep(self, synsets: list[Any]) -> list[Synset]:
        records = []
        for synset in synsets:
            record = _record(synset)
            self._objects.setdefault(record.id, synset)
            records.append(record)
        return records

    def _object(self, synset: Synset) -> Any:
        found = self._objects.get(synset.id)
        if found is None:
            found = self._objects[synset.id] = self.reader.synset(synset.id)
        return found

    def synsets(self, lemma: str, pos: str) -> list[Synset]:
        """Return the synsets of `lemma` (exact entry first, else morphy) in sense order."""
        if pos not in ("n", "v", "a", "s", "r") or not lemma.strip():
            return []
        name = _nltk_name(lemma)
        kept = self._synsets.get((name, pos))
        if kept is None:
            # NLTK's synsets() applies morphy and returns every base form's synsets; the
            # exact entry's synsets come back in its index order and are kept when any are.
            found = self.reader.synsets(name, "a" if pos == "s" else pos)
            exact = [s for s in found if any(n.lower() == name for n in s.lemma_names())]
            kept = self._synsets[(name, pos)] = tuple(self._keep(exact or found))
        return list(kept)

    def related(self, synset: Synset, relation: str) -> list[Synset]:
        """Return the synsets `synset` points to by `relation` (see `RELATIONS`)."""
        if relation not in RELATIONS:
            raise LexsubError(f"unknown WordNet relation {relation!r}; known: "
                              f"{', '.join(RELATIONS)}")
        kept = self._targets.get((synset.id, relation))
        if kept is None:
            kept = self._targets[(synset.id, relation)] = tuple(self._related(synset, relation))
        return list(kept)

    def _related(self, synset: Synset, relation: str) -> list[Synset]:
        obj = self._object(synset)
        targets: list[Any]
        # NLTK keeps synset pointers in sets (their order varies between runs): they are put
        # in data-file order (by offset), which is deterministic. Lemma pointers keep theirs.
        if relation == "hypernym":
            targets = _in_file_order(obj.hypernyms())
        elif relation == "instance_hypernym":
            targets = _in_file_order(obj.instance_hypernyms())
        elif relation == "similar":
            targets = _in_file_order(obj.similar_tos())
        elif relation == "also":  # synset pointers, then lemma pointers (adjectives use both)
            targets = _in_file_order(obj.also_sees()) + [
                t.synset() for lem in obj.lemmas() for t in lem.also_sees()]
        elif relation == "pertainym":
            targets = [t.synset() for lem in obj.lemmas() for t in lem.pertainyms()]
        else:
            targets = [t.synset() for lem in obj.lemmas()
                       for t in lem.derivationally_related_forms()]
        return self._keep(list(dict.fromkeys(targets)))

    def sense_count(self, lemma: str, synset: Synset) -> int:
        """Return the SemCor count (cntlist.rev) of `lemma` in `synset`; 0 when absent."""
        name = _nltk_name(lemma)
        for lem in self._object(synset).lemmas():
            if lem.name().lower() == name:
                return int(lem.count())
        return 0

    def base_forms(self, form: str, pos: str) -> list[str]:
        """Return every base form morphy finds for `form` (exceptions first), or [].

        WordNet's own morphy (`nltk-3.9-morphy`: the rules applied once, as morph.c and NLTK
        >= 3.9 do), read from the same database files, so the mw baseline does not depend on
        the NLTK installed (NLTK <= 3.8 would give `less`/n -> `le`).
        """
        if pos not in ("n", "v", "a", "s", "r") or not form.strip():
            return []
        if self._morphy is None:
            from lexsub_baselines.resources.morphy import load_morphy

            wordnet = inputs(self._roots).wordnet(*self._given)
            self._morphy = load_morphy("nltk-3.9-morphy", wordnet, self._roots)
        forms = self._morphy.analyses(_nltk_name(form), pos)
        return [f.replace("_", " ") for f in forms]

    def lemma_names(self) -> Iterator[str]:
        """Yield every lemma of every PoS (once per PoS), multiwords with spaces."""
        for pos in ("n", "v", "a", "r"):
            for name in self.reader.all_lemma_names(pos):
                yield name.replace("_", " ")


def _in_file_order(synsets: list[Any]) -> list[Any]:
    return sorted(synsets, key=lambda s: (s.pos(), s.offset()))


def _load_reader(directory: Path) -> Any:
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class DebianWordNetReader(WordNetCorpusReader):
        """NLTK's reader without the OMW version map.

        `WordNetCorpusReader.__init__` maps its synsets onto the `wordnet` corpus of NLTK's
        data path (for the Open Multilingual WordNet), which would need NLTK's own download;
        this reader is that corpus, so there is nothing to map.
        """

        def map_wn(self, version: str = "wordnet") -> None:
            return None

    root = str(directory.parent.parent.resolve())
    if root not in nltk.data.path:  # authorise the corpus directory (see module docstring)
        nltk.data.path.append(root)
    with warnings.catch_warnings():  # "multilingual functions are not available": expected
        warnings.simplefilter("ignore")
        return DebianWordNetReader(str(directory.resolve()), None)
