"""`SwordsScorer`: the SWORDS benchmark's evaluation (`swords.eval.evaluate`), without Docker.

`Scorer("swords-test")` (or a SWORDS `.json.gz` gold file) gives a `SwordsScorer`: the gold
is read and prepared once (`gold.build_gold`), then any number of results (`*.lsr.json`
files or mappings) are scored against it with the authors' measures (`measures`), under the
authors' metric names. Every figure of the shared evaluation vectors
(`swords-vectors/cases.jsonl`, made by the authors' own code) is reproduced to 1e-6
(tests/test_swords_scoring.py). Departures, each shown in the signature when it happens:
`undefined-as-0.00` (the original raises ZeroDivisionError; see `measures`),
`unknown-targets-ignored` (the original raises on a target id the dataset lacks; here they are
counted and reported, and a result none of whose ids is known is an error) and
`t-prefix-added` (a target id written without its `t:` prefix is read as the dataset's id
with it, with a note; the original raises on it). A result that lists no target is refused.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import (
    DataFormatError,
    LexsubError,
    NothingToScoreError,
    ResultFormatError,
)
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.swords import UD_POS, read_swords
from lexsub_baselines.inputs.layer import Input, inputs
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.resources.morphy import load_morphy
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.emit import show
from lexsub_baselines.scoring.gold_source import GoldSource, resolve_gold
from lexsub_baselines.scoring.other_protocol import OtherProtocolScorer
from lexsub_baselines.scoring.signature import Signature, scoring_code
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.subsets import refuse_subsets
from lexsub_baselines.scoring.swords.contributions import swords_contributions
from lexsub_baselines.scoring.swords.gold import Lemmatiser, SwordsGold, build_gold
from lexsub_baselines.scoring.swords.measures import (
    ACCEPTABLE,
    CONCEIVABLE,
    prepare_result,
    swords_gap,
    swords_metrics,
)
from lexsub_baselines.scoring.swords.report import SwordsBlock, SwordsReport
from lexsub_baselines.scoring.swords.result import (
    RESULT_FORMAT,
    SwordsResult,
    read_result,
    result_from_mapping,
)
from lexsub_baselines.substitutes.answers import SWORDS_KIND, Answers

__all__ = ["PROFILE", "SwordsScorer"]

#: The profile name: the evaluation of p-lambda/swords at the commit of the v1.1 assets.
PROFILE = "swords-eval-04ca753"
_K = 10

ResultInput = str | Path | SwordsResult | Mapping[str, Any]


#: The benchmark's lemmatiser: NLTK 3.5's, as the authors' pinned environment runs it.
LEMMATISER = "nltk-3.5-morphy"


@lru_cache(maxsize=2)
def _lemmatiser(wordnet: Input, roots: Roots) -> Lemmatiser:
    # the signature names the WordNet read: `wordnet-3.0` for the recorded files, its
    # digest for one's own (`LEXSUB_WORDNET_DIR`): other files give other figures
    morphy = load_morphy(LEMMATISER, wordnet, roots)
    return Lemmatiser(morphy, f"{LEMMATISER}:{morphy.wordnet_label}")


@lru_cache(maxsize=4)
def _gold(data: bytes, where: str, label: str, wordnet: Input, roots: Roots) -> SwordsGold:
    return build_gold(read_swords(data, where), _lemmatiser(wordnet, roots), label)


class SwordsScorer(OtherProtocolScorer):
    """The SWORDS gold of one file, prepared once; scores results against it.

    Arguments:
        gold: `swords-dev`, `swords-test`, a SWORDS `Dataset`, or the path of a SWORDS file.
        profile: None or `swords-eval-04ca753` (the only one).
        mwids, mrsamples: not used by SWORDS (an error when given).
        roots: where the dataset and the WordNet cache are found (default: `resolve_roots()`).
        ids: evaluate only these targets.

    Raises:
        LexsubError: another profile, or SemEval subset files given.
        MissingResourceError: the dataset's file is absent (the message names the upstream).
    """

    PROTOCOL_NAME = "SWORDS"
    OWN_METHODS = "`score`, `result` and `prepared`"

    def __init__(self, gold: Any, profile: Any = None, *, mwids: Path | None = None,
                 mrsamples: Path | None = None, roots: Roots | None = None,
                 ids: Collection[str] | None = None) -> None:
        if profile not in (None, PROFILE):
            raise LexsubError(f"SWORDS is scored with one profile, {PROFILE}, not {profile}")
        refuse_subsets("SWORDS", mwids, mrsamples)
        self._roots = roots or resolve_roots()
        self.swords_source: GoldSource = resolve_gold(gold, self._roots)
        path = self.swords_source.file(False)
        if path is None:
            raise LexsubError("SWORDS gold is read from its file (swords-dev, swords-test or "
                              "a path), not from memory")
        wordnet = inputs(self._roots).wordnet()
        prepared = _gold(read_path(path, self._roots), str(path),
                         self.swords_source.label(False), wordnet, self._roots)
        self.swords_gold = prepared.restricted(frozenset(ids)) if ids is not None else prepared
        self.lemmatise = _lemmatiser(wordnet, self._roots)

    def result(self, system: ResultInput, spelling: Spelling = PYTHON) -> SwordsResult:
        """Return a result read from a file, or taken from a mapping (a result document,
        {target id: [substitutes]}, or {target id: Answers} as `run(...).answers` holds).

        Raises:
            ResultFormatError: (a `ScoreRefusedError`) it is not a SWORDS result.
        """
        if isinstance(system, SwordsResult):
            return system
        try:
            if isinstance(system, Mapping):
                if system and all(isinstance(a, Answers) for a in system.values()):
                    system = {t: list(a.for_kind(SWORDS_KIND)) for t, a in system.items()}
                return result_from_mapping(system)
            return read_result(Path(system), spelling)
        except DataFormatError as error:
            raise ResultFormatError.of(error) from None

    def prepared(self, system: ResultInput) -> dict[str, list[str]]:
        """Return target id -> the result's substitute lemmas as the evaluation sees them."""
        return prepare_result(self.result(system).substitutes, self.swords_gold, self.lemmatise)

    # Takes this protocol's results, as `score` does.
    def contributions(self, system: ResultInput, kind: str = "lsr", *,  # type: ignore[override]
                      universe: Sequence[str] | None = None) -> Contributions:
        """Return each target's contributions to the four F@10 and strict-c P@1, what the
        paired tests resample (`scoring.paired`); ids written without `t:` read with it."""
        result, _ = _with_t_prefix(self.result(system), self.swords_gold.known)
        prepared = prepare_result(result.substitutes, self.swords_gold, self.lemmatise)
        return swords_contributions(self.swords_gold, prepared, tuple(result.substitutes),
                                    result.path, universe)

    def _block(self, name: str, gold: SwordsGold, prepared: Mapping[str, list[str]],
               deviations: tuple[str, ...]) -> SwordsBlock:
        metrics = swords_metrics(gold, prepared, _K)
        gap, weightless, gap_undefined = swords_gap(gold, prepared)
        metrics.values.update(gap)  # evaluate() returns them in the same dictionary
        metrics.undefined.update(gap_undefined)
        if metrics.undefined:
            deviations = ("undefined-as-0.00", *deviations)
        signature = Signature("swords", PROFILE, gold.label, name, len(gold.targets), None,
                              _version(), deviations=deviations,
                              extra=(("lemma", self.lemmatise.name), ("c", f"{CONCEIVABLE:g}"),
                                     ("a", f"{ACCEPTABLE:g}"), ("k", str(_K))),
                              code=scoring_code())
        return SwordsBlock(name, metrics.values, metrics.undefined, gap, weightless, signature)

    # The override returns SWORDS's report, not SemEval's: `Scorer(gold)` hands SWORDS gold to
    # this subclass (as `Path()` gives a `PosixPath`); construct `SwordsScorer` for exact types.
    def score(self, system: ResultInput, kind: str = "lsr", *,  # type: ignore[override]
              by_pos: bool = False, warn: bool = True, spelling: Spelling = PYTHON,
              **ignored: Any) -> SwordsReport:
        """Score a SWORDS result; see the module docstring.

        Arguments:
            system: a `*.lsr.json` path, a parsed result document or {target id: list}.
            kind: `lsr` (the only kind; another is ignored, with a note, as `-t` is).
            by_pos: also score each PoS.
            warn: show the report's messages (`scoring.emit.show`).
            spelling: how the messages name options (`scoring.spelling`).
            ignored: SemEval options (`subsets`, `bounds`, ...) by keyword, which do not
                apply; a note names those set, with their value.

        Raises:
            ResultFormatError: the result is not a SWORDS result (file, target and entry
                named).
            NothingToScoreError: the result lists no target, or none the dataset has.
        """
        ignored = {"kind": kind if kind != "lsr" else None, **ignored}
        result = self.result(system, spelling)
        gold = self.swords_gold
        if not result.substitutes:
            raise NothingToScoreError(f"{result.path}: lists no target: nothing to score; "
                                      f"{RESULT_FORMAT}")
        result, prefixed = _with_t_prefix(result, gold.known)
        unknown = tuple(t for t in result.substitutes if t not in gold.known)
        if len(unknown) == len(result.substitutes):
            raise NothingToScoreError(f"{result.path}: none of its {len(unknown)} target ids is in "
                              f"{gold.label.split('#')[0]} (first: {unknown[0]}): "
                              f"{_id_hint(unknown[0], next(iter(gold.known)))}")
        prepared = prepare_result(result.substitutes, gold, self.lemmatise)
        deviations = (("unknown-targets-ignored",) if unknown else ()) + \
            (("t-prefix-added",) if prefixed else ())
        main = self._block("all", gold, prepared, deviations)
        blocks = tuple(self._block(f"pos:{pos}", part, prepared, deviations)
                       for upos, pos in UD_POS.items() if by_pos and (
                           part := gold.restricted(frozenset(
                               i for i, t in gold.targets.items() if t.upos == upos))).targets)
        notes = [f"{result.path}: {len(unknown)} target ids are not in the dataset and were "
                 f"ignored (first: {unknown[0]}); the original evaluation stops on them"
                 ] if unknown else []
        notes += [f"{result.path}: {prefixed} target ids lack the `t:` prefix of the dataset's "
                  "ids and were read with it (the original evaluation stops on them)"
                  ] if prefixed else []
        notes += [f"{name} is undefined in the original evaluation ({why}); reported as 0.00"
                  for name, why in main.undefined.items()]
        notes += [f"{result.path}: {len(result.unscored)} targets list words without scores "
                  f"(first: {result.unscored[0]}): each is scored minus its place, so the "
                  "list's order ranks it, as the benchmark reads a bare word"
                  ] if result.unscored and result.path != "<memory>" else []
        notes += [self.swords_source.hint] if self.swords_source.hint else []
        notes += [f"{spelling.option(option, value)} does not apply to SWORDS; ignored"
                  for option, value in ignored.items() if value]
        report = SwordsReport(
            result.path, main, blocks, len(gold.targets),
            sum(1 for t in gold.targets if t in result.substitutes),
            sum(1 for t in gold.targets if result.substitutes.get(t)), unknown, tuple(notes),
            result.problems, kept=sum(1 for t in gold.targets if prepared.get(t)))
        if warn:
            show(report.messages)
        return report


