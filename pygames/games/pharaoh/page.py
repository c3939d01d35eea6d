"""Return of the Pharaoh's moves as data for the page (docs/table-layer.md), registered on
the game's :class:`~pygames.core.registry.GameInfo`.

Discrete moves (:func:`discrete_moves`), the three passes:

- ``horus``: kind ``horus``, ``holder`` (the seat holding the Horus chip now: the mover keeps it
  when that is himself);
- ``pharaoh``: kind ``pharaoh``, ``hospital`` (the member cards it moves to the mover's tent),
  ``members`` (their total) and ``left`` (the mover's Pharaoh cards before playing one);
- ``pass``: kind ``pass``.

One choice (:func:`choices`, :func:`compose`), the declaration, too many to list (a large hand
has tens of thousands of card multisets):

- ``declare`` (kind ``declare``, ``order: set``): picks are member cards from the hand (ints as
  in the view: ``3``, ``15`` for the flag 5), and the start player opening the auction may add
  the pick ``"bonus"`` (the choice's ``bonus.pick``) to add the round number. The selection is
  complete when it holds a card and its total (the front area, the cards picked and the bonus)
  beats the highest declaration; it is played as one notation string (``["d35+"]``). ``info``:
  ``front``, ``adding``, ``bonus``, ``total`` (what would be declared), ``highest``, ``beats``
  and ``missing`` (members still needed to beat it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygames.core.errors import illegal
from pygames.core.protocol import Composed, GameState, JSONDict
from pygames.core.registry import Picks
from pygames.core.text import Text, t
from pygames.games.pharaoh import rules as _rules

DECLARE = "declare"
BONUS = "bonus"


def discrete_moves(state: GameState, seat: int) -> list[JSONDict]:
    """The passes open to ``seat`` (none unless it is to move)."""
    assert isinstance(state, _rules.PharaohState)
    if state.over or seat != state.turn:
        return []
    out: list[JSONDict] = []
    if state.horus_open():
        out.append({"a": "horus", "kind": "horus", "holder": state.horus})
    if state.pharaohs[seat] > 0:
        hospital = sorted(state.hospital)
        out.append(
            {
                "a": "pharaoh",
                "kind": "pharaoh",
                "hospital": hospital,
                "members": _rules.total(hospital),
                "left": state.pharaohs[seat],
            }
        )
    out.append({"a": "pass", "kind": "pass"})
    return out


def can_declare(state: _rules.PharaohState, seat: int) -> bool:
    """Whether ``seat`` (to move) has some legal declaration: cards in hand and either the
    start bonus or enough members to beat the highest declaration."""
    hand = state.hands[seat]
    if state.over or seat != state.turn or not hand:
        return False
    return state.bonus_open(seat) or _rules.total(state.front[seat] + hand) > state.highest


def choices(state: GameState, seat: int) -> list[JSONDict]:
    """The declaration of the seat to move: the hand as ``cards`` (``card``, ``count``,
    ``value``, ``flag``), its front area's total (``front``), the ``highest`` declaration to
    beat, and ``bonus`` (``{"pick", "amount"}`` while the start bonus is open, else null)."""
    assert isinstance(state, _rules.PharaohState)
    if not can_declare(state, seat):
        return []
    counts = Counter(state.hands[seat])
    bonus = {"pick": BONUS, "amount": state.round} if state.bonus_open(seat) else None
    return [
        {
            "id": DECLARE,
            "kind": "declare",
            "order": "set",
            "cards": [
                {
                    "card": c,
                    "count": counts[c],
                    "value": _rules.value(c),
                    "flag": _rules.is_flag(c),
                }
                for c in sorted(counts)
            ],
            "front": _rules.total(state.front[seat]),
            "highest": state.highest,
            "bonus": bonus,
        }
    ]


def _read_picks(picks: Any) -> tuple[list[int], int]:
    """The member cards picked and how many bonus picks; anything else is refused."""
    if not isinstance(picks, list):
        raise illegal("The picks must be a list.", "選んだものはリストでなければなりません。")
    cards: list[int] = []
    bonus = 0
    for p in picks:
        if p == BONUS and isinstance(p, str):
            bonus += 1
        elif isinstance(p, int) and not isinstance(p, bool) and p in _rules.MEMBER_CARDS:
            cards.append(p)
        else:
            raise illegal(
                "A pick of a declaration is a member card or the round bonus.",
                "宣言で選べるのは隊員カードかラウンドボーナスです。",
            )
    return cards, bonus


def compose(state: GameState, seat: int, choice: str, picks: list[Any]) -> Composed:
    """Judge the member cards (and maybe the round bonus) picked for a declaration."""
    assert isinstance(state, _rules.PharaohState)
    if choice != DECLARE or not can_declare(state, seat):
        raise illegal("Nothing to choose now.", "今は選ぶものがありません。")
    cards, bonus_picks = _read_picks(picks)
    bonus_open = state.bonus_open(seat)
    if bonus_picks > 1:
        return Composed(
            False,
            why=t("The round bonus is added once.", "ラウンドボーナスは1回だけ加えられます。"),
        )
    if bonus_picks and not bonus_open:
        return Composed(
            False,
            why=t(
                "The round bonus is only for the start player's opening declaration.",
                "ラウンド数の上乗せは、スタートプレイヤーが競りの最初に宣言するときだけです。",
            ),
        )
    hand = Counter(state.hands[seat])
    missing = Counter(cards) - hand
    if missing:
        en, ja = _rules.members_text(list(missing.elements()))
        return Composed(
            False,
            why=t(f"You do not hold {en} in your hand.", f"手札に{ja}の隊員カードがありません。"),
        )
    front = _rules.total(state.front[seat])
    adding = _rules.total(cards)
    bonus = state.round if bonus_picks else 0
    declared = front + adding + bonus
    info: JSONDict = {
        "picked": sorted(cards),
        "front": front,
        "adding": adding,
        "bonus": bonus,
        "total": declared,
        "highest": state.highest,
        "beats": declared > state.highest,
        "missing": max(0, state.highest + 1 - declared),
    }
    nxt: list[Any] = sorted((hand - Counter(cards)).keys())
    if bonus_open and not bonus_picks:
        nxt.append(BONUS)
    if not cards or declared <= state.highest:
        return Composed(True, next=nxt, info=info)
    action = str(_rules.Action(DECLARE, tuple(sorted(cards)), bool(bonus_picks)))
    return Composed(True, complete=True, next=nxt, actions=[action], info=info)


def waste(state: GameState, seat: int, action: str) -> Text | None:
    """A Pharaoh pass with an empty hospital (P4): it moves nobody and spends a Pharaoh card,
    where the plain pass (always open with it) ends the seat's part in the auction the same way
    and keeps the card. Nothing else is ever marked (docs/rules/pharaoh.md)."""
    assert isinstance(state, _rules.PharaohState)
    if action != "pharaoh" or state.hospital:
        return None
    return t(
        "The hospital is empty: this Pharaoh pass moves nobody and spends a Pharaoh card for "
        "nothing. A plain pass does the same and keeps the card.",
        "病院には誰もいません。このファラオパスでは誰も移せず、ファラオカードを無駄にします。"
        "普通のパスなら同じ結果で、カードは手元に残ります。",
    )


def unavailable(state: GameState, seat: int) -> dict[str, Text]:
    """The passes the seat to move may not make now, with why: the Horus pass once someone made
    it in this auction (P3), the Pharaoh pass without a Pharaoh card."""
    assert isinstance(state, _rules.PharaohState)
    if state.over or seat != state.turn:
        return {}
    out: dict[str, Text] = {}
    if not state.horus_open():
        out["horus"] = t(
            "Someone made the Horus pass in this auction already: only one per auction.",
            "この競りではすでに誰かがホルスパスをしました。1回の競りで1人だけです。",
        )
    if state.pharaohs[seat] == 0:
        out["pharaoh"] = t(
            "You have no Pharaoh card left.",
            "ファラオカードがもうありません。",
        )
    return out


def action_picks(state: GameState, seat: int, action: str) -> Picks | None:
    """A declaration's picks: the member cards it adds, then the round bonus if it takes it."""
    if not action.startswith("d"):
        return None
    act = _rules.Action.parse(action)
    return Picks(DECLARE, (*act.cards, *((BONUS,) if act.bonus else ())))
