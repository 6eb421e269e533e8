"""`LexSubGenScorer`: LS07 and CoInCo scored as LexSubGen (Arefyev et al. 2020) scores them.

`Scorer("coinco-all", "lexsubgen")`, `Scorer("semeval2007-all")` or `Scorer(folder)` (a
folder holding LexSubGen's files gold, sentences and candidates) gives a `LexSubGenScorer`:
the data is read once (`data.read_lexsubgen_data`), then results are scored against it with
LexSubGen's metrics (`metrics`), averaged as `LexSubEvaluation.get_metrics` averages them (a
plain mean over the instances whose value is not None), in percent, under LexSubGen's names.
Every system case of `lexsubgen-vectors` is reproduced to 1e-6 (tests/test_lexsubgen_scoring.py).

Under `lexsubgen`, what LexSubGen raises on is refused with one line naming the first
instance (in the sentences' order) that fails: a list shorter than k, or an instance the
result lacks (LexSubGen's generator predicts every instance). `only_listed=True` scores just
the instances the result lists (LexSubGen run on a subset of the dataset, as the CoInCo
vectors are); the signature says `subset:listed`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
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
from lexsub_baselines.datasets.lexsubgen import (
    LEXSUBGEN_DATA,
    LexSubGenFiles,
    is_lexsubgen_folder,
)
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.emit import show
from lexsub_baselines.scoring.lexsubgen.contributions import lexsubgen_contributions
from lexsub_baselines.scoring.lexsubgen.data import (
    LexSubGenData,
    lexsubgen_data,
    read_lexsubgen_data,
)
from lexsub_baselines.scoring.lexsubgen.metrics import (
    K_LIST,
    ShortListError,
    instance_gaps,
    topk_metrics,
)
from lexsub_baselines.scoring.lexsubgen.oddities import oddity_notes
from lexsub_baselines.scoring.lexsubgen.profiles import LSG_PROFILES, LsgProfile
from lexsub_baselines.scoring.lexsubgen.report import METRICS, LsgReport
from lexsub_baselines.scoring.lexsubgen.result import (
    LsgPrediction,
    LsgResult,
    read_lsg_result,
    result_from_mapping,
)
from lexsub_baselines.scoring.other_protocol import OtherProtocolScorer
from lexsub_baselines.scoring.signature import Signature, scoring_code
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.scoring.subsets import refuse_subsets

__all__ = ["PROTOCOL", "LexSubGenScorer", "accepts_lexsubgen_data"]

#: The protocol's name in signatures and on the command line.
PROTOCOL = "lexsubgen"

ResultInput = str | Path | LsgResult | Mapping[str, Any]
_EMPTY = LsgPrediction((), {})


def accepts_lexsubgen_data(gold: object, roots: Roots | None = None) -> bool:
    """Return True for `semeval2007-all`, a folder of LexSubGen's files, or their files."""
    if isinstance(gold, LexSubGenFiles):
        return True
    if not isinstance(gold, str | Path):
        return False
    return str(gold) == "semeval2007-all" or is_lexsubgen_folder(Path(gold))


