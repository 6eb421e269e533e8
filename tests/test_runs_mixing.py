"""No silent mixes: any sequence of partial runs leaves no two differently-made rows unmarked.

The runs are simulated with the code `lexsub baselines` runs (`_kept_rows`, `RunsFile.add`,
`mixed_rows` for the refusal, `settings_section` for the marks): each run answers some
systems under some settings (a run that reads fewer resources records fewer settings), with
or without `--mixed-settings`; scores.json may lose its runs.json in between.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_baselines.cli.baselines_cmd import _kept_rows
from lexsub_baselines.runs.provenance import RunSettings, conflicts
from lexsub_baselines.runs.records import UNKNOWN, RunsFile, settings_section

SYSTEMS = ("wordnet", "lin", "cos", "mw", "wordnet+lm")
#: What each system reads (a run records the settings of what it read).
READS = {"wordnet": ("wordnet", "relations-tokens"), "lin": ("relations-tokens",),
         "cos": ("relations-tokens",), "mw": ("wordnet",), "wordnet+lm": ("wordnet", "lm")}
VALUES = {"wordnet": ("nltk", "wn:oewn"), "relations-tokens": ("5M", "20M", "all"),
          "lm": ("kn5", "kn3")}

run_step = st.tuples(
    st.lists(st.sampled_from(SYSTEMS), min_size=1, max_size=3, unique=True),
    st.fixed_dictionaries({name: st.sampled_from(values) for name, values in VALUES.items()}),
    st.booleans(),  # --mixed-settings
    st.booleans(),  # runs.json deleted before this run (the project's own message suggests it)
)


def _run(runs: RunsFile, scores: dict[str, Any], systems: list[str], env: dict[str, str],
         mixed_ok: bool, partial: bool) -> tuple[RunsFile, dict[str, Any], str]:
    read = {name for system in systems for name in READS[system]}
    settings = RunSettings.from_dict({name: env[name] for name in sorted(read)})
    current = settings.id
    if partial:
        scores = {d: {s: r for s, r in rows.items() if s not in systems}
                  for d, rows in scores.items()}
        kept = _kept_rows(runs, scores, systems)
    else:
        kept, scores = RunsFile(), {}
    kept.settings[current] = settings.as_dict()
    if kept.conflicting(current) and not mixed_ok:
        return runs, scores, ""  # refused: nothing written
    for system in systems:
        kept.add("test", system, {"answered": 1}, current, settings.as_dict())
        scores.setdefault("test", {})[system] = {"best": {"settings": current}}
    return kept, scores, current


@settings(max_examples=300, deadline=None)
@given(st.lists(run_step, min_size=1, max_size=7))
def test_no_two_conflicting_rows_are_both_unmarked(steps: list[Any]) -> None:
    runs, current = RunsFile(), ""
    scores: dict[str, Any] = {}
    for number, (systems, env, mixed_ok, drop_runs) in enumerate(steps):
        if drop_runs:
            runs = RunsFile()
        runs, scores, current = _run(runs, scores, systems, env, mixed_ok, partial=number > 0)
        if not current:
            continue  # refused: nothing written, tables.md as it was
        rows = [(system, runs.settings_of(record)) for _, system, record in runs.rows()]
        marks, _ = settings_section(runs, current)
        unmarked = [(system, sid) for system, sid in rows if ("test", system) not in marks]
        for (a, first), (b, second) in itertools.combinations(unmarked, 2):
            assert UNKNOWN not in (first, second), f"{a}/{b}: unknown settings unmarked"
            assert not conflicts(runs.settings[first], runs.settings[second]), (a, b)
        by_mark: dict[str, list[str]] = {}
        for (_, system), mark in marks.items():
            by_mark.setdefault(mark, []).append(dict(rows)[system])
        for sids in by_mark.values():  # one mark, mutually compatible settings
            for first, second in itertools.combinations(set(sids) - {UNKNOWN}, 2):
                assert not conflicts(runs.settings[first], runs.settings[second])


def test_the_issue_sequence_is_marked() -> None:
    """lin at 5M; cos at 20M with --mixed-settings; then --systems mw: lin and cos stay apart."""
    runs, scores, _ = _run(RunsFile(), {}, ["lin"], {"relations-tokens": "5M", "wordnet": "nltk",
                                                      "lm": "kn5"}, False, partial=False)
    env = {"relations-tokens": "20M", "wordnet": "nltk", "lm": "kn5"}
    runs, scores, _ = _run(runs, scores, ["cos"], env, True, partial=True)
    runs, scores, current = _run(runs, scores, ["mw"], env, False, partial=True)
    assert current  # mw reads none of what differs: not refused
    marks, lines = settings_section(runs, current)
    assert len(marks) == 1  # one of lin and cos is marked, not neither
    assert any("relations-tokens" in line and "5M" in line for line in lines)
