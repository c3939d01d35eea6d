"""BAG-GAI's moves as data for the page (docs/table-layer.md), registered on the game's
:class:`~pygames.core.registry.GameInfo`.

One choice, too many to list as moves:

- ``range`` (the range phase, ``order: set``): picks are the spot indices of the two ends of the
  range (``0`` is Bank L, ``spots + 1`` Bank R). One pick is already complete (a single spot);
  a second, different pick completes a wider range. ``info``: ``lo``, ``hi`` and ``size`` of
  the range the picks make, ``money`` (the seat's money) and ``max_price``: the highest price
  per spot the seat can afford over that range (0: its price will be 0 and it buys nothing).

Discrete moves (:func:`discrete_moves`), never more than the seat's money + 1:

- ``p3`` kind ``price``: ``price`` per spot, ``size`` of the range, ``cost`` (price x size),
  ``left`` (the money the seat keeps if it pays the whole range) and ``max`` (the highest price
  the seat can afford over its range: the limit of every price move);
- ``fL`` / ``fR`` kind ``free``: ``side`` (``L``/``R``), ``spot`` (the neighbour's index),
  ``bag`` (the card code lying there or None) and ``money`` (the money lying there);
- ``uRB=R`` kind ``unknown``: ``card`` (``URB``), ``brand`` (``R``) and ``becomes`` (``URB=R``).

Card codes are looked up in the view's ``cards`` legend by the page, never read.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import illegal
from pygames.core.protocol import Composed, GameState, JSONDict
from pygames.core.registry import Picks
from pygames.core.text import Text, t
from pygames.games.baggai.rules import SHOWOFF_MAX, SHOWOFF_PER, Action, BagGaiState, card_kind

RANGE = "range"


def discrete_moves(state: GameState, seat: int) -> list[JSONDict]:
    """The seat's legal actions outside the range choice, as data."""
    assert isinstance(state, BagGaiState)
    if seat not in state.to_move():
        return []
    if state.phase == "price":
        return _price_moves(state, seat)
    if state.phase != "buy":
        return []
    if state.pending_free is not None:
        return _free_moves(state, state.pending_free)
    return [
        {"a": a, "kind": "unknown", "card": card, "brand": brand, "becomes": f"{card}={brand}"}
        for a, card, brand in state.unknown_fixes(seat)
    ]


def _price_moves(state: BagGaiState, seat: int) -> list[JSONDict]:
    size, purse, top = state.range_size(seat), state.purse[seat], state.max_price(seat)
    return [
        {
            "a": a,
            "kind": "price",
            "price": price,
            "size": size,
            "cost": price * size,
            "left": purse - price * size,
            "max": top,
        }
        for a, price in state.price_options(seat)
    ]


def _free_moves(state: BagGaiState, spot: int) -> list[JSONDict]:
    out = []
    for a, side, target in (("fL", "L", spot - 1), ("fR", "R", spot + 1)):
        out.append(
            {
                "a": a,
                "kind": "free",
                "side": side,
                "spot": target,
                "bag": state.bags[target],
                "money": state.money[target],
            }
        )
    return out


def choices(state: GameState, seat: int) -> list[JSONDict]:
    """The range choice while ``seat`` chooses its range; else none."""
    assert isinstance(state, BagGaiState)
    if seat not in state.to_move() or state.phase != "range":
        return []
    spots = list(range(state.spots + 2))
    return [{"id": RANGE, "kind": RANGE, "order": "set", "spots": spots, "picks": 2}]


