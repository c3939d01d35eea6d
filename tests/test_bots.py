"""Bots: they decide only from determinized worlds, and the heuristic plays sensibly."""

from __future__ import annotations

import pytest

from pygames.core.bots import Bot, RandomBot, decide
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.marie.bot import MarieHeuristicBot
from pygames.games.marie.rules import MarieState
from tests.support import win_share


class SpyBot(Bot):
    """Remembers the states it was shown."""

    def __init__(self) -> None:
        self.seen: list[GameState] = []

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        self.seen.append(state)
        return state.legal_actions(seat)[0]


def midgame(seed: int) -> MarieState:
    state = MarieState.new(4, seed, {"elder": 0})
    rng = Rng.from_seed(seed, 9)
    for _ in range(rng.below(30)):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_decide_never_hands_the_true_state_to_a_bot() -> None:
    state = midgame(3)
    spy = SpyBot()
    seat = state.to_move()[0]
    decide(state, seat, spy, Rng.from_seed(1))
    assert spy.seen and spy.seen[0] is not state


@pytest.mark.parametrize("bot", [MarieHeuristicBot(), RandomBot()], ids=["normal", "random"])
def test_decisions_do_not_depend_on_hidden_information(bot: Bot) -> None:
    """Two true states a seat cannot tell apart get the same decision from the same stream."""
    for seed in range(150):
        state = midgame(seed)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        other_world = state.determinize(seat, Rng.from_seed(seed, 5))
        a = decide(state, seat, bot, Rng.from_seed(seed, 6))
        b = decide(other_world, seat, bot, Rng.from_seed(seed, 6))
        assert a == b


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_beats_random_bots(players: int) -> None:
    assert win_share("marie", players, 60, seed=500) >= 1.5 / players
