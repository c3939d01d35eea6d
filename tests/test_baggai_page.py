"""BAG-GAI's moves as data (issue 21): the range choice composed pick by pick, prices, a free
card's side and unknown-brand fixes as discrete moves with the fields the page draws from."""

from __future__ import annotations

from typing import Any

import pytest

from pygames.core.errors import IllegalAction
from pygames.games.baggai import page
from pygames.games.baggai.rules import BagGaiState
from tests.page_walk import offered_actions, walk
from tests.test_baggai_rules import FILLER4, make, play


def fresh(players: int = 4) -> BagGaiState:
    return BagGaiState.new(players, 5, {"start": 0})


def range_choice(s: BagGaiState, seat: int) -> dict[str, Any]:
    (choice,) = page.choices(s, seat)
    return choice


# --- the range choice -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5])
def test_ranges_are_one_choice_and_no_discrete_move(players: int) -> None:
    s = fresh(players)
    choice = range_choice(s, 0)
    assert choice == {
        "id": "range",
        "kind": "range",
        "order": "set",
        "spots": list(range(s.spots + 2)),
        "picks": 2,
    }
    assert page.discrete_moves(s, 0) == []
    assert offered_actions(s, 0) == set(s.legal_actions(0))
    # every complete selection is a range, once as a set: L..R has (n+2)(n+3)/2 ranges
    complete = [c for _, c in walk(s, 0, choice) if c.complete]
    n = s.spots + 2
    assert len(complete) == n * (n + 1) // 2


def test_a_range_is_composed_end_by_end_in_either_order() -> None:
    s = fresh()
    first = page.compose(s, 0, "range", [])
    assert first.valid and not first.complete and first.next == list(range(10))
    one = page.compose(s, 0, "range", [5])
    assert one.valid and one.complete and one.actions == ["r5"]
    assert one.info == {"lo": 5, "hi": 5, "size": 1, "money": 20, "max_price": 20}
    assert 5 not in one.next and one.next == [0, 1, 2, 3, 4, 6, 7, 8, 9]
    both = page.compose(s, 0, "range", [5, 2])
    assert both.complete and both.actions == ["r2-5"] and both.next == []
    assert both.info == {"lo": 2, "hi": 5, "size": 4, "money": 20, "max_price": 5}
    assert page.compose(s, 0, "range", [2, 5]).actions == ["r2-5"]
    assert page.compose(s, 0, "range", [0, 3]).actions == ["rL-3"]
    assert page.compose(s, 0, "range", [9, 6]).actions == ["r6-R"]
    assert page.compose(s, 0, "range", [0]).actions == ["rL"]
    assert page.compose(s, 0, "range", [0, 9]).actions == ["rL-R"]
    # nothing changes until the page plays it
    assert s.to_move() == [0] and s.ranges[0] is None
    s.apply(0, both.actions[0])
    assert s.ranges[0] == [2, 5]


def test_a_range_selection_that_cannot_be_completed_says_why() -> None:
    s = fresh()
    same = page.compose(s, 0, "range", [4, 4])
    assert not same.valid and not same.complete and same.next == [] and same.why
    assert "other end" in same.why["en"] and same.why["ja"]
    three = page.compose(s, 0, "range", [1, 2, 3])
    assert not three.valid and three.why and three.why["ja"]


@pytest.mark.parametrize(
    "picks",
    [[10], [-1], ["3"], [True], [1.0], [None], [[1]], [{"spot": 1}]],
)
def test_unreadable_range_picks_are_refused(picks: list[Any]) -> None:
    s = fresh()
    with pytest.raises(IllegalAction):
        page.compose(s, 0, "range", picks)


def test_a_choice_not_offered_now_is_refused() -> None:
    s = fresh()
    with pytest.raises(IllegalAction):
        page.compose(s, 0, "price", [])
    with pytest.raises(IllegalAction):
        page.compose(s, 1, "range", [1])  # not seat 1's turn
    assert page.choices(s, 1) == [] and page.discrete_moves(s, 1) == []
    for seat in list(s.choosers):
        s.apply(seat, "r3")
    assert s.phase == "price" and page.choices(s, 0) == []
    with pytest.raises(IllegalAction):
        page.compose(s, 0, "range", [3])


