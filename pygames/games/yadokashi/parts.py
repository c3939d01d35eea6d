"""Yadokashi's score categories for the coach's reasons (:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState, Result
from pygames.core.text import t


def read(state: GameState, seat: int, result: Result) -> dict[str, float]:
    """The seat's stars, the crabs living in its row and the shells of its row (its breakdown
    in the result)."""
    data = result.breakdown[seat]
    return {
        "stars": float(data["total"]),
        "crabs": float(data["crabs"]),
        "shells": float(data["shells"]),
    }


PARTS = ScoreParts(
    read,
    {
        "stars": Part(t("{n} more stars", "星が{n}多く"), t("{n} fewer stars", "星が{n}少なく")),
        "crabs": Part(
            t("{n} more crabs in your row", "自分の列のヤドカリが{n}多く"),
            t("{n} fewer crabs in your row", "自分の列のヤドカリが{n}少なく"),
        ),
        "shells": Part(
            t("{n} more shells in your row", "自分の列のヤドが{n}多く"),
            t("{n} fewer shells in your row", "自分の列のヤドが{n}少なく"),
        ),
    },
)
