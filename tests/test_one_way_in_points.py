"""Issue 53's reproductions, each ending now in a refusal, a new key or a signature that moved
with the bytes: what the one way in (`inputs/`) makes impossible by construction.

1. word2vec, the embeddings and the LM were keyed by the corpus's name: another corpus under
   the same file names was served from the old cache.
2. The SemEval-2007 subset lists (`mwids`, `MRsamples`) were read unchecked.
3. LS07's candidate pools were read unchecked.
4. The SWORDS scorer's WordNet was named, not read into the signature.
5. Library versions came from the installed metadata, not the loaded module.
Beside them: a keyed computation that reads an input it did not declare is refused, and
`lexsub resources --verify` and the check before a build give the same verdicts.
"""

from __future__ import annotations

import dataclasses
import lzma
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.inputs.layer import (
    InputMismatchError,
    UndeclaredInputError,
    declared,
    inputs,
)
from lexsub_baselines.inputs.reads import check_run_inputs
from lexsub_baselines.inputs.verify import verify


def _copy_shared(tiny_shared: Roots, tmp_path: Path) -> Roots:
    copy = tmp_path / "shared"
    shutil.copytree(tiny_shared.shared, copy, symlinks=True)
    return dataclasses.replace(tiny_shared, shared=copy, data=copy / "data",
                               cache=tmp_path / "cache")


def test_point_1_resources_are_keyed_by_the_corpus_content(tiny_shared: Roots,
                                                           tmp_path: Path) -> None:
    """Another corpus under the same file names gives word2vec, the embeddings and the LM
    other keys (before: the same, so the old corpus's models were served)."""
    pytest.importorskip("gensim")
    from lexsub_baselines.distributional.embeddings import embeddings_path
    from lexsub_baselines.distributional.word2vec import word2vec_path
    from lexsub_baselines.lm.model import LMConfig

    roots = _copy_shared(tiny_shared, tmp_path)

    def keys() -> tuple[str, str, str]:
        return (word2vec_path(roots).name, embeddings_path(roots).name,
                LMConfig().key(roots, tools="kenlm tools"))

    before = keys()
    book = sorted((roots.shared / "corpora" / "gutenberg").glob("*.txt.xz"))[0]
    text = lzma.decompress(book.read_bytes())
    book.unlink()  # (a link into the session's tiny root, or its own file)
    book.write_bytes(lzma.compress(text + b"\nAnother line.\n"))
    after = keys()
    assert all(a != b for a, b in zip(before, after, strict=True))


def test_point_2_the_subset_lists_are_checked(shared: Roots, tmp_path: Path) -> None:
    """A damaged `mwids` where the key folder has it is refused, naming it (before: NMWT moved
    from T:1567, R 18.21 to T:1639, R 17.91 under the same signature)."""
    from lexsub_baselines.scoring import score

    data = tmp_path / "data"
    shutil.copytree(shared.data / "semeval2007", data / "semeval2007", symlinks=False)
    mwids = data / "semeval2007" / "key" / "mwids"
    mwids.write_bytes(b"\n".join(mwids.read_bytes().splitlines()[:-50]) + b"\n")
    roots = dataclasses.replace(shared, data=data, cache=tmp_path / "cache")
    answers = tmp_path / "a.best"
    answers.write_text("bright.a 1 :: luminous\n")
    with pytest.raises(InputMismatchError, match=r"mwids: sha256 [0-9a-f]{64} is not the "
                                                 r"recorded .*lexsub fetch semeval2007"):
        score(answers, load_dataset("semeval2007-test", roots), "best", subsets=True)


def test_point_3_the_candidate_pools_are_checked(shared: Roots, tmp_path: Path) -> None:
    """Cut pools are refused (before: GAP went from 27.19 to 9.34 without a word)."""
    from lexsub_baselines.analysis.candidates import read_pools

    pools = tmp_path / "data" / "lst-candidates" / "lst.gold.candidates"
    pools.parent.mkdir(parents=True)
    original = shared.data / "lst-candidates" / "lst.gold.candidates"
    if not original.is_file():
        pytest.skip("the LST candidate pools are not fetched")
    pools.write_bytes(b"\n".join(original.read_bytes().splitlines()[:100]) + b"\n")
    with pytest.raises(InputMismatchError, match="lst-candidates"):
        read_pools(pools)
    assert len(read_pools(original)) > 100


