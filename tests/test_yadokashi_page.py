"""Yadokashi's moves as data (issue 21): the discrete moves, the New tenants and Rearrange
choices composed pick by pick, refusals, and the last log line of a game."""

from __future__ import annotations

from typing import Any

import pytest

from pygames.coach_picks import move_picks, same_move
from pygames.core.errors import IllegalAction
from pygames.core.registry import Picks
from pygames.core.rng import Rng
from pygames.games.yadokashi import page
from pygames.games.yadokashi.bot import ScriptedRng
from pygames.games.yadokashi.rules import YadokashiState
from tests.conftest import ask
from tests.page_walk import offered_actions, walk

R3 = [[1, 2, 3, 4], [9, 10, 11, 12, 13], [5, 6, 7, 8]]


def make(
    rows: list[list[int]], crabs: dict[int, int], stars: list[int] | None = None, current: int = 0
) -> YadokashiState:
    """A position with the given rows, crabs (shell -> size) and stars; ``current`` to move."""
    s = YadokashiState.new(len(rows), 1, {"start": 0})
    s.rows = [list(r) for r in rows]
    s.crabs = dict(crabs)
    s.centre = 6 - len(crabs)
    s.stars = list(stars) if stars is not None else [1] * len(rows)
    s.income_total = sum(s.stars) - len(rows)
    s.current = current
    assert s.invariant_errors() == []
    return s


def rig(state: YadokashiState, *faces: int) -> None:
    """The next die rolls of the game will be ``faces``."""
    state.rng = ScriptedRng(list(faces), Rng.from_seed(5))


def by_a(state: YadokashiState, seat: int) -> dict[str, dict[str, Any]]:
    return {m["a"]: m for m in page.discrete_moves(state, seat)}


# --- discrete moves ----------------------------------------------------------------------------
def test_turn_moves_carry_kind_and_fields_and_leave_rearrange_steps_to_the_choice() -> None:
    s = make(R3, {2: 2, 10: 10}, stars=[2, 1, 1])
    moves = by_a(s, 0)
    assert moves["hi"].pop("preview") == page.move_preview(s, 0, "hi")
    assert moves["lo"].pop("preview") == page.move_preview(s, 0, "lo")
    assert moves["hi"] == {"a": "hi", "kind": "move-dice", "call": "hi"}
    assert moves["lo"] == {"a": "lo", "kind": "move-dice", "call": "lo"}
    assert moves["adv"] == {"a": "adv", "kind": "advance"}
    assert moves["new"] == {"a": "new", "kind": "new-tenants"}
    # shell 11 is at position 3 of seat 1's row (1 star), shell 6 at position 2 of seat 2's
    assert moves["b11@5"] == {
        "a": "b11@5",
        "kind": "buy",
        "shell": 11,
        "position": 5,
        "price": 1,
        "from": 1,
        "freed": [11],  # at position 5 it is free for the others at once
    }
    assert moves["b6@1"]["price"] == 2 and moves["b6@1"]["from"] == 2
    assert "b9@1" not in moves  # 3 stars: too dear
    assert not any(a.startswith("r") for a in moves)
    assert offered_actions(s, 0) == set(s.legal_actions(0))
    assert page.discrete_moves(s, 1) == [] and page.choices(s, 1) == []


def test_a_buy_names_the_empty_shells_it_leaves_free_for_the_others() -> None:
    """Putting a bought shell in front pushes the row back: an empty shell pushed from position 3
    to 4 becomes free for the others, and the table says so before the buy is made; a shell with a
    crab cannot be bought, so it is never named; a shell already free is not news."""
    s = make(R3, {2: 2, 10: 10}, stars=[3, 1, 1])
    moves = by_a(s, 0)
    assert moves["b6@1"]["freed"] == [3]  # [6, 1, 2, 3, 4]: shell 3 goes to position 4
    assert moves["b6@3"]["freed"] == [3]
    assert moves["b6@4"]["freed"] == [6]  # the bought shell itself at a free position
    assert moves["b6@5"]["freed"] == [6]
    with_crab = make(R3, {3: 3, 10: 10}, stars=[3, 1, 1])
    assert by_a(with_crab, 0)["b6@1"]["freed"] == []  # shell 3 holds a crab: nobody can buy it
    short = make([[1, 2], [9, 10, 11, 12, 13], [3, 4, 5, 6, 7, 8]], {10: 10}, stars=[3, 1, 1])
    assert by_a(short, 0)["b6@1"]["freed"] == []  # [6, 1, 2]: nothing reaches position 4


def test_rebirth_moves_name_the_shell() -> None:
    s = make(R3, {12: 12, 6: 6}, stars=[1, 1, 1])
    rig(s, 12)
    s.apply(0, "hi")
    assert s.phase == "rebirth"
    assert page.discrete_moves(s, 0) == [
        {"a": "re1", "kind": "rebirth", "shell": 1},
        {"a": "re2", "kind": "rebirth", "shell": 2},
    ]
    assert page.choices(s, 0) == []


