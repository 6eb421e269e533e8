"""Score readings of the 2007 WordNet baseline, one switch at a time, and print a table.

Usage:
    .venv/bin/python scripts/wordnet_variants.py                          # trial, bnc + wordfreq
    .venv/bin/python scripts/wordnet_variants.py --sources bnc,wordnet-order,gr
    .venv/bin/python scripts/wordnet_variants.py --variants current,criteria-1-2+similar-only
    .venv/bin/python scripts/wordnet_variants.py --list

Each variant changes one documented reading of the baseline (McCarthy & Navigli 2007 §3.1;
task documentation §5) against `current` (the registered `wordnet` system: criteria 1-4 as
tiers, `RELATED_CLASSES`, multiwords ranked last). Sources are frequency sources of
`lexsub_baselines.resources.frequency` ranking within tiers, or `wordnet-order` (no re-ranking).
On semeval2007-trial the reference row is the trial release's own baseline files (BL.out,
BLoutof10.out: criteria 1-2 only, per the task documentation) under the key scorer; on
semeval2007-test, the published WordNet row. Choose variants on trial, never on test.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field

from tqdm import tqdm

from lexsub_baselines.catalog import frequency_source
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.wordnet import RELATED_CLASSES, WITH_ALSO_SEE, WordNetGenerator
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.rankers.frequency import FrequencyRanker
from lexsub_baselines.rankers.identity import IdentityRanker
from lexsub_baselines.resources.wordnet import WordNet, open_wordnet
from lexsub_baselines.scoring import score
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.systems.base import ComposedSystem

WORDNET_ORDER = "wordnet-order"

#: Reference figures (key scorer, percentages): best R, best Mode R, oot R, oot Mode R.
#: Trial: the trial release's BL.out / BLoutof10.out (SCORING.md); test: DESIGN.md's table.
REFERENCES: dict[str, tuple[str, tuple[float, float, float, float]]] = {
    "semeval2007-trial": ("organisers' trial files", (10.52, 12.81, 21.57, 29.06)),
    "semeval2007-test": ("published (WordNet 2.1)", (9.95, 15.28, 29.35, 40.57)),
}


@dataclass(frozen=True)
class Variant:
    """One reading of the baseline.

    Attributes:
        name: the label in the table.
        doc: the hypothesis it tests.
        max_tier: the last criterion used (1-4).
        related: relations of criteria 2 and 4 per PoS.
        drop_multiwords: remove multiword candidates (no frequency) instead of ranking them last.
        drop_inflections: remove candidates whose base form (morphy) is the target lemma.
        first_tier_only: answer only from the first criterion that yields a candidate.
        original_pos: use the first PoS tag of two-tag lexelts (`bar.n.v` -> n), not the last.
    """

    name: str
    doc: str
    max_tier: int = 4
    related: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: RELATED_CLASSES)
    drop_multiwords: bool = False
    drop_inflections: bool = False
    first_tier_only: bool = False
    original_pos: bool = False


_NO_ADVERBS = {**RELATED_CLASSES, "r": ()}
_NO_INSTANCES = {**RELATED_CLASSES, "n": ("hypernym",), "v": ("hypernym",)}


def _documented(name: str, doc: str, *, drop_multiwords: bool = False,
                original_pos: bool = False) -> Variant:
    """Return a variant of the trial documentation's reading: criteria 1-2, similar-to only."""
    return Variant(name, doc, max_tier=2, drop_multiwords=drop_multiwords,
                   original_pos=original_pos)


VARIANTS: tuple[Variant, ...] = (
    Variant("current", "registered `wordnet`: criteria 1-4, adjectives similar-to only"),
    Variant("criteria-1", "first synset only", max_tier=1),
    Variant("criteria-1-2+also-see", "criteria 1-2, adjectives similar-to + also-see",
            max_tier=2, related=WITH_ALSO_SEE),
    Variant("criteria-1-3", "criteria 1-3 (no related classes of the other synsets)",
            max_tier=3),
    Variant("with-also-see", "adjectives' closely related classes = similar-to, then also-see",
            related=WITH_ALSO_SEE),
    Variant("no-instance-hypernyms", "nouns/verbs: hypernyms without instance hypernyms",
            related=_NO_INSTANCES),
    Variant("multiwords-dropped", "no frequency for multiwords: dropped, not ranked last",
            drop_multiwords=True),
    Variant("inflections-dropped", "candidates whose base form is the target removed",
            drop_inflections=True),
    Variant("first-criterion-only", "oot stops after the first criterion that yields any",
            first_tier_only=True),
    Variant("original-pos", "two-tag lexelts take their first (uncorrected) PoS",
            original_pos=True),
    _documented("criteria-1-2+similar-only", "trial documentation §5 with similar-to only"),
    Variant("criteria-1-2+similar-only+no-adverb-class",
            "as above; adverbs have no related class (the documentation names none)",
            max_tier=2, related=_NO_ADVERBS),
    _documented("criteria-1-2+similar-only+multiwords-dropped",
                "trial documentation reading with multiwords dropped", drop_multiwords=True),
    _documented("criteria-1-2+similar-only+original-pos",
                "trial documentation reading with the first PoS tag", original_pos=True),
)


