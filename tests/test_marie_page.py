"""Marie's Table's moves as data (docs/table-layer.md): each phase's moves on a set-up position,
their kinds and fields, no combinatorial choice, the scoring figures of the view, and old
records that still replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core.errors import IllegalAction
from pygames.core.record import Record, Seat, new_state, replay
from pygames.games.marie import INFO, page
from pygames.games.marie.rules import MarieState
from tests.conftest import ask, engine
from tests.page_walk import offered_actions
from tests.test_marie_rules import draft, make


def by_a(state: MarieState, seat: int) -> dict[str, dict[str, Any]]:
    """The seat's moves by notation, checked against the legal actions."""
    moves = page.discrete_moves(state, seat)
    assert [m["a"] for m in moves] == state.legal_actions(seat)
    assert offered_actions(state, seat) == set(state.legal_actions(seat))
    return {m["a"]: m for m in moves}


def test_piles_carry_their_number_and_size() -> None:
    s = make(4, [[1] * 8], elder=2)
    moves = by_a(s, 2)
    assert moves["pile1"] == {"a": "pile1", "kind": "pile", "pile": 1, "size": 8}
    assert sorted(m["pile"] for m in moves.values()) == [1, 2, 3, 4, 5]
    assert page.discrete_moves(s, 0) == []  # not the elder: nothing to offer
    draft(s, 1, ["pick11", "pick11", "pick11"])  # on to round 2: pile 1 is gone
    assert s.phase == "vote"
    for seat in range(4):
        s.apply(seat, "up")
    for _ in range(4):
        s.apply(s.to_move()[0], "keep")
    assert s.round == 1
    assert [m["pile"] for m in by_a(s, s.elder).values()] == [2, 3, 4, 5]


def test_picks_name_the_kept_cards_what_is_passed_and_to_whom() -> None:
    s = make(4, [[1, 1, 2, 3, 4, 5, 6, 7]], elder=1)
    s.apply(1, "pile1")
    moves = by_a(s, 1)
    assert moves["pick11"] == {
        "a": "pick11",
        "kind": "pick",
        "cards": [1, 1],
        "passed": [2, 3, 4, 5, 6, 7],
        "to": 2,
    }
    assert moves["pick37"]["cards"] == [3, 7]
    assert moves["pick37"]["passed"] == [1, 1, 2, 4, 5, 6]
    # every distinct pair once: C(7, 2) pairs of distinct numbers, plus the pair of 1s
    assert len(moves) == 21 + 1
    s.apply(1, "pick37")
    moves = by_a(s, 2)
    assert all(
        m["kind"] == "pick" and m["to"] == 3 and len(m["passed"]) == 4 for m in moves.values()
    )


def test_votes_are_two_moves_and_gone_once_cast() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12", "pick34"])
    assert by_a(s, 1) == {
        "down": {"a": "down", "kind": "vote", "vote": "down"},
        "up": {"a": "up", "kind": "vote", "vote": "up"},
    }
    s.apply(1, "down")
    assert page.discrete_moves(s, 1) == [] and len(page.discrete_moves(s, 0)) == 2


def test_takes_name_the_owner_and_the_cards_never_the_takers_own() -> None:
    s = make(4, [[1, 1, 2, 2, 3, 3, 4, 4]], elder=0)
    draft(s, 1, ["pick11", "pick22", "pick33"])
    for seat, vote in ((0, "down"), (1, "down"), (2, "up"), (3, "up")):
        s.apply(seat, vote)
    moves = by_a(s, 3)
    assert moves == {
        "take0": {"a": "take0", "kind": "take", "owner": 0, "cards": [1, 1]},
        "take1": {"a": "take1", "kind": "take", "owner": 1, "cards": [2, 2]},
        "take2": {"a": "take2", "kind": "take", "owner": 2, "cards": [3, 3]},
    }


def test_keep_and_eat_moves_say_what_is_eaten_and_what_is_kept() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    draft(s, 1, ["pick12", "pick34"])
    for seat in (0, 1, 2):
        s.apply(seat, "up")
    assert s.held(2) == [5, 6]  # M4: each seat decides about its own pair, all at once
    assert by_a(s, 2) == {
        "eat5": {"a": "eat5", "kind": "eat", "cards": [5], "keep": [6]},
        "eat56": {"a": "eat56", "kind": "eat", "cards": [5, 6], "keep": []},
        "eat6": {"a": "eat6", "kind": "eat", "cards": [6], "keep": [5]},
        "keep": {"a": "keep", "kind": "keep", "cards": [5, 6]},
    }


