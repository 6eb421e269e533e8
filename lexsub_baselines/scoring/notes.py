"""What a score is read with: problems with an answer file's ids and answers, notes on
undefined figures.

`unusable_reason` says why nothing useful can come out of a file (no answer line at all, a
file of another format, ids of another split): `lexsub score` refuses such a file with that
one line instead of printing zeros. `near_miss_problems` finds the answers that earn nothing
under the profile but would earn credit written as the gold writes them (other letter case,
blanks around them): the official scorer compares exactly (score.pl neither lower-cases nor
trims), so the figures stay its own; the warning says what was lost and how to write it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache

from lexsub_baselines.scoring.answer_shapes import shape_problems, shape_refusal
from lexsub_baselines.scoring.answers_reader import OTHER_KIND, Problem, SystemAnswers
from lexsub_baselines.scoring.diagnose import VALID_LINE, multiword_line, valid_line
from lexsub_baselines.scoring.gold import ScoringGold
from lexsub_baselines.scoring.profile import Profile
from lexsub_baselines.scoring.result import MwScore, SubstitutionScore
from lexsub_baselines.scoring.spelling import PYTHON, Spelling

__all__ = ["answer_problems", "as_paired_file", "attempt_notes", "id_span", "near_miss_problems",
           "over_cap_problems", "unknown_id_problems", "unusable_reason"]

#: The blanks score.pl leaves on an answer (it splits on `;` and trims nothing).
_SPACES = " \t"


def _brief(text: str, most: int = 20) -> str:
    """Return `text`, cut to `most` characters with `…`.

    >>> _brief(";" * 30)
    ';;;;;;;;;;;;;;;;;;;;…'
    """
    return text if len(text) <= most else text[:most] + "…"


def id_span(ids: Collection[str]) -> str:
    """Return the ids in brief: `301–2010` when they are numbers, else the first three.

    >>> id_span(["3", "1", "2"]), id_span(["t:a", "t:b", "t:c", "t:d"])
    ('1–3', 't:a, t:b, t:c, …')
    """
    if ids and all(i.isdigit() for i in ids):
        numbers = sorted(int(i) for i in ids)
        return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
    shown = [_brief(i) for i in list(ids)[:3]]
    return ", ".join(shown) + (", …" if len(ids) > 3 else "")


def unknown_id_problems(system: SystemAnswers, lexelts: Mapping[str, str],
                        instance_ids: Callable[[], Collection[str]] = frozenset
                        ) -> list[Problem]:
    """Return a problem for each answer line whose id the gold lacks or whose lexelt differs.

    An id the gold lacks that is an instance of the gold's dataset (`instance_ids`, read only
    when needed: the SemEval-2007 key has no line for 7 test instances) is `no-gold`, else
    `unknown-id`.
    """
    problems = []
    remedy = ""
    instances: Collection[str] | None = None
    for line in system.lines:
        lexelt = lexelts.get(line.id)
        if lexelt is None and instances is None:
            instances = instance_ids()
        if lexelt is None and line.id in (instances or ()):
            problems.append(Problem(system.path, line.line, "no-gold",
                                    f"id {line.id} is an instance the gold has no line for; "
                                    "ignored, as score.pl ignores it"))
        elif lexelt is None:
            remedy = remedy or (f"the gold's ids are {id_span(lexelts)}: check that the file "
                                "was made for this gold's split")
            problems.append(Problem(system.path, line.line, "unknown-id",
                                    f"id {line.id} is not in the gold; ignored", remedy=remedy))
        elif line.lexelt and line.lexelt != lexelt:
            problems.append(Problem(system.path, line.line, "lexelt-mismatch",
                                    f"lexelt {line.lexelt} for id {line.id}, the gold has "
                                    f"{lexelt} (the id decides; scored)",
                                    remedy="write the gold's lexelt beside each id"))
    return problems


def answer_problems(gold: ScoringGold, system: SystemAnswers, kind: str, profile: Profile,
                    lexelts: Mapping[str, str], instance_ids: Callable[[], Collection[str]],
                    spelling: Spelling = PYTHON) -> list[Problem]:
    """Return the problems of best or oot answers that scoring reveals: ids without gold,
    unknown ids and lexelts, answers beyond the oot cap, answers in a shape no scorer credits
    (`answer_shapes`), near misses."""
    return [*unknown_id_problems(system, lexelts, instance_ids),
            *over_cap_problems(system, kind, profile),
            *shape_problems(gold, system, kind),
            *near_miss_problems(gold, system, kind, profile, spelling)]


def over_cap_problems(system: SystemAnswers, kind: str, profile: Profile) -> list[Problem]:
    """Return a problem for each oot line with more answers than the scorer keeps."""
    cap = profile.oot_cap
    if kind != "oot" or cap is None:
        return []
    return [Problem(system.path, line.line, "over-cap", f"{len(line.answers)} answers for id "
                    f"{line.id}; the scorer keeps the first {cap} (from `{line.answers[cap]}` "
                    "on, ignored)", remedy=f"write at most {cap} answers on an oot line, best "
                    "first") for line in system.lines if len(line.answers) > cap]


def _could_miss(text: str) -> bool:
    """Return whether a line's answers text has a capital or an answer with blanks around it
    (most lines have neither: one test per line, not per answer)."""
    return (text != text.lower() or text[:1] in _SPACES or text[-1:] in _SPACES
            or "; " in text or " ;" in text or ";\t" in text or "\t;" in text) if text else False


def near_miss_problems(gold: ScoringGold, system: SystemAnswers, kind: str,
                       profile: Profile, spelling: Spelling = PYTHON) -> list[Problem]:
    """Return a problem for each answer that earns nothing but would as the gold writes it.

    Only the answers the measures read count: the first line of an id of T, and on oot the
    first `oot_cap`. `space`: the answer with the blanks around it removed is credited;
    `case`: its lower-case form equals a credited form's lower-case form.
    """
    normalise = cache(profile.normalise_answer)
    cap = profile.oot_cap if kind == "oot" else None
    problems: list[Problem] = []
    done: set[str] = set()
    for line in system.lines:
        if not _could_miss(line.text) or line.id in done:
            done.add(line.id)
            continue
        done.add(line.id)
        target = gold.items.get(line.id)
        if target is None or not target.total:
            continue
        credit = target.credit
        lowered: dict[str, str] | None = None
        for answer in line.answers[:cap]:
            if not answer or credit.get(normalise(answer)):
                continue
            trimmed = normalise(answer.strip(_SPACES))
            if trimmed != normalise(answer) and credit.get(trimmed):
                problems.append(Problem(
                    system.path, line.line, "near-miss",
                    f"answer `{answer}` for id {line.id} has blanks around it, so it earns "
                    f"nothing; `{trimmed}` would earn credit", "space",
                    "write the answers without blanks around them (`a;b`, not `a; b`): the "
                    "official scorer does not trim them"))
                continue
            if lowered is None:
                lowered = {form.lower(): form for form, value in credit.items() if value}
            match = lowered.get(trimmed.lower())
            if match is not None:
                problems.append(Problem(
                    system.path, line.line, "near-miss",
                    f"answer `{answer}` for id {line.id} earns nothing; the gold has "
                    f"`{match}`", "case",
                    "write the answers in the gold's letter case (lower case): the official "
                    "scorer compares them case-sensitively "
                    f"(`{spelling.option('profile', 'corrected')}` does not)"))
    return problems


def attempt_notes(main: SubstitutionScore | MwScore, path: str, profile: Profile) -> list[str]:
    """Return a note for each figure score.pl cannot compute (and how it is reported here)."""
    if isinstance(main, MwScore):
        if main.mw_found:
            return []
        shown = "left empty, as score.pl prints them" if profile.empty_undefined \
            else "reported as 0.00"
        return [f"{path}: no system multiword: detection and identification precision are "
                f"undefined ({shown})"]
    if not main.attempted:
        return [f"{path}: no item attempted; precision reported as 0.00 (score.pl dies with "
                "a division by zero before printing)"]
    if not main.attempted_mode:
        return [f"{path}: no attempted item has a mode; Mode precision reported as 0.00 "
                "(score.pl dies with a division by zero after its first two lines)"]
    return []


def unusable_reason(system: SystemAnswers, problems: Sequence[Problem], gold: str,
                    gold_ids: Collection[str], spelling: Spelling = PYTHON) -> str:
    """Return why scoring `system` can give nothing useful, or "" when it can.

    Nothing useful comes out of a file with no answer line of its kind (empty, gzip, binary,
    JSON, only lines of another kind or of no kind), of a best or oot file most of whose
    lines are an mw file's (one multiword holding the target word), or, for best and oot, of
    one whose ids are all unknown to the gold (made for another split).

    Arguments:
        system: the answers as read.
        problems: every problem found (the file's and the ids').
        gold: the gold's name, for the message.
        gold_ids: the gold's ids.
        spelling: how the hints name options (`scoring.spelling`).
    """
    path, kind = system.path, system.kind
    bare = next((p for p in problems if p.code == "bare-cr"), None)
    if bare is not None:
        return f"{bare}: nothing to score; {bare.remedy}"
    if mw := _mw_file(system, problems, spelling):
        return mw
    if shaped := shape_refusal(system, problems):
        return shaped
    if system.lines:
        unknown = sum(1 for p in problems if p.code == "unknown-id")
        if kind == "mw":
            return ""
        if unknown < len(system.lines):
            return _other_lexelts(system, problems, gold)
        ids = list(dict.fromkeys(line.id for line in system.lines))
        if gold_ids and all(i.isdigit() for i in gold_ids) and not any(map(str.isdigit, ids)):
            line = system.lines[0]  # no number where the id goes: junk, not another split
            return (f"{path}: none of its {len(system.lines)} lines has an instance id (a "
                    f"number, as the gold's {id_span(gold_ids)}) where the id goes (line "
                    f"{line.line}: `{_brief(line.id)}`): nothing to score; {valid_line(kind)}")
        return (f"{path}: none of its {len(ids)} ids is in the gold {gold} (the file's ids: "
                f"{id_span(ids)}; the gold's: {id_span(gold_ids)}): was it made for another "
                "split?")
    for code in ("format", "empty-file"):
        found = next((p for p in problems if p.code == code), None)
        if found is not None:
            return f"{found}: nothing to score; {found.remedy}"
    malformed = [p for p in problems if p.code == "malformed"]
    if not malformed:
        return f"{path}: no answer line, only blank lines: nothing to score; {valid_line(kind)}"
    if 2 * system.other_kind_lines > len(malformed) and kind in OTHER_KIND:
        other, separator = OTHER_KIND[kind]
        return (f"{path}: {system.other_kind_lines} of its {len(malformed)} lines are {other} "
                f"lines (`{separator}`), none is {'an' if kind == 'oot' else 'a'} {kind} line: "
                f"did you mean {spelling.option('kind', other)}?")
    first = malformed[0]
    return (f"{path}: none of its {len(malformed)} lines is {'an' if kind == 'oot' else 'a'} "
            f"{kind} answer line (line {first.line}: {first.message.removesuffix('; skipped')}"
            f"): nothing to score; {valid_line(kind)}")


def _mw_file(system: SystemAnswers, problems: Sequence[Problem], spelling: Spelling) -> str:
    """Return why a best or oot file whose lines are mostly an mw file's is refused, or ""."""
    if system.kind not in OTHER_KIND:
        return ""
    lines = len(system.lines)
    if lines:  # as best: the lines are best lines
        found = sum(multiword_line(line.lexelt, line.answers) for line in system.lines)
    else:  # as oot: they are best lines, which an oot file does not hold
        found = system.other_multiwords
        lines = sum(1 for p in problems if p.code == "malformed")
    if not found or 2 * found <= lines:
        return ""
    return (f"{system.path}: {found} of its {lines} lines name one multiword holding the "
            f"target word (`{VALID_LINE['mw']}`), as the lines of an mw file do: did you "
            f"mean {spelling.option('kind', 'mw')}?")


