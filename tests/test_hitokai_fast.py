"""The Egyptian Buyer's faster paths against the plain definitions they replace.

The payment rules are judged from counts, and the best completion ranked by weight and count
without building every candidate: here they meet a brute force over every sub-multiset of small
hands. The bot's chance of the point sums its gold without :func:`math.fsum` and its limit
against each rival is one probe instead of a search: here they meet the bot as first written
(a dict of payers, ``fsum``, a binary search for every cap) on every bid decision of seeded
games. ``HITOKAI_FAST_GAMES`` raises the number of games (default 40 per check).
"""

from __future__ import annotations

import math
import os
from itertools import product

import pytest

from pygames.core.bots import bot_rng, decide
from pygames.core.rng import Rng
from pygames.games.hitokai import bot as hitokai_bot
from pygames.games.hitokai.bot import THRESHOLD, HitokaiBot, Outlook, sigmoid
from pygames.games.hitokai.rules import (
    NUMBERS,
    Action,
    HitokaiState,
    best_completion,
    can_complete,
    card_value,
    completions_capped,
    is_minimal,
    pay_weight,
)

GAMES = int(os.environ.get("HITOKAI_FAST_GAMES", "40"))
BOT = HitokaiBot()


# --- payments: the rules against a brute force -------------------------------------------------
def minimal_completions(rest: list[int], paid: list[int], k: int, bid: int) -> list[list[int]]:
    """Every distinct multiset of ``rest`` that makes ``paid`` a minimal payment (H4, word for
    word: the payment covers the bid and loses its cover without any one of its cards)."""
    numbers = sorted(set(rest))
    out: list[list[int]] = []
    for counts in product(*(range(rest.count(n) + 1) for n in numbers)):
        extra = [n for n, c in zip(numbers, counts, strict=True) for _ in range(c)]
        cards = paid + extra
        value = sum(card_value(c, k) for c in cards)
        if value >= bid and all(value - card_value(c, k) < bid for c in cards):
            out.append(extra)
    return out


def random_payment(rng: Rng) -> tuple[list[int], list[int], int, int]:
    """A small hand, cards already paid, the daughter and a bid."""
    k = NUMBERS[rng.below(len(NUMBERS))]
    near = [k, k, k, max(4, k - 1), min(13, k + 1), 4 + rng.below(10)]
    rest = sorted(near[rng.below(len(near))] for _ in range(rng.below(8)))
    paid = [near[rng.below(len(near))] for _ in range(rng.below(3))]
    bid = 1 + rng.below(12)
    return rest, paid, k, bid


def keeping(extra: list[int], k: int) -> tuple[int, int, list[int]]:
    """The order of :func:`best_completion` as first written: least weight, fewest cards, lowest
    numbers."""
    return (sum(pay_weight(c, k) for c in extra), len(extra), sorted(extra)[::-1])


def test_payment_rules_match_a_brute_force() -> None:
    rng = Rng.from_seed(35, 1)
    for _ in range(3000):
        rest, paid, k, bid = random_payment(rng)
        ways = minimal_completions(rest, paid, k, bid)
        assert can_complete(rest, paid, k, bid) == bool(ways)
        assert completions_capped(rest, paid, k, bid) == min(len(ways), 2)
        assert is_minimal(paid, k, bid) == ([] in ways)
        ranked = sorted(ways, key=lambda w: keeping(w, k))  # stable: the first of equals first
        best = sorted(ranked[0]) if ranked else None
        assert best_completion(rest, paid, k, bid) == best, (rest, paid, k, bid)


