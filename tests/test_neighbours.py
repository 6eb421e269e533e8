"""Neighbour thesauri, the distributional generators, their cache, and the identity ranker."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_baselines.catalog import GENERATORS, RANKERS
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.measures import MEASURES, MeasureSpace, compare
from lexsub_baselines.distributional.neighbour_cache import NeighbourCache
from lexsub_baselines.distributional.neighbours import (
    Neighbour,
    Neighbourhood,
    counts_key,
    nearest,
)
from lexsub_baselines.generators.base import CandidateGenerator
from lexsub_baselines.generators.distributional import DistributionalGenerator
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.rankers.identity import IdentityRanker
from lexsub_baselines.substitutes.candidates import Candidate
from lexsub_baselines.systems.base import ComposedSystem

# The toy of test_measures (obj:x obj:y mod:u mod:v), plus e/n, a rare noun, and A/n, the
# target's own lemma capitalised:
#        x  y  u  v   c(w)
#   a/n  2  1  1  0   4
#   b/n  1  0  1  2   4
#   c/n  0  2  0  1   3
#   d/v  1  1  0  0   2     (another PoS: never a neighbour of a noun)
#   e/n  1  0  0  0   1     (below min_count 2)
#   A/n  2  1  1  0   4     (same lemma as the target, case-insensitively)
TOY = FeatureCounts(
    words=(("a", "n"), ("b", "n"), ("c", "n"), ("d", "v"), ("e", "n"), ("A", "n")),
    features=(("obj", "x"), ("obj", "y"), ("mod", "u"), ("mod", "v")),
    matrix=sp.csr_matrix(np.array(
        [[2, 1, 1, 0], [1, 0, 1, 2], [0, 2, 0, 1], [1, 1, 0, 0], [1, 0, 0, 0], [2, 1, 1, 0]],
        dtype=float)),
    meta={"made": "by hand"},
)


def instance(lemma: str, pos: str) -> Instance:
    return Instance("1", f"{lemma}.{pos}", lemma, pos, (lemma,), 0)


@pytest.mark.parametrize(("measure", "expected"), [
    # l1: b 1.0, c 1.5 (see test_measures); jaccard: b 2/4, c 1/4; cos: b .5, c .365;
    # lee: b 1.49, c 3.21; lin: only b shares a positive-information feature with a.
    ("l1", ["b", "c"]), ("jaccard", ["b", "c"]), ("cos", ["b", "c"]), ("lee", ["b", "c"]),
    ("lin", ["b"]),
])
def test_toy_neighbours(measure: str, expected: list[str]) -> None:
    assert [n.lemma for n in nearest(TOY, "a", "n", measure, min_count=2)] == expected


def test_min_count_pos_and_k() -> None:
    # e (c(e) = 1) shares x with a: a neighbour only when the threshold allows it
    assert "e" in [n.lemma for n in nearest(TOY, "a", "n", "l1", min_count=1)]
    assert "e" not in [n.lemma for n in nearest(TOY, "a", "n", "l1", min_count=2)]
    assert [n.lemma for n in nearest(TOY, "a", "n", "l1", min_count=0, k=1)] == ["b"]
    # d is a verb: it is compared only with verbs, and it has none
    assert nearest(TOY, "d", "v", "l1", min_count=0) == []
    assert nearest(TOY, "zzz", "n", "l1") == []
    assert nearest(TOY, "a", "v", "l1") == []


def test_scores_are_negated_distances() -> None:
    l1 = nearest(TOY, "a", "n", "l1", min_count=2)
    assert [n.score for n in l1] == pytest.approx([-1.0, -1.5])
    cos = nearest(TOY, "a", "n", "cos", min_count=2)
    assert cos[0].score == pytest.approx(0.5)


def test_ties_break_by_lemma() -> None:
    # three words with the target's own row: the same score, so lemma order; q shares nothing
    # (I(w,x) = log(1*6/(1*4)) > 0 for the four words with x, so lin relates them too)
    counts = FeatureCounts(
        words=(("t", "n"), ("zeta", "n"), ("alpha", "n"), ("mid", "n"), ("q", "n")),
        features=(("obj", "x"), ("obj", "y")),
        matrix=sp.csr_matrix(np.array([[1, 0], [1, 0], [1, 0], [1, 0], [0, 2]], dtype=float)))
    for measure in MEASURES:
        found = nearest(counts, "t", "n", measure, min_count=0)
        assert [n.lemma for n in found] == ["alpha", "mid", "zeta"], measure


@st.composite
def thesauri(draw: st.DrawFn) -> FeatureCounts:
    n_words = draw(st.integers(2, 12))
    n_features = draw(st.integers(1, 6))
    cells = draw(st.lists(st.sampled_from([0, 0, 1, 2, 5]), min_size=n_words * n_features,
                          max_size=n_words * n_features))
    lemmas = draw(st.lists(st.sampled_from("abcdefgh"), min_size=n_words, max_size=n_words))
    pos = draw(st.lists(st.sampled_from("nv"), min_size=n_words, max_size=n_words))
    words = tuple(dict.fromkeys(zip(lemmas, pos, strict=True)))
    matrix = np.array(cells, dtype=float).reshape(n_words, n_features)[: len(words)]
    features = tuple(("obj" if j % 2 else "mod", f"f{j}") for j in range(n_features))
    return FeatureCounts(words, features, sp.csr_matrix(matrix))


@settings(max_examples=80, deadline=None)
@given(thesauri(), st.sampled_from(MEASURES), st.integers(0, 4))
def test_nearest_matches_a_plain_sort(counts: FeatureCounts, measure: str, min_count: int,
                                      ) -> None:
    space = MeasureSpace.from_counts(counts)
    totals = counts.word_totals()
    for row, (lemma, pos) in enumerate(counts.words):
        result = compare(space, row, [measure])[measure]
        pool = [(-float(result.scores[i]), counts.words[i][0]) for i in range(len(counts.words))
                if counts.words[i][1] == pos and i != row and totals[i] >= min_count
                and result.related[i] and counts.words[i][0] != lemma]
        expected = [w for _, w in sorted(pool)][:3]
        found = nearest(counts, lemma, pos, measure, min_count=min_count, k=3)
        assert [n.lemma for n in found] == expected


def test_generator_candidates_and_provenance() -> None:
    generator = DistributionalGenerator("lee", TOY, min_count=2)
    assert isinstance(generator, CandidateGenerator)
    assert generator.name == "dist:lee"
    candidates = generator.generate(instance("a", "n"))
    assert [c.lemma for c in candidates] == ["b", "c"]
    first = candidates[0]
    assert dict(first.provenance) == {"measure": "lee", "similarity": f"{first.score:.6g}"}
    assert first.score is not None and first.score < 0  # a negated distance
    assert generator.generate(instance("unknown", "n")) == []


def test_generator_rejects_bad_settings() -> None:
    with pytest.raises(LexsubError, match="unknown measure 'dice'"):
        DistributionalGenerator("dice", TOY)
    with pytest.raises(LexsubError, match="k must be"):
        DistributionalGenerator("l1", TOY, k=0)


def test_cache_is_written_and_read_back_without_the_counts(tmp_path: Path) -> None:
    key = counts_key(TOY)
    first = DistributionalGenerator("l1", TOY, min_count=2, cache_dir=tmp_path)
    expected = first.generate(instance("a", "n"))
    first.generate(instance("missing", "n"))  # an unknown target is cached as []
    (folder,) = tmp_path.glob("neighbours-l1-*")  # one folder, one sealed file per target
    files = {json.loads(p.read_text(encoding="utf-8"))["target"]: p
             for p in folder.glob("*.json")}
    assert set(files) == {"a.n", "missing.n"}
    assert all((folder / (p.name + ".sha256")).is_file() for p in files.values())
    assert json.loads(files["a.n"].read_text(encoding="utf-8"))["neighbours"][0][0] == "b"
    assert json.loads(files["missing.n"].read_text(encoding="utf-8"))["neighbours"] == []

    def no_counts() -> FeatureCounts:
        raise AssertionError("the counts were loaded although every list is cached")

    again = DistributionalGenerator("l1", no_counts, min_count=2, cache_dir=tmp_path,
                                    counts_id=key)
    assert again.generate(instance("a", "n")) == expected
    assert [c.score for c in again.generate(instance("a", "n"))] == [c.score for c in expected]
    assert again.generate(instance("missing", "n")) == []
    # another min_count is another file
    DistributionalGenerator("l1", TOY, min_count=1, cache_dir=tmp_path).generate(
        instance("a", "n"))
    assert len(list(tmp_path.glob("neighbours-l1-*"))) == 2


def test_corrupt_cache_is_recomputed(tmp_path: Path) -> None:
    generator = DistributionalGenerator("cos", TOY, min_count=2, cache_dir=tmp_path)
    expected = generator.generate(instance("a", "n"))
    (path,) = tmp_path.glob("neighbours-cos-*/*.json")
    path.write_text('{"target": "a.n", "k": 10, "neighbours": [["bogus", 1.0]]}')
    fresh = DistributionalGenerator("cos", TOY, min_count=2, cache_dir=tmp_path)
    assert fresh.generate(instance("a", "n")) == expected


def test_cache_depth(tmp_path: Path) -> None:
    cache = NeighbourCache(tmp_path, "key", "l1", 2)
    cache.put("a", "n", 3, [Neighbour("b", -1.0), Neighbour("c", -2.0), Neighbour("d", -3.0)])
    cache.put("z", "n", 3, [Neighbour("y", -1.0)])
    reread = NeighbourCache(tmp_path, "key", "l1", 2)
    assert reread.get("a", "n", 10) is None  # cached only 3 deep: recompute
    assert [n.lemma for n in reread.get("a", "n", 2) or []] == ["b", "c"]
    assert [n.lemma for n in reread.get("z", "n", 10) or []] == ["y"]  # complete list
    assert NeighbourCache(tmp_path, "other", "l1", 2).get("a", "n", 1) is None


def test_cache_reads_each_target_once_and_keys_once(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import lexsub_baselines.distributional.neighbour_cache as module

    writer = NeighbourCache(tmp_path, "key", "lin", 2)
    writer.put("a", "n", 10, [Neighbour("b", 0.5), Neighbour("c", 0.25)])
    writer.put("z", "n", 1, [Neighbour("y", 0.5)])
    digests: list[tuple[str, ...]] = []
    reads: list[Path] = []
    key, verified = module.computation_key, module.verified

    def counted_key(*args: object, **parts: object) -> str:
        digests.append(tuple(map(str, args)))
        return key(*args, **parts)  # type: ignore[arg-type]

    def counted_verified(path: Path) -> bool:
        reads.append(path)
        return verified(path)

    monkeypatch.setattr(module, "computation_key", counted_key)
    monkeypatch.setattr(module, "verified", counted_verified)
    reader = NeighbourCache(tmp_path, "key", "lin", 2)
    lists = [reader.get("a", "n", k) for k in (10, 1, 10, 2)]  # instances of one target
    assert lists == [[Neighbour("b", 0.5), Neighbour("c", 0.25)], [Neighbour("b", 0.5)],
                     [Neighbour("b", 0.5), Neighbour("c", 0.25)],
                     [Neighbour("b", 0.5), Neighbour("c", 0.25)]]
    first = lists[0]
    assert first is not None
    first.append(Neighbour("x", 0.0))  # a caller's list is its own
    assert reader.get("a", "n", 10) == [Neighbour("b", 0.5), Neighbour("c", 0.25)]
    assert reader.get("z", "n", 2) is None and reader.get("z", "n", 2) is None  # too shallow
    assert reader.get("q", "n", 2) is None  # absent, then written: the written list is read
    reader.put("q", "n", 2, [Neighbour("r", 0.5)])
    assert reader.get("q", "n", 2) == [Neighbour("r", 0.5)]
    assert len(digests) == 1  # the folder's key, once for the cache
    assert [p.name for p in reads].count(reader.file("a", "n").name) == 1
    # what a fresh reader (no memory) finds, for every target and depth
    for lemma, k in (("a", 10), ("a", 1), ("z", 1), ("z", 2), ("q", 2)):
        assert NeighbourCache(tmp_path, "key", "lin", 2).get(lemma, "n", k) == \
            reader.get(lemma, "n", k)


def test_shared_neighbourhood_prepares_once() -> None:
    loads: list[int] = []

    def load() -> FeatureCounts:
        loads.append(1)
        return TOY

    shared = Neighbourhood(load)
    generators = [DistributionalGenerator(m, shared, min_count=2) for m in MEASURES]
    assert loads == []  # nothing loaded before the first target
    for generator in generators:
        generator.generate(instance("b", "n"))
    assert loads == [1]
    with pytest.raises(LexsubError, match="alpha"):
        DistributionalGenerator("lee", shared, alpha=0.5)


def test_counts_key_ignores_meta_but_not_content() -> None:
    same = FeatureCounts(TOY.words, TOY.features, TOY.matrix.copy(), meta={"seconds": 3})
    assert counts_key(same) == counts_key(TOY)
    changed = TOY.matrix.copy()
    changed[0, 0] = 3
    assert counts_key(FeatureCounts(TOY.words, TOY.features, changed)) != counts_key(TOY)


def test_identity_ranker_keeps_order_and_scores() -> None:
    ranker = IdentityRanker()
    assert isinstance(ranker, Ranker)
    given_order = [Candidate("x", score=0.1), Candidate("y", score=0.9), Candidate("z")]
    ranked = ranker.rank(instance("a", "n"), given_order)
    assert [c.lemma for c in ranked] == ["x", "y", "z"]
    assert [c.score for c in ranked] == [0.1, 0.9, -2.0]


def test_system_answers_in_neighbour_order() -> None:
    system = ComposedSystem("l1", DistributionalGenerator("l1", TOY, min_count=0),
                            IdentityRanker())
    answers = system.answer(instance("a", "n"))
    assert answers.best == ("b",)
    assert answers.oot == ("b", "e", "c")  # l1: b 1.0, e 2-2*min(1/2,1) = 1.0 -> tie: lemma
    assert system.answer(instance("nope", "n")).oot == ()


def test_registered_names() -> None:
    for name in ("dist:lin", "dist:l1", "dist:lee", "dist:jaccard", "dist:cos", "word2vec"):
        assert name in GENERATORS
    assert "identity" in RANKERS
    fake = Roots(Path("/nonexistent"), Path("/nonexistent"), Path("/nonexistent"))
    assert isinstance(RANKERS.get("identity")(fake), IdentityRanker)


def test_registered_factory_names_what_it_cannot_build(tmp_path: Path) -> None:
    # the factory makes sure its resources are built first; without the treebank it cannot
    roots = Roots(shared=tmp_path / "absent", data=tmp_path / "absent", cache=tmp_path / "c")
    assert GENERATORS.needs("dist:lin") == ("relations", "neighbours")
    with pytest.raises(MissingResourceError, match=r"UD English-EWT train treebank not found"):
        GENERATORS.get("dist:lin")(roots)


@pytest.mark.parametrize("how", ["not a folder", "read-only"])
def test_an_unwritable_cache_is_said_once_and_the_lists_computed_anyway(
        tmp_path: Path, how: str) -> None:
    import os
    import warnings

    if how == "read-only":
        if os.geteuid() == 0:
            pytest.skip("root writes into a read-only folder")
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(0o555)
    else:  # another user's file where the folder should be: mkdir fails, for root too
        (tmp_path / "cache").write_text("")
        folder = tmp_path / "cache" / "neighbours"
    writable = {measure: DistributionalGenerator(measure, TOY, min_count=2,
                                                 cache_dir=tmp_path / "ok")
                for measure in ("cos", "lin")}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")  # as a run shows them: each message once
        for measure in ("cos", "lin"):
            generator = DistributionalGenerator(measure, TOY, min_count=2, cache_dir=folder)
            for lemma in ("a", "b", "c"):
                assert generator.generate(instance(lemma, "n")) == \
                    writable[measure].generate(instance(lemma, "n"))
    said = [str(warning.message) for warning in caught]
    assert len(said) == 1 and said[0].startswith(f"{folder}: cannot cache neighbour lists")
    assert "--cache-dir" in said[0] and "\n" not in said[0]
