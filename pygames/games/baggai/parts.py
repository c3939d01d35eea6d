"""BAG-GAI's score categories for the coach's reasons (:mod:`pygames.core.parts`)."""

from __future__ import annotations

from pygames.core.parts import Part, ScoreParts
from pygames.core.protocol import GameState, Result
from pygames.core.text import t


def read(state: GameState, seat: int, result: Result) -> dict[str, float]:
    """The seat's victory points from parties and from show-offs, and its money (its breakdown
    in the result)."""
    data = result.breakdown[seat]
    return {
        "parties": float(sum(data["parties"])),
        "showoff": float(data["showoff"]),
        "money": float(data["money"]),
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
