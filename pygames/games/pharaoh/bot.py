"""A heuristic bot for Return of the Pharaoh.

It prices one member point by the treasure still to come against the members in play, values the
card on offer by its items, the kinds bonus it completes (and what it would give the best
opponent), and bids the cheapest total that beats every active opponent's reach, or else the
cheapest total that tops the highest declaration, while the price stays below the card's worth.
When it passes it takes the hospital with a Pharaoh card if that is worth it, else the Horus chip
(to start the next auction), else it passes plainly.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from functools import lru_cache
from itertools import chain
from operator import itemgetter

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.pharaoh.rules import (
    KIND_OF,
    KINDS_BONUS,
    NUMBER_OF,
    TOKEN_OF,
    VALUE_OF,
    PharaohState,
    Table,
    deck_cards,
    flags,
    is_flag,
    kind_of,
    number_of,
    total,
)

Option = tuple[str, int, int]  # notation body, member total, flag cards used
_added = itemgetter(1)


#: a way of adding members: (flag cards, cards, notation body)
Way = tuple[int, int, str]


@lru_cache(maxsize=4096)
def cheapest_by_total(hand: tuple[int, ...]) -> tuple[Option, ...]:
    """For each total a sorted hand can add, the way that uses the fewest flag cards, then the
    fewest cards, then the first in notation; sorted by total."""
    best = _cheapest(hand)
    return tuple((best[s][2], s, best[s][0]) for s in sorted(best) if s)


@lru_cache(maxsize=8192)
def _cheapest(hand: tuple[int, ...]) -> dict[int, Way]:
    """:func:`cheapest_by_total` of a sorted hand as total -> way, the empty way's 0 included
    (never changed: a copy is changed). The ways with the hand's first card are that card
    before a way of the rest of the hand, and the best of them for a total is the card before
    the best way of the rest for the total less its members (the same card added to each
    keeps their order); their notation comes before that of every way without the card (those
    of the hand after its last copy), so a tie goes to them."""
    if not hand:
        return {0: (0, 0, "")}
    first = hand[0]
    head, members, flag = TOKEN_OF[first], VALUE_OF[first], int(is_flag(first))
    best = dict(_cheapest(hand[hand.count(first) :]))
    known = best.get
    for added, (used, cards, body) in _cheapest(hand[1:]).items():
        added += members
        used += flag
        other = known(added)
        if other is None or used < other[0] or (used == other[0] and cards < other[1]):
            best[added] = (used, cards + 1, head + body)
    return best


def _points(card: str) -> int:
    """What a card still to come adds to the treasure left: its items and one, a flag member
    nothing."""
    return 0 if kind_of(card) == "flag" else number_of(card) + 1


_points_of = Table(_points, KIND_OF).__getitem__
_kind_of = KIND_OF.__getitem__
#: what every card of the deck adds to the treasure left
ALL_POINTS = sum(map(_points_of, deck_cards()))


def treasure_left(state: PharaohState, current: str) -> int:
    """What the cards still to come (the deck and the offer after ``current``, the card on
    auction) add to the treasure left, from the cards seen alone (the deck's order is hidden,
    what it holds is not): every other card was dealt and lies among the removed cards or the
    treasures won, or was a flag member (which adds nothing)."""
    seen = sum(map(_points_of, chain(state.removed, *state.treasures)))
    return ALL_POINTS - seen - _points_of(current)


@lru_cache(maxsize=4096)
def kinds_held(treasures: tuple[str, ...]) -> frozenset[str]:
    """The kinds among some treasures."""
    return frozenset(map(_kind_of, treasures))


#: the step of the kinds bonus from each number of kinds held to one more
STEPS = tuple(KINDS_BONUS[k + 1] - KINDS_BONUS[k] for k in range(len(KINDS_BONUS) - 1))


#: what a member point is worth to the bot now (``price``), and how the auctions left are split
#: (``left`` in all, ``left_in_round`` of them in this round's offer): a plain tuple, which
#: builds faster than a named one
Outlook = tuple[float, int, int]


class PharaohHeuristicBot(Bot):
    """Reads only what its seat may know: the open table, its hand and the deck's contents."""

    name = "normal"
    reads_hidden = False  # the deck's size, never its order; no draw (decide: a public world)

    def __init__(self, alpha: float = 1.0, deny: float = 0.5, hospital_min: float = 6.0) -> None:
        self.alpha = alpha
        self.deny = deny
        self.hospital_min = hospital_min

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, PharaohState)
        bonus = state.round if state.bonus_open(seat) else 0
        front = total(state.front[seat])
        ways = cheapest_by_total(tuple(sorted(state.hands[seat])))
        # the ways whose declaration would top the highest one
        ways = ways[bisect_right(ways, state.highest - front - bonus, key=_added) :]
        if not ways:
            return self._pass(state, seat, None)
        look = self.outlook(state, seat)
        bid = self._bid(state, seat, look, ways, front, bonus)
        return bid if bid is not None else self._pass(state, seat, look)

    # --- judgement ----------------------------------------------------------------------------
    def outlook(self, state: PharaohState, seat: int) -> Outlook:
        """The price of a member point from the treasure left and the members in play."""
        pending = state.pending_offer()
        worth = float(treasure_left(state, pending[0]))  # exact
        hands, front, tents = state.hands, state.front, state.tents
        supply = total(chain(*hands, *front, *tents)) + 0.5 * total(state.hospital)
        mine = total(chain(hands[seat], front[seat], tents[seat]))
        # min(1.6, max(0.7, ratio)) and max(supply, 1.0), written out
        ratio = (supply / state.players + 1.0) / (mine + 1.0)
        scarcity = 0.7 if not ratio > 0.7 else ratio if ratio < 1.6 else 1.6
        price = self.alpha * worth / (supply if supply > 1.0 else 1.0) * scarcity
        later = len(pending) - 1
        return price, len(state.deck) + later, later

    def card_value(self, state: PharaohState, seat: int, look: Outlook) -> float:
        """What winning the current card is worth to ``seat`` (denial included)."""
        card = state.current
        number = NUMBER_OF[card]
        kind = KIND_OF[card]
        if kind == "flag":
            price, left, left_in_round = look
            later = (left - left_in_round) / (left if left > 1 else 1)
            return 1.0 + price * number * later
        mine, other = 0.0, -math.inf  # other: the most any opponent gains
        for s, treasures in enumerate(state.treasures):
            # the items, and the step of the kinds bonus if the kind is new to the seat
            held = kinds_held(tuple(treasures))
            gain = float(number)
            if kind not in held:
                gain += STEPS[len(held)]
            if s == seat:
                mine = gain
            elif gain > other:
                other = gain
        n = state.players
        factor = 1.0 if n == 2 else self.deny / (n - 2)
        return mine + factor * other

    # --- bidding ------------------------------------------------------------------------------
    def _bid(
        self,
        state: PharaohState,
        seat: int,
        look: Outlook,
        ways: tuple[Option, ...],
        front: int,
        bonus: int,
    ) -> str | None:
        """The cheapest of ``ways`` (each topping the highest declaration, with ``front``
        members already down and ``bonus`` added) that beats every active opponent's reach,
        else the cheapest, while its price stays below the card's worth. The price of
        committing members worth ``committed`` (``flags`` flag cards among them) is
        ``price * committed + flags`` for a treasure; for a flag member, which returns them to
        the hand next round, ``price * committed`` times the share of the auctions left that
        are in this round."""
        front_flags = flags(state.front[seat]) if state.front[seat] else 0
        worth = self.card_value(state, seat, look)
        price, left, left_in_round = look
        share = left_in_round if KIND_OF[state.current] == "flag" else -1
        cheap: str | None = None
        reach = -1  # not worked out yet
        for body, added, used in ways:
            if share < 0:
                net = worth - (price * (front + added) + (front_flags + used))
            else:
                net = worth - price * (front + added) * share / (left if left > 1 else 1)
            if net <= 0.2:
                break
            action = "d" + body + ("+" if bonus else "")
            if reach < 0:
                reach = self.reach(state, seat)
            if front + added + bonus > reach:
                return action
            if cheap is None:
                cheap = action
        return cheap

    def reach(self, state: PharaohState, seat: int) -> int:
        """The largest declaration an active opponent could make (0 if none is active)."""
        hands, fronts, most = state.hands, state.front, 0
        for o, passed in enumerate(state.passed):
            if passed is None and o != seat:
                members = total(chain(fronts[o], hands[o]))
                if members > most:
                    most = members
        return most

    # --- passing ------------------------------------------------------------------------------
    def _pass(self, state: PharaohState, seat: int, look: Outlook | None) -> str:
        """The Pharaoh pass if the hospital is worth it, else Horus, else the plain pass
        (``look``: the outlook if already worked out)."""
        if state.pharaohs[seat] > 0 and state.hospital:
            look = self.outlook(state, seat) if look is None else look
            if self._pharaoh_worth(state, seat, look):
                return "pharaoh"
        if state.horus_open():
            return "horus"
        return "pass"

    def _pharaoh_worth(self, state: PharaohState, seat: int, look: Outlook) -> bool:
        if not state.hospital:
            return False
        kept = flags(state.hospital)
        price, left, left_in_round = look
        later = left - left_in_round
        if later <= 0:
            return kept > 0 or not state.horus_open()
        gain = kept + price * total(state.hospital) * later / (left if left > 1 else 1)
        spare = state.pharaohs[seat] * 4 >= later
        return gain >= self.hospital_min * (0.6 if spare else 1.0)
