"""Check what `make smoke` wrote: the main command's whole path ran, into the clone's folders.

`python scripts/check_smoke.py [RESULTS]` (default `results`) fails, naming what is missing,
unless the run that wrote RESULTS built every stage into the clone's own cache folder (a real
folder, not a link), answered and scored every registered system, wrote scores.json,
runs.json, build.json and tables.md under the smoke profile, and `make report` wrote the
report and the instance explorer. `make smoke` runs it after the run (CI: `.ci/run`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lexsub_baselines.catalog import system_names
from lexsub_baselines.core.paths import resolve_roots

#: The stages a full `make baselines` builds (`lexsub build --help`).
STAGES = ("corpus-plan", "parser", "relations", "neighbours", "corpus-counts", "lm-text", "lm",
          "bow", "word2vec", "embeddings")


def problems(results: Path) -> list[str]:
    """Return what is wrong with the smoke run that wrote `results` ([]: nothing)."""
    found: list[str] = []
    cache = resolve_roots().cache
    if cache.is_symlink() or not cache.is_dir():
        found.append(f"the cache {cache} is not a folder of this clone")
    for name in ("scores.json", "runs.json", "build.json", "tables.md", "report.html",
                 "explorer/index.html"):
        if not (results / name).is_file():
            found.append(f"{results / name} was not written")
    if found:
        return found
    runs = json.loads((results / "runs.json").read_text(encoding="utf-8"))
    settings = runs["settings"][runs["current"]]
    if settings.get("profile") != "smoke":
        found.append(f"runs.json: the run's profile is {settings.get('profile')!r}, not smoke")
    built = json.loads((results / "build.json").read_text(encoding="utf-8"))
    stages = {row["stage"]: row["status"] for row in built.get("stages", [])}
    found += [f"build.json: stage {s} {stages.get(s, 'not run')}" for s in STAGES
              if stages.get(s) not in ("built", "cached")]
    scores = json.loads((results / "scores.json").read_text(encoding="utf-8"))
    english = [s for s in system_names() if ":" not in s or s.split(":")[0] not in (
        "dict", "dictcorp", "mythes", "wordnet", "wordnet-translate")]
    missing = [s for s in english if s not in scores.get("semeval2007-test", {})]
    if missing:
        found.append(f"scores.json: no semeval2007-test row of {', '.join(missing)}")
    for dataset in ("swords-test", "coinco-all", "coinco-test", "tsar2022-en-test",
                    "prolex-test"):
        if not scores.get(dataset):
            found.append(f"scores.json: no row on {dataset}")
    tables = (results / "tables.md").read_text("utf-8")
    found += [f"tables.md: {line[2:]}" for line in tables.splitlines()
              if line.startswith("- `") and ": not run, " in line]
    if "Not the benchmarks' figures" not in tables:
        found.append("tables.md does not say that a smoke run's figures are not the tables'")
    return found


def main() -> int:
    results = Path(sys.argv[1] if len(sys.argv) > 1 else "results")
    found = problems(results)
    for problem in found:
        print(f"smoke: {problem}", file=sys.stderr)
    if not found:
        print(f"smoke: ok ({results}: every stage built, every system answered and scored, "
              "tables.md, the report and the explorer written)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
