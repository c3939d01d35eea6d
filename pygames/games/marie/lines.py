"""Marie's Table's log lines, each written out from what it tells (:meth:`MarieState.tell
<pygames.games.marie.rules.MarieState.tell>`): a line is a function of plain values (seats,
numbers, tuples of cards) that returns the arguments of :meth:`GameState.say
<pygames.core.protocol.GameState.say>`, so the state can keep the values and write the line only
when its log is read (a search's worlds never read theirs)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pygames.core.text import Text, t
from pygames.core.util import name_slots

#: the arguments of ``GameState.say``: English, Japanese, the seats named, private wording
Line = tuple[str, str, list[int], dict[int, Text] | None]


def cards_text(cards: Sequence[int]) -> tuple[str, str]:
    """``[3, 5]`` as ``"3 and 5"`` / ``"3と5"``."""
    return _cards_text(tuple(sorted(cards)))


@cache
def _cards_text(ordered: tuple[int, ...]) -> tuple[str, str]:
    if not ordered:
        return "nothing", "なし"
    en = (
        ", ".join(map(str, ordered[:-1])) + (" and " if len(ordered) > 1 else "") + str(ordered[-1])
    )
    return en, "と".join(map(str, ordered))


@cache
def decision_text(keep: tuple[int, ...], eat: tuple[int, ...], future: bool) -> tuple[str, str]:
    """A keep/eat decision as a log line (``{0}`` the seat): done, or (``future``) chosen in
    secret and not yet shown (the seat's own line until everyone has decided). The secret one is
    a noun phrase, with no tense: the same words name the move in a hint (before it is made) and
    in the log and a replay (after)."""
    ken, kja = cards_text(keep)
    een, eja = cards_text(eat)
    if future:
        if not eat:
            return f"{{0}}'s secret decision: keep {ken}.", f"{{0}}の秘密の決定：{kja}を確定。"
        if not keep:
            return f"{{0}}'s secret decision: eat {een}.", f"{{0}}の秘密の決定：{eja}を食べる。"
        return (
            f"{{0}}'s secret decision: eat {een}, keep {ken}.",
            f"{{0}}の秘密の決定：{eja}を食べ、{kja}を確定。",
        )
    if not eat:
        return f"{{0}} keeps {ken}.", f"{{0}}は{kja}を確定しました。"
    return (
        f"{{0}} eats {een}" + (f" and keeps {ken}." if keep else "."),
        f"{{0}}は{eja}を食べ" + (f"、{kja}を確定しました。" if keep else "ました。"),
    )


def plain(en: str, ja: str, seats: tuple[int, ...] = ()) -> Line:
    """A line whose words are fixed."""
    return en, ja, list(seats), None


def round_starts(number: int, elder: int) -> Line:
    """Round ``number`` (1-based) begins."""
    return (
        f"Round {number}: {{0}} is the elder brother.",
        f"第{number}ラウンド：{{0}}が兄者です。",
        [elder],
        None,
    )


def pile_chosen(seat: int, number: int) -> Line:
    """The elder chooses pile ``number`` (1-based)."""
    return f"{{0}} chooses pile {number}.", f"{{0}}が山{number}を選びました。", [seat], None


def picked(seat: int, nxt: int, pair: tuple[int, ...], passed: tuple[int, ...]) -> Line:
    """A drafter keeps ``pair`` and passes the rest to ``nxt``: what, to himself only."""
    en, ja = cards_text(pair)
    pen, pja = cards_text(passed)
    mine = t(
        f"{{0}} keeps {en} and passes {pen} to {{1}}.",
        f"{{0}}は{ja}を残し、{pja}を{{1}}に渡しました。",
    )
    return (
        f"{{0}} keeps 2 cards and passes {len(passed)} to {{1}}.",
        f"{{0}}が2枚を残し、{len(passed)}枚を{{1}}に渡しました。",
        [seat, nxt],
        {seat: mine},
    )


def reveals(seat: int, pair: tuple[int, ...]) -> Line:
    """A seat's pair is shown."""
    en, ja = cards_text(pair)
    return f"{{0}} reveals {en}.", f"{{0}}の2枚は{ja}です。", [seat], None


def voted(seat: int, up: bool) -> Line:
    """A seat has voted: how, to itself only."""
    word_en = "satisfied" if up else "dissatisfied"
    word_ja = "納得" if up else "不満"
    mine = t(f"{{0}} votes {word_en}.", f"{{0}}は「{word_ja}」に投票しました。")
    return "{0} has voted.", "{0}が投票しました。", [seat], {seat: mine}


def satisfied(seats: tuple[int, ...]) -> Line:
    """The seats that voted satisfied."""
    return (
        f"Satisfied: {name_slots(list(seats), ', ')}.",
        f"納得：{name_slots(list(seats), '、')}",
        list(seats),
        None,
    )


def dissatisfied(seats: tuple[int, ...]) -> Line:
    """The seats that voted dissatisfied."""
    return (
        f"Dissatisfied: {name_slots(list(seats), ', ')}.",
        f"不満：{name_slots(list(seats), '、')}",
        list(seats),
        None,
    )


def taken(taker: int, owner: int, pair: tuple[int, ...]) -> Line:
    """A taker takes ``owner``'s pair (his own, the elder's exception)."""
    en, ja = cards_text(pair)
    if owner == taker:
        return (
            f"{{0}} takes his own pair ({en}).",
            f"{{0}}は自分の2枚（{ja}）を獲得します。",
            [taker],
            None,
        )
    return (
        f"{{0}} takes {{1}}'s pair ({en}).",
        f"{{0}}が{{1}}の2枚（{ja}）を取りました。",
        [taker, owner],
        None,
    )


def decided(seat: int, keep: tuple[int, ...], eat: tuple[int, ...]) -> Line:
    """M4: a seat has decided in secret: what, to itself only."""
    en, ja = decision_text(keep, eat, True)
    return "{0} has decided.", "{0}が決めました。", [seat], {seat: t(en, ja)}


def settles(seat: int, keep: tuple[int, ...], eat: tuple[int, ...]) -> Line:
    """A seat's keep/eat decision, seen by all."""
    en, ja = decision_text(keep, eat, False)
    return en, ja, [seat], None


def game_over(winners: tuple[int, ...]) -> Line:
    """The end and its winners."""
    return (
        f"Game over. Winner: {name_slots(list(winners), ', ')}.",
        f"ゲーム終了。勝者：{name_slots(list(winners), '、')}",
        list(winners),
        None,
    )
