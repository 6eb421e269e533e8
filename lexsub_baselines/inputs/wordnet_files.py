"""Where the WordNet 3.0 database files are: `LEXSUB_WORDNET_DIR`, Debian's, or the fetched ones.

Every reader of the database (NLTK's, through `wordnet_nltk`; the morphy of `morphy`; the
SWORDS scorer) and `lexsub fetch` find the files through `find_wordnet`, so one setting points
them all at a copy unpacked without root, and `fetch` never calls present what `score` cannot
read. The order: `LEXSUB_WORDNET_DIR` when set (an explicit choice, taken alone), else
Debian's `/usr/share/wordnet` when it holds every file, else the copy `lexsub fetch wordnet`
unpacks from the same Debian packages under the data root (`FETCHED_WORDNET_DIR`; the same
bytes, so the order changes no figure: Debian's comes first as the one the system keeps), else
such a copy under the default data root or the per-user one (a copy fetched once serves every
`--data-root`: WordNet is not task data).
"""

from __future__ import annotations

import os
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import resolve_roots, user_data_dir

__all__ = ["DEBIAN_WORDNET_DIR", "FETCHED_WORDNET_DIR", "LEXNAMES_MAN_PAGE", "REMEDY",
           "WORDNET_DIR_ENV", "WORDNET_FILES", "fetched_wordnet", "find_wordnet",
           "wordnet_location"]

DEBIAN_WORDNET_DIR = Path("/usr/share/wordnet")
LEXNAMES_MAN_PAGE = Path("/usr/share/man/man5/lexnames.5WN.gz")
#: A WordNet folder elsewhere than Debian's (the packages unpacked without root).
WORDNET_DIR_ENV = "LEXSUB_WORDNET_DIR"
#: Where `lexsub fetch wordnet` lays out the packages' files, under the data root (the
#: lexnames(5WN) page in `wordnet/share/man/man5/`, as in the packages).
FETCHED_WORDNET_DIR = "wordnet/share/wordnet"
#: The three routes to WordNet 3.0 (no `make`: a pip user has no checkout).
REMEDY = ("WordNet 3.0 has three routes: the Debian packages (as root: `apt-get install "
          "wordnet-base wordnet-sense-index`); `lexsub fetch wordnet` (it unpacks the same "
          "packages under the data root, without root); or "
          f"{WORDNET_DIR_ENV} at a folder of the database files: `apt-get download "
          "wordnet-base wordnet-sense-index`, `dpkg -x` each .deb into ~/wordnet and set it to "
          "~/wordnet/usr/share/wordnet, or unpack Princeton's WordNet-3.0.tar.gz "
          "(https://wordnetcode.princeton.edu/3.0/WordNet-3.0.tar.gz) and set it to its dict/ "
          "folder")

#: The database files the toolkit reads (NLTK's WordNetCorpusReader `_FILES` but the
#: generated `lexnames`; morphy reads the index and exception files among them).
WORDNET_FILES: tuple[str, ...] = (
    "cntlist.rev", "index.sense",
    "index.adj", "index.adv", "index.noun", "index.verb",
    "data.adj", "data.adv", "data.noun", "data.verb",
    "adj.exc", "adv.exc", "noun.exc", "verb.exc",
)


def fetched_wordnet(data_root: Path | None = None) -> Path:
    """Return the folder `lexsub fetch wordnet` fills under `data_root` (default: the data
    root `resolve_roots` gives)."""
    return (data_root or resolve_roots().data) / FETCHED_WORDNET_DIR


def _complete(folder: Path) -> bool:
    return all((folder / name).is_file() for name in WORDNET_FILES)


def _fetched_copy(data_root: Path | None) -> Path | None:
    """Return the first complete fetched copy: under `data_root`, the default data root, the
    per-user one (None when there is none)."""
    for folder in dict.fromkeys((fetched_wordnet(data_root), fetched_wordnet(),
                                 user_data_dir() / "data" / FETCHED_WORDNET_DIR)):
        if _complete(folder):
            return folder
    return None


def wordnet_location(wordnet_dir: Path | None = None, man_page: Path | None = None,
                     data_root: Path | None = None) -> tuple[Path, Path]:
    """Return the WordNet database folder and the lexnames(5WN) page to read.

    Given ones are taken as they are; else `LEXSUB_WORDNET_DIR`; else Debian's folder when it
    holds every file of `WORDNET_FILES`, else the first complete fetched copy (under
    `data_root`, the default data root, the per-user one), else Debian's (whose absence the
    error then names). The page of a folder from the variable or fetched is where the same
    .deb puts it: `<prefix>/share/man/man5/` beside `<prefix>/share/wordnet`.
    """
    chosen = os.environ.get(WORDNET_DIR_ENV)
    if wordnet_dir or chosen:
        folder = wordnet_dir or Path(str(chosen)).expanduser()
    elif not _complete(DEBIAN_WORDNET_DIR) and (fetched := _fetched_copy(data_root)):
        folder = fetched
    else:
        folder = DEBIAN_WORDNET_DIR
    beside = not wordnet_dir and folder != DEBIAN_WORDNET_DIR
    page = man_page or (folder.parent / "man" / "man5" / LEXNAMES_MAN_PAGE.name if beside
                        else LEXNAMES_MAN_PAGE)
    return folder, page


def find_wordnet(wordnet_dir: Path | None = None, man_page: Path | None = None,
                 data_root: Path | None = None) -> tuple[Path, Path]:
    """Return `wordnet_location`'s folder and page once every file of `WORDNET_FILES` is there.

    Raises:
        MissingResourceError: a database file is missing: names it, the folder's origin
            (given, `LEXSUB_WORDNET_DIR`, Debian's or fetched) and the three routes.
    """
    folder, page = wordnet_location(wordnet_dir, man_page, data_root)
    missing = [name for name in WORDNET_FILES if not (folder / name).is_file()]
    if missing:
        origin = ("given" if wordnet_dir else f"from {WORDNET_DIR_ENV}"
                  if os.environ.get(WORDNET_DIR_ENV) else "Debian's folder, and "
                  f"{fetched_wordnet(data_root)} (`lexsub fetch wordnet`) is incomplete too")
        raise MissingResourceError(
            f"WordNet 3.0 file {missing[0]}"
            + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""),
            folder / missing[0], f"the folder is {origin}; {REMEDY}")
    return folder, page
