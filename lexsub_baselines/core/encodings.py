"""Whether a file's first bytes are UTF-16, which Windows tools write as "Unicode" text."""

from __future__ import annotations

__all__ = ["UTF16_REMEDY", "utf16"]

#: What to do with a UTF-16 file (`{path}`: the file), for every reader's message.
UTF16_REMEDY = "save it as UTF-8: `iconv -f UTF-16 -t UTF-8 {path} > {path}.utf8`"


def utf16(head: bytes) -> bool:
    """Return whether `head` (a file's first bytes) is UTF-16: a byte-order mark, or ASCII
    text with a NUL before or after every character.

    >>> utf16("side.n 1 :: team".encode("utf-16")), utf16(b"s\\x00i\\x00d\\x00e\\x00")
    (True, True)
    >>> utf16(b"side.n 1 :: team"), utf16(b"\\x00\\x01")
    (False, False)
    """
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    head = head[:400]
    return len(head) >= 4 and any(set(head[start::2]) == {0} for start in (0, 1))
