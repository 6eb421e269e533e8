"""Frequency sources (corpus, bnc, wordfreq, enwiki-list), their cache, and the frequency ranker."""

from __future__ import annotations

import io
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tiny_corpus import make_tiny_shared

from lexsub_baselines.builds import ResourceSettings, build
from lexsub_baselines.catalog import FREQUENCY_SOURCES, RANKERS, frequency_source
from lexsub_baselines.core.cache import verified
from lexsub_baselines.core.errors import LexsubError, MissingResourceError, UnknownNameError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.engine.cluster import EngineSettings
from lexsub_baselines.engine.progress import Progress
from lexsub_baselines.rankers.frequency import (
    MULTIWORD_SCORE,
    UNKNOWN_SCORE,
    FrequencyRanker,
    parse_ranker_name,
    ranker_name,
)
from lexsub_baselines.resources import corpus_counts as cc
from lexsub_baselines.resources.frequency import FrequencySource
from lexsub_baselines.resources.frequency_lists import (
    KilgarriffFrequency,
    WordfreqFrequency,
    read_kilgarriff,
)
from lexsub_baselines.substitutes.candidates import Candidate

# --- the ranker ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableSource:
    """A frequency source over an inline table; lemmas absent from it are unknown (None)."""

    table: dict[str, float]
    name: str = "table"

    def count(self, lemma: str, pos: str) -> float | None:
        return None if " " in lemma else self.table.get(lemma)


INSTANCE = Instance("1", "bright.a", "bright", "a", ("a", "bright", "day"), 1)


def known(count: float | None) -> float:
    """Return a count that must not be None."""
    assert count is not None
    return count


def lemmas(ranked: list[Candidate]) -> list[str]:
    return [c.lemma for c in ranked]


def test_ranker_orders_by_count_and_keeps_generator_order_on_ties() -> None:
    source = TableSource({"shiny": 5, "vivid": 9, "clear": 5, "sunny": 9, "brilliant": 1})
    candidates = [Candidate(w) for w in ("shiny", "vivid", "clear", "brilliant", "sunny")]
    ranked = FrequencyRanker(source).rank(INSTANCE, candidates)
    assert lemmas(ranked) == ["vivid", "sunny", "shiny", "clear", "brilliant"]
    assert [c.score for c in ranked] == [9.0, 9.0, 5.0, 5.0, 1.0]


def test_ranker_puts_unknown_words_then_multiwords_last_in_generator_order() -> None:
    source = TableSource({"vivid": 0, "shiny": 3})
    candidates = [Candidate(w) for w in ("light up", "zzz", "vivid", "full of light", "yyy",
                                         "shiny")]
    ranked = FrequencyRanker(source).rank(INSTANCE, candidates)
    assert lemmas(ranked) == ["shiny", "vivid", "zzz", "yyy", "light up", "full of light"]
    assert [c.score for c in ranked][2:] == [UNKNOWN_SCORE] * 2 + [MULTIWORD_SCORE] * 2


def test_ranker_respects_tiers_only_when_asked() -> None:
    source = TableSource({"a1": 1, "a2": 7, "b1": 100, "b2": 50})
    candidates = [Candidate("a1", tier=1), Candidate("a2", tier=1), Candidate("b mw", tier=2),
                  Candidate("b1", tier=2), Candidate("c1", tier=3), Candidate("b2", tier=2)]
    tiered = FrequencyRanker(source, by_tier=True).rank(INSTANCE, candidates)
    assert lemmas(tiered) == ["a2", "a1", "b1", "b2", "b mw", "c1"]
    flat = FrequencyRanker(source, by_tier=False).rank(INSTANCE, candidates)
    assert lemmas(flat) == ["b1", "b2", "a2", "a1", "c1", "b mw"]


def test_ranker_is_deterministic_and_drops_nothing() -> None:
    source = TableSource({"x": 2, "y": 2})
    candidates = [Candidate("y"), Candidate("x"), Candidate("z z")]
    ranker = FrequencyRanker(source, by_tier=True)
    first = ranker.rank(INSTANCE, candidates)
    assert first == ranker.rank(INSTANCE, list(candidates))
    assert sorted(lemmas(first)) == sorted(lemmas(candidates))


