"""`TsarScorer`: a predictions file scored exactly as TSAR-2022's `tsar_eval.py` scores it.

`Scorer("tsar2022-en-test")` (any `tsar2022-*` dataset, or a `*_gold.tsv` file) gives a
`TsarScorer`: the gold is read once (`evaluation.read_gold`), then predictions files (the
task's format: `sentence<TAB>complex word<TAB>substitute<TAB>...`, best first) or
{instance id: [substitutes]} are scored against it with the evaluator's ten figures, floored
to 4 decimals as it prints them, under the names of the official results tables. Every case
of the shared vectors (made by the task's own evaluator) is reproduced (tests/test_tsar_scoring.py).

The evaluator's quirks are kept, and each is said in a note where it changed something: the
mean runs over the predictions file's instances (a file that leaves instances out scores
higher), the complex word and repeats are dropped from the predictions, nothing is
lower-cased, an empty substitute takes a place, a repeated instance keeps its last list.
Where the evaluator dies (a line whose sentence and word are not in the gold), one
`DataFormatError` names the line.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import (
    DataFormatError,
    LexsubError,
    NothingToScoreError,
    ResultFormatError,
    ScoreRefusedError,
)
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.emit import show
from lexsub_baselines.scoring.gold_source import GoldSource, resolve_gold
from lexsub_baselines.scoring.other_protocol import OtherProtocolScorer
from lexsub_baselines.scoring.signature import Signature, scoring_code
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.subsets import refuse_subsets
from lexsub_baselines.scoring.tsar.contributions import tsar_contributions
from lexsub_baselines.scoring.tsar.evaluation import (
    TsarGold,
    TsarPrediction,
    TsarPredictions,
    acc_at_top1,
    check,
    floor4,
    map_at,
    potential_at,
    predictions_from_lines,
    read_gold,
    read_predictions,
)
from lexsub_baselines.scoring.tsar.report import METRICS, TsarReport

__all__ = ["PROFILE", "PROTOCOL", "TsarScorer"]

#: The protocol's name in signatures and on the command line.
PROTOCOL = "tsar2022"
#: The one profile: the task's evaluator at the pinned commit, quirks and all.
PROFILE = "tsar-eval-089c266"

ResultInput = str | Path | TsarPredictions | Mapping[str, Sequence[str]]


@lru_cache(maxsize=8)
def _gold(data: bytes, where: str) -> dict[str, TsarGold]:
    return read_gold(data, where)


def _version() -> str:
    from lexsub_baselines.core.version import __version__

    return __version__


def _figures(pairs: Sequence[tuple[TsarGold, tuple[str, ...]]]) -> list[float]:
    """Return the ten figures unfloored, in `METRICS` order."""
    return [potential_at(pairs, 1), acc_at_top1(pairs, 1), acc_at_top1(pairs, 2),
            acc_at_top1(pairs, 3), map_at(pairs, 3), map_at(pairs, 5), map_at(pairs, 10),
            potential_at(pairs, 3), potential_at(pairs, 5), potential_at(pairs, 10)]


def _given(prediction: TsarPrediction) -> bool:
    """Return whether a line gave any substitute (kept or dropped by the evaluator)."""
    return bool(prediction.labels or prediction.dropped_word or prediction.dropped_repeats)


class TsarScorer(OtherProtocolScorer):
    """The gold of one TSAR-2022 dataset, read once; scores predictions as `tsar_eval.py`.

    Arguments:
        gold: `tsar2022-{en,es,pt}-{trial,test}`, such a `Dataset`, or a `*_gold.tsv` file.
        profile: None or `tsar-eval-089c266` (the only one).
        mwids, mrsamples: SemEval-2007 subset files (an error when given).
        roots: where dataset names are looked up (default: `resolve_roots()`).
        ids: score against these instances only (line numbers of the gold file).

    Raises:
        LexsubError: another profile, or SemEval subset files given.
        MissingResourceError: the gold file is absent (the message says how to fetch it).
    """

    PROTOCOL_NAME = "TSAR-2022"

    def __init__(self, gold: Any, profile: Any = None, *, mwids: Path | None = None,
                 mrsamples: Path | None = None, roots: Roots | None = None,
                 ids: Collection[str] | None = None) -> None:
        if profile not in (None, PROFILE, PROTOCOL):
            raise LexsubError(f"TSAR-2022 is scored with one profile, {PROFILE}, not {profile}")
        refuse_subsets("TSAR-2022", mwids, mrsamples)
        self.tsar_source: GoldSource = resolve_gold(gold, roots or resolve_roots())
        path = self.tsar_source.file(False)
        if path is None:
            raise LexsubError("TSAR-2022 gold is read from its file (a tsar2022-* dataset or "
                              "a *_gold.tsv path), not from memory")
        entries = _gold(read_path(path, roots), str(path))
        if ids is not None:
            keep = frozenset(ids)
            entries = {key: g for key, g in entries.items() if str(g.line) in keep}
        self.tsar_gold: Mapping[str, TsarGold] = entries
        self.label = self.tsar_source.label(False)

    @property
    def dataset_name(self) -> str | None:
        """Return the name of the gold's dataset (`tsar2022-en-test`), or None."""
        return self.tsar_source.dataset_name

    def result(self, system: ResultInput) -> TsarPredictions:
        """Return predictions read from a file, or made from {instance id: [substitutes]}
        (the id is the instance's line number in the gold file, as `Instance.id`).

        Raises:
            ScoreRefusedError: an id the gold lacks; `ResultFormatError` (one) for a line the
                evaluator dies on.
        """
        if isinstance(system, TsarPredictions):
            return system
        try:
            if isinstance(system, Mapping):
                by_line = {str(g.line): g for g in self.tsar_gold.values()}
                unknown = [i for i in system if str(i) not in by_line]
                if unknown:
                    raise ScoreRefusedError(f"instance {unknown[0]} is not in {self.label} "
                                            f"({len(unknown)} unknown ids); ids are the gold's "
                                            "line numbers, as the dataset's `Instance.id`")
                lines = [(n, [by_line[str(i)].sentence, by_line[str(i)].word, *map(str, subs)])
                         for n, (i, subs) in enumerate(system.items(), start=1)]
                return predictions_from_lines(lines, "<memory>")
            return read_predictions(Path(system))
        except DataFormatError as error:
            raise ResultFormatError.of(error) from None

    # Takes this protocol's results, as `score` does.
    def contributions(self, system: ResultInput, kind: str = PROTOCOL, *,  # type: ignore[override]
                      universe: Sequence[str] | None = None) -> Contributions:
        """Return each instance's contributions to the ten figures, what the paired tests
        resample (`scoring.paired`): on the file's instances, or on `universe` (keys: an
        instance the file lacks is an empty list, its others left out).

        Raises:
            DataFormatError: a line the evaluator dies on (named).
        """
        predictions = self.result(system)
        check(self.tsar_gold, predictions)
        return tsar_contributions(self.tsar_gold, predictions, universe)

    # The override returns this protocol's report (as SwordsScorer does).
    def score(self, system: ResultInput, kind: str = PROTOCOL, *,  # type: ignore[override]
              warn: bool = True, spelling: Spelling = PYTHON, refuse: bool = True,
              **ignored: Any) -> TsarReport:
        """Score predictions as `tsar_eval.py` does.

        Arguments:
            system: a predictions file, {instance id: [substitutes]} or `TsarPredictions`.
            kind: `tsar2022` (another is ignored, with a note, as `-t` is).
            warn: show the report's messages (`scoring.emit.show`).
            spelling: how the notes name options (`scoring.spelling`).
            refuse: refuse a file whose every line is empty (False: a run of ours that
                answered nothing, scored 0).
            ignored: SemEval options by keyword, which do not apply (a note names those set).

        Raises:
            ResultFormatError: a line the evaluator dies on (named).
            NothingToScoreError: the file lists no instance.
        """
        ignored = {"kind": kind if kind != PROTOCOL else None, **ignored}
        predictions = self.result(system)
        if not predictions.by_key:
            raise NothingToScoreError(f"{predictions.path}: lists no instance: nothing to "
                                      "score (the task's evaluator divides by zero here)")
        if refuse and not any(_given(p) for p in predictions.by_key.values()):
            raise NothingToScoreError(
                f"{predictions.path}: no line has a substitute after the sentence and the "
                "complex word (the dataset's _none file?): nothing to score; a predictions "
                "line is sentence<TAB>complex word<TAB>substitute<TAB>..., best first")
        try:
            check(self.tsar_gold, predictions)
        except DataFormatError as error:
            raise ResultFormatError.of(error) from None
        pairs = [(self.tsar_gold[key], p.labels) for key, p in predictions.by_key.items()]
        unfloored = dict(zip(METRICS, _figures(pairs), strict=True))
        scored, total = len(pairs), len(self.tsar_gold)
        signature = Signature(PROTOCOL, PROFILE, self.label,
                              "all" if scored == total else "listed", scored, None, _version(),
                              extra=(("mean", "over-predictions"), ("floor", "4")),
                              code=scoring_code())
        notes = (*self._notes(predictions, scored, total),
                 *(f"{spelling.option(option, value)} does not apply to TSAR-2022's "
                   "evaluation; ignored" for option, value in ignored.items() if value))
        report = TsarReport(predictions.path, {k: floor4(v) for k, v in unfloored.items()},
                            unfloored, scored, total, signature, notes)
        if warn:
            show(report.messages)
        return report

    def _notes(self, predictions: TsarPredictions, scored: int, total: int) -> list[str]:
        """Return one line per quirk of the evaluator that changed something here."""
        path = predictions.path
        notes = []
        if scored < total:
            notes.append(f"{path}: the means are over its {scored} instances, not the gold's "
                         f"{total}, as tsar_eval.py computes them: the {total - scored} left "
                         "out do not count, so leaving instances out scores higher")
        if predictions.repeated:
            line, first = predictions.repeated[0]
            notes.append(f"{path}:{line}: repeats the instance of line {first} "
                         f"({len(predictions.repeated)} such lines); the last list counts, "
                         "once, as tsar_eval.py keeps it")
        values = list(predictions.by_key.items())
        word = [p for _, p in values if p.dropped_word]
        if word:
            notes.append(f"{path}:{word[0].line}: the complex word among the substitutes was "
                         f"dropped ({sum(p.dropped_word for p in word)} times on {len(word)} "
                         "lines), as tsar_eval.py drops it")
        repeats = [p for _, p in values if p.dropped_repeats]
        if repeats:
            notes.append(f"{path}:{repeats[0].line}: repeated substitutes were dropped "
                         f"({sum(p.dropped_repeats for p in repeats)} on {len(repeats)} lines), "
                         "as tsar_eval.py drops them")
        bare = [p for _, p in values if not _given(p)]
        if bare:
            notes.append(f"{path}:{bare[0].line}: no substitute after the complex word "
                         f"({len(bare)} lines): each counts as an empty list, with nothing "
                         "gained, as tsar_eval.py counts it")
        empty = [p for _, p in values if "" in p.labels]
        if empty:
            notes.append(f"{path}:{empty[0].line}: an empty substitute (two tabs in a row) "
                         f"takes a place in the list and never matches ({len(empty)} lines)")
        cased = []
        for key, p in values:
            folded = {g.casefold(): g for g in self.tsar_gold[key].distinct}
            cased += [(p.line, x, folded[x.casefold()]) for x in p.labels[:10]
                      if x not in self.tsar_gold[key].gold and x.casefold() in folded]
        if cased:
            line, mine, theirs = cased[0]
            notes.append(f"{path}:{line}: {mine!r} differs from the gold's {theirs!r} only in "
                         f"case and counts as wrong ({len(cased)} such substitutes in the top "
                         "10): tsar_eval.py does not lower-case")
        return notes
