"""Scenario tests: one rule of Yadokashi (and each ruling Y1-Y10 or engine ruling) per test."""

from __future__ import annotations

import json

import pytest

from pygames.core.errors import IllegalAction, NotYourTurn
from pygames.core.rng import Rng
from pygames.games.yadokashi.bot import ScriptedRng
from pygames.games.yadokashi.rules import (
    TURN_CAP,
    Action,
    YadokashiState,
    price_at,
    star_pieces,
)

# Rows chosen so that the ring counterclockwise from seat 0's piece reads 1, 2, ..., 13 (16).
# (Counterclockwise the rows come in the order 0, N-1, N-2, ...: seat 0's right is seat N-1.)
R3 = [[1, 2, 3, 4], [9, 10, 11, 12, 13], [5, 6, 7, 8]]
R4 = [[1, 2, 3, 4], [13, 14, 15, 16], [9, 10, 11, 12], [5, 6, 7, 8]]


def make(
    rows: list[list[int]],
    crabs: dict[int, int],
    stars: list[int] | None = None,
    current: int = 0,
) -> YadokashiState:
    """A position with the given rows, crabs (shell -> size) and stars; ``current`` to move."""
    players = len(rows)
    s = YadokashiState.new(players, 1, {"start": 0})
    s.rows = [list(r) for r in rows]
    s.crabs = dict(crabs)
    s.centre = 6 - len(crabs)
    s.stars = list(stars) if stars is not None else [1] * players
    s.income_total = sum(s.stars) - players
    s.current = current
    assert s.invariant_errors() == []
    return s


def rig(state: YadokashiState, *faces: int) -> None:
    """The next die rolls of the game will be ``faces``."""
    state.rng = ScriptedRng(list(faces), Rng.from_seed(5))


# --- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_setup_rows_extra_shells_first_crabs_and_stars(players: int) -> None:
    for seed in range(20):
        s = YadokashiState.new(players, seed)
        lengths = sorted(len(r) for r in s.rows)
        if players == 3:
            assert lengths == [4, 4, 5]
            last = (s.start - 1) % 3  # the start player's right: last in turn order
            assert s.rows[last][0] == 13 and len(s.rows[last]) == 5
        else:
            assert lengths == [4, 4, 4, 4]
            assert sorted(r[0] for r in s.rows) == [13, 14, 15, 16]
        assert sorted(x for r in s.rows for x in r) == s.shells()
        assert s.crabs == {r[1]: r[1] for r in s.rows}  # position 2, face = shell number
        assert s.centre == 6 - players and s.stars == [1] * players
        assert s.to_move() == [s.start] and s.current == s.start
    assert {YadokashiState.new(4, seed).start for seed in range(40)} == {0, 1, 2, 3}
    assert YadokashiState.new(3, 9, {"start": 2}).to_move() == [2]


def test_rows_are_counterclockwise_from_the_piece() -> None:
    s = YadokashiState.new(3, 4, {"start": 1})
    ring = s.ring_from(1)
    # the start player's row comes first, then the row of the player on his right (seat 0)
    assert ring[: len(s.rows[1])] == s.rows[1]
    assert ring[len(s.rows[1]) : len(s.rows[1]) + len(s.rows[0])] == s.rows[0]
    view = s.view(None)
    pieces = [e["piece"] for e in view["ring"] if "piece" in e]
    assert pieces == [0, 2, 1]
    assert [e["shell"] for e in view["ring"] if "shell" in e] == s.ring_from(0)


# --- Move dice --------------------------------------------------------------------------------
def test_income_before_and_after_for_every_players_crabs() -> None:
    # seat 0: crabs on 2 and 4; seat 1: on 9; seat 2: none. The 4 grows (High 4) and moves
    # counterclockwise across seat 0's piece... into seat 2's shell 5.
    s = make(R3, {2: 2, 4: 4, 9: 9}, stars=[1, 1, 1])
    rig(s, 4)
    s.apply(0, "hi")
    move = s.last_move
    assert move is not None
    assert move["income_before"] == [2, 1, 0]
    assert move["growth"] == [{"shell": 4, "from": 4, "to": 5}, {"shell": 9, "from": 9, "to": 10}]
    assert move["moves"] == [{"from": 4, "to": 5, "size": 5}, {"from": 9, "to": 10, "size": 10}]
    assert move["income_after"] == [1, 1, 1]
    assert s.stars == [1 + 2 + 1, 1 + 1 + 1, 1 + 0 + 1]
    assert s.crabs == {2: 2, 5: 5, 10: 10} and s.to_move() == [1]


