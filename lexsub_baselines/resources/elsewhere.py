"""Inputs that have no manifest entry and no public download: where they came from, what to do.

Users ask `lexsub fetch` for them by name (`ELSEWHERE`); the dataset readers name the same
source in their "not found" errors (`datasets.clls`).
"""

from __future__ import annotations

__all__ = ["CLLS_NOTE", "CLLS_UPSTREAM_URL", "ELSEWHERE"]

#: The SemEval-2010 Task 2 (cross-lingual lexical substitution) task page.
CLLS_UPSTREAM_URL = "http://lit.csci.unt.edu/index.php/Semeval_2010"

CLLS_NOTE = (
    "the SemEval-2010 Task 2 data is not redistributed; obtain it from the task page and put it "
    "under the data root as clls2010/trial/{clls_trial.xml,gold.trial} and "
    "clls2010/test/{clls_test.xml,gold} (rename or symlink the distributed files)"
)

#: input name -> why `lexsub fetch` does not get it.
ELSEWHERE: dict[str, str] = {
    "clls2010": f"no public download: {CLLS_NOTE} ({CLLS_UPSTREAM_URL}; its organisers are the "
                "ones to ask)",
}