# --- prices -----------------------------------------------------------------------------------
def test_prices_are_moves_with_cost_and_money_left() -> None:
    s = make(4, FILLER4, start=0, purses=[20, 7, 20, 3])
    for seat, rng in [(0, "r2-5"), (1, "r1-3"), (2, "rL"), (3, "r4-7")]:
        s.apply(seat, rng)
    assert s.phase == "price"
    moves = page.discrete_moves(s, 0)
    assert [m["price"] for m in moves] == [0, 1, 2, 3, 4, 5]
    assert moves[3] == {
        "a": "p3",
        "kind": "price",
        "price": 3,
        "size": 4,
        "cost": 12,
        "left": 8,
        "max": 5,
    }
    assert {m["a"] for m in moves} == set(s.legal_actions(0))
    assert [m["left"] for m in page.discrete_moves(s, 1)] == [7, 4, 1]
    assert page.choices(s, 0) == []
    # seat 3 cannot pay 4 spots: its 0 is entered by the engine, it has no move
    assert 3 not in s.to_move() and page.discrete_moves(s, 3) == []
    s.apply(0, "p3")
    assert page.discrete_moves(s, 0) == []


# --- a free card's side and an unknown brand ------------------------------------------------------
def test_free_card_sides_are_moves_with_what_lies_there() -> None:
    s = make(4, ["R1", "S", "FR", "B1", "G1", "R2", "B2", "G2"], start=0, banks=(0, 0))
    play(s, {0: "r3", 1: "r8", 2: "rL", 3: "rR"}, {0: 4, 1: 0, 2: 0, 3: 0})
    assert page.discrete_moves(s, 0) == [
        {"a": "fL", "kind": "free", "side": "L", "spot": 2, "bag": "S", "money": 0},
        {"a": "fR", "kind": "free", "side": "R", "spot": 4, "bag": "B1", "money": 0},
    ]
    assert page.choices(s, 0) == [] and page.discrete_moves(s, 1) == []
    view = s.view(0)
    assert view["cards"]["S"] == {"kind": "showoff", "value": 0}
    assert view["cards"]["B1"] == {"kind": "bag", "brand": "B", "value": 1, "number": 1}


def test_unknown_brand_fixes_are_moves_with_card_and_brand() -> None:
    s = make(4, ["R2", "URB", *FILLER4[2:]], start=0, owned={0: ["B1", "B1"]})
    play(s, {0: "r1-2", 1: "r8", 2: "r7", 3: "r6"}, {0: 1, 1: 0, 2: 0, 3: 0})
    assert page.discrete_moves(s, 0) == [
        {"a": "uRB=B", "kind": "unknown", "card": "URB", "brand": "B", "becomes": "URB=B"},
        {"a": "uRB=R", "kind": "unknown", "card": "URB", "brand": "R", "becomes": "URB=R"},
    ]
    cards = s.view(None)["cards"]
    assert cards["URB"] == {"kind": "unknown", "brands": ["R", "B"], "value": 0}
    assert cards["URB=B"] == {"kind": "unknown", "brand": "B", "brands": ["R", "B"], "value": 1}


# --- figures of the rules for the page ----------------------------------------------------------
def test_the_view_gives_the_rule_figures_the_page_shows() -> None:
    s = fresh(5)
    view = s.view(0)
    assert view["brands"] == ["R", "B", "G"]
    assert view["party"] == {"rounds": [2, 5], "now": False, "next": {"round": 2, "table": [2, 1]}}
    assert view["figures"] == {"showoff_per": 2, "showoff_max": 4, "money_per_point": 8}
    assert "FR" not in view["cards"]  # no free cards with 5 players
    assert "FR" in fresh(4).view(0)["cards"]
    s.round = 3
    assert s.view(None)["party"]["next"] == {"round": 5, "table": [6, 3]}
