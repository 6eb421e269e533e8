"""Run settings: what conflicts, how runs.json keeps them, how tables.md shows mixed rows."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import kernels_subfolder
from lexsub_baselines.runs.provenance import RunSettings, conflicts, resource_fingerprint
from lexsub_baselines.runs.records import UNKNOWN, RunsFile, read_runs, settings_section
from lexsub_baselines.tables.tables_md import render_tables

FULL = {"wordnet": "nltk:wordnet-3.0", "cache": "/a", "resource:relations": "r@1",
        "resource:lm": "lm@2"}


def test_only_settings_both_runs_record_can_conflict() -> None:
    fewer = {"wordnet": "nltk:wordnet-3.0", "cache": "/elsewhere", "resource:lm": "lm@2"}
    assert conflicts(FULL, fewer) == {}  # another cache path, fewer resources: compatible
    other = {**fewer, "resource:lm": "lm@3"}
    assert conflicts(FULL, other) == {"resource:lm": ("lm@2", "lm@3")}


def test_the_settings_id_ignores_order_and_the_cache_path() -> None:
    first = RunSettings.from_dict(FULL)
    moved = RunSettings.from_dict({**FULL, "cache": "/b"})
    assert first.id == moved.id and first.as_dict() == dict(sorted(FULL.items()))
    assert first.id != RunSettings.from_dict({**FULL, "wordnet": "wn:oewn:2024"}).id


def test_a_row_without_settings_conflicts_with_a_recorded_run(tmp_path: Path) -> None:
    legacy = {"semeval2007-test": {"wordnet": {"answered": 1710, "scored": True}}}
    (tmp_path / "runs.json").write_text(json.dumps(legacy), encoding="utf-8")
    runs = read_runs(tmp_path / "runs.json")
    assert runs.settings_of(runs.runs["semeval2007-test"]["wordnet"]) == UNKNOWN
    runs.add("semeval2007-test", "mw", {"answered": 126}, "abc", {"wordnet": "nltk"})
    assert set(runs.mixed_rows("abc")) == {UNKNOWN}


def test_mixed_rows_are_marked_and_their_differences_listed() -> None:
    runs = RunsFile()
    runs.add("semeval2007-test", "lin", {"unanswered": 0}, "old", {**FULL, "resource:lm": "x"})
    runs.add("semeval2007-test", "wordnet", {"unanswered": 0}, "new", FULL)
    marks, lines = settings_section(runs, "new")
    assert marks == {("semeval2007-test", "lin"): "†1"}
    assert "| `resource:lm` | `x` | `lm@2` |" in lines
    best = {"best": {"all": {"recall": 1.0}}}
    tables = render_tables({"semeval2007-test": {"lin": best, "wordnet": best}}, runs.runs,
                           marks=marks, settings=lines)
    assert "| `lin` †1 |" in tables and "| `wordnet` |" in tables
    assert json.loads(json.dumps(runs.to_json()))["settings"].keys() == {"old", "new"}


def test_a_failed_system_is_listed_apart_from_the_datasets() -> None:
    tables = render_tables({}, {}, failed={"dict:freedict": "dictionary not found"})
    assert "## Systems that failed" in tables and "`dict:freedict`: dictionary not found" \
        in tables and "semeval2007" not in tables


def test_a_broken_runs_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "runs.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(LexsubError, match=r"runs\.json: not JSON .*--systems"):
        read_runs(path)


def test_a_sealed_file_is_named_by_its_cache_entry_and_checksum(tmp_path: Path) -> None:
    from lexsub_baselines.core.cache import atomic_write_text, seal

    target = tmp_path / "lm" / "model.binary"
    target.parent.mkdir()
    atomic_write_text(target, "data")
    checksum = seal(target)
    assert resource_fingerprint(target, tmp_path) == f"lm/model.binary@{checksum[:12]}"
    assert resource_fingerprint({"a plan": 1}, tmp_path) is None


def test_loaded_plug_ins_are_part_of_the_settings(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_baselines import plugins
    from lexsub_baselines.core.paths import resolve_roots
    from lexsub_baselines.runs.provenance import collect_settings

    roots = resolve_roots(cache=tmp_path)
    plain = collect_settings(roots, {})
    assert "plugins" not in plain.as_dict() and plain.as_dict()["cache"] == str(
        tmp_path / kernels_subfolder())  # the kernel level's own under LEXSUB_KERNELS
    monkeypatch.setattr(plugins, "_loaded", {"my_systems"})
    with_plugin = collect_settings(roots, {})
    assert with_plugin.as_dict()["plugins"] == "my_systems" and with_plugin.id != plain.id


def test_a_plug_in_is_recorded_as_imported_with_the_modules_of_its_folder(
        tmp_path: Path) -> None:
    """The record digests the bytes the process ran of a plug-in file and of the module it
    imports from its folder: an edit after the import changes neither what runs nor the
    record (before: the file as it was at record time, and nothing of what it imports)."""
    from lexsub_baselines.plugins import load_plugins, plugin_code
    from lexsub_baselines.runs.provenance import _plugin_label

    helper = f"plugin_helper_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{helper}.py").write_text("WEIGHT = 1\n")
    plugin = tmp_path / "my_weights.py"
    plugin.write_text(f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\n"
                      f"from {helper} import WEIGHT\n")
    load_plugins([str(plugin)], installed=False)
    recorded = plugin_code(str(plugin))
    assert recorded is not None and _plugin_label(str(plugin)) == f"{plugin}@{recorded}"
    (tmp_path / f"{helper}.py").write_text("WEIGHT = 2\n")  # edited after the import
    plugin.write_text(plugin.read_text() + "# edited\n")
    assert plugin_code(str(plugin)) == recorded
    assert sys.modules[helper].WEIGHT == 1  # what runs is what is recorded
    fresh = subprocess.run(
        [sys.executable, "-c", "import sys; from lexsub_baselines.plugins import load_plugins, "
         "plugin_code; load_plugins([sys.argv[1]], installed=False); "
         "print(plugin_code(sys.argv[1]))", str(plugin)],
        capture_output=True, text=True, check=True)
    assert fresh.stdout.strip() not in ("", "None", recorded)
