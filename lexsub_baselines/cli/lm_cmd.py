"""`lexsub lm`: build the n-gram LM (and the bag-of-words counts) and report perplexity.

    lexsub lm build [--max-tokens N|all] [--order 5] [--prune 0 0 1] [--bow]
    lexsub lm perplexity [--dataset semeval2007-trial]
    lexsub lm tune-cmlc [--generator wordnet] [--write]
    lexsub lm tune-prior [--generator wordnet] [--write]

`tune-cmlc` grid-searches the cmlc weight λ on the SemEval-2007 TRIAL data only (never the
test data), maximising Jabbari et al.'s (2010) rank measure (default; it scores the order of
the ten oot answers, which is what a ranker changes) or official oot recall of generator +
cmlc, and with `--write` records it in `lexsub_baselines/rankers/cmlc_lambda.json` (checked
in; the `cmlc` ranker reads it). `tune-prior` does the same for the tier and frequency
weights of `cmlc:prior` (official best recall on trial; `rankers/cmlc_prior.json`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.options import engine_options, engine_settings, token_budget
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots


def _config_options(parser: argparse.ArgumentParser) -> None:
    from lexsub_baselines.lm.model import DEFAULT_MAX_TOKENS

    parser.add_argument("--corpora", nargs="+", default=["enwiki", "gutenberg"],
                        help="corpora to sample (default: enwiki gutenberg)")
    parser.add_argument("--max-tokens", type=token_budget, default=DEFAULT_MAX_TOKENS,
                        help=f"white-space token budget, or 'all' (default {DEFAULT_MAX_TOKENS:,})")
    parser.add_argument("--order", type=int, default=5, help="n-gram order, 2-6 (default 5)")
    parser.add_argument("--prune", type=int, nargs="*", default=[0, 0, 1],
                        help="lmplz --prune thresholds per order (default 0 0 1)")
    parser.add_argument("--lowercase", action="store_true", help="lower-case the training text")
    parser.add_argument("--binary", choices=("trie", "probing"), default="trie",
                        help="build_binary data structure (default trie)")
    parser.add_argument("--memory", default="1G", help="lmplz/build_binary -S (default 1G)")


def add_parser(subparsers: Any) -> None:
    """Register the `lm` sub-command."""
    parser = subparsers.add_parser(
        "lm", help="build the KenLM n-gram model; perplexity",
        description="The KenLM n-gram model of the lm, bow and cmlc rankers: build it, "
        "measure its perplexity on a dataset's sentences, or tune the cmlc weights on the "
        "trial data.",
        **examples("lm"))
    actions = parser.add_subparsers(dest="lm_action", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="estimate, binarise, verify and cache the LM "
                               "(through the build graph, like `lexsub build lm`)",
                               description="Estimate (lmplz), binarise (build_binary), verify "
                               "and cache the KenLM model, through the build graph, as `lexsub "
                               "build lm` does.")
    _config_options(build)
    build.add_argument("--bow", action="store_true",
                       help="also build the bag-of-words co-occurrence counts")
    engine_options(build)
    build.set_defaults(func=run_build)
    ppl = actions.add_parser("perplexity", help="perplexity of the LM on a dataset's sentences",
                             description="Print the perplexity of the cached LM on the "
                             "sentences of a dataset's instances.")
    _config_options(ppl)
    ppl.add_argument("--dataset", default="semeval2007-trial",
                     help="dataset whose contexts are scored (default semeval2007-trial)")
    ppl.add_argument("--json", action="store_true", help="print the report as JSON")
    ppl.set_defaults(func=run_perplexity)
    _tuning_command(actions, "tune-cmlc", "the cmlc weight", run_tune,
                    {"rank": "Jabbari's rank measure, recall", "oot-recall": "official oot recall"},
                    "rankers/cmlc_lambda.json")
    _tuning_command(actions, "tune-prior", "the tier and frequency weights of cmlc:prior",
                    run_tune_prior, {"best-recall": "official best recall",
                                     "oot-recall": "official oot recall"},
                    "rankers/cmlc_prior.json")


def _tuning_command(actions: Any, name: str, what: str, func: Any, measures: dict[str, str],
                    record: str) -> None:
    """Add a `tune-*` sub-command; the first of `measures` is its default."""
    command = actions.add_parser(name, help=f"tune {what} on the trial data",
                                 description=f"Tune {what} on the SemEval-2007 trial data "
                                 "(never the test data), printing each setting's figure with "
                                 f"the best marked; --write records the best in {record}.")
    command.add_argument("--generator", default="wordnet",
                         help="candidate generator whose candidates are ranked (default wordnet)")
    default = next(iter(measures))
    command.add_argument("--measure", choices=tuple(measures), default=default,
                         help=f"trial measure to maximise (default: {measures[default]})")
    command.add_argument("--write", action="store_true", help=f"record the result in {record}")
    command.set_defaults(func=func)


def _config(args: argparse.Namespace) -> Any:
    from lexsub_baselines.lm.model import LMConfig

    config = LMConfig(corpora=tuple(args.corpora), max_tokens=args.max_tokens, order=args.order,
                      prune=tuple(args.prune), lowercase=args.lowercase, binary=args.binary,
                      memory=args.memory)
    config.check()
    return config


def run_build(args: argparse.Namespace, roots: Roots) -> int:
    """Build (or find cached) the LM for the given settings and print where it is."""
    import dataclasses

    from lexsub_baselines.builds import ResourceSettings, ensure
    from lexsub_baselines.lm.model import load_lm

    config = _config(args)
    settings = dataclasses.replace(ResourceSettings.from_env(), lm=config)
    ensure(roots, ("lm", "bow") if args.bow else ("lm",), settings, engine_settings(args))
    lm = load_lm(roots, config)
    meta = lm.meta
    print(f"{config.signature()}\n  file      {lm.path}")
    print(f"  corpus    {meta.get('corpus_tokens', 0):,} tokens, "
          f"{meta.get('corpus_sentences', 0):,} sentences")
    print(f"  n-grams   {meta.get('ngram_counts')}")
    print(f"  size      {meta.get('binary_bytes', 0) / 1e6:.1f} MB; lmplz "
          f"{meta.get('lmplz_seconds')}s, build_binary {meta.get('build_binary_seconds')}s")
    if args.bow:
        from lexsub_baselines.rankers.bow import load_bow_model

        counts = load_bow_model(roots, config.corpora, config.max_tokens).counts
        print(f"bow counts: {len(counts.words):,} words, {counts.matrix.nnz:,} non-zero pairs "
              f"(window ±{counts.meta['window']})")
    return 0


def run_perplexity(args: argparse.Namespace, roots: Roots) -> int:
    """Print the perplexity of the LM on the dataset's contexts (tokenised as distributed)."""
    from lexsub_baselines.datasets.catalog import load_dataset
    from lexsub_baselines.lm.model import load_lm, perplexity
    from lexsub_baselines.text.tokenise import normalise_token

    config = _config(args)
    instances = load_dataset(args.dataset, roots).instances()
    if not instances:
        raise LexsubError(f"dataset {args.dataset} has no instances")
    lm = load_lm(roots, config)
    report = perplexity(lm, ([normalise_token(t) for t in i.tokens] for i in instances))
    if args.json:
        print(json.dumps({"signature": config.signature(), "dataset": args.dataset,
                          **report.__dict__}, indent=1, sort_keys=True))
        return 0
    print(f"{config.signature()} on {args.dataset}: perplexity {report.perplexity:.1f} "
          f"(without OOVs {report.perplexity_no_oov:.1f}); {report.sentences} sentences, "
          f"{report.tokens} tokens incl. </s>, {report.oov} OOV "
          f"({100 * report.oov / report.tokens:.2f}%)")
    return 0


