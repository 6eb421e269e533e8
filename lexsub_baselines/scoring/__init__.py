"""The SemEval lexical-substitution scorer: official best/oot/mw, subsets, later measures.

`score()` is the entry point; profiles (`official`, `corrected`) are named settings in
`PROFILES`. The `official` profile reproduces the SemEval-2007 Task 10 key scorer
(`score.pl`/`scoreFA.pl`, 11 April 2007) number for number; see `profiles` for its one
intentional deviation.
"""

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
    ScoringWarning,
    emit_problems,
    score,
    substitution_recall,
)
from lexsub_baselines.scoring.bounds import UpperBounds, upper_bounds
from lexsub_baselines.scoring.gold import GoldTarget, MwGold, ScoringGold, build_gold, build_mw_gold
from lexsub_baselines.scoring.jabbari import JabbariScores, jabbari_scores
from lexsub_baselines.scoring.measures import item_answers, score_mw, score_substitution
from lexsub_baselines.scoring.profiles import PROFILES, Profile, get_profile, profile_names
from lexsub_baselines.scoring.report import Block, ScoreReport
from lexsub_baselines.scoring.result import MwScore, SubstitutionScore, perl_round
from lexsub_baselines.scoring.signature import Signature
from lexsub_baselines.scoring.subsets import ALL, SUBSET_NAMES, Subset, further_analysis_subsets

__all__ = [
    "ALL",
    "KINDS",
    "MEASURE_SETS",
    "PROFILES",
    "SUBSET_NAMES",
    "AnswerLine",
    "Block",
    "GoldTarget",
    "JabbariScores",
    "MwGold",
    "MwScore",
    "Problem",
    "Profile",
    "ScoreReport",
    "ScoringGold",
    "ScoringWarning",
    "Signature",
    "Subset",
    "SubstitutionScore",
    "SystemAnswers",
    "UpperBounds",
    "answers_from_mapping",
    "build_gold",
    "build_mw_gold",
    "emit_problems",
    "further_analysis_subsets",
    "get_profile",
    "item_answers",
    "jabbari_scores",
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