def test_point_4_the_swords_signature_names_the_wordnet_read(shared: Roots, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """An altered `LEXSUB_WORDNET_DIR` gives the SWORDS scores another lemmatiser label,
    its digest (before: `wordnet-3.0` whatever the files)."""
    from lexsub_baselines.scoring.swords.scorer import SwordsScorer

    if not load_dataset("swords-dev", shared).has("gold"):
        pytest.skip("SWORDS is not fetched")
    recorded = SwordsScorer("swords-dev", roots=shared).lemmatise.name
    assert recorded == "nltk-3.5-morphy:wordnet-3.0"
    folder = tmp_path / "wordnet"
    shutil.copytree(inputs(shared).wordnet().path, folder)
    with open(folder / "noun.exc", "a", encoding="utf-8") as handle:
        handle.write("geeses goose\n")
    monkeypatch.setenv("LEXSUB_WORDNET_DIR", str(folder))
    other = SwordsScorer("swords-dev", roots=shared).lemmatise.name
    assert other.startswith("nltk-3.5-morphy:wordnet#") and other != recorded


_VERSIONS = """
import sys, numpy
fake = sys.argv[1]
import pathlib
dist = pathlib.Path(fake) / "numpy-9.9.9.dist-info"
dist.mkdir()
(dist / "METADATA").write_text("Metadata-Version: 2.1\\nName: numpy\\nVersion: 9.9.9\\n")
sys.path.insert(0, fake)
from importlib import metadata
from lexsub_baselines.inputs.libraries import library_version
print(metadata.version("numpy"), library_version("numpy"), numpy.__version__)
"""


def test_point_5_library_versions_are_the_loaded_modules(tmp_path: Path) -> None:
    """A numpy upgraded under a running process (here: newer metadata put first on the path
    after numpy loaded) is reported as the loaded one (before: 9.9.9)."""
    pytest.importorskip("numpy")
    done = subprocess.run([sys.executable, "-c", _VERSIONS, str(tmp_path)], text=True,
                          capture_output=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    installed, reported, loaded = done.stdout.split()
    assert installed == "9.9.9" and reported == loaded != "9.9.9"


def test_an_undeclared_read_in_a_keyed_computation_is_refused(shared: Roots) -> None:
    """A computation that reads an input it did not declare is refused, naming both (as Bazel
    refuses an undeclared input); a declared one is read."""
    dataset = load_dataset("semeval2007-trial", shared)
    with declared("probe", ["semeval2007-trial-xml"]):
        assert dataset.instances()
        with pytest.raises(UndeclaredInputError, match=r"probe read the input "
                                                       r"semeval2007-trial-gold, which it does "
                                                       r"not declare"):
            dataset.gold()
    assert dataset.gold()  # outside a keyed computation, any input may be read


def test_one_verifier_gives_both_checks_the_same_verdicts(tiny_shared: Roots,
                                                          tmp_path: Path) -> None:
    """`lexsub resources --verify` and the check before a build are one function: a corpus
    of one's own is `own` in both (recorded, not refused); a damaged file is `mismatch` in
    the listing and refused by the check, naming the same file."""
    roots = _copy_shared(tiny_shared, tmp_path)
    statuses = {s.resource.id: s for s in verify(roots)}
    assert statuses["corpus-gutenberg"].status == "own"
    found = check_run_inputs(roots)
    assert found["corpus-gutenberg"] == statuses["corpus-gutenberg"].digest
    linked = roots.shared / "resources"  # a link into ../shared: never written through
    real = linked.resolve()
    linked.unlink()
    linked.mkdir()
    for child in real.iterdir():
        (linked / child.name).symlink_to(child)
    (linked / "roget").unlink()
    shutil.copytree(real / "roget", linked / "roget")  # files of this test's own
    roget = linked / "roget" / "pg10681.txt"
    roget.chmod(0o644)
    text = roget.read_bytes()
    roget.write_bytes(text[:-1] + bytes([text[-1] ^ 1]))
    assert {s.resource.id: s for s in verify(roots)}["roget-1911"].status == "mismatch"
    with pytest.raises(InputMismatchError, match=r"pg10681\.txt"):
        check_run_inputs(roots)
