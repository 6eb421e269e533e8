"""The field's released outputs, rescored by our scorers: rows beside our baselines'.

`record_field_rows` (called once by `lexsub baselines`) makes one row per released output
(`datasets.field_outputs`) and benchmark, named `released:wordtune`, `released:unihd-1`,
`released:unihd-3`, each scored on its benchmark's protocol by the scorer our rows use:

- UniHD's TSAR-2022 files (`tsar2022-{en,es,pt}-test`): the predictions as released, copied
  to `results/<dataset>/released-unihd-N.tsv`, scored by `tsar_eval.py` reproduced; each row
  holds the published figures it is set beside: the official ranking's for the English runs
  (file 1 = official run 1, file 3 = run 2, the task's winner), the authors' own
  `tsar_eval.py` output for the Spanish and Portuguese file 3 (made after the deadline).
- WordTune (`runs.field_answers`) on SWORDS test (the benchmark's evaluation), SemEval-2007
  test (the official scorer, best = its first substitute, oot = its first ten), LS07's test
  part under LexSubGen's protocol (`semeval2007-all` scored on ids 301-2010, the instances
  WordTune answers: the published LexSubGen rows are on all of LS07, so the row sits in the
  test-part table beside ours, not in their ranking) and CoInCo's test split under
  LexSubGen's protocol (`coinco-all` scored on the 5,388 instances matched, Melamud et al.'s
  `coinco_dev` file: not LexSubGen's 15,415-instance CoInCo, so not ranked with it). Lists
  shorter than 10 are scored under `lexsubgen-padded`, as ours are.

Every row's `released` block says where the file comes from (repository, commit, path, its
sha256), how many instances it answers and why the rest are not, and the published figures;
runs.json records the answer files as for any row. Rows whose file is absent are left out
with one note naming `lexsub fetch field`. Each output's files and rows are a kept result, as
a unit's are (`runs.result_cache`: keyed by the output and the run's settings, served while
the trace of what made them holds): a warm run rescores nothing.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_path, atomic_write_text
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_outputs import (
    FETCH_GROUP,
    FIELD_OUTPUTS,
    FieldOutput,
    field_file,
    field_output,
    read_tsar_eval,
)
from lexsub_baselines.inputs.code_identity import closure
from lexsub_baselines.inputs.trace import record as trace_of
from lexsub_baselines.runs.field_answers import ReleasedLists, wordtune_answers
from lexsub_baselines.runs.field_common import Row, origin, run_record
from lexsub_baselines.runs.field_concat import concat_rows
from lexsub_baselines.runs.field_parals import parals_rows
from lexsub_baselines.runs.lexsubgen_runs import write_lexsubgen_result
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.runs.result_cache import (
    UNIT_FILE,
    AnswersEntry,
    answers_key,
    copy_answers,
    find_answers,
    staging,
    store_answers,
)
from lexsub_baselines.runs.row_kinds import KIND as LSG_KIND
from lexsub_baselines.runs.runner import RunRecord, file_stem, merge
from lexsub_baselines.runs.scorers import LexSubGenGolds, score_files, tsar_field
from lexsub_baselines.runs.unit_scores import OUT, moved, placed
from lexsub_baselines.substitutes.answers import (
    SWORDS_KIND,
    TSAR_KIND,
    write_answer_file,
    write_swords_result,
)

__all__ = ["PARTS", "kept_rows", "record_field_rows", "released_rows"]

#: The LexSubGen-protocol dataset each WordTune file is scored on, and the part it answers.
PARTS: dict[str, tuple[str, str]] = {
    "semeval2007-test": ("semeval2007-all", "LS07's test part (ids 301-2010)"),
    "coinco-all": ("coinco-all", "CoInCo's test split (Melamud et al.'s coinco_dev file)"),
}
_OOT = 10


def _published(output: FieldOutput, roots: Roots) -> dict[str, Any] | None:
    """Return the published figures a TSAR row is set beside (None when there are none)."""
    if not output.published:
        return None
    if output.published.startswith("field-"):  # the authors' own tsar_eval.py output
        source = field_output(output.published)
        return {"source": f"the authors' {source.upstream} ({output.repository.name})",
                "figures": read_tsar_eval(field_file(source, roots))}
    runs = tsar_field(roots, [output.dataset]).get(output.dataset, ())
    run = next((r for r in runs if r.label == output.published), None)
    if run is None:
        return None
    return {"source": f"the official ranking, {run.label} (results/official/"
                      f"TSAR2022_test_results_{output.dataset.split('-')[1]}.csv)",
            "figures": dict(run.figures)}


def _tsar_row(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    from lexsub_baselines.scoring.tsar import TsarScorer, read_predictions

    source = field_file(output, roots)
    relative = f"{output.dataset}/{file_stem(output.system)}.tsv"
    with atomic_path(out / relative) as temporary:
        shutil.copyfile(source, temporary)
    dataset = load_dataset(output.dataset, roots)
    predictions = read_predictions(out / relative, relative)
    row = TsarScorer(dataset).score(predictions, warn=False).to_json()
    released = {**origin(output, source), "lists": "the predictions file as released"}
    if (published := _published(output, roots)) is not None:
        published["differs"] = [m for m, value in published["figures"].items()
                                if row["metrics"].get(m) != value]
        released["published"] = published
    total = len(dataset.instances())
    answered = sum(1 for prediction in predictions.by_key.values() if prediction.labels)
    record = run_record(output.dataset, output.system, [(TSAR_KIND, relative)], out, total,
                     answered)
    return [(output.dataset, {**record, "released": released},
             {TSAR_KIND: {**row, "released": released}})]


def _part_name(lists: ReleasedLists, roots: Roots) -> str:
    """Return the dataset whose instances are exactly those `lists` answers (`coinco-dev`
    for CoInCo's test split), or `matched` when none is."""
    ids = set(lists.lists)
    for name in (lists.dataset, "semeval2007-test", "coinco-dev", "coinco-test"):
        data = load_dataset(name, roots)
        if data.has("instances") and ids == {i.id for i in data.instances()}:
            return name
    return "matched"


def _lexsubgen_row(output: FieldOutput, lists: ReleasedLists, out: Path, roots: Roots,
                   released: dict[str, Any]) -> Row:
    """Score WordTune's lists of one part under LexSubGen's protocol (see `PARTS`)."""
    dataset, what = PARTS[output.dataset]
    relative = f"{dataset}/{file_stem(output.system)}.{LSG_KIND}.json"
    write_lexsubgen_result(out / relative, (
        (i, [[word, score] for word, score in ranked]) for i, ranked in lists.lists.items()))
    short = any(len(ranked) < _OOT for ranked in lists.lists.values())
    profile = "lexsubgen-padded" if short else "lexsubgen"
    scorer = LexSubGenGolds(roots).scorer(dataset, profile, list(lists.lists))
    row = scorer.score(out / relative, warn=False).to_json()
    part = {"part": _part_name(lists, roots), "what": what,
            "instances": row.get("instances_scored"), "metrics": row["metrics"],
            "counts": row.get("counts", {}), "signature": row.get("signature")}
    row = {**row, "part": part, "released": released}
    if dataset == "semeval2007-all":  # beside our rows' own test-part figures
        row["test_part"] = part
    answered = sum(1 for ranked in lists.lists.values() if ranked)
    record = run_record(dataset, output.system, [(LSG_KIND, relative)], out, len(lists.lists),
                     answered)
    return dataset, {**record, "released": released}, {LSG_KIND: row}


def _wordtune_rows(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    lists = wordtune_answers(output, roots)
    released = {**origin(output, field_file(output, roots)), "lists": lists.how,
                "matched": len(lists.lists), "instances": lists.instances,
                "targets": lists.targets, "unanswered": lists.unanswered,
                "unmatched": dict(lists.unmatched), "summary": lists.summary()}
    dataset = load_dataset(output.dataset, roots)
    stem = f"{output.dataset}/{file_stem(output.system)}"
    answered = sum(1 for ranked in lists.lists.values() if ranked)
    if dataset.spec.format == "swords":
        relative = f"{stem}.{SWORDS_KIND}.json"
        write_swords_result(out / relative, ((i.id, lists.lists.get(i.id, ()))
                                             for i in dataset.instances()), output.system,
                            lemmatized=False)
        files = [(SWORDS_KIND, relative)]
    elif output.dataset in PARTS and dataset.spec.format == "coinco":
        return [_lexsubgen_row(output, lists, out, roots, released)]
    else:
        lexelts = {i.id: i.lexelt for i in dataset.instances()}
        files = []
        for kind, size in (("best", 1), ("oot", _OOT)):
            relative = f"{stem}.{kind}"
            write_answer_file(out / relative, kind, (
                (lexelts[i], i, [word for word, _ in ranked[:size]])
                for i, ranked in lists.lists.items()))
            files.append((kind, relative))
    record = RunRecord(output.dataset, output.system, lists.instances, answered, 0.0,
                       tuple(files), out)
    kinds = {kind: {**row, "released": released}
             for kind, row in score_files(record, dataset, roots).items()}
    made = [(output.dataset, {**run_record(output.dataset, output.system, files, out,
                                        lists.instances, answered), "released": released},
             kinds)]
    if output.dataset in PARTS:
        made.append(_lexsubgen_row(output, lists, out, roots, released))
    return made


def released_rows(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    """Return the rows one released output makes, its answer files written under `out`.

    Raises:
        MissingResourceError: the file (or the benchmark's data, or WordNet) is absent.
        InputMismatchError: the file is not the one the manifest records.
    """
    if output.kind == "tsar":
        return _tsar_row(output, out, roots)
    if output.kind in ("parals", "parals-prolex"):
        return parals_rows(output, out, roots)
    if output.kind == "concat":
        return concat_rows(output, out, roots)
    return _wordtune_rows(output, out, roots)


def kept_rows(output: FieldOutput, out: Path, roots: Roots, settings: Mapping[str, str]
              ) -> tuple[list[Row], bool]:
    """Return the rows of one released output and whether they came from the results cache
    (else they are made now, and kept); its files are copied into `out` either way."""
    key = answers_key(output.system, {"released": output.id}, settings)
    entry, _ = find_answers(roots, key)
    cached = entry is not None
    if entry is None:
        entry = _made(output, roots, key, out)
    copy_answers(entry, out)
    return [(row["dataset"], row["record"], placed(row["kinds"], out))
            for row in entry.unit["rows"]], cached


def _made(output: FieldOutput, roots: Roots, key: str, out: Path) -> AnswersEntry:
    work = staging(roots.cache, key)
    try:
        rows = [{"dataset": dataset, "system": output.system, "record": record,
                 "kinds": moved(kinds, f"{work}/", OUT)}
                for dataset, record, kinds in released_rows(output, work, roots)]
        atomic_write_text(work / UNIT_FILE, json.dumps({"rows": rows}, sort_keys=True) + "\n")
        return store_answers(roots.cache, key, work,
                             trace_of(roots, closure(__name__), outputs=[work, out]))
    finally:
        shutil.rmtree(work, ignore_errors=True)  # gone already when installed


def record_field_rows(out: Path, roots: Roots, scores: dict[str, Any], runs: RunsFile,
                      settings: tuple[str, Mapping[str, str]]) -> list[str]:
    """Rescore every released output present and record its rows in `scores` and `runs`
    (under the run's settings); return the outputs left out, each with why (also said on
    standard error, in one line for those not fetched)."""
    current, recorded = settings
    absent: list[str] = []
    left_out: list[str] = []
    for output in (o for o in FIELD_OUTPUTS if o.system):
        try:
            made, cached = kept_rows(output, out, roots, recorded)
        except MissingResourceError as error:
            (absent if output.path in str(error.path) else left_out).append(
                f"{output.system} on {output.dataset}: {error}")
            continue
        for dataset, record, kinds in made:
            runs.add(dataset, output.system, record, current, dict(recorded))
            merge(scores, dataset, output.system,
                  {kind: {**row, "settings": current} for kind, row in kinds.items()})
            if not cached:
                print(f"lexsub: {output.system} on {dataset}: released output, rescored "
                      f"({record['answered']}/{record['instances']} answered)",
                      file=sys.stderr)
    if absent:
        print(f"lexsub: note: {len(absent)} released outputs of the field not in place, their "
              f"rows not made: `lexsub fetch {FETCH_GROUP}` gets them", file=sys.stderr)
    for line in left_out:
        print(f"lexsub: note: not rescored: {line}", file=sys.stderr)
    return absent + left_out
