"""The n-gram language model: estimated by KenLM's lmplz, binarised, cached, verified, queried.

Model: interpolated modified Kneser-Ney (lmplz's only estimator; Chen & Goodman 1998), order
`LMConfig.order` (default 5), n-gram pruning `LMConfig.prune` (lmplz `--prune`: one count
threshold per order, the last repeated for higher orders; default `0 0 1` keeps every unigram
and bigram and drops singleton trigrams and above), `<unk>` probability estimated by lmplz
(`--interpolate_unigrams`, its default). `--discount_fallback` is always passed: it only acts
when a (tiny) corpus gives lmplz no valid discounts, where it uses lmplz's documented fallback
discounts instead of failing. The training text is `corpus_text` (PTB-like tokenisation as in
the task's contexts, case kept unless `lowercase`). The ARPA file is converted by build_binary
(`trie` by default: about a third of the memory of `probing` at a small speed cost).

The model file is cached under `<cache>/lm/` keyed by every input (corpora, max_tokens, order,
pruning, case, binary type, the code, and the bytes of the `lmplz` and `build_binary` found:
`inputs.kenlm_tools.tools_identity`), built in a temporary folder, then
checked — it loads, has the right order, knows common words and scores a sentence to a finite
negative log-probability — before it is moved into place and sealed. A JSON sidecar records the
corpus and n-gram counts, sizes and build times.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_path, atomic_write_text, seal, verified
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.inputs.kenlm_tools import KenLMTools, build_tools, tools_identity
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.lm.corpus_text import CorpusText, corpus_text
from lexsub_baselines.text.corpora import corpus_inputs

__all__ = ["DEFAULT_MAX_TOKENS", "LMConfig", "LanguageModel", "PerplexityReport", "build_lm",
           "find_lm", "load_lm", "perplexity", "shared_lm", "verify_model"]

#: Default corpus budget for `make baselines`: keeps a cold build to a few minutes on 2 cores.
DEFAULT_MAX_TOKENS = 50_000_000


@dataclass(frozen=True)
class LMConfig:
    """Everything that determines the model file.

    Attributes:
        corpora: corpus names (`enwiki`, `gutenberg`).
        max_tokens: white-space token budget of the sample; None for the whole corpora.
        order: n-gram order (2..6; scripts/build_kenlm.sh compiles KENLM_MAX_ORDER=6).
        prune: lmplz `--prune` thresholds per order (the last one repeats).
        lowercase: train (and query) on lower-cased text.
        binary: build_binary data structure, `trie` or `probing`.
        memory: lmplz `-S` sorting memory (does not change the model).
    """

    corpora: tuple[str, ...] = ("enwiki", "gutenberg")
    max_tokens: int | None = DEFAULT_MAX_TOKENS
    order: int = 5
    prune: tuple[int, ...] = (0, 0, 1)
    lowercase: bool = False
    binary: str = "trie"
    memory: str = field(default="1G", compare=False)

    def check(self) -> None:
        """Raise LexsubError when a setting is out of range."""
        if not 2 <= self.order <= 6:
            raise LexsubError(f"LM order must be 2..6 (KENLM_MAX_ORDER=6), not {self.order}")
        if self.binary not in ("trie", "probing"):
            raise LexsubError(f"LM binary type must be trie or probing, not {self.binary!r}")
        if any(p < 0 for p in self.prune) or list(self.prune) != sorted(self.prune) \
                or (self.prune and self.prune[0] != 0):
            raise LexsubError(f"LM pruning {self.prune} must be non-decreasing counts starting "
                              "at 0 (lmplz cannot prune unigrams)")

    def key(self, roots: Roots, tools: str | None = None) -> str:
        """Return the cache key of the model made by the KenLM tools `tools` (default: found)
        from the corpora under `roots`: the code, the settings, the tools' digests and the
        corpora's content (`inputs.keys.computation_key`)."""
        return computation_key(roots, "kenlm", code=("lexsub_baselines.lm.model",),
                               inputs=corpus_inputs(self.corpora), max_tokens=self.max_tokens,
                               order=self.order, prune=self.prune, lowercase=self.lowercase,
                               binary=self.binary, kenlm_tools=tools or tools_identity())

    def signature(self) -> str:
        """Return the settings as one label: `kn5|enwiki+gutenberg:50M|prune:0-0-1|cased|trie`."""
        size = "all" if self.max_tokens is None else f"{self.max_tokens / 1e6:g}M"
        prune = "-".join(map(str, self.prune)) or "none"
        case = "lower" if self.lowercase else "cased"
        return (f"kn{self.order}|{'+'.join(self.corpora)}:{size}|prune:{prune}|{case}|"
                f"{self.binary}")


