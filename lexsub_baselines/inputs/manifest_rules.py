"""The rules a manifest entry's fields obey: digests, fetch recipes, host names, confined paths.

`inputs.manifest` checks every entry it reads with them; `resources.fetch` checks a path
again before it writes (a manifest may also be made in code). A file's or folder's `path` is
relative to its root, with no empty, `.` or `..` component: no manifest writes outside the
roots, whatever `--manifest FILE` says.
"""

from __future__ import annotations

import re

__all__ = ["FETCH_RECIPES", "is_host", "is_recipe", "is_sha256", "path_problem"]

#: How `lexsub fetch` makes a file from what `upstream_url` serves: `file` (the file itself),
#: `xz` (the file, xz-compressed here), `head` (its first `bytes` bytes: a list cut short),
#: `archive:NAME` (the member NAME of a tar or zip archive: the one of that base name with the
#: recorded digest).
FETCH_RECIPES: tuple[str, ...] = ("file", "xz", "head", "archive:NAME")
_HEX = frozenset("0123456789abcdef")
_HOST = re.compile(r"^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$")


def is_host(name: str) -> bool:
    """True when `name` is a lower-case host name (no scheme, port or path)."""
    return bool(_HOST.match(name))


def path_problem(path: str) -> str:
    """Return why a file's or folder's manifest path would leave its root ("" when it stays).

    >>> path_problem("data/semeval2007/key/gold"), path_problem("/etc/passwd")
    ('', 'is absolute')
    >>> path_problem("data/../../outside")
    "has an empty, '.' or '..' component"
    """
    if path.startswith("/") or "\\" in path or path[1:2] == ":":
        return "is absolute"
    if any(part in ("", ".", "..") for part in path.split("/")):
        return "has an empty, '.' or '..' component"
    return ""


def is_sha256(value: str) -> bool:
    """True when `value` is a sha256 in lower-case hex."""
    return len(value) == 64 and set(value) <= _HEX


def is_recipe(recipe: str, kind: str, url: str) -> bool:
    """True when `recipe` is a well-formed `FETCH_RECIPES` recipe for an entry of `kind`."""
    how, _, argument = recipe.partition(":")
    if kind != "file" or not url.startswith(("https://", "http://")):
        return False
    if how in ("file", "xz", "head"):
        return not argument
    return how == "archive" and bool(argument) and "/" not in argument
