"""The BAG-GAI bots: they decide from what their seat may know, and the heuristic wins well
above its share against random bots."""

from __future__ import annotations

import pytest

from pygames.core.bots import Bot, RandomBot, decide
from pygames.core.registry import get_game
from pygames.core.rng import Rng
from pygames.games.baggai.bot import BagGaiHeuristicBot, soft_points
from pygames.games.baggai.rules import BagGaiState
from tests.support import midgame, win_share

WIN_GAMES = 24  # per player count, seat rotated (the report measures 200)


@pytest.mark.parametrize("bot", [BagGaiHeuristicBot(), RandomBot()], ids=["normal", "random"])
def test_decisions_do_not_depend_on_hidden_information(bot: Bot) -> None:
    """Two true states a seat cannot tell apart get the same decision from the same stream."""
    for seed in range(60):
        state = midgame("baggai", 4 + seed % 2, seed, 45)
        if state.is_over():
            continue
        seat = state.to_move()[-1]
        other_world = state.determinize(seat, Rng.from_seed(seed, 5))
        a = decide(state, seat, bot, Rng.from_seed(seed, 6))
        b = decide(other_world, seat, bot, Rng.from_seed(seed, 6))
        assert a == b


def test_soft_points_reward_leading_and_nothing_for_zero() -> None:
    assert soft_points(0, [1, 2], 1.0, (6, 3)) == 0.0
    lead = soft_points(9, [1, 2, 3], 0.6, (6, 3))
    assert 5.9 < lead <= 6.0
    assert soft_points(2, [1, 9], 0.6, (6, 3)) > soft_points(1, [2, 9], 0.6, (6, 3))


def test_the_bot_buys_money_cheaply() -> None:
    """With a full Bank L and nothing in the window worth its price, a cheap range over the
    bank is the choice."""
    state = BagGaiState.new(4, 5, {"start": 0})
    state.money[0] = 30
    state.money_total += 30
    state.removed.extend(b for b in state.bags if b is not None)
    state.bags = [None] * 10
    assert state.invariant_errors() == []
    action = BagGaiHeuristicBot().choose(state, 0, Rng.from_seed(1))
    assert action.startswith("rL")


@pytest.mark.parametrize("players", [4, 5])
def test_heuristic_beats_random_bots(players: int) -> None:
    assert win_share("baggai", players, WIN_GAMES, seed=900) >= 1.5 / players


def test_levels() -> None:
    info = get_game("baggai")
    assert list(info.bots) == ["random", "easy", "normal"]
    assert info.make_bot("easy").name == "easy"
