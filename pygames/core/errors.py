"""Typed errors. Each carries a sentence a person can read, in English and Japanese."""

from __future__ import annotations

from pygames.core.text import Text, t


class GameError(Exception):
    """Base class of every engine error; ``text`` holds the message in ``en`` and ``ja``."""

    def __init__(self, text: Text) -> None:
        super().__init__(text["en"])
        self.text = text


class IllegalAction(GameError):
    """An action that is not legal now; the state is left unchanged."""


class NotYourTurn(IllegalAction):
    """A seat tried to act when it is not among the seats to move."""


class BadNotation(IllegalAction):
    """An action string that does not parse in the game's notation."""


class RecordError(GameError):
    """A record, share link or save that cannot be read."""


class BadRequest(GameError):
    """A request to the bridge (:mod:`pygames.web`) that cannot be answered as asked: a field
    missing or of the wrong kind, a seat or game that is not there, a move that is not this
    seat's to make. Nothing about a record: a record that does not read is a
    :class:`RecordError`."""


class ReplayError(RecordError):
    """An action of a record that cannot be replayed; names its index and the action."""

    def __init__(self, index: int, action: str, reason: Text) -> None:
        super().__init__(
            t(
                f"action {index} ({action!r}): {reason['en']}",
                f"{index}番目の手（{action!r}）：{reason['ja']}",
            )
        )
        self.index = index
        self.action = action
        self.reason = reason


def illegal(en: str, ja: str) -> IllegalAction:
    """Shorthand for an :class:`IllegalAction` with both languages."""
    return IllegalAction(t(en, ja))
