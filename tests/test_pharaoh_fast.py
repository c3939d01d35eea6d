"""The fast paths of Return of the Pharaoh against the plain rules they stand for.

* the legal list, laid out in notation order from the ways of the hand's shorter ends without
  sorting every multiset, against the sorted notation of every multiset of the hand (brute
  force), for thousands of seeded hands;
* the bot's cheapest way of adding each total, built from the best ways of the hand's shorter
  ends, against the minimum over every multiset;
* a quiet world (no log text built) plays exactly like a state that logs, over seeded games
  of ``normal`` and random bots, and a clone reads the same as the state it copies;
* the treasure left as the bot works it out from the cards seen is the deck's and the offer's.

``PHARAOH_FAST_HANDS`` / ``PHARAOH_FAST_GAMES`` raise the counts (defaults: a few seconds).
"""

from __future__ import annotations

import os
from collections import Counter
from itertools import product

import pytest

from pygames.core.bots import RandomBot
from pygames.core.rng import Rng
from pygames.games.pharaoh.bot import (
    PharaohHeuristicBot,
    _points_of,
    cheapest_by_total,
    treasure_left,
)
from pygames.games.pharaoh.rules import PharaohState, _legal, token, total

HANDS = int(os.environ.get("PHARAOH_FAST_HANDS", "2000"))
GAMES = int(os.environ.get("PHARAOH_FAST_GAMES", "40"))


def every_way(hand: tuple[int, ...]) -> list[tuple[str, int, int]]:
    """Every non-empty multiset of the hand, brute force: (notation body, members, flags)."""
    counts = sorted(Counter(hand).items())
    out = []
    for taken in product(*(range(k + 1) for _, k in counts)):
        cards = [c for (c, _), j in zip(counts, taken, strict=True) for _ in range(j)]
        if cards:
            flags = sum(1 for c in cards if c > 10)
            out.append(("".join(token(c) for c in cards), total(cards), flags))
    return out


def legal_by_hand(
    hand: tuple[int, ...], need: int, bonus: bool, horus: bool, pharaoh: bool
) -> tuple[str, ...]:
    """The legal list as the rules state it: every declaration adding more than ``need``, every
    bonus variant when the bonus is open, the passes open, all sorted."""
    ways = every_way(hand)
    acts = ["d" + body for body, added, _ in ways if added > need]
    acts += ["d" + body + "+" for body, _, _ in ways] if bonus else []
    acts += ["pass"] + (["horus"] if horus else []) + (["pharaoh"] if pharaoh else [])
    return tuple(sorted(acts))


def seeded_hands(count: int) -> list[tuple[int, ...]]:
    """Hands as play makes them: up to four of each plain member, any flag members."""
    rng = Rng.from_seed(35)
    hands = {(), (13,), (1,), (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 13, 14, 15, 16, 17)}
    while len(hands) < count:
        hand = [v for v in range(1, 6) for _ in range(rng.below(5) if rng.below(3) else 0)]
        hand += [f for f in range(13, 18) if rng.below(10) < 3]
        hands.add(tuple(sorted(hand)))
    return sorted(hands)


def test_legal_list_is_the_sorted_list_of_every_declaration() -> None:
    rng = Rng.from_seed(36)
    for hand in seeded_hands(HANDS):
        for _ in range(3):
            need, bonus = rng.below(30) - 2, rng.below(2) == 1
            horus, pharaoh = rng.below(2) == 1, rng.below(2) == 1
            expected = legal_by_hand(hand, need, bonus, horus, pharaoh)
            assert _legal(hand, need, bonus, horus, pharaoh) == expected, (hand, need, bonus)


def test_cheapest_way_of_each_total_is_the_least_over_every_multiset() -> None:
    for hand in seeded_hands(HANDS // 2):
        best: dict[int, tuple[int, int, str]] = {}
        for body, added, flags in every_way(hand):
            key = (flags, len(body) - flags, body)
            best[added] = min(best.get(added, key), key)
        expected = tuple((best[s][2], s, best[s][0]) for s in sorted(best))
        assert cheapest_by_total(hand) == expected, hand


def _quiet(state: PharaohState) -> PharaohState:
    copy = state.clone()
    copy.quiet = True
    copy.log = []
    return copy


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_quiet_world_plays_like_a_state_that_logs(players: int) -> None:
    bots = [PharaohHeuristicBot(), RandomBot()]
    for seed in range(GAMES):
        loud = PharaohState.new(players, seed)
        quiet = _quiet(loud)
        rng = Rng.from_seed(seed, 3)
        while not loud.is_over():
            seat = loud.to_move()[0]
            action = bots[seed % 2].choose(loud, seat, rng)
            assert action in loud.legal_actions(seat)
            assert quiet.legal_actions(seat) == loud.legal_actions(seat)
            loud.apply(seat, action)
            quiet.apply_unchecked(seat, action)
            twin = {**loud.to_json(), "log": []}  # the log aside (the core's say may skip it)
            assert {**quiet.to_json(), "log": []} == twin
            copy = quiet.clone()
            assert {**copy.to_json(), "log": []} == twin and copy.quiet
        assert quiet.result() == loud.result()


def test_a_clone_reads_the_same_and_play_of_either_leaves_the_other_alone() -> None:
    state = PharaohState.new(3, 7)
    rng = Rng.from_seed(7, 1)
    bot = PharaohHeuristicBot()
    while not state.is_over():
        copy = state.clone()
        assert copy.to_json() == state.to_json() and not copy.quiet
        seat = state.to_move()[0]
        action = bot.choose(state, seat, rng)
        before = state.to_json()
        copy.apply(seat, action)
        assert state.to_json() == before  # playing the copy leaves the state alone
        state.apply(seat, action)
        assert copy.to_json() == state.to_json()


def test_the_treasure_left_from_the_cards_seen_is_the_decks_and_the_offers() -> None:
    bot = PharaohHeuristicBot()
    for seed in range(GAMES):
        state = PharaohState.new(2 + seed % 3, seed)
        rng = Rng.from_seed(seed, 4)
        while not state.is_over():
            current, *pending = state.pending_offer()
            points = sum(map(_points_of, state.deck + pending))
            assert treasure_left(state, current) == points
            seat = state.to_move()[0]
            state.apply(seat, bot.choose(state, seat, rng))
