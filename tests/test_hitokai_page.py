"""The Egyptian Buyer's moves as data (docs/table-layer.md): bids and the withdrawal as discrete
moves, and the payment composed card by card with the engine judging each selection (H4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core.errors import IllegalAction
from pygames.games.hitokai import page
from pygames.games.hitokai.rules import HitokaiState, is_minimal
from tests.conftest import bridge as call
from tests.conftest import engine
from tests.page_walk import offered_actions, walk
from tests.test_hitokai_rules import play, setup


def paying(hands: list[list[int]], k: int, bid: int) -> HitokaiState:
    """Seat 0 opens daughter ``k`` with ``bid``, the others withdraw: seat 0 is to pay."""
    s = setup(hands, k=k, start=0)
    play(s, f"0:b{bid}", *(f"{seat}:pass" for seat in range(1, len(hands))))
    assert s.phase == "pay" and s.to_move() == [0]
    return s


# --- bidding -------------------------------------------------------------------------------------
def test_bids_and_the_withdrawal_are_discrete_moves_with_their_fields() -> None:
    s = setup([[5, 7, 7], [8, 8], [10]], k=7, start=0)
    moves = page.discrete_moves(s, 0)
    assert moves[0] == {"a": "b1", "kind": "bid", "amount": 1}
    assert [m["amount"] for m in moves] == list(range(1, s.cap + 1))
    assert all(m["kind"] == "bid" for m in moves)  # no withdrawal before the opening bid
    assert page.choices(s, 0) == [] and page.discrete_moves(s, 1) == []
    play(s, "0:b3")
    moves = page.discrete_moves(s, 1)
    assert {"a": "pass", "kind": "withdraw"} in moves
    assert [m["amount"] for m in moves if m["kind"] == "bid"] == list(range(4, s.cap + 1))
    assert {m["a"] for m in moves} == set(s.legal_actions(1))


def test_the_view_carries_the_figures_the_page_shows() -> None:
    s = setup([[5, 7, 7], [8, 8], [10]], k=7, start=0)
    v = s.view(0)
    assert v["bonus_cards"] == 3 and v["gold"] == {"plain": 1, "daughter": 2}
    assert v["hand_value"] == 5  # 5 + 7 + 7 at daughter 7: 1 + 2 + 2
    assert v["hand_groups"] == [
        {"number": 5, "count": 1, "gold": 1},
        {"number": 7, "count": 2, "gold": 2},
    ]
    assert s.view(None)["hand_groups"] is None and s.view(1)["hand_groups"][0]["number"] == 8


# --- the payment -----------------------------------------------------------------------------
def test_the_payment_choice_describes_the_hand_and_the_bid() -> None:
    s = paying([[5, 7, 7, 9], [8, 8], [10]], k=7, bid=3)
    (choice,) = page.choices(s, 0)
    assert choice == {
        "id": "pay",
        "kind": "payment",
        "order": "set",
        "daughter": 7,
        "double": 2,
        "bid": 3,
        "paid": [],
        "value": 0,
        "missing": 3,
        "reach": 6,
        "suggestion": [5, 7],
        "cards": [
            {"number": 5, "count": 1, "gold": 1},
            {"number": 7, "count": 2, "gold": 2},
            {"number": 9, "count": 1, "gold": 1},
        ],
    }
    assert page.choices(s, 1) == []
    # single cards stay discrete moves: any payable card may be paid first, on its own
    assert page.discrete_moves(s, 0) == [
        {"a": "pay5", "kind": "pay", "card": 5, "gold": 1},
        {"a": "pay7", "kind": "pay", "card": 7, "gold": 2},
        {"a": "pay9", "kind": "pay", "card": 9, "gold": 1},
    ]


def test_compose_h4_example_daughter_7_bid_3() -> None:
    s = paying([[5, 7, 7, 9], [8, 8], [10]], k=7, bid=3)
    first = page.compose(s, 0, "pay", [])
    assert first.valid and not first.complete and first.next == [5, 7, 9]
    assert first.info == {
        "bid": 3,
        "value": 0,
        "picked": [],
        "missing": 3,
        "over": 0,
        "reach": 6,
        "daughter": 7,
        "double": 2,
        "suggestion": [5, 7],
    }
    one = page.compose(s, 0, "pay", [5])
    # 5 + 9 is only 2 gold and a third plain card is not held: the 5 needs a 7
    assert one.valid and not one.complete and one.next == [7]
    assert one.info["missing"] == 2
    done = page.compose(s, 0, "pay", [7, 5])
    # the first card picked first (a coach's payment begins with the card it names), the rest in
    # order
    assert done.valid and done.complete and done.actions == ["pay7", "pay5"] and done.next == []
    assert done.info == {
        "bid": 3,
        "value": 3,
        "picked": [5, 7],
        "missing": 0,
        "over": 0,
        "reach": 6,
        "daughter": 7,
        "double": 2,
    }
    sevens = page.compose(s, 0, "pay", [7, 7])
    assert sevens.complete and sevens.actions == ["pay7", "pay7"]  # 4 gold, yet minimal
    assert sevens.info["value"] == 4 and sevens.info["over"] == 1  # a 7 pays 2 gold


def test_compose_refuses_an_overpayment_with_a_sentence() -> None:
    s = paying([[5, 7, 7, 9], [8, 8], [10]], k=7, bid=3)
    over = page.compose(s, 0, "pay", [5, 7, 7])
    assert not over.valid and not over.complete and over.next == [] and over.actions == []
    assert over.why is not None and "minimal" in over.why["en"] and over.why["ja"]
    short = page.compose(s, 0, "pay", [9, 9])
    assert not short.valid and short.why is not None
    assert "do not hold that many" in short.why["en"] and short.why["ja"]
    absent = page.compose(s, 0, "pay", [12])
    assert not absent.valid and absent.why is not None


def test_a_payment_with_one_doubled_card_left_cannot_take_a_plain_one() -> None:
    s = paying([[5, 6, 7, 7, 9], [8, 8], [10]], k=7, bid=2)
    one = page.compose(s, 0, "pay", [5])
    # one plain card in: a 7 (2 gold) would make 3 with the 5 removable
    assert one.valid and one.next == [6, 9]
    bad = page.compose(s, 0, "pay", [5, 7])
    assert not bad.valid and bad.why is not None


def test_a_complete_composition_plays_the_payment_through_the_bridge() -> None:
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    record = {"v": 1, "game": "hitokai", "players": 3, "seed": 5, "options": {}, "seats": seats}

    snap = call(cmd="start", record=record, seat=None)
    sid = snap["session"]
    try:
        # bid until someone has a real choice of payment
        while True:
            seat = snap["to_move"][0]
            snap = call(cmd="view", session=sid, seat=seat)
            if snap["choices"]:
                break
            kinds = {m["kind"]: m["a"] for m in snap["moves"]}
            assert snap["view"]["phase"] == "bid"
            snap = call(cmd="act", session=sid, seat=seat, action=kinds.get("withdraw", "b9"))
        (choice,) = snap["choices"]
        picks: list[int] = []
        answer = call(cmd="compose", session=sid, seat=seat, choice="pay", picks=picks)
        while not answer["complete"]:
            assert answer["valid"] and answer["next"]
            picks.append(answer["next"][-1])
            answer = call(cmd="compose", session=sid, seat=seat, choice="pay", picks=picks)
        assert is_minimal(sorted(choice["paid"] + picks), choice["daughter"], choice["bid"])
        after = call(cmd="act", session=sid, seat=seat, actions=answer["actions"], view_seat=seat)
        assert after["ok"] and 1 <= after["applied"] <= len(answer["actions"])
        settled = [p for p in after["view"]["auctions"][-1]["payments"] if p["seat"] == seat]
        assert settled == [{"seat": seat, "bid": choice["bid"], "cards": sorted(picks),
                            "eliminated": False}]  # fmt: skip
    finally:
        call(cmd="close", session=sid)


def test_every_payable_card_is_offered_and_every_complete_payment_is_minimal() -> None:
    s = paying([[4, 5, 6, 6, 7, 8, 8, 9, 11, 13], [8, 8], [10]], k=6, bid=5)
    (choice,) = page.choices(s, 0)
    complete = []
    for picks, composed in walk(s, 0, choice):
        if composed.complete:
            assert is_minimal(sorted(picks), 6, 5)
            assert composed.actions == [f"pay{c}" for c in picks[:1] + sorted(picks[1:])]
            complete.append(sorted(picks))
    assert [4, 6, 6] in complete  # 5 gold: without the 4 only 4
    assert [4, 5, 6, 6] not in complete  # 6 gold: the 4 (or the 5) could be taken out
    assert [6, 6, 13] in complete and [4, 5, 7, 8, 9] in complete
    assert offered_actions(s, 0) == set(s.legal_actions(0))


# --- refusals --------------------------------------------------------------------------------
@pytest.mark.parametrize("picks", [["7"], [True], [7.0], [None], [[7]], [{"card": 7}]])
def test_unreadable_picks_are_refused(picks: list[Any]) -> None:
    s = paying([[5, 7, 7, 9], [8, 8], [10]], k=7, bid=3)
    with pytest.raises(IllegalAction):
        page.compose(s, 0, "pay", picks)


def test_a_foreign_choice_or_a_seat_not_paying_is_refused() -> None:
    s = paying([[5, 7, 7, 9], [8, 8], [10]], k=7, bid=3)
    with pytest.raises(IllegalAction):
        page.compose(s, 0, "bid", [])
    with pytest.raises(IllegalAction):
        page.compose(s, 1, "pay", [])
    bidding = setup([[5, 7, 7], [8, 8], [10]], k=7, start=0)
    with pytest.raises(IllegalAction):
        page.compose(bidding, 0, "pay", [])


def test_the_bridge_refuses_a_compose_out_of_turn_or_unreadable() -> None:
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    record = {"v": 1, "game": "hitokai", "players": 3, "seed": 5, "options": {}, "seats": seats}
    snap = json.loads(engine().handle(json.dumps({"cmd": "start", "record": record})))
    sid, seat = snap["session"], snap["to_move"][0]
    try:
        for picks in (["x"], [False]):
            req = {"cmd": "compose", "session": sid, "seat": seat, "choice": "pay", "picks": picks}
            answer = json.loads(engine().handle(json.dumps(req)))
            assert answer["ok"] is False and answer["error"]["en"] and answer["error"]["ja"]
        req = {"cmd": "compose", "session": sid, "seat": (seat + 1) % 3, "choice": "pay"}
        assert json.loads(engine().handle(json.dumps(req)))["ok"] is False
    finally:
        engine().handle(json.dumps({"cmd": "close", "session": sid}))
