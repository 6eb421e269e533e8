"""A tiny in-memory WordNet for generator and multiword tests (no files, no loading)."""

from __future__ import annotations

from collections.abc import Iterator

from lexsub_baselines.resources.wordnet import Synset


class FakeWordNet:
    """Implements the `WordNet` protocol over a handful of synsets."""

    name = "fake"

    def __init__(self) -> None:
        s = Synset
        self.by_lemma: dict[tuple[str, str], list[Synset]] = {
            ("bright", "a"): [s("bright.a.01", "a", ("bright",)),
                              s("bright.s.02", "s", ("bright", "brilliant", "vivid"))],
            ("film", "n"): [s("film.n.01", "n", ("film", "movie", "picture show")),
                            s("film.n.02", "n", ("film", "photographic film"))],
            ("take off", "v"): [s("take_off.v.01", "v", ("take off", "lift off"))],
            ("brightly", "r"): [s("brightly.r.01", "r", ("brightly", "brilliantly"))],
        }
        self.relations: dict[tuple[str, str], list[Synset]] = {
            ("bright.a.01", "similar"): [s("glowing.s.01", "s", ("glowing", "aglow"))],
            ("bright.a.01", "also"): [s("light.a.01", "a", ("light",))],
            ("bright.s.02", "similar"): [s("colorful.a.01", "a", ("colorful",))],
            ("film.n.01", "hypernym"): [s("show.n.03", "n", ("show",))],
            ("film.n.02", "hypernym"): [s("material.n.01", "n", ("material", "stuff"))],
            ("brightly.r.01", "pertainym"): [s("bright.s.02", "s", ("bright", "brilliant"))],
        }
        self.forms = {("took", "v"): ["take"], ("films", "n"): ["film"]}

    def synsets(self, lemma: str, pos: str) -> list[Synset]:
        return list(self.by_lemma.get((lemma.lower(), pos), []))

    def related(self, synset: Synset, relation: str) -> list[Synset]:
        return list(self.relations.get((synset.id, relation), []))

    def sense_count(self, lemma: str, synset: Synset) -> int:
        return 0

    def base_forms(self, form: str, pos: str) -> list[str]:
        return list(self.forms.get((form, pos), []))

    def lemma_names(self) -> Iterator[str]:
        seen: list[str] = []
        for synsets in self.by_lemma.values():
            for synset in synsets:
                seen.extend(synset.lemmas)
        seen += ["take", "off", "take a hike", "bright as a new penny", "film star"]
        yield from dict.fromkeys(seen)