def _trial_items(generator_name: str, roots: Roots) -> tuple[Any, list[Any]]:
    """The tuning dataset and its (instance, candidates) pairs from `generator_name`."""
    from lexsub_baselines.catalog import GENERATORS
    from lexsub_baselines.datasets.catalog import load_dataset
    from lexsub_baselines.rankers.tuning import TUNING_DATASET
    from lexsub_baselines.substitutes.candidates import dedupe, without_target

    dataset = load_dataset(TUNING_DATASET, roots)
    generator = GENERATORS.get(generator_name)(roots)
    items = [(i, dedupe(without_target(generator.generate(i), i.lemma)))
             for i in dataset.instances()]
    return dataset, items


def _official_recall(dataset: Any, task: str, ranked: Any, jabbari_rank: bool = False) -> float:
    """Official best/oot recall (or Jabbari's rank measure) of ranked candidates on `dataset`."""
    from lexsub_baselines.scoring import score, substitution_recall
    from lexsub_baselines.systems.base import OOT_SIZE

    size = 1 if task == "best" else OOT_SIZE
    answers = {iid: [c.lemma for c in cands[:size]] for iid, cands in ranked.items()}
    if not jabbari_rank:
        return substitution_recall(answers, dataset, task)
    report = score(answers, dataset, task, warn=False, measures=("jabbari",))
    if report.jabbari is None:  # pragma: no cover - asked for above
        raise LexsubError("the scorer returned no Jabbari measures")
    return float(report.jabbari.to_json()["rank"]["recall"])


