"""Baselines end to end on a CoInCo sample under LexSubGen's protocol (`lexsub baselines`).

The `wordnet` baseline (relation counts of the session's tiny corpus), and `roget` beside it,
answer a 40-instance sample of CoInCo (a data root whose `coinco/` files hold the first 40
instances) and LS07-all (assembled from their trial and test runs); the result files are
written, scored under LexSubGen's protocol, recorded in scores.json and runs.json, and shown
in tables.md beside LexSubGen's published systems; so is the filled variant, `wordnet+fill`,
with its pools ranked. Each dataset's LexSubGen data is derived once in the run, for both
systems and their fills. TSAR-2022 is skipped (`--no-tsar`: tests/test_tsar_runs.py), and
so is SWORDS (the data root has none: tests/test_runner.py runs it).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tiny_corpus import sample_coinco, seed_built

import lexsub_baselines.datasets.lexsubgen as lexsubgen_data
from lexsub_baselines.cli import main
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.manifest import MANIFEST_ENV
from lexsub_baselines.runs.lexsubgen_runs import lexsubgen_entries
from lexsub_baselines.runs.store import vouched
from lexsub_baselines.runs.trial_runs import run_filled
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
from lexsub_baselines.scoring.lexsubgen.data import _data as lexsubgen_data_cache
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.systems.fill import FILL_POLICIES, FilledSystem

pytestmark = [pytest.mark.needs("wordnet"), pytest.mark.shared, pytest.mark.slow]

_SAMPLE = 40
#: How many times the run derived each dataset's LexSubGen data (`run`).
_DERIVED: dict[str, int] = {}


@pytest.fixture(scope="module")
def data_roots(tiny_shared: Roots, run: tuple[Path, Path]) -> Iterator[Roots]:
    """The sample's roots, its manifest in force (`sample_coinco`) while the module runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(MANIFEST_ENV, str(run[1].parent / "manifest.json"))
        yield dataclasses.replace(tiny_shared, data=run[1])


