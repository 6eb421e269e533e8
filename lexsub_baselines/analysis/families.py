"""System families, their colours, and how systems are split into charts of at most 8 series.

The report draws one family per chart, so that no chart carries more series than a reader
can tell apart by colour:

- `paper` — the baselines of the task papers (McCarthy & Navigli 2007, 2009; the trial
  release's `wordnet-c12`; the vote of Sinha et al. 2013, and the report's own `vote(all)`);
- `distributional` — thesauri of grammatical relations (the five measures) and word2vec;
- `in-context` — the rankers of Jabbari (2010) over WordNet candidates, and ours beyond them;
- `embedding` — the embedding rankers of Melamud et al. (2015) over WordNet candidates
  (`wordnet+emb:*`);
- `ablations` — the WordNet baseline with another frequency source (`wordnet+freq:*:tiers`);
- `cross-lingual` — SemEval-2010 Task 2 systems (DICT, DICTCORP, translated WordNet);
- `released` — the field's released outputs, rescored by our scorers (`released:wordtune`);
- `other` — anything else (a composition such as `roget+lm`).

Colours: every system has one colour wherever it is drawn. `wordnet`, the baseline every
chart is read against, is near-black and is added to the charts of other families as a
reference; a family's members take the colours of the family's qualitative palette (matplotlib's
Dark2, tab10, Set1, Set2 without their greys and yellow) by their position in the family's
declared list, then systems the list does not name, by name. A chart holds at most as many
members as the palette has colours (and at most 8 series with the reference), so colours
never repeat within a chart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lexsub_baselines.core.registry import Registry

__all__ = ["FAMILIES", "MAX_SERIES", "REFERENCE", "Chart", "Family", "charts", "colours",
           "family_of", "ordered"]

#: The most series one chart draws.
MAX_SERIES = 8
#: The system drawn beside every other family's members, for reference.
REFERENCE = "wordnet"
_REFERENCE_COLOUR = "#222222"

# Qualitative palettes (matplotlib's colour tables), greys and yellow left out: grey is the
# upper bound's colour in the charts and yellow does not show on white.
_DARK2 = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d")
_TAB10 = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
          "#bcbd22", "#17becf")
_SET1 = ("#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#a65628", "#f781bf")
_SET2 = ("#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3", "#a6d854", "#e5c494")


@dataclass(frozen=True)
class Family:
    """A group of systems drawn in one chart.

    Attributes:
        name: the canonical name (`in-context`).
        title: what the chart's title calls it.
        members: the systems it declares, in colour order.
        pattern: a regular expression that claims systems it does not declare ("" = none).
        palette: its colours, in order.
        reference: draw `REFERENCE` beside the members (when it is not one of them).
    """

    name: str
    title: str
    members: tuple[str, ...]
    pattern: str
    palette: tuple[str, ...]
    reference: bool = True

    def claims(self, system: str) -> bool:
        """Return whether `system` belongs to the family."""
        return system in self.members or bool(self.pattern and re.search(self.pattern, system))


#: The families, in the order the report shows them; the first that claims a system has it.
FAMILIES: Registry[Family] = Registry("system family")


def _family(family: Family) -> None:
    FAMILIES.add(family.name, family, family.title)


_family(Family("paper", "Paper baselines",
               ("wordnet", "wordnet-c12", "roget", "vote", "vote(all)", "mw"), "",
               (_REFERENCE_COLOUR, *_DARK2), reference=False))
_family(Family("distributional", "Distributional thesauri and word2vec",
               ("lin", "l1", "lee", "jaccard", "cos", "word2vec"),
               r"^(dist:|word2vec)", _TAB10))
_family(Family("in-context", "In-context rankers (Jabbari 2010) and ours beyond them",
               ("wordnet+bow", "wordnet+lm", "wordnet+cmlc", "wordnet+cmlc:tier1-first",
                "wordnet+cmlc:prior"), r"\+(bow|lm|cmlc)\b", _SET1))
_family(Family("embedding", "Embedding rankers (Melamud et al. 2015) over WordNet candidates",
               ("wordnet+emb:add", "wordnet+emb:baladd", "wordnet+emb:mult",
                "wordnet+emb:balmult"), r"\+emb:", _TAB10))
_family(Family("ablations", "Ablations: the WordNet baseline with other frequencies",
               ("wordnet+freq:bnc:tiers", "wordnet+freq:gr:tiers", "wordnet+freq:corpus:tiers",
                "wordnet+freq:wordfreq:tiers", "wordnet+freq:enwiki-list:tiers"),
               r"^wordnet(-c12)?\+", _SET2))
_family(Family("cross-lingual", "Cross-lingual (SemEval-2010 Task 2)",
               ("dict:wiktionary", "dict:freedict", "dictcorp:wiktionary",
                "dictcorp:freedict", "wordnet-translate:wiktionary"),
               r"^(dict|dictcorp|wordnet-translate)(:|$)", _DARK2))
_family(Family("released", "The field's released outputs, rescored",
               ("released:wordtune", "released:unihd-3", "released:unihd-1"), r"^released:",
               _SET1))
_family(Family("other", "Other compositions", (), r".", _TAB10))


def family_of(system: str) -> Family:
    """Return the family of `system` (`other` when no family claims it).

    >>> family_of("wordnet+freq:gr:tiers").name, family_of("roget+lm").name
    ('ablations', 'in-context')
    """
    for name in FAMILIES:
        family = FAMILIES.get(name)
        if family.claims(system):
            return family
    return FAMILIES.get("other")


def _positions(family: Family, systems: Sequence[str]) -> dict[str, int]:
    """Return member -> its colour position: declared order, then the others by name."""
    positions = {s: i for i, s in enumerate(family.members) if s in systems}
    extra = sorted(s for s in systems if s not in family.members)
    positions.update({s: len(family.members) + i for i, s in enumerate(extra)})
    return positions


def _members(systems: Sequence[str]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {name: [] for name in FAMILIES}
    for system in dict.fromkeys(systems):
        grouped[family_of(system).name].append(system)
    return {name: found for name, found in grouped.items() if found}


def colours(systems: Sequence[str]) -> dict[str, str]:
    """Return system -> colour for every system of a report (same system, same colour).

    >>> colours(["lin", "wordnet", "l1"])
    {'wordnet': '#222222', 'lin': '#1f77b4', 'l1': '#ff7f0e'}
    """
    result: dict[str, str] = {}
    for name, members in _members(systems).items():
        family = FAMILIES.get(name)
        for system, position in _positions(family, members).items():
            result[system] = (_REFERENCE_COLOUR if system == REFERENCE
                              else family.palette[position % len(family.palette)])
    return {system: result[system] for system in ordered(systems)}


def ordered(systems: Sequence[str]) -> list[str]:
    """Return `systems` grouped by family: families in registry order, then colour position
    (the order of the report's heatmap and of the explorer's system list).

    >>> ordered(["wordnet+lm", "lin", "wordnet"])
    ['wordnet', 'lin', 'wordnet+lm']
    """
    result = []
    for name, members in _members(systems).items():
        positions = _positions(FAMILIES.get(name), members)
        result += sorted(members, key=positions.__getitem__)
    return result


@dataclass(frozen=True)
class Chart:
    """The series of one chart: one family's members (at most `MAX_SERIES` with the reference).

    Attributes:
        family: the family drawn.
        part: 1-based part number when the family needs several charts (else 1).
        parts: how many charts the family needs.
        systems: the series, the reference first when it is drawn.
        reference: whether `systems[0]` is the reference rather than a member.
    """

    family: Family
    part: int
    parts: int
    systems: tuple[str, ...]
    reference: bool

    @property
    def name(self) -> str:
        """Return a file-name-safe name (`in-context`, `ablations-2`)."""
        return self.family.name if self.parts == 1 else f"{self.family.name}-{self.part}"

    @property
    def title(self) -> str:
        """Return the chart's title (with the part, when there are several)."""
        return self.family.title if self.parts == 1 else \
            f"{self.family.title} ({self.part} of {self.parts})"


def charts(systems: Sequence[str]) -> list[Chart]:
    """Return the charts that draw `systems`: one a family, split where it has too many.

    A family's chart k holds the members whose colour position lies in [k·n, (k+1)·n), where
    n is the palette size (at most `MAX_SERIES`, one less with the reference), so the colours
    of one chart are distinct.
    """
    result = []
    present = set(systems)
    for name, members in _members(systems).items():
        family = FAMILIES.get(name)
        with_reference = family.reference and REFERENCE in present and REFERENCE not in members
        size = min(len(family.palette), MAX_SERIES - with_reference)
        positions = _positions(family, members)
        groups: dict[int, list[str]] = {}
        for system in sorted(members, key=positions.__getitem__):
            groups.setdefault(positions[system] // size, []).append(system)
        for part, group in enumerate(groups.values(), start=1):
            series = (REFERENCE, *group) if with_reference else tuple(group)
            result.append(Chart(family, part, len(groups), series, with_reference))
    return result
