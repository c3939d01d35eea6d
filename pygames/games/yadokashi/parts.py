"""Yadokashi's score categories for the coach's reasons (:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState
from pygames.core.text import t
from pygames.games.yadokashi.rules import YadokashiState


def read(state: GameState, seat: int) -> dict[str, float]:
    """The seat's stars, the crabs living in its row and the shells of its row."""
    assert isinstance(state, YadokashiState)
    return {
        "stars": float(state.stars[seat]),
        "crabs": float(state.crab_count(seat)),
        "shells": float(len(state.rows[seat])),
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
