"""BAG-GAI's tutorial (pygames/tutorials/baggai.py): what each step's words say is what the
table shows when they do (the deal, the order, the money, the parties, the end)."""

from __future__ import annotations

from functools import cache

from pygames.core.record import new_state, split_action
from pygames.games.baggai.rules import BagGaiState
from pygames.tutorials import move_actions
from pygames.tutorials.baggai import TUTORIAL

LEARNER = TUTORIAL.learner


@cache
def at_words() -> dict[str, BagGaiState]:
    """Per step id, the state when the step's words show (after its scripted play)."""
    state = new_state(TUTORIAL.record())
    assert isinstance(state, BagGaiState)
    seen: dict[str, BagGaiState] = {}
    for step in TUTORIAL.steps:
        for entry in step.play:
            seat, notation = split_action(entry, 0, TUTORIAL.players)
            state.apply(seat, notation)
        seen[step.id] = state.clone()
        if step.expect:
            for notation in move_actions(TUTORIAL.game, state, LEARNER, step.expect[0]):
                state.apply(LEARNER, notation)
    return seen


def round_steps(state: BagGaiState, round_: int, seat: int) -> list[dict[str, object]]:
    (past,) = [h for h in state.history if h["round"] == round_]
    return [st for st in past["steps"] if st["seat"] == seat]


def test_scripted_seats_play_the_learners_moves_only_in_the_fast_forward() -> None:
    for step in TUTORIAL.steps:
        seats = {split_action(e, 0, TUTORIAL.players)[0] for e in step.play}
        assert LEARNER not in seats or step.fast, step.id
        if step.expect:
            assert at_words()[step.id].to_move() == [LEARNER], step.id


def test_round_1_the_learner_starts_and_pays_4_on_two_spots() -> None:
    s = at_words()["r1-range"]
    assert s.start == LEARNER and s.purse[LEARNER] == 20 and s.to_move() == [LEARNER]
    assert (s.bags[6], s.bags[7]) == ("G2", "R2")
    s = at_words()["r1-price"]
    assert s.phase == "price" and s.to_move() == [LEARNER] and s.max_price(LEARNER) == 10
    assert all(seat["price"] is None for seat in s.view(LEARNER)["seats"])  # secret


def test_round_1_order_money_flow_and_special_cards() -> None:
    # the order and the rows are read while round 1 is still on the table: Ken is choosing
    s = at_words()["r1-order"]
    assert s.round == 1 and s.phase == "buy" and s.processing == [1, 0, 2, 3]
    assert s.pending_free == 2 and s.to_move() == [2]
    assert [(st["seat"], st["spot"], st["via"], st["paid"]) for st in s.steps][:3] == [
        (1, 5, "buy", 5),
        (0, 6, "buy", 4),
        (0, 7, "buy", 4),
    ]
    assert at_words()["r1-row"].ply == s.ply
    s = at_words()["r1-free"]
    (past,) = s.history
    assert past["processing"] == [1, 0, 2, 3] and past["prices"] == [4, 5, 2, 1]
    assert s.vp_showoff[1] == 2
    sora = round_steps(s, 1, 3)
    assert [(st["spot"], st["took"], st["paid"]) for st in sora if st["spot"] in (6, 7)] == [
        (6, 4, 1),
        (7, 4, 1),
    ]
    # Ken's Regular customer takes the green 1 left of it, outside his range 2-4
    free = [st for st in round_steps(s, 1, 2) if st["via"] == "free"]
    assert [(st["spot"], st["bag"]) for st in free] == [(1, "G1")]
    assert past["ranges"][2] == [2, 4]


def test_round_2_banks_the_price_a_range_allows_the_tie_and_the_free_bag() -> None:
    s = at_words()["tidy"]
    assert s.round == 2 and s.start == 1 and s.removed == ["FR"]
    assert (s.money[0], s.money[9]) == (6, 3)
    s = at_words()["r2-range"]
    assert s.to_move() == [LEARNER] and s.bags[6] == "FB" and s.ranges[1] == [7, 7]
    s = at_words()["r2-price"]
    assert s.purse[LEARNER] == 12 and s.range_size(LEARNER) == 4 and s.max_price(LEARNER) == 3
    assert all(seat["money"] is None for seat in s.view(LEARNER)["seats"][1:])  # B15
    s = at_words()["r2-free"]
    assert s.processing == [1, 2, 0, 3] and s.prices[0] == s.prices[3] == 2
    assert s.range_size(0) < s.range_size(3)
    assert s.pending_free == 6 and s.to_move() == [LEARNER]
    assert (s.bags[5], s.money[7]) == ("R1", 8)  # spot 5 lies outside the range 6-R
    s = at_words()["r2-back"]
    mine = round_steps(s, 2, LEARNER)
    assert sum(int(str(st["paid"])) for st in mine) == 8
    assert sum(int(str(st["took"])) for st in mine) == 11
    assert [st["bag"] for st in mine if st["via"] == "free"] == ["R1"]
    s = at_words()["r2-unknown"]
    assert "URB=B" in s.owned[2]


def test_the_first_party_shares_red_and_green() -> None:
    s = at_words()["party-1"]
    (party,) = s.parties
    assert party["round"] == 2 and party["points"][LEARNER] == 5
    for brand in ("R", "G"):
        got = party["brands"][brand]
        assert got["totals"][0] == got["totals"][2] and got["points"][0] == got["points"][2] == 2


def test_round_5_price_zero_the_last_party_and_the_end() -> None:
    s = at_words()["skip"]
    assert s.round == 5 and s.phase == "range" and s.start == 3
    s = at_words()["r5-range"]
    assert (s.bags[7], s.bags[8]) == ("R2", "G3") and s.to_move() == [LEARNER]
    s = at_words()["r5-price"]
    others = [s.ranges[seat] for seat in (1, 2, 3)]
    assert all(r is not None and not (r[0] <= 7 <= r[1] or r[0] <= 8 <= r[1]) for r in others)
    s = at_words()["end"]
    assert s.is_over()
    mika = round_steps(s, 5, 1)
    assert [(st["spot"], st["took"], st["paid"]) for st in mika] == [(0, 5, 0)]
    last = s.parties[-1]
    red = last["brands"]["R"]
    assert red["totals"][0] == red["totals"][3] and red["points"][0] == red["points"][3] == 5
    result = s.result()
    assert result.winners == [LEARNER] and result.scores == [22, 9, 7, 15]
    assert s.purse[LEARNER] == 18 and s.money_points is not None and s.money_points[0] == 2
