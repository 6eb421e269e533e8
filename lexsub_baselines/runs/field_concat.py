"""ConCat's released outputs as rows: ConCat and BERT-dropout on LS07 trial and SWORDS dev.

`released:concat` and `released:bert-dropout` (sebischair/ConCat, `data/results/`), each
row matched to our instances by sentence and target (`datasets.field_concat`):

- on `semeval2007-trial` (its 300 LS07 instances are the trial set's), under the official
  scorer, as our rows there: best = the first substitute, oot = the first ten, each
  lemmatised as WordTune's are (`runs.field_answers`: the SWORDS evaluation's lemmatiser,
  under the target's PoS, lower-cased, the target's own lemma and repeats dropped): the task
  asks for lemmas, ConCat gives word forms (`brighter` -> `clearer`);
- on `swords-dev` (SWORDS v1.1 dev's 370 targets), by the benchmark's evaluation, the word
  forms as given (it lemmatises them), scored −rank (the file has no scores).

Every row of the four files matches, so each released row is on exactly the instances of
our rows on the same dataset, and sits in the same table; the row's `released` block says how
many matched (an instance left unmatched would be scored as unanswered, and said).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_concat import match_rows, read_concat
from lexsub_baselines.datasets.field_outputs import FieldOutput, field_file
from lexsub_baselines.runs.field_answers import LEMMATISER, lemmatised, lemmatiser, under
from lexsub_baselines.runs.field_common import Row, origin, run_record
from lexsub_baselines.runs.runner import RunRecord, file_stem
from lexsub_baselines.runs.scorers import score_files
from lexsub_baselines.substitutes.answers import (
    SWORDS_KIND,
    write_answer_file,
    write_swords_result,
)

__all__ = ["concat_rows"]

_OOT = 10


def concat_rows(output: FieldOutput, out: Path, roots: Roots) -> list[Row]:
    """Return the row of one ConCat results file on its dataset (see the module docstring).

    Raises:
        MissingResourceError: the file, the dataset's data or WordNet is absent.
        InputMismatchError: the file is not the one the manifest records.
        DataFormatError: the file is not a ConCat results CSV.
    """
    source = field_file(output, roots)
    rows = read_concat(source)
    dataset = load_dataset(output.dataset, roots)
    instances = dataset.instances()
    matching = match_rows(rows, instances)
    stem = f"{output.dataset}/{file_stem(output.system)}"
    by_id = {i.id: i for i in instances}
    if dataset.spec.format == "swords":
        relative = f"{stem}.{SWORDS_KIND}.json"
        write_swords_result(out / relative, (
            (i.id, tuple((word, float(-rank)) for rank, word in enumerate(
                matching.pairs[i.id].substitutes[:_OOT])) if i.id in matching.pairs else ())
            for i in instances), output.system, lemmatized=False)
        files = [(SWORDS_KIND, relative)]
        how = "ConCat's word forms, best first, scored -rank (the evaluation lemmatises)"
    else:
        lemmatise = lemmatiser(roots)
        lists = {i: [w for w, _ in lemmatised(tuple((s, 0.0) for s in row.substitutes),
                                              by_id[i].lemma, under(lemmatise, by_id[i].pos))]
                 for i, row in matching.pairs.items()}
        files = []
        for kind, size in (("best", 1), ("oot", _OOT)):
            relative = f"{stem}.{kind}"
            write_answer_file(out / relative, kind, ((by_id[i].lexelt, i, words[:size])
                                                     for i, words in lists.items()))
            files.append((kind, relative))
        how = (f"ConCat's list lemmatised ({LEMMATISER}, WordNet 3.0, the target's PoS), "
               "lower-cased, the target's own lemma and repeats dropped; best = the first, "
               "oot = the first ten")
    answered = sum(1 for row in matching.pairs.values() if row.substitutes)
    record = RunRecord(output.dataset, output.system, len(instances), answered, 0.0,
                       tuple(files), out)
    matched = len(matching.pairs)
    beside = ("every row of ours on it is on these same instances" if matched == len(instances)
              else f"our rows are on all {len(instances):,}; the {len(instances) - matched:,} "
                   "unmatched count as unanswered here")
    released: dict[str, Any] = {
        **origin(output, source), "lists": how, "matched": matched,
        "instances": len(instances), "targets": matching.rows,
        "unmatched": {"its sentence and target are no instance of ours":
                      len(matching.unmatched)} if matching.unmatched else {},
        "summary": f"{matched:,} of {len(instances):,} instances of {output.dataset} matched "
                   f"by sentence and target among {matching.rows:,} released rows; {beside}"}
    kinds = {kind: {**row, "released": released}
             for kind, row in score_files(record, dataset, roots).items()}
    return [(output.dataset, {**run_record(output.dataset, output.system, files, out,
                                           len(instances), answered), "released": released},
             kinds)]
