"""Yadokashi bots: the heuristic beats random bots, finishes games, and reads only its seat's
world (here: the public table, with the future rolls resampled)."""

from __future__ import annotations

import pytest

from pygames.core.bots import decide
from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state
from pygames.core.rng import Rng
from pygames.games.yadokashi.bot import ScriptedRng, YadokashiHeuristicBot, evaluate
from pygames.games.yadokashi.rules import YadokashiState
from tests.support import win_share


def play(levels: list[str], seed: int) -> YadokashiState:
    seats = [Seat(f"s{i}", "bot", lvl) for i, lvl in enumerate(levels)]
    record = Record("yadokashi", len(levels), seed, {}, seats, [])
    state = new_state(record)
    play_bots(record, state)
    assert isinstance(state, YadokashiState)
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_beats_random_bots(players: int) -> None:
    assert win_share("yadokashi", players, 10 * players, seed=300) >= 1.5 / players


def test_heuristic_bots_finish_their_games() -> None:
    for players in (3, 4):
        for seed in range(10):
            state = play(["normal"] * players, 900 + seed)
            assert state.phase == "over" and state.result().winners


def test_decisions_do_not_depend_on_future_rolls() -> None:
    bot = YadokashiHeuristicBot()
    for seed in range(6):
        state = YadokashiState.new(3, seed)
        other = state.clone()
        other.rng = Rng.from_seed(1234 + seed)
        seat = state.to_move()[0]
        a = decide(state, seat, bot, Rng.from_seed(seed, 6))
        b = decide(other, seat, bot, Rng.from_seed(seed, 6))
        assert a == b


def test_heuristic_blocks_a_leader_and_takes_a_win() -> None:
    # seat 1 would reach 27 with any Move dice: seat 0 must not move dice for him
    s = YadokashiState.new(3, 1, {"start": 0})
    s.rows = [[1, 2, 3, 4], [9, 10, 11, 12, 13], [5, 6, 7, 8]]
    s.crabs, s.centre = {9: 9, 10: 10, 2: 2}, 3
    s.stars, s.income_total = [10, 23, 3], 33
    action = YadokashiHeuristicBot().choose(s.clone(), 0, Rng.from_seed(3))
    assert action not in ("hi", "lo")
    # with 25 stars and two crabs, seat 0 moves dice and wins
    s.crabs = {1: 1, 2: 2, 9: 9}
    s.stars, s.income_total = [25, 10, 3], 35
    assert YadokashiHeuristicBot().choose(s.clone(), 0, Rng.from_seed(3)) in ("hi", "lo")
    world = s.clone()
    world.rng = ScriptedRng([12], Rng.from_seed(0))
    world.apply(0, "hi")
    assert evaluate(world, 0) > 100
