"""A lenient reader for the SemEval lexical-substitution XML (2007 Task 10, 2010 Task 2).

The distributed files are not well-formed XML (`&#8211 ;` with a space before the semicolon,
U+FFFD characters, bare `&` in places), so they are read with regular expressions over the
`<lexelt item=…>` / `<instance id=…>` / `<context>…<head>…</head>…</context>` structure, never by
"fixing" the files. Contexts are tokenised on white space, as distributed; the target's token
index is the number of tokens before `<head>`.
"""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.types import Instance, split_lexelt

__all__ = ["decode_entities", "parse_semeval_xml", "read_semeval_xml", "semeval_xml_ids"]

_LEXELT = re.compile(r'<lexelt\s+item\s*=\s*"([^"]*)"\s*>')
_INSTANCE = re.compile(r'<instance\s+id\s*=\s*"([^"]*)"[^>]*>')
_CONTEXT = re.compile(r"<context>(.*?)</context>", re.DOTALL)
_HEAD = re.compile(r"<head>(.*?)</head>", re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
# `&#8211 ;` (space before `;`) and `&#8211;` both mean U+2013 in these files.
_NUMERIC_ENTITY = re.compile(r"&#(x[0-9A-Fa-f]+|\d+)\s?;")


def _numeric(match: re.Match[str]) -> str:
    code = match.group(1)
    value = int(code[1:], 16) if code[0] in "xX" else int(code)
    if value in range(0x80, 0xA0):  # windows-1252 code points written as numbers (`&#150;`)
        return bytes([value]).decode("cp1252", errors="replace")
    try:
        return chr(value)
    except (ValueError, OverflowError):
        return "\ufffd"


def decode_entities(text: str) -> str:
    """Decode numeric entities (tolerating a space before `;`) and named ones.

    >>> decode_entities("piece&#8211 ; it&apos;s &amp; more")
    "piece– it's & more"
    """
    return html.unescape(_NUMERIC_ENTITY.sub(_numeric, text))


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def parse_semeval_xml(text: str, source: str = "<string>") -> Iterator[Instance]:
    """Yield the instances of a SemEval lexical-substitution XML document.

    Arguments:
        text: the document.
        source: a name for messages (the file path).

    Raises:
        DataFormatError: the document holds no `<lexelt>` at all.
    """
    lexelts = list(_LEXELT.finditer(text))
    if not lexelts:
        raise DataFormatError(source, None, "no <lexelt item=...> element found",
                              "is this a SemEval lexical-substitution XML file?")
    for number, lexelt_match in enumerate(lexelts):
        end = lexelts[number + 1].start() if number + 1 < len(lexelts) else len(text)
        lexelt = lexelt_match.group(1).strip()
        lemma, pos = split_lexelt(lexelt)
        block = text[lexelt_match.end() : end]
        instances = list(_INSTANCE.finditer(block))
        for position, instance_match in enumerate(instances):
            stop = instances[position + 1].start() if position + 1 < len(instances) else len(block)
            offset = lexelt_match.end() + instance_match.start()  # its line: only for a warning
            instance_id = instance_match.group(1).strip()
            context_match = _CONTEXT.search(block, instance_match.end(), stop)
            if context_match is None:
                warnings.warn(f"{source}:{_line_of(text, offset)}: instance {instance_id} "
                              "has no <context>; skipped", stacklevel=2)
                continue
            context = context_match.group(1)
            head = _HEAD.search(context)
            if head is None:
                warnings.warn(f"{source}:{_line_of(text, offset)}: instance {instance_id} "
                              "has no <head>; skipped", stacklevel=2)
                continue
            before = decode_entities(_TAG.sub(" ", context[: head.start()])).split()
            target = decode_entities(_TAG.sub(" ", head.group(1))).split()
            after = decode_entities(_TAG.sub(" ", context[head.end() :])).split()
            if not target:
                warnings.warn(f"{source}:{_line_of(text, offset)}: instance {instance_id} "
                              "has an empty <head>; skipped", stacklevel=2)
                continue
            tokens = (*before, *target, *after)
            yield Instance(
                id=instance_id,
                lexelt=lexelt,
                lemma=lemma,
                pos=pos,
                tokens=tokens,
                target_index=len(before),
                target_length=len(target),
                sentence=" ".join(tokens),
            )


def _text(data: bytes) -> str:
    # undecodable bytes replaced (U+FFFD) rather than fatal: the files already contain some
    return data.decode("utf-8", errors="replace")


def read_semeval_xml(data: bytes, where: str = "<bytes>") -> list[Instance]:
    """Read every instance of a SemEval lexical-substitution XML file's bytes (`where` names
    the file in messages; the input layer reads it: `Dataset.instances`).

    Raises:
        DataFormatError: the file holds no instance structure.
    """
    return list(parse_semeval_xml(_text(data), where))


def semeval_xml_ids(data: bytes, where: str = "<bytes>") -> frozenset[str]:
    """Return the ids of the `<instance>` elements of a SemEval XML file, without parsing
    their sentences (what the scorer needs to tell an instance without gold from an unknown
    id: a tenth of `read_semeval_xml`'s time).
    """
    return frozenset(match.group(1).strip() for match in _INSTANCE.finditer(_text(data)))