def _other_lexelts(system: SystemAnswers, problems: Sequence[Problem], gold: str) -> str:
    """Return why a file whose lexelts differ from the gold's for most of its known ids is
    refused (its ids are another dataset's: an LS07 file against CoInCo), or ""."""
    counts = {code: sum(1 for p in problems if p.code == code)
              for code in ("unknown-id", "no-gold", "lexelt-mismatch")}
    known = len(system.lines) - counts["unknown-id"] - counts["no-gold"]
    if not counts["lexelt-mismatch"] or 2 * counts["lexelt-mismatch"] <= known:
        return ""
    first = next(p for p in problems if p.code == "lexelt-mismatch")
    return (f"{system.path}: for {counts['lexelt-mismatch']} of its {len(system.lines)} lines "
            f"the gold {gold} has another lexelt under the same id (line {first.line}: "
            f"{first.message.removesuffix(' (the id decides; scored)')}): was it made for "
            "another dataset?")


def as_paired_file(reason: str, kind: str, spelling: Spelling = PYTHON) -> str:
    """Return the refusal of a file tested against the scored one (`--paired`), whose kind is
    the scored file's: a hint to score it as another kind (`did you mean -t oot?`, which
    would change the scored file's kind too) becomes what to give instead.

    >>> as_paired_file('f: 2 lines are oot lines: did you mean kind="oot"?', "best")[15:]
    "oot lines: --paired tests files of the kind scored (best): give that system's best file"
    """
    for other in ("best", "oot", "mw"):
        tail = f": did you mean {spelling.option('kind', other)}?"
        if reason.endswith(tail):
            return (f"{reason.removesuffix(tail)}: --paired tests files of the kind scored "
                    f"({kind}): give that system's {kind} file")
    return reason
