"""Property tests: many seeded random games of The Egyptian Buyer per player count."""

from __future__ import annotations

import io
import json
from collections import Counter
from contextlib import redirect_stdout

import pytest

from pygames.cli import main
from pygames.core.record import Record, Seat, parse_record_text, replay
from pygames.core.rng import Rng
from pygames.games.hitokai.rules import DECK, HitokaiState
from tests.conftest import seeds
from tests.support import play_random

GAMES = seeds(80)  # per player count: termination, conservation, replay, JSON
DEEP_GAMES = seeds(5)  # per player count: also hidden information at every step
STEP_CAP = 3000


def check_step(before: HitokaiState, state: HitokaiState, seat: int, action: str) -> None:
    """One seat to move at a time; the deck is whole; the rounds follow each other."""
    assert len(state.to_move()) == (0 if state.is_over() else 1)
    assert state.invariant_errors() == []
    assert state.deck_count() == Counter(DECK)
    assert state.round in (before.round, before.round + 1)


def check_hidden_information(state: HitokaiState, rng: Rng) -> None:
    """For every seat: a resampled world gives the same view and legal actions, determinizing
    either world with the same stream gives the same world, and no view shows another hand."""
    for seat in range(state.players):
        world = state.determinize(seat, rng.copy())
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        assert world.invariant_errors() == []
        for mover in world.to_move():
            assert world.legal_actions(mover), "a determinized world must be playable"
        probe = Rng.from_seed(state.ply, stream=seat)
        a = state.determinize(seat, probe.copy()).to_json()
        b = world.determinize(seat, probe.copy()).to_json()
        assert a == b
        view = state.view(seat)
        assert view["hand"] == state.hands[seat]
        assert all(set(info) >= {"hand_size"} and "hand" not in info for info in view["seats"])
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["hand_value"] is None
    json.dumps(spectator)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_terminate_conserve_and_replay(players: int) -> None:
    for seed in range(GAMES):
        state, actions = play_random(
            HitokaiState.new(players, seed), seed, check_step, cap=STEP_CAP
        )
        record = Record(
            "hitokai", players, seed, {}, [Seat(f"P{i}") for i in range(players)], actions
        )
        again = replay(record)
        assert again.is_over() and again.to_json() == state.to_json()
        result = state.result()
        assert result.winners == [s for s in range(players) if state.points[s] == 2]
        assert len(result.winners) == 1 and sum(state.points) <= state.round


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_never_show_what_a_seat_may_not_see(players: int) -> None:
    for seed in range(DEEP_GAMES):
        game = HitokaiState.new(players, 10_000 + seed)
        play_random(game, 10_000 + seed, check_step, deep=check_hidden_information, cap=STEP_CAP)


def simulate(players: int, seed: int, games: int) -> list[str]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert (
            main(
                [
                    "simulate",
                    "hitokai",
                    "--players",
                    str(players),
                    "--seed",
                    str(seed),
                    "--games",
                    str(games),
                    "--bots",
                    "normal," + ",".join(["random"] * (players - 1)),
                ]
            )
            == 0
        )
    return out.getvalue().splitlines()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_is_deterministic_and_replays(players: int) -> None:
    lines = simulate(players, 40, 4)
    assert lines == simulate(players, 40, 4)
    for line in lines:
        data = json.loads(line)
        assert data["finished"] and len(data["winners"]) == 1
        record = parse_record_text(line)
        state = replay(record)
        assert state.is_over() and state.result().scores == data["scores"]
