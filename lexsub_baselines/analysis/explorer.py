"""The instance explorer: every instance with its gold and each system's marked answers.

`explorer_data` collects, for every instance of every analysed dataset, the sentence with its
target, the gold substitutes with their counts as the scorer reads them (and the gold file's
line where that differs), which of them is the scorer's mode (by index: a hyphenated or
`non-` mode is the entry it comes from), why an item is not scored (no gold line, or fewer
than 2 responses), and for every system its best and oot answers (the first line of the id,
as the scorer reads it) with the item's official credit and upper bound from the `Scorer`
(`inputs.item_scores`); each answer is marked `mode` (its normalised form is the item's
mode), `matched` (it is a gold substitute, so it earns credit) or `none`. SWORDS datasets
come from `swords_explorer` in a layout of their own (`kind: swords`).
`render_explorer` writes it into one self-contained page (`explorer/index.html`): the data
embedded once as JSON, rendered on demand by a small vanilla script (`explorer.js`), no
network. The same data gives byte-identical pages.

Compact form: answers are stored as indices into a vocabulary per lexelt (a lemma's
sentences share most candidates), written in base len(`DIGITS`) with as many digits as the
lexelt's vocabulary needs (one character each up to 91 words, two up to 8281): a system's
answers on an item are one string, its best answers, a space, its oot answers. Credited and
mode answers are index lists per item; credits a flat list (best, oot for each system in turn).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from lexsub_baselines.analysis import families
from lexsub_baselines.analysis.first_answer import top_bits
from lexsub_baselines.analysis.inputs import SUBSTITUTION_KINDS, Evaluation, item_scores
from lexsub_baselines.analysis.swords_explorer import SWORDS_FIELDS, swords_dataset
from lexsub_baselines.analysis.voting import answers_by_id
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import GoldItem, Instance
from lexsub_baselines.scoring import GoldTarget, ItemCredits
from lexsub_baselines.tables.table import POS_NAMES, Marks, mark_of

__all__ = ["DIGITS", "FORMAT", "decode_answers", "explorer_data", "render_explorer"]

#: The version of the data layout `explorer.js` reads (fields of an item, in order).
FORMAT = 4
#: The digits of answer indices: printable ASCII without the space (the separator), `"`, `\`
#: (escaped in JSON) and `<` (which could close the page's script element).
DIGITS = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in '"\\<')
#: The fields of an item, in order (documented for the page's script and the tests).
ITEM_FIELDS = ("id", "lexelt", "left", "target", "right", "gold", "file_gold", "mode",
               "in_t", "bound", "matched", "modes", "answers", "credit", "unscored", "top")
#: Why an item is not scored (`unscored`): 1 no line for its id in the gold file, 2 fewer
#: than 2 responses once the scorer's rules have read the line.
NO_GOLD_LINE, FEWER_THAN_TWO = 1, 2


def _rounded(value: float) -> float | int:
    value = round(value, 4)
    return int(value) if value == int(value) else value


class _Vocabulary:
    """The distinct answers of one lexelt's items, each with an index."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.words: list[str] = []

    def indices(self, answers: Sequence[str]) -> list[int]:
        found = []
        for answer in answers:
            number = self.index.setdefault(answer, len(self.words))
            if number == len(self.words):
                self.words.append(answer)
            found.append(number)
        return found


def _width(size: int) -> int:
    """Return how many digits an index of a vocabulary of `size` words takes."""
    width = 1
    while len(DIGITS) ** width < size:
        width += 1
    return width


