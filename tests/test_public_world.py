"""A bot that reads nothing hidden gets a public world (issue 35): Pharaoh's ``normal`` bot says
so (``reads_hidden = False``), and :func:`decide` then hands it the game's public world (the
undealt deck sorted, a stream that refuses draws) instead of a determinized one, skipping the
shuffle. Its choices must be exactly those it makes in the determinized worlds, and the public
world must hold nothing a seat cannot know."""

from __future__ import annotations

import pytest

from pygames.core.bots import Bot, RandomBot, bot_rng, decide
from pygames.core.protocol import GameState
from pygames.core.registry import get_game
from pygames.core.rng import NO_DRAWS, Rng
from pygames.games.pharaoh.bot import PharaohHeuristicBot
from pygames.games.pharaoh.rules import PharaohState
from tests.support import midgame


def determinized_choice(state: GameState, seat: int, bot: Bot, seed: int) -> str:
    """The bot's choice in the eager determinized world of the decision's own stream (the path
    every bot took before the public world)."""
    rng = bot_rng(seed, state.ply, seat)
    return bot.choose(state.quiet_world(seat, rng), seat, rng)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_public_world_gives_the_determinized_choices(players: int) -> None:
    """Whole seeded games of ``normal`` bots: at every decision the bot's choice through
    :func:`decide` (the public world) is its choice in the determinized world."""
    info = get_game("pharaoh")
    bot = PharaohHeuristicBot()
    decisions = 0
    for seed in range(20):
        state = info.state_class.new(players, seed, {})
        while not state.is_over():
            seat = state.to_move()[0]
            action = decide(state, seat, bot, bot_rng(seed, state.ply, seat))
            assert action == determinized_choice(state, seat, bot, seed), (seed, state.ply)
            state.apply(seat, action)
            decisions += 1
    assert decisions > 1000


def test_the_public_world_holds_no_deck_order_and_refuses_draws() -> None:
    for seed in range(30):
        state = midgame("pharaoh", 3, seed, 12, {})
        assert isinstance(state, PharaohState)
        seat = state.to_move()[0]
        world = state.public_world(seat)
        assert world is not state and world.quiet and not world.log
        assert world.deck == sorted(state.deck)  # the contents, in no order of the true deck
        assert world.hands == state.hands  # every hand can be followed from the open play
        with pytest.raises(RuntimeError, match="never draws"):
            world.rng.below(2)
    with pytest.raises(RuntimeError):
        NO_DRAWS.shuffle([1, 2, 3])
    with pytest.raises(RuntimeError):
        NO_DRAWS.choice([1, 2])


def test_two_deck_orders_the_seat_cannot_tell_apart_give_one_public_world() -> None:
    state = midgame("pharaoh", 3, 7, 12, {})
    assert isinstance(state, PharaohState)
    seat = state.to_move()[0]
    other = state.determinize(seat, Rng.from_seed(99))  # another order of the undealt deck
    assert other.deck != state.deck or len(state.deck) < 2
    assert state.public_world(seat).to_json() == other.public_world(seat).to_json()


def test_a_bot_that_reads_hidden_parts_never_gets_the_public_world() -> None:
    """``easy`` (a noisy wrapper that draws) and ``random`` keep the determinized world."""
    state = midgame("pharaoh", 3, 3, 12, {})
    easy = get_game("pharaoh").make_bot("easy")
    assert easy.reads_hidden and RandomBot().reads_hidden
    seat = state.to_move()[0]
    assert decide(state, seat, easy, Rng.from_seed(5)) in state.legal_actions(seat)


class Cheat(Bot):
    """Says it reads nothing hidden, then draws."""

    reads_hidden = False

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        return state.legal_actions(seat)[rng.below(1)]


def test_a_bot_that_says_it_never_draws_and_draws_fails_loudly() -> None:
    state = midgame("pharaoh", 3, 3, 12, {})
    with pytest.raises(RuntimeError, match="never draws"):
        decide(state, state.to_move()[0], Cheat(), Rng.from_seed(1))
