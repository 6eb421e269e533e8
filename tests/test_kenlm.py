"""KenLM tools, the PTB-like tokeniser, and a tiny real n-gram model built with lmplz.

The model is estimated by the real lmplz/build_binary (compiled by `make setup`, or by
`build_tools()` here when absent) on the first ~200k tokens of the shipped corpora, order 3:
a few seconds.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from lexsub_baselines.core.cache import verified
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.inputs import kenlm_tools
from lexsub_baselines.lm.corpus_text import corpus_text
from lexsub_baselines.lm.model import (
    LanguageModel,
    LMConfig,
    build_lm,
    load_lm,
    perplexity,
    verify_model,
)
from lexsub_baselines.text.tokenise import normalise_token, split_sentences, tokenise

pytestmark = pytest.mark.needs("kenlm")

TINY = LMConfig(max_tokens=200_000, order=3, prune=(), memory="100M")


# --- tokeniser -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "tokens"), [
    ("it didn't matter what Yoda said", "it did n't matter what Yoda said"),
    ("Under Zeldman's leadership, the group", "Under Zeldman 's leadership , the group"),
    ("they're (e.g., NIS) done.", "they 're ( e.g. , NIS ) done ."),
    ("“Dr. Smith’s U.S. back-end”", '" Dr. Smith \'s U.S. back-end "'),
    ("equation--the developers...", "equation -- the developers ..."),
    ("I can't, won't; 20,000 at 2:57", "I ca n't , wo n't ; 20,000 at 2:57"),
    ("and/or 3.5 % of www.example.com.", "and/or 3.5 % of www.example.com ."),
    ("the _italic_ word", "the italic word"),
])
def test_tokenise_like_the_task(text: str, tokens: str) -> None:
    assert " ".join(tokenise(text)) == tokens


def test_split_sentences() -> None:
    tokens = tokenise('It rained. "Yes," said J. Smith. the end? "Go." Then "so."')
    assert [" ".join(s) for s in split_sentences(tokens)] == [
        "It rained .", '" Yes , " said J. Smith . the end ?', '" Go . "', 'Then " so . "']
    assert list(split_sentences([])) == []


def test_normalise_token() -> None:
    assert normalise_token("we’re") == "we're"
    assert normalise_token("—") == "--"
    assert normalise_token("side") == "side"


@pytest.mark.shared
def test_tokeniser_reproduces_most_test_tokens(shared: Roots) -> None:
    """Re-tokenising the task's (already tokenised) contexts changes almost nothing.

    What changes is mostly the data's own untokenised spots (`know.`, `hot,`, U+FFFD runs).
    """
    instances = load_dataset("semeval2007-test", shared).instances()
    same = total = sentences = 0
    for instance in instances:
        ours = tokenise(" ".join(instance.tokens))
        theirs = [normalise_token(t) for t in instance.tokens]
        sentences += ours == theirs
        same += sum((Counter(ours) & Counter(theirs)).values())
        total += len(theirs)
    assert sentences / len(instances) > 0.85
    assert same / total > 0.95


# --- tools -----------------------------------------------------------------------------

def test_missing_tools_say_how_to_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(kenlm_tools, "DEFAULT_BIN", tmp_path / "none")
    monkeypatch.setenv(kenlm_tools.KENLM_BIN_ENV, str(tmp_path / "also-none"))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(MissingResourceError, match="make kenlm"):
        kenlm_tools.locate_tools()


def test_config_is_checked() -> None:
    with pytest.raises(LexsubError, match="order"):
        LMConfig(order=9).check()
    with pytest.raises(LexsubError, match="prune"):
        LMConfig(prune=(1, 0)).check()
    roots = resolve_roots()
    assert LMConfig().key(roots) != LMConfig(order=4).key(roots)
    assert LMConfig().key(roots) == LMConfig(memory="4G").key(roots)  # memory is not an input
    assert LMConfig().signature().startswith("kn5|enwiki+gutenberg:50M|prune:0-0-1|cased")


def test_verify_rejects_garbage(tmp_path: Path) -> None:
    bad = tmp_path / "bad.binary"
    bad.write_bytes(b"not a language model")
    with pytest.raises(LexsubError, match="cannot load"):
        verify_model(bad, 3)


# --- a tiny real model -----------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny_roots(shared: Roots, tmp_path_factory: pytest.TempPathFactory) -> Roots:
    """Roots whose cache is a temporary folder (so the real cache is never touched)."""
    return Roots(shared=shared.shared, data=shared.data, cache=tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def tiny_lm(tiny_roots: Roots) -> LanguageModel:
    kenlm_tools.build_tools()  # compiles lmplz when `make setup` has not
    build_lm(tiny_roots, TINY, progress=False)  # the `lm` stage's task, run in-process here
    return load_lm(tiny_roots, TINY)


@pytest.mark.shared
@pytest.mark.slow
def test_tiny_model_is_built_verified_and_cached(tiny_roots: Roots, tiny_lm: LanguageModel
                                                  ) -> None:
    assert tiny_lm.order == 3
    assert verified(tiny_lm.path)
    meta = tiny_lm.meta
    assert len(meta["ngram_counts"]) == 3 and meta["ngram_counts"][0] > 5_000
    assert meta["corpus_tokens"] >= 200_000 and meta["signature"] == TINY.signature()
    stamp = tiny_lm.path.stat().st_mtime_ns
    assert build_lm(tiny_roots, TINY, progress=False) == tiny_lm.path  # cached: no rebuild
    assert tiny_lm.path.stat().st_mtime_ns == stamp
    text = corpus_text(tiny_roots, TINY.corpora, TINY.max_tokens, progress=False)
    first = text.path.read_text(encoding="utf-8").splitlines()[0]
    assert first == " ".join(tokenise(first))  # the training text is tokenised like the task


@pytest.mark.shared
@pytest.mark.slow
def test_tiny_model_prefers_english(tiny_lm: LanguageModel) -> None:
    good = tiny_lm.model.score("it is one of the largest cities in the world .")
    scrambled = tiny_lm.model.score("world the in cities largest the of one is it .")
    assert good > scrambled + 5  # 5 orders of magnitude


@pytest.mark.shared
@pytest.mark.slow
def test_perplexity_on_trial(shared: Roots, tiny_lm: LanguageModel) -> None:
    instances = load_dataset("semeval2007-trial", shared).instances()
    report = perplexity(tiny_lm, ([normalise_token(t) for t in i.tokens] for i in instances))
    assert report.sentences == 300
    assert report.tokens == sum(len(i.tokens) + 1 for i in instances)
    assert 0 < report.oov < report.tokens * 0.2
    assert math.isfinite(report.perplexity) and 50 < report.perplexity < 5_000
    assert report.perplexity_no_oov < report.perplexity
    with pytest.raises(LexsubError):
        perplexity(tiny_lm, [])


@pytest.mark.shared
@pytest.mark.slow
def test_corrupt_cache_is_rebuilt(tiny_roots: Roots, tiny_lm: LanguageModel) -> None:
    config = LMConfig(max_tokens=200_000, order=2, prune=(), memory="100M")
    path = build_lm(tiny_roots, config, progress=False)
    path.write_bytes(b"truncated")
    assert not verified(path)
    with pytest.raises(MissingResourceError, match="lexsub build lm"):
        load_lm(tiny_roots, config)
    build_lm(tiny_roots, config, progress=False)
    rebuilt = load_lm(tiny_roots, config)
    assert rebuilt.order == 2 and verified(rebuilt.path)


@pytest.mark.shared
@pytest.mark.slow
def test_lowercase_model(tiny_roots: Roots, tiny_lm: LanguageModel) -> None:
    config = LMConfig(max_tokens=200_000, order=2, prune=(), lowercase=True, memory="100M")
    build_lm(tiny_roots, config, progress=False)
    lower = load_lm(tiny_roots, config)
    assert lower.path != tiny_lm.path and "|lower|" in config.signature()
    assert "The" not in lower.model and "the" in lower.model
    cased = perplexity(lower, [["The", "city", "is", "large", "."]])
    assert cased == perplexity(lower, [["the", "city", "is", "large", "."]])
