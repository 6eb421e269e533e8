"""A ranker of one's own, composed with the WordNet generator, registered, run and scored."""
from lexsub_baselines import RANKERS, Candidate, Instance, compose, run, score


class ShortFirst:
    """Rank WordNet's candidates by criterion (tier), then shorter words first."""

    name = "short-first"

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        scored = [c.scored(-c.tier - len(c.lemma) / 100) for c in candidates]
        return sorted(scored, key=lambda c: -(c.score or 0))


RANKERS.add("short-first", lambda roots: ShortFirst(), "tier, then shorter words first")
compose("wordnet+short-first", "wordnet", "short-first")  # now in `lexsub systems`, the tables
if __name__ == "__main__":  # as a plug-in (--plugin), only the two registrations above run
    result = run("wordnet+short-first", "semeval2007-trial", out="example")
    for kind in ("best", "oot"):
        print(kind, score(result.files[kind], "semeval2007-trial", kind).summary())
