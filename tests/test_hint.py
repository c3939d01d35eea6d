"""The coach at the table: the bridge's ``hint`` request ranks the moves of a human seat to move,
thinks in slices, and never changes the game or its random stream."""

from __future__ import annotations

from typing import Any

import pytest

from pygames import web
from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games
from pygames.core.review import FLOOR
from pygames.core.rng import Rng
from tests.conftest import ask, bridge

GAMES = [g.id for g in all_games()]


@pytest.fixture(autouse=True)
def short_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints of 0.3 s in slices of 0.1 s (the page's are 1 s in slices of 0.15 s)."""
    monkeypatch.setattr(web, "HINT_SECONDS", 0.3)
    monkeypatch.setattr(web, "THINK_SLICE", 0.1)


def record(game: str, kinds: list[str], seed: int = 5) -> dict[str, Any]:
    """A new game's record: ``kinds[s]`` is ``human`` or a bot level for seat ``s``."""
    seats = [
        {"name": f"H{s}", "kind": "human"}
        if kind == "human"
        else {"name": f"B{s}", "kind": "bot", "level": kind}
        for s, kind in enumerate(kinds)
    ]
    return {"v": 1, "game": game, "players": len(kinds), "seed": seed, "options": {},
            "seats": seats, "actions": []}  # fmt: skip


def human_choice(sid: str, rng: Rng) -> tuple[int, str] | None:
    """The seat to move and a legal action for it, drawn from ``rng`` (``None`` once over)."""
    state = web._SESSIONS[sid].state
    if state.is_over():
        return None
    seat = state.to_move()[0]
    return seat, rng.choice(state.legal_actions(seat))


def position_with_a_choice(game: str, steps: int) -> tuple[str, int]:
    """A session of human seats after about ``steps`` random actions, where the seat to move
    has at least two legal actions; and that seat."""
    info = next(g for g in all_games() if g.id == game)
    sid = str(ask(cmd="start", record=record(game, ["human"] * info.min_players))["session"])
    rng = Rng.from_seed(41)
    for step in range(400):
        state = web._SESSIONS[sid].state
        seat = state.to_move()[0]
        if step >= steps and len(state.legal_actions(seat)) >= 2:
            return sid, seat
        choice = human_choice(sid, rng)
        assert choice is not None, "the game ended before a position with a choice"
        ask(cmd="act", session=sid, seat=choice[0], action=choice[1])
    raise AssertionError("no position with a choice")


def full_hint(sid: str, seat: int) -> tuple[list[dict[str, Any]], int]:
    """The hint's last answer's moves, and how many answers said it was still thinking."""
    for thinking in range(100):
        answer = ask(cmd="hint", session=sid, seat=seat)
        if not answer["thinking"]:
            return list(answer["moves"]), thinking
        assert answer["moves"], "a partial ranking while thinking"
    raise AssertionError("the hint never finished")


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_ranks_legal_moves_the_page_can_play(game: str) -> None:
    sid, seat = position_with_a_choice(game, 12)
    state = web._SESSIONS[sid].state
    snap = ask(cmd="view", session=sid, seat=seat)
    moves, thinking = full_hint(sid, seat)
    assert thinking >= 1  # it answered in slices
    actions = [m["a"] for m in moves]
    assert len(set(actions)) == len(actions)
    # every move is one the page offers: a discrete move's `a`, or the action of a complete
    # selection of a choice (tests/test_moves.py: together they are exactly the legal actions)
    listed = {m["a"] for m in snap["moves"]}
    legal = set(state.legal_actions(seat))
    assert set(actions) <= legal
    if legal == listed:
        assert set(actions) <= listed
    ranks = [(-m["visits"], -m["win"], m["a"]) for m in moves]
    assert ranks == sorted(ranks)  # best first: most searched, then the higher win chance
    for m in moves:
        assert 0.0 <= m["win"] <= 1.0 and m["visits"] >= 1
    weighed = web._SESSIONS[sid].hint
    assert weighed is not None
    if len(weighed.legal) <= 24:  # a short list: every weighed move is ranked, on a floor
        assert set(actions) == set(weighed.legal)
        floor = max(1, min(FLOOR, weighed.iterations // len(weighed.legal)))
        assert min(m["visits"] for m in moves) >= floor
        if game == "marie":  # every legal action is a listed move, and every one is ranked
            assert set(actions) == listed
    ask(cmd="close", session=sid)


def test_a_hint_is_asked_again_while_thinking_and_restarts_after_a_move() -> None:
    sid, seat = position_with_a_choice("marie", 3)
    first = ask(cmd="hint", session=sid, seat=seat)
    assert first["thinking"] and first["iterations"] >= 1
    second = ask(cmd="hint", session=sid, seat=seat)
    assert second["iterations"] > first["iterations"]  # the same search went on
    moves, _ = full_hint(sid, seat)
    done = ask(cmd="hint", session=sid, seat=seat)  # asked again once done: the same ranking
    assert not done["thinking"] and done["moves"] == moves
    ask(cmd="act", session=sid, seat=seat, action=moves[0]["a"])
    state = web._SESSIONS[sid].state
    nxt = state.to_move()[0]
    if len(state.legal_actions(nxt)) >= 2:
        again = ask(cmd="hint", session=sid, seat=nxt)
        assert again["iterations"] < done["iterations"]  # a new search for the new position
        assert {m["a"] for m in again["moves"]} <= set(state.legal_actions(nxt))
    ask(cmd="close", session=sid)


@pytest.mark.parametrize("game", GAMES)
def test_hints_change_nothing_a_game_with_hints_plays_as_one_without(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Humans in every seat but the last (a ``normal`` bot) play seeded moves; with a hint asked
    at every human turn, the state after each hint is the state before it, and the game's
    record and final state are those of the same game without hints."""
    monkeypatch.setattr(web, "HINT_SECONDS", 0.02)
    monkeypatch.setattr(web, "THINK_SLICE", 0.01)
    info = next(g for g in all_games() if g.id == game)
    kinds = ["human"] * (info.min_players - 1) + ["normal"]

    def play(hints: bool) -> tuple[list[str], dict[str, Any], int]:
        sid = str(ask(cmd="start", record=record(game, kinds, seed=8))["session"])
        rng = Rng.from_seed(8, 3)
        asked = 0
        for _ in range(3000):
            session = web._SESSIONS[sid]
            state = session.state
            if state.is_over():
                break
            seat = state.to_move()[0]
            if kinds[seat] != "human":
                ask(cmd="bot", session=sid, seat=seat, view_seat=0)
                continue
            if hints and len(state.legal_actions(seat)) >= 2:
                before = state.to_json()
                answer = ask(cmd="hint", session=sid, seat=seat)
                assert answer["moves"]
                assert session.state is state and state.to_json() == before
                asked += 1
            ask(cmd="act", session=sid, seat=seat, action=rng.choice(state.legal_actions(seat)))
        session = web._SESSIONS[sid]
        assert session.state.is_over()
        ask(cmd="close", session=sid)
        return list(session.record.actions), session.state.to_json(), asked

    plain, with_hints = play(False), play(True)
    assert with_hints[2] >= 3
    assert with_hints[0] == plain[0] and with_hints[1] == plain[1]


def test_a_hint_is_refused_for_a_bot_a_seat_not_to_move_and_a_finished_game() -> None:
    sid = str(ask(cmd="start", record=record("marie", ["human", "human", "normal"]))["session"])
    state = web._SESSIONS[sid].state
    to_move = state.to_move()[0]
    other = next(s for s in (0, 1) if s != to_move)
    for req, kind in (
        ({"seat": 2}, "RecordError"),  # a bot seat
        ({"seat": other}, "NotYourTurn"),  # a human, not to move
        ({"seat": 7}, "RecordError"),
        ({"seat": None}, "RecordError"),
        ({"seat": "0"}, "RecordError"),
    ):
        before = state.to_json()
        answer = bridge(cmd="hint", session=sid, **req)
        assert answer["ok"] is False and answer["kind"] == kind, req
        assert answer["error"]["en"] and answer["error"]["ja"], req
        assert state.to_json() == before
    assert web._SESSIONS[sid].hint is None
    assert bridge(cmd="hint", session="nope", seat=0)["ok"] is False
    ask(cmd="close", session=sid)
    # a finished game: nobody is to move
    rec = Record("pharaoh", 2, 5, {}, [Seat("a", "bot", "normal"), Seat("b", "bot", "normal")])
    play_bots(rec, new_state(rec))
    done = record("pharaoh", ["human", "human"], seed=5)
    done["actions"] = rec.actions
    sid = str(ask(cmd="start", record=done)["session"])
    assert web._SESSIONS[sid].state.is_over()
    for seat in (0, 1):
        answer = bridge(cmd="hint", session=sid, seat=seat)
        assert answer["ok"] is False and answer["kind"] == "NotYourTurn"
    ask(cmd="close", session=sid)