# --- Rearrange ---------------------------------------------------------------------------------
def test_rearrange_is_composed_slot_by_slot_and_played_as_its_steps() -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    [choice] = page.choices(s, 0)
    assert choice == {
        "id": "rearrange",
        "kind": "rearrange",
        "slots": [1, 3, 4],
        "shells": [1, 3, 4],
        "picks": 2,
        "next": [1, 3, 4],
    }
    empty = page.compose(s, 0, "rearrange", [])
    assert empty.valid and not empty.complete and empty.next == [1, 3, 4]
    assert empty.info == {"row": [1, 2, 3, 4], "slot": 1, "last_slot": 4}
    one = page.compose(s, 0, "rearrange", [4])
    assert one.valid and not one.complete and one.next == [3, 1]  # in row order
    assert one.info["row"] == [4, 2, 3, 1] and one.info["slot"] == 3
    done = page.compose(s, 0, "rearrange", [4, 1])
    assert done.complete and done.actions == ["r4", "r1"] and done.next == []
    assert done.info["row"] == [4, 2, 1, 3] and done.info["slot"] is None
    assert s.rows[0] == [1, 2, 3, 4] and s.phase == "turn"  # composing changes nothing
    for action in done.actions:
        s.apply(0, action)
    assert s.rows[0] == [4, 2, 1, 3] and s.to_move() == [1]


def test_the_coach_s_rearrange_is_the_whole_new_order_played_at_once() -> None:
    """A hinted Rearrange step is the whole Rearrange it begins (the rest as the rollouts make
    it: the first step offered each time), its steps sent by one Play; two Rearranges with the
    same shells in another order are two moves of the coach, not one."""
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    assert page.rearrangement(s, 0, "r4") == [4, 1]  # then 1 (the first offered); 3 comes last
    made = move_picks(s, 0, "r4")
    assert made == {"choice": "rearrange", "picks": ["4", "1"], "steps": ["r4", "r1"]}
    key = same_move(s, 0)
    # r1 makes [1, 2, 4, 3] with the steps r1, r4: the same steps in another order, another move
    assert key("r4") == ("r4", "r1") and key("r1") == ("r1", "r4")
    assert page.action_picks(s, 0, "r2") == Picks("rearrange", (2,))  # 2 holds a crab: refused
    for action in made["steps"]:
        s.apply(0, action)
    assert s.rows[0] == [4, 2, 1, 3] and s.phase == "turn" and s.to_move() == [1]


def test_rearrange_must_change_the_order_and_refuses_wrong_picks() -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    keep = page.compose(s, 0, "rearrange", [1])
    assert keep.valid and keep.next == [4]  # shell 1 stays: the rest must change
    same = page.compose(s, 0, "rearrange", [1, 3])
    assert not same.valid and not same.next and same.why is not None
    assert "must change" in same.why["en"] and same.why["ja"]
    for picks in ([2], [9], [4, 4], [4, 1, 3], [10**30], [-1]):
        judged = page.compose(s, 0, "rearrange", picks)
        assert not judged.valid and judged.why is not None and not judged.complete, picks
    two = make(R3, {2: 2, 4: 4}, stars=[1, 1, 1])
    [choice] = page.choices(two, 0)
    assert choice["slots"] == [1, 3] and choice["picks"] == 1 and choice["next"] == [3]
    swap = page.compose(two, 0, "rearrange", [3])
    assert swap.complete and swap.actions == ["r3"] and swap.info["row"] == [3, 2, 1, 4]
    assert page.choices(make(R3, {2: 2, 3: 3, 4: 4}), 0) == []  # one empty shell: no Rearrange


def test_a_rearrange_under_way_is_composed_from_the_next_slot() -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    s.apply(0, "r4")  # a record played step by step (or an undo of the last step)
    assert s.phase == "rearrange" and page.discrete_moves(s, 0) == []
    [choice] = page.choices(s, 0)
    assert choice["slots"] == [3, 4] and choice["shells"] == [3, 1] and choice["picks"] == 1
    done = page.compose(s, 0, "rearrange", [1])
    assert done.complete and done.actions == ["r1"] and done.info["row"] == [4, 2, 1, 3]
    assert offered_actions(s, 0) == set(s.legal_actions(0)) == {"r1", "r3"}


