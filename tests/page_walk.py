"""Test support: checks of a game's moves as data for the page (the ``discrete_moves``,
``choices`` and ``compose`` its :class:`~pygames.core.registry.GameInfo` registers): together
they must offer exactly the legal actions.

``tests/test_page.py`` uses :func:`offered_actions` for every game; a game's own tests use
:func:`walk` to follow a choice pick by pick as the page does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pygames.core.protocol import Composed, GameState, JSONDict
from pygames.core.registry import get_game

#: how many partial selections one walk of a choice may visit before it gives up
WALK_LIMIT = 50_000


class WalkTooLong(Exception):
    """A choice has more partial selections than :data:`WALK_LIMIT`."""


def _key(picks: list[Any], as_set: bool) -> str:
    items = sorted(json.dumps(p, sort_keys=True) for p in picks) if as_set else picks
    return json.dumps(items, sort_keys=True)


def walk(
    state: GameState, seat: int, choice: JSONDict, limit: int = WALK_LIMIT
) -> Iterator[tuple[list[Any], Composed]]:
    """Every partial selection of ``choice`` reachable from no picks by adding one of the
    engine's ``next`` picks at a time, with the engine's judgement of it (each selection once;
    a choice with ``"order": "set"`` counts picks in any order as the same selection)."""
    compose = get_game(state.game_id).compose
    as_set = choice.get("order") == "set"
    seen: set[str] = set()
    stack: list[list[Any]] = [[]]
    while stack:
        picks = stack.pop()
        key = _key(picks, as_set)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            raise WalkTooLong(choice.get("id"))
        composed = compose(state, seat, str(choice["id"]), picks)
        yield picks, composed
        if composed.valid:
            stack.extend([*picks, nxt] for nxt in composed.next)


def offered_actions(state: GameState, seat: int, limit: int = WALK_LIMIT) -> set[str]:
    """The first actions the page can send for ``seat``: every discrete move's ``a`` and the
    first action of every complete selection of every choice."""
    info = get_game(state.game_id)
    offered = {str(m["a"]) for m in info.discrete_moves(state, seat)}
    for choice in info.choices(state, seat):
        for _, composed in walk(state, seat, choice, limit):
            if composed.complete and composed.actions:
                offered.add(composed.actions[0])
    return offered
