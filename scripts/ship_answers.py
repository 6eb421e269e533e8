"""Ship the answer files behind the README's tables inside the package (once per version).

    .venv/bin/python scripts/ship_answers.py [results] [--readme README.md]
                                             [--package lexsub_baselines] [--allow-missing]

After the full `make baselines` whose figures the README prints (and
`scripts/record_reference.py`), writes `lexsub_baselines/shipped/`: each selected row's answer
file xz-compressed and `index.json` (dataset, system, kind, the sha256 of the uncompressed
file, the row's settings id, the run's tables digest and the rows' scores): `runs.ship` says
which rows. `lexsub score FILE DATASET --paired wordnet` and `--compare` read them from a
plain `pip install .`; `lexsub verify-tables` compares a run's files with them. A maintainer's
step on a checkout (it writes into the package's sources), not a command of the installed
package: hence a script. Refuses a run that lacks a selected row, unless --allow-missing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import PROJECT_DIR
from lexsub_baselines.runs.ship import ship


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="?", type=Path, default=Path("results"))
    parser.add_argument("--readme", type=Path, default=PROJECT_DIR / "README.md",
                        help="the README whose tables' rows ship (default the checkout's)")
    parser.add_argument("--package", type=Path, default=PROJECT_DIR / "lexsub_baselines",
                        help="the package folder to ship into (default the checkout's)")
    parser.add_argument("--allow-missing", action="store_true",
                        help="ship what the run has of the selected rows (a partial run)")
    args = parser.parse_args(argv)
    folder = args.package / "shipped"
    try:
        files, missing = ship(args.results, folder, args.readme.read_text(encoding="utf-8"),
                              args.allow_missing)
    except (LexsubError, OSError) as error:
        raise SystemExit(f"ship_answers: {error}") from None
    size = sum((folder / f.path).stat().st_size for f in files)
    print(f"{folder}: {len(files)} files, {size / 1e6:.2f} MB compressed")
    for row in missing:
        print(f"  not in {args.results}: {'/'.join(row)}")


if __name__ == "__main__":
    main()
