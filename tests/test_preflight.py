"""Without an input that cannot be fetched, builds fail at once and `lexsub baselines` runs on.

A shared root with the task data and resources but no corpora (the Wikipedia sample has no
public download): the corpus stages, and the relation counts that need them, are reported
failed before anything is built (the parser is not trained for nothing); `lexsub baselines`
lists the systems it could not run with the missing input, says that SWORDS is absent, and
exits 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_baselines.builds import build
from lexsub_baselines.builds.preflight import absent_inputs
from lexsub_baselines.builds.settings import ResourceSettings
from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots, resolve_roots


@pytest.fixture()
def no_corpora(shared: Roots, tmp_path: Path) -> Roots:
    root = tmp_path / "shared"
    (root / "data").mkdir(parents=True)
    (root / "data" / "semeval2007").symlink_to(shared.data / "semeval2007")
    (root / "resources").symlink_to(shared.shared / "resources")
    return resolve_roots(root, None, tmp_path / "cache")


def test_stages_reading_an_absent_corpus_fail_before_anything_is_built(no_corpora: Roots) -> None:
    settings = ResourceSettings()
    absent = absent_inputs(no_corpora, settings, ["relations", "lm", "word2vec", "parser"], {})
    assert set(absent) == {"relations", "lm", "word2vec"}  # the parser has its treebank
    assert all(isinstance(e, MissingResourceError) and "corpora/" in str(e)
               for e in absent.values())
    report = build(no_corpora, ["neighbours", "bow"], settings)
    assert report.engine == ""  # no cluster started: nothing was built
    assert set(report.failures()) == {"neighbours", "bow"}
    assert not (no_corpora.cache / "parser").exists()


def test_baselines_without_corpora_lists_the_rows_it_cannot_make(
        no_corpora: Roots, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results"
    status = main(["--shared-root", str(no_corpora.shared), "--cache-dir", str(no_corpora.cache),
                   "baselines", "--no-lexsubgen", "--systems", "lin", "word2vec", "--out",
                   str(out), "--no-progress"])
    assert status == 0
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert "- `lin`: not run, an input is missing: could not build" in tables
    assert "- `word2vec`: not run, an input is missing" in tables
    assert "corpora/enwiki-2015" in tables
    assert "## swords-test — not scored" in tables and "`lexsub fetch swords`" in tables
    assert "2 of 2 systems not run, an input is missing" in capsys.readouterr().err
    assert json.loads((out / "scores.json").read_text(encoding="utf-8")) == {}