@dataclass(frozen=True)
class VariantSystem:
    """A `ComposedSystem` with a variant's post-filters; returns (best, oot) answer lists."""

    variant: Variant
    system: ComposedSystem
    wordnet: WordNet

    def answer(self, instance: Instance) -> tuple[list[str], list[str]]:
        """Return the best (top 1) and oot (top 10) answers of `instance`."""
        v = self.variant
        if v.original_pos:
            tags = instance.lexelt.split(".")[1:]
            instance = dataclasses.replace(instance, pos=tags[0] if tags else instance.pos)
        ranked: list[Candidate] = self.system.candidates(instance)
        if v.drop_multiwords:
            ranked = [c for c in ranked if not c.is_multiword]
        if v.drop_inflections:
            target = instance.lemma.lower()
            ranked = [c for c in ranked if target not in
                      {f.lower() for f in self.wordnet.base_forms(c.lemma, instance.pos)}]
        if v.first_tier_only and ranked:
            ranked = [c for c in ranked if c.tier == ranked[0].tier]
        lemmas = [c.lemma for c in ranked]
        return lemmas[:1], lemmas[:10]


def build(variant: Variant, source: str, roots: Roots) -> VariantSystem:
    """Return the system of `variant` ranked by `source` (a frequency source or wordnet-order)."""
    wordnet = open_wordnet(roots)
    generator = WordNetGenerator(wordnet, name=f"wordnet[{variant.name}]",
                                 related_classes=dict(variant.related),
                                 max_tier=variant.max_tier)
    ranker: Ranker = (IdentityRanker() if source == WORDNET_ORDER
                      else FrequencyRanker(frequency_source(roots, source), by_tier=True))
    system = ComposedSystem(f"{generator.name}+{source}", generator, ranker)
    return VariantSystem(variant, system, wordnet)


def main(argv: list[str] | None = None) -> int:
    """Run the variants and print one row per variant and source."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="semeval2007-trial")
    parser.add_argument("--sources", default="bnc,wordfreq",
                        help=f"comma-separated frequency sources or {WORDNET_ORDER}")
    parser.add_argument("--variants", default="", help="comma-separated names (default: all)")
    parser.add_argument("--list", action="store_true", help="list the variants and exit")
    args = parser.parse_args(argv)
    if args.list:
        for v in VARIANTS:
            print(f"{v.name:45} {v.doc}")
        return 0
    known = {v.name: v for v in VARIANTS}
    wanted = [n for n in args.variants.split(",") if n] or list(known)
    sources = [s for s in args.sources.split(",") if s]
    try:
        unknown = [n for n in wanted if n not in known]
        if unknown:
            raise LexsubError(f"unknown variant(s) {', '.join(unknown)}; known: "
                              f"{', '.join(known)} (see --list)")
        roots = resolve_roots()
        dataset = load_dataset(args.dataset, roots)
        instances = list(dataset.instances())
        scored = 0
        head = (f"{'variant':45} {'source':13} {'best P':>7} {'R':>6} {'ModeR':>6} | "
                f"{'oot P':>6} {'R':>6} {'ModeR':>6}")
        rows = [head, "-" * len(head)]
        if args.dataset in REFERENCES:
            label, (br, bm, orr, om) = REFERENCES[args.dataset]
            rows.append(f"{'(reference) ' + label:45} {'':13} {'':>7} {br:6.2f} {bm:6.2f} | "
                        f"{'':>6} {orr:6.2f} {om:6.2f}")
        for name, source in tqdm([(n, s) for n in wanted for s in sources],
                                 desc="variants", file=sys.stderr):
            system = build(known[name], source, roots)
            answers = {i.id: system.answer(i) for i in instances}
            best = score({k: a[0] for k, a in answers.items()}, dataset, "best", warn=False)
            oot = score({k: a[1] for k, a in answers.items()}, dataset, "oot", warn=False)
            b, o = best.to_json()["all"], oot.to_json()["all"]
            scored = b["total"]
            rows.append(f"{name:45} {source:13} {b['precision']:7.2f} {b['recall']:6.2f} "
                        f"{b['mode_recall']:6.2f} | {o['precision']:6.2f} {o['recall']:6.2f} "
                        f"{o['mode_recall']:6.2f}")
    except LexsubError as error:
        print(f"wordnet_variants: {error}", file=sys.stderr)
        return 2
    print(f"{args.dataset}: {scored} scored items of {len(instances)} "
          "(official scorer, percentages)")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    warnings.simplefilter("ignore")  # the scorer's per-item warnings are not wanted here
    pin()  # as `lexsub` does: the kernels its builds are cached under
    sys.exit(main())
