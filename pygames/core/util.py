"""Small helpers the games share."""

from __future__ import annotations

from itertools import chain
from typing import Any

from pygames.core.rng import Rng


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (lists and dicts), faster than :func:`copy.deepcopy`."""
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    return value


def name_slots(seats: list[int], sep: str) -> str:
    """Placeholders ``{0}, {1}, ...`` for a list of seats named in a log line."""
    return sep.join(f"{{{i}}}" for i in range(len(seats)))


def reshuffle(slots: list[list[int]], rng: Rng) -> None:
    """Deal the cards of ``slots`` at random back into slots of the same sizes. The pool is
    sorted first, so the outcome does not depend on where the cards were (which is what makes
    ``determinize`` depend only on what a seat knows)."""
    pool = sorted(chain.from_iterable(slots))
    rng.shuffle(pool)
    i = 0
    for slot in slots:
        n = len(slot)
        slot[:] = pool[i : i + n]
        i += n