def test_payable_cards_are_those_that_can_still_complete_the_payment() -> None:
    """The payable cards (judged from counts) are, as first written, the numbers that leave a
    minimal payment within reach once put in (:func:`can_complete`, checked above)."""
    rng = Rng.from_seed(35, 2)
    for seed in range(GAMES):
        state = HitokaiState.new(3 + seed % 3, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == "pay":
                hand, k, due = state.hands[seat], state.daughter, state.bid_due()
                plain = []
                for c in sorted(set(hand)):
                    rest = list(hand)
                    rest.remove(c)
                    if can_complete(rest, [*state.paying, c], k, due):
                        plain.append(c)
                assert state.payable(seat) == plain
                assert state.legal_actions(seat) == sorted(f"pay{c}" for c in plain)
            state.apply(seat, decide(state, seat, BOT, rng))


# --- notation and legal bids ----------------------------------------------------------------
def test_remembered_notation_and_bid_lists_are_the_plain_ones() -> None:
    for text in ["b1", "b12", "b9999", "pass", "pay4", "pay13"]:
        first, again = Action.parse(text), Action.parse(text)
        assert first is again and str(first) == text
    rng = Rng.from_seed(35, 3)
    for seed in range(GAMES):
        state = HitokaiState.new(4, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == "bid":
                plain = [f"b{x}" for x in range(state.bid + 1, state.cap + 1)]
                plain += ["pass"] if state.bid else []
                legal = state.legal_actions(seat)
                assert legal == sorted(plain)
                legal.clear()  # the caller's own list: the next call is whole again
                assert state.legal_actions(seat) == sorted(plain)
            state.apply(seat, decide(state, seat, BOT, rng))


def test_determinized_log_is_what_the_seat_reads() -> None:
    rng = Rng.from_seed(35, 4)
    state = HitokaiState.new(4, 35)
    while not state.is_over():
        seat = state.to_move()[0]
        assert all("private" not in entry for entry in state.log)
        assert state.determinize(seat, rng.copy()).log == state.log_for(seat)
        state.apply(seat, decide(state, seat, BOT, rng))


# --- the bot: the first-written projection and bidding ------------------------------------------
def plain_chance(o: Outlook, viewer: int, winner: int, pays: dict[int, int]) -> float:
    """The chance of the point as first written: every seat's cards, ``fsum`` of them all."""
    alive = o.alive_seats
    if not o.alive[viewer]:
        return 0.0
    if len(alive) == 1:
        return 1.0
    cards = [o.cards[s] for s in alive]
    for s, bid in pays.items():
        if bid > 0 and o.alive[s]:
            cards[alive.index(s)] = max(0.0, o.cards[s] - o.cost(s, bid))
    gold = math.fsum(cards) or 1.0
    best_other, mine = -1e9, 0.0
    for s, c in zip(alive, cards, strict=True):
        value = o.daughters[s] + (o.k if s == winner else 0)
        value += o.future * c / gold + o.keep * c
        if not o.future:
            value = float(math.floor(value))
        if s == viewer:
            mine = value
        elif value > best_other:
            best_other = value
    return sigmoid((mine - best_other - 0.5) / o.spread)


def plain_cap(o: Outlook, viewer: int, rival: int, rival_bid: int, low: int) -> int:
    """A seat's limit as first written: a binary search from ``low`` to his budget."""
    base = plain_chance(o, viewer, rival, {rival: rival_bid})
    hi = o.budget(viewer)

    def worth(price: int) -> bool:
        return plain_chance(o, viewer, viewer, {viewer: price}) > base + THRESHOLD

    if low > hi or not worth(low):
        return low - 1
    lo = low
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if worth(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def plain_bid(state: HitokaiState, seat: int) -> str:
    """The bid as first written: my cap, then every rival's cap in full."""
    if state.bid == 0:
        return "b1"
    price, top = state.bid + 1, state.bidder
    assert top is not None
    o = Outlook(state, seat)
    if price > min(o.max_value(seat), state.cap) or not o.alive[top]:
        return "pass"
    mine = plain_cap(o, seat, top, state.bid, price)
    if mine < price:
        return "pass"
    rivals = [r for r in range(state.players) if r != seat and state.status[r] == "in"]
    theirs = max(
        max(state.last_bid[r] or 0, plain_cap(o, r, seat, price, price))
        for r in rivals
        if o.alive[r]
    )
    return f"b{price}" if mine > theirs else "pass"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bids_and_chances_match_the_bot_as_first_written(players: int) -> None:
    rng = Rng.from_seed(35, players)
    decisions = 0
    for seed in range(GAMES):
        state = HitokaiState.new(players, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == "bid":
                world = state.determinize(seat, bot_rng(seed, state.ply, seat))
                assert BOT.choose(world, seat, rng) == plain_bid(world, seat)
                o = Outlook(world, seat)
                for viewer, payer in product(range(players), repeat=2):
                    for bid in (0, world.bid, world.bid + 1 + rng.below(30)):
                        fast = o.chance(viewer, payer, bid)
                        assert fast == plain_chance(o, viewer, payer, {payer: bid})
                decisions += 1
            # mostly the bot, at times a random raise, so that wars of every length are seen
            action = decide(state, seat, BOT, rng)
            if state.phase == "bid" and rng.below(8) == 0:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
    assert decisions > 50 * GAMES


OUTLOOK_FIELDS: tuple[str, ...] = (
    *("alive", "alive_seats", "cards", "daughters", "doubles", "future", "gold"),
    *("k", "k_rate", "k_share", "k_unseen", "keep", "rows", "singles", "sizes", "won"),
)


def test_remembered_auction_facts_are_those_worked_out_afresh() -> None:
    """The public facts of an auction are remembered while its bids go on in one state
    (:func:`~pygames.games.hitokai.bot.auction`): in quiet seeded games played on as a
    search's rollouts play (one state, the bot choosing at every step, at times a random raise),
    and in the determinized worlds of every decision, every seat's outlook built from them is
    the one built from facts worked out afresh."""
    rng = Rng.from_seed(35, 7)
    checked = 0
    for seed in range(GAMES):
        state = HitokaiState.new(3 + seed % 3, seed)
        state.quieten()
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == "bid":
                world = state.determinize(seat, rng)
                for here in (state, world, state):
                    for viewer in range(state.players):
                        kept = Outlook(here, viewer)
                        hitokai_bot._AUCTION[0] = None
                        fresh = Outlook(here, viewer)
                        for name in OUTLOOK_FIELDS:
                            assert getattr(kept, name) == getattr(fresh, name), name
                        checked += 1
            action = BOT.choose(state, seat, rng)
            if state.phase == "bid" and rng.below(8) == 0:
                action = rng.choice(state.legal_actions(seat))
            state.apply_unchecked(seat, action)
    assert checked > 100 * GAMES


def test_remembered_best_completion_is_the_one_worked_out_afresh() -> None:
    """The suggestion carried from card to card (:meth:`HitokaiState._do_pay`) is, at every
    step of seeded games, :func:`best_completion` of the payment as it stands."""
    rng = Rng.from_seed(35, 5)
    checked = 0
    for seed in range(GAMES):
        state = HitokaiState.new(3 + seed % 3, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == "pay":
                fresh = best_completion(
                    state.hands[seat], state.paying, state.daughter, state.bid_due()
                )
                assert state.suggestion(seat) == fresh
                # a world where another seat resampled the payer's hand (the same size): the
                # memo it shares names the state's lists, so it is judged by content
                other = (seat + 1 + rng.below(state.players - 1)) % state.players
                world = state.determinize(other, rng)
                again = best_completion(
                    world.hands[seat], world.paying, world.daughter, world.bid_due()
                )
                assert world.suggestion(seat) == again
                checked += 1
            action = decide(state, seat, BOT, rng)
            if state.phase == "pay" and rng.below(4) == 0:  # at times another payable card
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
    assert checked > 20 * GAMES


# --- the deal of a quiet world, deferred until it is read ----------------------------------------
def _without_log(data: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in data.items() if key != "log"}


def test_deferred_deal_is_the_deal_at_once() -> None:
    """A quiet world deals a new round when it is next read (:meth:`HitokaiState._settle`): at
    every round's end of seeded games, its state, its turn, its determinizations and its clones
    are those of the state that dealt at once."""
    rng = Rng.from_seed(35, 6)
    ends = 0
    for seed in range(GAMES):
        state = HitokaiState.new(3 + seed % 3, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            action = decide(state, seat, BOT, rng)
            quiet = state.clone()
            quiet.quieten()
            round_before = state.round
            state.apply(seat, action)
            quiet.apply_unchecked(seat, action)
            if state.round == round_before or state.is_over():
                assert not quiet.undealt
                continue
            ends += 1
            assert quiet.undealt and not state.undealt  # dealt when read, or at once
            assert quiet.round == state.round and not quiet.is_over()
            twins = [quiet.clone() for _ in range(3)]
            assert twins[0].to_move() == state.to_move()
            assert _without_log(twins[1].to_json()) == _without_log(state.to_json())
            for other in range(state.players):
                fresh, late = Rng.from_seed(seed, other), Rng.from_seed(seed, other)
                world = twins[2].clone().determinize(other, late)
                at_once = state.quiet_world(other, fresh)
                assert _without_log(world.to_json()) == _without_log(at_once.to_json())
                assert late.get_state() == fresh.get_state()
            assert quiet.legal_actions(seat) == state.legal_actions(seat)
            assert _without_log(quiet.to_json()) == _without_log(state.to_json())
    assert ends > GAMES
