"""Where the WordNet 3.0 database files are: Debian's folder, or `LEXSUB_WORDNET_DIR`.

Every reader of the database (NLTK's, through `wordnet_nltk`; the morphy of `morphy`) finds
the files here, so one setting points them all at a copy unpacked without root.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DEBIAN_WORDNET_DIR", "LEXNAMES_MAN_PAGE", "REMEDY", "WORDNET_DIR_ENV",
           "wordnet_location"]

DEBIAN_WORDNET_DIR = Path("/usr/share/wordnet")
LEXNAMES_MAN_PAGE = Path("/usr/share/man/man5/lexnames.5WN.gz")
#: A WordNet folder elsewhere than Debian's (the packages unpacked without root).
WORDNET_DIR_ENV = "LEXSUB_WORDNET_DIR"
REMEDY = ("run `make setup` as root (it installs the Debian packages wordnet-base and "
          "wordnet-sense-index); without root: `apt-get download wordnet-base "
          "wordnet-sense-index`, `dpkg -x` each .deb into ~/wordnet, and set "
          f"{WORDNET_DIR_ENV}=~/wordnet/usr/share/wordnet")


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