def test_income_is_automatic_even_without_crabs_y2() -> None:
    s = make(R3, {}, stars=[3, 4, 5])
    rig(s, 7)
    s.apply(0, "lo")
    assert s.stars == [3, 4, 5] and s.last_move is not None
    assert s.last_move["income_before"] == [0, 0, 0] == s.last_move["income_after"]


def test_high_grows_sizes_at_or_above_the_roll() -> None:
    s = make(R3, {4: 4, 5: 5, 13: 12}, stars=[1, 1, 1])
    rig(s, 5)
    s.apply(0, "hi")
    grown = {g["shell"]: g["to"] for g in (s.last_move or {})["growth"]}
    assert grown == {5: 6, 13: 13}  # 4 < 5 does not grow; the 12 grows and leaves
    assert s.crabs[4] == 4


def test_low_grows_sizes_at_or_below_the_roll() -> None:
    s = make(R3, {4: 4, 5: 5, 7: 6}, stars=[1, 1, 1])
    rig(s, 5)
    s.apply(0, "lo")
    grown = {g["shell"]: g["to"] for g in (s.last_move or {})["growth"]}
    assert grown == {4: 5, 5: 6}  # 6 > 5 does not grow
    assert s.crabs[7] == 6


def test_a_twelve_leaves_and_the_acting_player_chooses_shell_1_or_2() -> None:
    s = make(R3, {12: 12, 6: 6}, stars=[1, 1, 1], current=1)
    rig(s, 12)
    s.apply(1, "hi")
    # rebirth is a step of the same player; the rest of the roll waits for it
    assert s.phase == "rebirth" and s.to_move() == [1]
    assert s.legal_actions(1) == ["re1", "re2"] and s.legal_actions(0) == []
    assert 12 not in s.crabs and s.centre == 5
    assert s.view(0)["pending"] == {"kind": "rebirth", "left": 1, "options": [1, 2]}
    s.apply(1, "re2")
    assert s.crabs == {2: 2, 6: 6} and s.centre == 4
    assert s.last_move is not None and s.last_move["rebirth"] == [2]
    assert s.last_move["income_after"] == [1, 0, 1]  # shell 2 is seat 0's, 6 is seat 2's
    assert s.phase == "turn" and s.to_move() == [2]


def test_rebirth_is_automatic_with_one_empty_shell_and_none_when_both_taken() -> None:
    s = make(R3, {13: 12, 1: 1}, stars=[1, 1, 1])
    rig(s, 12)
    s.apply(0, "hi")
    assert s.crabs == {1: 1, 2: 2} and s.to_move() == [1]
    s = make(R3, {13: 12, 1: 1, 2: 2}, stars=[1, 1, 1])
    rig(s, 12)
    s.apply(0, "hi")
    assert s.crabs == {1: 1, 2: 2} and s.centre == 4  # the die stays in the centre


def test_y4_two_twelves_fill_both_shells_without_a_choice() -> None:
    s = make(R3, {12: 12, 13: 12}, stars=[1, 1, 1])
    rig(s, 12)
    s.apply(0, "hi")
    assert s.crabs == {1: 1, 2: 2} and s.phase == "turn" and s.to_move() == [1]


def test_moves_counterclockwise_to_size_or_one_larger_else_centre() -> None:
    # the 5 on shell 5 becomes 6; shell 6 is taken, so it goes to the first empty 6 or 7: 7
    s = make(R3, {5: 5, 6: 6}, stars=[1, 1, 1])
    rig(s, 5)
    s.apply(0, "lo")
    assert s.crabs == {6: 6, 7: 6}
    # the 8 on shell 8 (seat 2's last card) becomes 9; 9 is taken: it crosses seat 1's piece
    # and takes 10
    s = make(R3, {8: 8, 9: 9}, stars=[1, 1, 1])
    rig(s, 8)
    s.apply(0, "lo")
    assert s.crabs == {9: 9, 10: 9}
    # no empty 7 or 8 anywhere: back to the centre
    s = make(R3, {6: 6, 7: 7, 8: 8}, stars=[1, 1, 1])
    rig(s, 6)
    s.apply(0, "lo")
    assert s.crabs == {7: 7, 8: 8} and s.centre == 4
    assert s.last_move is not None and s.last_move["moves"] == [{"from": 6, "to": None, "size": 7}]


