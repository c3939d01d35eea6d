"""The BAG-GAI heuristic's lean range choice (upper bounds that skip the prices and sizes far
below the best worth found) against the plain one it replaced (every price of every range, in
the same arithmetic), over thousands of seeded positions: the same scores wherever it works one
out, lower scores (or none) only for ranges far below the best, and the same range chosen.

``BAGGAI_LEAN_POSITIONS`` raises the number of random-play positions (default 1200)."""

from __future__ import annotations

import math
import os
import random
from bisect import bisect_left

import pytest

from pygames.core.rng import Rng
from pygames.games.baggai.bot import (
    PRICE_CANDIDATES,
    RANGE_GUESSES,
    SLACK,
    BagGaiHeuristicBot,
    Guess,
    Valuer,
    all_ranges,
    guesses,
    range_scores,
    tops,
    widest,
)
from pygames.games.baggai.rules import SHOWOFF_MAX, BagGaiState

POSITIONS = int(os.environ.get("BAGGAI_LEAN_POSITIONS", "1200"))


def plain_size(
    found: list[Guess], size: int, prices: list[int], me: int, rate: float
) -> list[float]:
    """Every range of ``size`` spots (by left end): the best summed worth over the guesses among
    ``prices``, each price of each range worked out (the code the lean choice replaced)."""
    ends = len(found[0].sums(0).money) - size
    columns: list[list[float]] = [[0.0] * ends for _ in prices]
    for g in found:
        for j, p in enumerate(prices):
            sums = g.sums(bisect_left(g.keys, (-p, size, me)))
            w, sh, m = sums.worth, sums.shows, sums.money
            cash = [rate * (m[lo + size] - m[lo]) for lo in range(ends)]
            bags = [w[lo + size] - w[lo] + c for lo, c in enumerate(cash)]
            shows = [sh[lo + size] - sh[lo] for lo in range(ends)]
            cost, bonus = rate * p * size, min(p // 2, SHOWOFF_MAX)
            if p == 0:
                gains = cash
            elif bonus and any(shows):
                gains = [b + bonus * n - cost for b, n in zip(bags, shows, strict=True)]
            else:
                gains = [b - cost for b in bags]
            columns[j] = [a + x for a, x in zip(columns[j], gains, strict=True)]
    return [max(values) for values in zip(*columns, strict=True)]


def plain_scores(found: list[Guess], spots: int, purse: int, me: int, rate: float) -> list[float]:
    """Every range's score, by size, then left end."""
    out: list[float] = []
    for size in range(1, spots + 3):
        prices = [p for p in PRICE_CANDIDATES if p <= purse // size]
        out += plain_size(found, size, prices, me, rate)
    return out


def choice(scores: list[float]) -> int:
    """The index the range choice takes: the first clearly better score, in order."""
    best, where = -math.inf, 0
    for i, score in enumerate(scores):
        if score > best + 1e-9:
            best, where = score, i
    return where


def check(state: BagGaiState, seat: int, rng: Rng) -> None:
    valuer = Valuer(state, seat)
    found = guesses(state, seat, valuer, rng, RANGE_GUESSES)
    args = (found, state.spots, state.purse[seat], state.choosers.index(seat), valuer.money_rate)
    lean, plain = range_scores(*args), plain_scores(*args)
    top = max(plain)
    for a, b in zip(lean, plain, strict=True):
        assert a == b or (a < b < top - SLACK)
    assert choice(lean) == choice(plain)
    los, ends, _, _ = all_ranges(state.spots)
    where = choice(plain)
    expected = state.range_text(los[where], ends[where] - 1)
    assert BagGaiHeuristicBot().choose(state, seat, rng.copy()) in state.legal_actions(seat)
    assert expected == state.range_text(los[choice(lean)], ends[choice(lean)] - 1)


def range_position(players: int, seed: int) -> BagGaiState | None:
    """A range choice reached by random play from the new game of ``seed``."""
    state = BagGaiState.new(players, seed)
    rng = Rng.from_seed(seed, 31)
    for _ in range(rng.below(40)):
        if state.is_over():
            return None
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    while not state.is_over() and state.phase != "range":
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None if state.is_over() else state


def test_lean_range_scores_match_the_plain_ones_after_random_play() -> None:
    checked = 0
    for seed in range(POSITIONS):
        state = range_position(4 + seed % 2, seed)
        if state is None:
            continue
        check(state, state.to_move()[0], Rng.from_seed(seed, 32))
        checked += 1
    assert checked > POSITIONS // 2


@pytest.mark.parametrize("players", [4, 5])
def test_lean_range_scores_match_the_plain_ones_in_normal_games(players: int) -> None:
    """Every range choice of a few games of ``normal`` bots (richer purses and banks)."""
    bot = BagGaiHeuristicBot()
    for seed in range(6):
        state = BagGaiState.new(players, 500 + seed)
        rng = Rng.from_seed(seed, 33)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == "range":
                check(state, seat, rng.copy())
            state.apply(seat, bot.choose(state.clone(), seat, rng))


@pytest.mark.parametrize("players", [4, 5])
def test_a_quiet_world_plays_exactly_like_a_logged_one(players: int) -> None:
    """A world nobody reads the log of builds no log text: every state reached is the same
    but for the log, which stays empty."""
    bot = BagGaiHeuristicBot()
    for seed in range(8):
        loud = BagGaiState.new(players, 700 + seed)
        quiet = loud.clone()
        quiet.quiet, quiet.log = True, []
        rng = Rng.from_seed(seed, 34)
        while not loud.is_over():
            seat = loud.to_move()[0]
            action = bot.choose(loud.clone(), seat, rng)
            loud.apply(seat, action)
            quiet.apply(seat, action)
            assert {**quiet.to_json(), "log": loud.log} == loud.to_json()
        assert quiet.log == [] and loud.log
        assert quiet.result() == loud.result()


def test_tops_bound_every_run_of_neighbouring_spots() -> None:
    """The range choice's loose bounds: per size, the sum of that many of the largest values is
    at least the largest sum of that many neighbouring ones, and is that sum where the largest
    lie together."""
    pick = random.Random(11)
    for _ in range(3000):
        values = [
            pick.choice([0.0, pick.uniform(-1, 9), float(pick.randrange(5))])
            for _ in range(pick.randrange(1, 13))
        ]
        bounds, runs = tops(values), widest(values)
        assert len(bounds) == len(runs) == len(values)
        assert all(b >= r - 1e-12 for b, r in zip(bounds, runs, strict=True))
        assert math.isclose(bounds[-1], runs[-1], abs_tol=1e-12)
        ordered = sorted(values, reverse=True)
        assert math.isclose(
            tops(ordered)[2 % len(values)], widest(ordered)[2 % len(values)], abs_tol=1e-12
        )
