"""Registers the candidate generators and rankers (filled once, in order, after the sources).

Part of `lexsub_baselines.catalog`, the one place the registries are filled. Factories take
the resolved `Roots` and import their heavy dependencies lazily, so listing names stays
instant. A component that reads built resources declares them (`needs`: stages of
`lexsub_baselines.builds`) and its factory makes sure they are built first (`builds.ensure`,
one graph run on the Dask cluster), so `lexsub run lin …` builds exactly what `lin` reads.
Keep registration order stable: it is the order of the listings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from lexsub_baselines.catalog import sources  # noqa: F401  (first: a freq ranker per source)
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator
from lexsub_baselines.rankers.base import RANKERS, Ranker
from lexsub_baselines.resources.frequency import DEFAULT_FREQUENCY_SOURCE, FREQUENCY_SOURCES

if TYPE_CHECKING:
    from lexsub_baselines.builds import ResourceSettings
    from lexsub_baselines.rankers.bow import BowRanker
    from lexsub_baselines.rankers.cmlc import CmlcRanker
    from lexsub_baselines.rankers.lm import LMRanker

__all__ = ["BASELINE_FREQUENCY", "EMB_NEEDS", "PRIOR_FREQUENCY", "built"]

T = TypeVar("T")

#: What the in-context rankers read.
LM_NEEDS = ("lm",)
BOW_NEEDS = ("bow",)
CMLC_NEEDS = ("lm", "bow")
DIST_NEEDS = ("relations", "neighbours")


def built(needs: tuple[str, ...], factory: Callable[[Roots, ResourceSettings], T]
           ) -> Callable[[Roots], T]:
    """Wrap `factory` so that the stages it `needs` are built before it runs."""

    def build(roots: Roots) -> T:
        from lexsub_baselines.builds import ResourceSettings, ensure

        settings = ResourceSettings.from_env()
        ensure(roots, needs, settings)
        return factory(roots, settings)

    return build


# --- generators -------------------------------------------------------------------------


def _distributional(measure: str, doc: str) -> None:
    def factory(roots: Roots, settings: ResourceSettings) -> CandidateGenerator:
        from lexsub_baselines.builds.parsing import parser_identity
        from lexsub_baselines.generators.distributional import corpus_generator

        parser_key = parser_identity(roots, settings.parser)
        return corpus_generator(roots, measure, parser_key, settings.relations)

    GENERATORS.add(f"dist:{measure}", built(DIST_NEEDS, factory), doc, needs=DIST_NEEDS)


_distributional("lin", "nearest neighbours by Lin's (1998) measure over relation counts")
_distributional("l1", "nearest neighbours by l1 distance of P(f|w)")
_distributional("lee", "nearest neighbours by alpha-skew divergence (Lee 1999, alpha 0.99)")
_distributional("jaccard", "nearest neighbours by Jaccard overlap of feature sets")
_distributional("cos", "nearest neighbours by cosine of P(f|w)")


def _word2vec(roots: Roots, settings: ResourceSettings) -> CandidateGenerator:
    from lexsub_baselines.distributional.word2vec import corpus_word2vec_generator

    return corpus_word2vec_generator(roots, settings.word2vec)


GENERATORS.add("word2vec", built(("word2vec",), _word2vec),
               "nearest same-PoS neighbours in a word2vec model trained on the corpus",
               needs=("word2vec",))


def _bilingual(dictionary: str, doc: str) -> None:
    def factory(roots: Roots) -> CandidateGenerator:
        from lexsub_baselines.generators.bilingual import BilingualGenerator
        from lexsub_baselines.resources.dictionaries import load_dictionary

        return BilingualGenerator(load_dictionary(dictionary, roots))

    GENERATORS.add(f"bilingual:{dictionary}", factory, doc)


_bilingual("wiktionary", "Spanish translations from English Wiktionary, in dictionary order")
_bilingual("freedict", "Spanish translations from FreeDict eng-spa, in dictionary order")

@GENERATORS.register("wordnet")
def _wordnet(roots: Roots) -> CandidateGenerator:
    """WordNet synonyms by the 2007 baseline's criteria 1-4 as tiers ($LEXSUB_WORDNET backend)"""
    from lexsub_baselines.generators.wordnet import WordNetGenerator
    from lexsub_baselines.resources.wordnet import open_wordnet

    return WordNetGenerator(open_wordnet(roots), name="wordnet")


