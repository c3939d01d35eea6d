"""Yadokashi rulings Y9 (New tenants never leaves the centre empty) and Y10 (a game the safeguard
cap stops names no winner), through the engine, the page's moves and the bridge."""

from __future__ import annotations

import json

import pytest

from pygames.core.rng import Rng
from pygames.games.yadokashi import page
from pygames.games.yadokashi.rules import ACTION_CAP, TURN_CAP, YadokashiState
from tests.conftest import ask
from tests.test_yadokashi_rules import make, rig

R3 = [[1, 2, 3, 4], [9, 10, 11, 12, 13], [5, 6, 7, 8]]
R4 = [[1, 2, 3, 4], [13, 14, 15, 16], [9, 10, 11, 12], [5, 6, 7, 8]]
Y9_EN = "every crab on the ring was placed this turn"
Y9_JA = "全員この手番に入居したばかり"


def tenants_done(state: YadokashiState, action: str) -> bool:
    """True when ``action`` just finished a New tenants (rolled with no choice, or placed)."""
    return (action == "new" and state.phase != "tenants") or action.startswith("p")


# --- Y9 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rows", [R3, R4])
def test_y9_every_die_placed_on_an_empty_ring_sends_the_largest_back(rows: list[list[int]]) -> None:
    """The position of the issue: no crab on the ring, all six dice in the centre, New tenants
    rolls six different free numbers and all six are placed."""
    s = make(rows, {})
    rig(s, 3, 9, 12, 1, 7, 5)
    s.apply(0, "new")
    assert s.phase == "tenants" and s.pending is not None
    assert s.pending["placeable"] == [1, 3, 5, 7, 9, 12]
    # the page is told beforehand which crab the placement sends back
    answer = page.compose(s, 0, "tenants", [1, 3, 5, 7, 9, 12])
    assert answer.complete and answer.info["centre_after"] == 0 and answer.info["evicts"] == [12]
    before = len(s.log)
    s.apply(0, "p1.3.5.7.9.12")
    assert s.crabs == {1: 1, 3: 3, 5: 5, 7: 7, 9: 9} and s.centre == 1
    assert s.last_tenants is not None and s.last_tenants["evicted"] == [12]
    assert s.invariant_errors() == []
    lines = [line["text"] for line in s.log[before:]]
    said = [line for line in lines if Y9_EN in line["en"]]
    assert len(said) == 1, lines
    assert "(size 12) leaves shell 12 for the centre" in said[0]["en"]
    assert Y9_JA in said[0]["ja"] and "大きさ12" in said[0]["ja"] and "ヤド12から" in said[0]["ja"]
    # Y9: Move dice and New tenants stay possible for the next player
    assert s.to_move() == [1] and {"hi", "lo", "new"} <= set(s.legal_actions(1))


def test_y9_placing_fewer_than_all_dice_sends_nothing_back() -> None:
    s = make(R3, {})
    rig(s, 3, 9, 12, 1, 7, 5)
    s.apply(0, "new")
    s.apply(0, "p1.3.5.7.9")  # the 12 stays in the centre
    assert s.centre == 1 and s.last_tenants is not None and s.last_tenants["evicted"] == []
    assert not any(Y9_EN in line["text"]["en"] for line in s.log)


def test_y9_does_not_apply_while_an_older_crab_is_on_the_ring() -> None:
    """One older crab, five dice placed: the older crab goes back (the rule's own case), even
    though it is smaller than every crab placed this turn; the log says why."""
    s = make(R3, {2: 2})
    rig(s, 3, 9, 12, 7, 5)
    s.apply(0, "new")
    s.apply(0, "p3.5.7.9.12")
    assert s.crabs == {3: 3, 5: 5, 7: 7, 9: 9, 12: 12} and s.centre == 1
    assert s.last_tenants is not None and s.last_tenants["evicted"] == [2]
    last = s.log[-1]["text"]  # seat 0's turn ended with this line
    assert "not placed this turn (size 2) leaves shell 2" in last["en"], last
    assert "この手番に入居したものを除いて" in last["ja"] and Y9_EN not in last["en"]


def test_y9_every_crab_of_the_largest_size_goes_back() -> None:
    """Every crab of the largest size goes back, for both cases of the rule. In play the crabs
    placed in one New tenants never share a size (a die goes on the shell of its own number,
    Y5), so the Y9 tie is forced here on the rule's function with two size-9 crabs, while the
    older crabs' tie is played out."""
    s = make(R3, {})
    s.crabs = {2: 2, 9: 9, 10: 9}  # as if all three were placed this turn
    s.centre = 3
    assert s.eviction([2, 9, 10]) == [9, 10]
    assert s.eviction([2, 9]) == [10]  # the older crab on shell 10 goes, not the new 9
    s = make(R3, {10: 10, 11: 10, 4: 4, 7: 6})
    rig(s, 12, 1)
    s.apply(0, "new")
    s.apply(0, "p1.12")
    assert s.last_tenants is not None and s.last_tenants["evicted"] == [10, 11]
    assert (
        s.centre == 2
        and "crabs not placed this turn (size 10) leave shells 10, 11" in (s.log[-1]["text"]["en"])
    )