@dataclass(frozen=True)
class LanguageModel:
    """A loaded model and what it was built from.

    Attributes:
        path: the binary model file.
        config: its settings.
        model: the `kenlm.Model`.
        meta: the build record (counts, sizes, times).
    """

    path: Path
    config: LMConfig
    model: Any = field(repr=False)
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def order(self) -> int:
        """Return the n-gram order."""
        return int(self.model.order)


def _kenlm() -> Any:
    try:
        import kenlm
    except ImportError as error:  # pragma: no cover - a dependency of the package
        raise MissingResourceError("the kenlm Python module", "kenlm",
                                   "run `make setup` (pip install kenlm)") from error
    return kenlm


def verify_model(path: Path, order: int) -> None:
    """Check a model file: it loads, has `order`, and answers queries sensibly.

    Raises:
        LexsubError: the file does not load or gives an implausible answer.
    """
    try:
        model = _kenlm().Model(str(path))
    except (OSError, RuntimeError) as error:
        raise LexsubError(f"{path}: KenLM cannot load the model ({error})") from error
    if model.order != order:
        raise LexsubError(f"{path}: model order {model.order}, expected {order}")
    score = model.score("the", bos=True, eos=True)
    if not (math.isfinite(score) and score < 0) or "the" not in model:
        raise LexsubError(f"{path}: model gives log10 P(<s> the </s>) = {score}; "
                          "the training text is probably empty or broken")


def _paths(roots: Roots, config: LMConfig, tools: str | None = None) -> tuple[Path, Path]:
    stem = roots.cache / "lm" / f"kn{config.order}-{config.key(roots, tools)}"
    return stem.with_suffix(".binary"), stem.with_suffix(".json")


def _run(command: list[str], what: str, log: Path) -> float:
    start = time.perf_counter()
    with open(log, "w", encoding="utf-8") as handle:
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=handle, check=False)
    if result.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:]
        raise LexsubError(f"{what} failed (exit {result.returncode}): {' | '.join(tail)}")
    return time.perf_counter() - start


def _ngram_counts(arpa: Path) -> list[int]:
    counts: list[int] = []
    with open(arpa, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("ngram "):
                counts.append(int(line.split("=")[1]))
            elif counts and line.startswith("\\1-grams"):
                break
    return counts


def _estimate(text: CorpusText, config: LMConfig, tools: KenLMTools, work: Path,
              progress: bool) -> dict[str, Any]:
    source = text.path
    if config.lowercase:
        source = work / "lower.txt"
        with open(text.path, encoding="utf-8") as src, \
                open(source, "w", encoding="utf-8", newline="\n") as dst:
            for line in src:
                dst.write(line.lower())
    arpa, binary = work / "model.arpa", work / "model.binary"
    lmplz = [str(tools.lmplz), "-o", str(config.order), "-S", config.memory, "-T", str(work),
             "--text", str(source), "--arpa", str(arpa), "--discount_fallback"]
    if any(config.prune):
        lmplz += ["--prune", *map(str, config.prune)]
    if progress:
        print(f"lm: lmplz -o {config.order} on {text.tokens:,} tokens ({text.label})",
              file=sys.stderr)
    lmplz_seconds = _run(lmplz, "lmplz", work / "lmplz.log")
    counts = _ngram_counts(arpa)
    binary_seconds = _run([str(tools.build_binary), "-S", config.memory, "-T", str(work),
                           config.binary, str(arpa), str(binary)],
                          "build_binary", work / "build_binary.log")
    verify_model(binary, config.order)
    return {"ngram_counts": counts, "arpa_bytes": arpa.stat().st_size,
            "binary_bytes": binary.stat().st_size, "lmplz_seconds": round(lmplz_seconds, 1),
            "build_binary_seconds": round(binary_seconds, 1)}


def find_lm(roots: Roots, config: LMConfig = LMConfig()) -> Path | None:
    """Return the cached model file for `config`, or None when it is not built."""
    path, meta_path = _paths(roots, config)
    return path if verified(path) and verified(meta_path) else None


def build_lm(roots: Roots, config: LMConfig = LMConfig(), progress: bool = True) -> Path:
    """Return the cached model file for `config`, estimating it first when absent (the `lm`
    task of the build graph).

    Raises:
        LexsubError: a bad setting, or lmplz/build_binary failed (their last lines quoted).
        MissingResourceError: corpora or KenLM tools absent.
    """
    config.check()
    path, meta_path = _paths(roots, config)
    if verified(path) and verified(meta_path):
        return path
    tools = build_tools()  # compiled now when absent: the key names the tools that run
    identity = tools.identity()
    path, meta_path = _paths(roots, config, identity)
    if verified(path) and verified(meta_path):
        return path
    text = corpus_text(roots, config.corpora, config.max_tokens, progress=progress)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".lmplz-", dir=path.parent) as tmp:
        work = Path(tmp)
        record = _estimate(text, config, tools, work, progress)
        with atomic_path(path) as target:
            shutil.move(str(work / "model.binary"), target)
    meta = {"config": asdict(config), "signature": config.signature(),
            "key": config.key(roots, identity),
            "corpus_tokens": text.tokens, "corpus_sentences": text.sentences, **record,
            "kenlm_tools": identity, "kenlm_paths": [str(tools.lmplz), str(tools.build_binary)]}
    atomic_write_text(meta_path, json.dumps(meta, indent=1, sort_keys=True) + "\n")
    seal(path)
    seal(meta_path)
    if progress:
        print(f"lm: {path} ({record['binary_bytes'] / 1e6:.0f} MB, n-grams "
              f"{record['ngram_counts']}, lmplz {record['lmplz_seconds']}s)", file=sys.stderr)
    return path


