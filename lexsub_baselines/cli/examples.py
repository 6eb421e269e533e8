"""The worked examples that end each sub-command's help page (argparse epilog).

One table (`EXAMPLES`: command -> (what it does, the command or commands) per example), so
the examples of every page are read in one place and tests/test_cli_entry.py parses each.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

__all__ = ["EXAMPLES", "ExampleFormatter", "examples"]

Step = tuple[str, str | tuple[str, ...]]

#: command (`lexsub` for the top page) -> its examples: (what it does, the command or commands).
EXAMPLES: dict[str, tuple[Step, ...]] = {
    "lexsub": (
        ("score a file anywhere: fetch the data once, then score (SemEval-2007, SWORDS, "
         "LexSubGen's protocol, TSAR-2022)",
         ("lexsub fetch scoring", "lexsub score mine.best semeval2007-test",
          "lexsub score mine.tsv tsar2022-en-test --compare")),
        ("offline: a mirror where the data is, then fetch from it (`lexsub mirror --help`)",
         ("lexsub mirror ~/lexsub-mirror", "lexsub fetch scoring --mirror http://HOST:8000")),
        ("build and run the baselines (needs the baselines extra: in a clone, pip install "
         "'.[baselines]')", "lexsub baselines")),
    "fetch": (
        ("everything `lexsub score` reads (SemEval-2007, LS07-all's candidate pools, CoInCo, "
         "SWORDS, TSAR-2022, and WordNet for SWORDS: taken from Debian's folder when installed, "
         "else fetched)", "lexsub fetch scoring"),
        ("one input, into a folder of one's own", "lexsub --data-root ~/lexsub-data fetch "
         "semeval2007"),
        ("where each input comes from, or why it cannot be fetched", "lexsub fetch --list")),
    "mirror": (
        ("a mirror of what `lexsub score` reads, served for other machines",
         ("lexsub mirror ~/lexsub-mirror scoring", "python3 -m http.server -d ~/lexsub-mirror "
          "8000")),
        ("then, on a machine without internet access to the hosts",
         "lexsub fetch scoring --mirror http://THAT-HOST:8000")),
    "datasets": (
        ("which datasets' files are in place under the data root", "lexsub datasets"),
        ("the same for a data folder of one's own",
         "lexsub --data-root ~/lexsub-data datasets")),
    "resources": (
        ("every input: present or missing, and where to get it", "lexsub resources"),
        ("hash the SemEval-2007 gold and compare it with the manifest",
         "lexsub resources --verify semeval2007-key-gold")),
    "baselines": (
        ("every system, every dataset (hours: docs/speed.md)", "lexsub baselines"),
        ("two systems only, without LexSubGen's protocol",
         "lexsub baselines --systems wordnet roget --no-lexsubgen")),
    "systems": (
        ("the registered systems", "lexsub systems"),
        ("with the systems a plug-in registers", "lexsub systems --plugin my_system.py")),
    "run": (
        ("answer the SemEval-2007 test set with the WordNet baseline, then score it",
         ("lexsub run wordnet semeval2007-test",
          "lexsub score results/semeval2007-test/wordnet.best semeval2007-test")),
        ("a generator with another ranker, on SWORDS", "lexsub run wordnet+lm swords-test")),
    "score": (
        ("SemEval-2007: fetch the data once, then score a best file (-t best is the default) "
         "and an oot file", ("lexsub fetch scoring", "lexsub score mine.best semeval2007-test",
                             "lexsub score mine.oot semeval2007-test -t oot")),
        ("SWORDS (the benchmark's evaluation), then LexSubGen's protocol on LS07-all and "
         "CoInCo (a JSON result against coinco-all is LexSubGen's: no --protocol needed), "
         "ranked among today's published systems (-t does not apply to either)",
         ("lexsub score mine.lsr.json swords-test", "lexsub score mine.json semeval2007-all",
          "lexsub score mine.json coinco-all --compare")),
        ("TSAR-2022 (tsar_eval.py's ten figures), ranked among the task's official runs",
         ("lexsub fetch tsar2022", "lexsub score mine.tsv tsar2022-es-test --compare"))),
    "field": (
        ("fetch the field's released outputs (UniHD, WordTune), then rescore them",
         ("lexsub fetch field scoring", "lexsub field")),
        ("their rows as JSON, the answer files elsewhere",
         "lexsub field --out /tmp/released --format json")),
    "components": (
        ("every generator, ranker, frequency source and profile", "lexsub components"),
        ("with a plug-in's components", "lexsub components --plugin my_system.py")),
    "report": (
        ("the report of `make baselines`'s results", "lexsub report"),
        ("SemEval-2007 test only, written elsewhere",
         "lexsub report --datasets semeval2007-test --out /tmp/report")),
    "rank-eval": (
        ("the default rankers on the default datasets", "lexsub rank-eval"),
        ("two rankers on LS07's pools",
         "lexsub rank-eval --rankers freq lm --datasets semeval2007-test")),
    "vote": (
        ("the vote of three systems, then its score",
         ("lexsub vote semeval2007-test --systems wordnet roget lin",
          "lexsub score results/semeval2007-test/vote.oot semeval2007-test -t oot")),
        ("the vote of every system with answers", "lexsub vote semeval2007-test")),
    "lm": (
        ("build the model (and the bag-of-words counts)", "lexsub lm build --bow"),
        ("its perplexity on the test sentences",
         "lexsub lm perplexity --dataset semeval2007-test"),
        ("tune cmlc on the trial data and record it", "lexsub lm tune-cmlc --write")),
    "build": (
        ("train the parser (the first stage of the thesauri)", "lexsub build parser"),
        ("relation counts of a 20M-token sample, on four local workers",
         "lexsub build relations --max-tokens 20M --workers 4"),
        ("everything, on a running Dask scheduler",
         "lexsub build --scheduler tcp://127.0.0.1:8786")),
    "kernels": (
        ("the kernels in force and the levels this machine runs", "lexsub kernels"),
        ("the pin's variables, for a remote worker", "lexsub kernels --env")),
    "verify-tables": (
        ("compare results/ with the README's tables", "lexsub verify-tables"),
        ("compare another folder with a digest someone printed",
         "lexsub verify-tables --out my-results --digest 160542599eedce80")),
}


class ExampleFormatter(argparse.HelpFormatter):
    """Fill each line of a description or epilog on its own (an example's comment, `  # `,
    continued as a comment), and keep the examples' commands whole, to copy."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = []
        for line in text.splitlines():
            lead = indent + ("  # " if line.startswith("  # ") else "")
            if line.startswith(" ") and not lead.endswith("# "):
                lines.append(indent + line)  # a command
            else:
                lines.append(textwrap.fill(" ".join(line.removeprefix("  # ").split()), width,
                                           initial_indent=lead, subsequent_indent=lead))
        return "\n".join(lines)


def examples(command: str) -> dict[str, Any]:
    """Return the `add_parser` keywords of `command`'s help page: its description filled as
    before, then `EXAMPLES[command]` under `examples:`."""
    lines = ["examples:"]
    for what, commands in EXAMPLES[command]:
        lines.append(f"  # {what}")
        lines += [f"  {c}" for c in ((commands,) if isinstance(commands, str) else commands)]
    return {"epilog": "\n".join(lines), "formatter_class": ExampleFormatter}
