"""Moves as data (issue 21): for every game and player count, over seeded games, the discrete
moves and the choices' complete selections offer exactly the legal actions; every move carries
its notation and a kind; a choice's judgement is consistent; and no answer of the bridge is
larger than 64 kB."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core.bots import bot_rng, decide
from pygames.core.errors import IllegalAction
from pygames.core.protocol import GameState
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games, get_game
from tests.conftest import engine
from tests.page_walk import offered_actions, walk

CASES = [(g.id, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
ANSWER_LIMIT = 64 * 1024


def seeded_states(game: str, players: int, seed: int, every: int = 1) -> list[GameState]:
    """The states of one seeded game played by ``normal`` bots (each ``every``-th kept)."""
    info = get_game(game)
    seats = [Seat(f"Bot {i + 1}", "bot", "normal") for i in range(players)]
    record = Record(game, players, seed, {}, seats, [])
    state = new_state(record)
    bot = info.make_bot("normal")
    out = []
    while not state.is_over() and state.ply < 3000:
        if state.ply % every == 0:
            out.append(state.clone())
        seat = state.to_move()[0]
        state.apply(seat, decide(state, seat, bot, bot_rng(seed, state.ply, seat)))
    out.append(state)
    return out


@pytest.mark.parametrize(("game", "players"), CASES)
def test_moves_and_choices_offer_exactly_the_legal_actions(game: str, players: int) -> None:
    info = get_game(game)
    for state in seeded_states(game, players, 900 + players, every=3):
        for seat in state.to_move():
            legal = set(state.legal_actions(seat))
            moves = info.discrete_moves(state, seat)
            for move in moves:
                assert isinstance(move.get("a"), str) and isinstance(move.get("kind"), str)
            assert len({m["a"] for m in moves}) == len(moves), "a move is listed twice"
            assert offered_actions(state, seat) == legal, (game, state.ply, seat)
            for choice in info.choices(state, seat):
                assert isinstance(choice.get("id"), str) and isinstance(choice.get("kind"), str)
                for picks, composed in walk(state, seat, choice):
                    if composed.complete:
                        assert composed.valid and composed.actions, (choice["id"], picks)
                        assert composed.actions[0] in legal
                    if not composed.valid:
                        assert composed.why is not None and not composed.next


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_foreign_choice_or_unreadable_picks_are_refused(game: str, players: int) -> None:
    state = seeded_states(game, players, 77, every=1000)[0]
    seat = state.to_move()[0]
    with pytest.raises(IllegalAction):
        get_game(game).compose(state, seat, "no-such-choice", [])


def largest_answer(game: str, players: int, seed: int) -> tuple[int, str]:
    """The largest answer (bytes of JSON) of the bridge over one all-bot game, asked as the
    page asks at its most: a start, then each seat's view and a bot move (the whole log asked
    each time), every choice with no picks, then the end for a spectator, the replay viewer's
    positions and the first page of the log."""
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)]
    record = {
        "v": 1,
        "game": game,
        "players": players,
        "seed": seed,
        "options": {},
        "seats": seats,
        "actions": [],
    }
    largest = (0, "")

    def ask(**req: object) -> dict[str, Any]:
        nonlocal largest
        text = engine().handle(json.dumps(req))
        size = len(text.encode())
        if size > largest[0]:
            largest = (size, str(req.get("cmd")))
        answer: dict[str, Any] = json.loads(text)
        assert answer["ok"], answer
        return answer

    snap = ask(cmd="start", record=record)
    sid = snap["session"]
    try:
        while not snap["over"]:
            mover = snap["to_move"][0]
            seen = ask(cmd="view", session=sid, seat=mover)
            for choice in seen["choices"]:
                ask(cmd="compose", session=sid, seat=mover, choice=choice["id"], picks=[])
            snap = ask(cmd="bot", session=sid, seat=mover, view_seat=mover, log_from=0)
        # the end as a spectator sees it, and the replay viewer's first questions
        record = ask(cmd="view", session=sid, seat=None)["record"]
        ask(cmd="replay", record=record, ply=len(record["actions"]), reveal=True)
        ask(cmd="replay", record=record, ply=0, reveal=True)
        ask(cmd="log", record=record)
    finally:
        engine().handle(json.dumps({"cmd": "close", "session": sid}))
    return largest


@pytest.mark.parametrize(("game", "players"), CASES)
def test_no_answer_is_larger_than_64_kB(game: str, players: int) -> None:
    for seed in (1, 2):
        size, cmd = largest_answer(game, players, seed)
        assert size <= ANSWER_LIMIT, f"{game} {players}p seed {seed}: {cmd} answered {size} bytes"
