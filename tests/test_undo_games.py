"""Undo a misclick in every game: offered only while nothing was revealed, no chance was drawn
and no other seat acted; taking it back restores the exact position."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core.rng import Rng
from pygames.games.baggai.rules import BagGaiState
from tests.conftest import engine


def call(**req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(engine().handle(json.dumps(req)))
    return answer


def legal_now(sid: str, seat: int) -> list[str]:
    """The seat's legal actions in the session (the page offers them as moves and choices)."""
    return engine().sessions[sid].state.legal_actions(seat)


def start(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> str:
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(players)]
    rec = {
        "v": 1,
        "game": game,
        "players": players,
        "seed": seed,
        "options": options or {},
        "seats": seats,
        "actions": [],
    }
    snap = call(cmd="start", record=rec, seat=0)
    assert snap["ok"], snap
    return str(snap["session"])


def state_json(sid: str) -> Any:
    """The session's whole state, as text (a snapshot that later moves cannot touch)."""
    return json.dumps(engine().sessions[sid].state.to_json(), sort_keys=True)


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("marie", 3),
        ("hitokai", 3),
        ("pharaoh", 3),
        ("baggai", 4),
        ("yadokashi", 3),
        ("yadokashi", 4),
    ],
)
def test_every_undo_restores_the_position_and_draws_no_chance(game: str, players: int) -> None:
    """Random all-human games: after each action, when undo is offered, taking it back gives
    the very state from before (random stream included), and the action drew no chance; a
    seat other than the actor is never offered it."""
    rng = Rng.from_seed(9)
    undone = final = 0
    for seed in range(3):
        sid = start(game, players, 40 + seed)
        snap = call(cmd="view", session=sid, seat=0)
        while not snap["over"]:
            seat = snap["to_move"][0]
            legal = legal_now(sid, seat)
            action = legal[rng.below(len(legal))]
            before = state_json(sid)
            snap = call(cmd="act", session=sid, seat=seat, action=action)
            assert snap["ok"], snap
            others = [s for s in range(players) if s != seat]
            assert not any(call(cmd="view", session=sid, seat=s)["can_undo"] for s in others)
            if not snap["can_undo"]:
                final += 1
                continue
            after = state_json(sid)
            rng_before, rng_after = json.loads(before)["rng"], json.loads(after)["rng"]
            assert rng_after == rng_before, f"{action} drew chance yet was undoable"
            back = call(cmd="undo", session=sid, seat=seat)
            assert back["ok"] and state_json(sid) == before
            undone += 1
            snap = call(cmd="act", session=sid, seat=seat, action=action)
            assert state_json(sid) == after
        call(cmd="close", session=sid)
    assert undone > 10 and final > 10, (undone, final)


def test_yadokashi_rolls_are_final_but_advance_is_not() -> None:
    sid = start("yadokashi", 3, 5, {"start": 0})
    assert call(cmd="act", session=sid, seat=0, action="adv")["can_undo"] is True
    assert call(cmd="undo", session=sid, seat=0)["ply"] == 0
    assert call(cmd="act", session=sid, seat=0, action="hi")["can_undo"] is False
    assert call(cmd="undo", session=sid, seat=0)["ok"] is False


def test_pharaoh_only_an_action_that_ends_the_round_is_final() -> None:
    sid = start("pharaoh", 2, 3, {"start": 0})
    snap = call(cmd="view", session=sid, seat=0)
    seen_final = seen_undo = 0
    while snap["view"]["round"] == 1:
        seat = snap["to_move"][0]
        legal = legal_now(sid, seat)
        snap = call(cmd="act", session=sid, seat=seat, action=legal[-1])
        if snap["view"]["round"] == 1:
            assert snap["can_undo"] is True  # declarations and passes inside the round
            seen_undo += 1
        else:
            assert snap["can_undo"] is False  # the next round's offer came out of the deck
            seen_final += 1
    assert seen_undo >= 4 and seen_final == 1


def test_baggai_only_the_last_secret_price_is_final() -> None:
    sid = start("baggai", 4, 8, {"start": 0})
    snap = call(cmd="view", session=sid, seat=0)
    while snap["view"]["phase"] == "range":
        seat = snap["to_move"][0]
        legal = legal_now(sid, seat)
        state = engine().sessions[sid].state
        assert isinstance(state, BagGaiState)
        last = sum(r is None for r in state.ranges) == 1
        snap = call(cmd="act", session=sid, seat=seat, action=legal[0])
        assert snap["can_undo"] is (not last)
    pending = list(snap["to_move"])
    for i, seat in enumerate(pending):
        legal = legal_now(sid, seat)
        snap = call(cmd="act", session=sid, seat=seat, action=legal[-1])
        assert snap["can_undo"] is (i < len(pending) - 1)


def test_hitokai_a_bid_can_be_taken_back_but_not_a_settled_daughter() -> None:
    sid = start("hitokai", 3, 4, {"start": 0})
    snap = call(cmd="act", session=sid, seat=0, action="b1")
    assert snap["can_undo"] is True and snap["view"]["daughter"] == 4
    assert call(cmd="undo", session=sid, seat=0)["ply"] == 0
    call(cmd="act", session=sid, seat=0, action="b1")
    call(cmd="act", session=sid, seat=1, action="pass")
    snap = call(cmd="act", session=sid, seat=2, action="pass")  # the auction ends: payments
    assert snap["view"]["phase"] == "pay" and snap["can_undo"] is True
    while snap["view"]["round"] == 1:  # pay and bid on with the first legal move each time
        seat = snap["to_move"][0]
        legal = legal_now(sid, seat)
        before = snap["view"]["round"]
        snap = call(cmd="act", session=sid, seat=seat, action=legal[0])
        if snap["over"] or snap["view"]["round"] != before:
            assert snap["can_undo"] is False  # a new deal: chance
            break