def test_ranker_names_parse_back() -> None:
    for source in ("corpus", "bnc", "enwiki-list"):
        for by_tier in (False, True):
            assert parse_ranker_name(ranker_name(source, by_tier)) == (source, by_tier)
    assert FrequencyRanker(TableSource({}), by_tier=True).name == "table:tiers".join(
        ["freq:", ""])
    for bad in ("freq", "freq:", "freq:tiers", "freq:bnc:flat", "lm:bnc", "freq:a:tiers:x"):
        with pytest.raises(LexsubError, match="expected freq:SOURCE"):
            parse_ranker_name(bad)


def test_catalog_registers_every_source_flat_and_tiered() -> None:
    for source in FREQUENCY_SOURCES:
        assert ranker_name(source, False) in RANKERS
        assert ranker_name(source, True) in RANKERS
    assert {"freq", "freq:corpus:tiers", "freq:bnc", "freq:wordfreq"} <= set(RANKERS)
    with pytest.raises(UnknownNameError, match="bnc"):
        frequency_source(Roots(Path("/nonexistent"), Path("/x"), Path("/x")), "gr-typo")


# --- corpus counts (no shared data needed) ----------------------------------------------------


def test_tokenise_and_readings() -> None:
    assert cc.tokenise("Don't light-heartedly count 3 lights!") == [
        "do", "n", "t", "light-heartedly", "count", "lights"]
    assert cc.lemma_readings("is") == {("be", "v")}  # AUX and VERB both map to v
    assert cc.lemma_readings("lucent") == {("lucent", cc.UNKNOWN_POS)}
    # participial adjectives lemminflect reads only as verb forms
    assert cc.lemma_readings("burnished") == {("burnish", "v"), ("burnished", "a")}
    assert ("lit", "a") in cc.lemma_readings("lit")
    assert cc.lemma_readings("lights") == {("light", "n"), ("light", "v")}  # not a participle
    assert cc.lemma_readings("broken") == {("break", "v"), ("broken", "a")}  # its own ADJ


def test_ambiguous_forms_count_in_full_for_every_reading() -> None:
    table = cc.lemmatise_counts({"light": 3, "lights": 2, "brighter": 4, "lucent": 1})
    assert table[("light", "n")] == 5 and table[("light", "v")] == 5
    assert table[("light", "a")] == 3  # "lights" is no adjective
    assert table[("bright", "a")] == 4
    source = cc.CorpusFrequency(cc.CorpusCounts(table))
    assert source.count("Light", "n") == 5.0
    assert source.count("bright", "n") == 0.0  # known word, not as a noun
    assert source.count("lucent", "s") == 1.0  # unknown PoS: counts for every PoS
    assert source.count("lucent up", "v") is None


def test_missing_corpus_folder_stops_with_one_clear_message(tmp_path: Path) -> None:
    roots = Roots(shared=tmp_path, data=tmp_path, cache=tmp_path / "cache")
    with pytest.raises(MissingResourceError) as raised:
        frequency_source(roots, "corpus")
    assert "corpus enwiki not found at" in str(raised.value)
    assert "LEXSUB_SHARED_ROOT" in str(raised.value)


# --- corpus counts over a few thousand tokens of the real corpus ---------------------------

TINY = 3000


@pytest.fixture()
def tiny_roots(shared: Roots, tmp_path: Path) -> Iterator[Roots]:
    """The heads of a few real corpus files, with a private, empty cache."""
    cc.load_corpus_counts.cache_clear()
    yield make_tiny_shared(shared, tmp_path)
    cc.load_corpus_counts.cache_clear()


def _build(roots: Roots) -> str:
    """Run the `corpus-counts` stage (one local worker); return what it did."""
    report = build(roots, ["corpus-counts"], ResourceSettings(counts_tokens=TINY),
                   EngineSettings(workers=1), Progress(enabled=False, stream=io.StringIO()))
    assert not report.failures()
    return next(r.status for r in report.records if r.name == "corpus-counts")


