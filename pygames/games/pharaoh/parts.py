"""Return of the Pharaoh's score categories for the coach's reasons
(:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState, Result
from pygames.core.text import t


def read(state: GameState, seat: int, result: Result) -> dict[str, float]:
    """The seat's points from treasure items, from the kinds bonus and from flag members (its
    breakdown in the result)."""
    data = result.breakdown[seat]
    return {
        "items": float(data["items"]),
        "kinds": float(data["kinds_bonus"]),
        "flags": float(data["flags"]),
    }


PARTS = ScoreParts(
    read,
    {
        "items": Part(
            t("{n} more points from treasure items", "財宝の点が{n}多く"),
            t("{n} fewer points from treasure items", "財宝の点が{n}少なく"),
        ),
        "kinds": Part(
            t("{n} more points of kinds bonus", "種類ボーナスが{n}多く"),
            t("{n} fewer points of kinds bonus", "種類ボーナスが{n}少なく"),
        ),
        "flags": Part(
            t("{n} more points from flag members", "旗の隊員の点が{n}多く"),
            t("{n} fewer points from flag members", "旗の隊員の点が{n}少なく"),
        ),
    },
)
