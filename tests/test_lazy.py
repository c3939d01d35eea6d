"""Lazy bot worlds (pygames.core.lazy) are the eager ones: over thousands of seeded decisions,
the same action, and once resampled (by a read or a draw) the same world and the same stream;
before that, no hidden value is in the world."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygames.core.bots import bot_rng
from pygames.core.lazy import Unseen, _instance_dict, drop, is_pending
from pygames.core.protocol import GameState
from pygames.core.registry import get_game
from pygames.core.rng import Rng

GAMES = {"marie": 30, "hitokai": 4}
#: what each game's lazy world may never hold before it is resampled
HIDDEN = {"marie": ("rng", "piles", "unused"), "hitokai": ("rng",)}


def decisions(game: str, games: int) -> Any:
    """(state, seat, bot, seed) at every decision of seeded ``normal`` games, 4 players."""
    info = get_game(game)
    for seed in range(games):
        state = info.state_class.new(4, seed)
        bot = info.make_bot("normal")
        while not state.is_over():
            seat = state.to_move()[0]
            yield state, seat, bot, seed
            rng = bot_rng(seed, state.ply, seat)
            state.apply(seat, bot.choose(state.quiet_world(seat, rng), seat, rng))


def check_public(game: str, world: GameState, eager: GameState, seat: int) -> None:
    """The lazy world holds none of the resampled values, and what it holds is the eager
    world's (an :class:`Unseen` list only its length)."""
    own = _instance_dict(world)
    assert not set(HIDDEN[game]) & set(own)
    whole = vars(eager)
    for name, value in own.items():
        if name == "hands":
            assert value[seat] == whole[name][seat]
            assert [len(h) for h in value] == [len(h) for h in whole[name]]
            assert all(isinstance(h, Unseen) for o, h in enumerate(value) if o != seat)
        elif isinstance(value, Unseen):
            assert len(value) == len(whole[name])
        else:
            assert value == whole[name], name


@pytest.mark.parametrize("game", list(GAMES))
def test_lazy_decisions_are_the_eager_ones(game: str) -> None:
    count = resampled = 0
    for state, seat, bot, seed in decisions(game, GAMES[game]):
        eager_rng = bot_rng(seed, state.ply, seat)
        eager = state.quiet_world(seat, eager_rng)
        lazy_rng = bot_rng(seed, state.ply, seat)
        world = state.lazy_world(seat, lazy_rng)
        assert is_pending(world) and is_pending(lazy_rng)
        check_public(game, world, eager, seat)
        action = bot.choose(world, seat, lazy_rng)
        assert action == bot.choose(eager, seat, eager_rng)
        if is_pending(lazy_rng):
            drop(lazy_rng)
        else:  # resampled: the very world (as the bot left it) and the very stream
            resampled += 1
            assert world.to_json() == eager.to_json()
            assert lazy_rng.get_state() == eager_rng.get_state()
        count += 1
    assert count > 1000
    assert resampled > 0 if game == "marie" else resampled == 0  # (marie's piles: a draw)


def test_a_forced_world_equals_the_eager_one() -> None:
    """Every way in: a read of a removed attribute, of an unseen hand, ``vars``, ``clone``,
    ``copy``, and each of the stream's methods."""
    for game in GAMES:
        for k, (state, seat, _, seed) in enumerate(decisions(game, 2)):
            if k % 7:
                continue
            eager = state.quiet_world(seat, bot_rng(seed, state.ply, seat)).to_json()
            for way in range(8):
                rng = bot_rng(seed, state.ply, seat)
                world = state.lazy_world(seat, rng)
                force(world, rng, way)
                assert not is_pending(rng)
                assert world.to_json() == eager
                assert type(world) is type(state) and type(rng) is Rng


def force(world: GameState, rng: Rng, way: int) -> None:
    if way == 0:
        world.rng.copy()
    elif way == 1:
        vars(world)
    elif way == 2:
        world.clone()
    elif way == 3:
        copy.copy(world)
    elif way == 4:
        rng.copy()
    elif way == 5:
        rng.shuffle([1, 2, 3])
    elif way == 6:
        rng.get_state()
    else:
        hands = getattr(world, "hands", None)
        if hands is not None:
            next(h for h in hands if isinstance(h, Unseen)).count(1)
        else:
            _ = world.piles  # type: ignore[attr-defined]


def test_worlds_of_states_the_seat_cannot_tell_apart_are_equal() -> None:
    """Resampled on two true states that differ only in what the seat cannot see, from the same
    stream, the lazy worlds are equal: nothing hidden was kept."""
    for game in GAMES:
        for k, (state, seat, _, seed) in enumerate(decisions(game, 2)):
            if k % 5:
                continue
            other = state.determinize(seat, Rng.from_seed(seed, 99))
            worlds = []
            for truth in (state, other):
                rng = bot_rng(seed, 1, seat)
                world = truth.lazy_world(seat, rng)
                rng.below(2)
                worlds.append(world.to_json())
            assert worlds[0] == worlds[1]


def test_dropped_world_keeps_nothing_hidden_and_the_stream_stays() -> None:
    state, seat, _, seed = next(decisions("hitokai", 1))
    rng = bot_rng(seed, 0, seat)
    world = state.lazy_world(seat, rng)
    drop(rng)
    assert rng.get_state() == bot_rng(seed, 0, seat).get_state()
    with pytest.raises(AttributeError):
        _ = world.rng
    with pytest.raises(LookupError):
        list(world.hands[(seat + 1) % 4])


def test_a_scripted_stream_gets_an_eager_world() -> None:
    class Scripted(Rng):
        __slots__ = ()

    state, seat, _, _ = next(decisions("marie", 1))
    rng = Scripted(3, 4)
    world = state.lazy_world(seat, rng)
    assert not is_pending(rng) and type(rng) is Scripted
    assert "piles" in vars(world)