def _load(roots: Roots) -> cc.CorpusCounts:
    cc.load_corpus_counts.cache_clear()
    return cc.load_corpus_counts(roots, cc.CORPUS_NAMES, TINY)


@pytest.mark.slow
def test_tiny_corpus_table_is_built_cached_and_reloaded(tiny_roots: Roots) -> None:
    with pytest.raises(MissingResourceError, match="lexsub build corpus-counts"):
        _load(tiny_roots)
    assert _build(tiny_roots) == "built"
    counts = _load(tiny_roots)
    path = cc.corpus_counts_path(tiny_roots, cc.CORPUS_NAMES, TINY)
    assert verified(path)
    assert counts.meta["max_tokens"] == TINY and 2500 < counts.meta["tokens"] < 4500
    source = cc.CorpusFrequency(counts)
    assert known(source.count("anarchism", "n")) >= 10  # the corpus opens with "Anarchism"
    assert known(source.count("political", "a")) >= 1
    assert source.count("political", "v") == 0.0
    assert _build(tiny_roots) == "cached"
    assert _load(tiny_roots).table == counts.table


def test_interrupted_save_leaves_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    def interrupted(handle: Any, **arrays: Any) -> None:
        handle.write(b"PK\x03\x04 half a zip file")
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez", interrupted)
    path = tmp_path / "frequency" / "corpus-counts-x.npz"
    with pytest.raises(KeyboardInterrupt):
        cc.save_corpus_counts(Counter({"light": 3}), path, {})
    assert list(path.parent.iterdir()) == []


@pytest.mark.slow
def test_corrupted_cache_is_rebuilt(tiny_roots: Roots) -> None:
    _build(tiny_roots)
    counts = _load(tiny_roots)
    path = cc.corpus_counts_path(tiny_roots, cc.CORPUS_NAMES, TINY)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    assert not verified(path) and cc.CorpusCounts.load(path) is None
    assert _build(tiny_roots) == "built"
    assert _load(tiny_roots).table == counts.table
    assert verified(path)


# --- published lists ----------------------------------------------------------------------


def test_kilgarriff_real_list(shared: Roots) -> None:
    bnc = KilgarriffFrequency.from_roots(shared)
    assert len(bnc.table) == 6318
    assert bnc.count("the", "det") == 6187267
    assert (bnc.count("light", "n"), bnc.count("light", "a"), bnc.count("light", "v")) == (
        18853, 8512, 4357)
    assert bnc.count("bright", "s") == 6190  # WordNet's satellite adjective is `a`
    assert bnc.count("light", "r") == 0.0  # documented fallback: below the list's cut-off
    assert bnc.count("lucent", "a") == 0.0
    assert bnc.count("light up", "v") is None
    assert isinstance(bnc, FrequencySource)


def test_kilgarriff_bad_line_is_warned_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "lemma.al"
    path.write_text("sort-order frequency word word-class\n1 10 quickly adv\nbroken line\n")
    with pytest.warns(UserWarning, match=r"lemma\.al:3: 1 line"):
        table = read_kilgarriff(path)
    assert dict(table) == {("quickly", "r"): 10}


def test_wordfreq_is_pos_blind() -> None:
    source = WordfreqFrequency()
    assert source.count("light", "n") == known(source.count("light", "v")) > 0
    assert known(source.count("light", "n")) > known(source.count("luminous", "a")) > 0
    assert source.count("light up", "v") is None


def test_enwiki_list_and_registry_factories(shared: Roots) -> None:
    words = frequency_source(shared, "enwiki-list")
    assert words.count("the", "n") == 186631452
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ranker = RANKERS.get("freq:bnc:tiers")(shared)
    assert ranker.name == "freq:bnc:tiers"
    ranked = ranker.rank(INSTANCE, [Candidate("lucent"), Candidate("brilliant"),
                                    Candidate("bright", tier=2), Candidate("shining")])
    assert lemmas(ranked)[0] == "brilliant"
    assert lemmas(ranked)[-1] == "bright"
