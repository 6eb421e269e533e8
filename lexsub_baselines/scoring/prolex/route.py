"""ProLex's own route from a ParaLS answer file to its figures, reproduced to check ours by.

The ProLex authors score ParaLS (`baselines/ParaLS_results/transform_dataset.py`,
`parals_output_to_prolex`, then `evaluate.py`) by:
1. reading `processed.tsv` (ParaLS's input: `word.POS<TAB>row<TAB>index<TAB>tokens`) and the
   `.oot` file split on single spaces into `target_word instance sep subs`;
2. an inner merge of the two on the row number (`instance`), in `processed.tsv`'s order: a
   row the `.oot` lacks disappears, a row it repeats is doubled;
3. `Substitutes` = the answers with `;` replaced by `", "`;
4. `evaluate.py` then pairs the n-th converted row with the n-th benchmark row
   (`pred_df.iloc[i]`), splits `Substitutes` on `", "`, and runs `calculate_metrics`.

`route_metrics` follows those steps (our code; none of theirs) and returns the figures, or
says why the route dies (fewer converted rows than the benchmark's: `iloc` raises; a line that
does not split into four fields: pandas raises). When every row is there once and in order,
its figures are `ProlexScorer`'s (tested on ParaLS's dev and test files); a missing row
shifts the rest onto other rows' gold, which `ProlexScorer` refuses instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lexsub_baselines.datasets.prolex import ProlexRow
from lexsub_baselines.scoring.prolex.evaluation import CUTS, SEPARATOR, calculate_metrics
from lexsub_baselines.scoring.prolex.report import ASPECT_NAMES

__all__ = ["RouteError", "route_metrics"]


class RouteError(ValueError):
    """The ProLex authors' route dies on these files (the message says where)."""


def _converted(processed_rows: Sequence[int], oot_lines: Sequence[str]) -> list[str]:
    """Return the `Substitutes` cells of the merged table, in its order."""
    by_row: dict[int, list[str]] = {}
    for number, line in enumerate(oot_lines, start=1):
        if not line.strip():
            continue  # pandas skips blank lines
        fields = line.split(" ")
        if len(fields) != 4:  # pd.read_csv(sep=' ', names=[4 columns])
            raise RouteError(f"oot line {number} splits into {len(fields)} fields, not 4")
        by_row.setdefault(int(fields[1]), []).append(fields[3])
    cells = []
    for row in processed_rows:  # merge(how='inner'): left order, each match in turn
        cells += [subs.replace(";", SEPARATOR) for subs in by_row.get(row, [])]
    return cells


def route_metrics(processed_rows: Sequence[int], oot_lines: Sequence[str],
                  rows: Mapping[str, ProlexRow]) -> dict[str, dict[str, float]]:
    """Return aspect -> figure (`P@10`, ...) as the authors' conversion and `evaluate.py`
    give them for `processed.tsv`'s row numbers (in order) and the `.oot` file's lines.

    Raises:
        RouteError: where the route dies.
    """
    cells = _converted(processed_rows, oot_lines)
    benchmark = list(rows.values())
    if len(cells) < len(benchmark):
        raise RouteError(f"{len(cells)} converted rows for {len(benchmark)} benchmark rows: "
                         "evaluate.py's pred_df.iloc raises IndexError")
    preds = [cell.split(SEPARATOR) for cell in cells[:len(benchmark)]]  # by position
    figures: dict[str, dict[str, float]] = {}
    for aspect in ASPECT_NAMES:
        labels = [row.aspect(aspect) for row in benchmark]
        figures[aspect] = {}
        for k in CUTS:
            precision, recall, f1, _ = calculate_metrics(labels, preds, k)
            figures[aspect].update({f"P@{k}": precision, f"R@{k}": recall, f"F1@{k}": f1})
    return figures
