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
    """The fields a coach's move adds for the table: ``{choice, picks, covers?}`` when
    ``action`` (legal for ``seat`` in ``state``) is made through a choice whose ``compose``
    agrees, else nothing (``{}``)."""
    info = get_game(state.game_id)
    made = info.action_picks(state, seat, action)
    if made is None or not _agrees(info, state, seat, action, made.choice, list(made.picks)):
        return {}
    out: JSONDict = {"choice": made.choice, "picks": [pick_text(p) for p in made.picks]}
    if made.covers:
        out["covers"] = [pick_text(p) for p in made.covers]
    return out


def _agrees(
    info: GameInfo, state: GameState, seat: int, action: str, choice: str, picks: list[Any]
) -> bool:
    """Whether ``compose`` takes ``picks`` of ``choice`` as the way to ``action``: a complete
    selection plays it first; one not yet complete (the first step of a move made in several
    steps) is valid, and each pick was one ``compose`` offered."""
    try:
        composed = info.compose(state, seat, choice, picks)
        if not composed.valid:
            return False
        if composed.complete and composed.actions:
            return composed.actions[0] == action
        start = info.compose(state, seat, choice, [])
    except GameError:
        return False
    return not start.next or picks[0] in start.next