def _encode(kinds: Sequence[Sequence[int]], width: int) -> str:
    base = len(DIGITS)
    return " ".join("".join(DIGITS[i // base ** p % base] for i in indices
                            for p in range(width - 1, -1, -1)) for indices in kinds)


def decode_answers(text: str, width: int) -> list[list[int]]:
    """Return [best indices, oot indices] from one system's string (what `explorer.js` does).

    >>> decode_answers("$! #", 1), decode_answers("!$!! !#", 2), decode_answers(" ", 1)
    ([[2, 0], [1]], [[2, 0], [1]], [[], []])
    """
    result = []
    for part in text.split(" "):
        indices = []
        for start in range(0, len(part), width):
            value = 0
            for digit in part[start:start + width]:
                value = value * len(DIGITS) + DIGITS.index(digit)
            indices.append(value)
        result.append(indices)
    return result


#: Per system: (best answers by id, oot answers by id), and its (best, oot) item credits.
_Columns = Sequence[tuple[Mapping[str, tuple[str, ...]], ...]]
_Credits = Sequence[tuple[ItemCredits, ...]]


def _item(instance: Instance, gold: GoldItem | None, target: GoldTarget | None,
          lexelt: int, vocabulary: _Vocabulary, columns: _Columns, credits: _Credits,
          normalise: Callable[[str], str]) -> list[Any]:
    """Return one item in the `ITEM_FIELDS` layout."""
    answers = [[vocabulary.indices(kind.get(instance.id, ())) for kind in system]
               for system in columns]
    file_gold = [[s, c] for s, c in gold.entries] if gold is not None else []
    head = [instance.id, lexelt, " ".join(instance.left), instance.target,
            " ".join(instance.right)]
    if target is None:  # not an item of T: no credit, nothing matched; the scorer says why
        return [*head, file_gold, 0, None, 0, None, [], [], answers, None,
                NO_GOLD_LINE if gold is None else FEWER_THAN_TWO, [0] * len(answers)]
    used = sorted({i for system in answers for kind in system for i in kind})
    # the scorer's view: an answer is compared in its normalised form (score.pl fixmisc)
    forms = {i: normalise(vocabulary.words[i]) for i in used}
    matched = [i for i in used if target.credit.get(forms[i], 0.0) > 0]
    modes = [i for i in used if target.mode is not None and forms[i] == target.mode]
    scored = [[s, c] for s, c in target.entries]
    # the mode is the scorer's entry it comes from, by index into the entries shown
    mode = next((i for i, (s, _) in enumerate(target.entries) if s == target.mode), None)
    credit = [_rounded(kind.credit[instance.id]) for system in credits for kind in system]
    bound = [_rounded(kind.bound[instance.id]) for kind in credits[0]] if credits else None
    first = max(target.credit.values(), default=0.0)  # the gold's first answer (ties too)
    tops = {i for i in matched if target.credit.get(forms[i], 0.0) == first}
    return [*head, scored, file_gold if scored != file_gold else 0, mode, 1, bound, matched,
            modes, answers, credit, 0, [top_bits(system, tops) for system in answers]]


def _dataset(evaluation: Evaluation, systems: Sequence[str]) -> dict[str, Any]:
    data = evaluation.dataset
    gold = data.gold()
    targets = evaluation.gold().items
    present = [s for s in systems if s in evaluation.answers]
    columns = [tuple(answers_by_id(evaluation.answers[s][k]) if k in evaluation.answers[s]
                     else {} for k in SUBSTITUTION_KINDS) for s in present]
    credits = [tuple(item_scores(evaluation, s, k) for k in SUBSTITUTION_KINDS)
               for s in present]
    normalise = cache(evaluation.profile.normalise_answer)
    lexelts: dict[str, tuple[int, str, _Vocabulary]] = {}
    items = []
    for instance in data.instances():
        number, _, vocabulary = lexelts.setdefault(
            instance.lexelt, (len(lexelts), instance.pos, _Vocabulary()))
        items.append(_item(instance, gold.get(instance.id), targets.get(instance.id), number,
                           vocabulary, columns, credits, normalise))
    widths = [_width(len(vocabulary.words)) for _, _, vocabulary in lexelts.values()]
    answers = ITEM_FIELDS.index("answers")
    for item in items:  # the widths are known once every item of a lexelt has been read
        item[answers] = [_encode(system, widths[item[1]]) for system in item[answers]]
    return {"name": evaluation.name, "kind": "semeval", "profile": evaluation.profile.name,
            "systems": [systems.index(s) for s in present],
            "lexelts": [[lexelt, pos, vocabulary.words, width] for (lexelt, (_, pos, vocabulary)),
                        width in zip(lexelts.items(), widths, strict=True)],
            "items": items}


def explorer_data(evaluations: Sequence[Evaluation], colours: Mapping[str, str],
                  swords: Mapping[str, Mapping[str, Path]] | None = None,
                  roots: Roots | None = None,
                  settings: Mapping[tuple[str, str], str] | None = None,
                  marks: Marks | None = None) -> dict[str, Any]:
    """Return the explorer's data for the analysed datasets (JSON-ready, deterministic).

    Arguments:
        evaluations: the datasets' evaluations (with the report's vote, when it has one).
        colours: system -> colour (`families.colours`), the report's colours.
        swords: SWORDS dataset -> system -> its recorded result file (`swords_explorer`).
        roots: where the SWORDS data is (needed with `swords`).
        settings: (dataset, system) -> the settings id of its row (runs.json), shown with
            each system's answers.
        marks: (dataset, system) -> the row's settings mark, as in tables.md.
    """
    swords = swords or {}
    systems = families.ordered(list(dict.fromkeys(
        [s for e in evaluations for s in e.systems]
        + [s for runs in swords.values() for s in runs])))
    datasets = [_dataset(e, systems) for e in evaluations]
    if swords and roots is not None:
        datasets += [swords_dataset(name, runs, systems, roots) for name, runs in swords.items()]
    for dataset in datasets:  # each column's settings id, as its row in runs.json says
        dataset["settings"] = [(settings or {}).get((dataset["name"], systems[g]), "unrecorded")
                               for g in dataset["systems"]]
        dataset["marks"] = [mark_of(marks, [dataset["name"]], systems[g])
                            for g in dataset["systems"]]
    return {
        "format": FORMAT,
        "fields": list(ITEM_FIELDS),
        "swords_fields": list(SWORDS_FIELDS),
        "digits": DIGITS,
        "pos": POS_NAMES,
        "families": [[name, families.FAMILIES.get(name).title] for name in families.FAMILIES],
        "systems": [[s, families.family_of(s).name, colours.get(s, "#222222")]
                    for s in systems],
        "datasets": datasets,
    }


def _asset(name: str) -> str:
    return (resources.files("lexsub_baselines.analysis") / "assets" / name).read_text(
        encoding="utf-8")


def render_explorer(data: Mapping[str, Any]) -> str:
    """Return the explorer page: the template with its style, the data and the script inlined.

    The data is one `<script type="application/json">` element with every `<` written as
    `\\u003c` (JSON reads it back as `<`), so no string in it can close the element or open a
    comment (`<!--<script` would leave a dead page); the page needs no server and no network.
    """
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace(
        "<", "\\u003c")
    page = _asset("explorer.html")
    for name, value in (("style", _asset("explorer.css")), ("script", _asset("explorer.js")),
                        ("data", payload)):
        page = page.replace(f"/*{{{name}}}*/", value, 1)
    return page
