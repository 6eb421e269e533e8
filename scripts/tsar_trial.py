"""Compare the TSAR PoS settings (`union`, `tagged`) on TSAR-2022 English trial, never on test.

Usage (after `make baselines`, so the parser and the systems' resources are built):

    python scripts/tsar_trial.py [SYSTEM ...]      # default: wordnet roget lin wordnet+lm

For each system and setting it prints the ten official figures of the plain and `+simpler`
rows on `tsar2022-en-trial` (10 instances: a coarse guide, said as such in docs/tsar.md),
and the parser's UPOS accuracy on the EWT test set. It writes nothing under results/.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from lexsub_baselines.builds.settings import ResourceSettings
from lexsub_baselines.catalog import build_system
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.distributional.parser import find_parser
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.runs.trial_runs import run_tsar
from lexsub_baselines.runs.tsar_runs import parser_tagger, tsar_system
from lexsub_baselines.systems.tsar import POS_SETTINGS
from lexsub_baselines.tables.tsar import TSAR_METRICS

DEFAULT = ("wordnet", "roget", "lin", "wordnet+lm")


def main(names: list[str]) -> int:
    """Print each system's figures on trial under every PoS setting."""
    roots = resolve_roots()
    model = find_parser(roots, ResourceSettings.from_env().parser)
    accuracy = model.scores.get("test", {}).get("pos_acc") if model is not None else None
    print(f"parser: {model.key if model else 'not built'}; UPOS accuracy on EWT test: "
          f"{accuracy}")
    dataset = load_dataset("tsar2022-en-trial", roots)
    print("system\tsetting\t" + "\t".join(TSAR_METRICS))
    with tempfile.TemporaryDirectory() as folder:
        for name in names or DEFAULT:
            system = build_system(name, roots)
            for setting in POS_SETTINGS:
                if setting == "tagged" and model is None:
                    print(f"{name}\ttagged\tnot run: the parser is not built (`lexsub build "
                          "parser`)")
                    continue
                tagger = parser_tagger(roots) if setting == "tagged" else None
                for record, row in run_tsar(tsar_system(system, roots, setting, tagger),
                                            dataset, Path(folder), progress=False):
                    figures = "\t".join(f"{row['metrics'][m]:.4f}" for m in TSAR_METRICS)
                    print(f"{record.system}\t{setting}\t{figures}")
    return 0


if __name__ == "__main__":
    pin()  # as `lexsub` does: the kernels its builds are cached under
    sys.exit(main(sys.argv[1:]))
