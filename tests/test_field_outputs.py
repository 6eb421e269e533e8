"""The field's released outputs: fetched and checked, read, matched to our instances, rescored.

Real samples of every released file (../shared/field-outputs, skipped when absent): the
WordTune files read and matched (SemEval-2007 test and CoInCo by their SWORDS ids recomputed),
UniHD's runs rescored equal to the official ranking (all ten figures of both English runs)
and to the authors' own `.eval` files (Spanish, Portuguese), the fetch of every file through
a local mirror made by `lexsub mirror`, and bad input refused in one line.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import shutil
from pathlib import Path

import pytest
from fetch_mirror import fetch_cli, serving

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import DataFormatError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.field_match import (
    NO_SENTENCE,
    match_targets,
    swords_context_id,
    swords_target_id,
)
from lexsub_baselines.datasets.field_outputs import (
    FIELD_OUTPUTS,
    FieldOutput,
    field_file,
    field_output,
    read_tsar_eval,
    read_wordtune,
)
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.layer import InputMismatchError
from lexsub_baselines.inputs.manifest import load_manifest
from lexsub_baselines.runs.field_runs import released_rows
from lexsub_baselines.tables.tsar import TSAR_METRICS, read_results

pytestmark = pytest.mark.shared


def _output(dataset: str, system: str = "released:wordtune") -> FieldOutput:
    return next(o for o in FIELD_OUTPUTS if o.dataset == dataset and o.system == system)


def test_the_catalogue_and_the_manifest_agree() -> None:
    manifest = load_manifest()
    assert len({o.id for o in FIELD_OUTPUTS}) == len({o.path for o in FIELD_OUTPUTS}) == 34
    for output in FIELD_OUTPUTS:
        entry = manifest.get(output.id)
        assert (entry.path, entry.upstream_url, entry.groups) == (output.path, output.url,
                                                                  ("field",))
        assert entry.upstream_url.startswith("https://github.com/") and (
            output.repository.commit in entry.upstream_url)
    assert field_output("field-unihd-en-1").published == "UniHD run 1"


def test_wordtune_files_are_read_as_the_service_answered(shared: Roots) -> None:
    counts = {}
    for dataset in ("swords-test", "semeval2007-test", "coinco-all"):
        targets = read_wordtune(field_file(_output(dataset), shared))
        counts[dataset] = (len(targets), sum(not t.answered for t in targets.values()))
        for target in targets.values():
            assert target.id.startswith("t:") and len(target.id) == 42
            scores = [score for _, score in target.substitutes]
            assert scores == sorted(scores, reverse=True)
            if target.span is not None:  # the span holds the word WordTune was asked about
                assert 0 <= target.span[0] < target.span[1] <= len(target.context)
    assert counts == {"swords-test": (833, 124), "semeval2007-test": (1710, 0),
                      "coinco-all": (5388, 900)}
    swords = read_wordtune(field_file(_output("swords-test"), shared))
    test = {i.id for i in load_dataset("swords-test", shared).instances()}
    assert len(test) == 762 and test <= set(swords)  # every v1.1 test target, by id


def test_the_swords_ids_are_the_benchmarks_own(shared: Roots) -> None:
    """Recomputed from a target's context, word, offset and tag, an id is the file's key."""
    targets = read_wordtune(field_file(_output("semeval2007-test"), shared))
    target = next(t for t in targets.values() if t.span is not None)
    start, end = target.span  # type: ignore[misc]
    found = {swords_target_id(swords_context_id(target.context), target.context[start:end],
                              start, tag) for tag in ("NOUN", "VERB", "ADJ", "ADV")}
    assert target.id in found


def _instance(identifier: str, sentence: str, index: int) -> Instance:
    tokens = tuple(sentence.split())
    return Instance(identifier, f"{tokens[index].lower()}.n", tokens[index].lower(), "n",
                    tokens, index, sentence=sentence)


def test_matching_is_proved_by_the_id_and_one_to_one() -> None:
    context = "Please . He waited . Please ."  # one sentence twice, in one context
    second = "They said please , again ."
    cid, cid2 = swords_context_id(context), swords_context_id(second)
    targets = {swords_target_id(cid, "Please", 0, "INTJ"): context,
               swords_target_id(cid, "Please", 21, "INTJ"): context,
               swords_target_id(cid2, "please", 10, "NOUN"): second,
               "t:" + "0" * 40: "Nothing of ours here ."}
    ours = [_instance("1", "please .", 0), _instance("2", "please .", 0),
            _instance("3", "they said please , again .", 2)]
    found = match_targets(targets, ours)
    ids = list(targets)
    assert found.pairs == {"1": ids[0], "2": ids[1], "3": ids[2]}
    assert found.unmatched == {ids[3]: NO_SENTENCE} and found.targets == 4
    wrong_offset = {swords_target_id(cid2, "please", 9, "NOUN"): second}
    assert match_targets(wrong_offset, ours).pairs == {}  # an offset off by one proves nothing


@pytest.mark.needs("wordnet")
def test_semeval_and_coinco_targets_all_match_our_instances(shared: Roots) -> None:
    for dataset, expected in (("semeval2007-test", "semeval2007-test"),
                              ("coinco-all", "coinco-dev")):
        targets = read_wordtune(field_file(_output(dataset), shared))
        found = match_targets({t.id: t.context for t in targets.values()},
                              load_dataset(dataset, shared).instances())
        assert not found.unmatched and len(found.pairs) == len(targets)
        # CoInCo's test split is Melamud et al.'s coinco_dev file, all of it
        assert set(found.pairs) == {i.id for i in load_dataset(expected, shared).instances()}
        assert len(set(found.pairs.values())) == len(found.pairs)


def test_unihd_english_runs_equal_the_official_ranking(shared: Roots, tmp_path: Path) -> None:
    official = read_results(load_dataset("tsar2022-en-test", shared).path("results"))
    for number, run in (("1", "UniHD run 1"), ("3", "UniHD run 2")):
        output = _output("tsar2022-en-test", f"released:unihd-{number}")
        [(dataset, record, kinds)] = released_rows(output, tmp_path, shared)
        row = kinds["tsar2022"]
        published = next(r for r in official if r.label == run)
        assert dataset == "tsar2022-en-test" and record["instances"] == 373
        assert {m: row["metrics"][m] for m in TSAR_METRICS} == dict(published.figures)
        assert row["released"]["published"]["differs"] == []
        assert (tmp_path / record["files"]["tsar2022"]).read_bytes() == \
            field_file(output, shared).read_bytes()


def test_unihd_spanish_and_portuguese_equal_the_authors_eval_files(shared: Roots,
                                                                   tmp_path: Path) -> None:
    for language in ("es", "pt"):
        output = _output(f"tsar2022-{language}-test", "released:unihd-3")
        authors = read_tsar_eval(field_file(field_output(f"field-unihd-eval-{language}"),
                                            shared))
        [(_, _, kinds)] = released_rows(output, tmp_path, shared)
        assert {m: kinds["tsar2022"]["metrics"][m] for m in TSAR_METRICS} == authors
    assert read_tsar_eval(field_file(field_output("field-unihd-eval-es"), shared))[
        "ACC@1"] == 0.6521


def test_a_damaged_or_absent_file_is_refused_in_one_line(shared: Roots, tmp_path: Path) -> None:
    output = _output("semeval2007-test")
    copy = tmp_path / "shared" / output.path
    copy.parent.mkdir(parents=True)
    data = bytearray(field_file(output, shared).read_bytes())
    data[-1] ^= 1
    copy.write_bytes(bytes(data))
    roots = dataclasses.replace(shared, shared=tmp_path / "shared")
    with pytest.raises(InputMismatchError, match="lexsub fetch field-wordtune"):
        field_file(output, roots)
    with pytest.raises(MissingResourceError, match=r"run `lexsub fetch field`"):
        field_file(_output("swords-test"), roots)
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(DataFormatError, match="not a gzip file") as error:
        read_wordtune(bad)
    assert "\n" not in str(error.value)
    with gzip.open(bad, "wt", encoding="utf-8") as handle:
        json.dump({"t:1": {"context": "x", "drilldown": {"suggestions": [{"score": 1}]}}},
                  handle)
    with pytest.raises(DataFormatError, match="target t:1: a suggestion without"):
        read_wordtune(bad)
    eval_file = tmp_path / "x.eval"
    eval_file.write_text("MAP@3 = zero\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"x.eval:1: MAP@3 is not a number"):
        read_tsar_eval(eval_file)


def test_the_field_is_mirrored_and_fetched_sha256_checked(shared: Roots, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    mirror_folder = tmp_path / "mirror"
    assert main(["--shared-root", str(shared.shared), "mirror", str(mirror_folder),
                 "field"]) == 0
    served = {"/" + p.relative_to(mirror_folder).as_posix(): p.read_bytes()
              for p in mirror_folder.rglob("*") if p.is_file()}
    assert len(served) == 34
    (tmp_path / "user").mkdir()
    with serving(served) as mirror:
        assert fetch_cli(tmp_path / "user", load_manifest(), mirror.url, "field") == 0
        printed = capsys.readouterr().out
        assert fetch_cli(tmp_path / "user", load_manifest(), mirror.url, "field-unihd") == 0
        assert len(mirror.requests) == 34  # the second fetch checked the files in place
    assert "field-unihd       fetched: 11 file(s)" in printed
    assert "field-wordtune    fetched: 3 file(s)" in printed
    fetched = dataclasses.replace(shared, shared=tmp_path / "user" / "root")
    for output in FIELD_OUTPUTS:  # in place, checked, the bytes of ../shared
        assert field_file(output, fetched).read_bytes() == \
            field_file(output, shared).read_bytes()
    shutil.rmtree(tmp_path / "user")


@pytest.mark.needs("wordnet")
def test_lexsub_field_rescores_them_from_the_command_line(shared: Roots, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    capsys.readouterr()
    assert main(["--shared-root", str(shared.shared), "field", "--out", str(tmp_path / "out"),
                 "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows["tsar2022-en-test"]["released:unihd-3"]["tsar2022"]["metrics"]["ACC@1"] == 0.8096
    best = rows["semeval2007-test"]["released:wordtune"]["best"]
    assert best["released"]["matched"] == 1710 and best["all"]["recall"] > 12.9  # above KU
    assert (tmp_path / "out" / "semeval2007-test" / "released-wordtune.best").is_file()
    empty = tmp_path / "empty"
    (empty / "data").mkdir(parents=True)
    assert main(["--shared-root", str(empty), "field", "--out", str(tmp_path / "none")]) == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("lexsub: error: no released output is in place") and \
        "`lexsub fetch field`" in last
