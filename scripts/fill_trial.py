"""Compare fill chains on the SemEval-2007 trial data only, under LexSubGen's protocol.

For each system (`--systems`, default `wordnet roget lin`) its trial answers are made once,
then filled by each chain (`--chains`, generator names joined by `>`), and the filled lists
and pool rankings are scored as `lexsub baselines` scores its `SYSTEM+fill` rows
(`runs.trial_runs.run_filled`) on the 300 trial instances of `semeval2007-all`: P@1,
R@10, GAP from the pool ranking, and how many lists the chain could not bring to 10. Nothing
here reads the test data. Needs the built resources the chains read (`lexsub build`).

    python scripts/fill_trial.py --out /tmp/fill-trial
    python scripts/fill_trial.py --systems wordnet --chains "wordnet>dist:lin>word2vec" word2vec
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from lexsub_baselines import CandidateGenerator, Roots, generator, load_dataset, resolve_roots
from lexsub_baselines.catalog import build_system
from lexsub_baselines.catalog.fill_policies import DEFAULT_CHAIN
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.runs.runner import answer_dataset
from lexsub_baselines.runs.trial_runs import run_filled
from lexsub_baselines.systems.fill import FilledSystem, FillPolicy

#: The chains compared by default: the provisional default, without the thesaurus, and the
#: thesaurus before WordNet.
CHAINS = (">".join(DEFAULT_CHAIN), "wordnet>word2vec", "dist:lin>wordnet>word2vec")


def _sources(names: tuple[str, ...], roots: Roots) -> Callable[[], list[CandidateGenerator]]:
    return lambda: [generator(name, roots) for name in names]


def main() -> None:
    """Print one line per system and chain."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--systems", nargs="+", default=["wordnet", "roget", "lin"])
    parser.add_argument("--chains", nargs="+", default=list(CHAINS))
    parser.add_argument("--out", type=Path, default=Path("fill-trial"),
                        help="where the filled result files go")
    args = parser.parse_args()
    roots = resolve_roots()
    trial = load_dataset("semeval2007-trial", roots)
    ids = [i.id for i in trial.instances()]
    print("| system | chain | P@1 | R@10 | GAP (pool) | GAP (list) | short | profile |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.systems:
        system = build_system(name, roots)
        answers = answer_dataset(system, trial, progress=False)
        for chain in args.chains:
            sources = tuple(chain.split(">"))
            policy = FillPolicy("fill.trial", sources)
            filled = FilledSystem(system, policy, _sources(sources, roots))
            out = args.out / chain.replace(">", "_").replace(":", "-")
            _, row = run_filled(filled, "semeval2007-all", answers, out, roots, ids)
            m = row["metrics"]
            print(f"| {name} | {chain} | {m['prec@1']:.2f} | {m['rec@10']:.2f} | "
                  f"{m['gap_normalized']:.2f} | {row['list_gap']['gap_normalized']:.2f} | "
                  f"{row['fill']['short']} | {row['profile']} |")


if __name__ == "__main__":
    pin()  # as `lexsub` does: the kernels its builds are cached under
    main()
