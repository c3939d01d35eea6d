"""One generic simulation test over every registered game (in the spirit of OpenSpiel's
``random_sim_test``): every game must keep these properties."""

from __future__ import annotations

import json

import pytest

from pygames.core.record import Record, Seat, replay
from pygames.core.registry import all_games, get_game
from pygames.core.rng import Rng

CASES = [(g.id, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
GAMES = 12
STEP_CAP = 5000


@pytest.mark.parametrize(("game", "players"), CASES)
def test_protocol_properties(game: str, players: int) -> None:
    info = get_game(game)
    for seed in range(GAMES):
        state = info.state_class.new(players, seed, {})
        rng = Rng.from_seed(seed, stream=99)
        actions: list[str] = []
        while not state.is_over() and len(actions) < STEP_CAP:
            movers = state.to_move()
            assert movers, "a running game must have a seat to move"
            for seat in range(players):
                legal = state.legal_actions(seat)
                assert legal == sorted(legal)
                assert bool(legal) == (seat in movers)
                world = state.determinize(seat, rng.copy())
                assert world.view(seat) == state.view(seat), "a view shows hidden information"
                assert world.legal_actions(seat) == legal
                probe = Rng.from_seed(len(actions), stream=seat)
                assert (
                    state.determinize(seat, probe.copy()).to_json()
                    == world.determinize(seat, probe.copy()).to_json()
                ), "determinize depends on hidden information"
            json.dumps(state.view(None))
            seat = rng.choice(movers)
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            actions.append(f"{seat}:{action}")
            assert state.invariant_errors() == []
            text = json.dumps(state.to_json())
            assert json.dumps(type(state).from_json(json.loads(text)).to_json()) == text
            assert state.clone().to_json() == state.to_json()
        if not state.is_over():
            continue  # capped (a game that may stall under random play reports it elsewhere)
        result = state.result()
        assert len(result.scores) == players and result.winners
        record = Record(game, players, seed, {}, [Seat(f"P{i}") for i in range(players)], actions)
        assert replay(record).to_json() == state.to_json()
