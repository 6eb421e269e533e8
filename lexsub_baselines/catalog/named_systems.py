"""Registers the named systems, in the order of `make baselines` and of the tables.

Part of `lexsub_baselines.catalog` (after `components`, whose generators and rankers the
systems compose). Most systems are `compose(name, generator, ranker)`, the same call a plug-in
uses; the others (mw, cross-lingual, vote) register a factory.
"""

from __future__ import annotations

from lexsub_baselines.catalog.components import BASELINE_FREQUENCY
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.rankers.base import RANKERS
from lexsub_baselines.rankers.embedding import MEASURES as EMBEDDING_MEASURES
from lexsub_baselines.resources.frequency import FREQUENCY_SOURCES
from lexsub_baselines.systems.base import SYSTEMS, System, compose

__all__ = ["VOTE_MEMBERS"]


compose("wordnet", "wordnet", f"freq:{BASELINE_FREQUENCY}:tiers",
          "WordNet baseline: synonyms by criteria 1-4 (tiers), by relation frequency within a "
          "tier")
compose("wordnet-c12", "wordnet-c12", f"freq:{BASELINE_FREQUENCY}:tiers",
          "the trial release's WordNet baseline: criteria 1-2 only, by relation frequency")
compose("roget", "roget", f"freq:{BASELINE_FREQUENCY}",
          "Roget baseline: all same-PoS synonyms in Roget (1911), by relation frequency")


@SYSTEMS.register("mw")
def _mw(roots: Roots) -> System:
    """mw task: a WordNet multiword with the target within 2 words before/after it"""
    from lexsub_baselines.resources.wordnet import open_wordnet
    from lexsub_baselines.systems.multiword import MultiwordBaseline

    return MultiwordBaseline(open_wordnet(roots), name="mw")


# The distributional baselines (McCarthy & Navigli 2007): nearest neighbours, no re-ranking.
for _measure, _doc in (("lin", "Lin (1998)"), ("l1", "l1 distance"),
                       ("lee", "alpha-skew divergence (Lee 1999)"), ("jaccard", "Jaccard"),
                       ("cos", "cosine")):
    compose(_measure, f"dist:{_measure}", "identity",
              f"distributional thesaurus, {_doc}: best = nearest, oot = 10 nearest")
compose("word2vec", "word2vec", "identity",
          "modern extra: nearest same-PoS word2vec neighbours (gensim, same corpus)")

# In-context rankers over the same WordNet candidates, all four tiers (Jabbari et al. 2010).
for _ranker in ("bow", "lm", "cmlc"):
    compose(f"wordnet+{_ranker}", "wordnet", _ranker,
              f"WordNet candidates (all tiers) ranked by the {_ranker} model of the context")

# Beyond Jabbari: context ranking with the baseline's first-criterion prior (chosen on trial).
compose("wordnet+cmlc:tier1-first", "wordnet", "cmlc:tier1-first",
          "WordNet candidates: first-synset synonyms first, each group ranked by cmlc")
compose("wordnet+cmlc:prior", "wordnet", "cmlc:prior",
          "WordNet candidates ranked by cmlc plus the baseline's tier and frequency priors")

# Beyond the seeds: Melamud et al.'s (2015) embedding measures over the same candidates.
for _measure in EMBEDDING_MEASURES:
    compose(f"wordnet+emb:{_measure}", "wordnet", f"emb:{_measure}",
            f"WordNet candidates ranked by the skip-gram {_measure} measure (Melamud et al. 2015)")

# Ablation: the WordNet baseline under every frequency source.
for _source in FREQUENCY_SOURCES.names():
    compose(f"wordnet+freq:{_source}:tiers", "wordnet", f"freq:{_source}:tiers",
              f"WordNet baseline ranked by the {_source} frequency source (ablation)")


# Cross-lingual (SemEval-2010 Task 2) systems answer in Spanish (`language = "es"`); see
# `systems.crosslingual` and `datasets.clls.crosslingual_target` for where they run.
def _crosslingual(dictionary: str, corpus_ranked: bool) -> None:
    kind = "dictcorp" if corpus_ranked else "dict"

    def factory(roots: Roots) -> System:
        from lexsub_baselines.generators.bilingual import BilingualGenerator
        from lexsub_baselines.resources.dictionaries import load_dictionary
        from lexsub_baselines.systems.crosslingual import CrossLingualSystem

        generator = BilingualGenerator(load_dictionary(dictionary, roots))
        ranker = RANKERS.get("eswiki-frequency")(roots) if corpus_ranked else None
        return CrossLingualSystem(f"{kind}:{dictionary}", generator, ranker)

    doc = ("DICTCORP: {d} translations ranked by Spanish Wikipedia frequency" if corpus_ranked
           else "DICT: {d} translations in dictionary order (best = first, oot = first 10)")
    SYSTEMS.add(f"{kind}:{dictionary}", factory, doc.format(d=dictionary))


_crosslingual("wiktionary", corpus_ranked=False)
_crosslingual("wiktionary", corpus_ranked=True)
_crosslingual("freedict", corpus_ranked=False)
_crosslingual("freedict", corpus_ranked=True)


@SYSTEMS.register("wordnet-translate:wiktionary", needs=SYSTEMS.needs("wordnet"))
def _wordnet_translate(roots: Roots) -> System:
    """the WordNet system's English oot substitutes translated through Wiktionary (EN->ES)"""
    from lexsub_baselines.generators.bilingual import BilingualGenerator
    from lexsub_baselines.resources.dictionaries import load_dictionary
    from lexsub_baselines.systems.crosslingual import TranslatingSystem

    english = SYSTEMS.get("wordnet")(roots)  # the English WordNet baseline
    return TranslatingSystem("wordnet-translate:wiktionary", english,
                             BilingualGenerator(load_dictionary("wiktionary", roots)))


#: The members of `vote`, in tie-breaking order (those registered when it is built).
VOTE_MEMBERS: tuple[str, ...] = ("wordnet", "lin", "l1", "lee", "jaccard", "cos", "roget")


@SYSTEMS.register("vote", needs=tuple(dict.fromkeys(
    need for m in VOTE_MEMBERS if m in SYSTEMS for need in SYSTEMS.needs(m))))
def _vote(roots: Roots) -> System:
    """vote of the English baselines (wordnet, lin, l1, lee, jaccard, cos, roget present)"""
    from lexsub_baselines.systems.voting import VotingSystem

    members = [m for m in VOTE_MEMBERS if m in SYSTEMS]
    if len(members) < 2:
        raise LexsubError(f"vote needs at least two of {', '.join(VOTE_MEMBERS)} registered "
                          f"(found: {', '.join(members) or 'none'})")
    return VotingSystem("vote", tuple(SYSTEMS.get(m)(roots) for m in members))