def test_a_double_pair_offers_one_single_eat_and_none_once_two_are_eaten() -> None:
    s = make(4, [[1, 1, 2, 2, 3, 3, 4, 4]], elder=0)
    draft(s, 1, ["pick11", "pick22", "pick33"])
    for seat, vote in ((0, "down"), (1, "down"), (2, "up"), (3, "up")):
        s.apply(seat, vote)
    s.apply(3, "take0")
    assert by_a(s, 3) == {
        "eat1": {"a": "eat1", "kind": "eat", "cards": [1], "keep": [1]},
        "eat11": {"a": "eat11", "kind": "eat", "cards": [1, 1], "keep": []},
        "keep": {"a": "keep", "kind": "keep", "cards": [1, 1]},
    }
    s.apply(3, "eat1")
    s.eaten[2] = [7]  # one eat left: no move eats both
    s.apply(2, "take1")
    assert sorted(by_a(s, 2)) == ["eat2", "keep"]


def test_no_choices_and_any_compose_is_refused() -> None:
    s = make(3, [[1, 2, 3, 4, 5, 6]], elder=0)
    s.apply(0, "pile1")
    assert INFO.choices(s, 0) == []
    for choice, picks in (("pick", [3, 5]), ("", []), ("pile", [True])):
        with pytest.raises(IllegalAction):
            INFO.compose(s, 0, choice, picks)


def test_the_view_carries_the_scoring_figures_the_page_shows() -> None:
    s = MarieState.new(3, 1)
    scoring = s.view(None)["scoring"]
    assert [(p["count"], p["points"]) for p in scoring["points"]] == [
        (1, -3), (2, -1), (3, 1), (4, 3), (5, 5), (6, 6), (7, 7), (8, 8)
    ]  # fmt: skip
    assert scoring["eaten"] == 1 and scoring["max_eaten"] == 2
    s.view(None)["scoring"]["eaten"] = 99  # a view is the caller's own copy
    assert s.view(0)["scoring"]["eaten"] == 1
    s.kept[0][4] = 2
    s.eaten[0] = [3, 7]
    b = s.view(0)["seats"][0]["breakdown"]
    assert b["eaten"] == 2 and b["eaten_points"] == 2 and b["total"] == -1 + 2


def test_every_move_plays_and_records_keep_their_notation() -> None:
    seats = [Seat(f"Bot {i + 1}", "bot", "normal") for i in range(4)]
    record = Record("marie", 4, 8, {"elder": 0}, seats, [])
    state = new_state(record)
    actions = []
    while not state.is_over():
        seat = state.to_move()[0]
        moves = page.discrete_moves(state, seat)
        move = moves[state.ply % len(moves)]
        assert {"a", "kind"} <= set(move)
        state.apply(seat, move["a"])
        actions.append(f"{seat}:{move['a']}")
    replayed = replay(Record("marie", 4, 8, {"elder": 0}, seats, actions))
    assert replayed.to_json() == state.to_json()


def test_the_bridge_sends_moves_with_kinds() -> None:
    seats = [{"name": "Aya", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "bot", "level": "normal"} for i in (2, 3)
    ]
    record = {"v": 1, "game": "marie", "players": 3, "seed": 5, "options": {"elder": 0},
              "seats": seats, "actions": []}  # fmt: skip

    snap = ask(cmd="start", record=record, seat=0)
    try:
        assert {m["kind"] for m in snap["moves"]} == {"pile"} and snap["choices"] == []
        assert "legal" not in snap
        snap = ask(cmd="act", session=snap["session"], seat=0, action=snap["moves"][0]["a"])
        assert snap["moves"] and all(m["kind"] == "pick" for m in snap["moves"])
        hand = snap["view"]["hand"]
        for m in snap["moves"]:
            assert sorted(m["cards"] + m["passed"]) == hand and m["to"] == 1
        refused = json.loads(
            engine().handle(json.dumps({"cmd": "compose", "session": snap["session"], "seat": 0,
                                   "choice": "pick", "picks": [hand[0], hand[1]]}))
        )  # fmt: skip
        assert not refused["ok"]
    finally:
        engine().handle(json.dumps({"cmd": "close", "session": snap["session"]}))