def load_lm(roots: Roots, config: LMConfig = LMConfig()) -> LanguageModel:
    """Return the cached model for `config`.

    Raises:
        MissingResourceError: not built yet (`lexsub build lm` builds it).
    """
    path, meta_path = _paths(roots, config)
    if not (verified(path) and verified(meta_path)):
        raise MissingResourceError(f"language model {config.signature()}", path,
                                   "run `lexsub build lm`")
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    return LanguageModel(path=path, config=config, model=_kenlm().Model(str(path)), meta=meta)


@lru_cache(maxsize=4)
def shared_lm(roots: Roots, config: LMConfig = LMConfig()) -> LanguageModel:
    """Return `load_lm(roots, config)`, loaded once per process (lm and cmlc share it)."""
    return load_lm(roots, config)


@dataclass(frozen=True)
class PerplexityReport:
    """Perplexity of a model on tokenised sentences (`</s>` counted as a token, like KenLM).

    Attributes:
        sentences: how many sentences.
        tokens: scored tokens, `</s>` included.
        oov: out-of-vocabulary tokens.
        log10_prob: total log10 probability.
        perplexity: 10 ** (-log10_prob / tokens).
        perplexity_no_oov: the same over in-vocabulary tokens only (SRILM's ppl).
    """

    sentences: int
    tokens: int
    oov: int
    log10_prob: float
    perplexity: float
    perplexity_no_oov: float


def perplexity(lm: LanguageModel, sentences: Iterable[Sequence[str]]) -> PerplexityReport:
    """Return the perplexity of `lm` on already tokenised sentences (lower-cased if the LM is).

    Raises:
        LexsubError: no sentences.
    """
    total = total_iv = 0.0
    n_sent = n_tok = n_oov = 0
    for sentence in sentences:
        text = " ".join(sentence)
        if lm.config.lowercase:
            text = text.lower()
        n_sent += 1
        for log_prob, _, oov in lm.model.full_scores(text, bos=True, eos=True):
            n_tok += 1
            total += log_prob
            if oov:
                n_oov += 1
            else:
                total_iv += log_prob
    if n_tok == 0:
        raise LexsubError("perplexity needs at least one sentence")
    iv = max(n_tok - n_oov, 1)
    return PerplexityReport(sentences=n_sent, tokens=n_tok, oov=n_oov, log10_prob=total,
                            perplexity=10 ** (-total / n_tok),
                            perplexity_no_oov=10 ** (-total_iv / iv))