def test_moves_take_the_first_fitting_shell_not_the_best_one() -> None:
    # counterclockwise after shell 5 come 7 then 6: the new 6 takes 7, the first that fits
    s = make([[1, 2, 3, 4], [9, 10, 11, 12, 13], [5, 7, 6, 8]], {5: 5}, stars=[1, 1, 1])
    rig(s, 5)
    s.apply(0, "lo")
    assert s.crabs == {7: 6}


def test_moves_go_round_the_ring() -> None:
    # counterclockwise from seat 0: 9 10 11 12 | 1 2 3 4 | 5 6 7 8 13 | and round to 9 again
    rows = [[9, 10, 11, 12], [5, 6, 7, 8, 13], [1, 2, 3, 4]]
    s = make(rows, {8: 8, 13: 12}, stars=[1, 1, 1])
    rig(s, 8)
    s.apply(0, "lo")  # the 8 becomes 9: past 13 and round to 9 in seat 0's row
    assert s.crabs == {9: 9, 13: 12}
    assert s.last_move is not None and s.last_move["income_after"] == [1, 1, 0]


def test_smallest_crab_moves_first() -> None:
    # Low 6: 5 -> 6 on shell 5, 6 -> 7 on shell 6. The smaller moves first and takes 7 (shell 6
    # is still occupied); the 7 then finds no empty 7 or 8 (8 is taken) and goes to the centre.
    s = make(R3, {5: 5, 6: 6, 8: 8}, stars=[1, 1, 1])
    rig(s, 6)
    s.apply(0, "lo")
    assert s.last_move is not None
    assert s.last_move["moves"] == [
        {"from": 5, "to": 7, "size": 6},
        {"from": 6, "to": None, "size": 7},
    ]
    assert s.crabs == {7: 6, 8: 8}


def test_y3_equal_sizes_move_in_ring_order_from_the_acting_player() -> None:
    """Pinned for completeness: in play an oversized crab of size s+1 always comes from shell s,
    so two movers never share a size. Forced here: two size-6 crabs on shells 3 and 5."""
    for actor, first, homes in ((0, 3, (6, 7)), (1, 3, (6, 7)), (2, 5, (7, 6))):
        s = make(R3, {}, stars=[1, 1, 1])
        s.crabs = {3: 6, 5: 6}
        s.centre = 4
        moves = s.layout().moves(s.crabs, actor)
        assert moves[0][0] == first
        # the first mover takes the first empty 6 or 7 it meets, the other one what is left
        assert {shell: home for shell, _, home in moves} == {3: homes[0], 5: homes[1]}


# --- Advance ----------------------------------------------------------------------------------
def test_advance_each_row_gains_the_passed_card_and_loses_its_last() -> None:
    s = make(R3, {4: 4, 13: 12}, stars=[1, 1, 1], current=2)
    s.apply(2, "adv")
    assert s.rows == [[13, 1, 2, 3], [8, 9, 10, 11, 12], [4, 5, 6, 7]]
    assert s.crabs == {4: 4, 13: 12}  # crabs stay on their cards
    assert [s.crab_count(p) for p in range(3)] == [1, 0, 1]
    s4 = make(R4, {}, stars=[1] * 4)
    s4.apply(0, "adv")
    assert s4.rows == [[16, 1, 2, 3], [12, 13, 14, 15], [8, 9, 10, 11], [4, 5, 6, 7]]


def test_advance_keeps_row_lengths_even_with_an_empty_row() -> None:
    s = make([[], [9, 10, 11, 12, 13, 1, 2, 3, 4], [5, 6, 7, 8]], {}, stars=[1, 1, 1])
    s.apply(0, "adv")
    # seat 0's piece shares a gap with seat 2's: both pass shell 4, seat 0's row stays empty
    assert [len(r) for r in s.rows] == [0, 9, 4]
    assert s.rows[2] == [4, 5, 6, 7] and s.rows[1] == [8, 9, 10, 11, 12, 13, 1, 2, 3]