@pytest.fixture(scope="module")
def run(tiny_shared: Roots, tiny_built: Path,
        tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    roots = seed_built(tiny_built, tiny_shared, tmp_path_factory.mktemp("cache"))
    data = tmp_path_factory.mktemp("root") / "data"
    manifest = sample_coinco(tiny_shared.data, data, _SAMPLE, leave_out=("swords",))
    out = tmp_path_factory.mktemp("results")
    with pytest.MonkeyPatch.context() as patch:  # count the derivations of LexSubGen's data
        patch.setenv(MANIFEST_ENV, str(manifest))  # the sample is the data (SWORDS: not its point)
        for name, derive in (("coinco-all", lexsubgen_data._coinco),
                             ("semeval2007-all", lexsubgen_data._semeval_all)):
            def counted(roots: Roots, name: str = name, derive: Any = derive) -> Any:
                _DERIVED[name] = _DERIVED.get(name, 0) + 1
                return derive(roots)
            patch.setattr(lexsubgen_data, derive.__name__, counted)
        lexsubgen_data_cache.cache_clear()  # no data left from another test module
        assert main(["--shared-root", str(roots.shared), "--data-root", str(data),
                     "--cache-dir", str(roots.cache), "baselines", "--systems", "wordnet",
                     "roget", "--no-tsar", "--out", str(out), "--no-progress",
                     "--workers", "1"]) == 0  # in this process: the derivations counted
    return out, data


def test_the_result_files_are_written_in_dataset_order(run: tuple[Path, Path]) -> None:
    out = run[0]
    coinco = json.loads((out / "coinco-all" / "wordnet.lexsubgen.json").read_text())
    assert len(coinco) == _SAMPLE and list(coinco)[:3] == ["4", "5", "6"]
    for entries in coinco.values():
        scores = [score for _, score in entries]
        assert scores == sorted(scores, reverse=True)  # ranked order, scores agreeing
    ls07 = json.loads((out / "semeval2007-all" / "wordnet.lexsubgen.json").read_text())
    assert len(ls07) == 2010  # trial and test, every instance (7 have no gold)
    trial = (out / "semeval2007-trial" / "wordnet.oot").read_text().splitlines()[0]
    first = trial.split(" ::: ")[1].split(";")
    assert [word for word, _ in ls07["1"][:len(first)]] == first  # the oot list, in order


def test_rows_are_scored_recorded_and_shown(run: tuple[Path, Path],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out, data = run
    scores = json.loads((out / "scores.json").read_text())
    row = scores["coinco-all"]["wordnet"]["lexsubgen"]
    assert row["instances_scored"] == _SAMPLE
    assert row["signature"].startswith(f"lexsubgen|profile:{row['profile']}|gold:coinco-all#")
    assert row["profile"] in ("lexsubgen", "lexsubgen-padded")
    assert 0 < row["metrics"]["prec@1"] <= 100  # WordNet synonyms hit CoInCo's gold
    ls07 = scores["semeval2007-all"]["wordnet"]["lexsubgen"]
    assert ls07["instances_scored"] == 2003
    # what `lexsub score` prints for the written file, under the row's profile
    capsys.readouterr()
    assert main(["--data-root", str(data), "score",
                 str(out / "semeval2007-all" / "wordnet.lexsubgen.json"), "semeval2007-all",
                 "--profile", ls07["profile"], "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["metrics"] == ls07["metrics"] and printed["signature"] == ls07["signature"]
    files = {v.path.name: v for v in vouched(out) if v.dataset == "coinco-all"}
    assert "wordnet.lexsubgen.json" in files  # runs.json vouches for the file
    tables = (out / "tables.md").read_text()
    assert "## coinco-all" in tables and "coinco-all — LexSubGen's protocol" in tables
    assert "XLNet+embs" in tables and "LS07-all and CoInCo under LexSubGen's protocol" in tables
    assert "Wada et al. 2022" in tables


def test_each_datasets_gold_is_derived_once_for_every_system(run: tuple[Path, Path]) -> None:
    scores = json.loads((run[0] / "scores.json").read_text())
    for dataset in ("coinco-all", "semeval2007-all"):  # two systems, two fills: four rows
        assert set(scores[dataset]) == {"wordnet", "roget", "wordnet+fill", "roget+fill"}
    assert _DERIVED == {"coinco-all": 1, "semeval2007-all": 1}


def test_entries_keep_the_rankers_order_and_scores() -> None:
    answers = Answers(("a",), ("a", "b"), None, (("a", 0.9), ("b", 0.5), ("c", 0.5)))
    assert lexsubgen_entries(answers) == [["a", 0.9], ["b", 0.5], ["c", 0.5]]
    tiers = Answers(("a",), ("a", "b"), None, (("a", 0.1), ("b", 0.5)))  # not descending
    assert lexsubgen_entries(tiers) == [["a", -0.0], ["b", -1.0]]
    unranked = Answers(("a",), ("a", "b"))
    assert lexsubgen_entries(unranked) == [["a", -0.0], ["b", -1.0]]


def test_the_filled_variant_is_written_scored_and_ranked(run: tuple[Path, Path],
                                                         data_roots: Roots) -> None:
    out = run[0]
    scores = json.loads((out / "scores.json").read_text())
    row = scores["coinco-all"]["wordnet+fill"]["lexsubgen"]
    assert row["fill"]["chain"] == ["wordnet", "dist:lin", "word2vec", "frequent"]
    assert row["fill"]["policy"] == "fill.v2" and row["gap_made"] == "pool"
    lists = json.loads((out / "coinco-all" / "wordnet+fill.lexsubgen.json").read_text())
    short = sum(1 for entries in lists.values() if len(entries) < 10)
    assert row["fill"]["short"] == short == 0  # the chain's last step finishes every list
    assert row["profile"] == "lexsubgen"
    unfilled = json.loads((out / "coinco-all" / "wordnet.lexsubgen.json").read_text())
    assert sum(1 for e in unfilled.values() if len(e) < 10) > short  # the fill added words
    for i, entries in unfilled.items():  # the system's own list first, untouched
        assert [w for w, _ in lists[i][:len(entries)]] == [w for w, _ in entries]
    # the pool file ranks every pool word of each instance (the target left out), and the
    # row's GAP is its GAP
    pools = json.loads((out / "coinco-all" / "wordnet+fill.pool.json").read_text())
    data = LexSubGenScorer("coinco-all", "lexsubgen-padded", roots=data_roots).data
    for item in data.instances:
        target = item.key.split(".")[0]
        assert {w for w, _ in pools[item.id]} == set(item.candidates) - {target}
    pool_score = LexSubGenScorer("coinco-all", "lexsubgen-padded", roots=data_roots).score(
        out / "coinco-all" / "wordnet+fill.pool.json", warn=False)
    assert row["metrics"]["gap_normalized"] == pool_score.metrics["gap_normalized"]
    assert row["list_gap"]["gap_normalized"] != row["metrics"]["gap_normalized"]
    assert "wordnet+fill" in scores["semeval2007-all"]
    assert "| `wordnet+fill` |" in (out / "tables.md").read_text()


class _Named:
    """A system that only names itself: the fill step reads its answers from a file."""

    name = "wordnet"
    kinds = ("best", "oot")

    def answer(self, instance: Instance) -> Answers:
        raise AssertionError("not called: the answers are given")


def test_an_exhausted_chain_falls_back_to_the_padded_profile(run: tuple[Path, Path],
                                                             data_roots: Roots,
                                                             tmp_path: Path) -> None:
    unfilled = json.loads((run[0] / "coinco-all" / "wordnet.lexsubgen.json").read_text())
    inner = {i: Answers(ranked=tuple((w, s) for w, s in entries))
             for i, entries in unfilled.items()}
    empty = FilledSystem(_Named(), FILL_POLICIES.get("fill"), lambda: [])  # nothing to add
    record, row = run_filled(empty, "coinco-all", inner, tmp_path, data_roots)
    assert row["profile"] == "lexsubgen-padded" and row["fill"]["short"] > 0
    assert "the fill chain ran out for" in row["notes"][-1]
    assert record.system == "wordnet+fill" and row["fill"]["pool_ranked_by"] == {
        "backoff": _SAMPLE}


def test_a_filled_run_scores_only_the_ids_asked(run: tuple[Path, Path], data_roots: Roots,
                                                tmp_path: Path) -> None:
    """What scripts/fill_trial.py does with the trial part of semeval2007-all."""
    unfilled = json.loads((run[0] / "coinco-all" / "wordnet.lexsubgen.json").read_text())
    ids = list(unfilled)[:10]
    inner = {i: Answers(ranked=tuple((w, s) for w, s in unfilled[i])) for i in ids}
    empty = FilledSystem(_Named(), FILL_POLICIES.get("fill"), lambda: [])
    _, row = run_filled(empty, "coinco-all", inner, tmp_path, data_roots, ids)
    assert row["instances_scored"] == 10 and row["counts"]["gap"] <= 10
    assert len(json.loads((tmp_path / "coinco-all" / "wordnet+fill.pool.json").read_text())) == 10


def test_ls07_rows_are_also_scored_on_the_test_part_alone(run: tuple[Path, Path],
                                                          data_roots: Roots) -> None:
    out = run[0]
    scores = json.loads((out / "scores.json").read_text())
    for system in ("wordnet", "wordnet+fill"):
        row = scores["semeval2007-all"][system]["lexsubgen"]
        part = row["test_part"]
        assert part["part"] == "semeval2007-test"
        assert part["instances"] == 1703 < row["instances_scored"] == 2003  # 300 trial out
        # the file GAP is read from (the pool's for +fill, always padded: run_filled), scored
        # by the scorer restricted to the test ids: the same figures
        ids = [str(i) for i in range(301, 2011)]
        name = "wordnet.lexsubgen.json" if system == "wordnet" else "wordnet+fill.pool.json"
        again = LexSubGenScorer("semeval2007-all", "lexsubgen-padded", roots=data_roots,
                                ids=ids).score(out / "semeval2007-all" / name, warn=False)
        assert part["metrics"]["gap_normalized"] == again.metrics["gap_normalized"]
        assert part["metrics"] != row["metrics"]  # the trial part moved the figures
    coinco = scores["coinco-all"]["wordnet"]["lexsubgen"]
    assert "test_part" not in coinco  # CoInCo holds no tuning set
    tables = (out / "tables.md").read_text()
    assert "### semeval2007-all without the tuning set — the test part alone" in tables
    assert "(1703 scored instances, ids 301-2010)" in tables
    assert "| GAP all | GAP test | GAP Δ |" in tables


def test_lexsub_run_writes_the_files_of_the_row_as_baselines_does(
        run: tuple[Path, Path], data_roots: Roots, tiny_shared: Roots, tiny_built: Path,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`lexsub run SYSTEM coinco-all` (LexSubGen's protocol: issue 59 saw "unknown dataset"
    for semeval2007-all) writes the bytes `lexsub baselines` wrote for the row: the result,
    and for `+fill` its pool ranking; it says how to score them, and they score."""
    out, data = run
    roots = seed_built(tiny_built, tiny_shared, tmp_path)
    mine = tmp_path / "mine"
    options = ["--shared-root", str(roots.shared), "--data-root", str(data), "--cache-dir",
               str(roots.cache)]
    for system, dataset in (("wordnet+fill", "coinco-all"), ("wordnet", "semeval2007-all")):
        capsys.readouterr()
        assert main([*options, "run", system, dataset, "--out", str(mine)]) == 0
        printed = capsys.readouterr().out
        for name in (f"{system}.lexsubgen.json", *(["wordnet+fill.pool.json"]
                                                    if "+fill" in system else [])):
            ours = mine / dataset / name
            assert ours.read_bytes() == (out / dataset / name).read_bytes(), name
            assert f": {ours}\n" in printed
        result = mine / dataset / f"{system}.lexsubgen.json"
        if "+fill" in system:  # every list holds 10: LexSubGen's own profile scores it
            assert f"score: `lexsub score {result} {dataset}`" in printed
            assert main([*options, "score", str(result), dataset]) == 0
        else:  # short lists: the padded profile, or the fill, is named
            assert "--profile lexsubgen-padded`" in printed and "wordnet+fill" in printed
    # Python's run() alike: the same files, named in the result
    from lexsub_baselines import LexsubError
    from lexsub_baselines import run as run_system

    python = run_system("wordnet", "semeval2007-all", out=tmp_path / "python",
                        roots=dataclasses.replace(roots, data=data))
    assert python.files["lexsubgen"].read_bytes() == (
        mine / "semeval2007-all" / "wordnet.lexsubgen.json").read_bytes()
    with pytest.raises(LexsubError, match="give out=FOLDER"):
        run_system("wordnet", "coinco-all")
    assert main([*options, "run", "mw", "coinco-all", "--out", str(mine)]) == 2
    assert "which coinco-all cannot score" in capsys.readouterr().err
    assert main([*options, "run", "mw", "semeval2007-all", "--out", str(mine)]) == 2
    assert capsys.readouterr().err == (
        "lexsub: error: system mw writes no substitutes: LexSubGen's protocol scores ranked "
        "substitutes, so semeval2007-all has nothing to score of it\n")
