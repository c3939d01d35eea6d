"""Marie's Table's score categories for the coach's reasons (:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState, Result
from pygames.core.text import t


def read(state: GameState, seat: int, result: Result) -> dict[str, float]:
    """The seat's points from the cards it keeps, and from its eaten cards (its breakdown in the
    result)."""
    data = result.breakdown[seat]
    eaten = float(data["eaten_points"])
    return {"kept": float(data["total"]) - eaten, "eaten": eaten}


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
