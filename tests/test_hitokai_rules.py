"""Scenario tests for The Egyptian Buyer: one rule (and each ruling H1-H9) per test, and the
worked examples of the original text."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pygames.core.errors import IllegalAction, NotYourTurn, RecordError
from pygames.core.rng import Rng
from pygames.games.hitokai.rules import (
    DECK,
    HAND_SIZES,
    Action,
    HitokaiState,
    best_completion,
    cards_value,
    completions_capped,
    hand_bonus,
    is_minimal,
)
from tests.conftest import engine


def setup(
    hands: list[list[int]],
    k: int = 4,
    start: int = 0,
    buyers: dict[int, int] | None = None,
    points: list[int] | None = None,
) -> HitokaiState:
    """A game whose hands are exactly ``hands`` (the rest of the deck is left out), at the auction
    of daughter ``k`` opened by ``start``; ``buyers`` maps daughters already sold to seats."""
    s = HitokaiState.new(len(hands), 1, {"start": start})
    pool = Counter(DECK)
    for hand in hands:
        need = Counter(hand)
        assert all(pool[c] >= n for c, n in need.items()), "not enough cards of a number"
        pool -= need
    s.hands = [sorted(h) for h in hands]
    s.aside = sorted(pool.elements())
    for number, seat in (buyers or {}).items():
        s.buyers[number - 4] = seat
        s.prices[number - 4] = 1
        s.last_buyer = seat
    if points is not None:  # as if earlier rounds had given these points
        s.points = list(points)
        for seat, won in enumerate(points):
            blank = {"total": 0, "cards": 0, "eliminated": False}
            s.summaries += [{"round": 0, "winner": seat, "seats": [blank] * len(hands)}] * won
    s._start_auction(k, start)
    assert s.invariant_errors() == []
    return s


def play(s: HitokaiState, *moves: str) -> None:
    """Apply ``"seat:action"`` moves in order."""
    for move in moves:
        seat, action = move.split(":")
        s.apply(int(seat), action)
        assert s.invariant_errors() == []


def payment_of(s: HitokaiState, seat: int) -> dict[str, object]:
    """The payment ``seat`` made in the auction being settled, or else in the last one closed."""
    done = s.payments if s.phase == "pay" else s.auctions[-1]["payments"]
    pays = [p for p in done if p["seat"] == seat]
    assert len(pays) == 1
    return dict(pays[0])


# --- setup ---------------------------------------------------------------------------------------
def test_deal_sizes_left_out_cards_and_conservation() -> None:
    for players, (size, aside) in {3: (25, 10), 4: (21, 1), 5: (17, 0)}.items():
        s = HitokaiState.new(players, 3)
        assert HAND_SIZES[players] == size
        assert [len(h) for h in s.hands] == [size] * players and len(s.aside) == aside
        assert s.deck_count() == Counter(DECK) and len(DECK) == 85
        assert all(Counter(DECK)[k] == k for k in range(4, 14))
        assert s.daughter == 4 and s.phase == "bid" and s.round == 1


def test_h6_first_start_player_random_or_named() -> None:
    assert {HitokaiState.new(4, seed).round_start for seed in range(40)} == {0, 1, 2, 3}
    s = HitokaiState.new(4, 5, {"start": 2})
    assert s.round_start == 2 and s.to_move() == [2]
    for seat in range(5):
        named = HitokaiState.new(5, 7, {"start": seat})
        assert named.to_move() == [seat] and named.view(None)["auction"]["start"] == seat


@pytest.mark.parametrize("bad", [-1, 3, True, "1", 1.0])
def test_h6_a_start_player_that_is_no_seat_is_refused_with_a_sentence(bad: object) -> None:
    with pytest.raises(RecordError) as err:
        HitokaiState.new(3, 5, {"start": bad})
    assert "start player" in err.value.text["en"] and "手番プレイヤー" in err.value.text["ja"]


def test_h6_the_game_link_reproduces_the_named_start_player() -> None:
    """The setup page puts ``start`` in the record's options; the record (the link) opens the
    same game: the same seat to move, the same hands."""
    seats = [{"name": n, "kind": "human"} for n in ("A", "B", "C")]
    record = {"v": 1, "game": "hitokai", "players": 3, "seed": 9, "seats": seats, "actions": []}
    views = []
    for start in (1, 2, 2):
        req = {"cmd": "start", "record": {**record, "options": {"start": start}}, "seat": 0}
        snap = json.loads(engine().handle(json.dumps(req)))
        engine().handle(json.dumps({"cmd": "close", "session": snap["session"]}))
        assert snap["to_move"] == [start] and snap["view"]["auction"]["start"] == start
        views.append(snap["view"])
    assert views[1] == views[2] and views[1]["hand"] == views[2]["hand"]


def test_notation_round_trip_and_errors() -> None:
    for text in ("b1", "b7", "b12", "b104", "pass", "pay4", "pay7", "pay13"):
        assert str(Action.parse(text)) == text
    for bad in ("b0", "b07", "bid7", "pay3", "pay14", "pay:7.7.5", "", "PASS", "b"):
        with pytest.raises(IllegalAction) as err:
            Action.parse(bad)
        assert err.value.text["en"] and err.value.text["ja"]


# --- card values ---------------------------------------------------------------------------------
def test_cards_of_the_auctioned_number_are_worth_two_gold() -> None:
    # the original: while daughter 4 is auctioned a 4 is worth 2 gold, any other card 1 gold
    assert cards_value([4, 4, 5, 13], 4) == 6
    assert cards_value([4, 4, 5, 13], 13) == 5
    s = setup([[4, 4, 5, 9], [6, 7], [8, 9]])
    assert s.view(0)["hand_value"] == 6 and s.view(0)["hand"] == [4, 4, 5, 9]
    assert s.view(1)["hand_value"] == 2
    # and the two 4s pay a bid of 4 on their own: a payment of exactly two cards
    play(s, "0:b1", "1:b2", "2:pass", "0:b4", "1:pass")
    assert s.legal_actions(0) == ["pay4", "pay5", "pay9"]  # 4+4 or 4+5+9
    play(s, "0:pay4", "0:pay4")
    assert payment_of(s, 0)["cards"] == [4, 4] and s.hands[0] == [5, 9]


def test_h1_h2_bids_from_one_up_to_the_cap_above_the_hand_allowed() -> None:
    s = setup([[4, 5], [6, 7], [8, 9]])
    assert s.cap == 7  # 4 counts 2 while daughter 4 is auctioned
    assert s.legal_actions(0) == sorted(f"b{x}" for x in range(1, 8))  # no pass: must open
    play(s, "0:b5")  # more than his hand is worth (3): legal, H2
    assert s.legal_actions(1) == ["b6", "b7", "pass"]


def test_bidding_goes_clockwise_and_a_withdrawn_player_gets_no_more_turns() -> None:
    s = setup([[5, 6], [5, 6], [5, 6], [5, 6]], start=2)
    play(s, "2:b1", "3:pass", "0:b2")
    assert s.to_move() == [1]
    play(s, "1:b3", "2:b4")
    assert s.to_move() == [0]  # 3 withdrew: skipped
    assert s.view(None)["seats"][3]["status"] == "withdrawn"
    play(s, "0:pass", "1:pass")
    assert s.buyers[0] == 2 and s.prices[0] == 4


def test_h3_everyone_withdraws_after_the_opening_bid() -> None:
    s = setup([[4, 5], [5, 6], [7, 6]], start=0)
    play(s, "0:b2", "1:pass", "2:pass")  # paid with his 4 (2 gold), the only minimal way
    assert s.buyers[0] == 0 and s.prices[0] == 2
    assert s.daughter == 5 and s.to_move() == [0]  # the buyer opens the next auction


def test_bid_at_the_cap_withdraws_the_others_automatically() -> None:
    s = setup([[5, 6], [7], [8]])
    assert s.cap == 4
    play(s, "0:b4")  # nobody can bid higher: both withdraw at once
    assert s.buyers[0] == 0 and s.eliminated[0]  # a bid above his hand (H2): he cannot pay
    assert "cannot bid higher" in json.dumps(s.log)


# --- all pay -------------------------------------------------------------------------------------
def test_all_pay_every_bidder_pays_his_own_last_bid_a_non_bidder_nothing() -> None:
    s = setup([[5, 6, 7, 8], [9, 9, 9, 9], [10, 10, 10], [11, 11]], start=0)
    play(s, "0:b1", "1:b2", "2:pass", "3:pass", "0:b3", "1:pass")
    assert s.buyers[0] == 0 and s.prices[0] == 3
    # seat 0 (the buyer) has a real choice (three of 5, 6, 7, 8): he is asked first, and his own
    # view proposes the payment keeping the most value
    assert s.phase == "pay" and s.to_move() == [0]
    view = s.view(0)
    assert view["payment"]["bid"] == 3 and view["payment"]["suggestion"] == [5, 6, 7]
    assert view["payment"]["queue"] == [1]
    assert "suggestion" not in s.view(1)["payment"]
    play(s, "0:pay8", "0:pay5")
    assert s.view(2)["payment"]["cards"] == [5, 8]  # cards paid are shown at once
    assert s.to_move() == [0] and s.legal_actions(0) == ["pay6", "pay7"]
    play(s, "0:pay7")
    # 1 pays his own last bid, 2, with no choice (two 9s); 2 and 3 never bid and pay nothing
    closed = s.auctions[-1]
    assert closed["bids"] == [3, 2, None, None]
    assert closed["payments"] == [
        {"seat": 0, "bid": 3, "cards": [5, 7, 8], "eliminated": False},
        {"seat": 1, "bid": 2, "cards": [9, 9], "eliminated": False},
    ]
    assert s.hands == [[6], [9, 9], [10, 10, 10], [11, 11]]
    assert s.bank == [5, 7, 8, 9, 9]
    assert s.daughter == 5 and s.to_move() == [0]


def test_payers_settle_clockwise_from_the_winner() -> None:
    s = setup([[5, 6, 7, 8], [5, 6, 7, 8], [5, 6, 7, 8], [9, 10]], start=0)
    play(s, "0:b1", "1:b2", "2:b3", "3:pass", "0:pass", "1:pass")
    # winner 2 pays first, then clockwise 0 and 1 (3 never bid); each has a choice
    assert s.to_move() == [2] and s.view(None)["payment"]["queue"] == [0, 1]
    play(s, "2:pay5", "2:pay6", "2:pay8")
    assert s.to_move() == [0]
    play(s, "0:pay7")
    assert s.to_move() == [1]
    play(s, "1:pay5", "1:pay6")
    assert [p["seat"] for p in s.auctions[-1]["payments"]] == [2, 0, 1]
    assert s.phase == "bid" and s.daughter == 5 and s.to_move() == [2]


# --- H4: minimal payments ------------------------------------------------------------------------
def test_h4_example_daughter_7_bid_3() -> None:
    assert is_minimal([7, 7], 7, 3)  # 4 gold: removing a 7 leaves 2 < 3
    assert not is_minimal([5, 7, 7], 7, 3)  # 5 gold: without the 5 the bid is still covered
    assert is_minimal([5, 7], 7, 3) and not is_minimal([5], 7, 3)
    s = setup([[5, 7, 7, 9], [8, 8], [10]], k=7, start=0)
    play(s, "0:b3", "1:pass", "2:pass")
    assert s.to_move() == [0] and s.legal_actions(0) == ["pay5", "pay7", "pay9"]
    play(s, "0:pay7")
    # 7+7 (4) and 7+5 and 7+9 (3) are all minimal
    assert s.legal_actions(0) == ["pay5", "pay7", "pay9"]
    play(s, "0:pay7")
    assert payment_of(s, 0)["cards"] == [7, 7] and s.hands[0] == [5, 9]


def test_h4_a_card_that_overpays_is_refused() -> None:
    s = setup([[5, 6, 7, 7, 9], [8, 8], [10]], k=7, start=0)
    play(s, "0:b2", "1:pass", "2:pass")
    play(s, "0:pay5")  # 1 gold in: one more plain card makes 2; a 7 would make 3 with the 5
    assert s.legal_actions(0) == ["pay6", "pay9"]
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "pay7")
    assert "more than needed" in err.value.text["en"] and err.value.text["ja"]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "pay12")
    assert "no card of number 12" in err.value.text["en"]
    assert json.dumps(s.to_json()) == before


def test_overpay_forced_by_indivisible_cards_original_13_example() -> None:
    # the original: daughter 13, bid 1, the hand is a single 13: that 13 must be paid
    s = setup([[13], [12, 12], [11]], k=13, start=0)
    play(s, "0:b1", "1:pass", "2:pass")
    assert "{0} pays 1 with 13." in [e["text"]["en"] for e in s.log]
    assert s.summaries[-1]["seats"][0]["cards"] == 0


def test_h4_paying_a_13_for_a_bid_of_1_is_minimal_too() -> None:
    # with a 13 and a 5 the payer may pay either: each is minimal (no card can be removed)
    assert completions_capped([5, 13], [], 13, 1) == 2
    assert best_completion([5, 13], [], 13, 1) == [5]
    s = setup([[5, 13], [12, 12], [11]], k=13, start=0)
    play(s, "0:b1", "1:pass", "2:pass")
    assert s.legal_actions(0) == ["pay13", "pay5"]
    play(s, "0:pay13")
    assert "{0} pays 1 with 13." in [e["text"]["en"] for e in s.log]
    assert s.summaries[-1]["seats"][0]["cards"] == 1


def test_single_minimal_payment_is_applied_automatically() -> None:
    s = setup([[6, 6, 9], [5, 5], [8]], k=6, start=0)
    play(s, "0:b2", "1:pass", "2:pass")
    # a single 6 (2 gold) is the only minimal payment: 6+9 overpays, one 9 is too little
    assert completions_capped([6, 6, 9], [], 6, 2) == 1
    assert payment_of(s, 0)["cards"] == [6] and s.phase == "bid" and s.daughter == 7


# --- elimination ---------------------------------------------------------------------------------
def test_elimination_hand_to_bank_no_more_auctions_daughters_kept() -> None:
    s = setup([[5, 6], [7, 7, 7], [11, 12, 13]], start=0)
    play(s, "0:b1", "1:b2", "2:pass", "0:b5", "1:pass")  # 0 bids 5 with a hand worth 2
    assert s.eliminated[0] and s.hands[0] == [] and s.buyers[0] == 0
    assert payment_of(s, 0) == {"seat": 0, "bid": 5, "cards": [5, 6], "eliminated": True}
    assert 5 in s.bank and 6 in s.bank
    # the winner is out: the next player clockwise with cards opens daughter 5
    assert s.daughter == 5 and s.to_move() == [1] and s.start == 1
    assert s.view(None)["seats"][0]["status"] == "out"
    play(s, "1:b1", "2:b2")
    assert s.to_move() == [1]  # 0 is skipped
    assert s.daughters_of(0) == [4]


def test_h9_eliminated_highest_total_gets_no_point_next_highest_does() -> None:
    buyers = {4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 1, 10: 1, 11: 2, 12: 0}  # 0 has 42
    s = setup([[4], [5, 5, 5], [6]], k=13, start=0, buyers=buyers)
    play(s, "0:b3", "1:pass", "2:pass")  # 0 buys 13 (55 points) but cannot pay 3 with one card
    summary = s.summaries[-1]
    assert summary["seats"][0]["total"] == 55 and summary["seats"][0]["eliminated"]
    assert summary["seats"][1]["total"] == 20  # 19 + one 3-card bonus
    assert summary["winner"] == 1 and summary["reason"] == "highest"
    assert s.points == [0, 1, 0]
    assert s.round == 2 and s.round_start == 1 and s.to_move() == [1]


def test_the_only_player_not_eliminated_gets_the_point_even_with_nothing() -> None:
    s = setup([[4], [5], [6]], k=13, start=0, buyers={4: 0, 5: 1})
    assert s.cap == 3
    play(s, "0:b2", "1:b3")  # the cap: 2 withdraws automatically; 0 and 1 cannot pay
    summary = s.summaries[-1]
    assert [x["total"] for x in summary["seats"]] == [4, 18, 0]
    assert summary["winner"] == 2 and s.points == [0, 0, 1]


def test_everyone_eliminated_no_point() -> None:
    s = setup([[4], [5], [6, 6]], k=13, start=0, buyers={4: 0, 5: 1})
    play(s, "0:b2", "1:b3", "2:b4")
    assert all(s.summaries[-1]["seats"][p]["eliminated"] for p in range(3))
    assert s.summaries[-1]["reason"] == "all_eliminated" and s.points == [0, 0, 0]
    # nobody got the point: the buyer of the last daughter sold (2, daughter 13) starts
    assert s.round_start == 2


# --- round end -----------------------------------------------------------------------------------
def test_hand_bonus_one_per_three_cards_rounded_down() -> None:
    assert [hand_bonus(n) for n in (0, 1, 2, 3, 5, 6, 8, 9, 25)] == [0, 0, 0, 1, 1, 2, 2, 3, 8]
    s = setup([[4, 5, 6, 7, 8, 9, 10, 11], [12, 12], [13]], k=13, start=0)
    assert s.view(None)["seats"][0]["bonus"] == 2 and s.view(None)["seats"][0]["total"] == 2


def test_h8_tie_for_highest_no_point_next_round_starts_with_the_last_buyer() -> None:
    buyers = {4: 0, 6: 0, 9: 0, 5: 1, 7: 1, 8: 1, 12: 1, 10: 2, 11: 2}
    s = setup([[4, 4], [5], [6, 6, 6]], k=13, start=1, buyers=buyers)
    s.round_start = 1
    play(s, "1:b1", "2:pass", "0:b2", "1:pass")
    # 0: 4+6+9+13 = 32, no cards; 1: 5+7+8+12 = 32, paid his 5; 2: 21 + 1 bonus
    summary = s.summaries[-1]
    assert [x["total"] for x in summary["seats"]] == [32, 32, 22]
    assert summary["winner"] is None and summary["reason"] == "tie"
    assert "nobody" in summary["text"]["en"] and summary["text"]["ja"]
    assert s.points == [0, 0, 0]
    assert summary["next_start"] == 0 and s.round == 2 and s.to_move() == [0]
    # the new round: all 85 cards dealt again, daughters back on the table
    assert s.deck_count() == Counter(DECK) and s.buyers == [None] * 10 and s.bank == []
    assert not any(s.eliminated)


def test_round_summary_in_the_view_names_the_tie_and_the_points_after_the_round() -> None:
    # the round summary a table shows between rounds: every seat's total with its hand bonus,
    # the seats sharing the highest total, the victory points after the round; public only
    buyers = {4: 0, 6: 0, 9: 0, 5: 1, 7: 1, 8: 1, 12: 1, 10: 2, 11: 2}
    s = setup([[4, 4], [5], [6, 6, 6]], k=13, start=1, buyers=buyers, points=[1, 0, 0])
    play(s, "1:b1", "2:pass", "0:b2", "1:pass")
    for seat in (None, 0, 1, 2):
        summary = s.view(seat)["summaries"][-1]
        assert summary["reason"] == "tie" and summary["top"] == [0, 1]
        assert summary["winner"] is None
        assert [x["points"] for x in summary["seats"]] == [1, 0, 0]
        assert [(x["daughter_points"], x["bonus"], x["total"]) for x in summary["seats"]] == [
            (32, 0, 32),
            (32, 0, 32),
            (21, 1, 22),
        ]
        keys = {"daughters", "daughter_points", "cards", "bonus", "total", "eliminated", "points"}
        assert all(set(x) == keys for x in summary["seats"])
        assert summary["seats"][2]["cards"] == 3  # a hand size is public, its cards are not
    s2 = setup([[4, 13], [5], [6]], k=13, start=2, buyers={12: 0, 11: 1, 10: 2})
    play(s2, "2:b1", "0:b2", "1:pass", "2:pass")
    summary = s2.view(1)["summaries"][-1]
    assert summary["top"] == [0] and summary["winner"] == 0 and summary["reason"] == "highest"
    assert [x["points"] for x in summary["seats"]] == [1, 0, 0]


def test_payment_view_lists_the_payments_already_settled_in_this_auction() -> None:
    s = setup([[5, 6, 7, 8], [5, 6, 7, 8], [5, 6, 7, 8], [9, 10]], start=0)
    play(s, "0:b1", "1:b2", "2:b3", "3:pass", "0:pass", "1:pass")
    assert s.view(None)["payment"]["done"] == []
    play(s, "2:pay5", "2:pay6", "2:pay8")
    for seat in (None, 0, 1, 3):
        payment = s.view(seat)["payment"]
        assert payment["payer"] == 0 and payment["queue"] == [1]
        assert payment["done"] == [{"seat": 2, "bid": 3, "cards": [5, 6, 8], "eliminated": False}]
    assert s.view(1)["hand"] == [5, 6, 7, 8] and s.view(3)["hand"] == [9, 10]


def test_point_to_the_single_highest_who_starts_the_next_round() -> None:
    s = setup([[4, 13], [5], [6]], k=13, start=2, buyers={12: 0, 11: 1, 10: 2})
    play(s, "2:b1", "0:b2", "1:pass", "2:pass")
    assert s.summaries[-1]["winner"] == 0 and s.points == [1, 0, 0]
    assert s.round_start == 0 and s.to_move() == [0] and s.daughter == 4


def test_next_start_when_the_winner_has_no_cards_left() -> None:
    s = setup([[5, 5], [7, 8], [9, 10], [11, 12]], start=0)
    play(s, "0:b1", "1:b2", "2:pass", "3:pass", "0:pass")
    # 1 bought daughter 4 and paid his 2 cards... he holds nothing: the next clockwise opens
    assert s.hands[1] == [] and s.buyers[0] == 1
    assert s.daughter == 5 and s.start == 2 and s.to_move() == [2]
    assert s.view(None)["seats"][1]["status"] == "out"


def test_next_start_skips_an_eliminated_player_too() -> None:
    s = setup([[5, 6], [7], [9, 10], [11, 12]], start=1)
    play(s, "1:b1", "2:b3", "3:pass", "0:pass", "1:pass")
    # 2 won and paid both cards; 3 is next clockwise with cards
    assert s.start == 3 and s.to_move() == [3]


def test_h7_nobody_holds_cards_the_round_ends_early() -> None:
    s = setup([[5], [6, 6], [7, 7, 7]], k=4, start=0)
    play(s, "0:b1", "1:b2", "2:b3", "0:pass", "1:pass")
    # every hand is empty: daughters 5..13 are not sold, the round ends
    summary = s.summaries[-1]
    assert summary["round"] == 1 and summary["winner"] == 2
    assert [x["total"] for x in summary["seats"]] == [0, 0, 4]
    assert "not sold" in json.dumps(s.log)
    assert s.round == 2 and s.daughter == 4 and s.to_move() == [2]


def test_game_ends_the_moment_someone_has_two_points() -> None:
    s = setup([[4, 13], [5], [6]], k=13, start=0, buyers={12: 0}, points=[1, 1, 0])
    play(s, "0:b1", "1:pass", "2:pass")
    assert not s.is_over() and s.legal_actions(0) == ["pay13", "pay4"]
    play(s, "0:pay4")
    assert s.is_over() and s.points == [2, 1, 0] and s.to_move() == []
    r = s.result()
    assert r.winners == [0] and r.scores == [2, 1, 0] and r.tie_break == "none"
    assert r.breakdown[0]["rounds_won"] == [0, 1]  # a made-up earlier round, then round 1
    assert s.view(0)["phase"] == "over" and s.view(0)["daughter"] is None
    with pytest.raises(IllegalAction):
        s.apply(0, "b1")
    assert "wins the game" in json.dumps(s.log)


# --- refusals and information -------------------------------------------------------------------
def test_illegal_actions_refused_with_sentences_and_state_unchanged() -> None:
    s = setup([[5, 6, 7, 8], [5, 6], [5, 6]], start=0)
    before = json.dumps(s.to_json())
    for bad, words in (
        ("pass", "must open"),
        ("pay5", "Payments come after"),
        ("b0", "not an action"),
        ("b99", "exceed"),
        ("hello", "not an action"),
    ):
        with pytest.raises(IllegalAction) as err:
            s.apply(0, bad)
        assert words in err.value.text["en"] and err.value.text["ja"]
        assert json.dumps(s.to_json()) == before
    with pytest.raises(NotYourTurn):
        s.apply(1, "b1")
    play(s, "0:b3")
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "b3")
    assert "more than the current bid of 3" in err.value.text["en"]
    play(s, "1:pass", "2:pass")
    with pytest.raises(IllegalAction) as err:
        s.apply(0, "b4")
    assert "pay" in err.value.text["en"] and err.value.text["ja"]


def test_views_show_own_hand_only_and_the_public_table() -> None:
    s = HitokaiState.new(4, 9, {"start": 0})
    s.apply(0, "b1")
    for seat in range(4):
        view = s.view(seat)
        assert view["hand"] == s.hands[seat]
        assert [x["hand_size"] for x in view["seats"]] == [21] * 4
        assert "hands" not in view and "aside" not in view
    spectator = s.view(None)
    assert spectator["hand"] is None and spectator["hand_value"] is None
    assert spectator["auction"]["bid"] == 1 and spectator["auction"]["bidder"] == 0
    assert spectator["seats"][0]["last_bid"] == 1 and spectator["seats"][1]["last_bid"] is None
    assert [d["status"] for d in spectator["daughters"]][:2] == ["auction", "waiting"]
    assert spectator["aside_count"] == 1 and not s.secret_pending()


def test_determinize_keeps_own_hand_and_resamples_the_rest() -> None:
    s = HitokaiState.new(3, 4, {"start": 0})
    worlds = [s.determinize(1, Rng.from_seed(k)) for k in range(10)]
    assert all(w.hands[1] == s.hands[1] for w in worlds)
    assert len({json.dumps(w.hands[0]) for w in worlds}) > 1
    assert all(w.deck_count() == Counter(DECK) for w in worlds)


def test_determinize_gives_the_payer_a_hand_that_can_pay() -> None:
    # the payer owes 5 with four cards: only a hand holding a 4 (2 gold) can pay it, and the
    # other seats do not know he has two; every world they imagine must still let him pay
    s = setup([[4, 4, 9, 10], [5, 6], [7, 8]], k=4, start=0)
    play(s, "0:b5", "1:pass", "2:pass")
    assert s.to_move() == [0] and s.legal_actions(0) == ["pay10", "pay4", "pay9"]
    for k in range(40):
        world = s.determinize(1, Rng.from_seed(k))
        assert world.legal_actions(0), "the payer must be able to pay in every world"
        assert world.invariant_errors() == [] and world.hands[1] == [5, 6]
