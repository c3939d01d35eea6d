"""Bots and the one door through which they see a game: :func:`decide`.

A bot never receives the true state: :func:`decide` hands it ``state.determinize(seat, rng)``, a
state consistent with what the seat has seen, with every hidden card, pending choice and future
roll resampled; or, to a bot that reads no hidden part and never draws (``reads_hidden =
False``), the game's public world, where every hidden part is made public (a deck's order sorted
away) and the stream refuses draws.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from pygames.core.lazy import drop
from pygames.core.protocol import GameState
from pygames.core.rng import NO_DRAWS, Rng

LEVELS = ("random", "easy", "normal")


class Bot(ABC):
    """A policy: picks one of ``state.legal_actions(seat)``."""

    name = "bot"
    #: False for a bot that reads nothing a determinization resamples (no hidden card, no order
    #: of a deck, no pending choice) and never draws from its stream: :func:`decide` may then
    #: hand it the game's public world (:meth:`GameState.public_world`: what every seat knows,
    #: nothing resampled) and a stream that refuses draws, and skip the determinization
    reads_hidden = True

    @abstractmethod
    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Choose an action for ``seat`` in a (determinized) state."""


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """A uniformly random legal action."""
        return rng.choice(state.legal_actions(seat))


class NoisyBot(Bot):
    """Plays like ``inner`` but takes a random legal action with probability ``epsilon``."""

    def __init__(self, inner: Bot, epsilon: float = 0.3, name: str = "easy") -> None:
        self.inner = inner
        self.epsilon = epsilon
        self.name = name

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Mostly the inner bot's choice, sometimes a random one."""
        if rng.below(1000) < int(self.epsilon * 1000):
            return rng.choice(state.legal_actions(seat))
        return self.inner.choose(state, seat, rng)


def bot_rng(seed: int, ply: int, seat: int) -> Rng:
    """The random stream of a bot decision: fixed by the game seed, the ply and the seat, so the
    same record gives the same bot moves in CPython and in the browser."""
    return Rng.from_seed(seed, stream=1 + ply * 16 + seat)


def decide(
    state: GameState,
    seat: int,
    bot: Bot,
    rng: Rng | Callable[[], Rng],
    legal: list[str] | None = None,
) -> str:
    """Let ``bot`` choose for ``seat`` from a determinized copy of ``state``, never the state
    (a quiet one: no bot reads the log). ``legal``: the seat's legal actions in ``state``, when
    the caller has them already. ``rng`` is the decision's own stream (:func:`bot_rng`): the
    world is :meth:`GameState.lazy_world`, resampled only if the bot reads a resampled part or
    draws from ``rng``, so where ``rng`` stands afterwards depends on what the bot read. A bot
    that reads nothing hidden and never draws (``reads_hidden = False``) gets the game's public
    world instead, where the game has one, and a stream that refuses draws. ``rng`` may be given
    as a function that makes it, called only if it is needed."""
    public = None if bot.reads_hidden else state.public_world(seat)
    if public is not None:  # nothing hidden in it, and no draw allowed
        action = bot.choose(public, seat, NO_DRAWS)
    else:
        stream = rng if isinstance(rng, Rng) else rng()
        world = state.lazy_world(seat, stream)
        try:
            action = bot.choose(world, seat, stream)
        finally:
            drop(stream)  # the resampling nobody read is never done
    if action not in (state.legal_actions(seat) if legal is None else legal):
        raise RuntimeError(f"bot {bot.name} chose an illegal action {action!r}")
    return action