# --- Buy --------------------------------------------------------------------------------------
def test_buy_prices_by_position_and_insertion() -> None:
    assert [price_at(p) for p in range(1, 7)] == [3, 2, 1, 0, 0, 0]
    for shell, price in ((9, 3), (10, 2), (11, 1), (12, 0), (13, 0)):
        s = make(R3, {}, stars=[5, 1, 1])
        s.apply(0, f"b{shell}@3")
        assert s.stars == [5 - price, 1 + price, 1]
        assert s.rows[0] == [1, 2, shell, 3, 4] and shell not in s.rows[1]
        assert s.last_action is not None and s.last_action["price"] == price
    s = make(R3, {}, stars=[5, 1, 1])
    assert {a for a in s.legal_actions(0) if a.startswith("b9@")} == {
        f"b9@{p}" for p in range(1, 6)
    }  # Y7: positions 1 .. length + 1
    s.apply(0, "b9@5")
    assert s.rows[0] == [1, 2, 3, 4, 9]


def test_buy_refuses_occupied_own_and_unaffordable_shells() -> None:
    s = make(R3, {10: 10}, stars=[2, 1, 1])
    legal = s.legal_actions(0)
    assert not any(a.startswith(("b10@", "b1@", "b9@")) for a in legal)
    assert "b11@1" in legal and "b12@1" in legal
    before = json.dumps(s.to_json())
    for action, en in (
        ("b10@1", "Only an empty shell"),
        ("b2@1", "your own row"),
        ("b9@1", "costs 3 stars; you have 2"),
        ("b11@9", "position from 1 to 5"),
        ("b14@1", "no shell 14"),
    ):
        with pytest.raises(IllegalAction) as exc:
            s.apply(0, action)
        assert en in exc.value.text["en"] and exc.value.text["ja"]
        assert json.dumps(s.to_json()) == before


# --- Rearrange --------------------------------------------------------------------------------
def test_rearrange_moves_only_empty_shells_step_by_step() -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    assert sorted(a for a in s.legal_actions(0) if a.startswith("r")) == ["r1", "r3", "r4"]
    s.apply(0, "r4")  # shell 4 into the first empty slot (position 1)
    assert s.rows[0] == [4, 2, 3, 1] and s.phase == "rearrange" and s.to_move() == [0]
    assert s.view(1)["pending"]["next_slot"] == 3
    assert s.legal_actions(0) == ["r1", "r3"]
    s.apply(0, "r1")  # the last slot is filled automatically
    assert s.rows[0] == [4, 2, 1, 3] and s.crabs == {2: 2}
    assert s.phase == "turn" and s.to_move() == [1]


def test_y6_rearrange_must_change_the_order() -> None:
    s = make(R3, {2: 2, 4: 4}, stars=[1, 1, 1])
    # two empty shells (1 and 3): the only rearrangement swaps them, in one action
    assert [a for a in s.legal_actions(0) if a.startswith("r")] == ["r3"]
    s.apply(0, "r3")
    assert s.rows[0] == [3, 2, 1, 4] and s.to_move() == [1]
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    s.apply(0, "r1")  # keeps shell 1 in place: the rest must then change
    assert s.legal_actions(0) == ["r4"]
    with pytest.raises(IllegalAction) as exc:
        s.apply(0, "r3")
    assert "must change" in exc.value.text["en"]
    s.apply(0, "r4")
    assert s.rows[0] == [1, 2, 4, 3]
    s = make(R3, {2: 2, 3: 3, 4: 4}, stars=[1, 1, 1])
    assert not any(a.startswith("r") for a in s.legal_actions(0))  # one empty shell only


# --- New tenants ------------------------------------------------------------------------------
def test_new_tenants_choose_a_non_empty_set_one_die_per_shell_y5() -> None:
    s = make(R3, {2: 2, 4: 4, 5: 5}, stars=[1, 1, 1])
    rig(s, 3, 9, 3)  # three dice in the centre; shell 3 can take only one of the two 3s
    s.apply(0, "new")
    assert s.phase == "tenants" and s.to_move() == [0]
    assert s.legal_actions(0) == ["p3", "p3.9", "p9"]  # never none: at least one is placed
    assert s.view(1)["pending"] == {"kind": "tenants", "rolls": [3, 9, 3], "placeable": [3, 9]}
    s.apply(0, "p3.9")
    assert s.crabs == {2: 2, 3: 3, 4: 4, 5: 5, 9: 9} and s.centre == 1
    assert s.last_tenants == {"seat": 0, "rolls": [3, 9, 3], "placed": [3, 9], "evicted": []}
    assert s.to_move() == [1]


