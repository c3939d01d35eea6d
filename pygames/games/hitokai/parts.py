"""The Egyptian Buyer's score categories for the coach's reasons (:mod:`pygames.core.parts`).

The coach's rollouts stop at the end of the round of the decision (rounds are independent), so
the categories are those of that round's summary: the points of the daughters bought and the
cards kept in hand (the hand bonus is one point per three).
"""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState, Result
from pygames.core.text import t
from pygames.games.hitokai.rules import HitokaiState


def read(state: GameState, seat: int, result: Result) -> dict[str, float]:
    """The seat's daughter points and cards kept in the last round summed up (none before the
    first round ends)."""
    del result  # the round's summary, not the game's result
    assert isinstance(state, HitokaiState)
    if not state.summaries:
        return {}
    mine = state.summaries[-1]["seats"][seat]
    return {"daughters": float(mine["daughter_points"]), "cards": float(mine["cards"])}


PARTS = ScoreParts(
    read,
    {
        "daughters": Part(
            t("{n} more points of daughters this round", "このラウンドの娘の点が{n}多く"),
            t("{n} fewer points of daughters this round", "このラウンドの娘の点が{n}少なく"),
        ),
        "cards": Part(
            t("{n} more cards kept in hand", "手札が{n}枚多く"),
            t("{n} fewer cards kept in hand", "手札が{n}枚少なく"),
        ),
    },
)
