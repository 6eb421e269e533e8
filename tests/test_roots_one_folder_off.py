"""A root one folder off is named, with the setting to change, not a fetch (issue 54).

`LEXSUB_DATA_ROOT` at the shared root instead of its `data/`, `LEXSUB_SHARED_ROOT` at a
`data/` folder, the data root a folder inside it, or `--shared-root` at `data/` for a lexical
resource: the "not found" error says which folder holds the file and what to set, where it
used to suggest `lexsub fetch` into the wrong place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_baselines.cli import main
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots, one_folder_off, resolve_roots


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """A shared root holding the SemEval-2007 gold and a lexical resource, as ../shared."""
    shared = tmp_path / "shared"
    for relative in ("data/semeval2007/key/gold", "resources/roget/pg10681.txt"):
        (shared / relative).parent.mkdir(parents=True)
        (shared / relative).write_text("x", encoding="utf-8")
    return shared


@pytest.mark.parametrize(("variable", "value", "root"), [
    ("LEXSUB_DATA_ROOT", "", ""),  # the shared root given as the data root
    ("LEXSUB_SHARED_ROOT", "data", "data/data"),  # the data root given as the shared root
    ("LEXSUB_DATA_ROOT", "data/semeval2007", "data/semeval2007"),  # a folder inside it
])
def test_a_data_root_one_folder_off_names_the_folder_and_the_setting(
        layout: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, variable: str, value: str, root: str) -> None:
    for name in ("LEXSUB_DATA_ROOT", "LEXSUB_SHARED_ROOT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, str(layout / value))
    system = tmp_path / "mine.best"
    system.write_text("side.n 301 :: team\n", encoding="utf-8")
    assert main(["score", str(system), "semeval2007-test"]) == 2
    error = capsys.readouterr().err
    where = layout / root if root else layout
    assert error == (
        f"lexsub: error: semeval2007-test gold file not found at {where}/semeval2007/key/gold: "
        f"the data root {where} is one folder off: {layout}/data holds semeval2007/key/gold: "
        f"set LEXSUB_DATA_ROOT (or --data-root) to {layout}/data, or LEXSUB_SHARED_ROOT (or "
        f"--shared-root) to {layout} [data root {where} (from {variable})]\n")
    assert "lexsub fetch" not in error


def test_a_shared_root_one_folder_off_names_the_folder(layout: Path) -> None:
    roots = Roots(layout / "data", layout / "data" / "data", layout / "cache")
    with pytest.raises(MissingResourceError) as error:
        roots.shared_path("resources", "roget", "pg10681.txt", what="Roget", fetch="roget")
    assert error.value.remedy == (
        f"the shared root {layout}/data is one folder off: {layout} holds "
        f"resources/roget/pg10681.txt: set LEXSUB_SHARED_ROOT (or --shared-root) to {layout}")


def test_a_root_that_is_not_off_keeps_its_fetch_advice(layout: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "empty"
    elsewhere.mkdir()
    assert one_folder_off(elsewhere, "semeval2007/key/gold") == ""
    roots = resolve_roots(elsewhere, None, tmp_path / "cache")
    with pytest.raises(MissingResourceError, match="run `lexsub fetch semeval2007`"):
        from lexsub_baselines.datasets import load_dataset

        load_dataset("semeval2007-test", roots).path("gold")
