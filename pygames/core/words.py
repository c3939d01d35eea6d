"""A move in words, as the seat that would make it reads it: what the game's log would say.

:func:`action_words` applies the action to worlds *determinized for that seat* (never the true
state: no hidden card of another seat can reach the words) and takes the log line the action
itself writes about the seat (``{0} bids 7.``), as that seat reads it
(:meth:`~pygames.core.protocol.GameState.log_for`). The answer is a list of log entries
``{"text": {"en", "ja"}, "seats": [...]}``, the shape the page's log formatter draws with the
seats' names.

A line is kept only where every one of :data:`WORLDS` worlds writes it the same: a line that
tells a chance the action draws (``{0} calls High and rolls 5.``) would otherwise tell one
imagined roll as if it were the real one. Such a line is cut where the worlds part
(``{0} calls High and rolls …``). An action that writes no line of its own (one step of a move
made in several, such as one card of a payment) is said by the game's
:meth:`~pygames.core.protocol.GameState.step_words`, or in general words as the last resort.

The log tells what was done; a hint tells what to do: :func:`advice` turns the Japanese polite
past that ends a log line (``…を選びました。``) into the present (``…を選びます。``); the English
lines are in the present already.

Everything is drawn from the random stream given (:func:`words_rng` for a game's decision), so
the words of an action are the same in every run and in every Python.
"""

from __future__ import annotations

import re

from pygames.core.errors import GameError
from pygames.core.protocol import GameState, JSONDict
from pygames.core.rng import Rng
from pygames.core.text import Text, t

#: how many worlds must agree on a line (a die's roll agrees in all of them once in ~1700)
WORLDS = 4
#: the random stream of the words (reviews use 1 << 56, hints 1 << 57)
WORDS_STREAM = 1 << 58
#: the fewest characters a line cut where the worlds part keeps, placeholders included
SHORTEST_CUT = {"en": 9, "ja": 5}
ELLIPSIS = "…"
DIGITS = frozenset("0123456789０１２３４５６７８９")
PUNCTUATION = frozenset(" ,;:、,(（")
#: the words for a step no log line and no game tells
GENERIC = t("{0} takes this step of the move.", "{0}はこの手順を選びます。")


def words_rng(record_seed: int, ply: int, seat: int) -> Rng:
    """The random stream of the words of ``seat``'s actions at ``ply`` of a game."""
    return Rng.from_seed(record_seed, stream=WORDS_STREAM + ply * 16 + seat)


def entry(text: Text, seats: list[int]) -> JSONDict:
    """A log entry the page's formatter draws: ``{0}``, ``{1}``... stand for ``seats``."""
    return {"text": {"en": text["en"], "ja": text["ja"]}, "seats": list(seats)}


def _own_line(lines: list[JSONDict], seat: int) -> JSONDict | None:
    """The line about the seat's own action: the first naming the seat first and starting with
    its name, else the first naming it first, else the first line at all."""
    mine = [e for e in lines if e["seats"][:1] == [seat]]
    for line in mine:
        if line["text"]["en"].startswith("{0}"):
            return line
    if mine:
        return mine[0]
    return lines[0] if lines else None


def written(world: GameState, seat: int, action: str) -> list[JSONDict] | None:
    """The log lines ``action`` writes in ``world`` (applied to it), as ``seat`` reads them;
    ``None`` when the world refuses it."""
    start, ply = len(world.log), world.ply
    try:
        world.apply(seat, action)
    except GameError:
        return None
    return [e for e in world.log_for(seat)[start:] if e["ply"] == ply]


def _trim(text: str, chars: frozenset[str]) -> str:
    """``text`` without the characters of ``chars`` at its end."""
    end = len(text)
    while end and text[end - 1] in chars:
        end -= 1
    return text[:end]


def _cut(texts: list[str], lang: str) -> str | None:
    """Where the texts of the same line in different worlds part: their common beginning, cut
    back to a whole word (English) or before a number (Japanese), with no placeholder left
    open; ``None`` when too little is left."""
    prefix = texts[0]
    for text in texts[1:]:
        n = 0
        while n < min(len(prefix), len(text)) and prefix[n] == text[n]:
            n += 1
        prefix = prefix[:n]
    if lang == "en" and " " in prefix:
        prefix = prefix[: prefix.rfind(" ")]
    prefix = _trim(prefix, DIGITS)
    if prefix.count("{") > prefix.count("}"):
        prefix = prefix[: prefix.rfind("{")]
    prefix = _trim(prefix, PUNCTUATION)
    if len(prefix) < SHORTEST_CUT[lang]:
        return None
    return prefix + (" " if lang == "en" else "") + ELLIPSIS


def _agreed(lines: list[JSONDict | None]) -> JSONDict | None:
    """The line every world wrote (the same text and seats), or the part they share."""
    if any(line is None for line in lines):
        return None
    found = [line for line in lines if line is not None]
    first = found[0]
    if all(line["text"] == first["text"] and line["seats"] == first["seats"] for line in found):
        return entry(first["text"], first["seats"])
    if any(line["seats"] != first["seats"] for line in found):
        return None
    en = _cut([line["text"]["en"] for line in found], "en")
    ja = _cut([line["text"]["ja"] for line in found], "ja")
    if en is None or ja is None:
        return None
    return entry(t(en, ja), first["seats"])


def action_words(state: GameState, seat: int, action: str, rng: Rng) -> list[JSONDict]:
    """``action`` of ``seat`` (legal in ``state``) in words, as log entries: the line it writes
    about the seat in every world determinized for the seat (see the module's docstring), else
    the game's words for a step, else general words. Never empty; ``rng`` is not advanced."""
    stream = rng.copy()
    lines = []
    for _ in range(WORLDS):
        found = written(state.determinize(seat, stream), seat, action)
        lines.append(_own_line(found, seat) if found else None)
    agreed = _agreed(lines)
    if agreed is not None:
        return [agreed]
    step = state.determinize(seat, stream).step_words(seat, action)
    return [entry(step if step is not None else GENERIC, [seat])]


def steps_words(state: GameState, seat: int, steps: list[str], rng: Rng) -> list[JSONDict]:
    """A move made in several ``steps`` (a whole payment) in words: the line the steps write
    about ``seat`` in every world determinized for it, each step applied while the seat is still
    to move (the engine may complete the rest itself); else the first step's words
    (:func:`action_words`). ``rng`` is not advanced."""
    stream = rng.copy()
    lines = []
    for _ in range(WORLDS):
        world = state.determinize(seat, stream)
        start, ply = len(world.log), world.ply
        for step in steps:
            if world.is_over() or seat not in world.to_move():
                break
            try:
                world.apply(seat, step)
            except GameError:
                break
        found = [e for e in world.log_for(seat)[start:] if e["ply"] >= ply]
        lines.append(_own_line(found, seat) if found else None)
    agreed = _agreed(lines)
    return [agreed] if agreed is not None else action_words(state, seat, steps[0], rng)


#: the polite past at the end of a Japanese log line (before a closing aside in brackets)
_JA_PAST = re.compile(r"ました((?:[(（][^()（）]*[)）])?。?)$")


def advice(words: list[JSONDict]) -> list[JSONDict]:
    """``words`` as a suggestion: the Japanese polite past at the end of a line in the present
    (``{0}が山3を選びました。`` becomes ``{0}が山3を選びます。``)."""
    return [
        entry(t(line["text"]["en"], _JA_PAST.sub(r"ます\1", line["text"]["ja"])), line["seats"])
        for line in words
    ]