def compose(state: GameState, seat: int, choice: str, picks: list[Any]) -> Composed:
    """Judge the picks of the range choice; :class:`IllegalAction` for a choice not offered
    now or picks that are not spot indices of the window."""
    assert isinstance(state, BagGaiState)
    if choice not in {c["id"] for c in choices(state, seat)}:
        raise illegal(
            "There is no such choice to make now.",
            "今はその選択はできません。",
        )
    last = state.spots + 1
    if not isinstance(picks, list) or not all(_is_spot(p, last) for p in picks):
        raise illegal(
            f"A range is picked as spot indices 0 (Bank L) to {last} (Bank R).",
            f"範囲は0（左の銀行）から{last}（右の銀行）までの場所の番号で選びます。",
        )
    spots: list[int] = list(picks)
    if not spots:
        return Composed(valid=True, next=list(range(last + 1)))
    if len(spots) > 2:
        return Composed(
            valid=False,
            why=t("A range has two ends only.", "範囲の端は2つだけです。"),
        )
    if len(spots) == 2 and spots[0] == spots[1]:
        return Composed(
            valid=False,
            why=t(
                "Pick another spot for the other end (one pick alone is a single spot).",
                "もう一方の端には別の場所を選んでください（1か所だけなら1回選ぶだけです）。",
            ),
        )
    lo, hi = min(spots), max(spots)
    size = hi - lo + 1
    info: JSONDict = {
        "lo": lo,
        "hi": hi,
        "size": size,
        "money": state.purse[seat],
        "max_price": state.price_cap(seat, size),
    }
    nxt = [s for s in range(last + 1) if s != lo] if len(spots) == 1 else []
    return Composed(
        valid=True, complete=True, next=nxt, actions=[state.range_text(lo, hi)], info=info
    )


def _is_spot(value: Any, last: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= last


def waste(state: GameState, seat: int, action: str) -> Text | None:
    """A Regular customer's side that lies ahead in the buyer's own range (B16), when the other
    side holds something: he will reach that spot anyway, paying his price there all the same
    and taking what lies there, so the free take gains him nothing there (a Show-off spending bag
    taken free even earns no VP), while the other side's bag or money would have been his for free.
    Not marked: a side holding a Regular customer (its own free take comes at another moment),
    a buyer at price 0 (he could not buy the bag ahead), or two sides both ahead.
    docs/rules/baggai.md, "Moves the table warns about"."""
    assert isinstance(state, BagGaiState)
    spot = state.pending_free
    if spot is None or action not in ("fL", "fR") or state.buyer() != seat:
        return None
    target, other = (spot - 1, spot + 1) if action == "fL" else (spot + 1, spot - 1)
    price = state.prices[seat] or 0
    own = state.ranges[seat]
    hi = own[1] if own is not None else -1

    def ahead(x: int) -> bool:
        return state.cursor <= x <= hi

    bag = state.bags[target]
    if price == 0 or not ahead(target) or ahead(other) or (bag and card_kind(bag) == "free"):
        return None
    showoff = min(price // SHOWOFF_PER, SHOWOFF_MAX) if bag and card_kind(bag) == "showoff" else 0
    if state.bags[other] is None and not state.money[other] and not showoff:
        return None
    return _free_warning(state, target, other, showoff)


def _free_warning(state: BagGaiState, target: int, other: int, showoff: int) -> Text:
    te, tj = state.spot_text(target)
    oe, oj = state.spot_text(other)
    en = (
        f"{te.capitalize()} lies ahead in your range: you will take what lies there anyway, "
        "paying your price there all the same, so the Regular customer gains nothing there."
    )
    ja = (
        f"{tj}はあなたの範囲のこの先にあります。そこにあるものはどのみち自分の金額を払って"
        "取るので、お得意様で取っても何も得しません。"
    )
    if showoff:
        en += (
            " A Show-off spending bag taken free earns no VP; bought at your price it earns "
            f"{showoff}."
        )
        ja += f"散財自慢は無料で取ると0勝利点、自分の金額で買えば{showoff}勝利点です。"
    if state.bags[other] is not None or state.money[other]:
        en += f" Take {oe} instead: what lies there is yours for free."
        ja += f"代わりに{oj}を取れば、そこにあるものが無料で手に入ります。"
    return t(en, ja)


def action_picks(state: GameState, seat: int, action: str) -> Picks | None:
    """A range's picks: its two ends (one for a single spot), covering every spot between."""
    assert isinstance(state, BagGaiState)
    act = Action.parse(action)
    if state.phase != "range" or act.kind != "r":
        return None
    lo, hi = state.index(act.a), state.index(act.b or act.a)
    if lo < 0 or hi < 0:
        return None
    picks = (lo,) if lo == hi else (lo, hi)
    return Picks(RANGE, picks, tuple(range(lo, hi + 1)))