def _version() -> str:
    from lexsub_baselines.core.version import __version__

    return __version__


_SWORDS_ID = re.compile(r"t:.*|[0-9a-f]{40}")  # SWORDS's form, its `t:` dropped or not


def _id_hint(first: str, example: str) -> str:
    """Return what to check when no id of a result is the dataset's: another split's ids, or
    ids of another form (`target_1`, numbers) than SWORDS's `t:` + the SHA1 of the target."""
    if _SWORDS_ID.fullmatch(first):
        return "was it made for another split?"
    return (f"SWORDS target ids are `t:` and 40 hex digits (the SHA1 of the target, the keys "
            f"of the dataset's `targets`, e.g. {example}); {first!r} is not of that form: key "
            "the result by the dataset's ids, not by numbers of one's own")


def _with_t_prefix(result: SwordsResult, known: Mapping[str, str]) -> tuple[SwordsResult, int]:
    """Return the result with ids written without `t:` given it (where the dataset has the
    prefixed id and the result does not), and how many were."""
    renamed = {t: f"t:{t}" for t in result.substitutes
               if t not in known and f"t:{t}" in known and f"t:{t}" not in result.substitutes}
    if not renamed:
        return result, 0
    substitutes = {renamed.get(t, t): ranked for t, ranked in result.substitutes.items()}
    return replace(result, substitutes=substitutes), len(renamed)
