"""What a system's key holds of the code (`runs/closure.py`): the registry entries it looked up,
by value, and the functions of the catalog it runs, each on its own. Each test edits a copy of
the package and digests it (`Fingerprints(root=copy)`), as tests/test_code_identity.py does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import lexsub_baselines.catalog  # noqa: F401  (the registries filled)
from lexsub_baselines.core.registry import Registry, note_lookups, recording_lookups
from lexsub_baselines.inputs.code_identity import PACKAGE_DIR
from lexsub_baselines.runs.closure import Fingerprints, lookups_digest
from lexsub_baselines.runs.unit_task import registries

ENTRIES = {("ranker", "lm"), ("ranker", "cmlc"), ("ranker", "identity"),
           ("ranker", "freq:gr:tiers"), ("generator", "wordnet"), ("generator", "dist:lin"),
           ("system", "wordnet"), ("system", "lin"), ("system", "mw")}


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A copy of the package, without bytecode."""
    target = tmp_path / "src" / "lexsub_baselines"
    shutil.copytree(PACKAGE_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _prints(root: Path | None = None) -> dict[tuple[str, str], str]:
    """Return each entry's digest, as a process running `root` would compute it."""
    from lexsub_baselines.inputs import code_identity

    code_identity._LOADED.clear()  # read the copy again, as a new process would
    prints = Fingerprints(root)
    found = registries()
    return {(kind, name): prints.value(found[kind].get(name)) for kind, name in ENTRIES}


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _changed(before: dict[tuple[str, str], str], after: dict[tuple[str, str], str]
             ) -> set[tuple[str, str]]:
    return {entry for entry in before if before[entry] != after[entry]}


def test_a_ranker_edit_changes_the_entries_that_reach_it(copy: Path) -> None:
    before = _prints(copy)
    assert _prints(copy) == before  # deterministic
    _edit(copy / "rankers" / "lm.py", "from __future__ import annotations\n",
          "from __future__ import annotations\n_EDITED = 1\n")
    # cmlc combines the LM with the bag of words; a composed system counts by its names,
    # its generator's and ranker's entries being looked up apart
    assert _changed(before, _prints(copy)) == {("ranker", "lm"), ("ranker", "cmlc")}


def test_a_catalog_edit_changes_only_the_factory_it_is_in(copy: Path) -> None:
    before = _prints(copy)
    components = copy / "catalog" / "components.py"
    _edit(components, '    """keep the generator\'s order', '    """Keep the generator\'s order')
    assert _prints(copy) == before  # a docstring
    _edit(components, "    return IdentityRanker()", "    return IdentityRanker()  # same")
    assert _prints(copy) == before  # a comment
    _edit(components, 'name="wordnet-c12", max_tier=2)', 'name="wordnet-c12", max_tier=3)')
    assert _prints(copy) == before  # another factory's argument: no entry above reaches it
    _edit(components, 'name="wordnet")', 'name="wordnet", max_tier=4)')
    assert _changed(before, _prints(copy)) == {("generator", "wordnet")}


def test_lookups_are_recorded_where_they_happen_and_by_kind() -> None:
    numbers: Registry[int] = Registry("number")
    numbers.add("one", 1)
    with recording_lookups() as outer:
        numbers.get("one")
        with recording_lookups() as inner:
            note_lookups([("generator", "wordnet")])
        assert "one" in numbers  # a membership test is no lookup
    assert outer == {("number", "one"), ("generator", "wordnet")}
    assert inner == {("generator", "wordnet")}
    found = registries()
    # a kind whose entries are code the unit's own digest covers counts for nothing; an
    # entry not registered here (a plug-in not loaded) cannot be vouched for
    assert lookups_digest([("number", "one")], found) == lookups_digest([], found)
    assert lookups_digest([("system", "no-such-system")], found) is None
