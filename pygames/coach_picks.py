"""What the table marks for a move of the coach (a hint's move, an analysis's move played and
better move): for a move made through a choice (a BAG-GAI range, a Pharaoh declaration, a card
of The Egyptian Buyer's payment, Yadokashi's New tenants), the choice and its picks, which the
page finds on the table as ``[data-choice][data-pick]`` controls (docs/table-layer.md).

The game says which picks make an action (:attr:`pygames.core.registry.GameInfo.action_picks`,
the inverse of its ``compose``); this module checks them against ``compose`` itself (a
selection that does not lead to the action is never marked) and writes them as the page reads
a pick: its text (``"7"``, ``"bonus"``). A discrete move (``moves[].a``) needs none: the page
marks its control by its notation.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

from pygames.core.errors import GameError
from pygames.core.protocol import GameState, JSONDict
from pygames.core.registry import GameInfo, get_game


def pick_text(pick: Any) -> str:
    """A pick as the page writes it in ``data-pick`` (ui/tutorial.js ``pickText``)."""
    if isinstance(pick, (dict, list)):
        return json.dumps(pick, separators=(",", ":"))
    return str(pick)


def move_picks(state: GameState, seat: int, action: str) -> JSONDict:
    """The fields a coach's move adds for the table: ``{choice, picks, covers?, steps?}`` when
    ``action`` (legal for ``seat`` in ``state``) is made through a choice whose ``compose``
    agrees, else nothing (``{}``). ``steps``: the actions of a move the picks complete in more
    than one (a whole payment of The Egyptian Buyer, begun with ``action``), which the coach's
    Play sends at once."""
    info = get_game(state.game_id)
    made = info.action_picks(state, seat, action)
    if made is None:
        return {}
    steps = _steps(info, state, seat, action, made.choice, list(made.picks))
    if steps is None:
        return {}
    out: JSONDict = {"choice": made.choice, "picks": [pick_text(p) for p in made.picks]}
    if made.covers:
        out["covers"] = [pick_text(p) for p in made.covers]
    if len(steps) > 1:
        out["steps"] = steps
    return out


def alike_key(key: Hashable) -> bool:
    """Whether ``key`` (of :func:`same_move`) joins actions the seat cannot tell apart."""
    return isinstance(key, tuple) and key[:1] == ("alike",)


def same_move(state: GameState, seat: int) -> Callable[[str], Hashable]:
    """The key under which the coach counts two actions as one move: the game's key of actions
    the seat cannot tell apart (:attr:`GameInfo.alike`: Marie's face-down piles), else the steps
    of the whole move each begins, in any order for a choice of a set (a payment of the same
    cards begun with another card), in their order for a choice of an order (a Rearrange), else
    the action itself. Each action's key is worked out once."""
    keys: dict[str, Hashable] = {}
    info = get_game(state.game_id)
    # the choices whose picks make the same move in any order
    choices = info.choices(state, seat)
    sets = {c["id"] for c in choices if c.get("order") == "set"}

    def made(action: str) -> Hashable:
        alike = info.alike(state, seat, action)
        if alike is not None:
            return ("alike", alike)
        picks = move_picks(state, seat, action)
        steps = picks.get("steps")
        if not steps:
            return action
        if picks["choice"] in sets:
            return tuple(sorted(steps))
        return tuple(steps)  # a new order (Yadokashi's Rearrange): its order matters

    def key(action: str) -> Hashable:
        found = keys.get(action)
        if found is None:
            found = keys[action] = made(action)
        return found

    return key


def _steps(
    info: GameInfo, state: GameState, seat: int, action: str, choice: str, picks: list[Any]
) -> list[str] | None:
    """The actions ``compose`` plays for ``picks`` of ``choice`` when they lead to ``action``
    (a complete selection whose first action it is; or one not yet complete, the first step of
    a move made in several, each pick one ``compose`` offered: ``[action]``), else None."""
    try:
        composed = info.compose(state, seat, choice, picks)
        if not composed.valid:
            return None
        if composed.complete and composed.actions:
            return list(composed.actions) if composed.actions[0] == action else None
        start = info.compose(state, seat, choice, [])
    except GameError:
        return None
    return [action] if not start.next or picks[0] in start.next else None
