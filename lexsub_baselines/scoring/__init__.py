"""The SemEval lexical-substitution scorer: official best/oot/mw, subsets, later measures.

May import `core`, `text`, `tables`, `datasets`, `substitutes`, `resources`.

`score()` scores one system (`lexsub score` is a thin shell over it: one verdict either way,
a refused file raising `ScoreRefusedError` with the line the command prints, the rest in
`report.messages`); a `Scorer` holds one gold under one profile and scores any number of
systems against it, and gives the per-item credits the analyses compare and the
per-instance contributions the paired tests resample (`paired()`, `paired_test`). Profiles
(`official`, `corrected`, ...) are named settings in `PROFILES`. The `official` profile
reproduces the SemEval-2007 Task 10 key scorer (`score.pl`/`scoreFA.pl`, 11 April 2007) number
for number, malformed gold files included; see `profiles` for its one intentional deviation.
"""

from lexsub_baselines.core.errors import ScoreRefusedError
from lexsub_baselines.scoring.answers_reader import (
    AnswerLine,
    Problem,
    SystemAnswers,
    answers_from_mapping,
    parse_answer_lines,
    read_answers,
)
from lexsub_baselines.scoring.api import (
    KINDS,
    MEASURE_SETS,
    PROTOCOLS,
    Report,
    score,
    substitution_recall,
)
from lexsub_baselines.scoring.bounds import UpperBounds, item_bound, upper_bounds
from lexsub_baselines.scoring.contributions import Contributions, Statistic
from lexsub_baselines.scoring.emit import Message
from lexsub_baselines.scoring.gold import GoldTarget, MwGold, ScoringGold, build_gold, build_mw_gold
from lexsub_baselines.scoring.gold_lines import GoldFile, GoldLine
from lexsub_baselines.scoring.jabbari import JabbariScores, jabbari_scores
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer, LsgReport
from lexsub_baselines.scoring.measures import (
    ItemCredits,
    item_answers,
    item_credit,
    score_mw,
    score_substitution,
)
from lexsub_baselines.scoring.paired import Other, Paired, PairedReport, paired
from lexsub_baselines.scoring.profiles import (
    PROFILES,
    Profile,
    default_profile,
    get_profile,
    profile_names,
)
from lexsub_baselines.scoring.prolex import ProlexReport, ProlexScorer
from lexsub_baselines.scoring.report import Block, ScoreReport
from lexsub_baselines.scoring.result import MwScore, SubstitutionScore, perl_round
from lexsub_baselines.scoring.scorer import Scorer
from lexsub_baselines.scoring.signature import Signature
from lexsub_baselines.scoring.significance import MeasureTest, PairedTest, paired_test
from lexsub_baselines.scoring.subsets import ALL, SUBSET_NAMES, Subset, further_analysis_subsets
from lexsub_baselines.scoring.swords import SwordsReport, SwordsScorer
from lexsub_baselines.scoring.tsar import TsarReport, TsarScorer

__all__ = [
    "ALL",
    "KINDS",
    "MEASURE_SETS",
    "PROFILES",
    "PROTOCOLS",
    "SUBSET_NAMES",
    "AnswerLine",
    "Block",
    "Contributions",
    "GoldFile",
    "GoldLine",
    "GoldTarget",
    "ItemCredits",
    "JabbariScores",
    "LexSubGenScorer",
    "LsgReport",
    "MeasureTest",
    "Message",
    "MwGold",
    "MwScore",
    "Other",
    "Paired",
    "PairedReport",
    "PairedTest",
    "Problem",
    "Profile",
    "ProlexReport",
    "ProlexScorer",
    "Report",
    "ScoreRefusedError",
    "ScoreReport",
    "Scorer",
    "ScoringGold",
    "Signature",
    "Statistic",
    "Subset",
    "SubstitutionScore",
    "SwordsReport",
    "SwordsScorer",
    "SystemAnswers",
    "TsarReport",
    "TsarScorer",
    "UpperBounds",
    "answers_from_mapping",
    "build_gold",
    "build_mw_gold",
    "default_profile",
    "further_analysis_subsets",
    "get_profile",
    "item_answers",
    "item_bound",
    "item_credit",
    "jabbari_scores",
    "paired",
    "paired_test",
    "parse_answer_lines",
    "perl_round",
    "profile_names",
    "read_answers",
    "score",
    "score_mw",
    "score_substitution",
    "substitution_recall",
    "upper_bounds",
]
