"""The roots rule: --data-root/the environment, the checkout's ../shared, the per-user folder.

A folder named `shared` beside the working directory takes nothing over, and every "not found"
error says which root is in use and why, and the `lexsub fetch` command that gets the input.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core import paths
from lexsub_baselines.core.paths import (
    CHECKOUT_ORIGIN,
    USER_ORIGIN,
    default_shared,
    resolve_roots,
)


@pytest.fixture
def beside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work from `tmp/work` with an empty `tmp/shared` beside it, no LEXSUB_* root set and
    the per-user folders under `tmp/xdg-*`."""
    for name in (paths.SHARED_ENV, paths.DATA_ENV, paths.CACHE_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    (tmp_path / "work").mkdir()
    (tmp_path / "shared").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return tmp_path


def test_a_shared_folder_beside_the_working_one_is_never_the_default(beside: Path) -> None:
    user = beside / "xdg-data" / "lexsub_baselines"
    site = beside / "site-packages"  # an installed package: no pyproject.toml
    site.mkdir()
    assert default_shared(site) == (user, USER_ORIGIN)
    assert resolve_roots().shared != beside / "shared"  # whatever this checkout has


def test_the_checkouts_own_shared_is_the_default_only_in_a_checkout(beside: Path) -> None:
    checkout = beside / "checkout"  # its ../shared is beside/shared
    checkout.mkdir()
    assert default_shared(checkout)[1] == USER_ORIGIN  # not a checkout yet
    (checkout / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    assert default_shared(checkout) == ((beside / "shared").resolve(), CHECKOUT_ORIGIN)
    (beside / "shared").rmdir()
    assert default_shared(checkout)[1] == USER_ORIGIN  # a checkout without ../shared


def test_each_root_says_why_it_was_chosen(beside: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(beside / "mine"))
    roots = resolve_roots()
    assert roots.describe() == f"data root {beside / 'mine'} (from {paths.DATA_ENV})"
    assert resolve_roots(data=beside / "given").data_origin == "from --data-root"
    assert resolve_roots(shared=beside / "s").describe("shared") == \
        f"shared root {beside / 's'} (from --shared-root)"
    monkeypatch.delenv(paths.DATA_ENV)
    monkeypatch.setenv(paths.SHARED_ENV, str(beside / "s"))
    assert resolve_roots().describe() == f"data root {beside / 's' / 'data'} " \
                                         f"(from {paths.SHARED_ENV})"


def test_score_outside_a_checkout_uses_the_per_user_folder_and_says_so(
        beside: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(paths, "PROJECT_DIR", beside / "site-packages")  # as installed
    (beside / "work" / "mine.best").write_text("bright.a 1 :: clever\n", encoding="utf-8")
    assert main(["score", "mine.best", "semeval2007-test", "-t", "best"]) == 2
    error = capsys.readouterr().err.strip()
    data = beside / "xdg-data" / "lexsub_baselines" / "data"
    assert error.startswith(f"lexsub: error: semeval2007-test gold file not found at "
                            f"{data / 'semeval2007' / 'key' / 'gold'}: ")
    assert "run `lexsub fetch semeval2007` to download it" in error
    assert error.endswith(f"[data root {data} (the per-user default)]")
    assert str(beside / "shared") not in error
    assert "\n" not in error


def test_fetch_says_which_root_it_fills_and_why(beside: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(beside / "mine"))
    assert main(["fetch", "clls2010"]) == 1  # nothing to download: only the roots are said
    out = capsys.readouterr().out
    assert out.startswith(f"data root {beside / 'mine'} (from {paths.DATA_ENV})\n")


def test_help_says_the_rule_and_the_roots_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "never a folder beside the working directory" in text
    assert f"now: {resolve_roots().describe()}" in text


def test_every_dataset_names_the_fetch_that_gets_its_files() -> None:
    from lexsub_baselines.datasets.catalog import DATASETS
    from lexsub_baselines.inputs.manifest import load_manifest
    from lexsub_baselines.resources.fetch import inputs

    fetchable = {name: {r.path for r in entries if r.fetch}
                 for name, entries in inputs(load_manifest()).items()}
    for name in DATASETS.names():
        spec = DATASETS.get(name)
        if not spec.fetch:
            assert spec.upstream_note, name  # says why nothing downloads it
            data = {f"data/{rel}" for _, rel in spec.files}
            assert not [i for i, paths in fetchable.items() if data <= paths], \
                f"{name}: `lexsub fetch` gets its files: name the input in DatasetSpec.fetch"
            continue
        paths_fetched = fetchable.get(spec.fetch, set())
        assert {f"data/{rel}" for _, rel in spec.files} <= paths_fetched, (name, spec.fetch)


def _missing(load: object, roots: paths.Roots) -> str:
    from lexsub_baselines.core.errors import MissingResourceError

    with pytest.raises(MissingResourceError) as caught:
        load(roots)  # type: ignore[operator]
    return str(caught.value)


def test_each_shared_input_names_the_fetch_that_gets_it(tmp_path: Path) -> None:
    from lexsub_baselines.distributional.ewt import ewt_path
    from lexsub_baselines.inputs.manifest import load_manifest
    from lexsub_baselines.rankers.spanish_frequency import load_eswiki_counts
    from lexsub_baselines.resources.dictionaries import load_dictionary
    from lexsub_baselines.resources.fetch import inputs
    from lexsub_baselines.resources.frequency_lists import (
        KilgarriffFrequency,
        WordListFrequency,
    )
    from lexsub_baselines.resources.roget import roget_path

    roots = resolve_roots(shared=tmp_path, cache=tmp_path / "cache")
    fetchable = {name for name, entries in inputs(load_manifest()).items()
                 if any(r.fetch for r in entries)}
    loaders = {"bnc-lemmas": KilgarriffFrequency.from_roots,
               "freq-enwiki": WordListFrequency.from_roots,
               "freq-eswiki": load_eswiki_counts,
               "wiktionary-en-es": lambda r: load_dictionary("wiktionary", r),
               "roget": roget_path,
               "ud-ewt": lambda r: ewt_path(r, "train")}
    for name, load in loaders.items():
        assert name in fetchable
        assert f"run `lexsub fetch {name}` to download it" in _missing(load, roots), name
