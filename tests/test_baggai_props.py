"""Property tests: many seeded random games of BAG-GAI per player count."""

from __future__ import annotations

import json

import pytest

from pygames.core.record import Record, Seat, replay
from pygames.core.rng import Rng
from pygames.games.baggai.rules import BagGaiState
from tests.conftest import seeds
from tests.support import play_random

GAMES = seeds(150)  # per player count: conservation, termination, replay, JSON
DEEP_GAMES = seeds(12)  # per player count: also hidden information at every step
STEP_CAP = 400
THREES = ("R3", "B3", "G3")


def check_step(before: BagGaiState, state: BagGaiState, seat: int, action: str) -> None:
    """Exactly the seats to move have legal actions, and no money is made or lost."""
    movers = state.to_move()
    for other in range(state.players):
        assert bool(state.legal_actions(other)) == (other in movers)
    assert state.invariant_errors() == []
    assert sum(state.purse) + sum(state.money) == state.money_total


def check_hidden_information(state: BagGaiState, rng: Rng) -> None:
    """Per seat: a resampled world gives the same view and legal actions, determinizing either
    world with one stream gives one world; others' money and pending prices stay hidden."""
    for seat in range(state.players):
        world = state.determinize(seat, rng.copy())
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        assert world.invariant_errors() == []
        future = [p for p in world.piles if p]
        first = 5 - len(future)
        assert [sum(c in THREES for c in p) for p in future] == [
            int(r >= 2) for r in range(first, 5)
        ]
        probe = Rng.from_seed(state.ply, stream=seat)
        a = state.determinize(seat, probe.copy()).to_json()
        b = world.determinize(seat, probe.copy()).to_json()
        assert a == b
        view = state.view(seat)
        for other, info in enumerate(view["seats"]):
            if other == seat or state.open_money:
                assert info["money"] == state.purse[other]
            else:
                assert info["money"] is None
            if other != seat and state.phase == "price":
                assert info["price"] is None
                assert info["price_status"] == (
                    "waiting" if other in state.to_move() else "entered"
                )
    spectator = state.view(None)
    if not state.open_money:
        assert all(info["money"] is None for info in spectator["seats"])
    assert state.secret_pending() == (
        state.phase == "price"
        and any(p is not None and state.max_price(s) > 0 for s, p in enumerate(state.prices))
    )


@pytest.mark.parametrize("players", [4, 5])
def test_random_games_terminate_conserve_and_replay(players: int) -> None:
    for seed in range(GAMES):
        state, actions = play_random(BagGaiState.new(players, seed), seed, check_step, cap=STEP_CAP)
        record = Record(
            "baggai", players, seed, {}, [Seat(f"P{i}") for i in range(players)], actions
        )
        again = replay(record)
        assert again.is_over() and state.round == 5 and len(state.parties) == 2
        assert again.to_json() == state.to_json()
        assert again.result().to_json() == state.result().to_json()
        result = state.result()
        assert result.winners and all(0 <= w < players for w in result.winners)
        assert result.scores == [b["total"] for b in result.breakdown]


@pytest.mark.parametrize("players", [4, 5])
def test_views_never_show_what_a_seat_may_not_see(players: int) -> None:
    for seed in range(DEEP_GAMES):
        game = BagGaiState.new(players, 10_000 + seed)
        play_random(game, 10_000 + seed, check_step, deep=check_hidden_information, cap=STEP_CAP)


@pytest.mark.parametrize("players", [4, 5])
def test_open_money_games(players: int) -> None:
    for seed in range(3):
        game = BagGaiState.new(players, 20_000 + seed, {"open_money": True})
        play_random(game, 20_000 + seed, check_step, deep=check_hidden_information, cap=STEP_CAP)


def test_determinize_resamples_piles_and_others_pending_prices() -> None:
    state = BagGaiState.new(4, 21, {"start": 0})
    for seat, rng in ((0, "r1-4"), (1, "r2"), (2, "rL"), (3, "r5-R")):
        state.apply(seat, rng)
    state.apply(1, "p7")
    state.apply(0, "p2")
    worlds = [state.determinize(2, Rng.from_seed(k)) for k in range(30)]
    assert len({json.dumps(w.piles) for w in worlds}) > 1
    assert len({w.prices[1] for w in worlds}) > 1  # resampled, not cleared
    assert all(w.prices[1] is not None and 0 <= w.prices[1] <= 20 for w in worlds)
    assert all(w.prices[2] is None and w.prices[3] is None for w in worlds)
    # the seat keeps its own price; everyone keeps the money (it can be worked out)
    assert all(state.determinize(0, Rng.from_seed(k)).prices[0] == 2 for k in range(10))
    assert all(w.purse == state.purse for w in worlds)
    assert all(e["text"]["en"] == "{0} has chosen a price." for w in worlds for e in w.log[-2:])
