"""Train, cache and load the project's spaCy dependency parser (UD English-EWT).

No packaged English spaCy pipeline can be installed here, so the toolkit trains its own from
the UD English-EWT treebank (`resources/ud-english-ewt/en_ewt-ud-{train,dev,test}.conllu.xz`
under the shared root) with the checked-in config `parser.cfg`, cut to what the grammatical
relations need: a small hash-embedding CNN tok2vec, a morphologizer trained on universal PoS
only (the treebank's feature strings are removed) and a transition-based parser; lemmas come
from a lookup (`lemmatizer`, lemminflect) added when the model is loaded. This stands in for
the RASP parser of McCarthy & Navigli (2007), whose grammatical relations came from the parsed
BNC.

The model is trained once into `<cache>/parser/ewt-<key>/`, where the key hashes the config
file, the treebank files, the training bounds and the spaCy version. Training runs in a
temporary directory that is put in place only when training and the test-set evaluation have
both finished (`cache.install_folder`: sealed by its content's digest, swapped in atomically
through a link), so an interrupted run leaves nothing half-built and an edited model is not
trusted. `scores.json` beside the model records UAS/LAS, UPOS and lemma accuracy on the EWT
test set and the training time. The config trained with is the bytes keyed (`package_file`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import deque
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import (
    atomic_write_text,
    install_folder,
    verified_folder,
)
from lexsub_baselines.core.errors import DataFormatError, LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.ewt import (
    EWT_INPUTS,
    evaluate_parser,
    ewt_text,
    forget_training_paths,
    read_conllu_docs,
    write_docbin,
)
from lexsub_baselines.distributional.ewt import SPLITS as _SPLITS
from lexsub_baselines.distributional.ewt import ewt_path as _ewt_path
from lexsub_baselines.distributional.ewt import score_model as _score
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.inputs.package_data import package_file

__all__ = [
    "FULL_TRAINING",
    "PARSER_CONFIG",
    "ParserModel",
    "TrainingSettings",
    "config_digest",
    "evaluate_parser",
    "find_parser",
    "load_parser",
    "parser_dir",
    "read_conllu_docs",
    "train_parser",
]

#: The checked-in spaCy training config.
PARSER_CONFIG = Path(__file__).with_name("parser.cfg")



@dataclass(frozen=True)
class TrainingSettings:
    """Bounds of one training run, on top of `parser.cfg`.

    Attributes:
        max_steps: stop after this many updates (0: the config's value).
        max_epochs: stop after this many passes over the training data (0: the config's value).
        patience: stop when the dev score has not improved for this many steps (0: the
            config's value).
        eval_frequency: evaluate on dev every this many steps (0: the config's value).
        train_sentences: use only the first N training sentences (None: all of them).
        eval_sentences: use only the first N dev and test sentences (None: all of them).
        seed: the random seed.
    """

    max_steps: int = 0
    max_epochs: int = 0
    patience: int = 0
    eval_frequency: int = 0
    train_sentences: int | None = None
    eval_sentences: int | None = None
    seed: int = 0

    def overrides(self) -> dict[str, Any]:
        """Return the spaCy config overrides these settings imply."""
        result: dict[str, Any] = {"system.seed": self.seed}
        for name in ("max_steps", "max_epochs", "patience", "eval_frequency"):
            value = getattr(self, name)
            if value:
                result[f"training.{name}"] = value
        return result


#: The settings of the full parser (`make parser`): the config's own bounds, all of EWT.
FULL_TRAINING = TrainingSettings()


@dataclass(frozen=True)
class ParserModel:
    """A trained parser on disk.

    Attributes:
        path: the spaCy pipeline directory (load with `spacy.load`).
        key: the model's content identity (its folder's seal), part of every downstream key:
            what is built from the parse follows the model, not only what trained it.
        scores: the EWT test-set scores and training facts from `scores.json`.
    """

    path: Path
    key: str
    scores: dict[str, Any]


def config_digest() -> str:
    """Return the sha256 of `parser.cfg`'s settings (comments and layout do not count).

    Raises:
        DataFormatError: the config does not parse.
    """
    from thinc.api import Config

    try:
        text = Config().from_str(package_file(PARSER_CONFIG).decode(), interpolate=False).to_str()
    except Exception as error:  # confection raises several types for a bad file
        raise DataFormatError(PARSER_CONFIG, None, f"not a valid spaCy config ({error})") from error
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parser_dir(roots: Roots, settings: TrainingSettings = FULL_TRAINING) -> tuple[Path, str]:
    """Return (model directory, key) of the parser trained with `settings`.

    Raises:
        MissingResourceError: the EWT treebank is absent.
    """
    for split in _SPLITS:
        _ewt_path(roots, split)  # absent: the error names the file and `lexsub fetch ud-ewt`
    key = computation_key(roots, "parser", code=(__name__,), inputs=EWT_INPUTS.values(),
                          config=config_digest(), settings=asdict(settings))
    return roots.cache / "parser" / f"ewt-{key}", key


def train_parser(
    roots: Roots,
    settings: TrainingSettings = FULL_TRAINING,
    *,
    force: bool = False,
    quiet: bool = False,
) -> ParserModel:
    """Train the parser on EWT (unless cached), evaluate it on the test set, and return it.

    Arguments:
        roots: where the treebank is and where the model is cached.
        settings: training bounds (`FULL_TRAINING` for the real parser; tests use a tiny run).
        force: retrain even when a cached model exists.
        quiet: hide spaCy's training table (it goes to stdout otherwise).

    Returns:
        The trained model and its test-set scores.

    Raises:
        MissingResourceError: the EWT treebank is absent.
        LexsubError: spaCy rejected the config or the data.
    """
    final, key = parser_dir(roots, settings)
    if not force and (model := _cached(final)) is not None:
        return model
    config_sha = config_digest()  # the bytes keyed (`package_file`), as the training reads
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent))
    try:
        splits: dict[str, Path] = {}
        gold: dict[str, list[Any]] = {}
        for split in _SPLITS:
            limit = settings.train_sentences if split == "train" else settings.eval_sentences
            splits[split] = work / f"{split}.spacy"
            gold[split] = read_conllu_docs(ewt_text(roots, split), limit, features=False,
                                           where=str(_ewt_path(roots, split)))
            write_docbin(gold[split], splits[split])
        started, cpu_started = time.perf_counter(), _child_cpu()
        _run_training(work / "training", splits, settings, quiet=quiet)
        elapsed, cpu = time.perf_counter() - started, _child_cpu() - cpu_started
        best = work / "training" / "model-best"
        if not best.is_dir():
            best = work / "training" / "model-last"
        shutil.move(str(best), work / "model")
        forget_training_paths(work / "model" / "config.cfg")
        scores = _score(work / "model", gold["test"])
        info = {
            "key": key,
            "test": scores,
            "train_seconds": round(elapsed, 1),
            "train_cpu_seconds": round(cpu, 1),
            "spacy": _spacy_version(),
            "settings": asdict(settings),
            "config_sha256": config_sha,
            "cpu_threads": _threads(),
        }
        for name in ("training", PARSER_CONFIG.name, *(f"{s}.spacy" for s in _SPLITS)):
            path = work / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        atomic_write_text(work / "scores.json", json.dumps(info, indent=2, sort_keys=True) + "\n")
        install_folder(work, final)  # sealed by its content, swapped in atomically
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    model = _cached(final)
    if model is None:  # pragma: no cover - the rename above just made it
        raise LexsubError(f"{final}: parser directory incomplete after training; rerun")
    return model


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _spacy_version() -> str:
    from lexsub_baselines.inputs.libraries import library_version  # the one place

    return library_version("spacy")


def _threads() -> str:
    return os.environ.get("OMP_NUM_THREADS", "unset")


#: A row of spaCy's training table: epoch, then step.
_TRAINING_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s")


def _run_training(output: Path, splits: dict[str, Path], settings: TrainingSettings,
                  *, quiet: bool) -> None:
    """Run `spacy train` in a child process, reporting its steps as progress.

    A child process has Python's and numpy's random state to itself: in a Dask worker the
    training would otherwise share the global `random` generator with the worker's own
    threads, and two runs of the same settings would differ.
    """
    from thinc.api import Config

    from lexsub_baselines.engine.graph import report_progress

    overrides = {"paths.train": str(splits["train"]), "paths.dev": str(splits["dev"]),
                 **settings.overrides()}
    text = package_file(PARSER_CONFIG).decode()  # as keyed, whatever the file holds now
    total = settings.max_steps or int(Config().from_str(text)["training"]["max_steps"])
    (config := output.parent / PARSER_CONFIG.name).write_text(text, encoding="utf-8")
    command = [sys.executable, "-m", "spacy", "train", str(config), "--output",
               str(output), "--gpu-id", "-1"]
    for name, value in overrides.items():
        command += [f"--{name}", str(value)]
    tail: deque[str] = deque(maxlen=20)
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"}) as child:
        for line in child.stdout or ():
            tail.append(line.rstrip())
            if not quiet:
                print(line, end="", flush=True)
            if (row := _TRAINING_ROW.match(line)) is not None:
                report_progress("parser", int(row.group(2)), total)
    if child.returncode != 0:
        raise LexsubError(f"{PARSER_CONFIG}: spaCy training failed (exit {child.returncode}): "
                          + " | ".join(line for line in tail if line.strip())[-600:])


def _cached(final: Path) -> ParserModel | None:
    scores_path = final / "scores.json"
    if not verified_folder(final) or not scores_path.is_file():
        return None  # absent, unsealed (an older layout), or edited since it was sealed
    try:
        scores = json.loads(scores_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    return ParserModel(final / "model", final.resolve().name.rpartition(".")[2], scores)


def find_parser(roots: Roots, settings: TrainingSettings = FULL_TRAINING) -> ParserModel | None:
    """Return the cached parser trained with `settings`, or None when it is not built yet."""
    return _cached(parser_dir(roots, settings)[0])


def load_parser(model: ParserModel) -> Any:
    """Load a trained parser as a spaCy `Language` (spaCy's default English tokenizer), with
    the lookup lemmatizer appended.

    Raises:
        MissingResourceError: the model directory has gone.
    """
    import spacy

    from lexsub_baselines.distributional.lemmatizer import add_lemmatizer

    if not (model.path / "meta.json").is_file():
        raise MissingResourceError("trained parser", model.path, "run `lexsub build parser`")
    return add_lemmatizer(spacy.load(model.path))
