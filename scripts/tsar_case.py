"""Measure the TSAR-2022 gold's case, and what the case fix changes (`systems.tsar.CASES`).

Usage:

    python scripts/tsar_case.py [SYSTEM ...]   # default: the systems that need WordNet alone

First, per TSAR set: how many gold substitutes are capitalised, how many complex words are,
and the gold of those. Then, for each system on each set of its language, the rows under
`case: kept` (the complex word's capitalisation copied, before issue 50) and `case: lower`
(the rows' setting): how many instances' lists differ, and ACC@1, ACC@1@Top1, MAP@3 and
Potential@3 of both (plain and `+simpler`); for a Spanish or Portuguese system, how often
the ending by analogy gave a form (`systems.tsar_languages.Inflections`: `formed`, `kept` a
lemma where the complex word is not one, `same`: the complex word is its lemma), over every
substitute of the plain and `+simpler` lists. It writes nothing under results/.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
from pathlib import Path

from lexsub_baselines.catalog import build_system
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.runs.trial_runs import run_tsar
from lexsub_baselines.runs.tsar_runs import source_language, tsar_datasets, tsar_system
from lexsub_baselines.systems.tsar_languages import Inflections, LanguageSystem, analogy

DEFAULT = ("wordnet+freq:bnc:tiers", "wordnet+freq:wordfreq:tiers", "mythes:es", "wordnet:es",
           "mythes:pt", "wordnet:pt")
HEADLINE = ("ACC@1", "ACC@1@Top1", "MAP@3", "Potential@3")


def gold_case() -> None:
    """Print, per TSAR set, the capitalised gold substitutes and complex words."""
    roots = resolve_roots()
    for name in (n for n in dataset_names() if n.startswith("tsar2022-")):
        dataset = load_dataset(name, roots)
        if not dataset.has("gold"):
            continue
        gold = dataset.gold()
        items = [s for g in gold.values() for s, n in g.entries for _ in range(n)]
        capital = [i for i in dataset.instances() if i.lemma[:1].isupper()]
        print(f"{name}: {sum(s[:1].isupper() for s in items)} of {len(items)} gold "
              f"substitutes capitalised; {len(capital)} capitalised complex words: " + ", ".join(
                  f"{i.lemma} (gold {', '.join(s for s, _ in gold[i.id].entries[:3])})"
                  for i in capital))


def main(names: list[str]) -> int:
    """Print the gold's case, then each system's rows under both case settings."""
    gold_case()
    roots = resolve_roots()
    print("system\tdataset\tchanged\t" + "\t".join(f"{m} kept\t{m} lower" for m in HEADLINE))
    with tempfile.TemporaryDirectory() as folder:
        for name in names or DEFAULT:
            system = build_system(name, roots)
            for dataset_name in tsar_datasets(source_language(system)):
                dataset = load_dataset(dataset_name, roots)
                rows = {}
                lists = {}
                tally = Inflections()
                for case in ("kept", "lower"):
                    wrapped = dataclasses.replace(tsar_system(system, roots), case=case)
                    if case == "lower" and isinstance(system, LanguageSystem):
                        wrapped = dataclasses.replace(wrapped,
                                                      inflector=analogy(system.language, tally))
                    out = Path(folder) / case
                    rows[case] = run_tsar(wrapped, dataset, out, progress=False)
                    lists[case] = [(out / r["system"]).read_text(encoding="utf-8")
                                   for _, r in rows[case]]
                for n, (record, _) in enumerate(rows["lower"]):
                    changed = sum(a != b for a, b in zip(lists["kept"][n].splitlines(),
                                                         lists["lower"][n].splitlines(),
                                                         strict=True))
                    figures = "\t".join(f"{rows['kept'][n][1]['metrics'][m]:.4f}\t"
                                        f"{rows['lower'][n][1]['metrics'][m]:.4f}"
                                        for m in HEADLINE)
                    print(f"{record.system}\t{dataset_name}\t{changed}\t{figures}")
                if tally.counts:
                    print(f"{name}\t{dataset_name}\tinflection: {dict(tally.counts)}, left a "
                          f"lemma {tally.failure_rate():.1%} of the substitutes needing a form")
    return 0


if __name__ == "__main__":
    pin()  # as `lexsub` does: the kernels its builds are cached under
    sys.exit(main(sys.argv[1:]))
