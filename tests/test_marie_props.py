"""Property tests: many seeded random games of Marie's Table per player count."""

from __future__ import annotations

import json

import pytest

from pygames.core.record import Record, Seat, replay
from pygames.core.rng import Rng
from pygames.games.marie.rules import MarieState
from tests.conftest import seeds
from tests.support import play_random

GAMES = seeds(300)  # per player count, conservation / termination / replay / JSON
DEEP_GAMES = seeds(30)  # per player count, also hidden-information checks at every step
STEP_CAP = 400


def check_step(before: MarieState, state: MarieState, seat: int, action: str) -> None:
    """The deck is whole after every action: 56 cards, eight of each value 1-7."""
    assert sum(state.deck_count().values()) == 56
    assert all(state.deck_count()[n] == 8 for n in range(1, 8))


def check_hidden_information(state: MarieState, rng: Rng) -> None:
    """For every seat: a resampled world it cannot tell apart gives the same view and legal
    actions, and determinizing either world with the same stream gives the same world."""
    for seat in range(state.players):
        world = state.determinize(seat, rng.copy())
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        probe = Rng.from_seed(state.ply, stream=seat)
        a = state.determinize(seat, probe.copy()).to_json()
        b = world.determinize(seat, probe.copy()).to_json()
        assert a == b
        view = state.view(seat)
        if view["drafter"] != seat:
            assert view["hand"] is None
        for other, info in enumerate(view["seats"]):
            if other != seat and not view["revealed"] and info["pair"] is not None:
                assert info["pair"]["cards"] is None
            if other != seat and view["phase"] == "vote":
                assert info["vote"] in ("waiting", "voted")
        assert all(h["round"] for h in view["history"])
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["history"] == []


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_terminate_conserve_and_replay(players: int) -> None:
    for seed in range(GAMES):
        state, actions = play_random(MarieState.new(players, seed), seed, check_step, cap=STEP_CAP)
        record = Record(
            "marie", players, seed, {}, [Seat(f"P{i}") for i in range(players)], actions
        )
        again = replay(record)
        assert again.is_over()
        assert again.to_json() == state.to_json()
        assert again.result().to_json() == state.result().to_json()
        result = state.result()
        assert result.winners and all(0 <= w < players for w in result.winners)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_never_show_what_a_seat_may_not_see(players: int) -> None:
    for seed in range(DEEP_GAMES):
        game = MarieState.new(players, 10_000 + seed)
        play_random(game, 10_000 + seed, check_step, deep=check_hidden_information, cap=STEP_CAP)


def test_determinize_really_resamples() -> None:
    state = MarieState.new(4, 21, {"elder": 0})
    state.apply(0, "pile1")
    worlds = {json.dumps(state.determinize(2, Rng.from_seed(k)).piles) for k in range(20)}
    assert len(worlds) > 1
    # seat 0 (drafting) keeps its hand in every world
    for k in range(20):
        assert sorted(state.determinize(0, Rng.from_seed(k)).hand) == sorted(state.hand)
