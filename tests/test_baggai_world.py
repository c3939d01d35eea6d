"""BAG-GAI's bot worlds: the lazy world whose stream moves on past the determinization's draws
(``Rng.skip``, ``BagGaiState.resample_draws``, ``lazy.defer_moved``), the outlook worked out from
public facts and the valuers shared by the decisions of a round, each against the plain path it
stands for, over thousands of seeded decisions: the same action, the same stream afterwards, and
once resampled the same world."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, MutableSequence
from typing import TypeVar

import pytest

from pygames.core.bots import bot_rng, decide
from pygames.core.lazy import Unseen, _instance_dict, drop, is_pending
from pygames.core.protocol import GameState
from pygames.core.registry import get_game
from pygames.core.rng import MASK64, PCG_MULT, Rng
from pygames.core.search import SearchBot
from pygames.games.baggai import bot as baggai_bot
from pygames.games.baggai.bot import (
    BagGaiHeuristicBot,
    Valuer,
    _sigmas,
    _supply,
    outlooks,
)
from pygames.games.baggai.rules import BRANDS, PARTIES, BagGaiState, shuffle_bounds

T = TypeVar("T")
LEVELS = ("normal", "easy", "random", "normal", "normal")


class Recording(Rng):
    """A stream that notes the bound of every ``below`` (``2**32`` for a ``next_u32``)."""

    __slots__ = ("bounds",)

    def __init__(self, rng: Rng) -> None:
        self.state, self.inc = rng.state, rng.inc
        self.bounds: list[int] = []

    def below(self, n: int) -> int:
        self.bounds.append(n)
        return Rng.below(self, n)

    def next_u32(self) -> int:
        self.bounds.append(1 << 32)
        return Rng.next_u32(self)

    def shuffle(self, items: MutableSequence[T]) -> None:
        Rng.shuffle(self, items)


def bag_gai(state: GameState) -> BagGaiState:
    """``state`` as the BAG-GAI state it is (a world keeps its game's class, lazy or not)."""
    assert isinstance(state, BagGaiState), type(state)
    return state


def decisions(games: int, players: int, seed0: int = 0) -> Iterator[tuple[BagGaiState, int, int]]:
    """(state, seat, seed) at every decision of seeded games of mixed bots."""
    for seed in range(seed0, seed0 + games):
        state = BagGaiState.new(players, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            yield state, seat, seed
            level = LEVELS[(seat + seed) % len(LEVELS)]
            bot = {"normal": BagGaiHeuristicBot, "random": None, "easy": None}[level]
            rng = bot_rng(seed, state.ply, seat)
            world = state.quiet_world(seat, rng)
            if bot is None:
                action = rng.choice(state.legal_actions(seat))
            else:
                action = bot().choose(world, seat, rng)
            state.apply(seat, action)


def test_skip_moves_the_stream_as_the_draws_would() -> None:
    """Random states and bounds, some made to reject a draw (a state of 0 draws 0)."""
    pick = random.Random(5)
    inverse = pow(PCG_MULT, -1, 1 << 64)
    rejected = 0
    for trial in range(4000):
        rng = Rng(pick.getrandbits(64), pick.getrandbits(64))
        bounds = [
            pick.choice([1, 2, 3, 7, 29, 64, 81, 256, 300]) for _ in range(pick.randrange(80))
        ]
        words = pick.randrange(3)
        if trial % 3 == 0 and bounds:  # the draw at a random place draws 0
            state = 0
            for _ in range(pick.randrange(len(bounds))):
                state = ((state - rng.inc) * inverse) & MASK64
            rng.state = state
        skipped, drawn = rng.copy(), rng.copy()
        honest = True  # no draw rejected (a rejected draw takes more than one step)
        for n in bounds:
            before = drawn.state
            drawn.below(n)
            honest = honest and drawn.state == (before * PCG_MULT + drawn.inc) & MASK64
        for _ in range(words):
            drawn.next_u32()
        if skipped.skip(bounds, words):
            assert honest and skipped.get_state() == drawn.get_state()
        else:
            rejected += 1
            assert not honest and skipped.get_state() == rng.get_state()
    assert rejected > 100


@pytest.mark.parametrize("players", [4, 5])
def test_resample_draws_are_the_determinizations(players: int) -> None:
    count = 0
    for state, seat, seed in decisions(20, players):
        stream = Recording(bot_rng(seed, state.ply, seat))
        state.quiet_world(seat, stream)
        assert stream.bounds == [*state.resample_draws(seat), 1 << 32, 1 << 32]
        count += 1
    assert count > 700


def plain_outlooks(state: BagGaiState) -> dict[str, tuple[tuple[tuple[int, ...], float], ...]]:
    """The outlook as it was worked out from the piles themselves."""
    supply = dict.fromkeys(BRANDS, 0.0)
    _supply(supply, list(filter(None, state.bags)))
    parties = []
    for p in state.piles[state.round : 2]:
        _supply(supply, p)
    if state.round <= 2:
        parties.append((PARTIES[2], _sigmas(supply)))
    for p in state.piles[max(state.round, 2) :]:
        _supply(supply, p)
    parties.append((PARTIES[5], _sigmas(supply)))
    return {b: tuple((table, sigmas[b]) for table, sigmas in parties) for b in BRANDS}


@pytest.mark.parametrize("players", [4, 5])
def test_outlooks_from_public_facts_are_the_piles(players: int) -> None:
    for state, seat, seed in decisions(12, players, 100):
        assert outlooks(state) == plain_outlooks(state)
        world = state.determinize(seat, Rng.from_seed(seed, 7))
        assert outlooks(world) == plain_outlooks(world)


def check_public(world: BagGaiState, eager: BagGaiState) -> None:
    """The lazy world holds an :class:`Unseen` in place of what is resampled (the number of
    piles and prices public) and the eager world's values elsewhere, its lists those of the
    state (:meth:`BagGaiState.shallow_world`); in round 1 the cards it drew for pile 2 are
    those of the eager world's pile 2."""
    whole = vars(eager)
    assert ("next_cards" in vars(world)) == (eager.round == 1)
    for name, value in _instance_dict(world).items():
        if name == "next_cards":
            assert sorted(value) == sorted(eager.piles[1])
        elif name == "shared":
            assert value is True and "shared" not in whole
        elif name in ("piles", "rng", "prices") and isinstance(value, Unseen):
            assert len(value) == (len(whole[name]) if name != "rng" else 0)
        else:
            assert name != "piles" and name != "rng" and value == whole[name], name
    assert isinstance(vars(world)["prices"], Unseen) == (eager.phase == "price")


@pytest.mark.parametrize("players", [4, 5])
def test_lazy_decisions_are_the_eager_ones(players: int) -> None:
    """The normal bot on the lazy world (its valuers shared through the round) against a
    fresh bot on the eager world with nothing shared: the same action, the same stream after;
    a world resampled is the eager world. In round 1 too the world is deferred, having drawn
    only pile 2's cards."""
    count = resampled = first_round = 0
    shared = baggai_bot._ROUND
    for state, seat, seed in decisions(25, players, 200):
        eager_rng, lazy_rng = bot_rng(seed, state.ply, seat), bot_rng(seed, state.ply, seat)
        eager = bag_gai(state.quiet_world(seat, eager_rng))
        world = bag_gai(state.lazy_world(seat, lazy_rng))
        if is_pending(world):
            assert is_pending(lazy_rng)
            check_public(world, eager)
            first_round += state.round == 1
        baggai_bot._ROUND = (None, None)
        expected = BagGaiHeuristicBot().choose(eager, seat, eager_rng)
        baggai_bot._ROUND = shared
        assert BagGaiHeuristicBot().choose(world, seat, lazy_rng) == expected
        shared = baggai_bot._ROUND
        assert lazy_rng.get_state() == eager_rng.get_state()
        if is_pending(world):
            drop(lazy_rng)
        else:
            resampled += 1
            assert world.to_json() == eager.to_json()
        count += 1
    assert count > 900 and resampled < count // 100 and first_round > count // 6


def test_round_one_world_drawn_again_when_a_skipped_draw_is_rejected() -> None:
    """A round-1 stream set so that a draw :meth:`Rng.skip` would move past is rejected (it
    draws 0): the lazy world takes back the draws it made and is the eager world, and the
    stream ends where the eager world's does."""
    inverse = pow(PCG_MULT, -1, 1 << 64)
    checked = 0
    for state, seat, seed in decisions(6, 4, 600):
        if state.round != 1:
            continue
        bounds = state.resample_draws(seat)
        piles = len(shuffle_bounds(tuple(map(len, state.piles))))  # (then the prices, if any)
        at = piles - 2 - 2 * (seed % 2)  # in the last pile's own shuffle: bound 3 or 5
        assert bounds[at] in (3, 5)  # (2**32 % n > 0: a draw of 0 is rejected)
        base = bot_rng(seed, state.ply, seat)
        start = 0
        for _ in range(at):  # the state ``at`` steps before 0 (no draw before is rejected)
            start = ((start - base.inc) * inverse) & MASK64
        eager_rng, lazy_rng = base.copy(), base.copy()
        eager_rng.state = lazy_rng.state = start
        eager = state.quiet_world(seat, eager_rng)
        world = state.lazy_world(seat, lazy_rng)
        assert not is_pending(world) and "next_cards" not in vars(world)
        assert world.to_json() == eager.to_json()
        assert lazy_rng.get_state() == eager_rng.get_state()
        checked += 1
    assert checked > 30


def test_a_lazy_world_read_is_the_eager_world() -> None:
    for k, (state, seat, seed) in enumerate(decisions(3, 4, 300)):
        if k % 3 or state.round < 2:
            continue
        eager = state.quiet_world(seat, bot_rng(seed, state.ply, seat)).to_json()
        for way in range(4):
            rng = bot_rng(seed, state.ply, seat)
            world = bag_gai(state.lazy_world(seat, rng))
            rng.below(5)
            assert len(world.piles) == 5 and is_pending(world)
            if way == 0:
                _ = world.piles[2]
            elif way == 1:
                world.rng.copy().below(3)
            elif way == 2:
                world = bag_gai(world.clone())
            assert not is_pending(world) or way == 3
            assert world.to_json() == eager
            drop(rng)


def test_shared_valuers_value_as_fresh_ones() -> None:
    """Every card and total a shared valuer gives, against a fresh valuer of the world."""
    for state, seat, seed in decisions(10, 4, 400):
        if state.phase not in ("range", "price"):
            continue
        world = bag_gai(state.quiet_world(seat, Rng.from_seed(seed, 9)))
        for other in range(state.players):
            shared = BagGaiHeuristicBot().valuer(world, other)
            fresh = Valuer(world, other)
            assert shared.money_rate == fresh.money_rate and shared.mine == fresh.mine
            for card in ("R1", "B2", "G3", "FR", "S", "URB", "UBG", "UGR"):
                assert shared.card(card) == fresh.card(card)
            for b in BRANDS:
                for k in range(6):
                    assert shared.gain(b, k) == fresh.gain(b, k)


def test_worlds_made_from_a_lazy_world_are_worlds_of_their_own() -> None:
    """A clone or a determinization of a lazy world (what a search makes each iteration) is
    the eager world's: it keeps neither the cards drawn for pile 2 (its own pile 2 is what
    its bots read) nor the state's lists."""
    checked = 0
    for state, seat, seed in decisions(4, 4, 800):
        for make in ("clone", "determinize"):
            rng = bot_rng(seed, state.ply, seat)
            world = bag_gai(state.lazy_world(seat, rng))
            eager = bag_gai(state.quiet_world(seat, bot_rng(seed, state.ply, seat)))
            if make == "clone":
                made, expected = bag_gai(world.clone()), eager.clone()
            else:
                made = bag_gai(world.determinize(seat, Rng.from_seed(seed, 3)))
                expected = eager.determinize(seat, Rng.from_seed(seed, 3))
            assert "next_cards" not in vars(made) and "shared" not in vars(made)
            assert made.pile2_cards() is made.piles[1] and made.bags is not state.bags
            assert made.to_json() == expected.to_json()
            checked += state.round == 1
    assert checked > 50


def test_a_strong_bot_searches_the_lazy_world_as_the_eager_one() -> None:
    """The search (which determinizes its world again each iteration, so resamples it, and
    whose rollouts' bots read pile 2 in round 1): the same visits, rewards and wins at the
    root, and the same action, in every round."""
    info = get_game("baggai")
    rounds = set()
    for k, (state, seat, seed) in enumerate(decisions(2, 4, 500)):
        if k % 5 != 2 or state.phase not in ("range", "price"):
            continue
        found = []
        for lazy in (True, False):
            bot = info.make_bot("strong")
            assert isinstance(bot, SearchBot)
            bot.iterations, bot.seconds, bot.max_seconds = 12, 1e9, 1e9
            rng = bot_rng(seed, state.ply, seat)
            world = state.lazy_world(seat, rng) if lazy else state.quiet_world(seat, rng)
            search = bot.start(world, seat, rng)
            while not search.run(1e9):
                pass
            root = {a: (n.visits, n.reward, n.wins) for a, n in search.root.children.items()}
            found.append((search.best(), root))
            drop(rng)
        assert found[0] == found[1]
        rounds.add(state.round)
    assert rounds == {1, 2, 3, 4, 5}


def test_a_lazy_world_shares_the_state_yet_never_changes_it() -> None:
    """The lazy world holds the state's own lists. Every level's decision on it, play on its
    clone, and play on the world itself (which determinizes it first, so it owns its lists)
    leave the state as it was."""
    info = get_game("baggai")
    count = 0
    for k, (state, seat, seed) in enumerate(decisions(3, 4, 700)):
        before = json.dumps(state.to_json(), sort_keys=True)
        level = ("normal", "easy", "random", "strong")[k % 4]
        bot = info.make_bot(level)
        if isinstance(bot, SearchBot):
            bot.iterations, bot.seconds, bot.max_seconds = 4, 1e9, 1e9
        decide(state, seat, bot, bot_rng(seed, state.ply, seat))
        rng = bot_rng(seed, state.ply, seat)
        world = bag_gai(state.lazy_world(seat, rng))
        assert world.bags is state.bags and world.owned is state.owned
        action = state.legal_actions(seat)[k % len(state.legal_actions(seat))]
        copy = bag_gai(world.clone())
        copy.apply(seat, action)
        world = bag_gai(state.lazy_world(seat, bot_rng(seed, state.ply, seat)))
        world.apply(seat, action)
        assert not is_pending(world) and world.bags is not state.bags
        assert json.dumps(state.to_json(), sort_keys=True) == before
        count += 1
    assert count > 100
