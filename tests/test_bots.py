"""Bots: they decide only from determinized worlds, and the heuristic plays sensibly."""

from __future__ import annotations

import pytest

from pygames.core.bots import Bot, RandomBot, decide
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.marie.bot import MarieHeuristicBot
from tests.support import midgame, win_share


class SpyBot(Bot):
    """Remembers the states it was shown."""

    def __init__(self) -> None:
        self.seen: list[GameState] = []

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        self.seen.append(state)
        return state.legal_actions(seat)[0]


def test_decide_never_hands_the_true_state_to_a_bot() -> None:
    state = midgame("marie", 4, 3, 30, {"elder": 0})
    spy = SpyBot()
    seat = state.to_move()[0]
    decide(state, seat, spy, Rng.from_seed(1))
    assert spy.seen and spy.seen[0] is not state


@pytest.mark.parametrize("bot", [MarieHeuristicBot(), RandomBot()], ids=["normal", "random"])
def test_decisions_do_not_depend_on_hidden_information(bot: Bot) -> None:
    """Two true states a seat cannot tell apart get the same decision from the same stream."""
    for seed in range(150):
        state = midgame("marie", 4, seed, 30, {"elder": 0})
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
