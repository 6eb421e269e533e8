"""ParaLS's released outputs as rows: CoInCo's test part under the official scorer, ProLex.

- `released:parals` on `coinco-test` (CoInCo's larger part, 10,027 instances; its gold is our
  CoInCo gold restricted to the part's ids, as ParaLS's `coinco_test.gold` is): the `.best`
  and `.oot` files as released, copied to `results/coinco-test/released-parals.{best,oot}`
  and scored by the official scorer, as every baseline's CoInCo test answers are. The row's
  `released.published` holds what ParaLS's `score.pl` run printed (its score files: best P =
  R 18.19, Mode 40.35; oot 50.33, Mode 76.74; "Total = 10011, attempted = 10010"; "OOT file
  contains duplicates on 29 lines") and which figures differ (none: tested); `own` holds
  P@1 and P@3 of its ranked lists (`_p1.txt`, `_p3.txt`) as its own evaluation computes them
  (`scoring.parals_eval`), beside the figures its score files print.
- `released:parals` on `prolex-dev` and `prolex-test`: the `.oot` (top 10) scored by
  ProLex's `evaluate.py` reproduced (`ProlexScorer`, rows matched by id); `released.route`
  says whether the ProLex authors' own route (their conversion's inner merge, then
  `evaluate.py` by position: `scoring.prolex.route`) gives the same figures for the same
  files (it does, every one, on both: tested).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_path
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_outputs import FieldOutput, field_file, field_output
from lexsub_baselines.datasets.field_parals import (
    read_own_score,
    read_processed,
    read_ranked,
    read_score_pl,
)
from lexsub_baselines.inputs.reads import read_path
from lexsub_baselines.runs.field_common import Row, origin, run_record
from lexsub_baselines.runs.runner import RunRecord, file_stem
from lexsub_baselines.runs.scorers import score_files

__all__ = ["PROLEX_KIND", "own_precision", "parals_rows"]

#: The kind of a ProLex row in scores.json (the protocol's name).
PROLEX_KIND = "prolex"
_FIGURES = (("total", "total"), ("attempted", "attempted"), ("precision", "precision"),
            ("recall", "recall"), ("total_mode", "total_mode"),
            ("attempted_mode", "attempted_mode"), ("mode_precision", "mode_precision"),
            ("mode_recall", "mode_recall"))


def _copy(output: FieldOutput, out: Path, roots: Roots, suffix: str,
          row: FieldOutput | None = None) -> tuple[str, Path]:
    """Copy a released file to `<dataset>/<row's system>.<suffix>` under `out` (the row's:
    `row`, else the file's own); return that place and the file's."""
    source = field_file(output, roots)
    row = row or output
    relative = f"{row.dataset}/{file_stem(row.system)}.{suffix}"
    with atomic_path(out / relative) as temporary:
        shutil.copyfile(source, temporary)
    return relative, source


def own_precision(roots: Roots) -> dict[str, Any]:
    """Return P@1 and P@3 of ParaLS's ranked CoInCo lists as its evaluation computes them,
    each beside the figure and counts its own score file prints."""
    from lexsub_baselines.scoring.parals_eval import parals_gold, parals_precision

    dataset = load_dataset("coinco-test", roots)
    gold = parals_gold(dataset.read("gold"), {i.id for i in dataset.instances()})
    found: dict[str, Any] = {}
    for k in (1, 3):
        ranked = read_ranked(field_file(field_output(f"field-parals-coinco-p{k}"), roots))
        ours = parals_precision(gold, ranked, k)
        theirs = read_own_score(field_file(field_output(f"field-parals-coinco-scores-p{k}"),
                                           roots))
        found[f"P@{k}"] = {"value": ours.value, "gold": ours.gold, "evaluated": ours.evaluated,
                           "ignored": ours.ignored, "published": theirs.value,
                           "published_counts": [theirs.gold, theirs.evaluated, theirs.ignored]}
    return found


def _coinco_rows(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    from lexsub_baselines.scoring import Scorer
    from lexsub_baselines.scoring.parals_eval import oot_duplicate_lines

    best, best_source = _copy(output, out, roots, "best")
    oot, oot_source = _copy(field_output("field-parals-coinco-oot"), out, roots, "oot", output)
    dataset = load_dataset(output.dataset, roots)
    files = [("best", best), ("oot", oot)]
    record = RunRecord(output.dataset, output.system, len(dataset.instances()),
                       len(dataset.instances()), 0.0, tuple(files), out)
    kinds = score_files(record, dataset, roots)
    published: dict[str, Any] = {"source": "its score.pl outputs (ls14.scores.out.embed.0.02."
                                           "best, .oot)", "figures": {}, "differs": []}
    for kind in ("best", "oot"):
        printed = read_score_pl(field_file(field_output(f"field-parals-coinco-scores-{kind}"),
                                           roots))
        published["figures"][kind] = {**{key: getattr(printed, name) for key, name in _FIGURES},
                                      "duplicate_lines": printed.duplicate_lines}
        published["differs"] += [f"{kind} {key}" for key, _ in _FIGURES
                                 if kinds[kind]["all"].get(key) != getattr(printed, key)]
    lines = read_path(oot_source, roots).decode("utf-8").splitlines()
    duplicates = oot_duplicate_lines(lines, set(Scorer(dataset, roots=roots).gold().items))
    if duplicates != published["figures"]["oot"]["duplicate_lines"]:
        published["differs"].append("oot duplicate_lines")
    released = {**origin(output, best_source), "lists": "the .best and .oot files as released",
                "oot": origin(field_output("field-parals-coinco-oot"), oot_source),
                "duplicate_lines": duplicates, "published": published,
                "own": own_precision(roots),
                "summary": f"{len(dataset.instances()):,} instances of CoInCo's test part; "
                           "its gold is our CoInCo gold restricted to the part's ids"}
    answered = kinds["best"]["all"]["attempted"]
    return [(output.dataset, {**run_record(output.dataset, output.system, files, out,
                                           len(dataset.instances()), answered),
                              "released": released},
             {kind: {**row, "released": released} for kind, row in kinds.items()})]


def _prolex_rows(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    from lexsub_baselines.scoring.prolex import ProlexScorer
    from lexsub_baselines.scoring.prolex.route import RouteError, route_metrics

    relative, source = _copy(output, out, roots, "oot")
    scorer = ProlexScorer(output.dataset, roots=roots)
    row = scorer.score(out / relative, warn=False).to_json()
    processed = read_processed(field_file(field_output(f"{output.id}-processed"), roots))
    try:
        route = route_metrics([p.row for p in processed],
                              read_path(source, roots).decode("utf-8").splitlines(), scorer.rows)
        equal = route == row["metrics"]
        how = ("the ProLex authors' route (their conversion's inner merge on the row number, "
               "then evaluate.py by position) gives " + ("the same figures, every one"
                                                         if equal else "other figures"))
    except RouteError as error:
        equal, how = False, f"the ProLex authors' route dies: {error}"
    released = {**origin(output, source), "lists": "the .oot file (top 10) as released",
                "route": {"equal": equal, "how": how},
                "summary": f"{len(scorer.rows)} rows of {output.dataset}, matched by row id"}
    answered = sum(1 for lists in scorer.result(out / relative).lists.values() if lists)
    record = run_record(output.dataset, output.system, [(PROLEX_KIND, relative)], out,
                        len(scorer.rows), answered)
    return [(output.dataset, {**record, "released": released},
             {PROLEX_KIND: {**row, "released": released}})]


def parals_rows(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    """Return the rows of one of ParaLS's released outputs (see the module docstring).

    Raises:
        MissingResourceError: a file or the benchmark's data is absent.
        InputMismatchError: a file is not the one the manifest records.
    """
    if output.kind == "parals":
        return _coinco_rows(output, out, roots)
    return _prolex_rows(output, out, roots)