def test_new_tenants_single_choice_is_automatic_and_none_possible_passes() -> None:
    s = make(R3, {2: 2, 4: 4, 5: 5}, stars=[1, 1, 1])
    rig(s, 3, 3, 4)
    s.apply(0, "new")
    assert s.crabs[3] == 3 and s.centre == 2 and s.phase == "turn" and s.to_move() == [1]
    # the log says why nobody was asked (a beginner wondered why the app chose for him)
    said = [e["text"]["en"] for e in s.log]
    assert (
        "{0} places a crab on shell 3: the only empty shell rolled, and at least one crab must "
        "be placed."
    ) in said
    assert any(
        "ヤド3にヤドカリを乗せました（出目と同じ空きヤドはここだけ" in e["text"]["ja"]
        for e in s.log
    )
    s = make(R3, {2: 2, 4: 4, 5: 5}, stars=[1, 1, 1])
    rig(s, 2, 4, 5)
    s.apply(0, "new")
    assert s.crabs == {2: 2, 4: 4, 5: 5} and s.centre == 3 and s.to_move() == [1]
    assert s.last_tenants is not None and s.last_tenants["placed"] == []


def test_new_tenants_emptying_the_centre_evicts_the_largest_except_those_placed() -> None:
    s = make(R3, {10: 10, 11: 10, 4: 4, 7: 6}, stars=[1, 1, 1])
    rig(s, 12, 1)
    s.apply(0, "new")
    s.apply(0, "p1.12")  # the new 12 is the largest crab but was placed this turn
    assert s.crabs == {1: 1, 4: 4, 7: 6, 12: 12} and s.centre == 2
    assert s.last_tenants is not None and s.last_tenants["evicted"] == [10, 11]
    s = make(R3, {10: 10, 11: 10, 4: 4, 7: 6}, stars=[1, 1, 1])
    rig(s, 12, 1)
    s.apply(0, "new")
    s.apply(0, "p12")  # a die is left in the centre: nobody is evicted
    assert s.crabs == {10: 10, 11: 10, 4: 4, 7: 6, 12: 12} and s.centre == 1


def test_y9_when_every_crab_was_just_placed_the_largest_of_them_goes_back() -> None:
    s = make(R3, {}, stars=[1, 1, 1])
    rig(s, 1, 2, 3, 4, 5, 6)
    s.apply(0, "new")
    assert len(s.legal_actions(0)) == 63
    s.apply(0, "p1.2.3.4.5.6")
    # Y9: no crab "not placed this turn" exists, so the largest placed one (6) goes back
    assert s.crabs == {n: n for n in range(1, 6)} and s.centre == 1
    assert s.last_tenants is not None and s.last_tenants["evicted"] == [6]
    assert {"hi", "lo", "new"} <= set(s.legal_actions(1))  # the centre is not left empty


# --- the end ----------------------------------------------------------------------------------
def test_end_at_27_most_stars_then_turn_order() -> None:
    # seat 2 moves dice: seats 0 and 1 each get 1 + 1 and end on 28: a tie
    for actor, winner in ((2, 0), (1, 1), (0, 0)):
        s = make(R3, {1: 1, 9: 9}, stars=[26, 26, 0], current=actor)
        rig(s, 12)
        s.apply(actor, "hi")
        assert s.is_over() and s.stars[:2] == [28, 28]
        res = s.result()
        assert res.winners == [winner] and res.tie_break == "turn_order" and res.tie_break_text
        assert res.scores == s.stars
    s = make(R3, {1: 1, 9: 9}, stars=[26, 25, 0], current=2)
    rig(s, 12)
    s.apply(2, "hi")
    assert s.result().winners == [0] and s.result().tie_break == "none"
    assert s.legal_actions(0) == [] and s.to_move() == []
    with pytest.raises(IllegalAction):
        s.apply(0, "adv")


def test_the_game_ends_after_the_whole_turn_and_by_a_payment() -> None:
    s = make(R3, {}, stars=[5, 25, 0])
    s.apply(0, "b9@1")  # pays 3 to seat 1, who reaches 28
    assert s.is_over() and s.result().winners == [1]
    s = make(R3, {2: 2}, stars=[26, 1, 1])
    rig(s, 12)
    s.apply(0, "hi")  # 27 after the first income, the roll and second income still happen
    assert s.stars[0] == 28 and s.last_move is not None and s.last_move["income_after"]


def test_y8_turn_cap_ends_the_game_unfinished() -> None:
    s = make(R3, {2: 2}, stars=[20, 1, 1])
    s.turn = TURN_CAP - 1
    s.apply(0, "adv")
    assert s.is_over() and s.phase == "capped" and s.to_move() == []
    res = s.result()
    assert res.winners == [] and res.tie_break == "capped" and res.scores == [20, 1, 1]
    view = s.view(None)
    assert view["capped"] and view["winners"] == [] and view["turn_cap"] == TURN_CAP


