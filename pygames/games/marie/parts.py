"""Marie's Table's score categories for the coach's reasons (:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState
from pygames.core.text import t
from pygames.games.marie.rules import EAT_POINTS, POINTS, MarieState


def read(state: GameState, seat: int) -> dict[str, float]:
    """The seat's points from the cards it keeps, and its eaten cards."""
    assert isinstance(state, MarieState)
    kept = sum(POINTS[count] for count in state.kept[seat][1:])
    return {"kept": float(kept), "eaten": float(len(state.eaten[seat]) * EAT_POINTS)}


PARTS = ScoreParts(
    read,
    {
        "kept": Part(
            t("{n} more points from the cards you keep", "確定したカードの点が{n}多く"),
            t("{n} fewer points from the cards you keep", "確定したカードの点が{n}少なく"),
        ),
        "eaten": Part(
            t("{n} more points from eaten cards", "食べたカードの点が{n}多く"),
            t("{n} fewer points from eaten cards", "食べたカードの点が{n}少なく"),
        ),
    },
)
