"""A tiny shared root for build tests: the heads of a few real corpus files, the rest linked.

The corpus files are cut from the real ones at test time (never committed): the first lines
of `n_wiki` Wikipedia files and of `n_books` Gutenberg books (each keeping its licence header,
so the real cleaners run on them), recompressed with xz. `data/` and `resources/` are symbolic
links to the real shared root, so the parser trains on the real EWT and the relations read
the real BNC lexicon. `sample_coinco` makes a data root whose CoInCo holds a few instances.
"""

from __future__ import annotations

import dataclasses
import lzma
import shutil
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from lexsub_baselines.core.cache import file_sha256, install_folder
from lexsub_baselines.core.paths import PROJECT_DIR, Roots, resolve_roots
from lexsub_baselines.distributional.parser import FULL_TRAINING, ParserModel, parser_dir
from lexsub_baselines.inputs.manifest import Manifest, Resource, load_manifest


def _head(source: Path, target: Path, lines: int) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(source, "rt", encoding="utf-8") as handle:
        text = "".join(islice(handle, lines))
    with lzma.open(target, "wt", encoding="utf-8") as out:
        out.write(text)


def _book_lines(source: Path, after_start: int) -> int:
    """Return how many lines cover the licence header and `after_start` lines of text."""
    with lzma.open(source, "rt", encoding="utf-8") as handle:
        for number, line in enumerate(handle):
            if "START OF" in line.upper() and line.lstrip().startswith("*"):
                return number + 1 + after_start
    return after_start


def make_tiny_shared(real: Roots, folder: Path, n_wiki: int = 3, n_books: int = 3,
                     wiki_lines: int = 40, book_lines: int = 400) -> Roots:
    """Build a tiny shared root under `folder` from the real one; return its roots.

    The cache is `folder/cache` (empty).
    """
    shared = folder / "shared"
    wiki = sorted((real.shared / "corpora" / "enwiki-2015").glob("*/wiki_*.xz"))[:n_wiki]
    for source in wiki:
        relative = source.relative_to(real.shared)
        _head(source, shared / relative, wiki_lines)
    books = sorted((real.shared / "corpora" / "gutenberg").glob("*.txt.xz"))[:n_books]
    for source in books:
        _head(source, shared / "corpora" / "gutenberg" / source.name,
              _book_lines(source, book_lines))
    for name in ("data", "resources"):
        (shared / name).symlink_to(real.shared / name, target_is_directory=True)
    return tiny_roots(folder)


def tiny_roots(folder: Path) -> Roots:
    """Return the roots of the tiny shared root `make_tiny_shared` made under `folder`."""
    shared = folder / "shared"
    return resolve_roots(shared, shared / "data", folder / "cache")


def seed_parser(model: ParserModel, roots: Roots) -> Roots:
    """Put a trained (tiny) parser into `roots.cache` where the full parser would be.

    The CLI builds with the full parser's settings; a test seeds its cache with a parser
    trained in seconds, which the `parser` stage then finds instead of training for minutes.
    """
    folder, _ = parser_dir(roots, FULL_TRAINING)
    if not folder.exists():
        work = folder.with_name(folder.name + ".seed")
        shutil.copytree(model.path.parent, work, symlinks=False)
        install_folder(work, folder)  # sealed, as the parser stage installs its own
    return roots


@dataclass(frozen=True)
class TinyRun:
    """A `lexsub baselines` made of the tiny corpus's resources: its roots and results folder."""

    roots: Roots
    out: Path

    def options(self) -> list[str]:
        """The global options of `lexsub` that name its roots (its cache, as it was run)."""
        return ["--shared-root", str(self.roots.shared), "--cache-dir", str(self.roots.cache)]


def seed_built(built: Path, tiny: Roots, folder: Path) -> Roots:
    """Return `tiny` with the cache `folder/cache`, a copy of a cache of built resources (the
    session's `tiny_built`: tests/conftest.py): `lexsub --cache-dir` it, or, at a kernel level
    other than the default, use `roots.cache / kernels_subfolder()` in process."""
    roots = dataclasses.replace(tiny, cache=folder / "cache")
    # symlinks kept: a sealed folder is reached by a relative link (core.cache.install_folder)
    shutil.copytree(built, roots.cache, symlinks=True,
                    ignore=shutil.ignore_patterns(".made", "reads.log"))
    return roots


def sample_manifest(data: Path, out: Path) -> Path:
    """Write to `out` the shipped manifest with the digest and size of every file of the data
    root `data` that is not the recorded one (a sample cut for a test); return `out`, for
    `LEXSUB_MANIFEST` (the checks then take the sample for the data)."""
    def measured(resource: Resource) -> Resource:
        path = data / resource.path.removeprefix("data/")
        if resource.kind != "file" or not resource.path.startswith("data/") \
                or not path.is_file() or file_sha256(path) == resource.sha256:
            return resource
        return dataclasses.replace(resource, sha256=file_sha256(path),
                                   bytes=path.stat().st_size)

    shipped = load_manifest(PROJECT_DIR / "lexsub_baselines" / "inputs" / "manifest.json")
    out.write_text(Manifest(tuple(map(measured, shipped.resources))).to_text(), encoding="utf-8")
    return out


def sample_coinco(real: Path, data: Path, instances: int, leave_out: tuple[str, ...] = ()
                  ) -> Path:
    """Make the data root `data`: every dataset of the real data root linked (but the folders
    `leave_out`: a run skips their datasets, saying so), CoInCo's files cut to the first
    `instances` instances of `coinco_all` (its dev and test files to those of them each
    holds, the gold to their ids; the candidate pools linked). Return the manifest of the
    sample (`sample_manifest`, beside `data`), which its runs take as `LEXSUB_MANIFEST`."""
    data.mkdir()
    for child in real.iterdir():
        if child.name != "coinco" and child.name not in leave_out:
            (data / child.name).symlink_to(child)
    source, coinco = real / "coinco", data / "coinco"
    coinco.mkdir()
    lines = (source / "coinco_all.no_problematic.preprocessed").read_bytes() \
        .split(b"\n")[:instances]
    ids = {line.split(b"\t")[1] for line in lines}
    for split in ("all", "dev", "test"):
        name = f"coinco_{split}.no_problematic.preprocessed"
        kept = [line for line in (source / name).read_bytes().split(b"\n")
                if line and line.split(b"\t")[1] in ids]
        (coinco / name).write_bytes(b"\n".join(kept) + b"\n")
    gold = [line for line in (source / "coinco_all.no_problematic.gold").read_bytes()
            .split(b"\n") if line and line.split(b" :: ")[0].rsplit(b" ", 1)[-1] in ids]
    (coinco / "coinco_all.no_problematic.gold").write_bytes(b"\n".join(gold) + b"\n")
    candidates = "coinco.no_problematic.candidates"
    (coinco / candidates).symlink_to(source / candidates)
    return sample_manifest(data, data.parent / "manifest.json")
