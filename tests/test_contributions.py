"""Every protocol's per-instance contributions add up to its scorer's figures, exactly.

What the paired tests resample must be what the scorers sum: for every real system file of
the shared vectors (and UniHD's TSAR runs), the statistic of the unresampled contributions
is the scorer's figure to the bit (SemEval-2007: the sums are `SubstitutionScore`'s fields
and the rounding score.pl's; SWORDS and LexSubGen's protocol: the unrounded metrics;
TSAR-2022: the unfloored figures), and the per-instance values add up (in any order, to
rounding) to the same sums.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.scoring import Scorer, SubstitutionScore, SwordsScorer, TsarScorer
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
from lexsub_baselines.scoring.result import format_percent, perl_round
from lexsub_baselines.scoring.tsar import METRICS, floor4
from lexsub_baselines.scoring.tsar.contributions import TsarStatistic

SHARED = resolve_roots().shared


def _files(folder: str, pattern: str) -> list[Path]:
    found = sorted((SHARED / folder).glob(pattern))
    if not found:
        pytest.skip(f"no {pattern} in {SHARED / folder}")
    return found


def _add_up(contributions: Contributions) -> None:
    """The per-instance values add up to the observed sums (to rounding: any order)."""
    for index, total in enumerate(contributions.observed):
        column = [values[index] for values in contributions.values]
        assert math.fsum(column) == pytest.approx(total, rel=1e-12, abs=1e-9)


def test_semeval_best_and_oot_sums_are_the_official_scorers() -> None:
    """Every test and trial file of scorer-vectors, best and oot: the unresampled sums are
    `SubstitutionScore`'s (credit added in file order, attempted, TM, ...), and each figure,
    rounded as score.pl rounds, is the official one."""
    scorers = {split: Scorer(f"semeval2007-{split}") for split in ("test", "trial")}
    checked = 0
    for path in _files("scorer-vectors/systems", "s*_*.*"):
        kind = path.suffix.lstrip(".")
        split = path.name.split("_")[1]
        if kind not in ("best", "oot"):
            continue
        main = scorers[split].score(path, kind, warn=False).main
        assert isinstance(main, SubstitutionScore)
        contributions = scorers[split].contributions(path, kind)
        assert contributions.observed == (main.credit, main.attempted, main.mode_hits,
                                          main.attempted_mode, main.total, main.total_mode)
        figures = contributions.figures()
        shown = {key: contributions.statistic.shown(value) for key, value in figures.items()}
        assert shown == {"precision": format_percent(perl_round(main.credit, main.attempted)),
                         "recall": format_percent(perl_round(main.credit, main.total)),
                         "mode_precision": format_percent(perl_round(main.mode_hits,
                                                                     main.attempted_mode)),
                         "mode_recall": format_percent(perl_round(main.mode_hits,
                                                                  main.total_mode))}
        assert len(contributions.ids) == len(scorers[split].gold().items)
        _add_up(contributions)
        checked += 1
    assert checked >= 30


@pytest.mark.slow
def test_swords_pooled_sums_give_the_evaluations_figures() -> None:
    """Every test case of swords-vectors and three dev ones (each about 0.4 s)."""
    scorers = {split: SwordsScorer(f"swords-{split}") for split in ("dev", "test")}
    files = _files("swords-vectors/systems", "*.lsr.json")
    for path in [p for p in files if p.name.startswith("test-")] + [
            p for p in files if p.name.startswith("dev-")][:3]:
        scorer = scorers[path.name.split("-")[0]]
        try:
            report = scorer.score(path, warn=False)
        except LexsubError:
            continue  # a case the evaluation refuses
        contributions = scorer.contributions(path)
        figures = contributions.figures()
        assert figures == {key: report.metrics[key] for key in figures}, path.name
        assert set(figures) == {"lenient_a_f@10", "lenient_c_f@10", "strict_a_f@10",
                                "strict_c_f@10", "strict_c_p@1"}
        assert len(contributions.missing) == report.targets - report.listed
        _add_up(contributions)


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["lexsubgen", "lexsubgen-padded"])
def test_lexsubgen_means_are_the_scorers(profile: str) -> None:
    """LS07-all (all instances) and the CoInCo sample (the listed ones): GAP, P@1, P@3,
    R@10 of the contributions are the scorer's means to the bit, under both profiles (every
    LS07 case padded, which scores them all; four of each under LexSubGen's own, one of
    which it refuses, and four CoInCo cases padded)."""
    for folder, data, listed in (("semeval_all", "semeval2007-all", False),
                                 ("coinco", "coinco-all", True)):
        scorer = Scorer(data, profile)
        assert isinstance(scorer, LexSubGenScorer)
        files = _files(f"lexsubgen-vectors/{folder}/systems", "*.json")
        chosen = files if profile == "lexsubgen-padded" and folder == "semeval_all" else [
            p for p in files if p.stem.split("-", 1)[1] in (
                "empty_or_short", "oracle", "duplicates", "ties")]
        for path in chosen:
            try:
                report = scorer.score(path, only_listed=listed, warn=False)
            except LexsubError:
                with pytest.raises(LexsubError):  # refused alike
                    scorer.contributions(path, only_listed=listed)
                continue
            contributions = scorer.contributions(path, only_listed=listed)
            figures = contributions.figures()
            assert figures == {key: report.metrics[key] for key in figures}, path.name
            assert len(contributions.ids) == report.scored
            _add_up(contributions)


def test_tsar_figures_are_the_evaluators_unfloored() -> None:
    """Every case of tsar2022-vectors on its gold, and UniHD's runs: the ten figures of the
    contributions are the evaluator's unfloored ones, floored alike."""
    cases = [json.loads(line) for line in
             (SHARED / "tsar2022-vectors" / "cases.jsonl").read_text().splitlines() if line]
    files = [(SHARED / "tsar2022-vectors" / case["system_file"],
              f"tsar2022-{case['lang']}-{case['split']}") for case in cases]
    files += [(path, f"tsar2022-{path.parent.name}-test")
              for path in _files("field-outputs/tsar2022-unihd", "*/tsar2022_test_*.tsv")]
    assert tuple(TsarStatistic().measures) == METRICS
    for path, gold in files:
        scorer = TsarScorer(gold)
        try:
            report = scorer.score(path, warn=False)
        except LexsubError:
            continue
        contributions = scorer.contributions(path)
        figures = contributions.figures()
        assert figures == report.unfloored, path.name
        assert {k: contributions.statistic.shown(v) for k, v in figures.items()} == {
            k: f"{floor4(v):.4f}" for k, v in report.unfloored.items()}
        _add_up(contributions)


def test_a_tsar_file_paired_on_another_files_instances() -> None:
    """An instance the other file lacks is an empty list (missing); its lines outside the
    system's instances are left out (ignored); on the same instances, its figures are its
    own score's."""
    scorer = TsarScorer("tsar2022-en-test")
    full = SHARED / "tsar2022-vectors" / "systems" / "en-test-oracle.tsv"
    subset = SHARED / "tsar2022-vectors" / "systems" / "en-test-subset.tsv"
    if not subset.is_file():
        pytest.skip("no tsar2022-vectors")
    whole = scorer.contributions(full)
    part = scorer.contributions(subset)
    on_whole = scorer.contributions(subset, universe=whole.ids)
    assert on_whole.ids == whole.ids and not on_whole.ignored
    assert len(on_whole.missing) == len(whole.ids) - len(part.ids) > 0
    assert all(sum(on_whole.values[whole.ids.index(key)]) == 0 for key in on_whole.missing)
    back = scorer.contributions(full, universe=part.ids)
    assert back.ignored == len(whole.ids) - len(part.ids) and not back.missing
    assert scorer.contributions(subset, universe=part.ids).figures() == part.figures()