class LexSubGenScorer(OtherProtocolScorer):
    """LexSubGen's data of one dataset, read once; scores results under its protocol.

    Arguments:
        gold: `semeval2007-all`, `coinco-all`, a folder of LexSubGen's three files, a
            `LexSubGenFiles`, or `LexSubGenData` already read (taken as it is: the runs of
            `lexsub baselines` read each dataset's once, `runs.scorers.LexSubGenGolds`).
        profile: `lexsubgen` (default) or a variant in `LSG_PROFILES`.
        mwids, mrsamples: SemEval-2007 subset files (an error when given).
        roots: where dataset names are looked up (default: `resolve_roots()`).
        ids: score only these instances.
    """

    PROTOCOL_NAME = "LexSubGen"

    def __init__(self, gold: Any, profile: Any = None, *, mwids: Path | None = None,
                 mrsamples: Path | None = None, roots: Roots | None = None,
                 ids: Collection[str] | None = None) -> None:
        refuse_subsets("LexSubGen's protocol", mwids, mrsamples)
        chosen = profile if profile is not None else PROTOCOL
        self.lsg_profile: LsgProfile = (chosen if isinstance(chosen, LsgProfile)
                                        else LSG_PROFILES.get(str(chosen)))
        self._roots = roots or resolve_roots()
        if isinstance(gold, LexSubGenData):
            data = gold
        elif isinstance(gold, LexSubGenFiles):
            data = read_lexsubgen_data(gold)
        else:
            name = str(gold)
            if name not in LEXSUBGEN_DATA and not Path(name).is_dir():
                raise LexsubError(f"LexSubGen's protocol scores {', '.join(LEXSUBGEN_DATA)} or "
                                  "a folder holding LexSubGen's files gold, sentences and "
                                  f"candidates, not {name!r}")
            data = lexsubgen_data(name, self._roots)
        if ids is not None:
            keep = frozenset(ids)
            data = LexSubGenData(data.name, tuple(i for i in data.instances if i.id in keep),
                                 data.without_gold, data.digest, data.log)
        self.data = data

    def result(self, system: ResultInput) -> LsgResult:
        """Return a result read from a file or taken from a mapping.

        Raises:
            ResultFormatError: (a `ScoreRefusedError`) it is not in the format.
        """
        if isinstance(system, LsgResult):
            return system
        try:
            if isinstance(system, Mapping):
                return result_from_mapping(system)
            return read_lsg_result(Path(system))
        except DataFormatError as error:
            raise ResultFormatError.of(error) from None

    # Takes this protocol's results, as `score` does.
    def contributions(self, system: ResultInput, kind: str = PROTOCOL, *,  # type: ignore[override]
                      universe: Sequence[str] | None = None, only_listed: bool = False,
                      pool: ResultInput | None = None, pad: bool | None = None
                      ) -> Contributions:
        """Return each instance's contributions to GAP, P@1, P@3 and R@10, what the paired
        tests resample (`scoring.paired`): on `universe` (ids) when given, else the instances
        `score` scores; `pool`, a file ranking the pools for GAP (a `+fill` row's); `pad`
        (default: the profile's) reads missing instances and short lists as unanswered."""
        result = self.result(system)
        if universe is not None:
            by_id = {instance.id: instance for instance in self.data.instances}
            instances = tuple(by_id[i] for i in universe if i in by_id)
        elif only_listed:
            instances = tuple(i for i in self.data.instances if i.id in result.predictions)
        else:
            instances = self.data.instances
        return lexsubgen_contributions(
            instances, result.predictions, result.path,
            self.lsg_profile.pad_short if pad is None else pad,
            None if pool is None else self.result(pool).predictions)

    # The override returns this protocol's report (as SwordsScorer does).
    def score(self, system: ResultInput, kind: str = PROTOCOL, *,  # type: ignore[override]
              only_listed: bool = False, warn: bool = True, spelling: Spelling = PYTHON,
              **ignored: Any) -> LsgReport:
        """Score a result under LexSubGen's protocol.

        Arguments:
            system: a result file, a parsed result, or an `LsgResult`.
            kind: `lexsubgen` (another is ignored, with a note, as `-t` is).
            only_listed: score only the instances the result lists.
            warn: show the report's messages (`scoring.emit.show`).
            spelling: how the messages name options (`scoring.spelling`).
            ignored: SemEval options by keyword, which do not apply (a note names those set).

        Raises:
            ResultFormatError: the result is not in the format.
            NothingToScoreError: it lists none of the dataset's instances.
            ScoreRefusedError: under `lexsubgen`, an instance LexSubGen would stop on (the
                first one named: a list shorter than k, or an instance the result lacks).
        """
        ignored = {"kind": kind if kind != PROTOCOL else None, **ignored}
        result = self.result(system)
        predictions = result.predictions
        known = {i.id for i in self.data.instances}
        listed = [i for i in self.data.instances if i.id in predictions]
        if not listed:
            first = next(iter(predictions))
            bare = first.rpartition(" ")[2]
            why = (f"its ids are written `lexelt id`, and the dataset's ids are bare: key the "
                   f"result by the instance id alone (`{bare}`, not `{first}`)"
                   if " " in first.strip() and bare in known else
                   "was it made for another dataset?")
            raise NothingToScoreError(f"{result.path}: none of its {len(predictions)} instance "
                                      f"ids is in {self.data.name} (first: {first}): {why}")
        instances = listed if only_listed else self.data.instances
        pad = self.lsg_profile.pad_short
        values: dict[str, list[float]] = {name: [] for name in METRICS}
        missing = 0
        for instance in instances:
            prediction = predictions.get(instance.id)
            if prediction is None:
                if not pad:
                    raise ScoreRefusedError(
                        f"{result.path}: instance {instance.id} ({instance.key}) is not in the "
                        f"result; LexSubGen's evaluation predicts all {len(instances)} "
                        "instances (score only the listed ones with "
                        f"{spelling.option('only_listed')}, or use "
                        f"{spelling.option('profile', 'lexsubgen-padded')}, which reads it as "
                        "an empty list)")
                missing += 1
                prediction = _EMPTY
            try:
                topk = topk_metrics(instance.gold, prediction.words, K_LIST, pad)
            except ShortListError as error:
                raise ScoreRefusedError(
                    f"{result.path}: instance {instance.id} ({instance.key}) lists "
                    f"{error.n} substitutes; LexSubGen's evaluation stops on it ({error}): give "
                    f"at least {max(K_LIST)} per instance, or use "
                    f"{spelling.option('profile', 'lexsubgen-padded')} (short lists padded "
                    "with wrong guesses)") from None
            plain, normalized = instance_gaps(instance.gold_map, instance.word_gold_map,
                                              instance.candidates, instance.word_candidates,
                                              prediction.scores)
            if plain is not None:
                values["gap"].append(plain)
            if normalized is not None:
                values["gap_normalized"].append(normalized)
            for name, value in topk.items():
                values[name].append(value)
        metrics = {name: 100 * sum(vals) / len(vals) if vals else None
                   for name, vals in values.items()}
        counts = {name: len(vals) for name, vals in values.items()}
        unknown = [i for i in predictions if i not in known
                   and i not in self.data.without_gold]
        deviations = self.lsg_profile.deviations
        signature = Signature(
            PROTOCOL, self.lsg_profile.name, self.data.label,
            "listed" if only_listed else "all", len(instances), None, _version(),
            deviations=deviations, extra=(("k", ",".join(map(str, K_LIST))),),
            code=scoring_code())
        notes = [f"{result.path}: {len(unknown)} instance ids are not in {self.data.name} and "
                 f"were ignored (first: {unknown[0]})"] if unknown else []
        notes += [f"{missing} instances are not in the result and were scored as empty lists"
                  ] if missing else []
        notes += oddity_notes(result.path, predictions, {i.id for i in instances})
        notes += [f"{spelling.option(option, value)} does not apply to LexSubGen's protocol; "
                  "ignored" for option, value in ignored.items() if value]
        report = LsgReport(result.path, metrics, counts, len(instances),
                           len(self.data.instances), signature, tuple(notes))
        if warn:
            show(report.messages)
        return report


def _version() -> str:
    from lexsub_baselines.core.version import __version__

    return __version__