@GENERATORS.register("wordnet-c12")
def _wordnet_c12(roots: Roots) -> CandidateGenerator:
    """WordNet criteria 1-2 only: the trial release's baseline files (task documentation §5)"""
    from lexsub_baselines.generators.wordnet import WordNetGenerator
    from lexsub_baselines.resources.wordnet import open_wordnet

    return WordNetGenerator(open_wordnet(roots), name="wordnet-c12", max_tier=2)


@GENERATORS.register("roget")
def _roget(roots: Roots) -> CandidateGenerator:
    """same-PoS words of every Roget (1911) category listing the target, in file order"""
    from lexsub_baselines.generators.roget import RogetGenerator
    from lexsub_baselines.resources.roget import load_roget, roget_path

    return RogetGenerator(load_roget(roget_path(roots)), name="roget")


def _frequent(roots: Roots, settings: ResourceSettings) -> CandidateGenerator:
    from lexsub_baselines.generators.frequent import FrequentGenerator
    from lexsub_baselines.resources.corpus_counts import corpus_frequency

    return FrequentGenerator(corpus_frequency(roots, settings.counts_tokens).counts.table)


GENERATORS.add("frequent", built(("corpus-counts",), _frequent),
               "the corpus's most frequent words of the target's PoS (the fill's last step)",
               needs=("corpus-counts",))

# --- rankers ----------------------------------------------------------------------------


@RANKERS.register("identity")
def _identity(roots: Roots) -> Ranker:
    """keep the generator's order (the distributional baselines: no re-ranking)"""
    from lexsub_baselines.rankers.identity import IdentityRanker

    return IdentityRanker()


@RANKERS.register("eswiki-frequency")
def _eswiki_frequency(roots: Roots) -> Ranker:
    """Spanish Wikipedia word frequency (wordfreq's Spanish list below the top 48,000)"""
    from lexsub_baselines.rankers.spanish_frequency import (
        SpanishFrequencyRanker,
        load_eswiki_counts,
    )

    return SpanishFrequencyRanker(load_eswiki_counts(roots))


#: The frequency source of the `wordnet`, `wordnet-c12` and `roget` baselines: lemma counts in
#: the parsed grammatical relations, the source McCarthy & Navigli (2007) name ("frequency
#: data collected from grammatical relations obtained from the BNC"); here from the whole
#: shipped corpus, the counts the thesauri use. An earlier session measured its first guesses
#: against the organisers' own trial baseline output (BL.out, not shipped here): 90.0% the
#: same, against 80.3% for Kilgarriff's BNC list, which was the default before (it is the
#: `wordnet+freq:bnc:tiers` ablation now). Candidates without a count keep WordNet's (or
#: Roget's) order.
BASELINE_FREQUENCY = "gr"

#: The frequency source inside `cmlc:prior`: its weights were tuned on trial with this one.
PRIOR_FREQUENCY = "bnc"


def _frequency(source: str, by_tier: bool, name: str | None = None) -> None:
    from lexsub_baselines.rankers.frequency import ranker_name

    def factory(roots: Roots, settings: ResourceSettings) -> Ranker:
        from lexsub_baselines.rankers.frequency import FrequencyRanker

        return FrequencyRanker(FREQUENCY_SOURCES.get(source)(roots), by_tier=by_tier)

    canonical = ranker_name(source, by_tier)
    doc = FREQUENCY_SOURCES.doc(source) + (", within WordNet tiers" if by_tier else "")
    needs = FREQUENCY_SOURCES.needs(source)
    RANKERS.add(name or canonical, built(needs, factory), f"= {canonical}" if name else doc,
                needs=needs)


# one `freq:SOURCE` and one `freq:SOURCE:tiers` ranker per registered frequency source
for _source in FREQUENCY_SOURCES.names():
    _frequency(_source, by_tier=False)
    _frequency(_source, by_tier=True)
_frequency(DEFAULT_FREQUENCY_SOURCE, by_tier=False, name="freq")


