"""Calling components that may be a user's own: a broken one is named, never a traceback.

A generator, ranker or system written for a plug-in can fail in two ways: it raises (a
division by zero in `rank()`), or it breaks its contract (`rank()` returns strings where it
must return `Candidate`s). Either way the run stops with one `ComponentError` naming the
system, the instance, the component, what went wrong (with the file and line of the user's
code where it raised) and the rule it must follow. Errors the toolkit raises on purpose
(`LexsubError`: a missing resource) pass through unchanged.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["RULES", "ComponentError", "answer_checked", "generate_checked", "rank_checked"]

#: The rule each component's method follows, quoted in the errors.
RULES: dict[str, str] = {
    "generate": "generate(instance) must return a list of Candidate (Candidate(lemma, ...))",
    "rank": "rank(instance, candidates) must return a list of Candidate, best first "
            "(c.scored(score) gives a scored copy of a candidate)",
    "answer": "answer(instance) must return an Answers (best, oot, mw, ranked)",
}


class ComponentError(LexsubError):
    """A generator, ranker or system raised, or returned what its protocol does not allow."""


def _name(component: object) -> str:
    name = getattr(component, "name", None)
    return name if isinstance(name, str) else type(component).__name__


def _raised(where: str, method: str, error: Exception) -> ComponentError:
    """Return the error of a component whose `method` raised `error`."""
    frames = traceback.extract_tb(error.__traceback__)
    at = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno}, in {frames[-1].name})" \
        if frames else ""
    return ComponentError(f"{where} raised {type(error).__name__}: {error}{at}; "
                          f"{RULES[method]}")


def _wrong(where: str, method: str, value: object) -> ComponentError:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return ComponentError(f"{where} returned a {type(value).__name__} ({shown}); "
                          f"{RULES[method]}")


def _candidates(where: str, method: str, value: Any) -> list[Candidate]:
    if not isinstance(value, Iterable) or isinstance(value, str | bytes):
        raise _wrong(where, method, value)
    found = list(value)
    for item in found:
        if not isinstance(item, Candidate):
            raise _wrong(where, method, item)
    return found


def _where(system: str, instance: Instance, role: str, component: object, method: str) -> str:
    return (f"system {system}, instance {instance.id} ({instance.lexelt}): {role} "
            f"{_name(component)}'s {method}()")


def generate_checked(system: str, generator: Any, instance: Instance) -> list[Candidate]:
    """Return `generator.generate(instance)`, or raise a `ComponentError` naming all."""
    try:
        value = generator.generate(instance)
    except LexsubError:
        raise
    except Exception as error:
        raise _raised(_where(system, instance, "generator", generator, "generate"),
                      "generate", error) from error
    return _candidates(_where(system, instance, "generator", generator, "generate"),
                       "generate", value)


def rank_checked(system: str, ranker: Any, instance: Instance,
                 candidates: list[Candidate]) -> list[Candidate]:
    """Return `ranker.rank(instance, candidates)`, or raise a `ComponentError` naming all."""
    try:
        value = ranker.rank(instance, candidates)
    except LexsubError:
        raise
    except Exception as error:
        raise _raised(_where(system, instance, "ranker", ranker, "rank"), "rank",
                      error) from error
    return _candidates(_where(system, instance, "ranker", ranker, "rank"), "rank", value)


def answer_checked(system: Any, instance: Instance) -> Answers:
    """Return `system.answer(instance)`, or raise a `ComponentError` naming all."""
    try:
        value = system.answer(instance)
    except LexsubError:
        raise
    except Exception as error:
        raise _raised(f"system {_name(system)}, instance {instance.id} ({instance.lexelt}): "
                      "its answer()", "answer", error) from error
    if not isinstance(value, Answers):
        raise _wrong(f"system {_name(system)}, instance {instance.id} ({instance.lexelt}): its "
                     "answer()", "answer", value)
    return value
