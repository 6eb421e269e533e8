"""Where the WordNet 3.0 database files are: Debian's folder, or `LEXSUB_WORDNET_DIR`.

Every reader of the database (NLTK's, through `wordnet_nltk`; the morphy of `morphy`; the
SWORDS scorer) and `lexsub fetch` find the files through `find_wordnet`, so one setting points
them all at a copy unpacked without root, and `fetch` never calls present what `score` cannot
read.
"""

from __future__ import annotations

import os
from pathlib import Path

from lexsub_baselines.core.errors import MissingResourceError

__all__ = ["DEBIAN_WORDNET_DIR", "LEXNAMES_MAN_PAGE", "REMEDY", "WORDNET_DIR_ENV",
           "WORDNET_FILES", "find_wordnet", "wordnet_location"]

DEBIAN_WORDNET_DIR = Path("/usr/share/wordnet")
LEXNAMES_MAN_PAGE = Path("/usr/share/man/man5/lexnames.5WN.gz")
#: A WordNet folder elsewhere than Debian's (the packages unpacked without root).
WORDNET_DIR_ENV = "LEXSUB_WORDNET_DIR"
#: The three routes to WordNet 3.0 (no `make`: a pip user has no checkout).
REMEDY = ("WordNet 3.0 has three routes: install the Debian packages wordnet-base and "
          "wordnet-sense-index (as root: `apt-get install wordnet-base wordnet-sense-index`); "
          "without root, `apt-get download wordnet-base wordnet-sense-index`, `dpkg -x` each "
          f".deb into ~/wordnet and set {WORDNET_DIR_ENV}=~/wordnet/usr/share/wordnet; without "
          "Debian, unpack Princeton's WordNet-3.0.tar.gz "
          "(https://wordnetcode.princeton.edu/3.0/WordNet-3.0.tar.gz) and set "
          f"{WORDNET_DIR_ENV} to its dict/ folder")

#: The database files the toolkit reads (NLTK's WordNetCorpusReader `_FILES` but the
#: generated `lexnames`; morphy reads the index and exception files among them).
WORDNET_FILES: tuple[str, ...] = (
    "cntlist.rev", "index.sense",
    "index.adj", "index.adv", "index.noun", "index.verb",
    "data.adj", "data.adv", "data.noun", "data.verb",
    "adj.exc", "adv.exc", "noun.exc", "verb.exc",
)


def wordnet_location(wordnet_dir: Path | None = None, man_page: Path | None = None
                     ) -> tuple[Path, Path]:
    """Return the WordNet database folder and the lexnames(5WN) page to read.

    Given ones are taken as they are; else `LEXSUB_WORDNET_DIR` (the man page then where the
    same .deb puts it: `<prefix>/share/man/man5/` beside `<prefix>/share/wordnet`), else
    Debian's locations.
    """
    chosen = os.environ.get(WORDNET_DIR_ENV)
    folder = wordnet_dir or (Path(chosen).expanduser() if chosen else DEBIAN_WORDNET_DIR)
    page = man_page or (folder.parent / "man" / "man5" / LEXNAMES_MAN_PAGE.name if chosen
                        else LEXNAMES_MAN_PAGE)
    return folder, page


def find_wordnet(wordnet_dir: Path | None = None, man_page: Path | None = None
                 ) -> tuple[Path, Path]:
    """Return `wordnet_location`'s folder and page once every file of `WORDNET_FILES` is there.

    Raises:
        MissingResourceError: a database file is missing: names it, the folder's origin
            (given, `LEXSUB_WORDNET_DIR`, Debian's) and the three routes to WordNet 3.0.
    """
    folder, page = wordnet_location(wordnet_dir, man_page)
    missing = [name for name in WORDNET_FILES if not (folder / name).is_file()]
    if missing:
        origin = ("given" if wordnet_dir else f"from {WORDNET_DIR_ENV}"
                  if os.environ.get(WORDNET_DIR_ENV) else "Debian's folder")
        raise MissingResourceError(
            f"WordNet 3.0 file {missing[0]}"
            + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""),
            folder / missing[0], f"the folder is {origin}; {REMEDY}")
    return folder, page
