"""A heuristic bot for The Egyptian Buyer.

It bids for a daughter only while winning her improves its chance of the round's point, never
bids more than its hand can pay, stays out of a bidding war it expects to lose (every bidder pays,
so a lost war is money thrown away), and pays the minimal payment that keeps the most value.

The chance of the point is a smooth guess from projected totals: each player still in the round
keeps his daughters, gets a share of the daughters still to come in proportion to his cards, and
a hand bonus for part of his cards (all of them once no daughter is left). A daughter therefore
matters only insofar as it moves the bot towards the single highest total, or keeps a rival from
it. The bot reads only its own hand and public facts (hand sizes, bids, the cards paid); a rival's
hand is guessed from its size.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pygames.core.bots import Bot
from pygames.core.protocol import GameState
from pygames.core.rng import Rng
from pygames.games.hitokai.rules import BONUS_CARDS, NUMBERS, TARGET, HitokaiState

KEEP_SHARE = 0.4  # the part of a hand expected to survive to the round's end while daughters remain
THRESHOLD = 0.004  # a daughter must improve the chance of the point by at least this much
JUMPS = (0, 1, 2, 4, 8)  # the raises over the lowest bid the strong bot weighs


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def cards_to_pay(doubles: int, singles: int, bid: int) -> int:
    """The fewest cards that pay ``bid`` from a hand of ``doubles`` cards worth 2 and ``singles``
    worth 1 (the whole hand if it cannot)."""
    a = min(doubles, bid // 2)
    if bid - 2 * a <= singles:
        return bid - a
    if doubles >= (bid + 1) // 2:
        return (bid + 1) // 2
    return doubles + singles


class Outlook:
    """What the bot's seat knows of the auction in progress, and the projection it bids on."""

    def __init__(self, state: HitokaiState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.k = state.daughter
        self.future = sum(j for j in NUMBERS if j > self.k)
        hand = state.hands[seat]
        seen_k = hand.count(self.k) + state.bank.count(self.k) + state.paying.count(self.k)
        unseen = sum(len(h) for o, h in enumerate(state.hands) if o != seat) + len(state.aside)
        self.k_unseen = max(0, self.k - seen_k)
        self.k_share = self.k_unseen / unseen if unseen else 0.0
        self.cards = [float(len(h)) for h in state.hands]
        self.daughters = [0.0] * state.players
        for k, buyer in zip(NUMBERS, state.buyers, strict=True):
            if buyer is not None:
                self.daughters[buyer] += k
        self.alive = [not e for e in state.eliminated]
        for o in range(state.players):
            bid = state.last_bid[o]
            if o != seat and bid is not None and bid > self.max_value(o):
                self.alive[o] = False  # he cannot pay: he will be eliminated
        self.alive_seats = [s for s in range(state.players) if self.alive[s]]
        self.keep = (KEEP_SHARE if self.future else 1.0) / BONUS_CARDS
        self.spread = 0.35 + self.future / 12.0
        self.doubles = hand.count(self.k)
        self.singles = len(hand) - self.doubles

    def max_value(self, seat: int) -> int:
        """The most a seat's hand can be worth now (exact for the bot's own seat)."""
        size = len(self.state.hands[seat])
        if seat == self.seat:
            return size + self.state.hands[seat].count(self.k)
        return size + min(size, self.k_unseen)

    def budget(self, seat: int) -> int:
        """What a seat's hand is worth now: exact for the bot, expected for others."""
        if seat == self.seat:
            return self.max_value(seat)
        return round(self.cards[seat] * (1.0 + self.k_share))

    def cost(self, seat: int, bid: int) -> float:
        """Cards a seat gives up to pay ``bid`` (exact for the bot, expected for others)."""
        if bid <= 0:
            return 0.0
        if seat == self.seat:
            return float(cards_to_pay(self.doubles, self.singles, bid))
        return min(self.cards[seat], bid / (1.0 + self.k_share))

    def chance(self, viewer: int, winner: int, pays: dict[int, int]) -> float:
        """``viewer``'s chance of the point if ``winner`` gets the daughter and each seat of
        ``pays`` pays that bid."""
        alive = self.alive_seats
        if not self.alive[viewer]:
            return 0.0
        if len(alive) == 1:
            return 1.0
        cards = [self.cards[s] for s in alive]  # a seat that pays nothing keeps every card
        for s, bid in pays.items():
            if bid > 0 and self.alive[s]:
                cards[alive.index(s)] = max(0.0, self.cards[s] - self.cost(s, bid))
        gold = math.fsum(cards) or 1.0
        keep, future, daughters = self.keep, self.future, self.daughters
        best_other = -1e9
        mine = 0.0
        for s, c in zip(alive, cards, strict=True):
            value = daughters[s] + (self.k if s == winner else 0)
            value += future * c / gold + keep * c
            if not future:
                value = float(math.floor(value))
            if s == viewer:
                mine = value
            elif value > best_other:
                best_other = value
        return sigmoid((mine - best_other - 0.5) / self.spread)

    def cap(self, viewer: int, rival: int, rival_bid: int, low: int) -> int:
        """The highest price from ``low`` up at which ``viewer`` would rather buy the daughter than
        let ``rival`` have it at ``rival_bid``; ``low - 1`` if none."""
        base = self.chance(viewer, rival, {rival: rival_bid})
        hi = self.budget(viewer)

        def worth(price: int) -> bool:
            return self.chance(viewer, viewer, {viewer: price}) > base + THRESHOLD

        if low > hi or not worth(low):
            return low - 1
        lo = low  # worth(lo) holds; find the last price that is worth it
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if worth(mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


class HitokaiBot(Bot):
    """Bids from a projection of the round's totals; pays keeping the most value."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> str:
        """Pick an action for ``seat``."""
        assert isinstance(state, HitokaiState)
        if state.phase == "pay":
            cards = state.suggestion(seat)
            return f"pay{cards[0]}" if cards else state.legal_actions(seat)[0]
        return self._bid(state, seat)

    def _bid(self, state: HitokaiState, seat: int) -> str:
        if state.bid == 0:
            return "b1"
        price = state.bid + 1
        top = state.bidder
        assert top is not None
        outlook = Outlook(state, seat)
        if price > min(outlook.max_value(seat), state.cap) or not outlook.alive[top]:
            return "pass"
        mine = outlook.cap(seat, top, state.bid, price)
        if mine < price:
            return "pass"
        # would a rival still in go on past my limit? then stay out of a war I would lose
        rivals = [r for r in range(state.players) if r != seat and state.status[r] == "in"]
        theirs = max(
            max(state.last_bid[r] or 0, outlook.cap(r, seat, price, price))
            for r in rivals
            if outlook.alive[r]
        )
        return f"b{price}" if mine > theirs else "pass"


def bid_shortlist(state: GameState, seat: int, legal: list[str]) -> list[str]:
    """The bids the strong bot weighs (the registry's ``shortlist``): withdrawing, the lowest bid,
    and raises of 1, 2, 4 and 8 over it, none above what the seat's hand can pay (a bid it cannot
    pay only eliminates it). Payments are all weighed. Of 60-80 legal bids this keeps at most six,
    the heuristic's own choice (withdraw or the lowest bid) among them, so the search's
    iterations are not spread over bids that differ only by a little gold."""
    assert isinstance(state, HitokaiState)
    if state.phase != "bid":
        return legal
    hand = state.hands[seat]
    purse = len(hand) + hand.count(state.daughter)
    low = state.bid + 1
    bids = {f"b{low + jump}" for jump in JUMPS if low + jump <= purse}
    kept = [a for a in legal if a == "pass" or a in bids]
    return kept or legal[:1]


def state_points(state: GameState) -> list[float]:
    """Each seat's victory points: the strong bot's evaluation of a rollout stopped at the end
    of a round (the registry's ``values``)."""
    assert isinstance(state, HitokaiState)
    return [float(p) for p in state.points]


def state_chances(state: GameState) -> list[float]:
    """Each seat's chance to win the game from its victory points, were every later round won
    by a seat drawn at random (a round with no winner changes nothing): the strong bot's score
    of a rollout stopped at the end of a round (the registry's ``chances``). Unlike the leaders
    by victory points, it credits a trailing seat when a round goes to another trailing seat
    rather than to the leader."""
    assert isinstance(state, HitokaiState)
    return list(win_chances(tuple(state.points)))


@lru_cache(maxsize=1024)
def win_chances(points: tuple[int, ...]) -> tuple[float, ...]:
    """The chance of each seat to reach ``TARGET`` points first, every round won by a seat
    drawn at random."""
    n = len(points)
    for seat, p in enumerate(points):
        if p >= TARGET:
            return tuple(1.0 if s == seat else 0.0 for s in range(n))
    total = [0.0] * n
    for winner in range(n):
        after = tuple(p + (s == winner) for s, p in enumerate(points))
        for s, c in enumerate(win_chances(after)):
            total[s] += c / n
    return tuple(total)


def state_round(state: GameState) -> int:
    """The round a state is in: rounds are independent (every card is dealt again), so the
    strong bot's rollouts stop at the end of the round (the registry's ``horizon``)."""
    assert isinstance(state, HitokaiState)
    return state.round
