"""The second wave of released outputs: ParaLS (as the ProLex authors replicated it) and ConCat.

- ParaLS (Qiang et al., ACL 2023), cynic01/ParaLS at commit 2841138 (the ProLex authors' fork
  holding their replication runs, MIT): its SemEval-format answers on CoInCo's test part
  (`ls14_search_results/log.1/`, laid out as `parals/coinco/`) with the official `score.pl`
  output and its own evaluation's P@1 and P@3 files beside them, and its answers on ProLex dev
  and test (`lspro_search_results/{dev,test}/`, as `parals/prolex/{dev,test}/`), whose ids
  are the ProLex CSV's row numbers; the ProLex authors' conversion of their CSV for ParaLS
  (`processed.tsv`, NLTK's PoS tags) from BillyZhang24kobe/LS_Proficiency at commit f54ba0f.
- ConCat (ICAART 2025), sebischair/ConCat at commit 3ebd7d3 (`data/results/`, MIT): ConCat's
  and a BERT-dropout baseline's top 10 on 300 LS07 instances (the trial set's) and on SWORDS
  v1.1 dev's 370 targets, one CSV row per instance, without ids.
"""

from __future__ import annotations

from lexsub_baselines.datasets.field_types import FieldOutput, Repository
from lexsub_baselines.tables.released import RELEASED_PREFIX

__all__ = ["CONCAT", "PARALS", "PARALS_PROLEX", "second_wave"]

PARALS = Repository("cynic01/ParaLS", "2841138b9214f04682c4980b36372b69ba573ccf", "parals",
                    "field-parals", "MIT (the fork's LICENSE)")
#: The ProLex authors' conversion of their CSV for ParaLS, beside ParaLS's outputs.
PARALS_PROLEX = Repository("BillyZhang24kobe/LS_Proficiency",
                           "f54ba0fba30b26d44b585521b7fcbac37c3d3b0d", "parals", "field-parals",
                           "Apache-2.0 (the ProLex repository)")
CONCAT = Repository("sebischair/ConCat", "3ebd7d3346d56a8626c0de95718a243a62fdd56e", "concat",
                    "field-concat", "MIT (LICENSE)", flat=True)
_STEM = "ls14.out.embed.0.02"


def _parals() -> list[FieldOutput]:
    """ParaLS (Qiang et al. 2023) as the ProLex authors replicated it: CoInCo's test part
    (official score.pl and ParaLS's own P@1, P@3 files beside it) and ProLex dev and test."""
    coinco = "ls14_search_results/log.1/"
    system = f"{RELEASED_PREFIX}parals"
    outputs = [FieldOutput("field-parals-coinco-best", "parals", f"{coinco}{_STEM}.best", PARALS,
                           "ParaLS's best answers on CoInCo's test part", system, "coinco-test",
                           "field-parals-coinco-scores-best", f"coinco/{_STEM}.best")]
    scores = "ls14.scores.out.embed.0.02"
    for tail, name, kind, what in (
            ("oot", f"{_STEM}.oot", "parals-oot", "oot answers on CoInCo's test part"),
            ("p1", f"{_STEM}_p1.txt", "parals-ranked", "first substitute per instance (P@1)"),
            ("p3", f"{_STEM}_p3.txt", "parals-ranked", "first three per instance (P@3)"),
            ("scores-best", f"{scores}.best", "parals-scores", "score.pl output of its best"),
            ("scores-oot", f"{scores}.oot", "parals-scores", "score.pl output of its oot"),
            ("scores-p1", f"{scores}_p1.txt", "parals-scores", "own evaluation's P@1 output"),
            ("scores-p3", f"{scores}_p3.txt", "parals-scores", "own evaluation's P@3 output")):
        outputs.append(FieldOutput(f"field-parals-coinco-{tail}", kind, coinco + name, PARALS,
                                   f"ParaLS's {what} (CoInCo's test part)",
                                   local=f"coinco/{name}"))
    lspro = "lspro.out.embed.0.02"
    for split in ("dev", "test"):
        folder = f"lspro_search_results/{split}/"
        outputs.append(FieldOutput(
            f"field-parals-prolex-{split}", "parals-prolex", f"{folder}{lspro}.oot", PARALS,
            f"ParaLS's top 10 on ProLex {split} (ids: the CSV's row numbers)", system,
            f"prolex-{split}", local=f"prolex/{split}/{lspro}.oot"))
        outputs.append(FieldOutput(
            f"field-parals-prolex-{split}-best", "parals-best", f"{folder}{lspro}.best",
            PARALS, f"ParaLS's first substitute on ProLex {split}",
            local=f"prolex/{split}/{lspro}.best"))
        outputs.append(FieldOutput(
            f"field-parals-prolex-{split}-processed", "parals-processed",
            f"baselines/ParaLS_results/{split}/processed.tsv", PARALS_PROLEX,
            f"the ProLex authors' conversion of ProLex {split} for ParaLS (NLTK's PoS tags)",
            local=f"prolex/{split}/processed.tsv"))
    outputs.append(FieldOutput("field-parals-licence", "licence", "LICENSE", PARALS,
                               "the ParaLS fork's licence (MIT)"))
    return outputs


def _concat() -> list[FieldOutput]:
    """ConCat (ICAART 2025) and its BERT-dropout baseline on LS07 trial and SWORDS dev."""
    outputs = [FieldOutput(f"field-concat-{short}{'-dropout' if drop else ''}", "concat",
                           f"data/results/{name}", CONCAT,
                           f"{'BERT-dropout' if drop else 'ConCat'}'s top 10 on {what}",
                           f"{RELEASED_PREFIX}{'bert-dropout' if drop else 'concat'}", dataset)
               for short, dataset, what in (("ls07", "semeval2007-trial", "300 LS07 instances"),
                                            ("swords", "swords-dev", "SWORDS v1.1 dev"))
               for drop, name in ((False, f"{short}_results.csv"),
                                  (True, f"{short}_dropout_results.csv" if short == "ls07"
                                   else "swords_results_dropout.csv"))]
    return [*outputs, FieldOutput("field-concat-licence", "licence", "LICENSE", CONCAT,
                                  "ConCat's licence (MIT)")]


def second_wave() -> tuple[FieldOutput, ...]:
    """Return ParaLS's and ConCat's released files, in the manifest's order."""
    return (*_parals(), *_concat())