def play_biased(state: YadokashiState, seed: int) -> tuple[int, int]:
    """A seeded random game that places every possible die half of the time in New tenants;
    after every New tenants the centre holds a die and the next player may roll. Returns (New
    tenants played, Y9 evictions)."""
    rng = Rng.from_seed(seed, stream=91)
    played = y9 = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if state.phase == "tenants" and rng.below(2) == 0:
            action = max(legal, key=len)  # every placeable shell
        else:
            action = rng.choice(legal)
        state.apply(seat, action)
        if not tenants_done(state, action):
            continue
        played += 1
        assert state.centre >= 1, (seed, state.ply, state.last_tenants)
        assert state.invariant_errors() == []
        if not state.is_over():
            assert {"hi", "lo", "new"} <= set(state.legal_actions(state.to_move()[0]))
        tenants = state.last_tenants
        assert tenants is not None
        if tenants["evicted"] and set(tenants["evicted"]) <= set(tenants["placed"]):
            y9 += 1
    return played, y9


@pytest.mark.parametrize("players", [3, 4])
def test_y9_the_centre_is_never_empty_after_new_tenants(players: int) -> None:
    """Seeded random games from the setup, and from the setup with every crab taken back to
    the centre (from an empty ring New tenants can place all six dice: the case of Y9)."""
    played = y9 = 0
    for seed in range(150):
        p, y = play_biased(YadokashiState.new(players, seed), seed)
        played, y9 = played + p, y9 + y
        cleared = YadokashiState.new(players, 1000 + seed)
        cleared.crabs, cleared.centre = {}, 6
        p, y = play_biased(cleared, 1000 + seed)
        played, y9 = played + p, y9 + y
    assert played > 1000 and y9 > 3, (played, y9)  # the Y9 case did arise


# --- Y10 --------------------------------------------------------------------------------------
def check_no_winner(s: YadokashiState) -> None:
    """A capped game: over, unfinished, no winner in the result, the view or the last line."""
    assert s.is_over() and s.phase == "capped" and s.to_move() == []
    res = s.result()
    assert res.winners == [] and not res.finished and res.tie_break == "capped"
    assert res.tie_break_text is not None
    assert res.tie_break_text["en"].startswith("No winner")
    assert res.tie_break_text["ja"].startswith("勝者なし")
    view = s.view(None)
    assert view["winners"] == [] and view["capped"] and view["current"] is None
    last = s.log[-1]
    assert last["seats"] == []  # names nobody
    assert "no winner" in last["text"]["en"] and "勝者なし" in last["text"]["ja"]


def test_y10_the_turn_cap_names_no_winner_even_for_a_clear_leader() -> None:
    s = make(R3, {2: 2}, stars=[26, 1, 1])
    s.turn = TURN_CAP - 1
    s.apply(0, "adv")
    check_no_winner(s)
    assert s.result().scores == [26, 1, 1]
    assert f"{TURN_CAP} turns" in s.log[-1]["text"]["en"]


def test_y10_the_action_cap_names_no_winner_either() -> None:
    s = make(R3, {2: 2}, stars=[5, 1, 1])
    s.ply = ACTION_CAP - 1  # the action about to be played is the last the cap allows
    s.apply(0, "adv")
    check_no_winner(s)


def capped_record(players: int) -> dict[str, object]:
    """A real game the cap ends: every player advances, turn after turn, until the cap."""
    return {
        "v": 1,
        "game": "yadokashi",
        "players": players,
        "seed": 3,
        "options": {"start": 0},
        "seats": [{"name": f"P{i}", "kind": "human"} for i in range(players)],
        "actions": [f"{i % players}:adv" for i in range(TURN_CAP)],
    }


@pytest.mark.parametrize("players", [3, 4])
def test_y10_what_the_end_screen_is_given_for_a_capped_game(players: int) -> None:
    """The bridge's snapshot of a capped game, as the page's end screen reads it: over, no
    winner, a plain text saying why, and a last log line that names nobody."""
    snap = ask(cmd="start", record=capped_record(players), seat=None)
    try:
        assert snap["over"] and snap["to_move"] == []
        result = snap["result"]
        assert result["winners"] == [] and result["finished"] is False
        assert result["tie_break"] == "capped"
        assert result["tie_break_text"]["en"] == (
            f"No winner: the app's safeguard limit stopped the game unfinished after {TURN_CAP} "
            "turns."
        )
        assert result["tie_break_text"]["ja"] == (
            f"勝者なし：アプリの安全上限により{TURN_CAP}手番で打ち切りました。"
        )
        view = snap["view"]
        assert view["phase"] == "capped" and view["winners"] == []
        last = view["log"][-1]
        assert last["seats"] == [] and "no winner" in last["text"]["en"]
        json.dumps(snap)
    finally:
        ask(cmd="close", session=snap["session"])
