"""Analyses of system answers: tables by PoS and subset, overlap, comparisons, voting, ranking.

May import every layer below the interface (`runs` included), never `cli`.

Everything works from answer files already written (a results folder), its `scores.json` and
the datasets' gold: `inputs.load_evaluation` reads them, the analysis modules return
`lexsub_baselines.tables.table.Table`s and figures (`plots`, one system family per chart:
`families`), `report.build_report` assembles them (`headline`, then `sections` per dataset)
with the instance explorer's data (`explorer`), and `render.write_report` writes `report.html`
(self-contained), `report.md`, the figures and `explorer/index.html`. `browser` drives headless
Chromium for the browser tests and the benchmark. `candidates` evaluates rankers on the
standard candidate pools (GAP, P@k).
"""

from lexsub_baselines.analysis.breakdown import pos_table, subset_table
from lexsub_baselines.analysis.compare import Disruptive, correlation_matrix, disruptive_sets
from lexsub_baselines.analysis.inputs import Evaluation, item_scores, load_evaluation
from lexsub_baselines.analysis.overlap import overlap_table
from lexsub_baselines.analysis.voting import VotingSystem, vote, vote_answers
from lexsub_baselines.tables.table import Table

__all__ = [
    "Disruptive",
    "Evaluation",
    "Table",
    "VotingSystem",
    "correlation_matrix",
    "disruptive_sets",
    "item_scores",
    "load_evaluation",
    "overlap_table",
    "pos_table",
    "subset_table",
    "vote",
    "vote_answers",
]
