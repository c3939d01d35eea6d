"""The heuristic bot of The Egyptian Buyer: sensible, within its means, fair, and better than
random play."""

from __future__ import annotations

import pytest

from pygames.core.bots import bot_rng, decide
from pygames.core.record import Record, Seat, new_state
from pygames.core.rng import Rng
from pygames.games.hitokai.bot import (
    HitokaiBot,
    bid_shortlist,
    cards_to_pay,
    state_chances,
    win_chances,
)
from pygames.games.hitokai.rules import HitokaiState, cards_value
from tests.support import win_share
from tests.test_hitokai_rules import play, setup

BOT = HitokaiBot()


def test_cards_to_pay_uses_double_cards_first() -> None:
    assert cards_to_pay(2, 5, 4) == 2  # two doubles
    assert cards_to_pay(1, 5, 4) == 3  # a double and two singles
    assert cards_to_pay(2, 0, 3) == 2  # two doubles overpay by one
    assert cards_to_pay(0, 2, 3) == 2  # cannot pay: the whole hand


def test_at_the_last_auction_bids_only_for_the_single_highest_total() -> None:
    hands = [[5, 5, 5], [6, 6, 6, 6, 6, 6], [7, 7, 7]]
    # hopeless: seat 0 already has 40, the bot (1) 8: daughter 13 cannot make it the highest
    s = setup(hands, k=13, start=0, buyers={4: 1, 8: 0, 9: 0, 11: 0, 12: 0})
    play(s, "0:b1")
    assert BOT.choose(s, 1, Rng(1, 1)) == "pass"
    # decisive: 30 against 35, daughter 13 makes the bot the single highest
    s = setup(hands, k=13, start=0, buyers={4: 1, 12: 1, 5: 1, 9: 1, 11: 0, 10: 0, 6: 0, 8: 0})
    play(s, "0:b1")
    assert BOT.choose(s, 1, Rng(1, 1)) == "b2"


def test_never_bids_more_than_it_can_pay_and_pays_the_proposed_payment() -> None:
    for seed in range(6):
        state = HitokaiState.new(4, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            action = decide(state, seat, BOT, bot_rng(seed, state.ply, seat))
            if action.startswith("b"):
                assert int(action[1:]) <= cards_value(state.hands[seat], state.daughter)
            if action.startswith("pay"):
                assert int(action[3:]) in (state.suggestion(seat) or [])
            state.apply(seat, action)
        assert not any(p["eliminated"] for a in state.auctions for p in a["payments"])


def test_decisions_do_not_depend_on_hidden_information() -> None:
    for seed in range(60):
        state = HitokaiState.new(3 + seed % 3, seed)
        rng = Rng.from_seed(seed, 9)
        for _ in range(rng.below(60)):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, decide(state, seat, BOT, rng))
        if state.is_over():
            continue
        seat = state.to_move()[0]
        other = state.determinize(seat, Rng.from_seed(seed, 5))
        a = decide(state, seat, BOT, Rng.from_seed(seed, 6))
        assert a == decide(other, seat, BOT, Rng.from_seed(seed, 6))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_beats_random_bots(players: int) -> None:
    assert win_share("hitokai", players, 30, seed=700) >= 1.5 / players


def test_win_chances_from_victory_points() -> None:
    """The strong bot's score of a rollout stopped at a round's end: each seat's chance to reach 2
    points first, every later round won by a seat at random."""
    assert win_chances((0, 0, 0)) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    # two players, 1 point to 0: the leader wins the next round (1/2) or the one after (1/4)
    assert win_chances((1, 0)) == pytest.approx((0.75, 0.25))
    assert win_chances((2, 1, 0)) == (1.0, 0.0, 0.0)
    for points in [(1, 0, 0, 0), (1, 1, 0, 0), (0, 1, 0, 1, 0), (1, 1, 1, 1, 0)]:
        chances = win_chances(points)
        assert sum(chances) == pytest.approx(1.0)
        # more points, a better chance; equal points, equal chances
        for a in range(len(points)):
            for b in range(len(points)):
                if points[a] > points[b]:
                    assert chances[a] > chances[b]
                if points[a] == points[b]:
                    assert chances[a] == pytest.approx(chances[b])
    # behind a leader, a round won by another trailing seat is worth more than the leader's
    # (which ends the game), though the leaders by points count both the same: no win at all
    assert win_chances((0, 1, 1, 0))[0] > win_chances((0, 2, 0, 0))[0] == 0.0
    state = new_state(
        Record("hitokai", 4, 3, {}, [Seat(f"P{i}", "bot", "normal") for i in range(4)], [])
    )
    assert isinstance(state, HitokaiState)
    state.points = [0, 1, 0, 0]
    assert state_chances(state) == pytest.approx(list(win_chances((0, 1, 0, 0))))


def test_the_strong_bot_weighs_a_few_bids_within_its_means() -> None:
    # daughter 6: the bot (seat 1) holds two 6s (2 gold each) and three 5s: 7 gold
    s = setup([[4, 4, 4], [6, 6, 5, 5, 5], [7, 7, 7]], k=6, start=0)
    assert bid_shortlist(s, 0, s.legal_actions(0)) == ["b1", "b2", "b3"]  # 3 gold: b5 is beyond it
    play(s, "0:b1")
    legal = s.legal_actions(1)
    assert len(legal) > 10
    assert bid_shortlist(s, 1, legal) == ["b2", "b3", "b4", "b6", "pass"]  # b10 is beyond 7 gold
    play(s, "1:b7")
    assert bid_shortlist(s, 2, s.legal_actions(2)) == ["pass"]  # 3 gold cannot bid 8


def test_the_strong_bot_weighs_the_heuristics_choice() -> None:
    for seed in range(8):
        state = HitokaiState.new(3 + seed % 3, seed)
        rng = Rng.from_seed(seed, 3)
        while not state.is_over():
            seat = state.to_move()[0]
            action = BOT.choose(state, seat, rng)
            moves = bid_shortlist(state, seat, state.legal_actions(seat))
            assert action in moves
            assert set(moves) <= set(state.legal_actions(seat))
            if state.phase == "pay":
                assert moves == state.legal_actions(seat)  # every payment is weighed
            state.apply(seat, action)
