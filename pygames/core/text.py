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