# n-gram LM, bag-of-words and combined rankers (Jabbari et al. 2010); models built by the graph
def _lm(roots: Roots, settings: ResourceSettings) -> LMRanker:
    from lexsub_baselines.lm.model import shared_lm
    from lexsub_baselines.rankers.lm import LMRanker

    return LMRanker(lambda: shared_lm(roots, settings.lm))


RANKERS.add("lm", built(LM_NEEDS, _lm),
            "KenLM 5-gram (modified Kneser-Ney) score of the sentence with the inflected candidate",
            needs=LM_NEEDS)


def _bow(roots: Roots, settings: ResourceSettings) -> BowRanker:
    from lexsub_baselines.rankers.bow import BowRanker, shared_bow_model

    lm = settings.lm  # the bag-of-words sample is the LM's (builds.models._bow_stem)
    return BowRanker(lambda: shared_bow_model(roots, tuple(lm.corpora), lm.max_tokens,
                                              settings.bow))


RANKERS.add("bow", built(BOW_NEEDS, _bow),
            "bag-of-words: sum of log P(context word | candidate), Dirichlet-smoothed window "
            "counts", needs=BOW_NEEDS)


def _cmlc_ranker(roots: Roots, settings: ResourceSettings) -> CmlcRanker:
    from lexsub_baselines.rankers.cmlc import CmlcRanker

    return CmlcRanker(_lm(roots, settings), _bow(roots, settings))


RANKERS.add("cmlc", built(CMLC_NEEDS, _cmlc_ranker),
            "lambda * z(lm) + (1 - lambda) * z(bow), lambda tuned on the trial data",
            needs=CMLC_NEEDS)


def _cmlc_prior(roots: Roots, settings: ResourceSettings) -> Ranker:
    from lexsub_baselines.rankers.frequency import FrequencyRanker
    from lexsub_baselines.rankers.prior import PriorRanker

    frequency = FrequencyRanker(FREQUENCY_SOURCES.get(PRIOR_FREQUENCY)(roots))
    return PriorRanker(_cmlc_ranker(roots, settings), frequency.score)


RANKERS.add("cmlc:prior", built(CMLC_NEEDS, _cmlc_prior),
            "cmlc + beta * z(log BNC frequency) - gamma * WordNet tier; beta, gamma tuned on "
            "trial", needs=CMLC_NEEDS)


def _first_tier_prior(inner: str) -> None:
    from lexsub_baselines.rankers.tier_prior import prior_name

    def factory(roots: Roots) -> Ranker:
        from lexsub_baselines.rankers.tier_prior import FirstTierPrior

        return FirstTierPrior(RANKERS.get(inner)(roots), inner)

    RANKERS.add(prior_name(inner), factory,
                f"{inner}, with the first synset's synonyms (tier 1) ranked ahead of the rest",
                needs=RANKERS.needs(inner))


for _inner in ("bow", "lm", "cmlc"):
    _first_tier_prior(_inner)


# Melamud, Levy & Dagan (2015): skip-gram word and context embeddings, four measures. The
# rankers use only the public contract (Candidate, Instance, the Ranker protocol): the worked
# example of docs/add-system.md, "A ranker of one's own".
EMB_NEEDS = ("embeddings",)


def _embedding(measure: str, doc: str) -> None:
    def factory(roots: Roots, settings: ResourceSettings) -> Ranker:
        from lexsub_baselines.distributional.embeddings import shared_embeddings
        from lexsub_baselines.rankers.embedding import EmbeddingRanker

        return EmbeddingRanker(measure, lambda: shared_embeddings(roots, settings.embeddings),
                               window=settings.embeddings.window)

    RANKERS.add(f"emb:{measure}", built(EMB_NEEDS, factory), doc, needs=EMB_NEEDS)


_embedding("add", "Melamud et al. (2015) Add: mean of cos(s,t) and cos(s,c) over the context")
_embedding("baladd", "Melamud et al. (2015) BalAdd: the target weighted like the whole context")
_embedding("mult", "Melamud et al. (2015) Mult: geometric mean of (cos+1)/2, target and context")
_embedding("balmult", "Melamud et al. (2015) BalMult: Mult with the target weighted like the "
           "whole context")
