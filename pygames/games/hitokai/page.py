"""The Egyptian Buyer's moves as data for the page (docs/table-layer.md), registered on
the game's :class:`~pygames.core.registry.GameInfo`.

Discrete moves (:func:`discrete_moves`):

- ``b7``: kind ``bid``, ``amount`` (every bid from one above the current bid up to the cap);
- ``pass``: kind ``withdraw`` (not for the opening bid);
- ``pay7``: kind ``pay``, ``card`` and ``gold`` (what it is worth now): one card put into the
  payment at once. These are also the first steps of the ``pay`` choice; they stay listed because
  a payment may be paid card by card (the notation is one card per action) and because a whole
  payment names one first card only, while any payable card may come first.

One choice (:func:`choices`, :func:`compose`), too many payments to list:

- ``pay`` (kind ``payment``, ``order: set``): picks are card numbers from the payer's hand. Only
  cards that still lead to a minimal payment (ruling H4) may be added; the selection is complete
  when the payment (the cards already put in plus the picks) covers the bid, and is played as the
  steps ``["pay9", "pay7", "pay7"]`` (the first card picked first, then the rest in order; the
  engine completes the tail itself once only one way is left, which pays the same cards).
  ``info``: the value put in so far (``value``, of ``bid``), what is ``missing``, how far it
  goes ``over`` the bid (a doubled card paying an odd remainder), the most it can ``reach`` with
  the rest of the hand, the ``daughter``'s number and what its cards are worth now
  (``double``), and the cards completing the payment that keep the most value from here
  (``suggestion``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygames.core.errors import illegal
from pygames.core.protocol import Composed, GameState, JSONDict
from pygames.core.registry import Picks
from pygames.core.text import Text, t
from pygames.games.hitokai import rules as _rules

PAY = "pay"


def discrete_moves(state: GameState, seat: int) -> list[JSONDict]:
    """The seat's legal actions as data: bids, the withdrawal, and single paid cards."""
    assert isinstance(state, _rules.HitokaiState)
    if seat not in state.to_move():
        return []
    if state.phase == "bid":
        out: list[JSONDict] = [
            {"a": f"b{x}", "kind": "bid", "amount": x} for x in range(state.bid + 1, state.cap + 1)
        ]
        if state.bid > 0:
            out.append({"a": "pass", "kind": "withdraw"})
        return out
    k = state.daughter
    return [
        {"a": f"pay{c}", "kind": "pay", "card": c, "gold": _rules.card_value(c, k)}
        for c in state.payable(seat)
    ]


def choices(state: GameState, seat: int) -> list[JSONDict]:
    """The payment of the payer to move: his hand as ``cards`` (``number``, ``count``,
    ``gold``), the ``bid`` he owes, the cards ``paid`` already, their ``value`` and what is
    ``missing``, the most the payment can ``reach`` (the whole hand in), the ``daughter``'s
    number and what each of its cards is worth (``double``), and the ``suggestion`` (the cards
    completing the payment that keeps the most value)."""
    assert isinstance(state, _rules.HitokaiState)
    if state.payer() != seat:
        return []
    k, due = state.daughter, state.bid_due()
    counts = Counter(state.hands[seat])
    value = _rules.cards_value(state.paying, k)
    return [
        {
            "id": PAY,
            "kind": "payment",
            "order": "set",
            "daughter": k,
            "double": _rules.card_value(k, k),
            "bid": due,
            "paid": sorted(state.paying),
            "value": value,
            "missing": max(0, due - value),
            "reach": state.value(seat) + value,
            "suggestion": state.suggestion(seat),
            "cards": [
                {"number": n, "count": counts[n], "gold": _rules.card_value(n, k)}
                for n in sorted(counts)
            ],
        }
    ]


def _read_picks(picks: list[Any]) -> list[int]:
    """The picks as card numbers; anything else is refused."""
    out = []
    for p in picks:
        if isinstance(p, bool) or not isinstance(p, int):
            raise illegal(
                "A pick of the payment must be a card number.",
                "支払いで選ぶのはカードの数字です。",
            )
        out.append(p)
    return out


