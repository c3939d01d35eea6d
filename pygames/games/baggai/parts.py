"""BAG-GAI's score categories for the coach's reasons (:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState
from pygames.core.text import t
from pygames.games.baggai.rules import BagGaiState


def read(state: GameState, seat: int) -> dict[str, float]:
    """The seat's victory points from parties and from show-offs, and its money."""
    assert isinstance(state, BagGaiState)
    vp = state.vp(seat)
    return {
        "parties": float(sum(vp["parties"])),
        "showoff": float(vp["showoff"]),
        "money": float(state.purse[seat]),
    }


PARTS = ScoreParts(
    read,
    {
        "parties": Part(
            t("{n} more VP from parties", "パーティーの勝利点が{n}多く"),
            t("{n} fewer VP from parties", "パーティーの勝利点が{n}少なく"),
        ),
        "showoff": Part(
            t("{n} more VP from show-offs", "散財自慢の勝利点が{n}多く"),
            t("{n} fewer VP from show-offs", "散財自慢の勝利点が{n}少なく"),
        ),
        "money": Part(t("¥{n} more", "お金が{n}万円多く"), t("¥{n} less", "お金が{n}万円少なく")),
    },
)
