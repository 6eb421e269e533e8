"""The field's released outputs: what each file is, where it lives, and the one reader of each kind.

Teams released their systems' outputs with their papers, and our scorers read them as
they read our baselines' answers:

- UniHD at TSAR-2022 (Aumiller & Gertz 2023), dennlinger/TSAR-2022-Shared-Task at commit
  0f96c01: the English runs of the official ranking (`tsar2022_test_en_UniHD_1.tsv` is
  official run 1, `..._3.tsv` official run 2, the task's winner), Spanish and Portuguese runs
  made after the deadline, and the authors' own `tsar_eval.py` output for each `_3` file
  (`results/ensemble_{en,es,pt}.tsv.eval`). Repository AGPL-3.0, its TSAR data
  CC-BY-NC-SA-4.0 (both licence files are fetched beside them).
- WordTune's "clues" responses as the SWORDS authors (Lee et al. 2021) released them,
  p-lambda/swords at commit 04ca753 (`assets/public/raw/methods/wordtune/`, CC-BY-3.0-US): one
  JSON object per target, keyed by the SWORDS target id, for SWORDS test (its v0.8 file, which
  holds every v1.1 test target), SemEval-2007 test and CoInCo's test split.
- the second wave (`field_second`): ParaLS on CoInCo's test part and on ProLex, ConCat and
  BERT-dropout on LS07 trial and SWORDS dev (their readers: `field_parals`, `field_concat`).

The files lie under the shared root as `../shared` holds them (`field-outputs/...`, beside
`data/` and `resources/`; `--shared-root` moves them, `--data-root` does not): `field_file`
finds one and checks it against the manifest (`lexsub fetch field` gets them all). Every read
goes through it, then through one reader per kind: `read_wordtune` (a WordTune file),
`read_tsar_eval` (an `.eval` file); a TSAR predictions file is read by the TSAR scorer itself.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import DataFormatError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import SHARED_ENV, Roots
from lexsub_baselines.datasets.field_second import second_wave
from lexsub_baselines.datasets.field_types import FIELD_FOLDER, FieldOutput, Repository
from lexsub_baselines.inputs.reads import check_path, open_path, read_path
from lexsub_baselines.tables.released import RELEASED_PREFIX

__all__ = ["FETCH_GROUP", "FIELD_FOLDER", "FIELD_OUTPUTS", "RELEASED_PREFIX", "UNIHD",
           "WORDTUNE", "FieldOutput", "Repository", "WordTuneTarget", "field_file",
           "field_output", "read_tsar_eval", "read_wordtune"]

#: The fetch group of every released output (`lexsub fetch field`).
FETCH_GROUP = "field"


UNIHD = Repository("dennlinger/TSAR-2022-Shared-Task", "0f96c019685faaaac6bfa344871f058fed18eac7",
                   "tsar2022-unihd", "field-unihd",
                   "repository AGPL-3.0 (LICENSE); its TSAR data CC-BY-NC-SA-4.0")
WORDTUNE = Repository("p-lambda/swords", "04ca75370d0ce098a7f4db68240fc8e79a4f7b3b",
                      "swords-methods", "field-wordtune", "CC-BY-3.0-US (the SWORDS README)",
                      flat=True)
_WORDTUNE_UPSTREAM = "assets/public/raw/methods/wordtune/"


def _unihd() -> list[FieldOutput]:
    outputs = []
    for language in ("en", "es", "pt"):
        for number in ("1", "3"):
            official = {"1": "UniHD run 1", "3": "UniHD run 2"}[number]
            when = (f"official run {official[-1]}" if language == "en" else
                    "made after the deadline, in no official ranking")
            published = official if language == "en" else (
                f"field-unihd-eval-{language}" if number == "3" else "")
            outputs.append(FieldOutput(
                f"field-unihd-{language}-{number}", "tsar",
                f"{language}/tsar2022_test_{language}_UniHD_{number}.tsv", UNIHD,
                f"UniHD's TSAR-2022 {language} test predictions, file {number} ({when})",
                f"{RELEASED_PREFIX}unihd-{number}", f"tsar2022-{language}-test", published))
    outputs += [FieldOutput(f"field-unihd-eval-{language}", "tsar-eval",
                            f"results/ensemble_{language}.tsv.eval", UNIHD,
                            f"UniHD's own tsar_eval.py output for its {language} file 3")
                for language in ("en", "es", "pt")]
    outputs += [FieldOutput("field-unihd-licence", "licence", "LICENSE", UNIHD,
                            "the UniHD repository's licence (AGPL-3.0)"),
                FieldOutput("field-unihd-licence-data", "licence", "CC-BY-NC-SA-4.0", UNIHD,
                            "the licence of the TSAR-2022 data (CC-BY-NC-SA-4.0)")]
    return outputs


#: Every released file, in the manifest's order.
FIELD_OUTPUTS: tuple[FieldOutput, ...] = (
    *_unihd(),
    *(FieldOutput(f"field-wordtune-{dataset.removesuffix('-all')}", "wordtune",
                  _WORDTUNE_UPSTREAM + name, WORDTUNE,
                  f"WordTune's clues for {what}, as the SWORDS authors released them",
                  f"{RELEASED_PREFIX}wordtune", dataset)
      for dataset, name, what in (
          ("swords-test", "swords-v0.8_test_wordtuneclues.out.json.gz",
           "SWORDS v0.8 test (833 targets, every v1.1 test target among them)"),
          ("semeval2007-test", "semeval07_test_wordtuneclues.out.json.gz",
           "SemEval-2007 test (1,710 targets)"),
          ("coinco-all", "coinco_test_wordtuneclues.out.json.gz",
           "CoInCo's test split (5,388 targets)"))),
    *second_wave(),
)


def field_output(output_id: str) -> FieldOutput:
    """Return the released file of a manifest id.

    >>> field_output("field-unihd-en-3").published
    'UniHD run 2'
    """
    for output in FIELD_OUTPUTS:
        if output.id == output_id:
            return output
    raise UnknownNameError("released output", output_id, [o.id for o in FIELD_OUTPUTS])


def field_file(output: FieldOutput, roots: Roots) -> Path:
    """Return the path of a released file once it is the one the manifest records.

    The one place a released output is located and checked (its manifest entry `output.id`;
    a manifest without that entry, one's own, leaves the file unchecked).

    Raises:
        MissingResourceError: the file is absent (the message names `lexsub fetch`).
        InputMismatchError: the file is not the recorded one.
    """
    path = roots.shared / output.path
    if not path.is_file():
        raise MissingResourceError(
            output.what, path, f"run `lexsub fetch {FETCH_GROUP}` (or `lexsub fetch "
            f"{output.repository.fetch}`) to download it, or set {SHARED_ENV} (--shared-root) "
            f"to a folder holding {output.path} [{roots.describe('shared')}]")
    check_path(path, roots)  # the one way in: refused when not the recorded bytes
    return path


@dataclass(frozen=True)
class WordTuneTarget:
    """One target of a WordTune file.

    Attributes:
        id: the SWORDS target id (`t:` + sha1 of the target's content).
        context: the text WordTune was given.
        span: the target's character span in `context`, or None when not given.
        substitutes: WordTune's suggestions with their scores, best first (by score; ties in
            the file's order, as the SWORDS authors' parser sorts them).
        answered: False when WordTune returned nothing for it (`drilldown` null).
    """

    id: str
    context: str
    span: tuple[int, int] | None
    substitutes: tuple[tuple[str, float], ...]
    answered: bool


_REMEDY = "`lexsub fetch field` gets the released file; is this a WordTune output of SWORDS?"


def _target(target_id: str, value: Any, path: Path) -> WordTuneTarget:
    def bad(problem: str) -> DataFormatError:
        return DataFormatError(path, None, f"target {target_id}: {problem}", _REMEDY)

    if not isinstance(value, Mapping) or not isinstance(value.get("context"), str):
        raise bad("not an object with a `context` text")
    drilldown = value.get("drilldown")
    if drilldown is None:
        return WordTuneTarget(target_id, value["context"], None, (), False)
    if not isinstance(drilldown, Mapping) or not isinstance(drilldown.get("suggestions"), list):
        raise bad("`drilldown` has no `suggestions` list")
    found = []
    for suggestion in drilldown["suggestions"]:
        word = suggestion.get("suggestion") if isinstance(suggestion, Mapping) else None
        score = suggestion.get("score") if isinstance(suggestion, Mapping) else None
        if not isinstance(word, str) or isinstance(score, bool) or not isinstance(
                score, int | float):
            raise bad(f"a suggestion without a `suggestion` text and a numeric `score`: "
                      f"{suggestion!r}")
        found.append((word, float(score)))
    span = drilldown.get("indices")
    if not (isinstance(span, list) and len(span) == 2 and all(type(i) is int for i in span)):
        span = None
    found.sort(key=lambda pair: -pair[1])  # stable: ties in the file's order
    return WordTuneTarget(target_id, value["context"], tuple(span) if span else None,
                          tuple(found), True)


def read_wordtune(path: Path) -> dict[str, WordTuneTarget]:
    """Read a WordTune output file (gzipped JSON: target id -> the service's response).

    Raises:
        DataFormatError: not gzip, not JSON, or a target's response is malformed (the
            message names the file and the target, and the remedy).
    """
    try:
        with open_path(path, compression="gzip", encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as error:
        raise DataFormatError(path, None, f"not a gzip file of UTF-8 text ({error})",
                              _REMEDY) from None
    except json.JSONDecodeError as error:
        raise DataFormatError(path, error.lineno, f"not JSON: {error.msg}", _REMEDY) from None
    if not isinstance(data, dict):
        raise DataFormatError(path, None, "not an object of target ids", _REMEDY)
    return {str(key): _target(str(key), value, path) for key, value in data.items()}


#: An `.eval` line's label -> the figure's name in the official results tables.
_EVAL_LABELS = {"MAP@1/Potential@1/Precision@1": "ACC@1", "Accuracy@1@top_gold_1": "ACC@1@Top1",
                "Accuracy@2@top_gold_1": "ACC@2@Top1", "Accuracy@3@top_gold_1": "ACC@3@Top1",
                **{f"{m}@{k}": f"{m}@{k}" for m in ("MAP", "Potential") for k in (3, 5, 10)}}
_EVAL_LINE = re.compile(r"^\s*(\S+)\s*=\s*(\S+)\s*$")


def read_tsar_eval(path: Path) -> dict[str, float]:
    """Read the ten figures of a `tsar_eval.py` output file, named as the official tables
    name them (`ACC@1`, `MAP@3`, ...).

    Raises:
        DataFormatError: not UTF-8, a figure that is no number, or one of the ten missing.
    """
    try:
        lines = read_path(path).decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise DataFormatError(path, None, "not UTF-8 text", "is this a tsar_eval.py output?"
                              ) from None
    figures: dict[str, float] = {}
    for number, line in enumerate(lines, start=1):
        match = _EVAL_LINE.match(line)
        if match and match.group(1) in _EVAL_LABELS:
            try:
                figures[_EVAL_LABELS[match.group(1)]] = float(match.group(2))
            except ValueError:
                raise DataFormatError(path, number, f"{match.group(1)} is not a number",
                                      "is this a tsar_eval.py output?") from None
    missing = [name for name in _EVAL_LABELS.values() if name not in figures]
    if missing:
        raise DataFormatError(path, None, f"no {', '.join(missing)}",
                              "is this a tsar_eval.py output?")
    return figures