def compose(state: GameState, seat: int, choice: str, picks: list[Any]) -> Composed:
    """Judge the cards ``picks`` (numbers, in any order) chosen to pay the bid."""
    assert isinstance(state, _rules.HitokaiState)
    if choice != PAY or state.payer() != seat:
        raise illegal("Nothing to choose now.", "今は選ぶものがありません。")
    chosen = _read_picks(picks)
    hand = Counter(state.hands[seat])
    short = sorted(n for n, c in Counter(chosen).items() if c > hand[n])
    if short:
        return Composed(
            False,
            why=t(
                f"You do not hold that many cards of number {short[0]}.",
                f"{short[0]}のカードをそんなに持っていません。",
            ),
        )
    k, due = state.daughter, state.bid_due()
    paid = [*state.paying, *chosen]
    rest = list((hand - Counter(chosen)).elements())
    value = _rules.cards_value(paid, k)
    info: JSONDict = {
        "bid": due,
        "value": value,
        "picked": sorted(chosen),
        "missing": max(0, due - value),
        "over": max(0, value - due),
        "reach": value + _rules.cards_value(rest, k),
        "daughter": k,
        "double": _rules.card_value(k, k),
    }
    if value >= due:
        if not _rules.is_minimal(paid, k, due):
            return Composed(False, why=_overpay(), info=info)
        # the first card picked first (a coach's payment begins with the card it names), the
        # rest in order
        actions = [f"pay{c}" for c in chosen[:1] + sorted(chosen[1:])]
        return Composed(True, complete=bool(actions), actions=actions, info=info)
    if not _rules.can_complete(rest, paid, k, due):
        return Composed(False, why=_overpay(), info=info)
    info["suggestion"] = _rules.best_completion(rest, paid, k, due)
    nxt = [
        c for c in sorted(set(rest)) if _rules.can_complete(_without(rest, c), [*paid, c], k, due)
    ]
    return Composed(True, next=nxt, info=info)


def _without(cards: list[int], card: int) -> list[int]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _overpay() -> Text:
    return t(
        "These cards cannot make a minimal payment: a payment must fall short if any card is "
        "taken out of it.",
        "この組み合わせでは最小の支払いになりません。支払いは、どの1枚を抜いても足りなくなる"
        "組み合わせでなければなりません。",
    )


def waste(state: GameState, seat: int, action: str) -> Text | None:
    """A bid above the worth of the seat's whole hand (H2): every bidder pays his own last bid,
    and this one (or a higher one of his) is more than his hand can pay, so whoever wins, he is
    eliminated for the round. Nothing else is marked (docs/rules/hitokai.md)."""
    assert isinstance(state, _rules.HitokaiState)
    if state.phase != "bid" or not action.startswith("b"):
        return None
    amount, worth = int(action[1:]), state.value(seat)
    if amount <= worth:
        return None
    return t(
        f"Your hand is worth only {worth} gold. Every bidder pays their own last bid, so with a "
        f"bid of {amount}, whoever wins, you cannot pay and are eliminated for this round.",
        f"手札の価値は{worth}金しかありません。入札した人は全員自分の最後の入札額を払うので、"
        f"{amount}で入札すると誰が落札しても払えず、このラウンドは脱落します。",
    )


def unavailable(state: GameState, seat: int) -> dict[str, Text]:
    """Withdraw is greyed out for the start player of an auction: he must open it with a bid."""
    assert isinstance(state, _rules.HitokaiState)
    if state.phase != "bid" or state.bid > 0 or seat not in state.to_move():
        return {}
    return {
        "withdraw": t(
            "The start player must open the auction with a bid (1 or more); Withdraw is "
            "possible once a bid stands.",
            "最初の手番プレイヤーは必ず入札（1以上）して競りを始めます。降りられるのは入札が出てからです。",
        )
    }


def action_picks(state: GameState, seat: int, action: str) -> Picks | None:
    """A card put into the payment: the whole payment it begins when the rest is paid the way
    that keeps the most value (:func:`~pygames.games.hitokai.rules.best_completion`, as the
    ``normal`` bot and the search's rollouts pay it): that card first, then the rest. A beginner
    saw the coach's payment as one card at a time, each needing its own Play, and could not tell
    how many cards it would cost."""
    assert isinstance(state, _rules.HitokaiState)
    if not action.startswith("pay"):
        return None
    card = _rules.Action.parse(action).value
    if state.payer() != seat or card not in state.hands[seat]:
        return Picks(PAY, (card,))
    due = state.bid_due()
    rest = _without(state.hands[seat], card)
    tail = _rules.best_completion(rest, [*state.paying, card], state.daughter, due)
    return Picks(PAY, (card, *(tail or [])))