# --- New tenants -------------------------------------------------------------------------------
def test_new_tenants_is_a_set_of_shells_played_as_one_placement() -> None:
    s = make(R3, {2: 2, 4: 4, 5: 5}, stars=[1, 1, 1])
    rig(s, 3, 9, 3)
    s.apply(0, "new")
    assert page.discrete_moves(s, 0) == []
    [choice] = page.choices(s, 0)
    assert choice == {
        "id": "tenants",
        "kind": "tenants",
        "order": "set",
        "rolls": [3, 9, 3],
        "shells": [3, 9],
        "next": [3, 9],
    }
    none = page.compose(s, 0, "tenants", [])
    assert none.valid and not none.complete and none.next == [3, 9]
    nine = page.compose(s, 0, "tenants", [9])
    assert nine.complete and nine.actions == ["p9"] and nine.next == [3]
    both = page.compose(s, 0, "tenants", [9, 3])
    assert both.complete and both.actions == ["p3.9"] and both.next == []
    assert both.info == {"placed": [3, 9], "centre_after": 1, "evicts": []}
    for picks in ([5], [3, 3], [4]):
        judged = page.compose(s, 0, "tenants", picks)
        assert not judged.valid and judged.why is not None and not judged.next, picks
    complete = {c.actions[0] for _, c in walk(s, 0, page.choices(s, 0)[0]) if c.complete}
    assert complete == set(s.legal_actions(0)) == {"p3", "p9", "p3.9"}


def test_new_tenants_info_names_the_crabs_an_empty_centre_evicts() -> None:
    s = make(R3, {10: 10, 11: 10, 4: 4, 7: 6}, stars=[1, 1, 1])
    rig(s, 12, 1)
    s.apply(0, "new")
    all_placed = page.compose(s, 0, "tenants", [12, 1])
    assert all_placed.info == {"placed": [1, 12], "centre_after": 0, "evicts": [10, 11]}
    one = page.compose(s, 0, "tenants", [12])
    assert one.info["centre_after"] == 1 and one.info["evicts"] == []
    s.apply(0, all_placed.actions[0])
    assert s.last_tenants is not None and s.last_tenants["evicted"] == [10, 11]


# --- refusals ----------------------------------------------------------------------------------
@pytest.mark.parametrize("picks", [["3"], [True], [3.0], [None], [[3]], "3", None])
def test_unreadable_picks_are_refused(picks: Any) -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    with pytest.raises(IllegalAction) as exc:
        page.compose(s, 0, "rearrange", picks)
    assert exc.value.text["en"] and exc.value.text["ja"]


def test_a_choice_not_offered_now_is_refused() -> None:
    s = make(R3, {2: 2}, stars=[1, 1, 1])
    for seat, choice in ((0, "tenants"), (0, "buy"), (1, "rearrange")):
        with pytest.raises(IllegalAction):
            page.compose(s, seat, choice, [])
    s = make(R3, {2: 2, 3: 3, 4: 4}, stars=[1, 1, 1])
    with pytest.raises(IllegalAction):
        page.compose(s, 0, "rearrange", [])


def test_the_bridge_composes_and_plays_a_rearrangement_at_once() -> None:
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    record = {
        "v": 1,
        "game": "yadokashi",
        "players": 3,
        "seed": 4,
        "options": {"start": 0},
        "seats": seats,
        "actions": [],
    }
    snap = ask(cmd="start", record=record, seat=0)
    sid = snap["session"]
    try:
        state = YadokashiState.new(3, 4, {"start": 0})
        [choice] = [c for c in snap["choices"] if c["id"] == "rearrange"]
        assert choice == page.choices(state, 0)[0]
        picks: list[int] = []

        def compose() -> dict[str, Any]:
            return ask(cmd="compose", session=sid, seat=0, choice="rearrange", picks=picks)

        while len(picks) < choice["picks"]:
            answer = compose()
            assert answer["valid"]
            picks.append(answer["next"][-1])
        answer = compose()
        assert answer["complete"] and len(answer["actions"]) == choice["picks"]
        played = ask(cmd="act", session=sid, seat=0, view_seat=0, actions=answer["actions"])
        assert played["applied"] == len(answer["actions"])
        assert [c["shell"] for c in played["view"]["rows"][0]] == answer["info"]["row"]
        assert played["to_move"] == [1]  # the turn is over
    finally:
        ask(cmd="close", session=sid)


# --- the last log line -------------------------------------------------------------------------
def test_the_last_line_names_who_reached_the_goal_not_whose_turn_ended() -> None:
    s = make(R3, {}, stars=[4, 25, 0])
    s.apply(0, "b9@1")  # seat 0 pays 3 to seat 1, who reaches 28: seat 0's turn ended
    last = s.log[-1]
    assert last["seats"] == [1, 1]
    assert last["text"]["en"] == "{0} (28 stars) has 27 stars or more: game over. Winner: {1}."
    assert last["text"]["ja"] == "{0}（星28）の星が27以上になりました。ゲーム終了。勝者：{1}"
    assert s.result().winners == [1]


def test_the_last_line_names_every_seat_at_the_goal_and_the_tie_winner() -> None:
    s = make(R3, {1: 1, 9: 9}, stars=[26, 26, 0], current=2)
    rig(s, 12)
    s.apply(2, "hi")  # seats 0 and 1 end on 28; the tie goes on from seat 2 in turn order
    last = s.log[-1]
    winner = s.result().winners[0]
    assert last["seats"] == [0, 1, winner]
    assert last["text"]["en"] == (
        "{0} (28 stars), {1} (28 stars) have 27 stars or more: game over. Winner: {2}."
    )
