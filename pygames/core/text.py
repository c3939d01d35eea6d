"""Bilingual text: every user-facing string carries English and Japanese."""

from __future__ import annotations

from typing import TypedDict


class Text(TypedDict):
    """A user-facing string in English (``en``) and Japanese (``ja``)."""

    en: str
    ja: str


def t(en: str, ja: str) -> Text:
    """Build a :class:`Text`."""
    return {"en": en, "ja": ja}


def plural(n: int, one: str, other: str) -> str:
    """``n`` with the English noun that agrees with it: ``plural(1, "card", "cards")`` is
    ``"1 card"``, ``plural(0, "card", "cards")`` is ``"0 cards"``."""
    return f"{n} {agree(n, one, other)}"


def agree(n: int, one: str, other: str) -> str:
    """The English word (noun or verb) that agrees with a count of ``n``, without the number:
    ``agree(1, "goes", "go")`` is ``"goes"``."""
    return one if n == 1 else other