def run_tune(args: argparse.Namespace, roots: Roots) -> int:
    """Grid-search λ of cmlc on the trial data; optionally record it."""
    from lexsub_baselines.catalog import RANKERS
    from lexsub_baselines.lm.model import LMConfig
    from lexsub_baselines.rankers.cmlc import CmlcRanker, tune_lambda

    dataset, items = _trial_items(args.generator, roots)
    ranker = RANKERS.get("cmlc")(roots)
    if not isinstance(ranker, CmlcRanker):  # pragma: no cover - the catalog's cmlc
        raise LexsubError("the registered cmlc ranker is not a CmlcRanker")
    rank = args.measure == "rank"
    name = ("rank measure recall (Jabbari et al. 2010), trial" if rank
            else "oot recall (official), trial")
    result = tune_lambda(ranker, items, lambda ranked: _official_recall(dataset, "oot", ranked,
                                                                        jabbari_rank=rank),
                         measure_name=name)
    for lam, value in result.values:
        mark = "  <- best" if lam == result.best_lambda else ""
        print(f"lambda {lam:.1f}  {args.measure} {value:.2f}{mark}")
    if args.write:
        from lexsub_baselines.rankers.bow import DEFAULT_MU

        result.write(generator=args.generator, lm=LMConfig().signature(),
                     bow=f"window 5, min_count 5, stop_top 100, mu {DEFAULT_MU:g}")
        print(f"recorded lambda {result.best_lambda} in rankers/cmlc_lambda.json")
    return 0


def run_tune_prior(args: argparse.Namespace, roots: Roots) -> int:
    """Grid-search the tier and frequency weights of cmlc:prior on the trial data."""
    from lexsub_baselines.catalog import RANKERS
    from lexsub_baselines.rankers.prior import PriorRanker, tune_prior

    dataset, items = _trial_items(args.generator, roots)
    ranker = RANKERS.get("cmlc:prior")(roots)
    if not isinstance(ranker, PriorRanker):  # pragma: no cover - the catalog's cmlc:prior
        raise LexsubError("the registered cmlc:prior ranker is not a PriorRanker")
    task = args.measure.removesuffix("-recall")
    result = tune_prior(ranker, items, lambda ranked: _official_recall(dataset, task, ranked),
                        measure_name=f"{task} recall (official), trial")
    for weights, value in result.values:
        mark = "  <- best" if weights == result.best else ""
        print(f"{weights!s:<28} {args.measure} {value:.2f}{mark}")
    if args.write:
        from lexsub_baselines.catalog import PRIOR_FREQUENCY
        from lexsub_baselines.rankers.cmlc import read_lambda

        result.write(generator=args.generator, frequency_source=PRIOR_FREQUENCY,
                     cmlc_lambda=f"{read_lambda():g}")
        print(f"recorded {result.best} in rankers/cmlc_prior.json")
    return 0