# --- illegal actions, notation, information ---------------------------------------------------
def test_illegal_actions_are_refused_in_both_languages_and_change_nothing() -> None:
    s = make(R3, {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}, stars=[1, 1, 1])
    before = json.dumps(s.to_json())
    cases = [
        (0, "hi", "no die in the centre"),
        (0, "new", "no die in the centre"),
        (0, "re1", "not asked now"),
        (0, "p3", "not asked now"),
        (0, "jump", "not an action of Yadokashi"),
        (0, "p3.3", "only once"),
        (0, "r7", "at least two empty shells"),
    ]
    for seat, action, en in cases:
        with pytest.raises(IllegalAction) as exc:
            s.apply(seat, action)
        assert en in exc.value.text["en"] and exc.value.text["ja"]
        assert json.dumps(s.to_json()) == before
    with pytest.raises(NotYourTurn):
        s.apply(1, "adv")
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    rig(s, 3, 9, 5, 7, 8)
    s.apply(0, "new")
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction) as exc:
        s.apply(0, "adv")
    assert "Finish the current step" in exc.value.text["en"]
    with pytest.raises(IllegalAction) as exc:
        s.apply(0, "p4")
    assert "empty shells matching the rolls" in exc.value.text["en"]
    assert json.dumps(s.to_json()) == before


def test_notation_round_trip() -> None:
    for text in ("hi", "lo", "adv", "new", "re1", "re2", "b7@2", "b16@17", "r5", "p3", "p1.2.12"):
        assert str(Action.parse(text)) == text
    assert str(Action.parse("p9.3")) == "p3.9"
    for bad in ("", "b07@1", "b7@0", "b7", "r0", "re3", "p", "p3.", "p1.2.3.4.5.6.7", "HI"):
        with pytest.raises(IllegalAction):
            Action.parse(bad)
    for players in (3, 4):
        s = YadokashiState.new(players, 3)
        rng = Rng.from_seed(3, 8)
        while not s.is_over():
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            assert all(str(Action.parse(a)) == a for a in legal)
            s.apply(seat, rng.choice(legal))


def test_y1_stars_shown_as_fewest_pieces() -> None:
    assert star_pieces(23) == {"total": 23, "gold": 2, "blue": 1, "white": 2}
    s = make(R3, {}, stars=[27, 8, 0])
    assert s.view(2)["stars"][0] == {"total": 27, "gold": 3, "blue": 0, "white": 0}


def test_view_has_the_table_and_the_last_move_steps() -> None:
    s = make(R3, {5: 5, 6: 6, 8: 8}, stars=[1, 1, 1])
    rig(s, 6)
    s.apply(0, "lo")
    v = s.view(None)
    assert v["rows"][0][0] == {"shell": 1, "position": 1, "crab": None, "price": 3}
    assert v["rows"][2][3] == {"shell": 8, "position": 4, "crab": 8, "price": 0}
    assert v["centre"] == 4 and v["crabs_in_row"] == [0, 0, 2] and v["last_roll"] == 6
    assert v["last_move"]["call"] == "lo" and len(v["last_move"]["moves"]) == 2
    assert v["current"] == 1 and v["pending"] is None and v["phase"] == "turn"
    assert v["ring"][0] == {"piece": 0}
    assert v["ring"][1] == {"shell": 1, "crab": None, "owner": 0, "position": 1}
    json.dumps(v)


def test_determinize_keeps_made_rolls_and_replaces_future_ones() -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    rig(s, 3, 9, 5, 7, 8)
    s.apply(0, "new")
    world = s.determinize(1, Rng.from_seed(1))
    assert world.pending == s.pending and world.view(1) == s.view(1)
    a = YadokashiState.new(3, 11)
    b = a.clone()
    b.rng = Rng.from_seed(99)  # same table, another future
    assert a.to_json() != b.to_json()
    probe = Rng.from_seed(4)
    assert a.determinize(0, probe.copy()).to_json() == b.determinize(0, probe.copy()).to_json()
    rolls = set()
    for k in range(12):
        w = a.determinize(0, Rng.from_seed(k))
        w.apply(a.current, "hi")
        rolls.add((w.last_move or {})["roll"])
    assert len(rolls) > 1
