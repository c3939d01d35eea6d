"""The page's requests to the bridge (:mod:`pygames.web`), read field by field.

Each reader returns the field in the type the bridge needs, or raises :class:`BadRequest` with a
sentence in English and Japanese, which the bridge answers as ``{"ok": false, ...}``. A record or
link that does not read raises :class:`~pygames.core.errors.RecordError`, as everywhere else.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadRequest
from pygames.core.protocol import JSONDict
from pygames.core.record import (
    MAX_TEXT,
    Record,
    parse_record_text,
    record_from_json,
    strict_json,
)
from pygames.core.text import t

#: the longest request text the bridge reads, in characters: a record or link of at most
#: :data:`pygames.core.record.MAX_TEXT` and the request's other fields (longer is refused unread)
MAX_REQUEST = 2 * MAX_TEXT


def bad(en: str, ja: str) -> BadRequest:
    """Shorthand for a :class:`BadRequest` with both languages."""
    return BadRequest(t(en, ja))


def unreadable() -> BadRequest:
    """A request, or a field of it, that does not read."""
    return bad("The request is unreadable.", "要求が読めません。")


def no_such_seat() -> BadRequest:
    """A seat that is not one of the game's."""
    return bad("No such seat.", "その席はありません。")


def _whole(value: Any) -> bool:
    """Whether ``value`` is a whole number (JSON's ``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Request:
    """One request of the page: ``{"cmd": ..., ...}``."""

    def __init__(self, data: JSONDict) -> None:
        self.data = data

    @classmethod
    def parse(cls, text: str) -> Request:
        """Read the request's JSON text (at most :data:`MAX_REQUEST` characters, no nesting deep
        enough to overflow Pyodide's stack)."""
        if not isinstance(text, str):
            raise unreadable()
        if len(text) > MAX_REQUEST:
            raise bad(
                f"The request is too long (more than {MAX_REQUEST // 1024} kB). It was not read.",
                f"要求が長すぎます（{MAX_REQUEST // 1024}kBを超えています）。読みませんでした。",
            )
        try:
            data = strict_json(text)
        except (ValueError, RecursionError) as exc:
            raise unreadable() from exc
        if not isinstance(data, dict):
            raise bad("Unknown request.", "不明な要求です。")
        return cls(data)

    def has(self, key: str) -> bool:
        """Whether the request carries ``key``."""
        return key in self.data

    def cmd(self) -> str:
        """The command's name (``""`` when there is none: no command has that name)."""
        cmd = self.data.get("cmd")
        return cmd if isinstance(cmd, str) else ""

    def session(self) -> str:
        """The session's id (whether it is open is the bridge's to say)."""
        sid = self.data.get("session")
        if not isinstance(sid, str):
            raise bad("That game is no longer open.", "そのゲームはもう開いていません。")
        return sid

    def seat(self, players: int, key: str = "seat") -> int | None:
        """A seat of a game of ``players`` (``None``, absent or null: no seat, a spectator)."""
        value = self.data.get(key)
        if value is None:
            return None
        if not _whole(value) or not 0 <= value < players:
            raise no_such_seat()
        return int(value)

    def count(self, key: str, default: int = 0) -> int:
        """A count of things (``log_from``, ``from``...): a whole number from 0 up."""
        value = self.data.get(key, default)
        if not _whole(value) or value < 0:
            raise unreadable()
        return int(value)

    def ply(self, total: int) -> int:
        """A position of a record of ``total`` actions: ``ply`` (default the end), within 0 to
        ``total``."""
        value = self.data.get("ply", total)
        if not _whole(value):
            raise bad("Unknown position.", "その局面はありません。")
        return max(0, min(total, int(value)))

    def flag(self, key: str) -> bool:
        """Whether ``key`` is set (present and true in JSON's sense)."""
        return bool(self.data.get(key))

    def actions(self, most: int) -> list[str]:
        """The move to play: ``action`` (one notation string) or ``actions`` (a composed move: 1
        to ``most`` strings, applied in order)."""
        if "actions" in self.data:
            actions = self.data["actions"]
            if (
                isinstance(actions, list)
                and 0 < len(actions) <= most
                and all(isinstance(a, str) for a in actions)
            ):
                return list(actions)
        elif isinstance(self.data.get("action"), str):
            return [self.data["action"]]
        raise bad("An action needs a seat and a move.", "手には席と内容が必要です。")

    def choice(self) -> str:
        """The id of a combinatorial choice."""
        choice = self.data.get("choice")
        if not isinstance(choice, str):
            raise unreadable()
        return choice

    def picks(self, most: int) -> list[Any]:
        """The picks of a selection so far (at most ``most``; the game judges each)."""
        picks = self.data.get("picks", [])
        if not isinstance(picks, list) or len(picks) > most:
            raise unreadable()
        return picks

    def seats(self, players: int) -> list[int] | None:
        """The seats asked for (``None`` when absent): a list of 1 to ``players`` seats of a game
        of ``players``."""
        seats = self.data.get("seats")
        if seats is None:
            return None
        if (
            not isinstance(seats, list)
            or not 0 < len(seats) <= players
            or not all(_whole(s) for s in seats)
        ):
            raise no_such_seat()
        for seat in seats:
            if not 0 <= seat < players:
                raise bad(
                    f"No seat {seat}: this game has seats 0 to {players - 1}.",
                    f"席{seat}はありません。この記録の席は0〜{players - 1}です。",
                )
        return [int(s) for s in seats]

    def record(self, draw_seed: bool = False) -> Record:
        """The request's record: ``link`` (text: a share link, ``g=...`` or a record's JSON) or
        ``record`` (an object). The one place where the bridge reads a record. ``draw_seed`` (a
        new game: ``start``, ``deal``): a record without a seed gets one drawn by the engine."""
        link = self.data.get("link")
        if isinstance(link, str):
            return parse_record_text(link, draw_seed)
        if link is not None:
            raise bad("The link is unreadable.", "リンクが読めません。")
        return record_from_json(self.data.get("record"), draw_seed)
