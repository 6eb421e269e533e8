"""Which of our rows differ significantly from the best of ours, per dataset and figure.

`make baselines` writes `tables.md` with these marks (`runs.store.write_record` calls
`significance_marks`; `tables.significance` draws them). For each dataset and each kind of
row (SemEval-2007 best and oot: P, R, Mode P, Mode R; SWORDS: the four F@10 and
strict-conceivable P@1; LexSubGen's protocol: GAP, P@1, P@3, R@10, a `+fill` row's GAP from
its pool file; TSAR-2022: its ten figures; ProLex: P, R, F1 at 10, 5, 3, 1 of both aspects),
the row of ours with the highest figure is the
best, and every other row is tested against it on the same instances with the scorer's
approximate randomisation (`scoring.significance`; two-sided, 1,000 resamples, seed 0): a
figure with p < 0.05 is marked. The answer files are the ones the run's `runs.json` records,
read only while their content is what it vouches for (its sha256); a row without such a file
is not tested (nor marked). Rows are read the way their figures were made: LexSubGen's under
`lexsubgen-padded`, which gives every row's figure (a row whose lists all hold 10 scores the
same under both profiles).

The outcome of each dataset and kind is kept in the cache folder (`Roots.cache`,
`significance/`), keyed by its rows' names and file digests, the code (the scorers' and this
module's) and the test's settings: a warm `make baselines`, whose files are byte-identical,
reads it back instead of testing again (about 2–3 minutes of reading and testing in all,
CoInCo's 48 rows most of it).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import file_sha256, kept
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
from lexsub_baselines.scoring.prolex import ProlexScorer
from lexsub_baselines.scoring.scorer import Scorer
from lexsub_baselines.scoring.significance import LEVEL, RESAMPLES, PairedTest, paired_test
from lexsub_baselines.scoring.swords import SwordsScorer
from lexsub_baselines.scoring.tsar import TsarScorer
from lexsub_baselines.tables.released import is_released
from lexsub_baselines.tables.significance import SignificanceMarks

__all__ = ["KINDS", "significance_marks"]

#: The kinds of row tested, in order (`mw` has one row, ours, and no sums over items).
KINDS: tuple[str, ...] = ("best", "oot", "lsr", "lexsubgen", "tsar2022", "prolex")
_POOL = "pool"


def _vouched_files(out: Path, record: Mapping[str, Any]) -> dict[str, tuple[Path, str]]:
    """Return kind -> (the record's answer file, its sha256), for those whose content is what
    the record vouches for."""
    files, digests = record.get("files"), record.get("sha256")
    if not isinstance(files, Mapping) or not isinstance(digests, Mapping):
        return {}
    found = {}
    for kind, relative in files.items():
        path = out / str(relative)
        if path.is_file() and digests.get(kind) == file_sha256(path):
            found[str(kind)] = (path, str(digests[kind]))
    return found


def _scorer(dataset: str, kind: str, roots: Roots) -> Scorer:
    if kind == "lexsubgen":
        return LexSubGenScorer(dataset, "lexsubgen-padded", roots=roots)
    if kind == "lsr":
        return SwordsScorer(dataset, roots=roots)
    if kind == "tsar2022":
        return TsarScorer(dataset, roots=roots)
    if kind == "prolex":
        return ProlexScorer(dataset, roots=roots)
    return Scorer(dataset, roots=roots)


def _contributions(scorer: Scorer, kind: str, files: Mapping[str, Path],
                   universe: tuple[str, ...] | None) -> Contributions:
    path = files[kind]
    if isinstance(scorer, LexSubGenScorer):
        return scorer.contributions(path, universe=universe, pool=files.get(_POOL), pad=True)
    if isinstance(scorer, SwordsScorer | TsarScorer | ProlexScorer):
        return scorer.contributions(path, universe=universe)
    return scorer.contributions(path, kind)


#: One dataset and kind's outcome: the differing (system, measure), measure -> best system.
Outcome = tuple[list[tuple[str, str]], dict[str, str]]


def _test_rows(dataset: str, kind: str, files: Mapping[str, Mapping[str, Path]], roots: Roots,
               resamples: int, seed: int, level: float) -> Outcome:
    """Test every row of `files` (system -> kind -> file) against the best on each figure."""
    try:
        scorer = _scorer(dataset, kind, roots)
    except LexsubError:
        return [], {}  # the data is not here (the rows' figures came from elsewhere)
    rows: dict[str, Contributions] = {}
    universe: tuple[str, ...] | None = None  # the first row's instances (a TSAR file's own)
    for system, kinds in files.items():
        try:
            rows[system] = _contributions(scorer, kind, kinds, universe)
        except LexsubError:
            continue  # a file the scorer refuses has no figure in the tables either
        universe = universe or rows[system].ids
    if len(rows) < 2:
        return [], {}
    figures = {system: c.figures() for system, c in rows.items()}
    tests: dict[tuple[str, str], PairedTest] = {}
    differ: list[tuple[str, str]] = []
    best: dict[str, str] = {}
    for measure in next(iter(rows.values())).statistic.measures:
        top = best[measure] = max(rows, key=lambda system: figures[system][measure])
        for system in rows:
            if system != top and (top, system) not in tests:
                tests[(top, system)] = paired_test(rows[top], rows[system], resamples, seed,
                                                   interval=False)
            if system != top and tests[(top, system)].measure(measure).p < level:
                differ.append((system, measure))
    return differ, best


def significance_marks(out: Path, scores: Mapping[str, Any], runs: RunsFile, roots: Roots,
                       resamples: int = RESAMPLES, seed: int = 0, level: float = LEVEL
                       ) -> SignificanceMarks:
    """Return the marks of the rows of `scores` (`scores.json` data) whose figures differ
    significantly from the best of ours on their dataset, from the files `runs` records
    under `out`.

    Arguments:
        out: the results folder (the records' paths are relative to it).
        scores: dataset -> system -> kind -> the scores (which rows there are).
        runs: the record that vouches for the rows' answer files.
        roots: where the datasets' gold is read, and the outcomes kept (`cache`).
        resamples: trials of each test.
        seed: their seed.
        level: p below which a figure is marked.
    """
    differ: set[tuple[str, str, str, str]] = set()
    best: dict[tuple[str, str, str], str] = {}
    for dataset, systems in scores.items():
        records = runs.runs.get(dataset, {})
        vouched = {system: _vouched_files(out, records.get(system, {})) for system in systems
                   if system in records and not is_released(system)}  # ours only
        for kind in KINDS:
            files = {system: {k: path for k, (path, _) in found.items()}
                     for system, found in vouched.items() if kind in found}
            if len(files) < 2:
                continue
            key = computation_key(
                None, "significance", code=(__name__,), dataset=dataset, row_kind=kind,
                resamples=resamples, seed=seed, level=level,
                rows=[[system, {k: vouched[system][k][1] for k in (kind, _POOL)
                                if k in vouched[system]}] for system in files])
            found, tops = kept(roots.cache / "significance" / f"{key}.json",
                               partial(_test_rows, dataset, kind, files, roots, resamples,
                                       seed, level))
            differ.update((dataset, kind, str(system), str(measure)) for system, measure in found)
            best.update({(dataset, kind, measure): top for measure, top in tops.items()})
    return SignificanceMarks(frozenset(differ), best, resamples, seed, level)
