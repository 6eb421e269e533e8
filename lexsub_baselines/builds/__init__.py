"""The build graph of every cached resource, run on Dask (`lexsub build`, `make baselines`).

May import every layer up to `systems`, never `catalog` or above.

One stage per resource, each a node of one graph (`lexsub_baselines.engine.graph`), registered
in `stages` (their code in `corpus`, `parsing` and `models`; their settings in `settings`):

| stage           | needs                 | work on the cluster                                    |
|-----------------|-----------------------|--------------------------------------------------------|
| `corpus-plan`   |                       | map: the words of every corpus file (cut into shards)  |
| `parser`        |                       | one task: train the EWT parser (one core)              |
| `relations`     | parser, corpus-plan   | map: parse + count relations per shard; tree of sums   |
| `neighbours`    | relations             | one task: the five thesauri's lists for the targets    |
| `corpus-counts` | corpus-plan           | map: word forms per shard; tree of sums; lemmatise     |
| `lm-text`       |                       | one task: the tokenised LM sample                      |
| `lm`            | lm-text               | one task: lmplz + build_binary (KenLM)                 |
| `bow`           | lm-text               | one task: windowed co-occurrence counts                |
| `word2vec`      |                       | one task: gensim word2vec (one thread: deterministic)  |
| `embeddings`    |                       | one task: skip-gram word + context vectors (1 thread)  |

`ensure(roots, names)` builds what is missing of `names` (and what they need) in one graph
run, so independent builds share the cluster: the parser trains on one core while the LM and
the frequency table are built on the other, then every core parses shards. Components declare
the stages they read when they are registered (`catalog`), and their factories call `ensure`,
so `lexsub run lin …` builds exactly what `lin` needs. A stage whose result is cached is found
on the client without starting a cluster.
"""

from lexsub_baselines.builds.run import BuildReport, build, cached_results, ensure
from lexsub_baselines.builds.settings import ResourceSettings
from lexsub_baselines.builds.stages import STAGES

__all__ = ["STAGES", "BuildReport", "ResourceSettings", "build", "cached_results", "ensure"]
