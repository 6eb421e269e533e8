"""Registers the frequency sources (`corpus`, `bnc`, `wordfreq`, `enwiki-list`, `gr`).

Part of `lexsub_baselines.catalog`, registered first. `resources.frequency` holds the contract
and the empty registry; the tables live in `resources`, the `gr` counts in the distributional
layer (`relation_store.GrFrequency`), so they are registered here, above both.
"""

from __future__ import annotations

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.resources.frequency import FREQUENCY_SOURCES, FrequencySource

__all__: list[str] = []



@FREQUENCY_SOURCES.register("corpus", needs=("corpus-counts",))
def _corpus(roots: Roots) -> FrequencySource:
    """lemma+PoS counts over the shipped corpora (enwiki + gutenberg), lemminflect readings"""
    from lexsub_baselines.builds.settings import ResourceSettings
    from lexsub_baselines.resources.corpus_counts import corpus_frequency

    return corpus_frequency(roots, ResourceSettings.from_env().counts_tokens)


@FREQUENCY_SOURCES.register("bnc")
def _bnc(roots: Roots) -> FrequencySource:
    """Kilgarriff's BNC lemma list (6,318 lemmas, PoS-aware; unlisted lemmas count 0)"""
    from lexsub_baselines.resources.frequency_lists import KilgarriffFrequency

    return KilgarriffFrequency.from_roots(roots)


@FREQUENCY_SOURCES.register("wordfreq")
def _wordfreq(roots: Roots) -> FrequencySource:
    """the wordfreq package's English word frequency (PoS-blind, base form only)"""
    from lexsub_baselines.resources.frequency_lists import WordfreqFrequency

    return WordfreqFrequency()


@FREQUENCY_SOURCES.register("enwiki-list")
def _enwiki_list(roots: Roots) -> FrequencySource:
    """English Wikipedia 2023 top-51,000 word counts (PoS-blind; unlisted words count 0)"""
    from lexsub_baselines.resources.frequency_lists import WordListFrequency

    return WordListFrequency.from_roots(roots)


@FREQUENCY_SOURCES.register("gr", needs=("relations",))
def _gr(roots: Roots) -> FrequencySource:
    """lemma counts in grammatical relations of the parsed corpora (EWT-trained spaCy parser)"""
    from lexsub_baselines.builds.parsing import parser_identity
    from lexsub_baselines.builds.settings import ResourceSettings
    from lexsub_baselines.distributional.relation_store import GrFrequency, load_counts

    settings = ResourceSettings.from_env()
    counts = load_counts(roots, parser_identity(roots, settings.parser), settings.relations)
    return GrFrequency.from_counts(counts)
