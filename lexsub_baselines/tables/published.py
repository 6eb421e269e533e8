"""The published figures our regenerated tables are compared with.

Sources (percentages, official scorer):
- McCarthy & Navigli (2007, 2009), SemEval-2007 Task 10 test set: the WordNet and distributional
  baselines (best and oot P/R/Mode P/Mode R), the mw baseline, the best upper bound.
- The trial release's own baseline files (BL.out, BLoutof10.out) scored with the key scorer
  (SCORING.md): a WordNet baseline on the trial data that, per the task documentation §5,
  used criteria 1-2 only (our `wordnet-c12`).
- Jabbari (2010), Jabbari, Hepple & Guthrie (2010): oot recall and the rank measure per PoS of
  the bow, lm and cmlc rankers over WordNet candidates (proportions, not percentages).
- Mihalcea, Sinha & McCarthy (2010), SemEval-2010 Task 2 test set: DICT and DICTCORP.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["FIELD", "FIELD_OOT_DUPLICATES", "FIELD_SUBSETS", "PUBLISHED", "PUBLISHED_BY_POS",
           "PUBLISHED_BY_POS_DATASET", "PublishedRow", "published_row", "source_note"]


@dataclass(frozen=True)
class PublishedRow:
    """One published row: the figures of a system on a dataset for one answer kind.

    Attributes:
        dataset: our dataset name (`semeval2007-test`).
        system: our system name (`wordnet`, `lin`, `mw`, `dict`).
        kind: best, oot or mw.
        values: measure name -> published value (keys as in `lexsub score --format json`).
        source: the publication.
    """

    dataset: str
    system: str
    kind: str
    values: tuple[tuple[str, float], ...]
    source: str

    def get(self, measure: str) -> float | None:
        """Return the published value of `measure`, or None when it was not published."""
        return dict(self.values).get(measure)


def _prm(p: float, r: float, mp: float, mr: float) -> tuple[tuple[str, float], ...]:
    return (("precision", p), ("recall", r), ("mode_precision", mp), ("mode_recall", mr))


_MN = "McCarthy & Navigli (2007, 2009)"
_TEST = "semeval2007-test"

PUBLISHED: tuple[PublishedRow, ...] = (
    PublishedRow(_TEST, "wordnet", "best", _prm(9.95, 9.95, 15.28, 15.28), _MN),
    PublishedRow(_TEST, "lin", "best", _prm(8.84, 8.53, 14.69, 14.23), _MN),
    PublishedRow(_TEST, "l1", "best", _prm(8.11, 7.82, 13.35, 12.93), _MN),
    PublishedRow(_TEST, "lee", "best", _prm(6.99, 6.74, 11.34, 10.98), _MN),
    PublishedRow(_TEST, "jaccard", "best", _prm(6.84, 6.60, 11.17, 10.81), _MN),
    PublishedRow(_TEST, "cos", "best", _prm(5.07, 4.89, 7.64, 7.40), _MN),
    PublishedRow(_TEST, "wordnet", "oot", _prm(29.70, 29.35, 40.57, 40.57), _MN),
    PublishedRow(_TEST, "lin", "oot", _prm(27.70, 26.72, 40.47, 39.19), _MN),
    PublishedRow(_TEST, "l1", "oot", _prm(24.09, 23.23, 36.10, 34.96), _MN),
    PublishedRow(_TEST, "lee", "oot", _prm(20.09, 19.38, 29.81, 28.86), _MN),
    PublishedRow(_TEST, "jaccard", "oot", _prm(18.23, 17.58, 26.87, 26.02), _MN),
    PublishedRow(_TEST, "cos", "oot", _prm(14.07, 13.58, 20.82, 20.16), _MN),
    PublishedRow(
        _TEST, "mw", "mw",
        (("detection_precision", 43.64), ("detection_recall", 36.92),
         ("identification_precision", 40.00), ("identification_recall", 33.85)),
        _MN,
    ),
    PublishedRow("semeval2007-trial", "wordnet-c12", "best", _prm(10.52, 10.52, 12.81, 12.81),
                 "trial release BL.out, key scorer (SCORING.md)"),
    PublishedRow("semeval2007-trial", "wordnet-c12", "oot", _prm(21.57, 21.57, 29.06, 29.06),
                 "trial release BLoutof10.out, key scorer (SCORING.md)"),
    # SemEval-2010 Task 2 reports P = R for these baselines (every item attempted).
    PublishedRow("clls2010-test", "dict", "best", _prm(24.34, 24.34, 50.34, 50.34),
                 "Mihalcea, Sinha & McCarthy (2010)"),
    PublishedRow("clls2010-test", "dict", "oot", _prm(44.04, 44.04, 73.53, 73.53),
                 "Mihalcea, Sinha & McCarthy (2010)"),
    PublishedRow("clls2010-test", "dictcorp", "best", _prm(15.09, 15.09, 29.22, 29.22),
                 "Mihalcea, Sinha & McCarthy (2010)"),
    PublishedRow("clls2010-test", "dictcorp", "oot", _prm(42.65, 42.65, 71.60, 71.60),
                 "Mihalcea, Sinha & McCarthy (2010)"),
)

#: Jabbari (2010): (system, measure) -> {pos: value}, proportions; WordNet candidates.
PUBLISHED_BY_POS: dict[tuple[str, str], dict[str, float]] = {
    ("wordnet+bow", "oot_recall"): {"n": 0.343, "a": 0.334, "v": 0.205, "r": 0.461},
    ("wordnet+lm", "oot_recall"): {"n": 0.371, "a": 0.442, "v": 0.252, "r": 0.561},
    ("wordnet+cmlc", "oot_recall"): {"n": 0.405, "a": 0.447, "v": 0.319, "r": 0.533},
    ("wordnet+bow", "rank"): {"n": 0.239, "a": 0.219, "v": 0.128, "r": 0.312},
    ("wordnet+lm", "rank"): {"n": 0.275, "a": 0.325, "v": 0.176, "r": 0.448},
    ("wordnet+cmlc", "rank"): {"n": 0.303, "a": 0.343, "v": 0.186, "r": 0.413},
}

#: The dataset of `PUBLISHED_BY_POS`: Jabbari (2010) reports the SemEval-2007 test set.
PUBLISHED_BY_POS_DATASET = "semeval2007-test"

#: Best upper bound on the SemEval-2007 test set (McCarthy & Navigli 2009).
PUBLISHED_BEST_UPPER_BOUND = 45.76


#: The further-analysis subsets of the participants' tables; their values are keyed
#: `NMWT:precision` and so on (the block and measure of `lexsub score --subsets` JSON).
FIELD_SUBSETS: tuple[str, ...] = ("NMWT", "NMWS")


def _team(p: float, r: float, mp: float, mr: float, nmwt: tuple[float, float],
          nmws: tuple[float, float]) -> tuple[tuple[str, float], ...]:
    return (*_prm(p, r, mp, mr), ("NMWT:precision", nmwt[0]), ("NMWT:recall", nmwt[1]),
            ("NMWS:precision", nmws[0]), ("NMWS:recall", nmws[1]))


_BEST_TABLES = "McCarthy & Navigli (2007), Tables 1 and 3"
_OOT_TABLES = "McCarthy & Navigli (2007), Tables 4 and 6"

#: The SemEval-2007 Task 10 participants on the test set, official scorer: best from Table 1
#: (P, R, Mode P, Mode R) and Table 3 (NMWT, NMWS), oot from Tables 4 and 6 of the task paper.
#: Reference rows for a new system, not something we regenerate. MELB entered best only,
#: SWAG1 and SWAG2 oot only; HIT alone entered mw (detection P 45.34, R 56.15).
FIELD: tuple[PublishedRow, ...] = (
    PublishedRow(_TEST, "KU", "best", _team(12.90, 12.90, 20.65, 20.65, (13.39, 13.39),
                                            (14.33, 13.98)), _BEST_TABLES),
    PublishedRow(_TEST, "UNT", "best", _team(12.77, 12.77, 20.73, 20.73, (13.46, 13.46),
                                             (13.79, 13.79)), _BEST_TABLES),
    PublishedRow(_TEST, "MELB", "best", _team(12.68, 12.68, 20.41, 20.41, (13.35, 13.35),
                                              (14.19, 13.82)), _BEST_TABLES),
    PublishedRow(_TEST, "HIT", "best", _team(11.35, 11.35, 18.86, 18.86, (11.97, 11.97),
                                             (12.55, 12.38)), _BEST_TABLES),
    PublishedRow(_TEST, "USYD", "best", _team(11.23, 10.88, 18.22, 17.64, (11.68, 11.34),
                                              (12.48, 12.10)), _BEST_TABLES),
    PublishedRow(_TEST, "IRST1", "best", _team(8.06, 8.06, 13.09, 13.09, (8.44, 8.44),
                                               (8.98, 8.92)), _BEST_TABLES),
    PublishedRow(_TEST, "IRST2", "best", _team(6.95, 6.94, 20.33, 20.33, (7.25, 7.24),
                                               (7.67, 7.66)), _BEST_TABLES),
    PublishedRow(_TEST, "TOR", "best", _team(2.98, 2.98, 4.72, 4.72, (3.22, 3.22),
                                             (3.32, 3.32)), _BEST_TABLES),
    PublishedRow(_TEST, "IRST2", "oot", _team(69.03, 68.90, 58.54, 58.54, (72.04, 71.90),
                                              (76.19, 76.06)), _OOT_TABLES),
    PublishedRow(_TEST, "UNT", "oot", _team(49.19, 49.19, 66.26, 66.26, (51.13, 51.13),
                                            (54.01, 54.01)), _OOT_TABLES),
    PublishedRow(_TEST, "KU", "oot", _team(46.15, 46.15, 61.30, 61.30, (48.43, 48.43),
                                           (49.72, 49.72)), _OOT_TABLES),
    PublishedRow(_TEST, "IRST1", "oot", _team(41.23, 41.20, 55.28, 55.28, (43.11, 43.08),
                                              (45.13, 45.11)), _OOT_TABLES),
    PublishedRow(_TEST, "USYD", "oot", _team(36.07, 34.96, 43.66, 42.28, (37.26, 36.17),
                                             (40.13, 38.89)), _OOT_TABLES),
    PublishedRow(_TEST, "SWAG2", "oot", _team(37.80, 34.66, 50.18, 46.02, (39.95, 36.51),
                                              (40.97, 37.75)), _OOT_TABLES),
    PublishedRow(_TEST, "HIT", "oot", _team(33.88, 33.88, 46.91, 46.91, (35.60, 35.60),
                                            (36.63, 36.63)), _OOT_TABLES),
    PublishedRow(_TEST, "SWAG1", "oot", _team(35.53, 32.83, 47.41, 43.82, (37.49, 34.64),
                                              (38.36, 35.67)), _OOT_TABLES),
    PublishedRow(_TEST, "TOR", "oot", _team(11.19, 11.19, 14.63, 14.63, (11.77, 11.77),
                                            (12.22, 12.22)), _OOT_TABLES),
)

#: Teams whose oot answers repeat substitutes, which the official scorer credits every time
#: (McCarthy & Navigli 2009 list them apart for that reason).
FIELD_OOT_DUPLICATES = frozenset({"IRST2", "USYD", "TOR"})


def published_row(dataset: str, system: str, kind: str) -> PublishedRow | None:
    """Return the published row for (dataset, system, kind), or None."""
    for row in PUBLISHED:
        if (row.dataset, row.system, row.kind) == (dataset, system, kind):
            return row
    return None


def source_note(dataset: str, kind: str, sources: Sequence[str]) -> str:
    """Return the note under a results table of `kind` on `dataset`: the papers its rows are
    compared with (`sources`), else why it shows ours only: nothing is published there, or
    nothing for these systems (a plug-in's) while the standard baselines' figures are."""
    if sources:
        return (f"Ours on {dataset}; paper: {', '.join(dict.fromkeys(sources))}, on {dataset} "
                "too; Δ = ours − paper.")
    published = sorted({r.system for r in PUBLISHED if (r.dataset, r.kind) == (dataset, kind)})
    if published:
        return (f"Ours on {dataset}; these systems have no published figures (the standard "
                f"baselines' are published: {', '.join(published)}), so ours only.")
    return f"Ours on {dataset}; nothing is published for {dataset}, so ours only."
