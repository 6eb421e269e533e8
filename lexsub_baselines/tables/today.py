"""Today's published systems, typed once with their source: reference rows beside ours.

Like the 2007 field (`published.FIELD`), each row is a figure as its paper or repository
gives it, with the protocol and data version it was measured on; a table only ever ranks
rows of one protocol and one data version together (`rows_for`).

- LexSubGen (Arefyev et al. 2020, COLING), the table of the Samsung/LexSubGen README (commit
  276ce228): LS07 = "semeval_all" (2,003 scored instances; our `semeval2007-all`), CoInCo = the
  15,415 instances it keeps (our `coinco-all`), under LexSubGen's own evaluation (our profile
  `lexsubgen`); its GAP is `gap_normalized`.
- Wada, Baldwin, Matsumoto & Lau (2022), decontextualised embeddings with DeBERTa-v3 (the
  twadada/lexsub_decontextualised README): SWORDS v1.1 test under the benchmark's evaluation
  (F@10 lenient/strict, acceptable/conceivable, and GAP), and an LS07 GAP scored with Melamud et
  al.'s `lst_gap.py` with multiword gold left out -- another protocol than LexSubGen's, never
  ranked with it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LEXSUBGEN_SOURCE", "TODAY", "WADA_SOURCE", "TodayRow", "rows_for"]

LEXSUBGEN_SOURCE = ("Arefyev et al. (2020), Samsung/LexSubGen README table (commit 276ce228)")
WADA_SOURCE = ("Wada et al. (2022), twadada/lexsub_decontextualised README "
               "(DeBERTa-v3, decontextualised embeddings)")


@dataclass(frozen=True)
class TodayRow:
    """One published system's figures on one dataset under one protocol.

    Attributes:
        system: the name as published (`XLNet+embs`).
        dataset: our name of the data (`semeval2007-all`, `coinco-all`, `swords-test`).
        protocol: the evaluation (`lexsubgen`, `swords-eval-04ca753`, `lst-gap-no-mwe`).
        values: (metric key as our scorer names it, value in percent).
        source: paper or repository, and table.
    """

    system: str
    dataset: str
    protocol: str
    values: tuple[tuple[str, float], ...]
    source: str

    def get(self, key: str) -> float | None:
        """Return the figure of `key`, or None when not published."""
        return dict(self.values).get(key)


_KEYS = ("gap_normalized", "prec@1", "prec@3", "rec@10")
# system: LS07 GAP, P@1, P@3, R@10, then CoInCo GAP, P@1, P@3, R@10 (LexSubGen's README)
_LEXSUBGEN: tuple[tuple[str, tuple[float, ...]], ...] = (
    ("OOC", (44.65, 16.82, 12.83, 18.36, 46.3, 19.58, 15.03, 12.99)),
    ("C2V", (55.82, 7.79, 5.92, 11.03, 48.32, 8.01, 6.63, 7.54)),
    ("C2V+embs", (53.39, 28.01, 21.72, 33.52, 50.73, 29.64, 24.0, 21.97)),
    ("ELMo", (53.66, 11.58, 8.55, 13.88, 49.47, 13.58, 10.86, 11.35)),
    ("ELMo+embs", (54.16, 32.0, 22.2, 31.82, 52.22, 35.96, 26.62, 23.8)),
    ("BERT", (54.42, 38.39, 27.73, 39.57, 50.5, 42.56, 32.64, 28.73)),
    ("BERT+embs", (53.87, 41.64, 30.59, 43.88, 50.85, 46.05, 35.63, 31.67)),
    ("RoBERTa", (56.74, 32.25, 24.26, 36.65, 50.82, 35.12, 27.35, 25.41)),
    ("RoBERTa+embs", (58.74, 43.19, 31.19, 44.61, 54.6, 46.54, 36.17, 32.1)),
    ("XLNet", (59.12, 31.75, 22.83, 34.95, 53.39, 38.16, 28.58, 26.47)),
    ("XLNet+embs", (59.62, 49.53, 34.9, 47.51, 55.63, 51.5, 39.92, 35.12)),
)

#: Every published row of today's systems.
TODAY: tuple[TodayRow, ...] = (
    *(TodayRow(system, dataset, "lexsubgen", tuple(zip(_KEYS, figures[at:at + 4], strict=True)),
               LEXSUBGEN_SOURCE)
      for system, figures in _LEXSUBGEN
      for dataset, at in (("semeval2007-all", 0), ("coinco-all", 4))),
    TodayRow("Wada et al. 2022", "swords-test", "swords-eval-04ca753",
             (("lenient_a_f@10", 33.61), ("lenient_c_f@10", 65.84), ("strict_a_f@10", 24.52),
              ("strict_c_f@10", 39.90), ("gap", 62.93)), WADA_SOURCE + ", SWORDS v1.1 test"),
    TodayRow("Wada et al. 2022", "semeval2007-all", "lst-gap-no-mwe", (("gap", 64.97),),
             WADA_SOURCE + ", LS07 GAP by Melamud et al.'s lst_gap.py, multiword gold left out"),
)


def rows_for(dataset: str, protocol: str) -> tuple[TodayRow, ...]:
    """Return the published rows of one dataset under one protocol (rankable together)."""
    return tuple(row for row in TODAY if row.dataset == dataset and row.protocol == protocol)
